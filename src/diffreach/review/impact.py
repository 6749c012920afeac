"""The blast radius: a backward walk from the changed symbols, hop by hop, with caps.

Hop 0 is the change; hop 1 its direct callers (required reading); hop 2 their
callers (skim for contract drift); hop 3 names only. The walk follows
``calls``, ``references`` and ``dynamic`` edges backwards, ``imports`` for
module-level changes, and ``inherits`` at most ``inheritance_depth`` levels.
Three caps keep the answer small and say so when they bite: the hop cap, the
utility cap (a hub with many callers is listed, not expanded; when the change
is the hub, its callers are ranked and the first N shown), and a node cap.
``tests`` edges are never walked: tests that reach the radius are returned
apart, as tests to run. Deleted symbols have no node any more; their callers
are the references left pointing at the old name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fnmatch import fnmatch
from functools import cache, partial

from diffreach.config import Config
from diffreach.graph.instances import foreign_overrides, idle_overrides
from diffreach.graph.lookup import definitions_named
from diffreach.graph.store import Store
from diffreach.model import Change, ChangeKind, Edge, EdgeKind, NodeKind, Radius, Reached, Resolution
from diffreach.review.behavior import (
    BEHAVIOR_THRESHOLD,
    Judge,
)
from diffreach.review.callsites import Readers
from diffreach.review.dependents import (
    class_constructors,
    constructed_through,
    constructing_edges,
    importer_edges,
    orphan_callers,
    subclass_edges,
)
from diffreach.review.families import family_edges
from diffreach.review.former_overrides import former_override_edges
from diffreach.review.hubs import listable, rank_hub_callers
from diffreach.review.overriders import override_caller_edges
from diffreach.review.overrides import drop_super_calls
from diffreach.review.scoring import hub_sample, score_reached

WALK_KINDS = (EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.DYNAMIC)
CALLER_KINDS = (EdgeKind.CALLS, EdgeKind.REFERENCES)
FORWARD_KINDS = (EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.INHERITS)


_DEFAULTS = Config()  # the one table of defaults


@dataclass(frozen=True)
class Caps:
    hops: int = _DEFAULTS.hops
    utility_threshold: int = _DEFAULTS.utility_threshold
    hub_callers_shown: int = _DEFAULTS.hub_callers_shown
    inheritance_depth: int = _DEFAULTS.inheritance_depth
    max_nodes: int = _DEFAULTS.max_nodes
    all_callers: bool = False  # a request's choice, not configuration
    include_tests: bool = _DEFAULTS.include_tests
    name_matches: int = _DEFAULTS.name_matches  # call sites by name alone (unknown receivers) per changed contract

    @classmethod
    def from_config(cls, config: Config, hops: int, all_callers: bool = False) -> Caps:
        return cls(
            hops=hops,
            utility_threshold=config.utility_threshold,
            hub_callers_shown=config.hub_callers_shown,
            inheritance_depth=config.inheritance_depth,
            max_nodes=config.max_nodes,
            all_callers=all_callers,
            include_tests=config.include_tests,
            name_matches=config.name_matches,
        )


class _Walk:  # a plain class: no dataclass methods to compile at load (speed)
    def __init__(
        self,
        store: Store,
        caps: Caps,
        read_lines: Callable[[str], list[str] | None],
        notes: list[str],
        readers: Readers | None,
        seeds: dict[str, Change],
    ) -> None:
        self.store, self.caps, self.read_lines, self.notes = store, caps, read_lines, notes
        self.readers, self.seeds = readers, seeds
        self.reached: dict[str, Reached] = {}
        self.truncated = False
        self.ambiguous: list[tuple[str, str]] = []
        # Subclasses reached because their base changed: what reaches them is what they inherit.
        self.inheritors: set[str] = set()


def blast_radius(
    store: Store,
    changed: Sequence[Change],
    caps: Caps,
    read_lines: Callable[[str], list[str] | None] = lambda path: None,
    judge: Judge | None = None,
    cross_cutting: Sequence[str] = (),
    readers: Readers | None = None,
) -> Radius:
    """The walk back from ``changed``. ``readers`` (bytes before and after the change) let
    each direct caller's call sites be judged against the old and the new signature."""
    notes: list[str] = []
    hot = sorted({c.file for c in changed if any(fnmatch(c.file, g) for g in cross_cutting)})
    if hot:
        caps = replace(
            caps,
            hops=max(caps.hops, 3),
            utility_threshold=10**9,
            hub_callers_shown=10**9,
            inheritance_depth=max(caps.inheritance_depth, 2),
            max_nodes=caps.max_nodes * 4,
            all_callers=True,
            name_matches=caps.name_matches * 4,
        )
        notes.append(f"cross-cutting module changed ({', '.join(hot)}): pruning caps lifted, hop cap {caps.hops}")
    seeds = {c.id: c for c in changed}
    w = _Walk(store, caps, read_lines, notes, readers, seeds)
    changed_test_files = {c.file for c in changed if _is_test_change(store, c)}
    hub_callers = _walk(w, seeds, changed_test_files)
    judged_by = _with_graph_answers(store, readers) if readers is not None else None
    reached = score_reached(list(w.reached.values()), seeds, judge, judged_by, read_lines)
    tests, test_files = _tests(store, seeds, reached, caps)
    uses = _uses(store, seeds)
    files = sorted(
        {c.file for c in changed if c.file not in changed_test_files or caps.include_tests}
        | {r.file for r in reached if not r.is_test}
    )
    if w.ambiguous:
        notes.append(f"{len(w.ambiguous)} edges in the radius rest on ambiguous or name-only matches")
    return Radius(
        changed=tuple(sorted(changed, key=lambda c: (c.file, c.start_line, c.id))),
        reached=tuple(sorted(reached, key=lambda r: (r.hop, -r.behavior, r.file, r.start_line, r.id))),
        uses=tuple(uses),
        tests=tuple(tests),
        test_files=tuple(test_files),
        files=tuple(files),
        truncated=w.truncated,
        notes=tuple(notes),
        ambiguous_edges=tuple(sorted(set(w.ambiguous or []))),
        hops=caps.hops,
        hub_callers=tuple(hub_callers),
    )


def _with_graph_answers(store: Store, readers: Readers) -> Readers:
    """The readers with what judging a call asks the graph (each answer kept per review)."""
    return replace(
        readers,
        defined=_defined_in(store),
        constructed_through=cache(partial(constructed_through, store)),
        constructors=cache(partial(class_constructors, store)),
        call_lines=partial(_call_lines, store),
    )


def _call_lines(store: Store, caller: str, callee: str) -> tuple[int, ...]:
    edges = store.edges_from([caller], [EdgeKind.CALLS])
    return tuple(sorted({e.line for e in edges if e.target == callee and e.line}))


def _is_test_change(store: Store, c: Change) -> bool:
    sym = store.symbol(c.id)
    if sym is not None:
        return sym.is_test
    file_sym = store.symbol(c.file)
    return bool(file_sym and file_sym.is_test)


def _walk(w: _Walk, seeds: dict[str, Change], changed_test_files: set[str]) -> list[tuple[str, int]]:
    store, caps = w.store, w.caps
    hub_callers: list[tuple[str, int]] = []
    visited: set[str] = set(seeds)
    frontier: list[str] = list(seeds)
    # Callers of deleted symbols: the references that lost their target.
    orphan_edges = orphan_callers(store, list(seeds.values()), caps.name_matches, w.notes)
    for hop in range(1, caps.hops + 1):
        if not frontier:
            break
        # A base method whose override changed dispatches to it: its callers are direct
        # callers of the change, so base methods join this hop instead of costing one.
        aliases = _dispatch_aliases(w, frontier, visited, hop)
        frontier = frontier + list(aliases)
        by_target: dict[str, list[Edge]] = {}
        for e in _hop_edges(w, seeds, frontier, aliases, orphan_edges if hop == 1 else None):
            by_target.setdefault(e.target, []).append(e)
        next_frontier: list[str] = []
        for source, target, es in _hop_pairs(w, seeds, by_target, changed_test_files, hub_callers):
            if source in visited:
                _add_lines(w, source, target, es)
                continue
            if len(w.reached) >= caps.max_nodes:
                w.truncated = True
                continue
            visited.add(source)
            _reach(w, source, target, es, hop, changed_test_files)
            if all(e.kind == EdgeKind.INHERITS for e in es):
                w.inheritors.add(source)
            if source in w.reached and not w.reached[source].hub:
                next_frontier.append(source)
        node_cap = f"stopped at {caps.max_nodes} symbols (max_nodes)"
        if len(w.reached) >= caps.max_nodes and node_cap not in w.notes:
            w.notes.append(node_cap)
        frontier = next_frontier
    if frontier and caps.hops and _has_more(store, frontier):
        w.notes.append(f"callers beyond hop {caps.hops} not shown (use --hops to widen)")
    return hub_callers


def _hop_pairs(
    w: _Walk,
    seeds: dict[str, Change],
    by_target: dict[str, list[Edge]],
    changed_test_files: set[str],
    hub_callers: list[tuple[str, int]],
) -> list[tuple[str, str, list[Edge]]]:
    """One hop's (source, target, edges), a changed hub's callers sampled. A source reached
    through several targets at one hop is reached by its most telling edge: a call (judged at its
    call sites) before the import of a changed module, whatever the targets' names."""
    store, caps = w.store, w.caps
    pairs: list[tuple[str, str, list[Edge]]] = []
    for target in sorted(by_target):
        incoming = sorted(by_target[target], key=lambda e: (e.source, e.line))
        sources = _dedupe_sources(incoming)
        if target in seeds and not caps.all_callers:
            # Counted and ranked after resolution: only the callers the walk would list
            # (what --all-callers returns), resolved ones first; then by the call's outcome,
            # every call that no longer binds listed even past the sample.
            listed = listable(store, sources, changed_test_files)
            if len(listed) > caps.utility_threshold:
                total = len(listed)
                hub_callers.append((target, total))
                ranked = rank_hub_callers(store, target, listed)
                sources, broken = hub_sample(store, seeds[target], ranked, w.readers, caps.hub_callers_shown)
                w.truncated = True
                also = f"; every one of the {broken} that no longer bind is listed" if broken else ""
                # A subclass that only inherits the hub makes no call of it: said apart, so the
                # count does not read as that many calls.
                heirs = sum(1 for _, es in listed if all(e.kind == EdgeKind.INHERITS for e in es))
                of_them = f" ({heirs} of them subclasses that only inherit it)" if heirs else ""
                w.notes.append(
                    f"{target} has {total} callers{of_them}; showing {len(sources)}{also},"
                    f" {total - len(sources)} more not shown (use --all-callers for all)"
                )
        pairs.extend((source, target, es) for source, es in sources)
    pairs.sort(key=lambda p: (min(_EDGE_ORDER.get(e.kind, 9) for e in p[2]), p[1], p[0]))
    return pairs


def _hop_edges(
    w: _Walk, seeds: dict[str, Change], frontier: list[str], aliases: dict[str, set[str]], orphans: list[Edge] | None
) -> list[Edge]:
    """The edges into one hop's frontier: its callers, and at hop 1 (``orphans`` given) the callers
    of deleted symbols, of a changed member's family, of its overrides and of the base methods it
    overrode before the change and no longer does; importers of changed
    files and subclasses of the frontier's classes at every hop."""
    store, caps = w.store, w.caps
    edges = drop_super_calls(store, _callers(w, frontier), aliases, seeds)
    if orphans is not None:
        edges += orphans + family_edges(store, seeds.values(), CALLER_KINDS, w.read_lines)
        edges += override_caller_edges(store, seeds.values(), CALLER_KINDS)
        edges += constructing_edges(store, seeds.values(), CALLER_KINDS)
        edges += former_override_edges(store, seeds.values(), w.readers, CALLER_KINDS)
    edges += importer_edges(store, [seeds[f] for f in frontier if f in seeds and "::" not in f], w.read_lines)
    edges += subclass_edges(store, frontier, seeds if orphans is not None else {}, caps.inheritance_depth)
    return edges


def _callers(w: _Walk, frontier: list[str]) -> list[Edge]:
    """The frontier's callers. Not the code that names a subclass reached through its changed
    base as a value (a class literal, a constructor reference, a class passed on): a subclass is
    in the radius for the members it inherits, and a class used as a value reads none of them;
    the calls of those members reach it through dispatch."""
    return [
        e
        for e in w.store.edges_to(frontier, CALLER_KINDS)
        if not (e.kind == EdgeKind.REFERENCES and e.target in w.inheritors)
    ]


def _dispatch_aliases(w: _Walk, frontier: list[str], visited: set[str], hop: int) -> dict[str, set[str]]:
    """Base methods that dispatch to the frontier (transitively), listed at this hop, each with
    the classes of the overrides it stands for. Not those of an override in test code: code
    outside the tests dispatches to a test's fake only while the tests run, so its callers are
    not reached by the fake's change. Nor those of a method added with an anonymous class: the
    class has no name, so only its one creation expression makes its objects (JLS 15.9.5), and
    that expression is new too; no caller of the base got such an object before the change, and
    what the new objects reach is reached through the changed code that creates them."""
    out: dict[str, set[str]] = {}
    added = {sid for sid, c in (w.seeds or {}).items() if c.changes == (ChangeKind.ADDED,)}
    classes: dict[str, set[str]] = {}
    todo = list(frontier)
    while todo:
        edges = w.store.edges_to(todo, (EdgeKind.DYNAMIC,))
        todo = []
        syms = w.store.symbols({i for e in edges for i in (e.source, e.target)})
        # No object runs an override of a class without instances (graph/instances.py).
        idle = idle_overrides(w.store, [(e.source, e.target) for e in edges])
        if added:
            idle |= foreign_overrides(w.store, [(e.source, e.target) for e in edges if e.target in added])
        for e in sorted(edges, key=lambda e: (e.source, e.target)):
            base, override = syms.get(e.source), syms.get(e.target)
            if override is not None and override.is_test and not (base is not None and base.is_test):
                continue
            if (e.source, e.target) in idle:
                continue
            if override is not None and override.parent:
                # The classes of the overrides a base stands for, through chains of bases.
                classes.setdefault(e.source, set()).update({override.parent, *classes.get(e.target, ())})
            if e.source in visited or len(w.reached) >= w.caps.max_nodes:
                continue
            visited.add(e.source)
            _reach(w, e.source, e.target, [e], hop, set())
            if e.source in w.reached:
                out[e.source] = classes.setdefault(e.source, set())
                todo.append(e.source)
    return out


def _dedupe_sources(edges: list[Edge]) -> list[tuple[str, list[Edge]]]:
    grouped: dict[str, list[Edge]] = {}
    for e in edges:
        grouped.setdefault(e.source, []).append(e)
    return list(grouped.items())


def _reach(w: _Walk, source: str, target: str, edges: list[Edge], hop: int, changed_test_files: set[str]) -> None:
    sym = w.store.symbol(source)
    if sym is None:
        return
    if sym.is_test and sym.file not in changed_test_files:
        return  # tests are returned apart, not reviewed, unless the diff touches them
    edge = min(edges, key=lambda e: _EDGE_ORDER.get(e.kind, 9))
    if any(e.resolution in (Resolution.AMBIGUOUS_NAME, Resolution.NAME) for e in edges) and w.ambiguous is not None:
        w.ambiguous.append((source, target))
    hub = sym.kind != NodeKind.FILE and _inbound(w, source) > w.caps.utility_threshold and not w.caps.all_callers
    w.reached[source] = Reached(
        id=source,
        kind=sym.kind,
        file=sym.file,
        hop=hop,
        via=target,
        edge=edge.kind,
        resolution=edge.resolution,
        behavior=0.0,
        start_line=sym.start_line,
        end_line=sym.end_line,
        is_test=sym.is_test,
        hub=hub,
        lines=tuple(sorted({e.line for e in edges if e.line})),
        signature=sym.signature,
    )
    if hub:
        w.notes.append(f"{source} is a hub (> {w.caps.utility_threshold} callers): listed, not expanded")


_EDGE_ORDER: dict[str, int] = {
    EdgeKind.CALLS: 0,
    EdgeKind.DYNAMIC: 1,
    EdgeKind.REFERENCES: 2,
    EdgeKind.INHERITS: 3,
    EdgeKind.IMPORTS: 4,
}


def _inbound(w: _Walk, sid: str) -> int:
    return w.store.inbound_counts([sid], (EdgeKind.CALLS,)).get(sid, 0)


def _defined_in(store: Store) -> Callable[[str], bool]:
    """Does the graph (the new version) define something of this name?"""
    return lambda name: bool(definitions_named(store.conn, [name]))


def _add_lines(w: _Walk, source: str, target: str, edges: list[Edge]) -> None:
    found = w.reached.get(source)
    lines = tuple(sorted({e.line for e in edges if e.line}))
    if found is not None and found.via == target:
        w.reached[source] = replace(found, lines=tuple(sorted(set(found.lines) | set(lines))))
    elif found is not None and found.hop == 1 and target in (w.seeds or {}):
        # A direct caller of several changed symbols: each one's calls are judged (scoring.py).
        calls = [e for e in edges if e.kind == EdgeKind.CALLS and e.line]
        if calls:
            also = (target, tuple(sorted({e.line for e in calls})), str(calls[0].resolution))
            w.reached[source] = replace(found, also=(*found.also, also))


def _has_more(store: Store, frontier: list[str]) -> bool:
    return bool(store.edges_to(frontier[:200], WALK_KINDS))


def _tests(store: Store, seeds: dict[str, Change], reached: list[Reached], caps: Caps) -> tuple[list[str], list[str]]:
    """Test functions whose ``tests`` (or calls from test code) edges land in the radius, and
    the tests the diff itself adds or edits (a changed test must run, whatever it calls)."""
    targets = list(seeds) + [r.id for r in reached if not r.is_test]
    ids: set[str] = {sid for sid, c in seeds.items() if ChangeKind.DELETED not in c.changes}
    for e in store.edges_to(targets, (EdgeKind.TESTS, EdgeKind.CALLS, EdgeKind.REFERENCES)):
        ids.add(e.source)
    syms = store.symbols(ids)
    tests = sorted(sid for sid, s in syms.items() if s.is_test)
    test_files = sorted(
        {syms[t].file for t in tests} | {s.id for s in syms.values() if s.kind == NodeKind.FILE and s.is_test}
    )
    return tests, test_files


def _uses(store: Store, seeds: dict[str, Change]) -> list[str]:
    edges = store.edges_from(list(seeds), FORWARD_KINDS)
    return sorted({e.target for e in edges if e.target not in seeds})


def describe_hop(hop: int) -> str:
    return {
        0: "changed",
        1: "direct callers: required reading",
        2: "indirect callers: skim for contract drift",
        3: "reference only",
    }.get(hop, "hidden")


def is_behavior_change(r: Reached) -> bool:
    return r.behavior >= BEHAVIOR_THRESHOLD


__all__ = ["Caps", "blast_radius", "describe_hop", "is_behavior_change"]
