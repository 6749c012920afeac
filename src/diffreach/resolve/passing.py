"""Functions passed as arguments: the layer on ``FunctionValues`` (see ``state.py``).

A function passed as an argument (extract/arguments.py states both halves): a call of ``run``
passing ``handler`` in a slot (a position or a keyword) that ``run`` calls — its own parameter,
or one a function nested in it calls — makes an edge from that caller to ``handler``, resolved
``value``, at line 0 (the call is in another file than the reference that makes the edge, whose
lines an edit there may move). The edge belongs to the passing call's reference: an edit of
``run`` that changes what it calls re-resolves the references by ``run``'s name (its
``CALLS_PARAMETER`` binding is part of its file's interface), a change of ``handler`` the files
binding it as a value.
"""

from __future__ import annotations

from collections.abc import Iterator

from diffreach.extract.values import PASSES_PARAMETER, passed_on
from diffreach.model import (
    CONFIDENCE,
    Edge,
    EdgeKind,
    NodeKind,
    Ref,
    RefStatus,
    Resolution,
    ResolvedRef,
    SymRow,
)
from diffreach.resolve.values import CALLABLE, FunctionValues

# What became of a call whose callee is outside the repository (a library's, the language's own).
_OUTSIDE = (RefStatus.EXTERNAL, RefStatus.BUILTIN, RefStatus.UNRESOLVED)
_MAX_PASSES_ON = 4  # a parameter passed on from function to function: so many calls deep


class PassedFunctions(FunctionValues):
    """The layer between ``FunctionValues`` and ``Types``: a function passed to a callee that calls it."""

    def with_passed(self, path: str, resolved: ResolvedRef) -> ResolvedRef:
        """A resolved call, with an edge for each function it passes to a slot its callee calls."""
        ref = resolved.ref
        passes = self._passes_of(path).get(ref.name) if self._value_table(path) else None
        mine = [(slot, value) for scope, line, slot, value in passes or () if line == ref.line and scope == ref.scope]
        if not mine:
            return resolved
        edges = list(resolved.edges)
        for callee in {e.target for e in resolved.edges if e.kind in (EdgeKind.CALLS, EdgeKind.TESTS)}:
            row = self.symbol(callee)
            if row is None or row.kind not in (NodeKind.FUNCTION, NodeKind.METHOD):
                continue
            for slot, value in mine:
                for caller in self._callers_of_slot(row, slot):
                    edge = self._passed_edge(path, ref, caller, value)
                    if edge is not None and edge not in edges:
                        edges.append(edge)
        return ResolvedRef(ref, resolved.file, resolved.status, tuple(edges))

    def with_callbacks(self, path: str, resolved: ResolvedRef) -> ResolvedRef:
        """A call bound to nothing of the repository (a library's or the language's own), with an
        edge from the calling code to each function of the repository it passes: the callee is
        taken to call it (resolution ``callback``), unless the language's own callee only keeps
        it (``callback_keepers``)."""
        ref = resolved.ref
        keepers = self._specs[path].callback_keepers
        if keepers is None or ref.name in keepers or resolved.status not in _OUTSIDE:
            return resolved
        passes = self._passes_of(path).get(ref.name) if self._value_table(path) else None
        edges: list[Edge] = []
        for scope, line, _, value in passes or ():
            if line != ref.line or scope != ref.scope:
                continue
            held = self._held_before(path, ref, value)
            calling = self.symbol(ref.scope)
            if held is None or held.kind == NodeKind.CLASS or calling is None:
                continue  # a class passed is not called (new is not a call of the value)
            kind = EdgeKind.TESTS if calling.is_test and not held.is_test else EdgeKind.CALLS
            edge = Edge(ref.scope, held.id, kind, Resolution.CALLBACK, CONFIDENCE[Resolution.CALLBACK], ref.line)
            if edge not in edges:
                edges.append(edge)
        return ResolvedRef(ref, resolved.file, resolved.status, tuple(edges)) if edges else resolved

    def _held_before(self, path: str, ref: Ref, value: str) -> SymRow | None:
        """The function (or class) an argument names before the call's line: a binding on it
        is the call's own result more often than not (app = wrap(app))."""
        held = self._callable(path, ref.scope, value, ref.line - 1, 0)
        if held is None and value.isidentifier():  # a function of a class body, passed in it (a decorated method)
            held = self.child(ref.scope, value)
        return held if held is not None and held.kind in CALLABLE else None

    def _passed_edge(self, path: str, ref: Ref, caller: str, value: str) -> Edge | None:
        held = self._held_before(path, ref, value)
        calling = self.symbol(caller)
        if held is None or calling is None:
            return None
        target = self._constructor(held) if held.kind == NodeKind.CLASS else held
        kind = EdgeKind.TESTS if calling.is_test and not target.is_test else EdgeKind.CALLS
        return Edge(caller, target.id, kind, Resolution.VALUE, CONFIDENCE[Resolution.VALUE], 0)

    def _callers_of_slot(self, function: SymRow, slot: str) -> tuple[str, ...]:
        """``_slot_callers`` from the top, sorted, kept for the resolver's life when it met no
        cycle (asked at each call that passes a function to ``function``; with_passed asks with
        no guard open)."""
        key = (function.id, slot)
        final, cycles = self._no_guard_open(), self._member_cycles
        if final and key in self._slot_callers_of:
            return self._slot_callers_of[key]
        found = tuple(sorted(set(self._slot_callers(function, slot, 0))))
        if final and self._member_cycles == cycles:
            self._slot_callers_of[key] = found
        return found

    def _slot_callers(self, function: SymRow, slot: str, depth: int) -> Iterator[str]:
        """The functions that call what a call of ``function`` passes in ``slot``: its own (or
        a nested function's) call of the parameter, and where it passes the parameter on to
        another function (``PASSES_PARAMETER``), what that one does with it, a few calls deep."""
        for caller, position, name in self._called_parameters(function):
            if slot in (position, name):
                yield caller
        if depth >= _MAX_PASSES_ON:
            return
        bound = self._value_table(function.file).get(PASSES_PARAMETER, {}).get(function.id, [])
        for line, held in bound:
            position, name, callee, onward, scope = passed_on(held)
            if slot not in (position, name):
                continue
            target = self._callable(function.file, scope, callee, line, 0)
            if target is not None and target.kind in (NodeKind.FUNCTION, NodeKind.METHOD) and target.id != function.id:
                yield from self._slot_callers(target, onward, depth + 1)
