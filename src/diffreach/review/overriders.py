"""A changed signature of a base method is a change of its overrides: their callers are its callers.

Where the language lets a method override a base's only with the same parameter types
(``LanguageSpec.overrides_keep_signature``: Java, JLS 8.4.8.1; C#, Kotlin, Rust, Swift, Scala),
an override of a base method whose parameters changed must change with it (or it overrides
nothing any more: ``@Override`` and an abstract method left unimplemented fail to compile). A caller that calls the override through the
subclass's type (``UiCallback cb; cb.clientError(msg)``, bound to ``UiCallback.clientError``) passes
the old arguments as much as a caller of the base does. So at hop 1 the callers of each override
(down the ``dynamic`` edges, ``MAX_DEPTH`` levels) are filed as callers of the changed base method,
and their call sites are judged against its old and new signature. A body change leaves overrides
alone (each runs its own body), and so does a language where an override may take other parameters.
"""

from __future__ import annotations

from collections.abc import Iterable

from diffreach.graph.instances import overrides_of
from diffreach.graph.store import Store
from diffreach.languages import language_for
from diffreach.model import Change, ChangeKind, Edge, NodeKind


def override_caller_edges(store: Store, seeds: Iterable[Change], kinds: tuple[str, ...]) -> list[Edge]:
    """Edges from the callers of the overrides of each seed whose signature changed, retargeted at
    the seed. Not from overrides in test code when the seed is not: a test's fake is its own."""
    out: list[Edge] = []
    for c in seeds:
        spec = language_for(c.file)
        if c.kind != NodeKind.METHOD or ChangeKind.SIGNATURE not in c.changes:
            continue
        if spec is None or not spec.overrides_keep_signature:
            continue
        overrides = overrides_of(store, c.id)
        if not overrides:
            continue
        syms = store.symbols([c.id, *overrides])
        base_is_test = c.id in syms and syms[c.id].is_test
        kept = [o for o in overrides if o in syms and (base_is_test or not syms[o].is_test)]
        for e in store.edges_to(kept, kinds):
            if e.source not in overrides and e.source != c.id:  # super.m() in another override: its own call
                out.append(Edge(e.source, c.id, e.kind, e.resolution, e.confidence, e.line))
    return out


__all__ = ["override_caller_edges"]
