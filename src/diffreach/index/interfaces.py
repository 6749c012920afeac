"""Interfaces satisfied without being named: Go's implicit implementation, TypeScript's
structural typing.

A Go type implements an interface by having its methods, and a TypeScript class is assignable to
every interface whose members it has; no ``implements`` clause says so, so no reference can carry
the link the way a subclass's base list carries an override's. After each index we link every
interface method to the method of that name of each type that has all of the interface's methods
(its own and those of the interfaces it embeds) with a ``dynamic`` edge, the edge a subclass's
override gets: a call through the interface may run any of them, and a changed implementation
reaches the interface method's callers. The match is by method name, not signature (the graph keeps
no types), within one language whose spec sets ``interface_word`` (the word after a type's name that
makes it an interface) or ``interfaces_by_shape`` (an interface by one of ``interface_keywords`` before
its name). Methods a type gets by embedding or inheriting another's are not counted, nor an interface's
properties (the graph keeps methods only); where one name would decide alone, ``shape_min_methods``
asks for more (TypeScript: a class sharing one method's name with an interface shows no more of its
shape than the name). Like the registries' edges, these are recomputed whole (they carry the file
``:structural``), after a full build and after an update that moved some file's definitions or the
file set (a body edit changes no method set), which keeps an incremental update equal to a full
rebuild.
"""

from __future__ import annotations

from collections.abc import Iterable

from diffreach.graph.derived_edges import (
    classes_and_methods_in,
    derived_edge_pairs,
    edge_pairs_of_kind,
    has_files_in,
    replace_derived_edges,
)
from diffreach.graph.store import Store
from diffreach.index.declared_modules import declaration_edges
from diffreach.languages import all_languages, language_for
from diffreach.languages.spec import LanguageSpec
from diffreach.model import CONFIDENCE, Edge, EdgeKind, NodeKind, Resolution

STRUCTURAL_FILE = ":structural"
_MAX_EMBEDDING = 8  # interfaces embedding interfaces: levels followed


def _structural_languages() -> dict[str, LanguageSpec]:
    return {spec.name: spec for spec in all_languages() if spec.interface_word or spec.interfaces_by_shape}


def _is_interface(spec: LanguageSpec, name: str, signature: str) -> bool:
    if spec.interface_word:
        after = signature.partition(name)[2].split()
        return bool(after) and after[0].startswith(spec.interface_word)
    return spec.is_interface(signature)


def structural_edges(store: Store) -> list[Edge]:
    """Interface method → the same-named method of every type that has all the interface's methods."""
    specs = _structural_languages()
    if not specs or not has_files_in(store, specs):
        return []
    rows = classes_and_methods_in(store, specs)
    language: dict[str, str] = {}
    interfaces: set[str] = set()
    types_in_dir: dict[tuple[str, str], str] = {}  # (directory, type name) → type id: a package's types
    for ident, kind, name, _, _, file, signature, lang in rows:
        if kind == NodeKind.CLASS:
            language[ident] = lang
            types_in_dir.setdefault((file.rpartition("/")[0], name), ident)
            if _is_interface(specs[lang], name, signature):
                interfaces.add(ident)
    methods: dict[str, dict[str, str]] = {}  # type or interface id → method name → method id
    declared_by: dict[str, str] = {}  # method id → its type or interface
    for ident, kind, name, qualname, parent, file, _, lang in rows:
        if kind != NodeKind.METHOD:
            continue
        # A method declared in another file of the package than its type (``func (q *T) M()``)
        # is nested under its file; its qualified name names the type.
        owner = parent if parent in language else None
        if owner is None and specs[lang].interface_word:
            owner = types_in_dir.get((file.rpartition("/")[0], qualname.partition(".")[0]))
        if owner is not None:
            methods.setdefault(owner, {}).setdefault(name, ident)
            declared_by[ident] = owner
    embeds = _embeddings(store, interfaces, language, specs)
    owners: dict[tuple[str, str], set[str]] = {}  # (language, method name) → concrete types having it
    for owner, named in methods.items():
        if owner in language and owner not in interfaces:
            for name in named:
                owners.setdefault((language[owner], name), set()).add(owner)
    edges: set[Edge] = set()  # an embedded interface's methods come again through the embedding one
    for iface in sorted(interfaces):
        wanted = _method_set(iface, methods, embeds)
        lang = language[iface]
        if len(wanted) < max(1, specs[lang].shape_min_methods):
            continue  # interface{} / any: every type has its no methods
        types = set.intersection(*(owners.get((lang, name), set()) for name in wanted))
        for concrete in sorted(types):
            for name, method in sorted(wanted.items()):
                if declared_by[method] not in interfaces:
                    continue  # a class's member an interface inherits: its own calls run it
                target = methods[concrete][name]
                edges.add(Edge(method, target, EdgeKind.DYNAMIC, Resolution.DYNAMIC, CONFIDENCE[Resolution.DYNAMIC], 0))
    return sorted(edges, key=lambda e: (e.source, e.target))


def _embeddings(
    store: Store, interfaces: set[str], language: dict[str, str], specs: dict[str, LanguageSpec]
) -> dict[str, list[str]]:
    """Interface → the interfaces it embeds or extends, and where interfaces go by shape, the
    classes it extends (a TypeScript interface inherits a class's members: its shape has them)."""
    embeds: dict[str, list[str]] = {}
    for source, target in edge_pairs_of_kind(store, EdgeKind.INHERITS):
        if source in interfaces and (
            target in interfaces or (target in language and specs[language[source]].interfaces_by_shape)
        ):
            embeds.setdefault(source, []).append(target)
    return embeds


def _method_set(iface: str, methods: dict[str, dict[str, str]], embeds: dict[str, list[str]]) -> dict[str, str]:
    """Name → the interface method declaring it: its own, then those of the interfaces it embeds."""
    out: dict[str, str] = {}
    todo, seen = [(iface, 0)], {iface}
    while todo:
        current, depth = todo.pop(0)
        for name, method in methods.get(current, {}).items():
            out.setdefault(name, method)
        if depth < _MAX_EMBEDDING:
            for inner in embeds.get(current, ()):
                if inner not in seen:
                    seen.add(inner)
                    todo.append((inner, depth + 1))
    return out


def links_structure(paths: Iterable[str]) -> bool:
    """Whether files at these paths are of a language with structural links (interfaces met by
    method sets, declaration files): a change moving their definitions moves the links."""
    return any(
        (s := language_for(p)) is not None and bool(s.interface_word or s.interfaces_by_shape or s.declared_modules)
        for p in paths
    )


def replace_structural_edges(store: Store) -> bool:
    """Recompute the edges, with those of declaration files (``declared_modules.py``); True when they differ from the stored ones (counts must be redone)."""
    edges = structural_edges(store) + declaration_edges(store)
    rows = sorted((e.source, e.target) for e in edges)
    if rows == derived_edge_pairs(store, STRUCTURAL_FILE):
        return False
    replace_derived_edges(store, STRUCTURAL_FILE, edges)
    return True


__all__ = ["STRUCTURAL_FILE", "links_structure", "replace_structural_edges", "structural_edges"]
