"""The progress line: how far long work is, on a terminal, and nothing for work that is quick.

The library reports named phases through one callback (``model.Progress``), each phase from its
start; this is the only place that shows them. The line appears once the work has lasted
``SHOW_AFTER`` seconds (a timer draws the phase then, so a phase that never reports again still
appears; several short phases that add up to a long wait are shown too), is rewritten in place
at most every ``_REDRAW`` seconds and is erased when the work ends, so only the answer stays. A
warm answer shows nothing at all.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from diffreach.model import Phase

SHOW_AFTER = 1.0  # seconds a phase runs before it is shown
_REDRAW = 0.1  # a line rewritten more often than this is not read, only paid for


class ProgressLine:
    """A ``model.Progress`` callback drawing one line through ``write`` (stderr, no newline)."""

    def __init__(self, write: Callable[[str], None], show_after: float | None = None) -> None:
        self._write = write
        self._show_after = SHOW_AFTER if show_after is None else show_after
        self._lock = threading.Lock()  # the timer draws from its own thread
        self._timer: threading.Timer | None = None
        self._phase: Phase | None = None
        self._since: float | None = None  # when the first phase began
        self._drawn_at = 0.0
        self._text = ""
        self._width = 0  # of the line on screen; 0: nothing shown

    def __call__(self, phase: Phase, done: int, total: int) -> None:
        now = time.monotonic()
        with self._lock:
            since = self._since = now if self._since is None else self._since
            moved, self._phase = phase != self._phase, phase
            self._text = f"{phase} {done:,}/{total:,} files ({done * 100 // total}%)" if total else f"{phase}…"
            if not self._width and now - since < self._show_after:
                if self._timer is None:
                    self._timer = threading.Timer(self._show_after - (now - since), self._late)
                    self._timer.daemon = True
                    self._timer.start()
                return
            if not moved and done < total and now - self._drawn_at < _REDRAW:
                return
            self._draw(now)

    def close(self) -> None:
        """Stop the timer and erase the line, if one is shown."""
        with self._lock:
            self._cancel()
            if self._width:
                self._write("\r" + " " * self._width + "\r")
                self._width = 0

    def _late(self) -> None:
        with self._lock:
            if self._timer is not None:  # not cancelled while this thread waited for the lock
                self._timer = None
                self._draw(time.monotonic())

    def _draw(self, now: float) -> None:
        self._write("\r" + self._text.ljust(self._width))
        self._width, self._drawn_at = len(self._text), now

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


__all__ = ["SHOW_AFTER", "ProgressLine"]
