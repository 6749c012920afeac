"""Building the graph and keeping it current: one run, a kept indexer, a watcher."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from diffreach.index.indexer import Indexer, IndexReport, kept_indexer
from diffreach.index.indexer import index as build_index
from diffreach.index.walk import find_root
from diffreach.index.watch import Update, Watcher, start_watcher
from diffreach.model import Progress


def index(path: str | Path, *, full: bool = False, progress: Progress | None = None) -> IndexReport:
    """Index (or bring up to date) the repository at ``path``; ``progress(phase, done, total)`` as
    it goes (``model.Phase``: extracting, resolving, writing, linking interfaces, counting).
    A full run also drops the derived caches beside the graph (rebuilt when next needed)."""
    report = build_index(path, full=full, progress=progress)
    if full:
        # Heavy optional dependency: the rank cache's module imports numpy; only a full run needs it here.
        from diffreach.query.arrays import drop_caches

        drop_caches(find_root(path))
    return report


class GraphUpdater:
    """Brings the graph of ``root`` up to date on demand with one ``Indexer`` kept between
    updates, so what it learnt is reused (the MCP server). Not thread-safe: one caller at a time."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.indexer: Indexer | None = None
        self.busy = False  # the last update found another process writing the graph and did nothing

    def update(self, paths: list[str] | None = None) -> dict[str, Any]:
        """The update's report (``IndexReport.as_json``). ``paths``: the files a watcher saw
        change, looked at instead of walking the repository (see ``Indexer.run``). Mode ``busy``
        (and ``self.busy``) when another process held the write lock: nothing was updated, and
        nothing waited for it."""
        self.indexer = kept_indexer(self.indexer, self.root)
        self.busy = not self.indexer.store.write_lock_free()
        if self.busy:
            # Another process holds the write lock (a long build): waiting for it would hold
            # every answer for as long; the caller answers from the graph as it stands.
            return {"mode": "busy", "note": "another process is writing the graph: not brought up to date"}
        try:
            return self.indexer.run(paths=paths).as_json()
        except Exception:
            self.close()  # start afresh next time
            raise

    def close(self) -> None:
        if self.indexer is not None:
            self.indexer.close()
            self.indexer = None


def watch(
    root: str | Path, on_update: Callable[[Update], None], *, debounce: float = 0.5, interval: float = 0.5
) -> Watcher:
    """Keep the graph of ``root`` current in a background thread, calling ``on_update`` after
    each refresh (or failure); ``stop()`` the returned watcher to end it."""
    return start_watcher(root, on_update, debounce=debounce, interval=interval)
