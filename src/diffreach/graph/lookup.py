"""Find a symbol the way a person names it: an id, a qualified name, or a name.

Also the lookups a question's names need (``query.named``): the definitions called by some
names, and the modules a file re-exports a name from.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from diffreach.errors import SymbolError
from diffreach.graph.store import Store
from diffreach.model import Symbol


def find_symbol(store: Store, text: str) -> Symbol:
    """The one symbol ``text`` names, or a ``SymbolError`` listing the candidates."""
    text = text.strip()
    exact = store.symbol(text)
    if exact is not None:
        return exact
    candidates = store.symbols_named(text)
    if not candidates and "::" not in text and "." in text:
        # 'module.func' or 'pkg/mod.py:func' style: match on the qualified tail.
        tail = text.rsplit(".", 1)[-1]
        candidates = [s for s in store.symbols_named(tail) if s.id.replace("/", ".").endswith(text)]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise SymbolError(f"no symbol named {text!r} in the graph")
    ids = tuple(s.id for s in candidates)
    shown = ", ".join(ids[:10]) + (f" … ({len(ids)} in all)" if len(ids) > 10 else "")
    raise SymbolError(f"{text!r} is ambiguous: {shown}", ids)


def definitions_named(conn: sqlite3.Connection, names: Iterable[str]) -> list[tuple[str, str, str]]:
    """(name, file, qualname) of every definition (no file node) called one of ``names``."""
    rows: list[tuple[str, str, str]] = []
    ordered = sorted(names)
    for i in range(0, len(ordered), 400):
        chunk = ordered[i : i + 400]
        marks = ",".join("?" * len(chunk))
        rows.extend(
            conn.execute(f"SELECT name, file, qualname FROM nodes WHERE name IN ({marks}) AND kind != 'file'", chunk)
        )
    return rows


def modules_imported_as(conn: sqlite3.Connection, file: str, alias: str) -> list[str]:
    """The modules ``file`` imports a name from under ``alias`` (what it re-exports as ``alias``)."""
    return [
        r[0]
        for r in conn.execute("SELECT module FROM imports WHERE file=? AND alias=? AND module != ''", (file, alias))
    ]
