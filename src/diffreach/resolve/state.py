"""The resolver's shared state: the source, every memo, and what the source knows, memoised.

The resolver is one object built in layers, each a class in its own module:
``ResolverState`` (this module) ← ``Imports`` ← ``Classes`` ← ``NameFallback`` ←
``FunctionValues`` ← ``PassedFunctions`` ← ``Types`` ← ``Names`` ← ``Resolver``. Each layer calls only itself and the layers below it; the one way
back up is the recursion at the heart of resolution (an import binds a name that
is looked up in scope; a base class is an expression), which goes through the
two abstract methods declared here and implemented by ``Names``:
``lookup_name`` and ``_resolve_expr``.

Why layers of one object and not parts that own their state: the parts recurse
into one another on every reference, they share the memos and the cycle
counters (an answer worked out while a guard of *any* part was hit is not kept),
and their lookups are the hot loop of a build (~1M calls on Django), where a
method on ``self`` costs less than one reached through a part object. So every
attribute the layers share is declared here, once, with its type; a layer adds
methods, never state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from functools import cached_property
from pathlib import PurePosixPath

from diffreach.languages import get_language
from diffreach.languages.repo_files import PackageScopes, Programs
from diffreach.languages.spec import LanguageSpec, ModuleResolver
from diffreach.model import EITHER, IMPORT_MARK, LOCAL_MARK, VALUE_MARK, Import, NodeKind, SymRow
from diffreach.resolve.blocks import Bound, shadowed, visible_at
from diffreach.resolve.records import Source, Target
from diffreach.resolve.records import qualname as _qualname

# Definitions whose parent is the file yet whose qualified name may hold an owner: keyed by it.
_MEMBER_KINDS = frozenset({NodeKind.METHOD, NodeKind.CLASS})

# A file's symbols by id, and its children: name → parent id → symbol.
FileSyms = tuple[dict[str, SymRow], dict[str, dict[str | None, SymRow]]]


class ResolverState(ABC):
    """The source and every memo of a resolver, declared once; the layers above add methods."""

    def __init__(self, source: Source, modules: dict[str, tuple[frozenset[str], ModuleResolver]] | None = None) -> None:
        """``modules`` carries module resolvers over from earlier resolvers of the same caller:
        one is reused while the repository's paths are the same (its owner empties the
        dict when files that steer import resolution change)."""
        self.source: Source = source
        self._resolvers: dict[str, ModuleResolver] = {}
        self._shared_modules: dict[str, tuple[frozenset[str], ModuleResolver]] | None = modules
        self._file_syms: dict[str, FileSyms] = {}
        self._imports: dict[str, list[Import]] = {}
        self._import_indexes: dict[str, tuple[dict[str, list[Import]], list[Import]]] = {}
        self._program_wide: dict[tuple[str, str], list[tuple[str, Import]]] | None = None  # (language, program)
        self._start_binding_memos()
        self._import_targets: dict[tuple[str, Import], Target | None] = {}
        self._bases: dict[str, tuple[SymRow, ...]] = {}
        self._linearizations: dict[str, tuple[SymRow, ...] | None] = {}  # classes.py: C3 orders
        self._named: dict[str, list[SymRow]] = {}
        self._dir_files: dict[tuple[str, str], list[str]] | None = None
        self._named_packages: dict[tuple[str, str], list[str]] | None = None
        self._package_tops: dict[tuple[str, str], dict[str, tuple[str, str]]] = {}
        self._binding_guard: set[tuple[str, str]] = set()
        self._import_files: dict[tuple[str, str], tuple[str, ...]] = {}
        self._members: dict[tuple[tuple[str, ...], str], Target | None] = {}
        self._members_open: set[tuple[tuple[str, ...], str]] = set()
        self._absent: set[tuple[str, str]] = set()  # (file, name): a complete module search met no such name
        self._imports_open: set[tuple[str, Import]] = set()
        # Cycles met (a guard of an open member or import lookup hit): an answer worked out
        # while this grows is partial, depends on the order of resolution and is not memoised.
        self._member_cycles: int = 0
        # Speed (a full build asks these once per reference): a path's language, the out-of-line
        # methods of a name, and the repository-wide candidates of a name never change in one resolver.
        self._specs: _SpecTable = _SpecTable(self.source)
        self._detached: dict[str, dict[str, list[SymRow]]] = {}
        self._by_name_rows: dict[tuple[str, bool, str], list[SymRow]] = {}
        self._by_name_roots: dict[tuple[str, bool, str], SymRow | None] = {}
        self._outside_type_rows: dict[tuple[str, str], list[SymRow]] = {}  # (name, language)
        # A reference's receiver as its scope sees it, asked with no guard open (so the
        # answer is the same each time): one file's worth, emptied by resolve_file.
        self._receivers: dict[tuple[str, str, int], Target | None] = {}
        # member() answers for the file being resolved (emptied by resolve_file), kept only
        # while no base list is being worked out; _bases_open counts those under way.
        self._file_members: dict[tuple[str, str], SymRow | None] = {}
        self._bases_open: int = 0
        self._bases_ids_open: set[str] = set()
        # lookup_name's file-level answers (import, package, global) for the file being resolved.
        self._file_names: dict[tuple[str, str], Target | None] = {}
        # The methods of each class of a file, by file (fallback.py's ``_methods_of``).
        self._class_methods: dict[str, dict[str, list[tuple[str, SymRow]]]] = {}
        # Overload families (overloads.py): a family's first id → each member, signature, arity bounds.
        self._families: dict[str, tuple[tuple[SymRow, str, tuple[int, int | None] | None], ...]] = {}
        # A file's functions that own methods (JavaScript's constructor functions, classes.py), and
        # those whose prototype it gives members by value (``F.prototype.m = g``, values.py).
        self._method_owners: dict[str, frozenset[str]] = {}
        self._prototype_owners: dict[str, frozenset[str]] = {}
        self._start_lifetime_memos()

    def _start_binding_memos(self) -> None:
        self._bindings: dict[str, dict[str, dict[str, str]]] = {}
        # Names bound in blocks several ways in one scope (blocks.py): path → name → scope → bindings,
        # read at ``_line``, the line of the reference being resolved (resolver.py sets it).
        self._shadowed: dict[str, dict[str, dict[str, tuple[Bound, ...]]]] = {}
        self._line = 0
        # Imports inside functions (``IMPORT_MARK`` bindings): path → name → function id → the import's line.
        self._local_imports: dict[str, dict[str, dict[str, int]]] = {}
        # Function values (values.py): path → name → scope → [(line, what it holds)], by line.
        self._values: dict[str, dict[str, dict[str, list[tuple[int, str]]]]] = {}
        # Functions passed as arguments (values.py): path → callee name → [(scope, line, slot, argument)].
        self._passes: dict[str, dict[str, list[tuple[str, int, str, str]]]] = {}

    def _start_lifetime_memos(self) -> None:
        # Speed: answers worked out with no guard open and meeting no cycle, so the same each
        # time they are asked with no guard open (types.py's declared classes: a function's
        # return type is asked for at each of its calls; values.py's callers of a function's
        # parameter slot, at each call passing a function to it).
        self._declared_classes: dict[tuple[str, str, str, str], Target | None] = {}
        self._slot_callers_of: dict[tuple[str, str], tuple[str, ...]] = {}
        self._final_receivers: dict[tuple[str, str, str, int], Target | None] = {}  # names.py's receivers
        self._extension_names: dict[str, bool] = {}  # whether a function of the name declares a receiver
        self._scopes: dict[str, PackageScopes | None] = {}  # by language: its resolver, if it knows packages

    def forget_files(self) -> None:
        """Drop what was learnt file by file (symbols, imports, bindings, bases, members) and keep
        what was learnt name by name (a name's candidates and by-name verdicts): a streamed
        build calls this every few thousand files, so memory stays bounded without asking the
        source again for every definition of a common name (``run`` in 50,000 classes)."""
        for memo in (
            self._file_syms,
            self._imports,
            self._import_indexes,
            self._bindings,
            self._shadowed,
            self._local_imports,
            self._values,
            self._passes,
            self._import_targets,
            self._bases,
            self._linearizations,
            self._import_files,
            self._members,
            self._absent,
            self._specs,
            self._receivers,
            self._file_members,
            self._file_names,
            self._families,
            self._method_owners,
            self._prototype_owners,
            self._class_methods,
            self._declared_classes,
            self._slot_callers_of,
            self._final_receivers,
        ):
            memo.clear()

    def _no_guard_open(self) -> bool:
        """Whether no lookup is under way that a cycle could cut short (an answer worked out from
        here, meeting no cycle, is final)."""
        return not (self._binding_guard or self._imports_open or self._members_open or self._bases_open)

    def drop_open_lookups(self) -> None:
        """After a RecursionError: the lookups left open hold their cycle guards (None) in the
        memos, which are not answers."""
        self._binding_guard.clear()
        for key in self._imports_open:
            self._import_targets.pop(key, None)
        for member in self._members_open:
            self._members.pop(member, None)
        self._imports_open.clear()
        self._members_open.clear()

    # ----- what the source knows, memoised -------------------------------------------------

    def _spec(self, path: str) -> LanguageSpec:
        return self._specs[path]

    def module_resolver(self, spec: LanguageSpec) -> ModuleResolver:
        resolver = self._resolvers.get(spec.name)
        if resolver is None:
            # Speed: building one is a pass over every path, most of a one-file update when
            # done again on every update.
            shared = self._shared_modules
            kept = shared.get(spec.name) if shared is not None else None
            if kept is not None and kept[0] == self._paths:
                resolver = kept[1]
            else:
                resolver = spec.resolver(self.source, spec)
                if shared is not None:
                    shared[spec.name] = (self._paths, resolver)
            self._resolvers[spec.name] = resolver
        return resolver

    def _syms(self, path: str) -> FileSyms:
        """A file's symbols by id, and its children by name then parent (the first of a
        name in each parent: overloads ``m``, ``m#2`` are one name). By name first, so that
        a name no scope of the file defines is answered without walking the scopes."""
        cached = self._file_syms.get(path)
        if cached is None:
            by_id: dict[str, SymRow] = {}
            children: dict[str, dict[str | None, SymRow]] = {}
            for row in self.source.symbols_in(path):
                by_id[row.id] = row
                if row.kind != NodeKind.FILE:
                    # A method defined outside its class (a Go receiver, Foo::bar), or a class
                    # given to an object (JavaScript's o.C = class {…}), is a member, not a
                    # top-level name of its file: keyed by its qualname.
                    member = row.kind in _MEMBER_KINDS and row.parent == path
                    name = _qualname(row.id) if member else row.name
                    children.setdefault(name, {}).setdefault(row.parent, row)
            cached = self._file_syms[path] = (by_id, children)
        return cached

    # Speed: these two are asked more than once per reference; the memo is read inline.
    def symbol(self, sid: str) -> SymRow | None:
        path = sid.partition("::")[0]
        return (self._file_syms.get(path) or self._syms(path))[0].get(sid)

    def child(self, parent: str, name: str) -> SymRow | None:
        path = parent.partition("::")[0]
        parents = (self._file_syms.get(path) or self._syms(path))[1].get(name)
        return parents.get(parent) if parents else None

    def _import_index(self, path: str) -> tuple[dict[str, list[Import]], list[Import]]:
        """A file's plain imports by alias and its wildcard imports, each in file order.
        Speed: a bare name was matched against every import of its file, ~250k times on Django."""
        found = self._import_indexes.get(path)
        if found is None:
            by_alias: dict[str, list[Import]] = {}
            wildcards: list[Import] = []
            for imp in (*self._file_imports(path), *self._program_imports(path)):
                if imp.wildcard:
                    wildcards.append(imp)
                else:
                    by_alias.setdefault(imp.alias, []).append(imp)
            found = self._import_indexes[path] = (by_alias, wildcards)
        return found

    def _program_imports(self, path: str) -> list[Import]:
        """The imports other files write for the whole program ``path`` is built into (C#'s
        ``global using``): they bind in it as its own do. Only a language whose module resolver
        knows programs (``Programs``) has them."""
        if self._program_wide is None:
            self._program_wide = {}
            for writer, imp in self.source.program_wide_imports():
                resolver = self.module_resolver(self._specs[writer])
                if isinstance(resolver, Programs):
                    key = (self._specs[writer].name, resolver.program_of(writer))
                    self._program_wide.setdefault(key, []).append((writer, imp))
        if not self._program_wide:
            return []
        spec = self._specs[path]
        resolver = self.module_resolver(spec)
        if not isinstance(resolver, Programs):
            return []
        written = self._program_wide.get((spec.name, resolver.program_of(path)), ())
        return [imp for writer, imp in written if writer != path]

    def _file_imports(self, path: str) -> list[Import]:
        found = self._imports.get(path)
        if found is None:
            found = self._imports[path] = self.source.imports_of(path)
        return found

    def _bindings_by_name(self, path: str) -> dict[str, dict[str, str]]:
        """A file's bindings: name → scope → type. By name first, so that a name the file never
        binds is answered without walking its scopes. A name bound several ways in one scope
        holds them all, ``EITHER``-separated (no type or call text has one): each is a candidate
        (``types.py`` keeps the one class they agree on), unless they hold in blocks, read at the
        reference's line (``_binding_of``, blocks.py)."""
        table = self._bindings.get(path)
        if table is None:
            table = self._bindings[path] = {}
            values: dict[str, dict[str, list[tuple[int, str]]]] = {}
            lines: dict[tuple[str, str], int] = {}  # (name, scope) → the line of its last binding
            local_imports: dict[str, dict[str, int]] = {}
            blocks: dict[str, dict[str, list[Bound]]] = {}
            for b in self.source.bindings_of(path):
                if b.type_name == IMPORT_MARK:  # no type: lookup_name reads the import it names
                    local_imports.setdefault(b.name, {}).setdefault(b.scope, b.line)
                    continue
                if b.type_name == LOCAL_MARK:  # a name bound with no type (a receiver's lookup only)
                    table.setdefault(b.name, {}).setdefault(b.scope, LOCAL_MARK)
                    continue
                values.setdefault(b.name, {}).setdefault(b.scope, []).append((b.line, b.type_name))
                if b.type_name.startswith(VALUE_MARK):  # a function value, no type (values.py reads it)
                    continue
                blocks.setdefault(b.name, {}).setdefault(b.scope, []).append((b.line, b.end_line, b.type_name))
                scopes = table.setdefault(b.name, {})
                before = scopes.get(b.scope)
                if before is None:
                    scopes[b.scope] = b.type_name
                elif b.type_name not in before.replace("&", EITHER).split(EITHER):
                    # Two types on one line are one declaration's (``I x = new C()``, ``x: I = C()``):
                    # the declared type and the value's, both true of the value (``&``, types.py).
                    same = lines.get((b.name, b.scope)) == b.line
                    scopes[b.scope] = f"{before}{'&' if same else EITHER}{b.type_name}"
                lines[(b.name, b.scope)] = b.line
            for by_scope in values.values():
                for bound in by_scope.values():
                    bound.sort(key=lambda entry: entry[0])  # stable: one line keeps its order
            self._values[path] = values
            self._shadowed[path] = shadowed(blocks)
            self._local_imports[path] = local_imports
        return table

    def line_decides(self, path: str, receiver: str) -> bool:
        """Whether what a receiver holds depends on the line it is read at: its head is bound in
        blocks several ways in ``path`` (blocks.py; no such name in most files: nothing to split)."""
        self._bindings_by_name(path)
        shadowing = self._shadowed[path]
        return bool(shadowing) and receiver.partition(".")[0].partition("(")[0].partition("[")[0] in shadowing

    def receiver_line(self, path: str, receiver: str) -> int:
        """The line a receiver is read at where that decides what it holds, else 0 (memos key on it)."""
        return self._line if self._line and self.line_decides(path, receiver) else 0

    def _imports_in_functions(self, path: str) -> dict[str, dict[str, int]]:
        """name → the functions of ``path`` an import statement of theirs binds it in → its line."""
        found = self._local_imports.get(path)
        if found is None:
            self._bindings_by_name(path)
            found = self._local_imports[path]
        return found

    def _binding_of(self, scope: str, text: str, *, as_type: bool = False) -> tuple[str, str] | None:
        """(the innermost scope around ``scope`` that binds ``text``, what it binds it to); past
        the file, the top level of the package's other files where the language's package
        shares its top-level variables (``package_variables``: Go's package block). A name read
        ``as_type`` (in a type: a class's type parameter) is seen from the class's
        methods in every language (PEP 695's annotation scopes, Java's and TypeScript's class
        type parameters), where a bare value name may not be."""
        path = scope.partition("::")[0]
        scopes = self._bindings_by_name(path).get(text)
        found = self._scoped_binding(scope, path, text, scopes, as_type) if scopes else None
        blocks = self._shadowed[path].get(text, {}) if self._line else {}
        if found is not None and found[0] in blocks:  # bound in blocks several ways: the one in force
            found = (found[0], visible_at(blocks[found[0]], self._line) or found[1])
        if found is None and self._specs[path].package_variables and "." not in text:
            found = self._package_bindings(path).get(text)
            return found if found is not None and found[0] != path else None
        return found

    def _package_bindings(self, path: str) -> dict[str, tuple[str, str]]:
        """The typed top-level bindings of ``path``'s package, name → (file, type), read once
        per package (files in path order: one of two files binding a name wins, always the same)."""
        key = (str(PurePosixPath(path).parent), self.source.package_of(path))
        table = self._package_tops.get(key)
        if table is None:
            table = self._package_tops[key] = {}
            for f in sorted([path, *self._package_files(path)]):
                for name, scopes in self._bindings_by_name(f).items():
                    type_name = scopes.get(f)
                    if type_name is not None and type_name != LOCAL_MARK:
                        table.setdefault(name, (f, type_name))
        return table

    def _scoped_binding(
        self, scope: str, path: str, text: str, scopes: dict[str, str], as_type: bool
    ) -> tuple[str, str] | None:
        current: str | None = scope
        # A class's own names (its fields) are not in scope in its methods' bodies, unless the
        # language reads a bare name as a member (Java's implicit this): Rust and Python write self.x.
        members_bare = as_type or "." in text or self._specs[path].implicit_self
        while current:
            type_name = scopes.get(current)
            if type_name is not None:
                return current, type_name
            if current == path:
                return None
            row = self.symbol(current)
            current = row.parent if row is not None else None
            while current and current != path and not members_bare:
                outer = self.symbol(current)
                if outer is None or outer.kind != NodeKind.CLASS:
                    break
                current = outer.parent
        return None

    def _hidden(self, scope: str, name: str) -> bool:
        """Whether a function around ``scope`` binds ``name`` itself (a parameter, a local, a loop
        variable) with no class known: that binding hides every outer one, from the module's
        ``a = A()`` to an import or a class named ``a``, and the value is unknown. A function's own
        import of the name (``const m = require('./m')`` in its body) is no such binding."""
        found = self._binding_of(scope, name)
        row = self.symbol(found[0]) if found is not None else None
        if row is None or row.kind not in (NodeKind.FUNCTION, NodeKind.METHOD):
            return False
        return row.id not in self._imports_in_functions(row.file).get(name, ())

    def _candidates(self, name: str) -> list[SymRow]:
        found = self._named.get(name)
        if found is None:
            found = self._named[name] = self.source.named(name)
        return found

    @cached_property
    def _paths(self) -> frozenset[str]:
        return self.source.paths()

    def _package_files(self, path: str) -> list[str]:
        if self._dir_files is None:
            table: dict[tuple[str, str], list[str]] = {}
            for p in sorted(self._paths):
                lang = self.source.language_of(p)
                if lang:
                    table.setdefault((str(PurePosixPath(p).parent), lang), []).append(p)
            self._dir_files = table
        lang = self.source.language_of(path) or ""
        package = self.source.package_of(path)
        if package and get_language(lang).package_spans_directories:
            if self._named_packages is None:
                named: dict[tuple[str, str], list[str]] = {}
                for files in self._dir_files.values():
                    for p in files:
                        key = (_namespace(self.source.language_of(p) or ""), self.source.package_of(p))
                        named.setdefault(key, []).append(p)
                self._named_packages = {key: sorted(files) for key, files in named.items()}
            return [p for p in self._named_packages.get((_namespace(lang), package), []) if p != path]
        key = (str(PurePosixPath(path).parent), lang)
        return [p for p in self._dir_files.get(key, []) if p != path and self.source.package_of(p) == package]

    # ----- the recursion back up: names and expressions in scope (``Names``) -------------------

    @abstractmethod
    def lookup_name(self, path: str, scope: str, name: str, depth: int = 0) -> Target | None:
        """A bare name as code at ``scope`` sees it; EXTERNAL when an import binds it elsewhere."""

    @abstractmethod
    def _resolve_expr(self, path: str, scope: str, receiver: str, name: str) -> Target | None:
        """``receiver.name`` (or a bare ``name``) as code at ``scope`` sees it."""


def _namespace(language: str) -> str:
    """The name of the namespace of packages ``language`` shares (``package_languages``): the
    first of its languages, so Java's and Kotlin's files of one package are one package."""
    return min((language, *get_language(language).package_languages)) if language else ""


class _SpecTable(dict[str, LanguageSpec]):
    """Path → language spec, filled on first use: read as ``self._specs[path]``, a dict
    subscript instead of a method call (asked ~900k times on Django)."""

    def __init__(self, source: Source) -> None:
        super().__init__()
        self.source = source

    def __missing__(self, path: str) -> LanguageSpec:
        spec = self[path] = get_language(self.source.language_of(path) or "")
        return spec
