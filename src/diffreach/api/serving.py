"""What is served to a reviewer and billed in the ledger: the budgeted review context,
the blocks it cut, the token bill, and the savings baseline every MCP result carries."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from diffreach import git
from diffreach.api.state import index_state, open_store
from diffreach.config import load_config
from diffreach.index.walk import find_root
from diffreach.model import ImpactResult, IndexState
from diffreach.review.context import ReviewContext
from diffreach.review.context import expand as expand_block
from diffreach.review.ledger import file_reader, repository_baseline, serve_context
from diffreach.review.ledger import stats as ledger_stats
from diffreach.review.tokens import HeuristicCounter, get_counter


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


def check_tokenizer(root: str | Path, tokenizer: str | None = None) -> None:
    """Fail (ConfigError) before any work when the chosen token counter is unavailable."""
    get_counter(tokenizer or load_config(find_root(root)).tokenizer)


def expand(root: str | Path, block_id: str) -> dict[str, object]:
    """The full original of a block a review context cut: ``{"id", "text"}``."""
    store = open_store(root)
    try:
        return {"id": block_id, "text": expand_block(store.conn, block_id)}
    finally:
        store.close()


def stats(root: str | Path, days: int = 30) -> dict[str, object]:
    """The token bill (``stats --json``): contexts served, tokens sent and saved, per day."""
    store = open_store(root)
    try:
        return ledger_stats(store, days).as_json()
    finally:
        store.close()


def source_reader(root: str | Path, head: str = "") -> Callable[[str], str | None]:
    """A file's text on the new side of a diff (``ImpactResult.head``) in the repository at ``root``."""
    return file_reader(find_root(root), head)


def graph_facts(root: Path, *, updated: bool, with_state: bool) -> tuple[IndexState | None, int | None]:
    """The graph's state (when ``with_state``; ``updated``: the caller brought the graph up to
    date first) and the savings baseline: the whole indexed repository, as the ledger counts it
    (cached in the graph until a file changes), None for an empty repository."""
    store = open_store(root)
    try:
        baseline = repository_baseline(store, HeuristicCounter(), file_reader(root)) or None
        return (index_state(root, store, updated) if with_state else None), baseline
    finally:
        store.close()


TreeMark = tuple[str | None, bytes, tuple[tuple[int, int], ...]]


def tree_mark(root: Path) -> TreeMark:
    """The working tree as one comparable value: HEAD, git's status of changed and untracked
    files, and the size and modification time of each. Two equal marks mean the graph brought
    up to date at the first still reflects the tree at the second, dirty or not."""
    out = git.status(root)
    # -z entries are "XY path"; a rename's origin follows as a bare path (stat'ed as given).
    paths = [
        e[3:] if len(e) > 3 and e[2] == " " else e for e in out.decode("utf-8", "surrogateescape").split("\0") if e
    ]
    stats: list[tuple[int, int]] = []
    for path in paths:
        try:
            st = os.stat(root / path)
            stats.append((st.st_mtime_ns, st.st_size))
        except OSError:
            stats.append((-1, -1))
    return git.head(root), out, tuple(stats)
