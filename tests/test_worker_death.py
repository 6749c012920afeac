"""The indexer's worker processes die with it.

``subprocess.run(..., timeout=...)`` and the OOM killer end a process with
SIGKILL: it cannot clean up, so its workers must notice on their own. An
orphaned worker holds the database and the caller's pipes (a caller reading
the output to EOF hangs). The test kills the indexer while its workers are
alive and checks, by /proc, that none outlives it by more than a few seconds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")

FILES = 120  # above the pool's threshold (64 files), enough work that the kill lands mid-run


def module(i: int) -> str:
    body = "".join(f"def f{i}_{j}(x):\n    return f{i}_{j - 1}(x) + {j}\n\n\n" for j in range(1, 120))
    return f"def f{i}_0(x):\n    return x\n\n\n{body}"


def state(pid: int) -> tuple[str, int] | None:
    """(state letter, parent pid) of a live process, None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2 :].split()  # the name, in parentheses, may hold spaces
    return fields[0], int(fields[1])


def children(pid: int) -> set[int]:
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            seen = state(int(entry))
            if seen is not None and seen[1] == pid:
                found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    seen = state(pid)
    return seen is not None and seen[0] != "Z"  # a zombie has exited; only its parent's wait is missing


def test_a_sigkilled_indexer_leaves_no_worker(make_repo: Callable[..., Path]) -> None:
    files = {f"pkg/m{i}.py": module(i) for i in range(FILES)}
    files[".diffreach.toml"] = "workers = 2\n"
    root = make_repo(files)
    proc = subprocess.Popen(
        [sys.executable, "-m", "diffreach.cli", "index", str(root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        workers: set[int] = set()
        deadline = time.monotonic() + 60
        while len(workers) < 2 and proc.poll() is None and time.monotonic() < deadline:
            workers |= children(proc.pid)
            time.sleep(0.005)
        assert len(workers) >= 2, "the indexer finished (or stalled) before its workers were seen"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 5
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        survivors = [w for w in workers if alive(w)]
        assert not survivors, f"workers outlived the killed indexer: {survivors}"
        assert proc.stdout is not None
        proc.stdout.read()  # EOF: no process holds the pipe any more
    finally:
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
        if proc.stdout is not None:
            proc.stdout.close()
