"""Names in scope and receivers: the layer on ``Types`` (see ``state.py``).

A bare name is looked up from the innermost scope out: enclosing function scopes (and, where
the language has them, the implicit ``this`` members of an enclosing class), then the file's top
level, its imports, files of the same package, wildcard imports, and, where the language's types
are global, a class of that name when it is the only one. A receiver (``self``, a module alias, a class, a variable whose type the code
states, a path from the crate or module root) is resolved first and each of its links then looked
up as a member. This layer implements the two methods ``state.py`` declares for the way back up
(``lookup_name`` and ``_resolve_expr``) and those ``types.py`` declares (``resolve_receiver``,
``_attribute``); ``resolver.py`` turns references into edges with them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from diffreach.languages.spec import LanguageSpec
from diffreach.model import LOCAL_MARK, Import, NodeKind, Ref, RefKind, SymRow
from diffreach.resolve.global_paths import GlobalPaths
from diffreach.resolve.records import EXTERNAL, MAX_DEPTH, UNKNOWN, Module, Target, module_name_guess
from diffreach.resolve.records import qualname as _qualname

_EXTERNAL = EXTERNAL


class Names(GlobalPaths):
    """Names in scope and receivers (see ``state.py`` for the layers)."""

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
                if found is not None and found.kind == NodeKind.METHOD:
                    # A method given to a function object (JavaScript's ``F.prototype.log = function``)
                    # binds no name in F's body: a bare ``log`` there is the outer one. Members reached
                    # without a receiver are the implicit-self languages' (below).
                    found = None
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
        if spec.enclosing_packages:  # namespace a.b.c: a.b's members, then a's
            package = self.source.package_of(path).split(spec.module_separator)
            for n in range(len(package) - 1, 0, -1):
                files = self.module_resolver(spec).resolve(spec.module_separator.join(package[:n]), path)
                target = self.module_member(files, name, depth + 1) if files else None
                if target is not None:
                    return target
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
        if found is None and text.isidentifier() and self._specs[path].implicit_self:
            # A bare name no scope binds, where bare names may be members: a field or property the
            # class inherits (JLS 8.2: a class's members include its superclass's fields).
            owner = self.enclosing_class(scope)
            inherited = self.property_value(self._attribute(path, owner, text)) if owner is not None else None
            kept = inherited is _EXTERNAL or (isinstance(inherited, SymRow) and inherited.kind == NodeKind.CLASS)
            return inherited if kept else None
        if found is None or found[1] == LOCAL_MARK:
            return None
        # x = x.copy(): a binding defined by itself is guarded (unknown); read in the binding's
        # file (its imports), which is another file of the package for a package-level variable.
        return self.declared_class(found[0].partition("::")[0], found[0], found[1], text)

    def resolve_receiver(self, path: str, scope: str, receiver: str) -> Target | None:
        """What ``receiver`` stands for at ``scope``; kept for the resolver's life when worked out
        with no guard open and meeting no cycle (state.py): a chain's receivers (``a.b`` of
        ``a.b().c``) are asked again at each call and each type read through them."""
        final = self._no_guard_open()
        key = (path, scope, receiver, self.receiver_line(path, receiver))
        if final:
            known = self._final_receivers.get(key, UNKNOWN)
            if known is not UNKNOWN:
                return known
        cycles = self._member_cycles
        found = self._receiver(path, scope, receiver)
        if found is None and scope != path and "(" not in receiver and self._specs[path].path_roots:
            # Rust's ``a::b`` is stored as ``a.b``: a path never starts at a local (Reference, "Paths
            # in expressions"), so a receiver no local's value answers is read as the module sees it
            # (``let egui_glow = egui_glow::EguiGlow::new()``, ``store::flush(&store)``).
            found = self._receiver(path, path, receiver)
        if final and self._member_cycles == cycles:
            self._final_receivers[key] = found
        return found

    def _receiver(self, path: str, scope: str, receiver: str) -> Target | None:
        spec = self._specs[path]
        if receiver in spec.self_names:
            return self.enclosing_class(scope)
        collection, bracket, _ = receiver.partition("[")
        indexed = bool(bracket) and receiver.endswith("]") and "(" not in collection  # xs[i].m(), s.m[k].m()
        if "(" in receiver and not indexed:  # make_cart().total(), a.b().c(): constructors and return types
            return self.value_type(path, scope, receiver)
        bound = self._bound_type(path, scope, receiver)
        if bound is not None or indexed:
            return bound if bound is not None else self.held_value(path, scope, collection)
        head, _, rest = receiver.partition(".")
        own = next((n for n in spec.own_module_names if receiver == n or receiver.startswith(f"{n}.")), None)
        if head in spec.path_roots:
            found = self._module_path(path, receiver, spec)
            # ::core::cell::Cell: a path from the root naming a crate of the language's own.
            return _EXTERNAL if found is None and not head and rest.partition(".")[0] in spec.builtins else found
        if not head.isidentifier() and head not in spec.self_names:  # PHP's $this is not an identifier
            return None
        instance = head in spec.self_names  # a value, not the class named directly: its properties run
        if instance:
            target: Target | None = self.enclosing_class(scope)
        elif own is not None and not self._hidden(scope, head):  # exports.Suite: the file's own export
            target, rest = Module((path,)), receiver[len(own) + 1 :]
        else:
            target = self._bound_type(path, scope, head)
            instance = target is not None
            if target is None and self._hidden(scope, head):
                return None  # def f(a): a.go() — whatever the module binds to ``a``
            target = target or self.lookup_name(path, scope, head) or self._aliased(path, scope, head)
            if spec.path_roots and isinstance(target, SymRow) and target.kind == NodeKind.FUNCTION:
                target = self._imported_module(path, head)  # Rust: a path's head is never a function
            if spec.parameterless_properties and isinstance(target, SymRow) and target.kind == NodeKind.METHOD:
                target, instance = self.property_value(target), True  # C#: a property of the class, read bare
            if target is None:  # from m import cache: the value m binds the name to
                target = self._imported_variable(path, head)
                instance = target is not None
            if target is None and spec.path_roots:  # a crate or module in scope without an import
                found = self._module_path(path, receiver, spec)
                # Box::new, std::mem::take: a path from a name of the language's own (its prelude,
                # its standard crates) that names nothing of ours is the language's.
                return _EXTERNAL if found is None and head in spec.builtins else found
            if target is None and spec.global_types:
                target = self._global_type(path, head)
            if target is None and head in spec.builtins and not self._imports_ours(path, head):
                return _EXTERNAL  # String.format(), System.out: the language's own
            if target is None and spec.global_paths and rest:  # a.b.C.m() of a.b.C = class in some script
                target, rest = self._global_path(path, receiver)
        for part in rest.split(".") if rest else ():
            if target is _EXTERNAL and instance and spec.runtime_members:
                return None  # a member of an outside value: it may hold ours (a plugin relay's hooks)
            if target is None or target is _EXTERNAL:
                return target
            if part not in spec.prototype_names:  # F.prototype.m: F's method m
                target = self._attribute(path, target, part)
                # A property read runs its getter; on the class named directly too where a property
                # is no object of its own (C#'s static properties).
                target = self.property_value(target) if instance or spec.parameterless_properties else target
        return target

    def _imported_variable(self, path: str, name: str, depth: int = 0) -> Target | None:
        """A variable another module binds at its top level, imported by name (``from m import
        cache``, ``import { Cache } from './m'``, through re-exports): the class of what it holds
        there (``Cache = CacheClass()``), as code in that module sees it."""
        for imp in self._file_imports(path):
            if imp.alias != name or not imp.name or imp.wildcard:
                continue
            if imp.module:
                found = self.module_variable(self.import_files(path, imp), imp.name, depth)
            else:  # the module's own export of its variable (export default cache)
                found = self._bound_type(path, path, imp.name)
            if found is not None:
                return found
        return None

    def module_variable(self, files: Iterable[str], name: str, depth: int = 0) -> Target | None:
        """The class of the value a module binds ``name`` to at its top level (or re-exports)."""
        for f in files:
            found = self._bound_type(f, f, name)
            if found is None and depth < MAX_DEPTH:
                found = self._imported_variable(f, name, depth + 1)
            if found is not None:
                return found
        return None

    def extension_call(self, path: str, ref: Ref, owner: Target | None) -> SymRow | None:
        """``x.f()`` where x's type has no member f: a function f in scope that declares a receiver
        (Kotlin's extension functions, whose receiver is ``this`` in their body), when that receiver
        is x's class or a base of it, or either is not known here (an outside type, an unknown x)."""
        if ref.kind != RefKind.CALL:
            return None
        known = self._extension_names.get(ref.name)
        if known is None:  # once per name: most languages have no such functions
            known = self._extension_names[ref.name] = any(
                self.extension_receiver(c) for c in self._candidates(ref.name)
            )
        found = self.lookup_name(path, ref.scope, ref.name) if known else None
        if isinstance(found, SymRow) and self.extension_receiver(found) is not None:
            return found if self._extends(found, owner, ref.name) else None
        # C#'s extension methods, members of static classes: in scope where their class is, by its
        # name (its namespace imported or enclosing, ECMA-334 12.8.10.3); the one whose receiver
        # type fits the value's, an outside one for an outside value.
        methods = (c for c in self._candidates(ref.name) if c.kind == NodeKind.METHOD and c.parent) if known else ()
        for method in methods:
            cls = self.symbol(method.parent or "")
            if self.extension_receiver(method) is None or cls is None or not self._extends(method, owner, ref.name):
                continue
            if self.lookup_name(path, ref.scope, cls.name) == cls:
                return method
        return None

    def _extends(self, function: SymRow, owner: Target | None, name: str) -> bool:
        """Whether ``function``'s declared receiver takes a value of ``owner``: the class or a base
        of it; when either is not known here (an outside type, an unknown value), any."""
        receiver = self.extension_receiver(function) or ""
        declared = self.declared_class(function.file, function.id, receiver, name)
        if isinstance(owner, SymRow) and isinstance(declared, SymRow):
            return owner.id == declared.id or self.descends(owner, declared)
        return True

    def _imports_ours(self, path: str, name: str) -> bool:
        """Whether an import binds ``name`` to a module of the repository: the name is that
        module's, not a built-in global of the same name (``import crypto from '../crypto'``)."""
        return any(imp.module and self.import_files(path, imp) for imp in self._import_index(path)[0].get(name, ()))

    def _imported_module(self, path: str, name: str) -> Module | None:
        """The module an import binds ``name`` to beside a function (``use crate::parse;`` where
        the crate has both ``mod parse`` and ``fn parse``: Rust's two namespaces)."""
        resolver = self.module_resolver(self._specs[path])
        sep = self._specs[path].module_separator
        for imp in self._import_index(path)[0].get(name, ()):
            files = resolver.resolve(imp.module + sep + imp.name, path) if imp.module and imp.name else ()
            if files:
                return Module(files)
        return None

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

    def _aliased(self, path: str, scope: str, name: str) -> Target | None:
        """The module or class a name copies (``const Utils = U``, ``Alias = Cls``: a binding holds
        its initialiser's value), through copies of copies; None for anything else."""
        seen = {name}
        for _ in range(MAX_DEPTH):
            copied = self.alias_of(path, scope, name)
            if copied is None or copied in seen:
                return None
            seen.add(copied)
            if "." in copied:  # const U = a.b.U: the class the path names (a module's object may gain members)
                found = self._copied_path(path, scope, copied)
                return found if isinstance(found, SymRow) and found.kind == NodeKind.CLASS else None
            found = self._bound_type(path, scope, copied) or self.lookup_name(path, scope, copied)
            if found is not None:
                kept = isinstance(found, Module) or (isinstance(found, SymRow) and found.kind == NodeKind.CLASS)
                return found if kept else None
            name = copied
        return None

    def _copied_path(self, path: str, scope: str, copied: str) -> Target | None:
        """What the path a name copies stands for; guarded, as a path may pass through the name
        again (``const a = b.c`` where ``b`` copies ``a.d``): unknown then."""
        key = (scope, f"={copied}")
        if key in self._binding_guard or copied.partition(".")[0] in self._specs[path].self_names:
            return None
        self._binding_guard.add(key)
        try:
            return self._receiver(path, scope, copied)
        finally:
            self._binding_guard.discard(key)

    def _attribute(self, path: str, target: Target, part: str) -> Target | None:
        if isinstance(target, Module):
            found = self.module_member(target.files, part) or self.module_variable(target.files, part)
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
            for owner in self._field_owners(target):
                type_name = self._field_type(owner, part)
                if type_name:  # guarded: class A: b: B; class B: a: A
                    return self.declared_class(owner.file, owner.id, type_name, f".{part}")
        elif target.kind == NodeKind.FUNCTION or self.constructor_function(target):
            # A member given to a function object (JS ``Foo.from = …``, ``Foo.prototype.m = …``).
            return self.child(target.id, part)
        return None

    def _field_owners(self, cls: SymRow) -> tuple[SymRow, ...]:
        """The class, then its ancestors in the order members are looked up: an instance has the
        fields its bases' methods assign (``self.h = H()`` in the base's ``__init__``)."""
        order = self.linearization(cls) if self._specs[cls.file].c3_lookup else None
        if order is not None:
            return order
        found: list[SymRow] = [cls]
        for owner in found:  # nearest first, breadth-first: the list grows while read
            if len(found) > MAX_DEPTH:
                break
            found.extend(b for b in self.bases(owner) if b not in found)
        return tuple(found)

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

    def member_or_path(self, path: str, ref: Ref, owner: Target | None) -> Target | None:
        """``owner``'s member ``ref.name``. Where the value has none and the language writes paths
        with another separator (Rust's ``store::flush`` is stored as ``store.flush``), the receiver
        read as the module sees it: a path never starts at a local (Reference, "Paths in
        expressions"), even one of the same name (``store::flush(&store)``)."""
        target = self._attribute(path, owner, ref.name) if owner is not None else None
        if target is None and ref.scope != path and "(" not in ref.receiver and self._specs[path].path_roots:
            module = self.resolve_receiver(path, path, ref.receiver)
            if module is not None and module is not _EXTERNAL and module != owner:
                target = self._attribute(path, module, ref.name)
        return target

    def _resolve_expr(self, path: str, scope: str, receiver: str, name: str) -> Target | None:
        if not receiver:
            return self.lookup_name(path, scope, name)
        target = self.resolve_receiver(path, scope, receiver)
        if target is None and self._specs[path].namespace_receivers:
            return self.lookup_name(path, scope, name)  # ns::Foo: namespaces are not nodes
        if target is None and self._specs[path].global_paths and self._global_root(path, scope, receiver):
            return self.global_type(path, f"{receiver}.{name}")  # a.b.C, a class or constructor
        if target is None or target is _EXTERNAL:
            return target
        return self._attribute(path, target, name)


@cache
def _in_order(names: frozenset[str]) -> tuple[str, ...]:
    """A language's name set sorted once (one per language), not on each attribute lookup."""
    return tuple(sorted(names))
