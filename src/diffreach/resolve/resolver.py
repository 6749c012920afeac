"""Raw references → edges, import-aware, never inventing a target.

The resolver asks a ``Source`` for what it needs (a file's symbols, imports and bindings; the definitions that
carry a name) and memoises the answers, so the same code resolves a whole repository from in-memory extracts
and a handful of references against the database during an incremental update. It is built in layers (the
shared state, imports, classes, the by-name fallback, function values, types, ``names.py``'s names in scope
and receivers, then this module's references): ``state.py`` says how and why.

Order of lookup for a bare name: enclosing function scopes → (implicit ``this`` members) → the file's top
level → its imports → files of the same package → wildcard imports → built-ins → a repository-wide match on
the name, kept only when it is unique (``unique-name``) or one of at most three (``ambiguous-name``, low
confidence). A call on a receiver resolves the receiver first (``self``, ``super()``, a module alias, a class,
a variable whose type the code states); a receiver whose type stays unknown may only match a method name that
is unique in the repository and not a common built-in method such as ``get``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from diffreach.extract.gc_pause import collector_paused
from diffreach.languages.spec import LanguageSpec
from diffreach.model import Edge, NodeKind, Ref, RefKind, RefStatus, Resolution, ResolvedRef, SymRow
from diffreach.resolve.names import Names
from diffreach.resolve.records import EXTERNAL, MAX_DEPTH, Module, Source, Target
from diffreach.resolve.values import GIVEN_KINDS

_EXTERNAL = EXTERNAL
_MODULE_END = 1 << 30  # a line past any file's last: every binding of the module has run


class Resolver(Names):
    """The top layer (see ``state.py``; function values in ``values.py``, types in ``types.py``,
    names in scope and receivers in ``names.py``): the entry points that
    turn a file's references into edges. The constructor is ``ResolverState``'s."""

    # ----- references ----------------------------------------------------------------------------

    def resolve_ref(self, path: str, ref: Ref, source_is_test: bool) -> ResolvedRef:
        spec = self._specs[path]
        target: Target | None
        resolution = Resolution.SCOPE
        if ref.kind == RefKind.PROTOCOL:
            return self._protocol(path, ref, source_is_test)
        if ref.kind == RefKind.OVERRIDE:  # a method of an anonymous class: its base's dispatches to it
            return self.anonymous_override(path, ref, self.resolve_receiver(path, ref.scope, ref.receiver))
        if ref.receiver in spec.super_names or self._own_constructor_call(ref, spec):
            target = self._super_member(ref)
        elif ref.receiver:
            function = self.value_of_functional_call(path, ref, spec)  # r.run() of r = this::work
            if function is not None:
                return self._edge(path, ref, function, Resolution.VALUE, source_is_test)
            owner = self._receiver_of(path, ref)
            if owner is _EXTERNAL:  # "".shout() of fun String.shout(), else the outside type's
                found = self._extension(path, ref, owner, source_is_test)
                return found or self.outside_type_call(path, ref, spec, source_is_test)
            if isinstance(owner, SymRow) and owner.kind in (NodeKind.FUNCTION, NodeKind.METHOD):
                if ref.kind == RefKind.CALL and ref.name in spec.invoker_methods:  # f.call(t, …) runs f
                    return self._edge(path, ref, owner, _found_by(owner, path), source_is_test)
                if self.child(owner.id, ref.name) is None:
                    instance = ref.kind == RefKind.CALL and self.typed_receiver(ref.receiver, owner, spec.self_names)
                    held = self.value_on_prototype(owner, ref.name) if instance else None
                    if held is not None:  # x.m() of x = new F() and F.prototype.m = g
                        return self._edge(path, ref, held, Resolution.VALUE, source_is_test)
                    inherited = self.member(owner, ref.name) if instance else None
                    if inherited is not None:  # F.prototype = Object.create(G.prototype): G's m
                        return self._edge(path, ref, inherited, Resolution.TYPE, source_is_test)
                    # A parameter shadowing a function of the same name (pytest fixtures):
                    # what the function returns is unknown, so the receiver is too. A member
                    # given to the function object itself (JS ``Foo.from = …``) is known.
                    owner = None
            target = self.member_or_path(path, ref, owner)
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
            held_as = self._member_held(path, ref, spec, owner) if target is None and ref.kind == RefKind.CALL else None
            if held_as is not None:  # T.x() of T = {x: f}; H.parse() of H = require("./base"), which gives H.parse
                return self._edge(path, ref, held_as[0], held_as[1], source_is_test)
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
        return self._outcome(path, ref, spec, target, resolution, source_is_test)

    def _outcome(
        self,
        path: str,
        ref: Ref,
        spec: LanguageSpec,
        target: Target | None,
        resolution: Resolution,
        source_is_test: bool,
    ) -> ResolvedRef:
        """A reference's outcome from the target its scope or receiver gave: an edge to a
        definition, external, unresolved (a module; a member not found), or, for a bare name
        found nowhere, a built-in or a match by name."""
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
        if ref.kind == RefKind.CALL and ref.name in spec.class_parameters:  # cls(…) in a classmethod
            cls = self.enclosing_class(ref.scope)
            if cls is not None:  # constructs the class it was called on: this one or a subclass
                return self._edge(path, ref, cls, Resolution.SCOPE, source_is_test)
        target = self.lookup_name(path, ref.scope, ref.name)
        if (
            ref.kind == RefKind.INHERIT
            and spec.implicit_self
            and isinstance(target, SymRow)
            and target.kind == NodeKind.METHOD
        ):
            target = self.lookup_name(path, path, ref.name)  # a base is a type, never a member of its name
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

    def _member_held(
        self, path: str, ref: Ref, spec: LanguageSpec, owner: Target | None
    ) -> tuple[SymRow, Resolution] | None:
        """``x.m()`` where no definition of ``m`` is found on ``x``: the function a literal table
        bound to ``x`` holds as ``m`` (``value_members``), the member or entry an imported
        module's exported object has (``exported_object``), or an extension function in scope
        (``extension_call``), and how it was found."""
        if spec.value_members:
            entry = self.value_of_member(path, ref)
            if entry is not None:
                return entry, Resolution.VALUE
        if spec.exported_object and not isinstance(owner, SymRow):
            found = self.exported_member(path, ref.scope, ref.receiver, ref.name)
            if found is not None:
                return found
        # p.check() of p: Policy, where Policy has no check: an extension fun Policy.check() in scope.
        extension = self.extension_call(path, ref, owner) if owner is not None else None
        return (extension, _found_by(extension, path)) if extension is not None else None

    def exported_member(self, path: str, scope: str, receiver: str, name: str) -> tuple[SymRow, Resolution] | None:
        """``o.m`` where ``o`` is bound by an import (``var o = require("./base")``) of a module
        that exports an object it gives ``m`` (``o.m = function () {…}; module.exports = o``) or
        holds ``m`` as an entry (``const o = {m: f}; export default o``): that method or function,
        and how it was found. An object is a reference, so the module that gave the member and every
        module that re-exports the object hand out the same one: the exports are followed from
        module to module (``module.exports = o`` where ``o`` is itself required), nearest first.
        ``o.p.m``: the entry ``p`` of such an object names a value of its module (``const mod =
        {cfb}; export default mod``, ``cfb`` imported there): ``m`` is that value's, as its module
        sees it."""
        head, dot, entry = receiver.rpartition(".")
        if dot:
            held = self._entry_value(path, scope, head, entry)
            if held is None:
                return None
            file, local = held
            value = self.resolve_receiver(file, file, local)
            if value is _EXTERNAL:  # an outside module's object: nothing of ours
                return None
            member = self._attribute(file, value, name) if isinstance(value, (SymRow, Module)) else None
            if isinstance(member, SymRow):
                return member, Resolution.VALUE
            return self.exported_member(file, file, local, name)
        if not receiver.isidentifier() or not self._sees_top_level(path, scope, receiver):
            return None
        for exporter, local in self._exporting(path, receiver):
            if not local:  # the module itself, before its exported names
                exported = self._specs[exporter].exported_object
                instance = self.module_variable((exporter,), exported) if exported else None
                kept = isinstance(instance, SymRow) and instance.kind == NodeKind.CLASS
                member = self.member(instance, name) if kept and isinstance(instance, SymRow) else None
                if member is not None:  # module.exports = new C(): what require gives is a C
                    return member, Resolution.TYPE
                continue
            found = self.child(exporter, f"{local}.{name}")
            if found is not None and found.kind in GIVEN_KINDS and found.parent == exporter:
                return None if self.owner_class(found) else (found, Resolution.IMPORT)
            # const o = {m: f}; export default o: the entry, as the module left it once it ran
            # (an import runs the whole module first).
            held_function = self._value_in_scope(exporter, exporter, f"{local}[{name}]", _MODULE_END, 0)
            if held_function is not None:
                return held_function[0], Resolution.VALUE
        return None

    def _exporting(self, path: str, receiver: str) -> Iterator[tuple[str, str]]:
        """The modules that export the object the top-level ``receiver`` of ``path`` is imported
        as, each with its own top-level names for it, nearest first, through re-exports: first
        ``(module, "")`` for the module itself, then ``(module, name)`` for each of its names."""
        seen: set[str] = set()
        todo = [(path, receiver)]  # (a file, its top-level name holding the object)
        for file, local in todo:  # breadth-first: the list grows while read
            for imp in self._import_index(file)[0].get(local, ()):
                for exporter in self.import_files(file, imp) if imp.module else ():
                    if exporter in seen or len(seen) >= MAX_DEPTH:
                        continue
                    seen.add(exporter)
                    yield exporter, ""
                    exported = self._specs[exporter].exported_object
                    for export in self._import_index(exporter)[0].get(exported, ()) if exported else ():
                        if not export.module and export.name.isidentifier():
                            yield exporter, export.name
                            todo.append((exporter, export.name))

    def _entry_value(self, path: str, scope: str, receiver: str, entry: str) -> tuple[str, str] | None:
        """The top-level name (and its file) that the entry ``entry`` of the object ``receiver``
        holds, where the object is bound at the top level of this file or of a module that
        exports it (``const mod = {cfb: cfb}``: ``mod.cfb`` is ``cfb``); None when no such entry
        holds a plain name."""
        head, dot, inner = receiver.rpartition(".")
        if dot:  # a.b.c: the entry c of what a.b holds, where that is bound
            outer = self._entry_value(path, scope, head, inner)
            if outer is None:
                return None
            path, receiver = outer
            scope = path
        if not receiver.isidentifier() or not self._sees_top_level(path, scope, receiver):
            return None
        for file, local in ((path, receiver), *self._exporting(path, receiver)):
            held = self.top_level_entry(file, local, entry) if local else None
            if held is not None:
                return file, held
        return None

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
        given = self.global_member(path, ref.scope, ref.receiver, ref.name) if spec.global_paths else None
        if given is not None:  # a.b.m() where some script gives a.b.m = function () {…}, a of the global object
            return self._edge(path, ref, given, Resolution.SCOPE, source_is_test)
        if spec.namespace_receivers:  # ns::util(): a namespace is not a node
            found = self.lookup_name(path, ref.scope, ref.name)
            if isinstance(found, SymRow) and found.kind == NodeKind.FUNCTION:
                # The receiver might be an object of unknown type: a guess.
                return self._edge(path, ref, found, Resolution.UNIQUE_NAME, source_is_test)
        # x.check() of an imported fun T.check(), x of unknown type; else by name.
        return self._extension(path, ref, None, source_is_test) or self._by_name(
            path, ref, spec, source_is_test, method=True
        )

    def _extension(self, path: str, ref: Ref, owner: Target | None, source_is_test: bool) -> ResolvedRef | None:
        """The edge to the extension function ``x.f()`` calls (``extension_call``), if any."""
        found = self.extension_call(path, ref, owner)
        return self._edge(path, ref, found, _found_by(found, path), source_is_test) if found is not None else None

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

    @staticmethod
    def _own_constructor_call(ref: Ref, spec: LanguageSpec) -> bool:
        """The self keyword called alone (Java's ``this(…)``), where constructors are named after
        their class: another constructor of the enclosing class (JLS 8.8.7.1)."""
        return spec.constructor_is_class_name and ref.receiver in spec.self_names and ref.name == ref.receiver

    def _super_member(self, ref: Ref) -> Target | None:
        """``super().name``: the first base of the enclosing class that has the member. The
        keyword called alone (its name its receiver) runs a constructor (JLS 8.8.7.1): ``super(…)``
        the first base's, ``this(…)`` the class's own, the overload picked by the arguments as
        ``new C(…)``'s."""
        cls = self.enclosing_class(ref.scope)
        if cls is not None and ref.name == ref.receiver:
            if ref.receiver not in self._specs[cls.file].super_names:
                return self._constructor(cls)
            first = next(iter(self.bases(cls)), None)
            return self._constructor(first) if first is not None else None
        for base in self.bases(cls) if cls is not None else ():
            target = self.member(base, ref.name)
            if target is not None:
                return target
        return None

    def _receiver_of(self, path: str, ref: Ref) -> Target | None:
        """What a reference's receiver is, memoised per scope for the file being resolved."""
        key = (ref.scope, ref.receiver, self.receiver_line(path, ref.receiver))
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
        self._line = ref.line  # a name bound in blocks is read at this line (blocks.py)
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
        finally:
            self._line = 0


def _moved(twin: ResolvedRef, line: int) -> tuple[Edge, ...]:
    old = twin.ref.line
    return tuple(
        Edge(e.source, e.target, e.kind, e.resolution, e.confidence, line if e.line == old else e.line)
        for e in twin.edges
    )


def _found_by(target: SymRow, path: str) -> Resolution:
    return Resolution.IMPORT if target.file != path else Resolution.SCOPE


__all__ = ["Module", "Resolver", "Source"]
