"""A method that overrode a base method before the change and does not after it: the base's callers.

A call bound to a base method runs the override of the receiver's run-time class (JLS 15.12.4.4;
every language with virtual dispatch): before the change, the base method's callers ran the old
version of the override. When the change ends the overriding (the anonymous class body
``new Base() { … }`` around the method is gone, JLS 15.9.5, or its class no longer extends the
base), the graph, brought up to date with the change, has no ``dynamic`` edge from the base method
to it any more, so the walk cannot find those callers. Where that base method is declared without a
body and no override of it is left (JLS 8.4.3.1: only an override runs), a call of it runs no code
of the repository after the change: every such caller must move. So at hop 1 the callers of each
such base method that the old version overrode and the new one does not are filed as callers of
the changed method, their call sites judged against its old and new signature. A base with a body
of its own, or with other overrides left, still runs one of those: its callers are not added. The bases are read
from the two versions' own texts (an anonymous body's ``override`` references, the enclosing
class's ``inherit`` references) and found in the graph by name: one class of that name, else the
one the old file imports or its own package holds; never a guess among several.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import PurePosixPath

from diffreach.extract.core import extract
from diffreach.graph.instances import class_ancestors
from diffreach.graph.store import Store
from diffreach.languages import language_for
from diffreach.languages.signature_text import arity
from diffreach.model import Change, ChangeKind, Edge, EdgeKind, FileExtract, NodeKind, RefKind, Symbol
from diffreach.review.results import Reader, Readers


def former_override_edges(
    store: Store, seeds: Iterable[Change], readers: Readers | None, kinds: tuple[str, ...]
) -> list[Edge]:
    """Edges from the callers of each base method a changed method no longer overrides,
    retargeted at the changed method. Not for an added method: no caller ran it before."""
    if readers is None:
        return []
    by_file: dict[str, list[Change]] = {}
    for c in seeds:
        if c.kind == NodeKind.METHOD and c.old_start_line and ChangeKind.ADDED not in c.changes:
            by_file.setdefault(c.file, []).append(c)
    out: list[Edge] = []
    for path, changes in sorted(by_file.items()):
        old = _extract(path, readers.old)
        if old is None:
            continue
        befores = {c.id: b for c in changes if (b := _old_symbol(old, c)) is not None and _base_names(old, b)}
        new = _extract(path, readers.new) if befores else None  # parsed only where the old version overrode
        for c in changes:
            before = befores.get(c.id)
            if before is None:
                continue
            after = next((s for s in new.symbols if s.id == c.id), None) if new is not None else None
            lost = _base_names(old, before) - (_base_names(new, after) if new is not None and after else set())
            for base in _left_without_implementation(store, _base_methods(store, old, before, lost)):
                out.extend(
                    Edge(e.source, c.id, e.kind, e.resolution, e.confidence, e.line)
                    for e in store.edges_to([base], kinds)
                    if e.source != c.id
                )
    return out


def _extract(path: str, read: Reader) -> FileExtract | None:
    spec = language_for(path)
    data = read(path)
    return extract(path, data, spec) if spec is not None and data is not None else None


def _old_symbol(old: FileExtract, c: Change) -> Symbol | None:
    methods = [s for s in old.symbols if s.kind == NodeKind.METHOD]
    return next((s for s in methods if s.start_line == c.old_start_line), None) or next(
        (s for s in methods if s.id == c.id), None
    )


def _base_names(fx: FileExtract, method: Symbol) -> set[str]:
    """The classes ``method`` overrides a method of, as its file names them: the base of the
    anonymous class body around it, else those its enclosing class extends or implements."""
    names = {r.receiver for r in fx.refs if r.kind == RefKind.OVERRIDE and r.scope == method.id}
    if not names and method.parent:
        names = {r.name for r in fx.refs if r.kind == RefKind.INHERIT and r.scope == method.parent}
    return {_simple(n) for n in names if n}


def _simple(name: str) -> str:
    return name.split("<", 1)[0].rsplit(".", 1)[-1].rsplit("::", 1)[-1].strip()


def _base_methods(store: Store, fx: FileExtract, method: Symbol, bases: set[str]) -> list[str]:
    """The methods of ``bases`` (or of their own bases) that ``method`` overrode: same name, and,
    among overloads, the same number of parameters."""
    spec = language_for(fx.path)
    found: list[str] = []
    for name in sorted(bases):
        cls = _class_named(store, fx, name)
        if cls is None:
            continue
        for owner in [cls, *sorted(class_ancestors(store, cls))]:
            members = [s for s in store.symbols_named(method.name) if s.parent == owner and s.kind == NodeKind.METHOD]
            if len(members) > 1:
                members = [s for s in members if arity(s.signature, spec) == arity(method.signature, spec)]
            if members:
                found.extend(s.id for s in members)
                break
    return found


def _left_without_implementation(store: Store, methods: list[str]) -> list[str]:
    """The base methods declared without a body that no method of the updated graph overrides:
    a call of one runs no code of the repository any more. A base with a body of its own, or
    with other overrides left, still runs one of those: its callers' calls stand."""
    syms = store.symbols(methods)
    still = {e.source for e in store.edges_from(methods, (EdgeKind.DYNAMIC,))}
    return [m for m in methods if m in syms and syms[m].abstract and m not in still]


def _class_named(store: Store, fx: FileExtract, name: str) -> str | None:
    """The one class of the repository ``name`` names in ``fx``'s file: the only one of that
    name, else the one an import of the file binds (its module's path) or its own folder holds."""
    classes = [s for s in store.symbols_named(name) if s.kind == NodeKind.CLASS]
    if len(classes) > 1:
        modules = [i.module.replace(".", "/") for i in fx.imports if name in (i.alias, i.name)]
        imported = [s for s in classes if any(m and m in s.file for m in modules)]
        folder = PurePosixPath(fx.path).parent
        classes = imported or [s for s in classes if PurePosixPath(s.file).parent == folder]
    return classes[0].id if len(classes) == 1 else None


__all__ = ["former_override_edges"]
