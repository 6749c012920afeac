"""What every MCP handler shares: the fixed root, the update lock, and the envelope every
result goes out in.

The library is synchronous and may index or run git, so each call runs in a
worker thread. Bringing the graph up to date (``refresh``) runs under the update
lock, one at a time: the indexer writes the graph, two writers would only wait
on SQLite, and the kept indexer serves one thread at a time. Reading the graph
(``read``) takes no lock: SQLite's WAL gives a reader the last committed graph
while an update writes, and parsing is safe across threads (each parse has its
own parser), so one long request holds the lock no longer than its refresh.
The ranking's caches (term index, graph arrays) are built by the first question
after a change: questions take turns (``rank_lock``), other tools do not wait
for them. ``envelope`` adds what every result carries: ``index``
(the commit the graph reflects and whether the tree moved since), the savings
estimate, and a size cap (``max_tokens``; lists and long texts are cut from the
end and the result says ``truncated`` with ``how_to_get_more``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import anyio

from diffreach import api
from diffreach.errors import DiffreachError
from diffreach.model import IndexState

DEFAULT_MAX_TOKENS = 8000
MIN_CUT_TEXT = 400  # characters: shorter texts (ids, notes) are never cut, only long ones (a context)

T = TypeVar("T")


@dataclass
class App:
    """What every handler needs: the fixed root and the update lock around the graph's writer."""

    root: Path
    lock: anyio.Lock  # held while the graph is brought up to date, and only then
    rank_lock: anyio.Lock = field(default_factory=anyio.Lock)  # questions take turns (see the docstring)
    # One indexer kept between updates (what it learnt is reused); used under ``lock`` only.
    updater: api.GraphUpdater = field(init=False)
    behind: bool = False  # the last refresh found another process writing the graph: results are stale
    # The working tree as the last refresh saw it (before it ran): while the tree still looks so,
    # the graph reflects it, dirty or not (``reflects_tree``). None: no refresh went through.
    mark: api.TreeMark | None = None

    def __post_init__(self) -> None:
        self.updater = api.GraphUpdater(self.root)

    async def run(self, func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``func`` in a worker thread under the update lock: for work that writes the graph."""
        async with self.lock:
            return await anyio.to_thread.run_sync(lambda: func(*args, **kwargs))

    async def read(self, func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``func`` in a worker thread, without the lock: for work that reads the graph."""
        return await anyio.to_thread.run_sync(lambda: func(*args, **kwargs))

    async def refresh(self, paths: list[str] | None = None) -> dict[str, Any]:
        """Bring the graph up to date under the update lock; the update's report. When another
        process holds the graph's write lock (a long build) nothing waits: the graph is read as
        it stands and ``behind`` marks the results stale until an update goes through."""
        report = await self.run(self.update, paths)
        self.behind = self.updater.busy
        return report

    def update(self, paths: list[str] | None = None) -> dict[str, Any]:
        """Bring the graph up to date; call it through ``refresh`` (one writer at a time, and the
        kept indexer is used by one thread at a time). ``paths``: the files the watcher saw
        change, looked at instead of walking the repository (see ``Indexer.run``)."""
        mark = api.tree_mark(self.root)  # before: a save during the update leaves the graph behind it
        report = self.updater.update(paths)
        self.mark = None if self.updater.busy else mark
        return report

    async def reflects_tree(self) -> bool:
        """Whether the graph still reflects the working tree, without updating it: the tree looks
        as it did when the last refresh went through. "Stale" is the opposite, not "dirty"."""
        return self.mark is not None and self.mark == await self.read(api.tree_mark, self.root)

    def close(self) -> None:
        self.updater.close()


def bound(data: dict[str, Any], max_tokens: int, hint: str) -> dict[str, Any]:
    """``data`` cut to about ``max_tokens``: the largest top-level list or text loses its tail first.

    Lists are ordered most important first by the library, so the tail is what
    can go. The result says what was cut and how to get the rest.
    """
    size = api.estimate_tokens(data)
    out = dict(data)
    out["truncated"] = bool(data.get("truncated", False))
    if size <= max_tokens:
        return out
    cut: dict[str, int] = {}
    target = max_tokens - 60  # room for the notes this function adds
    while (total := api.estimate_tokens(out)) > target:
        sizes = {
            k: api.estimate_tokens(v)
            for k, v in out.items()
            if (isinstance(v, list) and v) or (isinstance(v, str) and len(v) > MIN_CUT_TEXT and k not in cut)
        }
        if not sizes:
            break  # only small fields left: this is as small as the result gets
        key = max(sizes, key=lambda k: sizes[k])
        value, excess = out[key], total - target
        keep = max(0, math.floor(len(value) * (1 - excess / sizes[key])) - 1)
        cut[key] = cut.get(key, 0) + len(value) - keep
        out[key] = value[:keep] if isinstance(value, list) else value[:keep] + "\n[… cut: see how_to_get_more]"
    out.update(
        truncated=True,
        cut=cut,
        how_to_get_more=(
            f"the full result is about {size} tokens: call again with max_tokens={size + 200}"
            + (f", or {hint}" if hint else "")
        ),
    )
    return out


async def envelope(
    app: App, data: dict[str, Any], max_tokens: int, index: IndexState | None, hint: str = "", updated: bool = True
) -> dict[str, Any]:
    """``data`` with ``index`` (given, or read now; ``updated``: the call brought the graph up to
    date first), cut to ``max_tokens``, with the savings estimate of what is returned."""
    current, baseline = await app.read(api.graph_facts, app.root, updated=updated, with_state=index is None)
    state = index if index is not None else current
    assert state is not None  # graph_facts reads the state when none is given
    index_json = _index_json(app, state)
    # The savings metadata is added after the cut: keep room for it, so the whole result fits.
    probe = api.estimate_context_savings(original_tokens=baseline, returned_tokens=max_tokens)
    room = api.estimate_tokens(api.attach_context_savings({}, probe))
    data = bound({**data, "index": index_json}, max(1, max_tokens - room), hint)
    savings = api.estimate_context_savings(original_tokens=baseline, returned_tokens=api.estimate_tokens(data))
    return api.attach_context_savings(data, savings)


def _index_json(app: App, state: IndexState) -> dict[str, object]:
    index_json = state.as_json()
    if app.behind:  # another process is writing the graph: this answer is from the graph before it
        index_json.update(stale=True, being_updated=True)
    return index_json


def _read_state(root: Path, updated: bool) -> IndexState | None:
    try:
        store = api.open_store(root)
    except DiffreachError:  # no graph yet (or none that opens): an error result has no index then
        return None
    try:
        return api.index_state(root, store, updated)
    finally:
        store.close()


async def error_index(app: App) -> dict[str, object] | None:
    """The ``index`` an error result carries where a graph exists: a refused call still says
    which commit the graph reflects and whether it is stale."""
    state = await app.read(_read_state, app.root, await app.reflects_tree())
    return None if state is None else _index_json(app, state)
