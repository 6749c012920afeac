"""What every MCP handler shares: the fixed root, one lock around the library, and the
envelope every result goes out in.

The library is synchronous and may index or run git, so each call runs in a
worker thread, one at a time (the indexer writes the graph; two writers would
only wait on SQLite). ``envelope`` adds what every result carries: ``index``
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
from diffreach.model import IndexState

DEFAULT_MAX_TOKENS = 8000
MIN_CUT_TEXT = 400  # characters: shorter texts (ids, notes) are never cut, only long ones (a context)

T = TypeVar("T")


@dataclass
class App:
    """What every handler needs: the fixed root and one lock around the (synchronous) library."""

    root: Path
    lock: anyio.Lock
    # One indexer kept between updates (what it learnt is reused); used under ``run`` only.
    updater: api.GraphUpdater = field(init=False)

    def __post_init__(self) -> None:
        self.updater = api.GraphUpdater(self.root)

    async def run(self, func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        # One call at a time: the indexer writes the graph, and two writers would only wait on SQLite.
        async with self.lock:
            return await anyio.to_thread.run_sync(lambda: func(*args, **kwargs))

    def update(self, paths: list[str] | None = None) -> dict[str, Any]:
        """Bring the graph up to date; call it through ``run`` (one writer at a time, and the
        kept indexer is used by one thread at a time). ``paths``: the files the watcher saw
        change, looked at instead of walking the repository (see ``Indexer.run``)."""
        return self.updater.update(paths)

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
    current, baseline = await app.run(api.graph_facts, app.root, updated=updated, with_state=index is None)
    state = index if index is not None else current
    assert state is not None  # graph_facts reads the state when none is given
    # The savings metadata is added after the cut: keep room for it, so the whole result fits.
    probe = api.estimate_context_savings(original_tokens=baseline, returned_tokens=max_tokens)
    room = api.estimate_tokens(api.attach_context_savings({}, probe))
    data = bound({**data, "index": state.as_json()}, max(1, max_tokens - room), hint)
    savings = api.estimate_context_savings(original_tokens=baseline, returned_tokens=api.estimate_tokens(data))
    return api.attach_context_savings(data, savings)
