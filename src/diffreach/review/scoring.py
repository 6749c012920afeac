"""The behaviour-change score of each reached symbol, and the sample of a changed hub's callers.

A direct caller of a changed function takes the outcome of its call sites (``callsites.py``:
each call bound to the old and the new signature, or checked against a changed return or
raise) when they can be read; its score is the outcome's severity (``SEVERITY_SCORES``: high
and medium are behaviour change). Otherwise the score comes from the seed's change kinds and
the text-line arity check (``behavior.py``), decayed per hop. The optional judge sees the
caller with its outcome and may give its own score: the syntax outcome comes first. A hub's
callers (more than the utility cap) are ranked by outcome first: every call that no longer
binds is shown, past the sample if need be.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from diffreach.graph.store import Store
from diffreach.model import Change, Edge, EdgeKind, Reached
from diffreach.review.behavior import (
    HOP_DECAY,
    MISMATCH_SCORE,
    SEVERITY_SCORES,
    Judge,
    call_fit,
    change_score,
    compatible_score,
)
from diffreach.review.callsites import CallerOutcome, Readers, caller_outcome, simple_name
from diffreach.review.outcomes import RANK, Verdict
from diffreach.review.updated_calls import PassedNew, left_out, passed_new


def score_reached(
    reached: list[Reached],
    seeds: dict[str, Change],
    judge: Judge | None,
    readers: Readers | None,
    read_lines: Callable[[str], list[str] | None],
) -> list[Reached]:
    """Behaviour-change score per reached symbol. A direct caller of a changed function takes
    the outcome of its call sites (``callsites.py``) when they can be read; otherwise the
    score comes from the seed's change kinds, decayed per hop. The judge, when there is one,
    sees that outcome on the caller and may give its own score."""
    scores: dict[str, float] = {sid: change_score(c) for sid, c in seeds.items()}
    # A base method that dispatches to a changed override: its callers' calls run the override,
    # so they are judged against the override's change.
    dispatching = {r.id: seeds[r.via] for r in reached if r.edge == EdgeKind.DYNAMIC and r.via in seeds}
    updated = _UpdatedCalls(list(seeds.values()), reached, readers)
    out: list[Reached] = []
    for r in sorted(reached, key=lambda r: r.hop):
        base = scores.get(r.via, 0.2)
        score = base if r.hop == 1 else base * HOP_DECAY
        seed = seeds.get(r.via) or dispatching.get(r.via)
        readable = bool(r.lines) or r.edge in (EdgeKind.INHERITS, EdgeKind.DYNAMIC)
        found = caller_outcome(seed, r, readers) if seed is not None and readers is not None and readable else None
        if found is not None and r.also and readers is not None:
            r, found = _most_severe_of_all(r, found, seeds, readers)
        if found is not None and found.outcome.verdict is Verdict.STILL_BINDS and seed is not None:
            found = updated.left_out(seed, r, found)
        if found is not None:
            o = found.outcome
            r = replace(
                r, verdict=str(o.verdict), severity=str(o.severity), reasons=found.reasons, call_lines=found.lines
            )
            score = SEVERITY_SCORES[str(o.severity)]
        elif seed is not None and r.lines:
            score = _fit_score(read_lines, seed, r, score)
        if judge is not None and seed is not None:
            judged = judge(seed, r)
            if judged is not None:
                score = judged
        scores[r.id] = score
        out.append(replace(r, behavior=round(score, 3)))
    return out


def _most_severe_of_all(
    r: Reached, found: CallerOutcome, seeds: dict[str, Change], readers: Readers
) -> tuple[Reached, CallerOutcome]:
    """A direct caller of several changed symbols takes the most severe outcome of its calls of
    any of them (the first among equals), reached through the one that carries it."""
    best = (r, found)
    for via, lines, resolution in r.also:
        seed = seeds.get(via)
        probe = replace(r, via=via, lines=lines, resolution=resolution, edge=EdgeKind.CALLS, also=())
        other = caller_outcome(seed, probe, readers) if seed is not None else None
        if other is not None and RANK[other.outcome.severity] < RANK[best[1].outcome.severity]:
            best = (replace(probe, also=r.also), other)
    return best


class _UpdatedCalls:
    """Per seed, the new parameters the change passes at calls it updated (``updated_calls.py``),
    read once, when a call that still binds is first judged."""

    def __init__(self, changed: list[Change], reached: list[Reached], readers: Readers | None) -> None:
        self.changed, self.reached, self.readers = changed, reached, readers
        self.passed: dict[str, PassedNew | None] = {}

    def left_out(self, seed: Change, r: Reached, found: CallerOutcome) -> CallerOutcome:
        if self.readers is None or r.hop != 1 or r.via != seed.id:
            return found
        if seed.id not in self.passed:
            self.passed[seed.id] = passed_new(seed, self.changed, self.reached, self.readers)
        passed = self.passed[seed.id]
        flagged = left_out(seed, r, passed, self.readers) if passed is not None else None
        return CallerOutcome(flagged, flagged.reasons, found.lines) if flagged is not None else found


def _fit_score(read_lines: Callable[[str], list[str] | None], seed: Change, r: Reached, score: float) -> float:
    """The text-line arity check, for calls the syntax tree could not judge."""
    lines = read_lines(r.file) or []
    text = [lines[n - 1] for n in r.lines if 0 < n <= len(lines)]
    fit = call_fit(seed, text, simple_name(seed.id))
    if fit is False:
        return MISMATCH_SCORE
    if fit is True:
        return compatible_score(seed) or score
    return score


def hub_sample(
    store: Store, seed: Change, ranked: list[tuple[str, list[Edge]]], readers: Readers | None, cap: int
) -> tuple[list[tuple[str, list[Edge]]], int]:
    """A changed hub's callers to show: ranked by their calls' outcome first (the order of
    ``ranked`` among equals), the sample cap filled, and past it every caller whose call no
    longer binds; with how many of those there are."""
    if readers is None:
        return ranked[:cap], 0
    order: list[tuple[int, int, tuple[str, list[Edge]]]] = []
    for i, item in enumerate(ranked):
        found = _judged(store, seed, item[0], item[1], readers)
        severity = found.outcome.severity if found is not None else "medium"
        order.append((_SEVERITY_RANK.get(severity, 1), i, item))
    order.sort(key=lambda t: (t[0], t[1]))
    broken = [item for rank, _, item in order if rank == 0]
    rest = [item for rank, _, item in order if rank != 0]
    return broken + rest[: max(0, cap - len(broken))], len(broken)


_SEVERITY_RANK = {"high": 0, "medium": 1, "low": 2}


def _judged(store: Store, seed: Change, source: str, edges: list[Edge], readers: Readers) -> CallerOutcome | None:
    sym = store.symbol(source)
    if sym is None:
        return None
    lines = tuple(sorted({e.line for e in edges if e.line}))
    # Judged by the edge the walk reaches it by, as score_reached judges it: a subclass that only
    # inherits the method makes no call (low), where a call's probe would read no call (cannot tell).
    edge = next((e for e in edges if e.kind == EdgeKind.CALLS), edges[0]) if edges else None
    kind = EdgeKind(edge.kind) if edge is not None else EdgeKind.CALLS
    resolution = str(edge.resolution) if edge is not None else ""
    probe = Reached(source, sym.kind, sym.file, 1, seed.id, kind, resolution, 0.0, sym.start_line, sym.end_line)
    return caller_outcome(seed, replace(probe, lines=lines), readers)


__all__ = ["hub_sample", "score_reached"]
