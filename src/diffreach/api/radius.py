"""The blast radius of a change, and its ``impact --json`` shape.

``blast_radius`` brings the graph up to date (unless told not to), reads the
change (``change.py``), walks the graph back from the changed symbols under the
caps of the configuration (wider during the warm-up reviews), optionally adds
the files history changed together with the change, and says what the answer
rests on: the graph's state against HEAD and notes on anything left out.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from diffreach import git
from diffreach.api.change import ReadChange, read_change
from diffreach.api.state import index_state, open_store
from diffreach.config import Config, load_config
from diffreach.errors import PathError
from diffreach.graph.store import Store
from diffreach.index.indexer import Indexer, find_root
from diffreach.model import CoChange, ImpactResult, IndexState, Progress
from diffreach.review.behavior import Judge
from diffreach.review.changes import unsupported_files
from diffreach.review.cochange import HistoryCaps, cochanged_files
from diffreach.review.impact import Caps, is_behavior_change
from diffreach.review.impact import blast_radius as walk


def blast_radius(
    root: str | Path,
    *,
    base: str | None = None,
    staged: bool = False,
    diff_text: str | None = None,
    hops: int | None = None,
    update: bool = True,
    config: Config | None = None,
    all_callers: bool = False,
    judge: Judge | None = None,
    count_review: bool = True,
    files: Sequence[str] | None = None,
    history: bool | None = None,
    fresh: bool = False,
    warmup: bool = True,
    progress: Progress | None = None,
) -> ImpactResult:
    """The blast radius of a diff: the working tree against HEAD by default, ``base``
    (a revision, merged-base with HEAD, or an ``A..B`` range), the staged changes, or
    a unified diff given as text. ``files`` (repository-relative paths) replaces the
    diff: every symbol of those files counts as changed (``whole_file_changes``).
    ``history`` (default: the ``history`` config key) adds the files that git history
    changed together with the changed files, as ``cochanged`` (cochange.py). ``fresh`` (with
    ``update=False``): the caller brought the graph up to date just before (the MCP server,
    which updates under its lock and reads without it). ``warmup=False`` walks the configured
    hops even during the warm-up (see ``_warmup``). ``progress`` hears of the update's phases
    (a whole build, the first time: see ``index``)."""
    top = find_root(root)
    _require_a_change(top, diff_text is not None or files is not None)
    config = config or load_config(top)
    updated, head, untracked = _update_index(top, config, progress) if update else (fresh, None, None)
    with open_store(top) as store, git.dirty_check(top) as dirty:
        diff = read_change(top, store, base, staged, diff_text, files, config.max_diff_bytes, head, untracked)
        left = (
            _warmup(store, config, _change_key(diff, files), record=count_review) if warmup and hops is None else None
        )
        walked = hops if hops is not None else (config.warmup_hops if left is not None else config.hops)
        caps = Caps.from_config(config, hops=walked, all_callers=all_callers)
        radius = walk(store, diff.changed, caps, diff.read_lines, judge, config.cross_cutting, diff.readers)
        state = index_state(top, store, updated, diff.head or "", dirty)
        if caps.hops == config.hops:
            left = None  # the warm-up changes nothing here: not worth a word
        wanted = config.history if history is None else history
        cochanged = _cochanged(top, store, diff, radius.files, config) if wanted else None
        later = (cochanged.note if cochanged is not None else "", _outside_graph(store, diff))
        notes = [*radius.notes, *_notes(diff, state, None if left is None else (caps.hops, left)), *filter(None, later)]
        return ImpactResult(
            radius=replace(radius, notes=tuple(notes)),
            diff_text=diff.text,
            file_diffs=diff.file_diffs,
            index=state,
            base=diff.old_rev or "",
            head=diff.head_rev or ("(staged)" if staged else "(working tree)"),
            cochanged=cochanged,
            warmup_left=left,
        )


def _require_a_change(top: Path, given: bool) -> None:
    """Without git there is no change to read, and indexing a folder of checkouts unasked is costly."""
    if not given and not git.is_repo(top):
        raise PathError(
            f"{top} is not a git repository: give a diff (--diff FILE), or index it with 'diffreach index PATH'"
        )


def _cochanged(
    top: Path, store: Store, diff: ReadChange, radius_files: Sequence[str], config: Config
) -> CoChange | None:
    """Files history changed with the diff's files: non-test graph files outside the radius,
    from the history that ends at the review's base (HEAD for the working tree)."""
    if diff.old_rev is None:
        return None  # no commit yet: no history
    seeds = sorted(
        {p for fd in diff.file_diffs for p in (fd.old_path, fd.new_path) if p} | {c.file for c in diff.changed}
    )
    candidates = {path for path, is_test in store.test_files().items() if not is_test}
    return cochanged_files(top, diff.old_rev, seeds, candidates, HistoryCaps.from_config(config), exclude=radius_files)


def _outside_graph(store: Store, diff: ReadChange) -> str | None:
    """A note when the diff parses but none of its files is in the graph: an empty answer
    then means "not indexed here" (another repository's diff, an excluded folder), not "no reach"."""
    paths = sorted({p for fd in diff.file_diffs for p in (fd.old_path, fd.new_path) if p})
    if not paths or store.indexed(paths):
        return None
    more = f" and {len(paths) - 10} more" if len(paths) > 10 else ""
    return f"the diff touches no file in the graph: {', '.join(paths[:10])}{more}"


def _update_index(
    top: Path, config: Config, progress: Progress | None = None
) -> tuple[bool, str, tuple[str, ...] | None]:
    """The graph brought up to date, HEAD as the update read it ("" for none) and the untracked
    files its walk listed: the change is read against the same, without asking git again."""
    indexer = Indexer(top, config)
    try:
        report = indexer.run(progress=progress, counts=False)  # the blast radius needs a fresh graph, not its figures
        return True, report.commit or "", indexer.untracked
    finally:
        indexer.close()


def _change_key(diff: ReadChange, files: Sequence[str] | None) -> str:
    """What makes two reviews the same change: the diff's text (or the files named instead)."""
    text = diff.text if files is None else "\0".join(files)
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:16]


def _warmup(store: Store, config: Config, key: str, record: bool) -> int | None:
    """The warm-up: the first ``warmup_reviews`` distinct changes reviewed in a repository walk
    ``warmup_hops``. Counted per change, not per call, so the same diff always gets the same
    answer. The distinct changes left after this one, or None when the warm-up is over."""
    seen = [k for k in (store.get_meta("warmup_changes", "") or "").split(",") if k]
    if key not in seen:
        if len(seen) >= config.warmup_reviews:
            return None
        seen.append(key)
        if record:  # skipped while another connection writes: the answer never waits for it
            store.write_if_free(lambda: store.set_meta("warmup_changes", ",".join(seen)))
    return config.warmup_reviews - len(seen)


def warmup_line(hops: int, left: int) -> str:
    """How the warm-up is said in every output."""
    plural = "review" if left == 1 else "reviews"
    return f"warm-up on: hop cap {hops}, {left} more distinct {plural} left (--no-warmup for the default)"


def _notes(diff: ReadChange, state: IndexState, warm: tuple[int, int] | None) -> list[str]:
    notes: list[str] = []
    if warm is not None:
        notes.append(warmup_line(*warm))
    if diff.untracked:
        notes.append(
            f"untracked files read as added: {', '.join(diff.untracked[:10])}"
            + (f" and {len(diff.untracked) - 10} more" if len(diff.untracked) > 10 else "")
        )
    skipped = unsupported_files(diff.file_diffs)
    if skipped:
        notes.append(
            f"not analysed (binary or unsupported): {', '.join(skipped[:10])}"
            + (f" and {len(skipped) - 10} more" if len(skipped) > 10 else "")
        )
    if state.stale:
        notes.append(
            f"graph reflects {state.commit[:12] or 'no commit'}, HEAD is {state.head[:12] or 'none'}"
            + (" with uncommitted changes" if state.dirty else "")
        )
    return notes


def radius_json(result: ImpactResult) -> dict[str, object]:
    """The ``impact --json`` shape."""
    r = result.radius
    return {
        "changed": [c.as_json() for c in r.changed],
        "callers": [
            {
                "id": x.id,
                "kind": x.kind,
                "file": x.file,
                "hop": x.hop,
                "via": x.via,
                "edge": x.edge,
                "resolution": x.resolution,
                "behavior": x.behavior,
                "label": "behavior-change" if is_behavior_change(x) else "reach",
                **x.outcome_json(),
                "hub": x.hub,
                "lines": list(x.lines),
                "start_line": x.start_line,
                "end_line": x.end_line,
            }
            for x in r.reached
        ],
        "uses": list(r.uses),
        "cochanged": [c.as_json() for c in (result.cochanged.files if result.cochanged else ())],
        "history": (
            {
                "end": result.cochanged.end,
                "commits": result.cochanged.commits,
                "skipped_large": result.cochanged.skipped,
                "truncated": result.cochanged.truncated,
            }
            if result.cochanged
            else None
        ),
        "files": list(r.files),
        "tests": list(r.test_files),
        "test_functions": list(r.tests),
        "truncated": r.truncated,
        "notes": list(r.notes),
        "ambiguous_edges": [list(e) for e in r.ambiguous_edges],
        "hub_callers": [{"id": h, "total": n} for h, n in r.hub_callers],
        "hops": r.hops,
        "index": result.index.as_json(),
        "base": result.base,
        "warmup": None if result.warmup_left is None else {"hops": r.hops, "remaining": result.warmup_left},
    }
