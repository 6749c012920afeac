"""Seeds of an overload family: a change to one member reaches the callers that can run it.

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
from diffreach.languages import language_for
from diffreach.languages.signature_text import arity
from diffreach.model import Change, ChangeKind, Edge, NodeKind
from diffreach.review.behavior import call_arguments

MAX_MEMBERS = 64  # as resolve/overloads.py


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
        siblings = family_members(store, c.id)
        if ChangeKind.ADDED in c.changes:
            siblings = [s for s in siblings if s not in changed]
        if not siblings:
            continue
        spec = language_for(c.file)
        bounds = arity(c.signature, spec) if c.signature else None
        name = c.id.rsplit("::", 1)[-1].rsplit(".", 1)[-1].partition("#")[0]
        for e in store.edges_to(siblings, kinds):
            if bounds is not None and not _may_bind(bounds, _count(read_lines, e, name)):
                continue
            out.append(Edge(e.source, c.id, e.kind, e.resolution, e.confidence, e.line))
    return out


def _count(read_lines: Callable[[str], list[str] | None], edge: Edge, name: str) -> int | None:
    lines = read_lines(edge.source.partition("::")[0]) or []
    return call_arguments(lines[edge.line - 1], name) if 0 < edge.line <= len(lines) else None


def _may_bind(bounds: tuple[int, int | None], count: int | None) -> bool:
    if count is None:
        return True  # not countable from the line: it may bind
    required, maximum = bounds
    return required <= count and (maximum is None or count <= maximum)


__all__ = ["family_edges", "family_members"]
