"""Types of values: what a call returns, and expressions made of calls.

The layer on ``PassedFunctions`` (see ``state.py``). Extraction states types as
bindings (``resolve/records.py``'s ``Source``): a variable's declared type, the
call it was bound to (``a.b().c()``, arguments dropped) and each function's
declared return type (the binding named ``RETURNS`` in the function's own
scope). Here an expression is followed link by link: the longest prefix without
a call is resolved as a name or receiver (scopes, imports, modules, bound
variables), then each call gives the class it constructs or its callee's return
type, and each member is looked up in that class. A return type naming the
class itself (``Self``, ``this``) is the method's class. Nothing is guessed: a
link that cannot be followed makes the whole expression unknown (None), and a
type from outside the repository makes it external. Declared types are read in
the scope that declares them, with a guard against a type defined through itself.

What a known type says beyond its members' names is here too: the method syntax runs on an
instance (``a[i]``, ``a()``: ``instance_member``), and the getter or setter a property read or
assignment runs (``accessor``: the family member the spec's markers name).
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import replace

from diffreach.languages.signature_text import is_getter, marked
from diffreach.languages.spec import ASSERTED, CALLED, ELEMENT, FIELD, PARAMETER, RETURNS
from diffreach.model import (
    EITHER,
    IMPLEMENTS,
    LOCAL_MARK,
    NARROWED,
    VALUES,
    NodeKind,
    Ref,
    RefKind,
    Resolution,
    ResolvedRef,
    SymRow,
)
from diffreach.resolve.passing import PassedFunctions
from diffreach.resolve.records import EXTERNAL, MAX_DEPTH, Target

_CALLABLE = (NodeKind.FUNCTION, NodeKind.METHOD)
_SLOT = PARAMETER.partition("{")[0]


class Types(PassedFunctions):
    @abstractmethod
    def _attribute(self, path: str, target: Target, part: str) -> Target | None:
        """A member of a class or module (``Names``): the way back up for a chain's links."""

    @abstractmethod
    def resolve_receiver(self, path: str, scope: str, receiver: str) -> Target | None:
        """What a receiver expression stands for (``Names``)."""

    def value_type(self, path: str, scope: str, expr: str) -> Target | None:
        """``expr`` (a type, or a chain with calls: ``make()``, ``a.b().c``) as code at ``scope``
        sees it: a class, a module, a function, EXTERNAL, or None when unknown."""
        if "(" not in expr:
            receiver, _, name = expr.rpartition(".")
            return self._resolve_expr(path, scope, receiver, name)
        links = expr.split(".")  # argument lists are empty: no dot inside a link
        first = next((i for i, link in enumerate(links) if link.endswith("()")), len(links))
        if first < len(links) and self._generic_class(path, scope, links[: first + 1]) is not None:
            links[first] = links[first].partition("[")[0] + "()"  # Selection[str](): a Selection
        if first == len(links) or not links[first][:-2].isidentifier():
            return None  # (a or b).c: not a call of a name
        if first == 0 and links[0][:-2] in self._specs[path].self_names:
            target: Target | None = self.enclosing_class(scope)  # cls(), Self(): the class itself
        else:
            target = self._resolve_expr(path, scope, ".".join(links[:first]), links[first][:-2])
            if target is None and first and links[first][:-2] in self._specs[path].transparent_methods:
                target = self.resolve_receiver(path, scope, ".".join(links[:first]))  # o.unwrap(): o's type
            if first and links[first][:-2] in self._specs[path].element_methods:  # xs.get(0): an element
                target = self.held_value(path, scope, ".".join(links[:first])) or target
        if target is EXTERNAL and first:  # v.par() on an outside value: the crate's method for it
            result = self._outside_call(path, links[first][:-2])
        else:
            result = self.call_result(target)
        if result is None and first == 0:  # make() of a value whose type states what a call gives
            result = self.called_value(scope, links[0][:-2])
        target = result
        for link in links[first + 1 :]:
            name = link.removesuffix("()")
            if target is EXTERNAL and link.endswith("()") and name.isidentifier():
                target = self._outside_call(path, name)  # a.b().par(): the crate's method for outside values
                continue
            if target is None or target is EXTERNAL:
                return target
            inner = self._attribute(path, target, name) if name.isidentifier() else None
            if inner is None and link.endswith("()") and name in self._specs[path].transparent_methods:
                continue  # .lock().unwrap(): the value inside the wrapper, of the type already known
            target = self.call_result(inner) if link.endswith("()") else self.property_value(inner)
        return target

    def _generic_class(self, path: str, scope: str, links: list[str]) -> SymRow | None:
        """The class a chain's last link calls with type arguments written as a subscript
        (Python's ``Selection[str]()``: a generic class subscripted is still the class, and calling
        it constructs one, PEP 484 "User-defined generic types"); None for any other subscript
        (``handlers[key]()``: an entry of a table; ``Foo["create"]()``: a member by its key)."""
        name, bracket, arguments = links[-1].removesuffix("()").partition("[")
        if not bracket or not name.isidentifier() or not arguments.endswith("]") or arguments[:1] in "'\"`0123456789]":
            return None
        found = self._resolve_expr(path, scope, ".".join(links[:-1]), name)
        return found if isinstance(found, SymRow) and found.kind == NodeKind.CLASS else None

    def _outside_call(self, path: str, name: str) -> Target | None:
        """What calling ``name`` on an outside value gives, as a link of a chain: the result of the
        one method the repository defines for outside types under that name (Rust: a trait in
        scope implemented for the value's type is among its methods); unknown when there are
        several; else the outside type's own method's (EXTERNAL), as for a direct call
        (``outside_type_call``). A method returning ``Self`` there returns that outside type."""
        spec = self._specs[path]
        found = self.outside_type_methods(name, spec)
        if len(found) != 1:
            return None if found else EXTERNAL
        returns = self._bindings_by_name(found[0].file).get(RETURNS)
        if returns is not None and returns.get(found[0].id) in spec.self_names:
            return EXTERNAL
        return self.call_result(found[0])

    def called_value(self, scope: str, name: str) -> Target | None:
        """What calling the value ``name`` gives where a type states it: its own type's result
        (``f: fn() -> R``: the binding ``f=>``), or that of the type parameter it is declared with
        (``f: F`` where ``F: FnOnce() -> R``: ``F=>``). None when nothing states it."""
        bound = self._binding_of(scope, name + CALLED)
        if bound is None:
            declared = self._binding_of(scope, name)
            if declared is None or not declared[1].isidentifier():
                return None
            bound = self._binding_of(declared[0], declared[1] + CALLED, as_type=True)
        if bound is None or bound[1] == LOCAL_MARK:
            return None
        return self.declared_class(bound[0].partition("::")[0], bound[0], bound[1], name + CALLED)

    def _asserted(self, path: str, scope: str, callee: str) -> Target | None:
        """The type the function ``callee`` names asserts of its argument (``isCart(x): x is
        Cart``: the binding RETURNS + ASSERTED in its scope); None when it asserts none."""
        function = self.value_type(path, scope, callee)
        if not isinstance(function, SymRow) or function.kind not in _CALLABLE:
            return None
        asserted = self._bindings_by_name(function.file).get(RETURNS + ASSERTED, {}).get(function.id)
        return self.declared_class(function.file, function.id, asserted, RETURNS + ASSERTED) if asserted else None

    def call_result(self, target: Target | None) -> Target | None:
        """What calling ``target`` gives: an instance of a class, a function's declared return type."""
        if not isinstance(target, SymRow):
            return EXTERNAL if target is EXTERNAL else None
        if target.kind == NodeKind.CLASS:
            return target
        if target.kind not in _CALLABLE:
            return None
        returns = self._bindings_by_name(target.file).get(RETURNS)
        type_name = returns.get(target.id) if returns else None
        if not type_name:
            return None
        return self.declared_class(target.file, target.id, type_name, RETURNS)

    def declared_class(self, path: str, scope: str, type_name: str, what: str) -> Target | None:
        """The class ``type_name`` (a type or a call chain) stands for at ``scope``; EXTERNAL
        when it is the language's or an outside type; None when unknown. ``what`` keys the
        guard: a binding defined through itself (``x = x.copy()``) is unknown."""
        key = (scope, what)
        if key in self._binding_guard:
            return None
        final = self._no_guard_open()  # then an answer that met no cycle is kept (state.py)
        if final and (path, scope, type_name, what) in self._declared_classes:
            return self._declared_classes[path, scope, type_name, what]
        cycles = self._member_cycles
        self._binding_guard.add(key)
        try:
            declared = (self._declared(path, scope, t) for t in type_name.split(EITHER) if t != LOCAL_MARK)
            found = {t for t in declared if t is not None}
        finally:
            self._binding_guard.discard(key)
        # Bound several ways in one scope (x = A(); … x = f(), x = a or B()): the one class the
        # known ones agree on, or the one every other descends from (a union of a class and its
        # subclass is the class: TypeScript's subtype reduction, a checker's join); none else.
        answer = found.pop() if len(found) == 1 else self._shared_base(found)
        if final and self._member_cycles == cycles:
            self._declared_classes[path, scope, type_name, what] = answer
        return answer

    def _shared_base(self, found: set[Target]) -> Target | None:
        classes = [t for t in found if isinstance(t, SymRow)]
        if len(classes) != len(found):
            return None
        shared = [c for c in classes if all(o is c or self.descends(o, c) for o in classes)]
        return shared[0] if len(shared) == 1 else None

    def _declared(self, path: str, scope: str, type_name: str) -> Target | None:
        """The class of one binding; ``I&C`` (a declaration's type and its value's, one line):
        the value's class where it descends from the stated one, written first, since the value is
        both (``I x = new C()`` holds a C, whose own lookup runs: JLS 15.12.4.4); else the stated
        type (``const c: Cart = make()``: the checker types c as Cart whatever make returns)."""
        if "&" not in type_name:
            return self._one_class(path, scope, type_name)
        parts = [t for t in type_name.split("&") if t != LOCAL_MARK]
        if not parts:
            return None
        stated, *values = (self._one_class(path, scope, t) for t in parts)
        for value in values:
            if isinstance(value, SymRow) and isinstance(stated, SymRow) and self.descends(value, stated):
                return value
        if stated is None:  # nothing known of the stated type: the value's, when one is known
            known = {v for v in values if v is not None}
            return known.pop() if len(known) == 1 else None
        return stated

    def descends(self, cls: SymRow, ancestor: SymRow) -> bool:
        """Whether ``ancestor`` is among ``cls``'s bases, transitively (a bounded walk)."""
        seen, todo = {cls.id}, [cls]
        for _ in range(MAX_DEPTH + 1):
            todo = [b for c in todo for b in self.bases(c) if b.id not in seen]
            if any(b.id == ancestor.id for b in todo):
                return True
            seen.update(b.id for b in todo)
        return False

    def _one_class(self, path: str, scope: str, type_name: str) -> Target | None:
        if type_name.startswith(IMPLEMENTS):
            # A value of some type implementing the trait (``&dyn Tr``, ``impl Tr``): typed by
            # the trait when it is ours; an outside trait (``dyn std::io::Write``) may be
            # implemented by one of ours (``impl Write for Sink``), so the value stays unknown,
            # matched by name, never EXTERNAL (as a type parameter's outside bound, below).
            trait = self._one_class(path, scope, type_name[len(IMPLEMENTS) :])
            return None if trait is EXTERNAL else trait
        if type_name.endswith(NARROWED):  # isinstance(x, Cart), x is Cart: in its block, read by line
            return self._one_class(path, scope, type_name.removesuffix(NARROWED))
        if type_name.endswith(RETURNS + ASSERTED):  # if (isCart(x)): what isCart's predicate asserts
            return self._asserted(path, scope, type_name.removesuffix(RETURNS + ASSERTED))
        if _SLOT in type_name:
            return self._parameter_type(path, type_name)
        if FIELD in type_name:
            return self._positional_field(path, scope, type_name)
        spec = self._specs[path]
        if type_name.endswith(ELEMENT):
            return self.element_class(path, scope, type_name.removesuffix(ELEMENT))
        if type_name.endswith(VALUES):  # for v in d.values()
            return self.element_class(path, scope, type_name.removesuffix(VALUES), VALUES)
        if type_name in spec.self_names or type_name in spec.self_types:  # -> Self, -> this
            return self.enclosing_class(scope)
        owner, _, last = type_name.rpartition(".")
        if owner and last in spec.prototype_names:  # Object.create(F.prototype): an F
            type_name = owner
        target = self.value_type(path, scope, type_name)
        if isinstance(target, SymRow) and target.kind == NodeKind.METHOD and spec.implicit_self and "::" in scope:
            # A type's name read as a member of the same name (C#'s ``Layout Layout { get; }``): in a
            # type only types count (ECMA-334 12.8.7.2), so the name as the file sees it.
            target = self.value_type(path, path, type_name)
        if target is None and type_name.isidentifier():
            # A type bound in scope: a type parameter's bound (Rust's ``fn f<T: Tr>(x: T)``).
            bound = self._binding_of(scope, type_name, as_type=True)
            if bound is not None and bound[1] != LOCAL_MARK:
                trait = self.declared_class(path, bound[0], bound[1], type_name)
                # A bound by an outside trait (``S: serde::Serializer``) says only that the
                # value's type implements it: that type may be one of ours (``impl Serializer
                # for Ours``), so the value stays unknown, matched by name, never EXTERNAL.
                return None if trait is EXTERNAL else trait
        if target is EXTERNAL or (target is None and type_name in spec.builtins):
            return EXTERNAL  # x: os.File, s: String, -> str: not ours to match by name
        if not isinstance(target, SymRow):
            return None
        if target.kind == NodeKind.CLASS or self.constructor_function(target) or self.prototype_owner(target):
            return target
        if self.can_be_base(target) and self.bases(target):  # F.prototype = Object.create(G.prototype)
            return target
        return None

    def _positional_field(self, path: str, scope: str, type_name: str) -> Target | None:
        """``x`` of a pattern ``S(x)`` or ``E::V(x)`` (``S#0``, ``E.V#0``): the type the tuple struct S
        declares for that positional field (its field ``0``), or the variant V of the enum E (E's ``V.0``),
        read where it is declared. None when the path names neither (``Some(x)``: not ours)."""
        base, _, position = type_name.partition(FIELD)
        owner, field = self._pattern_path(path, scope, base), position
        if not (isinstance(owner, SymRow) and owner.kind == NodeKind.CLASS):
            enum, _, variant = base.rpartition(".")
            owner, field = (self._pattern_path(path, scope, enum) if enum else None), f"{variant}.{position}"
        if not (isinstance(owner, SymRow) and owner.kind == NodeKind.CLASS):
            return None
        scopes = self._bindings_by_name(owner.file).get(field)
        stated = scopes.get(owner.id) if scopes else None
        if not stated or stated == LOCAL_MARK:
            return None
        return self.declared_class(owner.file, owner.id, stated, type_name)

    def _pattern_path(self, path: str, scope: str, name: str) -> Target | None:
        spec = self._specs[path]
        if name in spec.self_names or name in spec.self_types:  # Self::V(x) in the enum's own impl
            return self.enclosing_class(scope)
        found = self.value_type(path, scope, name)
        if found is None and spec.path_roots and scope != path:
            # A path never starts at a local (the Reference, "Paths in expressions"): `let flags = …;`
            # beside `flags::Cmd::V(x)` leaves the pattern to the module `flags`, as the module sees it.
            found = self.value_type(path, path, name)
        return found

    def _parameter_type(self, path: str, type_name: str) -> Target | None:
        """``F@N``: the class the function type F states for its parameter N, read where F is
        declared: the file itself, or the module an import of F names, through re-exports of F
        and wildcards (a bounded walk). None when F is no function type the repository declares."""
        alias, _, position = type_name.partition(_SLOT)
        seen, todo = {(path, alias)}, [(path, alias)]
        for _ in range(MAX_DEPTH + 1):
            nxt: list[tuple[str, str]] = []
            for f, name in todo:
                scopes = self._bindings_by_name(f).get(f"{name}{_SLOT}{position}")
                stated = scopes.get(f) if scopes else None
                if stated and stated != LOCAL_MARK:
                    return self.declared_class(f, f, stated, type_name)
                by_alias, wildcards = self._import_index(f)
                for imp in (*by_alias.get(name, ()), *wildcards):
                    there = imp.name or name  # import { F as G }: F where it is declared
                    nxt.extend((g, there) for g in self.import_files(f, imp) if (g, there) not in seen)
            seen.update(nxt)
            todo = nxt
        return None

    def element_class(self, path: str, scope: str, collection: str, suffix: str = ELEMENT) -> Target | None:
        """The class of an element of ``collection`` (a name or a field path: ``xs``, ``s.items``):
        what its declaration binds to the path + ELEMENT (a slice's element type), in scope or
        as the field of the class the path's receiver has, or what the declaration of its own
        type binds (Go's ``type Items []*Item``: a defined type has its underlying type's
        elements); None when nothing states it. With ``suffix`` VALUES: a value the mapping holds."""
        found = self._declared_element(path, scope, collection, suffix)
        if found is not None or not self._specs[path].defined_collections:
            return found
        holder = self.resolve_receiver(path, scope, collection) if collection.replace(".", "").isidentifier() else None
        if not isinstance(holder, SymRow) or holder.kind != NodeKind.CLASS:
            return None
        own = holder.name + suffix
        bound = self._bindings_by_name(holder.file).get(own, {}).get(holder.id)
        return self.declared_class(holder.file, holder.id, bound, own) if bound else None

    def _declared_element(self, path: str, scope: str, collection: str, suffix: str) -> Target | None:
        receiver, _, last = collection.rpartition(".")
        if last.endswith("()") and last[:-2].isidentifier():  # for x in f(): the call's declared result
            return self._returned_element(path, scope, receiver, last[:-2], suffix)
        if not last.isidentifier():
            return None
        if not receiver:
            bound = self._binding_of(scope, last + suffix)
            if bound is None or bound[1] == LOCAL_MARK:
                return None
            return self.declared_class(bound[0].partition("::")[0], bound[0], bound[1], last + suffix)
        owner = self.resolve_receiver(path, scope, receiver)
        if not isinstance(owner, SymRow) or owner.kind != NodeKind.CLASS:
            return None
        return self._attribute(path, owner, last + suffix)  # the field's element type

    def _returned_element(self, path: str, scope: str, receiver: str, name: str, suffix: str) -> Target | None:
        """An element of what calling ``receiver.name`` returns, where its declared return type
        states one (``-> list[Item]``: the binding RETURNS + ELEMENT in the function's scope)."""
        function = self._resolve_expr(path, scope, receiver, name)
        if not isinstance(function, SymRow) or function.kind not in _CALLABLE:
            return None
        bound = self._bindings_by_name(function.file).get(RETURNS + suffix, {}).get(function.id)
        return self.declared_class(function.file, function.id, bound, RETURNS + suffix) if bound else None

    def held_value(self, path: str, scope: str, collection: str) -> Target | None:
        """What indexing ``collection`` (or an element method of it) gives: an element of a
        sequence, or a value of a mapping."""
        return self.element_class(path, scope, collection) or self.element_class(path, scope, collection, VALUES)

    def instance_member(self, owner: Target | None, name: str) -> SymRow | None:
        """The method ``name`` that syntax on an instance of ``owner`` runs (``a[i]``:
        ``__getitem__``; ``a()``: ``__call__``), through its bases; None when ``owner`` is no
        class or has no such method (then nothing runs that the repository defines)."""
        if not isinstance(owner, SymRow) or owner.kind != NodeKind.CLASS:
            return None
        found = self.member(owner, name)
        return found if found is not None and found.kind == NodeKind.METHOD else None

    def property_read(
        self, path: str, ref: Ref, owner: Target | None, target: Target | None, source_is_test: bool
    ) -> ResolvedRef | None:
        """``g(a.p)`` of a property ``p`` of an instance: reading it runs its getter (a call edge,
        as the protocol reference ``return a.p`` makes); None when that is not the case (a plain
        method passed as a value, or the class named directly: ``A.p`` is the property object)."""
        spec = self._specs[path]
        if not (
            ref.kind == RefKind.VALUE
            and isinstance(owner, SymRow)
            and isinstance(target, SymRow)
            and (ref.receiver in spec.self_names or self.typed_receiver(ref.receiver, owner, spec.self_names))
        ):
            return None
        getter = self.accessor(target, setter=False)
        if getter is None:
            return None
        resolution = Resolution.SCOPE if ref.receiver in spec.self_names else Resolution.TYPE
        read = self._edge(path, replace(ref, kind=RefKind.PROTOCOL), getter, resolution, source_is_test)
        return ResolvedRef(ref, path, read.status, read.edges)

    def accessor(self, member: SymRow | None, setter: bool) -> SymRow | None:
        """The getter (or setter) of the property ``member`` names: the member of its family
        (``p``, ``p#2``) whose signature the spec marks so; None when it has none."""
        if member is None or member.kind != NodeKind.METHOD:
            return None
        spec = self._specs[member.file]
        signature = self.source.signature_of
        if not setter:
            if not (spec.property_markers or spec.parameterless_properties):
                return None
            return next((m for m in self.family(member) if is_getter(spec, signature(m.id), m.name)), None)
        markers = tuple(m.format(member.name) for m in spec.setter_markers)
        return next((m for m in self.family(member) if marked(signature(m.id), markers)), None) if markers else None

    def property_value(self, member: Target | None) -> Target | None:
        """What reading ``member`` on an instance gives: for a property (a getter the spec
        marks), what its getter returns (``self.app.notify()`` of ``@property def app(self) ->
        App``); any other member as it is."""
        getter = self.accessor(member, setter=False) if isinstance(member, SymRow) else None
        return member if getter is None else self.call_result(getter)

    def typed_receiver(self, receiver: str, owner: SymRow, self_names: frozenset[str]) -> bool:
        """Whether ``receiver`` is a value of class ``owner`` known by its type (a variable, a
        field, a call's result), not the class named directly or ``self``."""
        if receiver in self_names:
            return False
        return "(" in receiver or receiver.rpartition(".")[2] != owner.name
