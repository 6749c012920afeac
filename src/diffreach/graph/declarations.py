"""The ``declarations`` table read back: constants, fields, enum members and type aliases by name.

``Store.insert_file`` writes a file's rows with its nodes and ``delete_files`` removes them; this
module only reads. The review context's forward section asks for the declarations of the names a
change uses (``review/forward.py`` decides which of them a name means), and for the names each file's
imports bind, to follow a name through the files that re-export it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from diffreach.model import Declaration

__all__ = ["declarations_named", "import_bindings"]

_CHUNK = 500  # names per statement, under SQLite's limit on bound parameters


def declarations_named(conn: sqlite3.Connection, names: Iterable[str]) -> list[tuple[str, Declaration]]:
    """(file, declaration) of every declaration whose name is one of ``names``, in file and line order."""
    out: list[tuple[str, Declaration]] = []
    ordered = sorted(set(names))
    for i in range(0, len(ordered), _CHUNK):
        chunk = ordered[i : i + _CHUNK]
        sql = (
            "SELECT file, scope, name, kind, line, end_line, text FROM declarations"
            f" WHERE name IN ({','.join('?' * len(chunk))})"
        )
        out.extend((r[0], Declaration(*r[1:])) for r in conn.execute(sql, chunk))
    out.sort(key=lambda pair: (pair[0], pair[1].line, pair[1].name))
    return out


def import_bindings(conn: sqlite3.Connection, files: Iterable[str]) -> dict[str, tuple[frozenset[str], bool]]:
    """file → (the names its imports bind or re-export: each imported name and its alias, whether
    one of them is a wildcard) for each of ``files`` that imports anything."""
    found: dict[str, tuple[set[str], list[bool]]] = {}
    ordered = sorted(set(files))
    for i in range(0, len(ordered), _CHUNK):
        chunk = ordered[i : i + _CHUNK]
        sql = f"SELECT file, name, alias, wildcard FROM imports WHERE file IN ({','.join('?' * len(chunk))})"
        for file, name, alias, wildcard in conn.execute(sql, chunk):
            names, star = found.setdefault(file, (set(), [False]))
            names.update(n for n in (name, alias) if n)
            star[0] = star[0] or bool(wildcard)
    return {f: (frozenset(names), star[0]) for f, (names, star) in found.items()}
