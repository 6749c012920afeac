"""The SQL of the edges derived after each index: structural interfaces, configured registries and
functional interfaces.

Those edges belong to no source file: each kind is stored under a pseudo-file
(``:structural``, ``:config``, ``:functional``) and recomputed whole from the graph, which keeps
an incremental update equal to a full rebuild. ``index/interfaces.py`` and
``index/registries.py`` decide which edges there are; this module reads what
they decide from and replaces the stored set.
"""

from __future__ import annotations

from collections.abc import Iterable

from diffreach.graph.store import Store
from diffreach.model import VALUE_MARK, Edge, NodeKind

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


def passed_values(store: Store, languages: Iterable[str]) -> list[tuple[str, str, str]]:
    """(scope, binding name, held) of what calls pass that may be a function (``callee(slot)`` bound
    to VALUE_MARK + the argument, extract/values.py), in the files of these languages."""
    languages = list(languages)
    marks = ",".join("?" * len(languages))
    return store.conn.execute(
        f"SELECT b.scope, b.name, b.type_name FROM bindings b JOIN files f ON f.path = b.file"
        f" WHERE f.language IN ({marks}) AND b.name LIKE '%)' AND substr(b.type_name, 1, 1) = ?",
        [*languages, VALUE_MARK],
    ).fetchall()


def targets_named(store: Store, source: str, kinds: Iterable[str], name: str) -> list[tuple[str, str]]:
    """(id, kind) of the nodes named ``name`` that ``source``'s edges of these kinds reach."""
    kinds = list(kinds)
    marks = ",".join("?" * len(kinds))
    return store.conn.execute(
        f"SELECT DISTINCT n.id, n.kind FROM edges e JOIN nodes n ON n.id = e.target"
        f" WHERE e.source = ? AND e.kind IN ({marks}) AND n.name = ? ORDER BY n.id",
        [source, *kinds, name],
    ).fetchall()


def scope_bindings(store: Store, scope: str) -> dict[str, str]:
    """Name → declared type of the bindings of one scope (a function's parameters among them)."""
    rows = store.conn.execute(
        "SELECT name, type_name FROM bindings WHERE file = ? AND scope = ?", (scope.partition("::")[0], scope)
    )
    return dict(rows.fetchall())


def signature(store: Store, node: str) -> str:
    row = store.conn.execute("SELECT signature FROM nodes WHERE id = ?", (node,)).fetchone()
    return str(row[0]) if row else ""


def classes_named(store: Store, name: str, languages: Iterable[str]) -> list[tuple[str, str, str, str]]:
    """(id, file, signature, language) of the classes named ``name`` in files of these languages."""
    languages = list(languages)
    marks = ",".join("?" * len(languages))
    return store.conn.execute(
        f"SELECT n.id, n.file, n.signature, f.language FROM nodes n JOIN files f ON f.path = n.file"
        f" WHERE n.name = ? AND n.kind = ? AND f.language IN ({marks}) ORDER BY n.id",
        [name, NodeKind.CLASS, *languages],
    ).fetchall()


def methods_of_class(store: Store, cls: str) -> list[tuple[str, str]]:
    """(id, signature) of the methods a class declares itself."""
    return store.conn.execute(
        "SELECT id, signature FROM nodes WHERE file = ? AND parent = ? AND kind = ? ORDER BY id",
        (cls.partition("::")[0], cls, NodeKind.METHOD),
    ).fetchall()


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
    "classes_named",
    "derived_edge_pairs",
    "edge_pairs_of_kind",
    "has_files_in",
    "methods_of_class",
    "passed_values",
    "replace_derived_edges",
    "scope_at_line",
    "scope_bindings",
    "signature",
    "targets_named",
]
