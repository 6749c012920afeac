"""Logical coupling: files that history changed together with the changed files.

The call graph cannot see a file that must change with another without calling
it or being called (a sibling implementation, a registry, a config table). Git
history can: if most commits that touched ``a.py`` also touched ``b.py``, a
change to ``a.py`` should make a reviewer glance at ``b.py``. For each changed
file (a *seed*) we read the first-parent commits that touched it, within the
last ``cochange_commits`` commits up to the review's base (never later: the
commits under review and anything after them are outside the window), each with
every file it changed. Commits touching more than ``cochange_max_files`` files
(reformats, renames, release bumps) carry no coupling and are skipped. For a
candidate file, ``support`` is the number of kept commits touching it and the
seed, ``score`` (confidence) is support over the seed's kept commits; a file
coupled to several seeds keeps its best seed. Candidates are the graph's non-test
files outside the radius that still exist; pairs below ``cochange_min_support``
or ``cochange_min_confidence`` percent are dropped, and at most
``cochange_max_results`` are returned, best first. Nothing is cached: reading
only the seeds' commits (a pathspec-limited ``git log``) costs a fraction of a
second even on a 10,000-commit history (docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from diffreach import git
from diffreach.config import Config
from diffreach.errors import GitError
from diffreach.model import CoChange, CoChanged

_DEFAULTS = Config()  # the one table of defaults


@dataclass(frozen=True)
class HistoryCaps:
    commits: int = _DEFAULTS.cochange_commits  # first-parent commits read back from the base
    min_support: int = _DEFAULTS.cochange_min_support  # commits touching both files
    min_confidence: int = _DEFAULTS.cochange_min_confidence  # percent of the seed's commits touching the candidate
    max_files: int = _DEFAULTS.cochange_max_files  # commits touching more files carry no coupling
    max_results: int = _DEFAULTS.cochange_max_results
    max_seeds: int = _DEFAULTS.cochange_max_files  # a diff changing more files than this is not looked up
    half_life: int = 0  # weigh a seed's k-th latest commit by 0.5 ** (k / half_life); 0: all alike

    @classmethod
    def from_config(cls, config: Config) -> HistoryCaps:
        return cls(
            commits=config.cochange_commits,
            min_support=config.cochange_min_support,
            min_confidence=config.cochange_min_confidence,
            max_files=config.cochange_max_files,
            max_results=config.cochange_max_results,
            max_seeds=config.cochange_max_files,
        )


def cochanged_files(
    root: str | Path,
    end: str,
    seeds: Sequence[str],
    candidates: Collection[str],
    caps: HistoryCaps,
    exclude: Collection[str] = (),
) -> CoChange:
    """Files of ``candidates`` that changed together with ``seeds`` in history ending at ``end``."""
    seeds = sorted(set(seeds))
    if not seeds:
        return CoChange(files=(), end=end, commits=0, skipped=0, truncated=False)
    if len(seeds) > caps.max_seeds:
        return CoChange(
            files=(),
            end=end,
            commits=0,
            skipped=0,
            truncated=True,
            note=f"co-change not looked up: {len(seeds)} files changed (more than {caps.max_seeds})",
        )
    try:
        commits, window_cut = git.first_parent_commits(root, end, seeds, caps.commits)
    except GitError:
        return CoChange(
            files=(),
            end=end,
            commits=0,
            skipped=0,
            truncated=False,
            note=f"co-change not looked up: no history at {end or 'HEAD'}",
        )
    kept = [files for _, files in commits if len(files) <= caps.max_files]
    ranked = score_pairs(kept, seeds, set(candidates) - set(seeds) - set(exclude), caps)
    cut = len(ranked) > caps.max_results
    note = ""
    if window_cut:
        note = f"co-change read the last {caps.commits} commits only (cochange_commits)"
    if cut:
        note = (note + "; " if note else "") + f"{len(ranked) - caps.max_results} more co-changed files not listed"
    return CoChange(
        files=tuple(ranked[: caps.max_results]),
        end=end,
        commits=len(commits),
        skipped=len(commits) - len(kept),
        truncated=window_cut or cut,
        note=note,
    )


def score_pairs(
    commits: Sequence[Sequence[str]], seeds: Sequence[str], candidates: Collection[str], caps: HistoryCaps
) -> list[CoChanged]:
    """Support and confidence of every (seed, candidate) pair; each candidate's best seed, best first."""
    seed_set = set(seeds)
    seen: dict[str, int] = dict.fromkeys(seeds, 0)  # commits read so far per seed (newest first)
    seed_weight: dict[str, float] = dict.fromkeys(seeds, 0.0)
    pairs: dict[tuple[str, str], int] = {}
    weights: dict[tuple[str, str], float] = {}
    for files in commits:
        touched = [f for f in set(files) if f in seed_set]
        weight = {s: 0.5 ** (seen[s] / caps.half_life) if caps.half_life else 1.0 for s in touched}
        for s in touched:
            seen[s] += 1
            seed_weight[s] += weight[s]
        for f in set(files):
            if f in candidates:
                for s in touched:
                    pairs[(s, f)] = pairs.get((s, f), 0) + 1
                    weights[(s, f)] = weights.get((s, f), 0.0) + weight[s]
    best: dict[str, CoChanged] = {}
    for (s, f), support in pairs.items():
        confidence = weights[(s, f)] / seed_weight[s]
        if support < caps.min_support or confidence * 100 < caps.min_confidence:
            continue
        item = CoChanged(file=f, score=round(confidence, 3), support=support, seed=s)
        old = best.get(f)
        if old is None or (item.score, item.support, old.seed) > (old.score, old.support, item.seed):
            best[f] = item
    return sorted(best.values(), key=lambda c: (-c.score, -c.support, c.file))


__all__ = ["HistoryCaps", "cochanged_files", "score_pairs"]
