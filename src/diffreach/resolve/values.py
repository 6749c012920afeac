"""Function values: a call through a name, a table entry or a returned value, followed to the
function it holds (edges resolved ``value``).

Extraction states what a name is bound to, as bindings beside the typed ones (see
``VALUE_MARK`` in model.py): ``h = f`` → ``=f``; a lambda whose body calls ``g``, and a
``partial(g, …)``, → ``=g``; an entry of a literal table, ``T = {"x": f}`` → ``T[x]`` = ``=f``
(a list's entry by its position); what a function returns → the name ``()`` in its scope; a
rebinding to anything else → ``=`` alone. A typed binding ``x = make()`` says ``x`` holds what
``make`` returns. The rules, from how names bind in the languages covered:

- the binding that counts is the last one of the name before the call in the call's own
  scope (straight-line code), else the last one in the nearest enclosing scope that binds it
  (a module-level name called from a function of the module);
- a table entry counts only when no later binding of the table replaced it;
- ``make()`` holds a function only when every ``return`` of ``make`` names that one function;
- anything else (a parameter, a rebinding to a non-function, a value that resolves to no
  function of the repository) answers None: nothing is invented.

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

from diffreach.extract.values import CALLS_PARAMETER, PASSES_PARAMETER, argument_of, called_parameter, passed_on
from diffreach.languages.spec import LanguageSpec
from diffreach.model import (
    CONFIDENCE,
    VALUE_MARK,
    Edge,
    EdgeKind,
    NodeKind,
    Ref,
    RefKind,
    RefStatus,
    Resolution,
    ResolvedRef,
    SymRow,
)
from diffreach.resolve.fallback import NameFallback
from diffreach.resolve.records import Target

_CALLABLE = (NodeKind.FUNCTION, NodeKind.METHOD, NodeKind.CLASS)
# What became of a call whose callee is outside the repository (a library's, the language's own).
_OUTSIDE = (RefStatus.EXTERNAL, RefStatus.BUILTIN, RefStatus.UNRESOLVED)
_MAX_DEPTH = 8  # aliases of aliases; a longer chain (or a cycle, a = b; b = a) answers None
_MAX_PASSES_ON = 4  # a parameter passed on from function to function: so many calls deep
# What a file gives a plain object: o.m = function () {…}, o.C = class {…}.
GIVEN_KINDS = (NodeKind.METHOD, NodeKind.CLASS)
RETURNED = "()"  # the name of a function's return value among its bindings

# One binding: (line, what it holds: a type name, VALUE_MARK + an expression, or VALUE_MARK).
Bound = tuple[int, str]


class FunctionValues(NameFallback):
    """The layer between the by-name fallback and the resolver: what a name holds."""

    def has_values(self, path: str, name: str) -> bool:
        """Whether a call of ``name`` in ``path`` may be decided by a function value (so its
        outcome depends on its line, not only on its name and scope)."""
        if name.endswith(RETURNED):  # make()(): make may be defined in any file
            return True
        table = self._value_table(path)
        return bool(table) and (_base(name) in table or name in self._passes_of(path))

    def local_hides(self, path: str, ref: Ref, target: object) -> bool:
        """Whether a plain call's name is bound by a function around the call (a parameter, a
        local) that hides ``target``, a definition found outside that function: the call is of
        the local's value (``locals_hide_functions``). A name the file imports is left to the
        import: an import inside a function (``const {parse} = require(…)``) binds the local."""
        if not self._specs[path].locals_hide_functions or ref.name in self._import_index(path)[0]:
            return False
        found = self._binding_of(ref.scope, ref.name)
        row = self.symbol(found[0]) if found is not None else None
        if row is None or row.kind not in (NodeKind.FUNCTION, NodeKind.METHOD):
            return False
        # const f = () => …: the binding of a definition's own name lies in the definition.
        return not (isinstance(target, SymRow) and (target.id == row.id or target.id.startswith(row.id + ".")))

    def depends_on_line(self, path: str, ref: Ref) -> bool:
        """Whether a reference's outcome depends on its line, not only on its scope and names:
        a call of a value or passing one (``h()``, ``run(h)``), ``r.run()`` of ``r = this::work``."""
        return self.has_values(path, ref.name) or (bool(ref.receiver) and self.has_values(path, ref.receiver))

    def value_of_call(self, path: str, scope: str, name: str, line: int) -> tuple[SymRow, str] | None:
        """The function a call of ``name`` at ``line`` reaches through a value, with the scope
        whose binding decided it; None when no binding says."""
        return self._value_in_scope(path, scope, name, line, 0)

    def value_of_member(self, path: str, ref: Ref) -> SymRow | None:
        """``T.x()`` read as the entry ``T[x]`` of a literal table bound to ``T``."""
        if not ref.receiver.isidentifier():
            return None
        entry = f"{ref.receiver}[{ref.name}]"
        if not self.has_values(path, entry):
            return None
        held = self._value_in_scope(path, ref.scope, entry, ref.line, 0)
        return held[0] if held is not None else None

    def value_of_field(self, owner: Target | None, name: str) -> SymRow | None:
        """``x.f()`` where ``x`` is an instance of ``owner`` and a method of its class (or of a
        base, along the lookup order) stores one of the instance's methods in the attribute
        ``f`` (``self.f = self.g``): ``g`` as ``owner`` finds it; None when the class stores
        none, or several different ones."""
        if not isinstance(owner, SymRow) or owner.kind != NodeKind.CLASS:
            return None
        spec = self._specs[owner.file]
        found: set[str] = set()
        held: SymRow | None = None
        for cls in self.linearization(owner) or (owner, *self.bases(owner)):
            table = self._value_table(cls.file)
            on_prototype = self._prototype_value(cls, name, spec.prototype_names, table)
            if on_prototype is not None:  # F.prototype.f = g: what the class's instances hold
                return on_prototype
            for me in sorted(spec.self_names):
                for line, value in table.get(f"{me}.{name}", {}).get(cls.id, ()):
                    receiver, _, method = value[len(VALUE_MARK) :].rpartition(".")
                    held_here = value.startswith(VALUE_MARK) and receiver in spec.self_names
                    target = self.member(owner, method) if held_here else None
                    if not value.startswith(VALUE_MARK) and value.endswith(RETURNED):  # f = wrap(g): what it returns
                        target = self._held(cls.file, cls.id, (line, value), 0)
                    if target is None or target.kind not in (NodeKind.FUNCTION, NodeKind.METHOD):
                        return None  # something else is stored there too
                    found.add(target.id)
                    held = target
        return held if len(found) == 1 else None

    def prototype_owner(self, row: SymRow) -> bool:
        """Whether the file of the top-level function ``row`` gives its prototype a member by value
        (``F.prototype.m = g``): a constructor function, though it has no methods of its own."""
        prototypes = self._specs[row.file].prototype_names
        if row.kind != NodeKind.FUNCTION or row.parent != row.file or not prototypes:
            return False
        owners = self._prototype_owners.get(row.file)
        if owners is None:
            table = self._value_table(row.file)
            # F.prototype.m = g, and F.prototype = {m: g} (the entry F.prototype[m])
            split = (key.replace("[", ".[", 1).split(".") for key, scopes in table.items() if row.file in scopes)
            owners = frozenset(parts[0] for parts in split if len(parts) == 3 and parts[1] in prototypes)
            self._prototype_owners[row.file] = owners
        return row.name in owners

    def value_on_prototype(self, owner: SymRow, name: str) -> SymRow | None:
        """``x.name()`` where ``x`` is an instance of the constructor function ``owner`` (no
        methods of its own): the function its file assigns to ``owner.prototype.name``, or to a
        base's (``new F()`` makes an object whose prototype is ``F.prototype``, ECMA-262)."""
        spec = self._specs[owner.file]
        if not spec.prototype_names:
            return None
        for cls in (owner, *self.bases(owner)):
            held = self._prototype_value(cls, name, spec.prototype_names, self._value_table(cls.file))
            if held is not None:
                return held
        return None

    def _prototype_value(
        self, cls: SymRow, name: str, prototypes: frozenset[str], table: dict[str, dict[str, list[Bound]]]
    ) -> SymRow | None:
        """The function the file of ``cls`` last assigns to ``cls.prototype.name`` at its top
        level (``F.prototype.f = g``, or ``F.prototype = {f: g}``); None when it assigns none
        there or something else."""
        for proto in prototypes:
            member = table.get(f"{cls.name}.{proto}.{name}", {}).get(cls.file, [])
            entry = table.get(f"{cls.name}.{proto}[{name}]", {}).get(cls.file, [])
            if member or entry:
                line, value = max((*member[-1:], *entry[-1:]), key=lambda bound: bound[0])
                if not value.startswith(VALUE_MARK):
                    return None
                return self._callable(cls.file, cls.file, value[len(VALUE_MARK) :], line, 0)
        return None

    def value_of_functional_call(self, path: str, ref: Ref, spec: LanguageSpec) -> SymRow | None:
        """``r.run()`` where the language calls a function value through its interface's one
        abstract method (``functional_non_abstract``) and ``r`` holds a method reference: the
        method it holds."""
        if (
            spec.functional_non_abstract is None
            or ref.kind != RefKind.CALL
            or ref.name in spec.functional_non_abstract
            or not ref.receiver.isidentifier()
            or not self.has_values(path, ref.receiver)
        ):
            return None
        held = self._value_in_scope(path, ref.scope, ref.receiver, ref.line, 0)
        return held[0] if held is not None else None

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
        return held if held is not None and held.kind in _CALLABLE else None

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

    def _called_parameters(self, function: SymRow) -> list[tuple[str, str, str]]:
        """(the function that calls, position, name) of each parameter of ``function`` called."""
        bound = self._value_table(function.file).get(CALLS_PARAMETER, {}).get(function.id, [])
        return [called_parameter(held, function.id) for _, held in bound]

    def _passes_of(self, path: str) -> dict[str, list[tuple[str, int, str, str]]]:
        """A file's arguments that may be functions, by callee name: (scope, line, slot, argument)."""
        found = self._passes.get(path)
        if found is None:
            found = self._passes[path] = {}
            for name, by_scope in self._value_table(path).items():
                parsed = argument_of(name)
                if parsed is None:
                    continue
                for scope, bound in by_scope.items():
                    for line, held in bound:
                        found.setdefault(parsed[0], []).append((scope, line, parsed[1], held[len(VALUE_MARK) :]))
        return found

    def given_member(self, path: str, scope: str, receiver: str, name: str) -> SymRow | None:
        """``o.m`` where ``o`` is the plain object the file gives ``o.m = function () {…}`` (or
        ``o.C = class {…}``; no class of the repository) and code at ``scope`` sees the file's own
        ``o`` (no function around it binds the name: a parameter, a local): that method (class)."""
        if not receiver.isidentifier():
            return None
        found = self.child(path, f"{receiver}.{name}")
        if found is None or found.kind not in GIVEN_KINDS or found.parent != path or self.owner_class(found):
            return None
        return found if self._sees_top_level(path, scope, receiver) else None

    def _sees_top_level(self, path: str, scope: str, name: str) -> bool:
        """Whether code at ``scope`` sees the file's top-level ``name``: no function around it
        binds the name (a parameter, a local)."""
        values, typed = self._value_table(path).get(name, {}), self._bindings_by_name(path).get(name, {})
        current: str | None = scope
        while current and current != path:
            if current in values or current in typed:
                return False
            row = self.symbol(current)
            current = row.parent if row is not None else None
        return True

    def _value_table(self, path: str) -> dict[str, dict[str, list[Bound]]]:
        table = self._values.get(path)
        if table is None:
            self._bindings_by_name(path)  # fills both tables from one read of the source
            table = self._values.setdefault(path, {})
        return table

    def alias_of(self, path: str, scope: str, name: str) -> str | None:
        """The name that ``name`` copies where the scope binding it (``scope`` or one around it)
        binds it once, to a plain name (``const Utils = U``: Utils is what U is); None otherwise."""
        by_scope = self._value_table(path).get(name)
        current: str | None = scope
        while by_scope and current:
            bound = by_scope.get(current)
            if bound:
                held = bound[0][1][len(VALUE_MARK) :] if len(bound) == 1 and bound[0][1].startswith(VALUE_MARK) else ""
                return held if held.isidentifier() and held != name else None
            if current == path:
                return None
            row = self.symbol(current)
            current = row.parent if row is not None else None
        return None

    def _value_in_scope(self, path: str, scope: str, name: str, line: int, depth: int) -> tuple[SymRow, str] | None:
        if depth > _MAX_DEPTH:
            return None
        if name.endswith(RETURNED):
            callee = self._callable(path, scope, name[: -len(RETURNED)], line, depth + 1)
            returned = self._returned(callee, depth + 1) if callee is not None else None
            return (returned, scope) if returned is not None else None
        table = self._value_table(path)
        base = _base(name)
        by_scope = table.get(base)
        if not by_scope:
            return None
        current: str | None = scope
        while current:
            bound = by_scope.get(current)
            if bound:
                # In the call's own scope only what was bound before the call; an enclosing
                # scope's code has run by the time a function of it is called.
                limit = line if current == scope else None
                last = _last(bound, 0, limit)
                if last is None:
                    return None
                if name != base:  # a table's entry, bound since the table was
                    last = _last(table.get(name, {}).get(current, []), last[0], limit)
                    if last is None:
                        return None
                found = self._held(path, current, last, depth)
                return (found, current) if found is not None else None
            if current == path:
                return None
            row = self.symbol(current)
            current = row.parent if row is not None else None
        return None

    def _held(self, path: str, scope: str, bound: Bound, depth: int) -> SymRow | None:
        """What one binding holds, when it is a function of the repository."""
        line, held = bound
        if held == VALUE_MARK:
            return None
        if held.startswith(VALUE_MARK):
            return self._callable(path, scope, held[len(VALUE_MARK) :], line, depth + 1)
        # x = make(): what make returns, when make is a function (a class makes an instance).
        # A call binding is stored as its callee with emptied arguments (``make()``, see
        # extract/types.py), a stated type as the type's name.
        maker = self._callable(path, scope, held.removesuffix("()"), line, depth + 1)
        if maker is None or maker.kind == NodeKind.CLASS:
            return None
        return self._returned(maker, depth + 1) or self._wrapped(path, scope, held, line, maker, depth + 1)

    def _wrapped(self, path: str, scope: str, call: str, line: int, maker: SymRow, depth: int) -> SymRow | None:
        """``x = wrap(f)`` where ``wrap`` returns no named function but calls one of its parameters
        (in the closure it returns: ``return (...r) => fn(first, ...r)``, a memo, a debounce): the
        function the call binding ``x`` passed there, which calling ``x`` runs. None when ``wrap``
        calls several parameters or none, or the argument is no function of the repository."""
        slots = {position for _, position, _ in self._called_parameters(maker)}
        if len(slots) != 1:
            return None
        slot = slots.pop()
        callee = call.removesuffix(RETURNED).rpartition(".")[2]
        passed = [
            value
            for at, on, into, value in self._passes_of(path).get(callee, ())
            if (at, on, into) == (scope, line, slot)
        ]
        target = self._callable(path, scope, passed[0], line, depth + 1) if len(passed) == 1 else None
        return target if target is not None and target.kind in (NodeKind.FUNCTION, NodeKind.METHOD) else None

    def _callable(self, path: str, scope: str, expr: str, line: int, depth: int) -> SymRow | None:
        """The function (or class) an expression names at ``line``: a definition in scope, or
        a name that holds one."""
        if not expr.replace(".", "").isidentifier() or depth > _MAX_DEPTH:
            return None
        receiver, _, name = expr.rpartition(".")
        found = self._resolve_expr(path, scope, receiver, name)
        if found is None and receiver:  # o.b of o.b = function () {…}, o a plain object
            found = self.given_member(path, scope, receiver, name)
        if isinstance(found, SymRow):
            # A property's getter runs where it is read: the value is what it returns, not it.
            markers = self._specs[found.file].property_markers
            if markers and found.kind == NodeKind.METHOD and self.source.signature_of(found.id).startswith(markers):
                return None
            return found if found.kind in _CALLABLE else None
        members = receiver.isidentifier() and self._specs[path].value_members
        if found is None and (not receiver or members):
            # h, or o.b of a literal table o = {b: f} (its entry o[b], where members are entries).
            held = self._value_in_scope(path, scope, f"{receiver}[{name}]" if receiver else name, line, depth + 1)
            return held[0] if held is not None else None
        return None

    def _returned(self, function: SymRow, depth: int) -> SymRow | None:
        """The one function every ``return`` of ``function`` names; None when they differ or
        one returns something else."""
        if function.kind == NodeKind.CLASS:
            return None
        # Only what the return statements name: the same name holds the declared or inferred
        # return type too (``RETURNS``, resolve/types.py), which is no function value.
        bound = self._value_table(function.file).get(RETURNED, {}).get(function.id, [])
        returns = [entry for entry in bound if entry[1].startswith(VALUE_MARK)]
        if not returns:
            return None
        found = {self._held(function.file, function.id, bound, depth) for bound in returns}
        only = found.pop() if len(found) == 1 else None
        return only


def _base(name: str) -> str:
    """The name a call spells, without its entry key or call suffix: T[x] → T, make() → make."""
    return name.partition("[")[0].removesuffix(RETURNED)


def _last(bound: list[Bound], first: int, limit: int | None) -> Bound | None:
    """The last binding on a line from ``first`` up to ``limit`` (any line when None). A
    binding on the call's own line counts (h = f; h() on one line, a lambda's own body)."""
    found = None
    for entry in bound:
        if entry[0] < first:
            continue
        if limit is not None and entry[0] > limit:
            break
        found = entry
    return found
