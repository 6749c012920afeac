"""The blast radius of a change, and its ``impact --json`` shape.

``blast_radius`` brings the graph up to date (unless told not to), reads the
change (``change.py``), walks the graph back from the changed symbols under the
caps of the configuration (wider during the warm-up reviews), optionally adds
the files history changed together with the change, and says what the answer
rests on: the graph's state against HEAD and notes on anything left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from diffreach import git
from diffreach.api.change import ReadChange, read_change
from diffreach.api.reading import index_state, open_store
from diffreach.config import Config, load_config
from diffreach.errors import PathError
from diffreach.graph.store import Store
from diffreach.index.indexer import Indexer, find_root
from diffreach.model import CoChange, ImpactResult, IndexState
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
) -> ImpactResult:
    """The blast radius of a diff: the working tree against HEAD by default, ``base``
    (a revision, merged-base with HEAD, or an ``A..B`` range), the staged changes, or
    a unified diff given as text. ``files`` (repository-relative paths) replaces the
    diff: every symbol of those files counts as changed (``whole_file_changes``).
    ``history`` (default: the ``history`` config key) adds the files that git history
    changed together with the changed files, as ``cochanged`` (cochange.py)."""
    top = find_root(root)
    if diff_text is None and files is None and not git.is_repo(top):
        # Without git there is no change to read, and indexing a folder of checkouts unasked is costly.
        raise PathError(
            f"{top} is not a git repository: give a diff (--diff FILE), or index it with 'diffreach index PATH'"
        )
    config = config or load_config(top)
    updated = _update_index(top, config) if update else False
    store = open_store(top)
    try:
        diff = read_change(top, store, base, staged, diff_text, files, config.max_diff_bytes)
        served = int(store.get_meta("reviews_served", "0") or 0)
        warm = hops is None and served < config.warmup_reviews
        caps = Caps.from_config(
            config,
            hops=hops if hops is not None else (config.warmup_hops if warm else config.hops),
            all_callers=all_callers,
        )
        radius = walk(store, diff.changed, caps, diff.read_lines, judge, config.cross_cutting)
        state = index_state(top, store, updated)
        notes = list(radius.notes) + _notes(
            diff, state, caps.hops if warm and caps.hops != config.hops else None, config.warmup_reviews
        )
        cochanged = (
            _cochanged(top, store, diff, radius.files, config)
            if (config.history if history is None else history)
            else None
        )
        if cochanged is not None and cochanged.note:
            notes.append(cochanged.note)
        outside = _outside_graph(store, diff)
        if outside:
            notes.append(outside)
        if count_review:
            with store.atomic():
                store.set_meta("reviews_served", str(served + 1))
        return ImpactResult(
            radius=replace(radius, notes=tuple(notes)),
            diff_text=diff.text,
            file_diffs=diff.file_diffs,
            index=state,
            base=diff.old_rev or "",
            head=diff.head_rev or ("(staged)" if staged else "(working tree)"),
            cochanged=cochanged,
        )
    finally:
        store.close()


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
    candidates = {row[0] for row in store.conn.execute("SELECT path FROM files WHERE is_test = 0")}
    return cochanged_files(top, diff.old_rev, seeds, candidates, HistoryCaps.from_config(config), exclude=radius_files)


def _outside_graph(store: Store, diff: ReadChange) -> str | None:
    """A note when the diff parses but none of its files is in the graph: an empty answer
    then means "not indexed here" (another repository's diff, an excluded folder), not "no reach"."""
    paths = sorted({p for fd in diff.file_diffs for p in (fd.old_path, fd.new_path) if p})
    if not paths or store.indexed(paths):
        return None
    more = f" and {len(paths) - 10} more" if len(paths) > 10 else ""
    return f"the diff touches no file in the graph: {', '.join(paths[:10])}{more}"


def _update_index(top: Path, config: Config) -> bool:
    indexer = Indexer(top, config)
    try:
        indexer.run(counts=False)  # the blast radius needs a fresh graph, not its figures
        return True
    finally:
        indexer.close()


def _notes(diff: ReadChange, state: IndexState, warm_hops: int | None, warmup_reviews: int) -> list[str]:
    notes: list[str] = []
    if warm_hops is not None:
        notes.append(f"warm-up review: hop cap {warm_hops} (first {warmup_reviews} reviews)")
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
    }
