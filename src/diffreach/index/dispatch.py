"""Dispatch in the graph's own words: who reaches an override through its base method.

Resolution files a call on a base type as a call of the base method and completes dispatch with a
``dynamic`` edge ``Base.m → Sub.m`` (an override, an interface implementation). Read literally,
that says ``Base.m`` calls ``Sub.m``; what it means is that every caller of ``Base.m`` may run
``Sub.m``. This module turns the pair into that statement for the readers (callers, callees, the
graph dump), as the blast-radius walk already does: a caller of the base reaches the override
through dispatch, ``via`` the base.

One rule of every language with ``super``: a call bound to the base method from inside the class
that overrides it (``super().m()``, ``Base.m(self)``, a sibling's ``super.m()``) runs the base
method, never the override; such a caller is not a dispatch caller of that override. A call on
``super`` itself binds statically to the method the superclass's lookup finds (JLS 15.12.4.1:
no dynamic lookup), so it reaches no override at all, a sibling class's neither; Python's
``super()`` looks after the caller's class in the object's MRO, so there it never reaches an
override in the caller's class or below it (``C(B)`` overriding the ``m`` that
``B.m``'s ``super().m()`` calls in ``A``); Python's cooperative ``super()`` may still reach a
sibling's (``class D(B, C)``: after B comes C). Calls on
``self``/``this`` in that class resolve to the override directly, so a caller inside the
overriding class whose edge lands on the base method made an explicit, non-virtual call, unless
it wrote the call on another object (a parameter or field of the base type), which may be one
of that class too (graph/instances.py ``on_other_objects``).
Overrides in test code are reached only from test code (as in the walk): code outside the tests
dispatches to a test's fake only while the tests run.

A call on ``self``/``this`` (or, where bare names are members, on nothing) in a method of class
``K`` has a receiver that is a ``K`` or a subclass of ``K``: it reaches an override only in a
class that descends from ``K``, never one in a sibling branch of the hierarchy. The receiver is
read from the reference the edge was made from; a receiver of any other kind may be anything
its type allows, and every override stays, except one of a class that no object can be an
instance of (graph/instances.py: Java's package-private class that nothing constructs).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from diffreach.graph.instances import class_ancestors, idle_overrides, on_other_objects, static_super_receivers
from diffreach.graph.store import Store
from diffreach.graph.walk_queries import call_receivers
from diffreach.languages import language_for
from diffreach.model import Edge, EdgeKind, NodeKind, Symbol

MAX_DEPTH = 6  # base-of-base chains followed upwards (as resolution's base-class walks)


@dataclass(frozen=True, slots=True)
class Dispatched:
    """``edge`` (caller → ``base``) reaches ``override`` through dispatch."""

    edge: Edge
    base: str
    override: str


def bases_of(store: Store, overrides: Iterable[str]) -> dict[str, list[str]]:
    """Each override → the base methods that dispatch to it, nearest first, transitively."""
    return _along_dynamic(store, overrides, backward=True)


def overrides_of(store: Store, bases: Iterable[str]) -> dict[str, list[str]]:
    """Each base method → the overrides it dispatches to, transitively."""
    return _along_dynamic(store, bases, backward=False)


def _along_dynamic(store: Store, starts: Iterable[str], backward: bool) -> dict[str, list[str]]:
    """Each start → the methods ``dynamic`` edges lead to from it (to its bases when
    ``backward``), nearest first, at most ``MAX_DEPTH`` levels."""
    out: dict[str, list[str]] = {}
    for start in dict.fromkeys(starts):
        seen: list[str] = []
        todo = [start]
        for _ in range(MAX_DEPTH):
            if backward:
                found = {e.source for e in store.edges_to(todo, (EdgeKind.DYNAMIC,))}
            else:
                found = {e.target for e in store.edges_from(todo, (EdgeKind.DYNAMIC,))}
            todo = sorted(m for m in found if m != start and m not in seen)
            if not todo:
                break
            seen.extend(todo)
        if seen:
            out[start] = seen
    return out


def dispatch_callers(store: Store, override: str, kinds: Iterable[str]) -> list[Dispatched]:
    """The callers that reach ``override`` through one of its base methods."""
    bases = bases_of(store, [override]).get(override, [])
    if not bases:
        return []
    edges = store.edges_to(bases, kinds)
    syms = store.symbols([override, *bases, *(e.source for e in edges)])
    found = [
        Dispatched(e, e.target, override)
        for e in sorted(edges, key=lambda e: (e.source, e.target, e.line))
        if _runs(syms, e.source, e.target, override)
    ]
    return _within_self(store, _own_class(store, _on_instances(store, found), syms), syms)


def dispatch_callees(store: Store, calls: list[Edge]) -> list[Dispatched]:
    """The overrides that the calls in ``calls`` (one caller's) may run through dispatch."""
    table = overrides_of(store, [e.target for e in calls])
    if not table:
        return []
    syms = store.symbols({*(e.source for e in calls), *table, *(o for os in table.values() for o in os)})
    found = [
        Dispatched(e, e.target, override)
        for e in calls
        for override in table.get(e.target, ())
        if _runs(syms, e.source, e.target, override)
    ]
    return _within_self(store, _own_class(store, _on_instances(store, found), syms), syms)


def all_dispatch(store: Store, kinds: Iterable[str]) -> list[Dispatched]:
    """Every (caller, override) pair that dispatch makes, for the graph dump."""
    kinds = tuple(kinds)
    dynamic = [e for e in store.all_edges() if e.kind == EdgeKind.DYNAMIC]
    table = overrides_of(store, sorted({e.source for e in dynamic}))
    out: list[Dispatched] = []
    for base in sorted(table):
        calls = store.edges_to([base], kinds)
        out.extend(dispatch_callees(store, calls))
    return sorted(set(out), key=lambda d: (d.edge.source, d.override, d.base, d.edge.line))


def _runs(syms: dict[str, Symbol], caller: str, base: str, override: str) -> bool:
    """Does a call from ``caller`` bound to ``base`` run ``override``?"""
    me, over, root = syms.get(caller), syms.get(override), syms.get(base)
    if me is None or over is None:
        return False
    if caller == override:
        return False  # its own call of the base: super().m(), or a recursion through another object
    # A test's fake runs only under the tests.
    return not over.is_test or me.is_test or (root is not None and root.is_test)


def _on_instances(store: Store, found: list[Dispatched]) -> list[Dispatched]:
    """``found`` without the pairs whose override belongs to a class no object can be an
    instance of (graph/instances.py): no receiver ever runs it."""
    idle = idle_overrides(store, [(d.base, d.override) for d in found])
    return [d for d in found if (d.base, d.override) not in idle] if idle else found


def _own_class(store: Store, found: list[Dispatched], syms: dict[str, Symbol]) -> list[Dispatched]:
    """``found`` without the pairs whose caller belongs to the override's class and calls the base
    method on the object it runs on or through ``super`` (``super().m()``, ``Base.m(self)``): the
    base method runs there. A call of that class on another object (a parameter of the base type)
    may reach an object of the class itself, and keeps the pair (graph/instances.py)."""
    inside = [
        d for d in found if (me := syms.get(d.edge.source)) is not None and _class_of(me) == syms[d.override].parent
    ]
    if not inside:
        return found
    other = on_other_objects(store, {(syms[d.edge.source], d.edge.line, syms[d.base].name) for d in inside})
    return [
        d
        for d in found
        if _class_of(syms[d.edge.source]) != syms[d.override].parent
        or (d.edge.source, d.edge.line, syms[d.base].name) in other
    ]


def _within_self(store: Store, found: list[Dispatched], syms: dict[str, Symbol]) -> list[Dispatched]:
    """``found`` without the pairs whose call is on ``self`` in a class the override's class does
    not descend from (a sibling's override never runs for that ``self``)."""
    methods = [d for d in found if d.edge.source in syms and _class_of(syms[d.edge.source]) is not None]
    if not methods:
        return found
    receivers = call_receivers(store, {(d.edge.source, d.edge.line, syms[d.base].name) for d in methods})
    ancestors: dict[str, set[str]] = {}
    out = []
    for d in found:
        me, over = syms.get(d.edge.source), syms[d.override]
        cls = _class_of(me) if me is not None else None
        written = receivers.get((d.edge.source, d.edge.line, syms[d.base].name), set()) if cls else set()
        on_super = me is not None and bool(written) and written <= _super_receivers(me.file)
        static = on_super and me is not None and bool(static_super_receivers(me.file))
        on_self = me is not None and cls is not None and bool(written) and written <= _self_receivers(me.file)
        if (on_self or on_super) and over.parent is not None and over.parent not in ancestors:
            ancestors[over.parent] = class_ancestors(store, over.parent)
        if on_self and (over.parent is None or cls not in ancestors[over.parent]):
            continue  # self there is a cls, never an instance of the override's class
        if on_super and (static or over.parent == cls or cls in ancestors.get(over.parent or "", ())):
            # super.m() binds statically (JLS 15.12.4.1) to the base's m, never an override; Python's
            # super().m() runs what comes after cls in the object's MRO, never an override below it.
            continue
        out.append(d)
    return out


def _self_receivers(path: str) -> frozenset[str]:
    """The receivers that mean the object a method runs on: ``self``, ``this``; and "" where a
    bare name may be a member (Java's ``m()`` is ``this.m()``)."""
    spec = language_for(path)
    if spec is None:
        return frozenset()
    return spec.self_names | ({""} if spec.implicit_self else frozenset())


def _super_receivers(path: str) -> frozenset[str]:
    """The receivers that name the superclass's view of the object (``super()``, ``super``)."""
    spec = language_for(path)
    return spec.super_names if spec is not None else frozenset()


def _class_of(sym: Symbol) -> str | None:
    """The class a method belongs to (its parent); a nested function's is not looked up."""
    return sym.parent if sym.kind == NodeKind.METHOD else None


__all__ = ["Dispatched", "all_dispatch", "bases_of", "dispatch_callees", "dispatch_callers", "overrides_of"]
