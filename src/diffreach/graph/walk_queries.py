"""The questions the blast-radius walk (``review/impact.py``) asks the graph beyond edges.

Both read rows the store's record types do not carry as such: the call references
resolution left without a target (the callers a deleted or duck-typed contract may
still have), and the names one import statement takes from a module. Kept here so
that SQL stays in ``graph/``.
"""

from __future__ import annotations

from collections.abc import Iterable

from diffreach.graph.declarations import declarations_named
from diffreach.graph.store import Store
from diffreach.model import Edge, EdgeKind, RefKind, Resolution


def unbound_calls(store: Store, name: str, statuses: Iterable[str]) -> list[tuple[str, int, str, bool]]:
    """(scope, line, receiver, whether the scope is test code) of the calls of ``name`` whose
    reference has one of ``statuses`` (unresolved, ambiguous), in file and line order."""
    wanted = tuple(statuses)
    rows = store.conn.execute(
        "SELECT r.scope, r.line, r.receiver, coalesce(n.is_test, 0) FROM refs r LEFT JOIN nodes n ON n.id = r.scope"
        f" WHERE r.name=? AND r.status IN ({','.join('?' * len(wanted))}) AND r.kind = ? ORDER BY r.file, r.line",
        (name, *wanted, RefKind.CALL),
    ).fetchall()
    return [(str(scope), int(line), str(receiver), bool(test)) for scope, line, receiver, test in rows]


def declares_receiver(store: Store, function: str, self_names: Iterable[str]) -> bool:
    """Does ``function`` bind one of ``self_names`` in its own scope: a function declared with a
    receiver (Kotlin's ``fun T.f()``), called as a member of that receiver's type?"""
    names = tuple(self_names)
    if not names:
        return False
    row = store.conn.execute(
        f"SELECT 1 FROM bindings WHERE scope=? AND name IN ({','.join('?' * len(names))}) LIMIT 1",
        (function, *names),
    ).fetchone()
    return row is not None


def edges_of_calls_named(store: Store, name: str, kinds: Iterable[str]) -> list[Edge]:
    """The edges made from call references written with ``name`` (``Job(1)`` bound to the
    constructor ``Base.__init__`` that ``Job`` inherits), in file and line order."""
    wanted = tuple(kinds)
    rows = store.conn.execute(
        "SELECT e.source, e.target, e.kind, e.resolution, e.confidence, e.line FROM edges e"
        f" JOIN refs r ON r.id = e.ref WHERE r.name = ? AND r.kind = ? AND e.kind IN ({','.join('?' * len(wanted))})"
        " ORDER BY e.file, e.line",
        (name, RefKind.CALL, *wanted),
    ).fetchall()
    return [Edge(s, t, EdgeKind(k), Resolution(r), float(c), int(line)) for s, t, k, r, c, line in rows]


def call_receivers(store: Store, calls: Iterable[tuple[str, int, str]]) -> dict[tuple[str, int, str], set[str]]:
    """The receivers written at each (scope, line, name) call or protocol reference: what a call
    edge (its source, line and target's name) was made from."""
    wanted = set(calls)
    out: dict[tuple[str, int, str], set[str]] = {}
    for name in sorted({name for _, _, name in wanted}):
        rows = store.conn.execute(
            "SELECT scope, line, receiver FROM refs WHERE name=? AND kind IN (?, ?)",
            (name, RefKind.CALL, RefKind.PROTOCOL),
        )
        for scope, line, receiver in rows:
            key = (str(scope), int(line), name)
            if key in wanted:
                out.setdefault(key, set()).add(str(receiver))
    return out


def imports_on_line(store: Store, file: str, line: int) -> list[tuple[str, str, bool]]:
    """(name, alias, wildcard) of the imports one line of ``file`` writes."""
    rows = store.conn.execute("SELECT name, alias, wildcard FROM imports WHERE file=? AND line=?", (file, line))
    return [(str(name), str(alias), bool(wildcard)) for name, alias, wildcard in rows.fetchall()]


def declaring_files(store: Store, names: Iterable[str]) -> dict[str, set[str]]:
    """name → the files that declare it (a constant, variable, field, member or alias: no node)."""
    out: dict[str, set[str]] = {}
    for file, declaration in declarations_named(store.conn, names):
        out.setdefault(declaration.name, set()).add(file)
    return out


def wildcard_modules(store: Store, file: str) -> list[str]:
    """The module paths ``file`` takes whole (its wildcard imports), as written."""
    rows = store.conn.execute("SELECT module FROM imports WHERE file=? AND wildcard=1 ORDER BY line", (file,))
    return [str(module) for (module,) in rows]


def outermost_definition(store: Store, node_id: str) -> tuple[int, int, str] | None:
    """(first line, last line) of the outermost definition holding ``node_id`` (the node itself
    when its parent is its file), with the content hash of the file as indexed; None for a file
    node, an unknown id, or a file whose parse had syntax errors (its tree was recovered)."""
    row = store.conn.execute(
        "WITH RECURSIVE up(id, parent, file, start_line, end_line) AS ("
        " SELECT id, parent, file, start_line, end_line FROM nodes WHERE id=? AND kind != 'file'"
        " UNION ALL SELECT n.id, n.parent, n.file, n.start_line, n.end_line FROM nodes n"
        " JOIN up ON n.id = up.parent WHERE up.parent != up.file)"
        " SELECT up.start_line, up.end_line, f.hash FROM up JOIN files f ON f.path = up.file"
        " WHERE up.parent = up.file AND f.parse_errors = 0",
        (node_id,),
    ).fetchone()
    return (int(row[0]), int(row[1]), str(row[2])) if row is not None else None
