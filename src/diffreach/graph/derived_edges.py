"""The SQL of the edges derived after each index: structural interfaces and configured registries.

Those edges belong to no source file: each kind is stored under a pseudo-file
(``:structural``, ``:config``) and recomputed whole from the graph, which keeps
an incremental update equal to a full rebuild. ``index/interfaces.py`` and
``index/registries.py`` decide which edges there are; this module reads what
they decide from and replaces the stored set.
"""

from __future__ import annotations

from collections.abc import Iterable

from diffreach.graph.store import Store
from diffreach.model import Edge, NodeKind

# A class or method of a file in one of the asked languages:
# id, kind, name, qualname, parent, file, signature, language.
TypeRow = tuple[str, str, str, str, str | None, str, str, str]


def has_files_in(store: Store, languages: Iterable[str]) -> bool:
    """Whether any indexed file is in one of these languages."""
    languages = list(languages)
    marks = ",".join("?" * len(languages))
    return (
        store.conn.execute(f"SELECT 1 FROM files WHERE language IN ({marks}) LIMIT 1", languages).fetchone() is not None
    )


def classes_and_methods_in(store: Store, languages: Iterable[str]) -> list[TypeRow]:
    """Every class and method of the files in these languages (see ``TypeRow``)."""
    languages = list(languages)
    marks = ",".join("?" * len(languages))
    return store.conn.execute(
        f"SELECT n.id, n.kind, n.name, n.qualname, n.parent, n.file, n.signature, f.language"
        f" FROM nodes n JOIN files f ON f.path = n.file WHERE f.language IN ({marks}) AND n.kind IN (?, ?)",
        [*languages, NodeKind.CLASS, NodeKind.METHOD],
    ).fetchall()


def edge_pairs_of_kind(store: Store, kind: str) -> list[tuple[str, str]]:
    """(source, target) of every stored edge of this kind."""
    return store.conn.execute("SELECT source, target FROM edges WHERE kind=?", (kind,)).fetchall()


def scope_at_line(store: Store, path: str, line: int) -> str:
    """The innermost symbol of ``path`` whose lines hold ``line``; the file at module level."""
    row = store.conn.execute(
        "SELECT id FROM nodes WHERE file=? AND kind!='file' AND start_line<=? AND end_line>=?"
        " ORDER BY start_line DESC, end_line ASC LIMIT 1",
        (path, line, line),
    ).fetchone()
    return str(row[0]) if row else path


def derived_edge_pairs(store: Store, pseudo_file: str) -> list[tuple[str, str]]:
    """(source, target) of the stored edges of a pseudo-file, sorted."""
    return sorted(store.conn.execute("SELECT source, target FROM edges WHERE file=?", (pseudo_file,)).fetchall())


def replace_derived_edges(store: Store, pseudo_file: str, edges: Iterable[Edge]) -> None:
    """The stored edges of a pseudo-file replaced by ``edges`` (inside the caller's transaction)."""
    store.conn.execute("DELETE FROM edges WHERE file=?", (pseudo_file,))
    store.conn.executemany(
        "INSERT INTO edges(source, target, kind, resolution, confidence, line, file, ref) VALUES (?,?,?,?,?,?,?,NULL)",
        [(e.source, e.target, e.kind, e.resolution, e.confidence, e.line, pseudo_file) for e in edges],
    )


__all__ = [
    "TypeRow",
    "classes_and_methods_in",
    "derived_edge_pairs",
    "edge_pairs_of_kind",
    "has_files_in",
    "replace_derived_edges",
    "scope_at_line",
]
