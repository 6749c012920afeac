"""Which calls of a base method reach a changed override through dispatch.

The walk puts the callers of a base method at the hop of an override that changed (a call on the
base type may run the override). Not a call bound to the base method from inside the overriding
class (``super().m()``, ``Base.m(self)``): it runs the base method, never the override. Calls on
``self`` in that class resolve to the override itself, so a method of the overriding class whose
edge lands on the base method made such a non-virtual call, unless it wrote the call on another
object, which may be one of the overriding class (graph/instances.py ``on_other_objects``;
index/dispatch.py reads the graph the same way for the callers and callees it lists).
"""

from __future__ import annotations

from diffreach.graph.instances import on_other_objects
from diffreach.graph.store import Store
from diffreach.model import Change, Edge, NodeKind


def drop_super_calls(
    store: Store, edges: list[Edge], aliases: dict[str, set[str]], seeds: dict[str, Change]
) -> list[Edge]:
    """A call bound to a base method from inside the class that overrides it (``super().m()``)
    runs the base method, never the override: it does not reach the override's change."""
    if not aliases:
        return edges
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


__all__ = ["drop_super_calls"]
