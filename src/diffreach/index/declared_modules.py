"""Declarations linked to what they declare: a TypeScript declaration file and its JavaScript module.

A ``.d.ts`` file states the types of a JavaScript module that holds the code (``x.d.ts`` beside
``x.js``; a package.json's ``types`` for its ``main``): TypeScript code calling the package binds
to the declaration, and at run time the JavaScript runs. Which file declares which is the
language's (``LanguageSpec.declared_modules``); here each declared function or method is linked
to the one of the same qualified name in the declared module with a ``dynamic`` edge, the edge an
interface method has to its implementation: a changed implementation reaches the callers bound to
its declaration (``review/impact.py``'s dispatch). Every member of an overload family (``f``,
``f#2``) declares the one implementation; a member of what the file exports as the module itself
(``export = ns``, a namespace) is named without ``ns``. Recomputed whole with the structural
interface edges (``interfaces.py``), so an incremental update equals a full rebuild.
"""

from __future__ import annotations

from diffreach.graph.source import StoreSource
from diffreach.graph.store import Store
from diffreach.languages import all_languages
from diffreach.model import CONFIDENCE, Edge, EdgeKind, NodeKind, Resolution

_CALLABLE = (NodeKind.FUNCTION, NodeKind.METHOD)


def declaration_edges(store: Store) -> list[Edge]:
    """Each declared function or method → its implementation in the declared module."""
    languages = store.file_languages()
    present = {lang for lang, _ in languages.values()}
    readers = {s.declared_modules for s in all_languages() if s.name in present and s.declared_modules is not None}
    if not readers:
        return []
    source = StoreSource(store, languages)
    pairs = sorted({pair for read in readers for pair in read(source)})
    edges: set[Edge] = set()
    for declaration, module in pairs:
        implemented = {s.qualname: s.id for s in store.symbols_in_file(module) if s.kind in _CALLABLE}
        # What the file exports as the module itself (``export = commander``, a namespace): its
        # members are the module's, named without it.
        roots = tuple(f"{i.name}." for i in source.imports_of(declaration) if not i.module and i.alias == "default")
        for s in store.symbols_in_file(declaration):
            # Overload signatures (``f``, ``f#2``) declare the one implementation.
            name = s.qualname.partition("#")[0]
            name = next((name[len(r) :] for r in roots if name.startswith(r)), name)
            target = implemented.get(name) if s.kind in _CALLABLE else None
            if target is not None:
                edges.add(Edge(s.id, target, EdgeKind.DYNAMIC, Resolution.DYNAMIC, CONFIDENCE[Resolution.DYNAMIC], 0))
    return sorted(edges, key=lambda e: (e.source, e.target))


__all__ = ["declaration_edges"]
