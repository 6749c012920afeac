"""Keep the graph fresh while files are saved: a polling watcher with a debounce.

Polling, not OS events: it needs no dependency, behaves the same on every
platform and inside containers, and editors' event storms (temporary files,
rename-over-save, several writes per save) need filtering and debouncing anyway.
Each tick stats the files the last scan found, which is cheap; every
``rescan`` seconds it asks the indexer's own walk (``git ls-files`` and the
same filters) for the file list again, to see new and deleted files, and git
for HEAD, because a commit moves the graph's commit even when no file changed.
A change starts the debounce clock; once nothing has changed for ``debounce``
seconds (or ``max_delay`` after the first change, so a stream of saves cannot
starve it), ``Indexer.run()`` brings the graph up to date incrementally, which
also records the indexed commit in ``meta``. While a change is seen but not yet
indexed the watcher sets ``meta.watch_pending`` to "1" (and back to "0" after
the update or on stop), so a reader of the graph can tell a stale answer from a
fresh one. The work runs in the watcher's thread with its own SQLite
connections; a failed update is reported and retried on the next change, and
never ends the thread.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from diffreach import git
from diffreach.config import load_config
from diffreach.graph.store import Store
from diffreach.index.indexer import Indexer, IndexReport, find_root, kept_indexer, walk

log = logging.getLogger(__name__)

Snapshot = dict[str, tuple[int, int]]  # path → (mtime_ns, size)
_GONE = (-1, -1)  # a known path that no longer stats: the same as one the file list lacks


@dataclass(frozen=True, slots=True)
class Update:
    """One refresh of the graph, or its failure."""

    at: float  # time.time() when it finished
    reason: str  # "start", "files" or "head"
    changed: tuple[str, ...]  # paths seen changing (sorted), empty for start
    report: IndexReport | None
    error: str | None = None


OnUpdate = Callable[[Update], None]


class Watcher:
    """A background thread that keeps the graph of ``root`` current; ``stop()`` ends it."""

    def __init__(
        self,
        root: str | Path,
        on_update: OnUpdate | None = None,
        *,
        debounce: float = 0.5,
        interval: float = 0.5,
        rescan: float = 2.0,
        max_delay: float = 10.0,
    ) -> None:
        self.root = find_root(root)
        self.on_update = on_update
        self.debounce, self.interval, self.rescan, self.max_delay = debounce, interval, rescan, max_delay
        self.updates = 0
        self.last: Update | None = None
        self._stop = threading.Event()
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name=f"diffreach-watch:{self.root.name}", daemon=True)
        self._indexer: Indexer | None = None  # used by the watch thread only

    # ----- control -------------------------------------------------------------------------------

    def start(self) -> Watcher:
        self._thread.start()
        return self

    def stop(self, timeout: float = 30.0) -> None:
        """Ask the thread to finish and wait for it (an update in progress completes first)."""
        self._stop.set()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end (after ``stop()``); True when it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def wait_for_update(self, after: int, timeout: float) -> bool:
        """Block until more than ``after`` updates happened (True) or ``timeout`` passed (False)."""
        with self._cond:
            return self._cond.wait_for(lambda: self.updates > after, timeout)

    # ----- the loop ------------------------------------------------------------------------------

    def _run(self) -> None:
        seen = ChangeDetector(self.root, self.rescan)  # before the first update, so a save during it is seen afterwards
        try:
            self._watch(seen)
        finally:
            if self._indexer is not None:
                self._indexer.close()

    def _watch(self, seen: ChangeDetector) -> None:
        self._update("start", ())
        pending: set[str] = set()
        first = last = time.monotonic()
        while not self._stop.wait(self.interval):
            now = time.monotonic()
            changed = seen.poll(now)
            if changed:
                if not pending:
                    first = now
                    self._set_pending(True)
                pending |= changed
                last = now
            if pending and (now - last >= self.debounce or now - first >= self.max_delay):
                self._update("head" if pending == {"HEAD"} else "files", tuple(sorted(pending - {"HEAD"})))
                pending = set()
        if pending:
            self._set_pending(False)  # the watcher leaves; the index state's own checks take over

    def _update(self, reason: str, changed: tuple[str, ...]) -> None:
        report: IndexReport | None = None
        error: str | None = None
        try:
            # One indexer for the watcher's life: it keeps what an update reuses, and is told
            # which files changed (a moved HEAD or the first run walks the repository).
            indexer = self._indexer = kept_indexer(self._indexer, self.root)
            report = indexer.run(paths=changed if reason == "files" else None)
            with indexer.store.atomic():
                indexer.store.set_meta("watch_pending", "0")
                indexer.store.set_meta("watched_at", time.strftime("%Y-%m-%dT%H:%M:%S"))
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}"
            if self._indexer is not None:
                self._indexer.close()
                self._indexer = None  # start afresh on the next change
        update = Update(time.time(), reason, changed, report, error)
        with self._cond:
            self.updates += 1
            self.last = update
            self._cond.notify_all()
        if self.on_update is not None:
            try:
                self.on_update(update)
            except Exception:
                log.exception("watch: the on_update callback failed")

    def _set_pending(self, value: bool) -> None:
        try:
            store = Store.open(self.root, create=False)
        except Exception:
            return
        try:
            with store.atomic():
                store.set_meta("watch_pending", "1" if value else "0")
        except Exception as exc:
            log.debug("watch: could not mark the graph pending: %s", exc)
        finally:
            store.close()


class ChangeDetector:
    """What changed under ``root`` since the last poll: cheap stats of the known files on most
    polls, the indexer's own file list and HEAD every ``rescan`` seconds ("HEAD" stands for a
    moved HEAD). Also used by ``serve --watch``, so an idle server costs stats, not re-indexes."""

    def __init__(self, root: Path, rescan: float = 2.0) -> None:
        self.root, self.rescan = root, rescan
        self.snapshot = self._scan()
        self.head = git.head(root)
        self.last_scan = time.monotonic()

    def poll(self, now: float | None = None) -> set[str]:
        now = time.monotonic() if now is None else now
        if now - self.last_scan < self.rescan:
            return _restat(self.root, self.snapshot)
        fresh = self._scan()
        changed = _differences(self.snapshot, fresh)
        self.snapshot, self.last_scan = fresh, now
        head = git.head(self.root)
        if head != self.head:
            self.head = head
            changed.add("HEAD")
        return changed

    def _scan(self) -> Snapshot:
        try:
            candidates, _ = walk(self.root, load_config(self.root))
        except Exception:
            return {}
        return {c.path: (c.mtime_ns, c.size) for c in candidates}


def _differences(old: Snapshot, new: Snapshot) -> set[str]:
    return {p for p in old.keys() | new.keys() if old.get(p, _GONE) != new.get(p, _GONE)}


def _restat(root: Path, snapshot: Snapshot) -> set[str]:
    """Paths of ``snapshot`` whose stat changed (or that vanished); updates ``snapshot``."""
    changed: set[str] = set()
    for path, seen in list(snapshot.items()):
        try:
            st = os.stat(root / path)
            now = (st.st_mtime_ns, st.st_size)
        except OSError:
            now = _GONE
        if now != seen:
            snapshot[path] = now
            changed.add(path)
    return changed


def start_watcher(
    root: str | Path, on_update: OnUpdate | None = None, debounce: float = 0.5, **options: float
) -> Watcher:
    """Start keeping the graph of ``root`` fresh in a background thread; returns the running Watcher.

    ``options``: ``interval`` (seconds between stat ticks), ``rescan`` (seconds between
    file-list and HEAD checks), ``max_delay`` (longest wait after a first change).
    """
    return Watcher(root, on_update, debounce=debounce, **options).start()


__all__ = ["ChangeDetector", "Update", "Watcher", "start_watcher"]
