"""What an incremental update reads of the stored graph, and the mtimes a run records.

The updater (``index/update.py``) decides what a change can affect; this module
holds the SQL it decides with: a file's stored facts as other files' resolution
sees them, a file's stored environment and reference outcomes (reused when
only bodies changed), the references in sight of a set of names, the classes
that inherit from a class, and the references to resolve again. Each function
reads one thing and says so in its name; none decides anything.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from diffreach.graph.store import Store
from diffreach.model import IMPLEMENTS, NARROWED, Binding, FileExtract, Import, Ref, RefKind, Symbol

# A file as resolving its references reads it: symbols in order, imports, bindings, bases,
# language and package; rows in the shape ``stored_environment`` reads them.
Environment = tuple[list[tuple[object, ...]], ...]
# An edge of a reference as stored: source, target, kind, resolution, confidence, line.
StoredEdge = tuple[str, str, str, str, float, int]
# (scope, kind, name, receiver) → (status, line, edges as stored): a file's reference outcomes.
Outcomes = dict[tuple[str, str, str, str, int], tuple[str, int, list[StoredEdge]]]


@dataclass(frozen=True, slots=True)
class StoredFacts:
    """What other files' resolution can read of one stored file (no lines, no bodies)."""

    symbols: list[Symbol]
    imports: list[Import]
    bindings: list[Binding]
    inherits: list[Ref]
    file_info: tuple[object, ...]  # (language, package); empty when the file is not stored


def stored_facts(store: Store, path: str) -> StoredFacts:
    """A stored file's symbols (ids, kinds, names, parents, signatures), imports, bindings, base-class
    references, language and package; lines are left 0 (the interface reads none)."""
    conn = store.conn
    symbols = [
        Symbol(r[0], r[1], r[2], "", path, 0, 0, signature=r[4], parent=r[3])
        for r in conn.execute("SELECT id, kind, name, parent, signature FROM nodes WHERE file=?", (path,))
    ]
    imports = [
        Import(r[0], r[1], r[2], 0, bool(r[3]), bool(r[4]))
        for r in conn.execute("SELECT module, name, alias, wildcard, program_wide FROM imports WHERE file=?", (path,))
    ]
    bindings = [
        Binding(r[0], r[1], r[2], 0)
        for r in conn.execute("SELECT scope, name, type_name FROM bindings WHERE file=?", (path,))
    ]
    inherits = [
        Ref(r[0], RefKind.INHERIT, r[1], r[2], 0)
        for r in conn.execute("SELECT scope, name, receiver FROM refs WHERE file=? AND kind=?", (path, RefKind.INHERIT))
    ]
    row = conn.execute("SELECT language, package FROM files WHERE path=?", (path,)).fetchone()
    return StoredFacts(symbols, imports, bindings, inherits, tuple(row) if row else ())


def stored_environment(store: Store, path: str) -> Environment:
    """What resolving a stored file's references reads of the file itself (see ``Environment``)."""
    conn = store.conn
    return (
        conn.execute(
            "SELECT id, kind, name, parent, is_test FROM nodes WHERE file=? ORDER BY start_line, end_line DESC, id",
            (path,),
        ).fetchall(),
        conn.execute(
            "SELECT module, name, alias, wildcard, program_wide FROM imports WHERE file=? ORDER BY rowid", (path,)
        ).fetchall(),
        conn.execute("SELECT scope, name, type_name FROM bindings WHERE file=? ORDER BY rowid", (path,)).fetchall(),
        conn.execute(
            "SELECT scope, kind, name, receiver FROM refs WHERE file=? AND kind=? ORDER BY id",
            (path, RefKind.INHERIT),
        ).fetchall(),
        conn.execute("SELECT language, package FROM files WHERE path=?", (path,)).fetchall(),
    )


def extract_environment(fx: FileExtract) -> Environment:
    """``stored_environment`` of an extract before it is written: equal when the file's names
    in sight are as stored (kept beside the queries whose column order it mirrors)."""
    symbols = sorted(fx.symbols, key=lambda s: (s.start_line, -s.end_line, s.id))
    return (
        [(s.id, s.kind, s.name, s.parent, int(s.is_test)) for s in symbols],
        [(i.module, i.name, i.alias, int(i.wildcard), int(i.program_wide)) for i in fx.imports],
        [(b.scope, b.name, b.type_name) for b in fx.bindings],
        [(r.scope, r.kind, r.name, r.receiver) for r in fx.refs if r.kind == RefKind.INHERIT],
        [(fx.language, fx.package)],
    )


def stored_outcomes(store: Store, path: str) -> Outcomes:
    """A stored file's reference outcomes by (scope, kind, name, receiver, args), the first of each
    (a call's argument count may pick another overload)."""
    conn = store.conn
    edges: dict[int, list[StoredEdge]] = {}
    for row in conn.execute(
        "SELECT ref, source, target, kind, resolution, confidence, line FROM edges"
        " WHERE file=? AND ref IS NOT NULL ORDER BY rowid",
        (path,),
    ):
        edges.setdefault(row[0], []).append(row[1:])
    outcomes: Outcomes = {}
    for ref_id, scope, kind, name, receiver, line, status, args in conn.execute(
        "SELECT id, scope, kind, name, receiver, line, status, args FROM refs WHERE file=?", (path,)
    ):
        outcomes.setdefault((scope, kind, name, receiver, args), (status, line, edges.get(ref_id, [])))
    return outcomes


def import_edge_targets(store: Store, path: str) -> set[str]:
    """The files a stored file's import edges point at."""
    return {r[0] for r in store.conn.execute("SELECT target FROM edges WHERE file=? AND ref IS NULL", (path,))}


def importers(store: Store, paths: Iterable[str]) -> set[str]:
    """The files with an import edge to one of ``paths``."""
    found: set[str] = set()
    for path in paths:
        found.update(r[0] for r in store.conn.execute("SELECT file FROM edges WHERE target=? AND ref IS NULL", (path,)))
    return found


def direct_subclasses(store: Store, cls: str) -> list[str]:
    """The classes with an ``inherits`` edge to ``cls``."""
    return [r[0] for r in store.conn.execute("SELECT source FROM edges WHERE target=? AND kind='inherits'", (cls,))]


def inherit_ref_ids(store: Store, cls: str) -> list[int]:
    """The ids of a class's base-class references."""
    path = cls.split("::", 1)[0]
    return [
        r[0] for r in store.conn.execute("SELECT id FROM refs WHERE file=? AND scope=? AND kind='inherit'", (path, cls))
    ]


def ref_ids_of_file(store: Store, path: str) -> list[int]:
    return [r[0] for r in store.conn.execute("SELECT id FROM refs WHERE file=?", (path,))]


def refs_by_id(store: Store, ids: Iterable[int]) -> list[tuple[int, str, Ref, bool]]:
    """(id, file, reference, whether its scope is test code) of these stored references."""
    rows: list[tuple[int, str, Ref, bool]] = []
    for chunk in _chunks(sorted(ids), 500):
        marks = ",".join("?" * len(chunk))
        rows.extend(
            (r[0], r[1], Ref(r[2], r[3], r[4], r[5], r[6], r[8]), bool(r[7]))
            for r in store.conn.execute(
                f"SELECT refs.id, refs.file, refs.scope, refs.kind, refs.name, refs.receiver, refs.line,"
                f" COALESCE(nodes.is_test, files.is_test), refs.args FROM refs JOIN files ON files.path=refs.file"
                f" LEFT JOIN nodes ON nodes.id=refs.scope WHERE refs.id IN ({marks})",
                chunk,
            )
        )
    return rows


def refs_in_sight_by_queries(
    conn: sqlite3.Connection, names: set[str], attributes: set[str]
) -> tuple[set[int], set[str]]:
    """The references in sight of ``names`` and ``attributes`` and the files binding a type of
    such a name (``index/update.py``'s ``_in_sight`` says which), by two queries per name and
    one per attribute: for a few names."""
    files = {
        r[0]
        for name in names
        for r in conn.execute(
            "SELECT DISTINCT file FROM bindings WHERE type_name IN (?, ?, ?) OR type_name LIKE ? OR type_name LIKE ?",
            (name, IMPLEMENTS + name, name + NARROWED, f"%.{name}", f"%.{name}{NARROWED}"),
        )
    }
    ids = {r[0] for name in names for r in conn.execute("SELECT id FROM refs WHERE name=?", (name,))}
    ids.update(
        r[0]
        for name in names
        for r in conn.execute("SELECT id FROM refs WHERE receiver=? OR receiver LIKE ?", (name, f"{name}.%"))
    )
    ids.update(
        r[0]
        for attr in attributes
        for r in conn.execute(
            "SELECT id FROM refs WHERE receiver LIKE ? OR receiver LIKE ?", (f"%.{attr}", f"%.{attr}.%")
        )
    )
    return ids, files


def refs_in_sight_in_one_pass(
    conn: sqlite3.Connection, names: set[str], attributes: set[str]
) -> tuple[set[int], set[str]]:
    """``refs_in_sight_by_queries`` in one pass over the bindings and the references: for many
    names (none dotted: the pass compares dot-separated parts)."""
    low_names = {n.lower() for n in names}
    low_attributes = {a.lower() for a in attributes}
    files = {
        file
        for file, written in conn.execute("SELECT file, type_name FROM bindings")
        if (type_name := written.removeprefix(IMPLEMENTS).removesuffix(NARROWED)) in names
        or ("." in type_name and type_name.rsplit(".", 1)[1].lower() in low_names)
    }
    ids = set()
    for ref_id, name, receiver in conn.execute("SELECT id, name, receiver FROM refs"):
        if name in names or receiver in names:
            ids.add(ref_id)
        elif receiver and "." in receiver:
            parts = receiver.lower().split(".")
            if parts[0] in low_names or not low_attributes.isdisjoint(parts[1:]):
                ids.add(ref_id)
    return ids, files


def set_mtimes(store: Store, mtimes: Iterable[tuple[str, int]]) -> None:
    """Record new mtimes of files whose content did not change: (path, mtime_ns) pairs."""
    store.conn.executemany("UPDATE files SET mtime_ns=? WHERE path=?", [(m, p) for p, m in mtimes])


def _chunks(items: list[int], size: int) -> Iterator[list[int]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


__all__ = [
    "Environment",
    "Outcomes",
    "StoredEdge",
    "StoredFacts",
    "direct_subclasses",
    "extract_environment",
    "import_edge_targets",
    "inherit_ref_ids",
    "ref_ids_of_file",
    "refs_by_id",
    "refs_in_sight_by_queries",
    "refs_in_sight_in_one_pass",
    "set_mtimes",
    "stored_environment",
    "stored_facts",
    "stored_outcomes",
]


def bindings_named(store: Store, name: str) -> list[tuple[str, str]]:
    """(scope, type) of every binding of one name (the few made by a marker name such as
    ``extract/values.py``'s ``PASSES_PARAMETER``)."""
    return list(store.conn.execute("SELECT scope, type_name FROM bindings WHERE name=?", (name,)))
