"""The last resort of resolution: a name matched across the repository.

The layer on ``Classes`` (see ``state.py``). A name that scope, imports and receivers could not bind
may match a definition by name alone: kept when it is unique, or when every
definition of a method name overrides one base method (then the call is a call
of that virtual method), or as a low-confidence ``ambiguous-name`` edge to each
of at most three candidates. Also dispatch completion: edges from a base method
to the overrides in a subclass, and the edges any resolved target becomes
(``_edge``: a class called is its constructor, a base class brings its
overrides).
"""

from __future__ import annotations

from functools import cache

from diffreach.languages.repo_files import PackageScopes
from diffreach.languages.spec import LanguageSpec
from diffreach.model import (
    CONFIDENCE,
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
from diffreach.resolve.overloads import Overloads, split_confidence
from diffreach.resolve.records import EXTERNAL, MAX_AMBIGUOUS, MAX_DEPTH, Target
from diffreach.resolve.records import qualname as _qualname

_MAX_DEPTH = MAX_DEPTH


class NameFallback(Overloads):
    def _by_name(self, path: str, ref: Ref, spec: LanguageSpec, source_is_test: bool, method: bool) -> ResolvedRef:
        if ref.kind == RefKind.VALUE or ref.name.startswith("__") or (method and ref.name in spec.builtin_methods):
            return ResolvedRef(ref, path, RefStatus.UNRESOLVED)
        key = (ref.name, method, spec.name)
        candidates = self._by_name_rows.get(key)
        if candidates is None:  # the same few names come back thousands of times
            kinds = (NodeKind.METHOD,) if method else (NodeKind.FUNCTION, NodeKind.CLASS)
            # Overloads (Foo.m, Foo.m#2) are one name: the first stands for them all, as in child().
            # Deduplicated once per name, not per reference: a method name defined in every one of
            # N files (``run``) made a full build quadratic (50,000 files never finished).
            firsts: dict[tuple[str, str], SymRow] = {}
            for row in self._candidates(ref.name):
                if row.kind in kinds and self.source.language_of(row.file) == spec.name and not self._is_local(row):
                    firsts.setdefault((row.file, _qualname(row.id)), row)
            candidates = self._by_name_rows[key] = list(firsts.values())
        every = candidates
        scopes = self._package_scopes(spec)
        if scopes is not None:  # never into a package this file's cannot reach
            candidates = [c for c in candidates if scopes.sees(path, c.file)]
        if len(candidates) == 1:
            return self._edge(path, ref, candidates[0], Resolution.UNIQUE_NAME, source_is_test)
        root = None
        if method and len(every) > 1:
            # Asked with no guard open, so the same for every reference of the name: once.
            root = (
                self._by_name_roots[key]
                if key in self._by_name_roots
                else self._by_name_roots.setdefault(key, self._common_root(every))
            )
        if root is not None and (scopes is None or scopes.sees(path, root.file)):
            # Every definition of the name overrides one base method: whatever the
            # receiver, the call is a call of that virtual method (dynamic edges lead on).
            return self._edge(path, ref, root, Resolution.UNIQUE_NAME, source_is_test)
        return self._ambiguous(path, ref, candidates, source_is_test, RefStatus.UNRESOLVED)

    def _package_scopes(self, spec: LanguageSpec) -> PackageScopes | None:
        """The language's resolver where it knows which packages a file can reach; else None."""
        if spec.name not in self._scopes:
            resolver = self.module_resolver(spec)
            self._scopes[spec.name] = resolver if isinstance(resolver, PackageScopes) else None
        return self._scopes[spec.name]

    def _ambiguous(
        self, path: str, ref: Ref, candidates: list[SymRow], source_is_test: bool, otherwise: RefStatus
    ) -> ResolvedRef:
        """An ``ambiguous-name`` edge to each of a few candidates, in id order; ``otherwise``
        when there are more than ``MAX_AMBIGUOUS`` (or fewer than two)."""
        if 1 < len(candidates) <= MAX_AMBIGUOUS:
            edges = tuple(
                self._make_edge(ref, c, Resolution.AMBIGUOUS_NAME, source_is_test, len(candidates))
                for c in sorted(candidates, key=lambda r: r.id)
            )
            return ResolvedRef(ref, path, RefStatus.AMBIGUOUS, edges)
        return ResolvedRef(ref, path, otherwise)

    def outside_type_call(self, path: str, ref: Ref, spec: LanguageSpec, source_is_test: bool) -> ResolvedRef:
        """A call on a value of an outside type: that type's own method, or one the repository
        defines for outside types (``outside_type_methods``: Rust's ``impl Ext for str``, a blanket
        ``impl<T> Ext for T``), i.e. a method of that name whose type is no class of the
        repository. External when there is none, or when the name is one of the language's
        common methods (``builtin_methods``: ``from``, ``fmt``), as by name."""
        if ref.kind != RefKind.CALL:
            return ResolvedRef(ref, path, RefStatus.EXTERNAL)
        found = self.outside_type_methods(ref.name, spec)
        if len(found) == 1:
            return self._edge(path, ref, found[0], Resolution.UNIQUE_NAME, source_is_test)
        return self._ambiguous(path, ref, found, source_is_test, RefStatus.EXTERNAL)

    def outside_type_methods(self, name: str, spec: LanguageSpec) -> list[SymRow]:
        """The methods named ``name`` the repository defines for outside types (a method whose
        type is no class here: ``impl Ext for str``, a blanket ``impl<T> Ext for T``); none where
        the language has no such methods or the name is one of its common ones."""
        if not spec.outside_type_methods or name in spec.builtin_methods:
            return []
        key = (name, spec.name)
        found = self._outside_type_rows.get(key)
        if found is None:  # once per name, as in _by_name
            found = self._outside_type_rows[key] = [
                row
                for row in self._candidates(name)
                if row.kind == NodeKind.METHOD
                and row.parent == row.file
                and self.source.language_of(row.file) == spec.name
            ]
        return found

    def _methods_of(self, path: str) -> dict[str, list[tuple[str, SymRow]]]:
        """The methods of each class of a file (by member name), in id order. Speed: sorting
        the file's members on each inherit reference was 10% of resolving Django; kept per
        file, as the file's symbols are (an inherit reference asks for its class's file and,
        where the class has several bases, for its base's: one memo of the last file asked
        sorted them again on every such reference)."""
        table = self._class_methods.get(path)
        if table is None:
            table = {}
            members = [
                (parent, name, row)
                for name, parents in self._syms(path)[1].items()
                for parent, row in parents.items()
                if row.kind == NodeKind.METHOD and parent is not None
            ]
            for parent, name, row in sorted(members, key=lambda m: m[2].id):
                table.setdefault(parent, []).append((name, row))
            self._class_methods[path] = table
        return table

    def _common_root(self, candidates: list[SymRow]) -> SymRow | None:
        """The one base method all these methods override, if there is exactly one."""
        roots: set[str] = set()
        found: SymRow | None = None
        for row in candidates:
            top = row
            cls = self.symbol(row.parent) if row.parent else None
            if cls is None or cls.kind != NodeKind.CLASS:
                return None
            for base in self.bases(cls):
                overridden = self.member(base, row.name)
                if overridden is not None and overridden.kind == NodeKind.METHOD:
                    top = self._root_of(overridden)
                    break
            roots.add(top.id)
            found = top
            if len(roots) > 1:
                return None
        return found

    def _root_of(self, method: SymRow, depth: int = 0) -> SymRow:
        cls = self.symbol(method.parent) if method.parent else None
        if cls is None or depth > _MAX_DEPTH:
            return method
        for base in self.bases(cls):
            overridden = self.member(base, method.name)
            if overridden is not None and overridden.kind == NodeKind.METHOD:
                return self._root_of(overridden, depth + 1)
        return method

    def _is_local(self, row: SymRow) -> bool:
        """A function nested in a function is a local name, never a repository-wide match."""
        if not row.parent or row.parent == row.file:
            return False
        # The parent's kind alone: reading the whole file of every candidate of a common name
        # (``run`` in 50,000 classes) into the per-file memos was a streamed build's memory peak.
        return self.source.kind_of(row.parent) in (NodeKind.FUNCTION, NodeKind.METHOD)

    def _overrides(self, class_id: str, base: SymRow) -> list[Edge]:
        """Dispatch completion: a call to ``Base.m`` may run ``Sub.m``; edge Base.m → Sub.m."""
        cls = self.symbol(class_id)
        if cls is None:
            return []
        # `impl Tr for str`: an impl for a type that is no class here; its methods are the file's,
        # each keyed by its qualname (str.m).
        outside = cls.kind == NodeKind.FILE and self._specs[cls.file].outside_type_methods
        edges = []
        redeclares = self._interface_over_class(cls, base)
        for name, row in self._methods_of(cls.file).get(class_id, ()):
            overridden = self.member(base, name.rpartition(".")[2] if outside else name)
            if overridden is not None and overridden.kind == NodeKind.METHOD and not self._hides(overridden, row):
                overridden = self.same_overload(overridden, row)  # m(int) overrides m(int), not m()
                # An interface's redeclaration runs the class's member, not the other way round.
                pair = (row.id, overridden.id) if redeclares else (overridden.id, row.id)
                edges.append(Edge(*pair, EdgeKind.DYNAMIC, Resolution.DYNAMIC, CONFIDENCE[Resolution.DYNAMIC], 0))
        return edges if outside else edges + self._inherited_implementations(cls, base)

    def _interface_over_class(self, cls: SymRow, base: SymRow) -> bool:
        """Whether ``cls`` is an interface extending the class ``base`` (``interface_keywords``)."""
        spec = self._specs[cls.file]
        return (
            bool(spec.interface_keywords)
            and spec.is_interface(self.source.signature_of(cls.id))
            and not self._specs[base.file].is_interface(self.source.signature_of(base.id))
        )

    def _hides(self, base: SymRow, method: SymRow) -> bool:
        """Whether ``method`` of a subclass hides ``base`` rather than overriding it: either is
        static where the language makes static methods hidden (``LanguageSpec.static_modifiers``),
        or the member is one the language never dispatches (``LanguageSpec.hidden_members``)."""
        if method.name in self._specs[method.file].hidden_members:
            return True
        return self._is_static(method) or self._is_static(base)

    def _is_static(self, method: SymRow) -> bool:
        spec = self._specs[method.file]
        return bool(spec.static_modifiers) and spec.is_static(self.source.signature_of(method.id))

    def _inherited_implementations(self, cls: SymRow, base: SymRow) -> list[Edge]:
        """A call to ``base.m`` on an object of ``cls`` runs what ``cls``'s own lookup finds: a
        method it inherits from another base when that one comes first (Java: a superclass's
        method wins over an interface's default; Python: the MRO). Edge base.m → that method."""
        if len(self.bases(cls)) < 2:
            return []  # one base: the class's lookup reaches base.m itself
        own = {name for name, _ in self._methods_of(cls.file).get(cls.id, ())}
        edges = []
        for name, method in self._methods_of(base.file).get(base.id, ()):
            if name in own or "#" in method.id or self._is_static(method):
                continue
            found = self.member(cls, name)
            if (
                found is not None
                and found.kind == NodeKind.METHOD
                and found.id != method.id
                and found.parent != base.id
            ):
                edges.append(
                    Edge(method.id, found.id, EdgeKind.DYNAMIC, Resolution.DYNAMIC, CONFIDENCE[Resolution.DYNAMIC], 0)
                )
        return edges

    def anonymous_override(self, path: str, ref: Ref, base: Target | None) -> ResolvedRef:
        """A method of an anonymous class body (``RefKind.OVERRIDE``) overrides the method of
        that name of the class the body extends or implements (``base``, its ``receiver``,
        looked up through its bases): the dispatch edge base.m → it, as ``_overrides`` makes for
        a named subclass. A static member is hidden, not overridden; a base outside the
        repository is external, one without the method unresolved (a method of its own)."""
        if base is EXTERNAL:
            return ResolvedRef(ref, path, RefStatus.EXTERNAL)
        method = self.symbol(ref.scope)
        found = self.member(base, ref.name) if isinstance(base, SymRow) and base.kind == NodeKind.CLASS else None
        if method is None or found is None or found.kind != NodeKind.METHOD or self._hides(found, method):
            return ResolvedRef(ref, path, RefStatus.UNRESOLVED)
        found = self.same_overload(found, method)  # m(int) overrides m(int), not m()
        edge = Edge(found.id, method.id, EdgeKind.DYNAMIC, Resolution.DYNAMIC, CONFIDENCE[Resolution.DYNAMIC], 0)
        return ResolvedRef(ref, path, RefStatus.RESOLVED, (edge,))

    def _edge(self, path: str, ref: Ref, target: SymRow, resolution: Resolution, source_is_test: bool) -> ResolvedRef:
        if target.kind == NodeKind.FILE or (target.id == ref.scope and ref.kind != RefKind.CALL):
            return ResolvedRef(ref, path, RefStatus.UNRESOLVED)
        if ref.kind == RefKind.INHERIT and not self.can_be_base(target):
            return ResolvedRef(ref, path, RefStatus.UNRESOLVED)
        if ref.kind == RefKind.CALL and target.kind == NodeKind.CLASS:
            target = self._constructor(target)
        members = self.overload_targets(ref, target) if ref.kind == RefKind.CALL else [target]
        edges = [self._make_edge(ref, m, resolution, source_is_test, family=len(members)) for m in members]
        if ref.kind == RefKind.INHERIT:
            edges.extend(self._overrides(ref.scope, target))
        return ResolvedRef(ref, path, RefStatus.RESOLVED, tuple(edges))

    def _make_edge(
        self, ref: Ref, target: SymRow, resolution: Resolution, source_is_test: bool, n: int = 1, family: int = 1
    ) -> Edge:
        """``n``: the candidates of an ambiguous name; ``family``: the overloads the call may run."""
        if ref.kind == RefKind.INHERIT:
            kind = EdgeKind.INHERITS
        elif source_is_test and not target.is_test:
            kind = EdgeKind.TESTS
        else:
            kind = EdgeKind.CALLS if ref.kind in (RefKind.CALL, RefKind.PROTOCOL) else EdgeKind.REFERENCES
        return Edge(
            ref.scope, target.id, kind, resolution, split_confidence(_confidence(resolution, n), family), ref.line
        )


@cache
def _confidence(resolution: Resolution, n: int) -> float:
    """An edge's confidence: a handful of values, rounded once each instead of per edge."""
    return round(CONFIDENCE[resolution] / (n if resolution == Resolution.AMBIGUOUS_NAME else 1), 3)
