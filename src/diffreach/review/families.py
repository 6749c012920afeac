"""Seeds of an overload family: a change to one member reaches the callers that can run it.

Rust's ``#[cfg]`` alternatives in sibling modules taken whole by one module (``glob_twins``) are
such a family too: a call through the re-export binds to the first, and may run either.

Resolution binds a call to the members of a family it can run (``resolve/overloads.py``): the
implementation behind Python's ``@overload`` stubs and TypeScript's signatures, the member whose
parameter count fits in Java or C#. A change to a member is still a change for the callers bound
to the others when their call could bind to it: a stub's changed signature is the contract the
implementation's callers are checked against, and a call that no arity decided may run any
member. So the callers of the other members of a changed member's family are its callers too,
unless the call site's argument count (read from its line) is one the changed member refuses.
A member that was only added does not take the callers of a sibling that changed too: they are
judged against that sibling's own change, which weighs the family it now has (a function that
gains ``@overload`` stubs: its callers are the implementation's, checked per call).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from diffreach.graph.store import Store
from diffreach.graph.walk_queries import wildcard_modules
from diffreach.languages import language_for
from diffreach.languages.signature_text import arity
from diffreach.model import Change, ChangeKind, Edge, EdgeKind, NodeKind
from diffreach.review.behavior import call_arguments

MAX_MEMBERS = 64  # as resolve/classes.py


def family_members(store: Store, sid: str) -> list[str]:
    """The other members of ``sid``'s family (``f``, ``f#2``, …), in source order."""
    base = sid.partition("#")[0]
    found = store.symbols([base, *(f"{base}#{n}" for n in range(2, MAX_MEMBERS + 1))])
    return [m for m in (base, *(f"{base}#{n}" for n in range(2, MAX_MEMBERS + 1))) if m in found and m != sid]


def family_edges(
    store: Store,
    seeds: Iterable[Change],
    kinds: tuple[str, ...],
    read_lines: Callable[[str], list[str] | None],
) -> list[Edge]:
    """Edges from the callers of each changed member's siblings, retargeted at the member."""
    out: list[Edge] = []
    seeds = list(seeds)
    changed = {c.id for c in seeds if ChangeKind.ADDED not in c.changes}
    for c in seeds:
        if "::" not in c.id or c.kind not in (NodeKind.FUNCTION, NodeKind.METHOD):
            continue
        spec = language_for(c.file)
        members = family_members(store, c.id)
        if ChangeKind.ADDED in c.changes:
            members = [m for m in members if m not in changed]
        twins = set(glob_twins(store, c.id)) if spec and spec.overload_alternatives else set()
        if not members and not twins:
            continue
        bounds = arity(c.signature, spec) if c.signature else None
        name = c.id.rsplit("::", 1)[-1].rsplit(".", 1)[-1].partition("#")[0]
        for e in store.edges_to([*members, *sorted(twins)], kinds):
            if e.target in twins and e.source.partition("::")[0] == e.target.partition("::")[0]:
                continue  # a twin's own module calls it by its own name, not through the re-export
            if bounds is not None and not _may_bind(bounds, _count(read_lines, e, name)):
                continue
            out.append(Edge(e.source, c.id, e.kind, e.resolution, e.confidence, e.line))
    return out


def glob_twins(store: Store, sid: str) -> list[str]:
    """The same item in the other modules a module takes whole beside ``sid``'s file (``pub use
    self::unix::*;`` and ``pub use self::windows::*;``): two wildcards that both bind a name
    clash where it is used, so where code uses it they are alternatives (Rust's ``#[cfg]``
    platforms) and a call through the re-export may run either. A module is known by the last
    segment of the path written (``self::unix``: the file unix.rs or unix/mod.rs)."""
    file, _, qualified = sid.partition("::")
    spec = language_for(file)
    if not qualified or spec is None:
        return []
    twins: set[str] = set()
    for into in store.edges_to([file], (EdgeKind.IMPORTS,)):
        taken = {m.rsplit(spec.module_separator, 1)[-1] for m in wildcard_modules(store, into.source)}
        if len(taken) < 2 or _module_name(file, spec.package_index_names) not in taken:
            continue
        for other in store.edges_from([into.source], (EdgeKind.IMPORTS,)):
            if other.target != file and _module_name(other.target, spec.package_index_names) in taken:
                twins.add(f"{other.target}::{qualified}")
    found = store.symbols(sorted(twins))
    return sorted(t for t in twins if t in found)


def _module_name(path: str, index_names: frozenset[str]) -> str:
    """A file's module name: its stem, or its directory's name for an index file (mod.rs)."""
    parts = path.rsplit("/", 2)
    stem = parts[-1].rsplit(".", 1)[0]
    return parts[-2] if stem in index_names and len(parts) > 1 else stem


def _count(read_lines: Callable[[str], list[str] | None], edge: Edge, name: str) -> int | None:
    lines = read_lines(edge.source.partition("::")[0]) or []
    return call_arguments(lines[edge.line - 1], name) if 0 < edge.line <= len(lines) else None


def _may_bind(bounds: tuple[int, int | None], count: int | None) -> bool:
    if count is None:
        return True  # not countable from the line: it may bind
    required, maximum = bounds
    return required <= count and (maximum is None or count <= maximum)


__all__ = ["family_edges", "family_members", "glob_twins"]
