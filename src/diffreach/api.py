"""The library's front door: what the CLI and the MCP server call.

Each function takes a repository path (or an open store) and returns plain
data (records or JSON-ready dicts); none prints or exits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from diffreach.config import Config, load_config
from diffreach.errors import PathError
from diffreach.graph.lookup import find_symbol
from diffreach.graph.store import Store
from diffreach.index.indexer import find_root
from diffreach.languages import language_for
from diffreach.model import Change, CoChange, EdgeKind, FileDiff, ImpactResult, IndexState, Symbol
from diffreach.review.behavior import Judge
from diffreach.review.context import ReviewContext

CALLER_KINDS = (EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.DYNAMIC, EdgeKind.TESTS)
CALLEE_KINDS = (EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.INHERITS, EdgeKind.DYNAMIC, EdgeKind.TESTS)


def open_store(root: str | Path) -> Store:
    """The graph of the repository containing ``root``; NotIndexedError when there is none."""
    return Store.open(find_root(root), create=False)


def _brief(s: Symbol) -> dict[str, object]:
    return {
        "id": s.id,
        "kind": s.kind,
        "file": s.file,
        "start_line": s.start_line,
        "end_line": s.end_line,
        "signature": s.signature,
        "is_test": s.is_test,
    }


def callers_of(root: str | Path, symbol: str, hops: int = 1) -> dict[str, object]:
    store = open_store(root)
    try:
        target = find_symbol(store, symbol)
        seen = {target.id: 0}
        rows: list[dict[str, object]] = []
        frontier = [target.id]
        for hop in range(1, hops + 1):
            edges = sorted(store.edges_to(frontier, CALLER_KINDS), key=lambda e: (e.source, e.target))
            nxt: list[str] = []
            syms = store.symbols(e.source for e in edges)
            for e in edges:
                if e.source in seen or e.source not in syms:
                    continue
                seen[e.source] = hop
                nxt.append(e.source)
                rows.append(
                    {
                        **_brief(syms[e.source]),
                        "hop": hop,
                        "via": e.target,
                        "edge": e.kind,
                        "resolution": e.resolution,
                        "confidence": e.confidence,
                        "line": e.line,
                    }
                )
            frontier = nxt
        return {"symbol": _brief(target), "callers": rows, "hops": hops}
    finally:
        store.close()


def callees_of(root: str | Path, symbol: str) -> dict[str, object]:
    store = open_store(root)
    try:
        source = find_symbol(store, symbol)
        edges = sorted(store.edges_from([source.id], CALLEE_KINDS), key=lambda e: (e.line, e.target))
        syms = store.symbols(e.target for e in edges)
        rows = [
            {
                **_brief(syms[e.target]),
                "edge": e.kind,
                "resolution": e.resolution,
                "confidence": e.confidence,
                "line": e.line,
            }
            for e in edges
            if e.target in syms
        ]
        return {"symbol": _brief(source), "callees": rows}
    finally:
        store.close()


# ----- blast radius ------------------------------------------------------------------------------


def _split_range(base: str | None) -> tuple[str | None, str | None]:
    if base and ".." in base:
        left, _, right = base.partition("...") if "..." in base else base.partition("..")
        return left or "HEAD", right or "HEAD"
    return base, None


def _readers(
    root: Path, old_rev: str | None, new_rev: str | None, staged: bool
) -> tuple[Callable[[str], bytes | None], Callable[[str], bytes | None]]:
    from diffreach import git

    def read_old(path: str) -> bytes | None:
        return git.show(root, old_rev, path) if old_rev else None

    def read_new(path: str) -> bytes | None:
        if new_rev:
            return git.show(root, new_rev, path)
        if staged:
            return git.show(root, "", path)  # ':path' is the index
        try:
            full = (root / path).resolve()
            if not full.is_relative_to(root):
                return None
            return full.read_bytes()
        except OSError:
            return None

    return read_old, read_new


def _sides_on_disk(
    file_diffs: tuple[FileDiff, ...], read_disk: Callable[[str], bytes | None]
) -> tuple[Callable[[str], bytes | None], Callable[[str], bytes | None]]:
    """For a diff given as text: is it applied in the working tree (disk = new side) or not
    (disk = old side)? The other side is rebuilt from the hunks by the change mapper."""
    from diffreach.review.diff import hunk_bodies

    applied: dict[str, bool] = {}
    for fd in file_diffs:
        path = fd.new_path or fd.old_path or ""
        data = read_disk(path)
        if data is None:
            applied[path] = fd.new_path is None  # a deleted file is gone from disk when applied
            continue
        lines = data.decode("utf-8", "replace").splitlines()
        ok = True
        for hunk, body in zip(fd.hunks, hunk_bodies(fd)):
            n = hunk.new_start
            for tag, text in body:
                if tag in " +":
                    if n > len(lines) or lines[n - 1].rstrip("\r") != text.rstrip("\r"):
                        ok = False
                        break
                    n += 1
            if not ok:
                break
        applied[path] = ok

    def read_old(path: str) -> bytes | None:
        return None if applied.get(path, True) else read_disk(path)

    def read_new(path: str) -> bytes | None:
        return read_disk(path) if applied.get(path, True) else None

    return read_old, read_new


def index_state(root: Path, store: Store, updated: bool) -> IndexState:
    from diffreach import git

    commit = store.get_meta("indexed_commit")
    head = git.head(root) or ""
    dirty = git.is_dirty(root) if head else False
    # A watcher that has seen a save it has not indexed yet marks the graph stale too.
    stale = (commit != head) or (dirty and not updated) or store.get_meta("watch_pending") == "1"
    return IndexState(commit=commit, head=head, dirty=dirty, stale=stale)


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
    from diffreach.review.impact import Caps
    from diffreach.review.impact import blast_radius as walk

    top = find_root(root)
    config = config or load_config(top)
    updated = _update_index(top, config) if update else False
    store = open_store(top)
    try:
        diff = _read_change(top, store, base, staged, diff_text, files)
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
    top: Path, store: Store, diff: _ReadChange, radius_files: Sequence[str], config: Config
) -> CoChange | None:
    """Files history changed with the diff's files: non-test graph files outside the radius,
    from the history that ends at the review's base (HEAD for the working tree)."""
    from diffreach.review.cochange import HistoryCaps, cochanged_files

    if diff.old_rev is None:
        return None  # no commit yet: no history
    seeds = sorted(
        {p for fd in diff.file_diffs for p in (fd.old_path, fd.new_path) if p} | {c.file for c in diff.changed}
    )
    candidates = {row[0] for row in store.conn.execute("SELECT path FROM files WHERE is_test = 0")}
    return cochanged_files(top, diff.old_rev, seeds, candidates, HistoryCaps.from_config(config), exclude=radius_files)


def _update_index(top: Path, config: Config) -> bool:
    from diffreach.index.indexer import Indexer

    indexer = Indexer(top, config)
    try:
        indexer.run(counts=False)  # the blast radius needs a fresh graph, not its figures
        return True
    finally:
        indexer.close()


@dataclass(frozen=True)
class _ReadChange:
    text: str
    file_diffs: tuple[FileDiff, ...]
    changed: tuple[Change, ...]
    old_rev: str | None
    head_rev: str | None
    read_new: Callable[[str], bytes | None]
    untracked: tuple[str, ...] = ()  # new files git does not track yet, read as added

    def read_lines(self, path: str) -> list[str] | None:
        data = self.read_new(path)
        return data.decode("utf-8", "replace").splitlines() if data is not None else None


def _read_change(
    top: Path, store: Store, base: str | None, staged: bool, diff_text: str | None, files: Sequence[str] | None
) -> _ReadChange:
    """The diff (from git or given), its file diffs, and the changed symbols with their kinds.
    When the working tree is one side, source files git does not track yet count as added:
    ``git diff`` leaves them out, though they are part of the change being reviewed."""
    from diffreach import git
    from diffreach.review.changes import changed_symbols
    from diffreach.review.diff import parse_diff

    head_exists = git.head(top) is not None
    left, right = _split_range(base)
    old_rev: str | None = git.merge_base(top, left, right or "HEAD") if left else ("HEAD" if head_exists else None)
    if files is not None:
        diff_text = ""
    given = diff_text is not None
    untracked: tuple[str, ...] = ()
    if diff_text is None:
        diff_text = git.diff(top, base=old_rev if left else None, staged=staged, head_rev=right) if head_exists else ""
        if head_exists and right is None and not staged:
            added, untracked = _untracked_as_added(top, store)
            diff_text += added
    file_diffs = parse_diff(diff_text)
    read_old, read_new = _readers(top, old_rev, right, staged)
    if given:
        read_old, read_new = _sides_on_disk(file_diffs, read_new)
    changed = changed_symbols(file_diffs, read_old, read_new) if files is None else whole_file_changes(store, files)
    return _ReadChange(diff_text, file_diffs, changed, old_rev, right, read_new, untracked)


def _untracked_as_added(top: Path, store: Store) -> tuple[str, tuple[str, ...]]:
    """New-file diffs of the untracked, not ignored files the graph holds, and their paths.
    The graph's files are those the index's rules admit (size, binary, vendored folders:
    an un-ignored virtualenv is not a change), so they are not judged again here."""
    from diffreach import git
    from diffreach.review.diff import diff_from_texts

    parts: list[str] = []
    paths: list[str] = []
    untracked = git.untracked(top)
    for path in store.file_states([p for p in untracked if language_for(p) is not None]):
        try:
            data = (top / path).read_bytes()
        except OSError:
            continue
        parts.append(diff_from_texts(path, None, data.decode("utf-8", "replace")))
        paths.append(path)
    return "".join(parts), tuple(paths)


def _notes(diff: _ReadChange, state: IndexState, warm_hops: int | None, warmup_reviews: int) -> list[str]:
    from diffreach.review.changes import unsupported_files

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


def whole_file_changes(store: Store, files: Sequence[str]) -> tuple[Change, ...]:
    """Each file and every symbol in it as changed, kind ``module``: "what does this file reach?"."""
    out: list[Change] = []
    for path in files:
        symbols = store.symbols_in_file(path)
        if not symbols:
            raise PathError(f"{path} is not in the graph (not indexed, or a language diffreach does not read)")
        out.extend(
            Change(s.id, s.kind, s.file, ("module",), s.start_line, s.end_line, s.signature, s.signature)
            for s in symbols
        )
    return tuple(out)


def radius_json(result: ImpactResult) -> dict[str, object]:
    """The ``impact --json`` shape."""
    from diffreach.review.impact import is_behavior_change

    r = result.radius
    return {
        "changed": [
            {
                "id": c.id,
                "kind": c.kind,
                "file": c.file,
                "change": list(c.changes),
                "start_line": c.start_line,
                "end_line": c.end_line,
            }
            for c in r.changed
        ],
        "radius": [
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
        "index": {
            "commit": result.index.commit,
            "head": result.index.head,
            "dirty": result.index.dirty,
            "stale": result.index.stale,
        },
        "base": result.base,
    }


def query(root: str | Path, text: str, top: int | None = None, debug: bool = False) -> dict[str, object]:
    """The files most relevant to a plain-language question, with reasons (``query --json`` shape).

    ``top`` defaults to ``query_max_files`` from the configuration.
    """
    from diffreach.config import load_config
    from diffreach.query.rank import rank_files

    store = open_store(root)
    try:
        limit = top if top is not None else load_config(store.root).query_max_files
        return rank_files(store, text, top=limit, debug=debug).as_json()
    finally:
        store.close()


def languages() -> list[dict[str, object]]:
    """The supported languages: name, file extensions and what resolution each has."""
    from diffreach.languages import all_languages

    return [
        {"name": spec.name, "extensions": list(spec.extensions), "resolution": spec.resolution}
        for spec in all_languages()
    ]


def review_context(
    root: str | Path,
    result: ImpactResult,
    *,
    budget: int | None = None,
    tokenizer: str | None = None,
    min_detail: str | None = None,
    force_converge: bool = True,
    origin: str = "cli",
) -> ReviewContext:
    """The budgeted review context of an impact result, recorded in the ledger."""
    from diffreach.review.ledger import serve_context
    from diffreach.review.tokens import get_counter

    top = find_root(root)
    config = load_config(top)
    counter = get_counter(tokenizer or config.tokenizer)
    store = open_store(top)
    try:
        return serve_context(
            store,
            result,
            budget=config.budget if budget is None else budget,
            counter=counter,
            min_detail=min_detail,
            force_converge=force_converge,
            origin=origin,
        )
    finally:
        store.close()
