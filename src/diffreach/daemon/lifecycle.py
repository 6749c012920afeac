"""Start, stop and ask a repository's daemon.

``start`` runs ``python -m diffreach.cli daemon run`` as a process of its own session (no
controlling terminal; stdin, stdout and stderr on /dev/null: it writes only to its log) and
returns once the daemon answers a status request, or fails with the last lines of its log.
``stop`` asks it to exit and waits until its lock is free; ``status`` asks it, or says that none
is running (and whether a crash left a socket behind, which the next start removes).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from diffreach.daemon.client import exchange, read_state
from diffreach.daemon.place import Place, PlaceError, check_private_folder, place_of
from diffreach.daemon.server import lock_is_held, prepared_place
from diffreach.errors import DiffreachError

START_SECONDS = 60.0  # a loaded machine takes seconds to import the library
STOP_SECONDS = 30.0  # a request under way is finished first
_POLL = 0.05


def status(root: Path) -> dict[str, Any]:
    """What the daemon of ``root`` says of itself (``running``: True), or that none runs."""
    place = place_of(root)
    reply = _ask(place, "status") if lock_is_held(place) else None
    if reply is not None:
        return {"running": True, **{k: v for k, v in reply.items() if k != "status"}}
    return {
        "running": False,
        "root": str(root),
        "stale_socket": os.path.lexists(place.socket),
        "held": lock_is_held(place),  # a daemon that holds the lock but does not answer (busy, or stuck)
    }


def start(root: Path, idle_timeout: float | None = None) -> dict[str, Any]:
    """Start the daemon of ``root`` and return its status; DiffreachError if one runs already
    or it does not come up."""
    place = prepared_place(root)
    if lock_is_held(place):
        raise DiffreachError(f"a daemon already serves {root} (pid {_pid(place)}); 'diffreach daemon stop' first")
    cmd = [sys.executable, "-m", "diffreach.cli", "daemon", "run", "--root", str(root)]
    if idle_timeout is not None:
        cmd += ["--idle-timeout", repr(idle_timeout)]
    proc = subprocess.Popen(
        cmd,
        cwd=root,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        close_fds=True,
    )
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise DiffreachError(f"the daemon did not start: {_last_log_line(place)}")
        state = read_state(place)
        if state is not None and state.get("pid") == proc.pid:
            reply = _ask(place, "status")
            if reply is not None:
                return {"running": True, **{k: v for k, v in reply.items() if k != "status"}}
        time.sleep(_POLL)
    proc.terminate()
    raise DiffreachError(f"the daemon did not answer within {START_SECONDS:g} s: {_last_log_line(place)}")


def stop(root: Path) -> int | None:
    """Ask the daemon of ``root`` to exit and wait for it; its pid, or None when none was running."""
    place = place_of(root)
    if not lock_is_held(place):
        return None
    pid = _pid(place)
    reply = _ask(place, "stop")
    if reply is None:
        raise DiffreachError(f"the daemon of {root} (pid {pid}) does not answer; it may be busy: try again")
    deadline = time.monotonic() + STOP_SECONDS
    while lock_is_held(place):
        if time.monotonic() > deadline:
            raise DiffreachError(f"the daemon of {root} (pid {pid}) did not exit within {STOP_SECONDS:g} s")
        time.sleep(_POLL)
    return int(reply.get("pid", pid or 0)) or None


def _ask(place: Place, kind: str) -> dict[str, Any] | None:
    try:
        check_private_folder(place.folder)
        check_private_folder(os.path.dirname(place.socket))
    except PlaceError:
        return None
    reply, _ = exchange(place, {"kind": kind})
    return reply if reply is not None and reply.get("status") == "ok" else None


def _pid(place: Place) -> str:
    try:
        with open(place.lock) as fh:
            return fh.read().strip() or "?"
    except OSError:
        return "?"


def _last_log_line(place: Place) -> str:
    try:
        with open(place.log, errors="replace") as fh:
            lines = fh.read().strip().splitlines()
    except OSError:
        return "no log"
    return lines[-1] if lines else "no log"
