"""Imports: what an import statement binds, and the file-to-file ``imports`` edges.

The first layer on ``ResolverState`` (see ``state.py``): an import names files
through the language's module resolver, then a member of those files, following
re-exports (an import that binds the name in the imported file) and wildcards,
memoised per (files, name) because diamond-shaped includes ask the same question
many times.
"""

from __future__ import annotations

from collections.abc import Iterable

from diffreach.languages.repo_files import ItemPaths
from diffreach.model import CONFIDENCE, Edge, EdgeKind, Import, Resolution, SymRow
from diffreach.resolve.records import EXTERNAL, Module, Target
from diffreach.resolve.state import ResolverState

_EXTERNAL = EXTERNAL
_MAX_CHAIN = 64  # module lookups open at once (re-exports through re-exports); cycles stop earlier


class Imports(ResolverState):
    def import_files(self, path: str, imp: Import) -> tuple[str, ...]:
        if not imp.module:
            return (path,)
        key = (path, imp.module)
        found = self._import_files.get(key)
        if found is None:  # wildcard includes are walked once per name looked up: memoise
            spec = self._specs[path]
            found = self._import_files[key] = self.module_resolver(spec).resolve(imp.module, path)
            if not found and spec.reexported_modules:
                found = self._import_files[key] = self._reexported_module(path, imp.module, spec.module_separator)
        return found

    def _reexported_module(self, path: str, module: str, sep: str) -> tuple[str, ...]:
        """The files of a module path that passes through a module another one re-exports
        (Rust's ``use crate::sys::tcp::bind`` where sys has ``pub use self::unix::*`` and unix
        ``mod tcp;``): the longest prefix the module resolver knows, then members, each a module."""
        parts = module.split(sep)
        resolver = self.module_resolver(self._specs[path])
        for n in range(len(parts) - 1, 0, -1):
            files = resolver.resolve(sep.join(parts[:n]), path)
            if files:
                for part in parts[n:]:
                    member = self.module_member(files, part)
                    if not isinstance(member, Module):
                        return ()
                    files = member.files
                return files
        return ()

    def local_import(self, path: str, name: str, line: int, depth: int) -> Target | None:
        """What an import inside a function binds ``name`` to (the file's import on ``line``);
        it hides any definition of the name outside the function, found or not. One statement may
        bind the name several ways, in order (``require``: the default export, else the module),
        as at the top level."""
        for imp in self._import_index(path)[0].get(name, ()):
            if imp.line == line:
                target = self.import_target(path, imp, depth)
                if target is not None:
                    return target
        return None

    def import_target(self, path: str, imp: Import, depth: int = 0) -> Target | None:
        """What an import binds: a symbol, a module, _EXTERNAL, or None (in the repo, not found)."""
        key = (path, imp)
        if key in self._import_targets:
            self._member_cycles += key in self._imports_open
            return self._import_targets[key]
        self._import_targets[key] = None  # guards against import cycles
        self._imports_open.add(key)
        cycles = self._member_cycles
        result: Target | None
        files = self.import_files(path, imp)
        if not files:
            result = self._parent_item(path, imp, depth) if not imp.name else _EXTERNAL
        elif not imp.name:
            result = self._aliased_item(path, imp, files, depth) or Module(files)
        elif not imp.module:
            result = self.lookup_name(path, path, imp.name, depth + 1)
            result = result if result is not _EXTERNAL else None
        else:
            result = self.module_member(files, imp.name, depth + 1) or self._class_member(path, imp, files)
            if result is None:
                spec = self._specs[path]
                sep = "" if imp.module.endswith(spec.module_separator) else spec.module_separator
                sub = self.module_resolver(spec).resolve(imp.module + sep + imp.name, path)
                result = Module(sub) if sub else None
        self._imports_open.discard(key)
        if self._member_cycles == cycles:
            self._import_targets[key] = result
        else:  # cut short by a cycle: the answer depends on where the cycle was entered, not reused
            del self._import_targets[key]
        return result

    def _aliased_item(self, path: str, imp: Import, files: tuple[str, ...], depth: int) -> Target | None:
        """What an alias of a path that ends in an item, not a module, binds: the item (C#'s
        ``using C = A.B.Type;`` names a type as well as a namespace, ECMA-334 14.5.2)."""
        resolver = self.module_resolver(self._specs[path])
        split = resolver.item_path(imp.module) if isinstance(resolver, ItemPaths) else None
        return self.module_member(files, split[1], depth + 1) if split is not None else None

    def _parent_item(self, path: str, imp: Import, depth: int) -> Target | None:
        """A whole-path import that names no module, read as an item of the module above it where
        the language's paths name either (``module_path_items``): Rust 2015's ``use X;`` is the
        crate root's X. Outside the repository (or another language) it stays external."""
        spec = self._specs[path]
        if not spec.module_path_items:
            return _EXTERNAL
        parent, _, name = imp.module.rpartition(spec.module_separator)
        files = self.module_resolver(spec).resolve(parent, path)
        return (self.module_member(files, name, depth + 1) or _EXTERNAL) if files else _EXTERNAL

    def module_member(self, files: Iterable[str], name: str, depth: int = 0) -> Target | None:
        """A top-level name of a module, following re-exports and wildcards.

        One depth-first search per question over the files the wildcards reach, each file
        looked at once (include graphs are dense with cycles: searched path by path, a C++
        repository of 133 files took a minute). The answer is the first definition in that
        order, whoever asks, so it is memoised; an answer cut short by an import cycle or the
        depth cap is returned, not kept. A complete search that found nothing also tells that
        no file it looked at has the name: later searches pass those files over."""
        files = tuple(files)
        key = (files, name)
        if key in self._members:  # diamond includes: each header is searched once per name
            self._member_cycles += key in self._members_open
            return self._members[key]
        if len(self._members_open) > _MAX_CHAIN:  # a runaway chain: cut like a cycle
            self._member_cycles += 1
            return None
        self._members[key] = None  # guards against import cycles
        self._members_open.add(key)
        cycles = self._member_cycles
        seen: set[str] = set()
        found = self._module_member(files, name, seen, 0)
        self._members_open.discard(key)
        if self._member_cycles == cycles:
            self._members[key] = found
            if found is None:
                self._absent.update((f, name) for f in seen)
        else:  # cut short by a cycle: a partial answer, not to be reused
            del self._members[key]
        return found

    def _module_member(self, files: tuple[str, ...], name: str, seen: set[str], depth: int) -> Target | None:
        absent = self._absent
        todo = [f for f in files if f not in seen and (f, name) not in absent]
        seen.update(todo)
        for f in todo:
            row = self.child(f, name)
            if row is not None:
                return row
        todo = [f for f in todo if not self._specs[f].private_imports]  # their imports bind in them only
        for f in todo:
            for imp in self._import_index(f)[0].get(name, ()):
                target = self.import_target(f, imp, depth + 1)
                if target is not None:
                    return target
        if depth >= _MAX_CHAIN and any(self._import_index(f)[1] for f in todo):
            self._member_cycles += 1  # deeper wildcards left unread: a partial answer
            return None
        for f in todo:
            for imp in self._import_index(f)[1]:
                inner = self.import_files(f, imp)
                if inner:
                    target = self._module_member(inner, name, seen, depth + 1)
                    if target is not None:
                        return target
        for f in todo:
            loaded = self._loaded_submodule(f, name)
            if loaded is not None:
                return loaded
        return None

    def _loaded_submodule(self, path: str, name: str) -> Module | None:
        """The submodule ``name`` of the package whose own file ``path`` is, where that file
        imports it or something inside it (``LanguageSpec.package_init_files``): loading it bound
        the name on the package."""
        spec = self._specs[path]
        directory, _, base = path.rpartition("/")
        if base not in spec.package_init_files:
            return None
        inside = f"{directory}/{name}/" if directory else f"{name}/"
        module = inside[:-1] + ".py"
        for imp in self._file_imports(path):
            for f in self.import_files(path, imp) if imp.module else ():
                if f == module:
                    return Module((module,))
                if f.startswith(inside):
                    known = self.source.paths()
                    own = tuple(inside + i for i in spec.package_init_files if inside + i in known)
                    return Module(own) if own else None
        return None

    def callable_member(self, files: Iterable[str], name: str) -> Target | None:
        """What a call of ``name`` in these modules runs, where an import of that name binds a
        module first: a call never runs a module. Rust keeps modules and functions in two
        namespaces, and ``mod job; pub use self::job::job;`` binds both; the call takes the function."""
        return self._callable_member(tuple(files), name, set(), 0)

    def _callable_member(
        self, files: tuple[str, ...], name: str, seen: set[tuple[str, str]], depth: int
    ) -> Target | None:
        # Each (file, name) is read once per question: a module that imports its own submodule by
        # its crate path (`use crate::signature::decode` inside signature/mod.rs) leads back to
        # itself, and was walked again at every level up to the cap, each level's imports anew.
        if depth > _MAX_CHAIN:
            return None
        for f in files:
            if (f, name) in seen:
                continue
            seen.add((f, name))
            for imp in self._import_index(f)[0].get(name, ()):
                target = self.import_target(f, imp)
                if isinstance(target, Module) and imp.module and imp.name:
                    target = self._callable_member(self.import_files(f, imp), imp.name, seen, depth + 1)
                if target is not None and not isinstance(target, Module):
                    return target
        return None

    def _class_member(self, path: str, imp: Import, files: tuple[str, ...]) -> SymRow | None:
        """A member of the class the import path ends with (Java's ``import static a.B.m`` and
        ``a.B.*``): the module resolver names B's file, the name lives inside class B."""
        sep = self._specs[path].module_separator
        module = imp.module.removesuffix(sep + imp.name)  # Java writes the member into the path
        outer = module.rpartition(sep)[2]
        for f in files:
            cls = self.child(f, outer) if outer else None
            if cls is not None and cls.kind == "class":
                row = self.child(cls.id, imp.name)
                if row is not None:
                    return row
        return None

    def import_edges(self, path: str) -> list[Edge]:
        seen: set[str] = set()
        edges = []
        for imp in self._file_imports(path):
            if not imp.module:
                continue
            for target in self.import_files(path, imp):
                if target != path and target not in seen:
                    seen.add(target)
                    edges.append(
                        Edge(path, target, EdgeKind.IMPORTS, Resolution.IMPORT, CONFIDENCE[Resolution.IMPORT], imp.line)
                    )
        # `from pkg import mod` binds a submodule: an import of that file too.
        for imp in self._file_imports(path):
            if imp.name and imp.module:
                bound = self.import_target(path, imp)
                extra = (
                    bound.files if isinstance(bound, Module) else ((bound.file,) if isinstance(bound, SymRow) else ())
                )
                for f in extra:
                    if f != path and f not in seen:
                        seen.add(f)
                        edges.append(
                            Edge(path, f, EdgeKind.IMPORTS, Resolution.IMPORT, CONFIDENCE[Resolution.IMPORT], imp.line)
                        )
        return edges
