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
A function passed as an argument: ``passing.py``, the layer on this one.
"""

from __future__ import annotations

from diffreach.extract.values import CALLS_PARAMETER, argument_of, called_parameter
from diffreach.languages.signature_text import marked
from diffreach.languages.spec import LanguageSpec
from diffreach.model import (
    VALUE_MARK,
    NodeKind,
    Ref,
    RefKind,
    SymRow,
)
from diffreach.resolve.fallback import NameFallback
from diffreach.resolve.records import Target

CALLABLE = (NodeKind.FUNCTION, NodeKind.METHOD, NodeKind.CLASS)
_MAX_DEPTH = 8  # aliases of aliases; a longer chain (or a cycle, a = b; b = a) answers None
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
        a call of a value or passing one (``h()``, ``run(h)``), ``r.run()`` of ``r = this::work``,
        ``cmd.run()`` of a ``cmd`` bound in blocks several ways (blocks.py)."""
        if ref.receiver and self.line_decides(path, ref.receiver):
            return True
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

    def top_level_entry(self, path: str, table: str, entry: str) -> str | None:
        """The name the entry ``entry`` of the top-level object ``table`` holds once the module has
        run (``mod = {cfb: cfb}``, ``{cfb}``): ``cfb``; None when it holds no plain name."""
        last = _last(self._value_table(path).get(f"{table}[{entry}]", {}).get(path, []), 0, None)
        held = last[1][len(VALUE_MARK) :] if last is not None and last[1].startswith(VALUE_MARK) else ""
        return held if held.isidentifier() else None

    def _value_table(self, path: str) -> dict[str, dict[str, list[Bound]]]:
        table = self._values.get(path)
        if table is None:
            self._bindings_by_name(path)  # fills both tables from one read of the source
            table = self._values.setdefault(path, {})
        return table

    def alias_of(self, path: str, scope: str, name: str) -> str | None:
        """The name that ``name`` copies where the scope binding it (``scope`` or one around it)
        binds it once, to a plain name or a path of names (``const Utils = U``, ``= a.b.U``: Utils
        is what U is); None otherwise."""
        by_scope = self._value_table(path).get(name)
        current: str | None = scope
        while by_scope and current:
            bound = by_scope.get(current)
            if bound:
                held = bound[0][1][len(VALUE_MARK) :] if len(bound) == 1 and bound[0][1].startswith(VALUE_MARK) else ""
                plain = all(part.isidentifier() for part in held.split("."))
                return held if plain and held != name else None
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
            if markers and found.kind == NodeKind.METHOD and marked(self.source.signature_of(found.id), markers):
                return None
            return found if found.kind in CALLABLE else None
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
