"""Raw references → edges, import-aware, never inventing a target.

The resolver asks a ``Source`` for what it needs (a file's symbols, imports and bindings; the definitions that
carry a name) and memoises the answers, so the same code resolves a whole repository from in-memory extracts
and a handful of references against the database during an incremental update. It is built in layers (the
shared state, imports, classes, the by-name fallback, then this module's names in scope and references):
``state.py`` says how and why.

Order of lookup for a bare name: enclosing function scopes → (implicit ``this`` members) → the file's top
level → its imports → files of the same package → wildcard imports → built-ins → a repository-wide match on
the name, kept only when it is unique (``unique-name``) or one of at most three (``ambiguous-name``, low
confidence). A call on a receiver resolves the receiver first (``self``, ``super()``, a module alias, a class,
a variable whose type the code states); a receiver whose type stays unknown may only match a method name that
is unique in the repository and not a common built-in method such as ``get``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cache

from diffreach.extract.gc_pause import collector_paused
from diffreach.languages.spec import LanguageSpec
from diffreach.model import LOCAL_MARK, Edge, Import, NodeKind, Ref, RefKind, RefStatus, Resolution, ResolvedRef, SymRow
from diffreach.resolve.records import EXTERNAL, UNKNOWN, Module, Source, Target, module_name_guess
from diffreach.resolve.records import qualname as _qualname
from diffreach.resolve.types import Types

_EXTERNAL = EXTERNAL


class Resolver(Types):
    """The top layer (see ``state.py``; function values in ``values.py``, types in ``types.py``):
    names in scope, receivers, and the entry points that
    turn a file's references into edges. The constructor is ``ResolverState``'s."""

    # ----- names in scope ------------------------------------------------------------------------

    def lookup_name(self, path: str, scope: str, name: str, depth: int = 0) -> Target | None:
        """A bare name as code at ``scope`` sees it; _EXTERNAL when an import binds it elsewhere."""
        spec = self._specs[path]
        # The scopes' file: its symbols, and which of its scopes define ``name``.
        by_id, children = self._syms(scope.partition("::")[0])
        defining = children.get(name)
        imported = self._imports_in_functions(path).get(name)
        # Without members in scope, only a scope defining or importing the name can answer before the file.
        current: str | None = scope if defining or imported or spec.implicit_self else None
        while current and current != path:
            row = by_id.get(current)
            if row is None:
                break
            if row.kind in (NodeKind.FUNCTION, NodeKind.METHOD):
                found = defining.get(current) if defining else None
                if found is None and imported and current in imported:  # def f(): from .m import g
                    return self.local_import(path, name, imported[current], depth)
                if found is None and spec.implicit_self and row.parent == path:
                    owner = self.owner_class(row)  # an out-of-line method sees its class
                    found = self._implicit_member(owner, name) if owner is not None else None
                if found is not None:
                    return found
            elif row.kind == NodeKind.CLASS and spec.implicit_self:
                found = self._implicit_member(row, name)
                if found is not None:
                    return found
            current = row.parent
        if depth:
            return self._file_level(path, name, spec, depth)
        # Speed: what the file sees is the same from each of its scopes. No import is being
        # worked out during a lookup at depth 0 (those look up at depth 1 and more), so the
        # answer is final: memoised for the file being resolved.
        key = (path, name)
        answer = self._file_names.get(key, UNKNOWN)
        if answer is UNKNOWN:
            answer = self._file_names[key] = self._file_level(path, name, spec, 0)
        return answer

    def _file_level(self, path: str, name: str, spec: LanguageSpec, depth: int) -> Target | None:
        """A name at the top level of a file: its own, imported, of its package, global."""
        found = self.child(path, name)
        if found is not None:
            return found
        by_alias, wildcards = self._import_index(path)
        for imp in by_alias.get(name, ()):
            target = self.import_target(path, imp, depth)
            if target is not None:
                return target
        if spec.package_scope:
            for sibling in self._package_files(path):
                found = self.child(sibling, name)
                if found is not None:
                    return found
        for imp in wildcards:
            files = self.import_files(path, imp)
            target = (
                (
                    self.module_member(files, name, depth + 1)
                    or self._class_member(path, Import(imp.module, name, name, imp.line), files)
                )
                if files
                else None
            )
            if target is not None:
                return target
        return self._global_type(path, name) if spec.global_types else None

    # ----- receivers -----------------------------------------------------------------------------

    def _bound_type(self, path: str, scope: str, text: str) -> Target | None:
        """The class of a variable whose type the code states, searched outwards;
        _EXTERNAL when that type comes from outside the repository."""
        found = self._binding_of(scope, text)
        if found is None or found[1] == LOCAL_MARK:
            return None
        # x = x.copy(): a binding defined by itself is guarded (unknown); read in the binding's
        # file (its imports), which is another file of the package for a package-level variable.
        return self.declared_class(found[0].partition("::")[0], found[0], found[1], text)

    def resolve_receiver(self, path: str, scope: str, receiver: str) -> Target | None:
        spec = self._specs[path]
        if receiver in spec.self_names:
            return self.enclosing_class(scope)
        collection, bracket, _ = receiver.partition("[")
        indexed = bool(bracket) and receiver.endswith("]") and "(" not in collection  # xs[i].m(), s.m[k].m()
        if "(" in receiver and not indexed:  # make_cart().total(), a.b().c(): constructors and return types
            return self.value_type(path, scope, receiver)
        bound = self._bound_type(path, scope, receiver)
        if bound is not None or indexed:
            return bound if bound is not None else self.element_class(path, scope, collection)
        head, _, rest = receiver.partition(".")
        own = next((n for n in spec.own_module_names if receiver == n or receiver.startswith(f"{n}.")), None)
        if head in spec.path_roots:
            return self._module_path(path, receiver, spec)
        if not head.isidentifier() and head not in spec.self_names:  # PHP's $this is not an identifier
            return None
        if head in spec.self_names:
            target: Target | None = self.enclosing_class(scope)
        elif own is not None and not self._hidden(scope, head):  # exports.Suite: the file's own export
            target, rest = Module((path,)), receiver[len(own) + 1 :]
        else:
            target = self._bound_type(path, scope, head)
            if target is None and self._hidden(scope, head):
                return None  # def f(a): a.go() — whatever the module binds to ``a``
            target = target or self.lookup_name(path, scope, head)
            if target is None and spec.path_roots:  # a crate or module in scope without an import
                return self._module_path(path, receiver, spec)
            if target is None and spec.global_types:
                target = self._global_type(path, head)
            if target is None and head in spec.builtins:
                return _EXTERNAL  # String.format(), System.out: the language's own
        for part in rest.split(".") if rest else ():
            if target is None or target is _EXTERNAL:
                return target
            if part not in spec.prototype_names:  # F.prototype.m: F's method m
                target = self._attribute(path, target, part)
        return target

    def _module_path(self, path: str, receiver: str, spec: LanguageSpec) -> Target | None:
        """``crate::a::b::Foo``: the longest prefix the module resolver knows, then members."""
        parts = receiver.split(".")
        resolver = self.module_resolver(spec)
        for n in range(len(parts), 0, -1):
            files = resolver.resolve(spec.module_separator.join(parts[:n]), path)
            if files:
                target: Target | None = Module(files)
                for part in parts[n:]:
                    if target is None or target is _EXTERNAL:
                        return target
                    target = self._attribute(path, target, part)
                return target
        return None

    def _global_type(self, path: str, name: str) -> SymRow | None:
        """A class named ``name`` anywhere in the repository, when only one has that name."""
        lang = self.source.language_of(path)
        found = [
            c for c in self._candidates(name) if c.kind == NodeKind.CLASS and self.source.language_of(c.file) == lang
        ]
        return found[0] if len({_qualname(c.id) for c in found}) == 1 else None

    def _attribute(self, path: str, target: Target, part: str) -> Target | None:
        if isinstance(target, Module):
            found = self.module_member(target.files, part)
            if found is None:
                spec = self._specs[target.files[0]]
                for f in target.files:
                    sub = self.module_resolver(spec).resolve(module_name_guess(f, part, spec), f)
                    if sub:
                        return Module(sub)
            return found
        if target.kind == NodeKind.CLASS:
            found = self.member(target, part)
            if found is not None:
                return found
            if part in self._specs[target.file].constructor_methods:
                return target  # Foo.new: a call of the class, i.e. of its constructor
            type_name = self._field_type(target, part)
            if type_name:  # guarded: class A: b: B; class B: a: A
                return self.declared_class(target.file, target.id, type_name, f".{part}")
        elif target.kind == NodeKind.FUNCTION:
            # A member given to a function object (JS ``Foo.from = …``, ``Foo.prototype.m = …``).
            return self.child(target.id, part)
        return None

    def _field_type(self, cls: SymRow, part: str) -> str | None:
        """The stated type of a field: self.x = Foo() in a method, or a field declared with its
        type (x: Foo, Foo x;). Every self name, in a fixed order: a frozenset's own order
        changes with the hash seed, and so would the answer."""
        scopes_by_name = self._bindings_by_name(cls.id.partition("::")[0])
        if not scopes_by_name:
            return None
        for me in _in_order(self._specs[cls.file].self_names):
            scopes = scopes_by_name.get(f"{me}.{part}")
            type_name = scopes.get(cls.id) if scopes else None
            if type_name:
                return type_name
        scopes = scopes_by_name.get(part)
        return scopes.get(cls.id) if scopes else None

    def _resolve_expr(self, path: str, scope: str, receiver: str, name: str) -> Target | None:
        if not receiver:
            return self.lookup_name(path, scope, name)
        target = self.resolve_receiver(path, scope, receiver)
        if target is None and self._specs[path].namespace_receivers:
            return self.lookup_name(path, scope, name)  # ns::Foo: namespaces are not nodes
        if target is None or target is _EXTERNAL:
            return target
        return self._attribute(path, target, name)

    # ----- references ----------------------------------------------------------------------------

    def resolve_ref(self, path: str, ref: Ref, source_is_test: bool) -> ResolvedRef:
        spec = self._specs[path]
        target: Target | None
        resolution = Resolution.SCOPE
        if ref.kind == RefKind.PROTOCOL:
            return self._protocol(path, ref, source_is_test)
        if ref.kind == RefKind.OVERRIDE:  # a method of an anonymous class: its base's dispatches to it
            return self.anonymous_override(path, ref, self.resolve_receiver(path, ref.scope, ref.receiver))
        if ref.receiver in spec.super_names:
            target = self._super_member(ref)
        elif ref.receiver:
            function = self.value_of_functional_call(path, ref, spec)  # r.run() of r = this::work
            if function is not None:
                return self._edge(path, ref, function, Resolution.VALUE, source_is_test)
            owner = self._receiver_of(path, ref)
            if owner is _EXTERNAL:
                return self.outside_type_call(path, ref, spec, source_is_test)
            if isinstance(owner, SymRow) and owner.kind in (NodeKind.FUNCTION, NodeKind.METHOD):
                if ref.kind == RefKind.CALL and ref.name in spec.invoker_methods:  # f.call(t, …) runs f
                    return self._edge(path, ref, owner, _found_by(owner, path), source_is_test)
                if self.child(owner.id, ref.name) is None:
                    # A parameter shadowing a function of the same name (pytest fixtures):
                    # what the function returns is unknown, so the receiver is too. A member
                    # given to the function object itself (JS ``Foo.from = …``) is known.
                    owner = None
            target = self._attribute(path, owner, ref.name) if owner is not None else None
            if isinstance(target, Module) and isinstance(owner, Module) and ref.kind == RefKind.CALL:
                target = self.callable_member(owner.files, ref.name) or target
            if self._instance_field(ref, spec, owner, target):  # self.handler() of handler: Handler
                return self._called_instance(path, ref, target, source_is_test)
            read = self.property_read(path, ref, owner, target, source_is_test)  # g(a.p): p's getter runs
            if read is not None:
                return read
            held = self.value_of_field(owner, ref.name) if target is None and ref.kind == RefKind.CALL else None
            if held is not None:  # self.f() of self.f = self.g
                return self._edge(path, ref, held, Resolution.VALUE, source_is_test)
            if target is None and ref.kind == RefKind.CALL and spec.value_members:  # T.x() of T = {x: f}
                entry = self.value_of_member(path, ref)
                if entry is not None:
                    return self._edge(path, ref, entry, Resolution.VALUE, source_is_test)
            if isinstance(owner, Module):
                resolution = Resolution.IMPORT
            elif isinstance(owner, SymRow) and self.typed_receiver(ref.receiver, owner, spec.self_names):
                resolution = Resolution.TYPE
            if owner is None and target is None:
                return self._unknown_receiver(path, ref, spec, source_is_test)
        else:
            plain = self._plain_name(path, ref, spec, source_is_test)
            if isinstance(plain, ResolvedRef):
                return plain
            target, resolution = plain
        if target is _EXTERNAL:
            return ResolvedRef(ref, path, RefStatus.EXTERNAL)
        if isinstance(target, SymRow):
            return self._edge(path, ref, target, resolution, source_is_test)
        if isinstance(target, Module):
            return ResolvedRef(ref, path, RefStatus.UNRESOLVED)
        if not ref.receiver:
            if ref.name in spec.builtins:
                return ResolvedRef(ref, path, RefStatus.BUILTIN)
            return self._by_name(path, ref, spec, source_is_test, method=False)
        return ResolvedRef(ref, path, RefStatus.UNRESOLVED)

    def _plain_name(
        self, path: str, ref: Ref, spec: LanguageSpec, source_is_test: bool
    ) -> ResolvedRef | tuple[Target | None, Resolution]:
        """A name with no receiver: its edge when a value, a hiding local or a held instance
        decides; otherwise the definition found by scope (or import) and how it was found."""
        target = self.lookup_name(path, ref.scope, ref.name)
        if isinstance(target, Module) and ref.kind == RefKind.CALL:
            target = self.callable_member((path,), ref.name) or target
        if ref.kind == RefKind.CALL and self.has_values(path, ref.name):
            held = self.value_of_call(path, ref.scope, ref.name, ref.line)
            # A value bound in a function shadows a definition outside it; at the top
            # level a definition found by name stays.
            if held is not None and (target is None or held[1] != path):
                return self._edge(path, ref, held[0], Resolution.VALUE, source_is_test)
        if ref.kind == RefKind.CALL and self.local_hides(path, ref, target):  # def run(helper): helper()
            return self._called_instance(path, ref, self._bound_type(path, ref.scope, ref.name), source_is_test)
        if isinstance(target, SymRow) and target.file != path:
            return target, Resolution.IMPORT
        if target is None and ref.kind == RefKind.CALL and spec.call_method:  # a(): a holds an instance
            held_type = self._bound_type(path, ref.scope, ref.name)
            if held_type is not None:
                return self._called_instance(path, ref, held_type, source_is_test)
        return target, Resolution.SCOPE

    def _unknown_receiver(self, path: str, ref: Ref, spec: LanguageSpec, source_is_test: bool) -> ResolvedRef:
        """A call on a receiver that names nothing known: a member the file gives the object a
        method was given to (``this``), a namespace's function, else by name."""
        if ref.receiver in spec.self_names:
            sibling = self.sibling_member(ref.scope, ref.name)
            if sibling is None and ref.kind == RefKind.CALL and spec.value_members:  # o.a = o.b = f: this.a()
                owner = self.sibling_owner(ref.scope)
                sibling = self.value_of_member(path, replace(ref, receiver=owner)) if owner else None
            if sibling is not None:
                return self._edge(path, ref, sibling, Resolution.SCOPE, source_is_test)
        given = self.given_member(path, ref.scope, ref.receiver, ref.name)
        if given is not None:  # o.m() where the file gives o.m = function () {…}
            return self._edge(path, ref, given, Resolution.SCOPE, source_is_test)
        if spec.namespace_receivers:  # ns::util(): a namespace is not a node
            found = self.lookup_name(path, ref.scope, ref.name)
            if isinstance(found, SymRow) and found.kind == NodeKind.FUNCTION:
                # The receiver might be an object of unknown type: a guess.
                return self._edge(path, ref, found, Resolution.UNIQUE_NAME, source_is_test)
        return self._by_name(path, ref, spec, source_is_test, method=True)

    def _protocol(self, path: str, ref: Ref, source_is_test: bool) -> ResolvedRef:
        """Syntax that runs a method of its operand's type (``a[i]``, ``with a``): bound only
        through the operand's known type, never by name; unknown type → unresolved."""
        spec = self._specs[path]
        owner = self._receiver_of(path, ref)
        if owner is _EXTERNAL:
            return ResolvedRef(ref, path, RefStatus.EXTERNAL)
        itself = ref.receiver in spec.self_names
        if not itself and not (isinstance(owner, SymRow) and self.typed_receiver(ref.receiver, owner, spec.self_names)):
            return ResolvedRef(ref, path, RefStatus.UNRESOLVED)  # List[int]: the class, not an instance
        if ref.name in spec.protocol_names:  # "__iadd__|__add__": the first the type has
            target = next(filter(None, (self.instance_member(owner, m) for m in ref.name.split("|"))), None)
        else:  # a.p read or assigned: p's getter or setter, if p is a property
            target = self.accessor(self.instance_member(owner, ref.name.removesuffix("=")), ref.name.endswith("="))
        if target is None:
            return ResolvedRef(ref, path, RefStatus.UNRESOLVED)  # a.m read, not called: m does not run
        return self._edge(path, ref, target, Resolution.SCOPE if itself else Resolution.TYPE, source_is_test)

    def _called_instance(self, path: str, ref: Ref, held: Target | None, source_is_test: bool) -> ResolvedRef:
        """A call of a value known to hold an instance of ``held``: its ``call_method``, else
        nothing of the repository (never the class's constructor, never a function by name)."""
        if held is _EXTERNAL:
            return ResolvedRef(ref, path, RefStatus.EXTERNAL)
        target = self.instance_member(held, self._specs[path].call_method)
        if target is None:
            return ResolvedRef(ref, path, RefStatus.UNRESOLVED)
        return self._edge(path, ref, target, Resolution.TYPE, source_is_test)

    def _instance_field(self, ref: Ref, spec: LanguageSpec, owner: Target | None, target: Target | None) -> bool:
        """Whether a call ``x.f()`` calls the value of a field ``f`` whose type is a class (an
        instance: its ``call_method`` runs, not the class's constructor)."""
        return (
            bool(spec.call_method)
            and ref.kind == RefKind.CALL
            and isinstance(owner, SymRow)
            and owner.kind == NodeKind.CLASS
            and isinstance(target, SymRow)
            and target.kind == NodeKind.CLASS
            and target.id != owner.id
            and self.member(owner, ref.name) is None
        )

    def _super_member(self, ref: Ref) -> Target | None:
        """``super().name``: the first base of the enclosing class that has the member."""
        cls = self.enclosing_class(ref.scope)
        for base in self.bases(cls) if cls is not None else ():
            target = self.member(base, ref.name)
            if target is not None:
                return target
        return None

    def _receiver_of(self, path: str, ref: Ref) -> Target | None:
        """What a reference's receiver is, memoised per scope for the file being resolved."""
        key = (ref.scope, ref.receiver)
        if key in self._receivers:
            return self._receivers[key]
        return self._receivers.setdefault(key, self.resolve_receiver(path, ref.scope, ref.receiver))

    def resolve_file(self, path: str, refs: Iterable[Ref]) -> list[ResolvedRef]:
        """Every reference of a file. Resolution reads no line numbers, so a reference with
        the same (scope, kind, name, receiver) as an earlier one of the file takes its outcome
        with its own line (28% of Django's references; the memo lives for one file)."""
        with collector_paused():  # speed: see gc_pause.py
            return self._resolve_file(path, refs)

    def _resolve_file(self, path: str, refs: Iterable[Ref]) -> list[ResolvedRef]:
        is_test = {row.id: row.is_test for row in self._syms(path)[0].values()}
        default_test = bool(is_test.get(path))
        self._receivers.clear()
        self._file_members.clear()
        self._file_names.clear()
        seen: dict[tuple[str, str, str, str, int], ResolvedRef] = {}
        out = []
        for ref in refs:
            key = (ref.scope, ref.kind, ref.name, ref.receiver, ref.args)  # args: overloads differ
            twin = seen.get(key)
            if twin is None or self.depends_on_line(path, ref):
                rr = seen[key] = self.resolve_safely(path, ref, is_test.get(ref.scope, default_test))
            else:  # the twin's outcome, on this reference's line
                rr = ResolvedRef(ref, path, twin.status, _moved(twin, ref.line))
            out.append(rr)
        return out

    def resolve_safely(self, path: str, ref: Ref, source_is_test: bool) -> ResolvedRef:
        """``resolve_ref``, but a pathological chain of bindings leaves one reference
        unresolved instead of failing the whole index (guards above cover known cycles)."""
        try:
            resolved = self.resolve_ref(path, ref, source_is_test)
            if ref.kind != RefKind.CALL:
                return resolved
            # A function passed to a callee that calls it: the callee's call reaches it too; a
            # callee outside the repository is taken to call it, from the passing code.
            return self.with_passed(path, resolved) if resolved.edges else self.with_callbacks(path, resolved)
        except RecursionError:
            self.drop_open_lookups()
            return ResolvedRef(ref, path, RefStatus.UNRESOLVED)


@cache
def _in_order(names: frozenset[str]) -> tuple[str, ...]:
    """A language's name set sorted once (one per language), not on each attribute lookup."""
    return tuple(sorted(names))


def _moved(twin: ResolvedRef, line: int) -> tuple[Edge, ...]:
    old = twin.ref.line
    return tuple(
        Edge(e.source, e.target, e.kind, e.resolution, e.confidence, line if e.line == old else e.line)
        for e in twin.edges
    )


def _found_by(target: SymRow, path: str) -> Resolution:
    return Resolution.IMPORT if target.file != path else Resolution.SCOPE


__all__ = ["Module", "Resolver", "Source"]
