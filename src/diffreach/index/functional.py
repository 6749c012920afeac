"""Method references passed where a functional interface is expected.

Java converts a method reference (``this::onWay``, ``Reader::parse``) given where an interface of one
abstract method is expected into an instance of that interface; calling the interface's method runs
the referenced one (JLS 9.8, 15.13.2). A builder's ``setHandler(this::onWay)`` keeps the value in a
field and another method calls ``handler.handle(w)`` much later: the resolver sees the passing call
and the reference, never where the value travels, so after each index we link the interface's method
to the referenced method with a ``dynamic`` edge, the edge an implementing class's method gets. A
change of ``onWay`` then reaches the callers of ``Handler.handle``.

The link needs every fact to agree: the call's argument at position N names a method (the argument
binding of extract/values.py and the reference edge it made), the call resolved to a callee whose
parameter N is declared with a type, and that type is an interface of the repository (a word of the
language's ``functional_interface_words`` before its name) declaring exactly one method that is not
static. The interface is looked up by its simple name: in the callee's file first, then its
directory, then the one of that name in the repository; where that leaves several, no link. The edges
are recomputed whole after each index (pseudo-file ``:functional``), which keeps an incremental update
equal to a full rebuild.
"""

from __future__ import annotations

import re

from diffreach.extract.values import argument_of
from diffreach.graph.derived_edges import (
    classes_named,
    derived_edge_pairs,
    has_files_in,
    methods_of_class,
    passed_values,
    replace_derived_edges,
    scope_bindings,
    signature,
    targets_named,
)
from diffreach.graph.store import Store
from diffreach.languages import all_languages
from diffreach.languages.signature_text import parameter_list, top_level_split
from diffreach.languages.spec import LanguageSpec
from diffreach.model import CONFIDENCE, VALUE_MARK, Edge, EdgeKind, NodeKind, Resolution

FUNCTIONAL_FILE = ":functional"
_WORD = re.compile(r"[A-Za-z_$][\w$]*")
_CALLABLE = (NodeKind.FUNCTION, NodeKind.METHOD)


def _functional_languages() -> dict[str, LanguageSpec]:
    return {spec.name: spec for spec in all_languages() if spec.functional_interface_words}


def functional_edges(store: Store) -> list[Edge]:
    """Interface method → each method a reference passes where the interface is expected."""
    specs = _functional_languages()
    if not specs or not has_files_in(store, specs):
        return []
    edges: set[Edge] = set()
    for scope, name, held in passed_values(store, specs):
        parsed = argument_of(name)
        if parsed is None or not parsed[1].isdigit():
            continue  # a keyword slot or a table entry: no position to read a declared type at
        value = held[len(VALUE_MARK) :].rpartition(".")[2]
        methods = [i for i, kind in targets_named(store, scope, (EdgeKind.REFERENCES,), value) if kind in _CALLABLE]
        if not value or not methods:
            continue
        for callee, kind in targets_named(store, scope, (EdgeKind.CALLS, EdgeKind.TESTS), parsed[0]):
            sam = _single_method(store, specs, callee, int(parsed[1])) if kind in _CALLABLE else None
            if sam is not None:
                edges.update(_dynamic(sam, m) for m in methods if m != sam)
    return sorted(edges, key=lambda e: (e.source, e.target))


def _dynamic(source: str, target: str) -> Edge:
    return Edge(source, target, EdgeKind.DYNAMIC, Resolution.DYNAMIC, CONFIDENCE[Resolution.DYNAMIC], 0)


def _single_method(store: Store, specs: dict[str, LanguageSpec], callee: str, position: int) -> str | None:
    """The one method of the functional interface the callee's parameter ``position`` declares."""
    type_name = _parameter_type(store, callee, position)
    if not type_name:
        return None
    interface = _interface(store, specs, callee, type_name.rpartition(".")[2])
    if interface is None:
        return None
    spec = specs[interface[1]]
    methods = [m for m, sig in methods_of_class(store, interface[0]) if not spec.is_static(sig)]
    return methods[0] if len(methods) == 1 else None


def _parameter_type(store: Store, callee: str, position: int) -> str:
    """The declared type of the callee's parameter ``position``: the one name of the parameter's
    text that the callee binds (its parameter), read with the type its binding states."""
    params = parameter_list(signature(store, callee))
    entries = [e for e in top_level_split(params or "", ",") if e.strip()]
    if position >= len(entries):
        return ""
    bound = scope_bindings(store, callee)
    names = [w for w in _WORD.findall(entries[position]) if w in bound]
    return bound[names[0]] if len(names) == 1 else ""


def _interface(store: Store, specs: dict[str, LanguageSpec], near: str, name: str) -> tuple[str, str] | None:
    """(id, language) of the interface ``name`` seen from the callee ``near``: in its file, else in
    its directory, else the only one of the repository; None when none or several remain."""
    found = [
        (cls, file, lang)
        for cls, file, sig, lang in classes_named(store, name, specs)
        if _declares_interface(specs[lang], name, sig)
    ]
    file = near.partition("::")[0]
    for pick in (lambda f: f == file, lambda f: f.rpartition("/")[0] == file.rpartition("/")[0], lambda f: True):
        kept = [(cls, lang) for cls, f, lang in found if pick(f)]
        if kept:
            return kept[0] if len(kept) == 1 else None
    return None


def _declares_interface(spec: LanguageSpec, name: str, sig: str) -> bool:
    words = sig.partition("<")[0].partition(name)[0].split()
    return not spec.functional_interface_words.isdisjoint(words)


def replace_functional_edges(store: Store) -> bool:
    """Recompute the edges; True when they differ from the stored ones (counts must be redone)."""
    edges = functional_edges(store)
    if sorted((e.source, e.target) for e in edges) == derived_edge_pairs(store, FUNCTIONAL_FILE):
        return False
    replace_derived_edges(store, FUNCTIONAL_FILE, edges)
    return True


__all__ = ["FUNCTIONAL_FILE", "functional_edges", "replace_functional_edges"]
