"""Which calls of a base method reach a changed override through dispatch.

The walk puts the callers of a base method at the hop of an override that changed (a call on the
base type may run the override). Not a call bound to the base method from inside the overriding
class (``super().m()``, ``Base.m(self)``): it runs the base method, never the override. Calls on
``self`` in that class resolve to the override itself, so a method of the overriding class whose
edge lands on the base method made such a non-virtual call, unless it wrote the call on another
object, which may be one of the overriding class (graph/instances.py ``on_other_objects``;
index/dispatch.py reads the graph the same way for the callers and callees it lists). Nor a call
written on ``super`` in any class, where the language binds it statically (JLS 15.12.4.1: no dynamic
lookup; ECMA-262's ``super.m`` reads the home object's prototype; C#'s ``base``): a sibling class's
``super.m()`` runs the base method, never another subclass's override. Python's ``super()`` follows
the object's method resolution order and may reach a sibling's (``c3_lookup``): kept there.
"""

from __future__ import annotations

from diffreach.graph.instances import on_other_objects, static_super_receivers
from diffreach.graph.store import Store
from diffreach.graph.walk_queries import call_receivers
from diffreach.model import Change, Edge, NodeKind


def drop_super_calls(
    store: Store, edges: list[Edge], aliases: dict[str, set[str]], seeds: dict[str, Change]
) -> list[Edge]:
    """A call bound to a base method from inside the class that overrides it (``super().m()``)
    runs the base method, never the override: it does not reach the override's change."""
    if not aliases:
        return edges
    edges = _without_static_super(store, edges, aliases, seeds)
    syms = store.symbols({e.source for e in edges if e.target in aliases and e.target not in seeds})
    inside = [
        e
        for e in edges
        if e.target in aliases
        and e.target not in seeds
        and (s := syms.get(e.source)) is not None
        and s.kind == NodeKind.METHOD
        and s.parent in aliases[e.target]
    ]
    if not inside:
        return edges
    names = {t.id: t.name for t in store.symbols({e.target for e in inside}).values()}
    other = on_other_objects(store, {(syms[e.source], e.line, names.get(e.target, "")) for e in inside})
    dropped = {id(e) for e in inside if (e.source, e.line, names.get(e.target, "")) not in other}
    return [e for e in edges if id(e) not in dropped]


def _without_static_super(
    store: Store, edges: list[Edge], aliases: dict[str, set[str]], seeds: dict[str, Change]
) -> list[Edge]:
    """``edges`` without the calls of a base method written on ``super`` where the language binds
    them statically: they run the base method only, never an override it stands for."""
    supers = {e.source: static_super_receivers(e.source.partition("::")[0]) for e in edges if e.target in aliases}
    candidates = [e for e in edges if e.target in aliases and e.target not in seeds and supers[e.source]]
    if not candidates:
        return edges
    names = {t.id: t.name for t in store.symbols({e.target for e in candidates}).values()}
    written = call_receivers(store, {(e.source, e.line, names.get(e.target, "")) for e in candidates})
    dropped = {
        id(e)
        for e in candidates
        if (receivers := written.get((e.source, e.line, names.get(e.target, "")))) and receivers <= supers[e.source]
    }
    return [e for e in edges if id(e) not in dropped]


__all__ = ["drop_super_calls"]
