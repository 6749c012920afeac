"""Watch mode: saves, new files and commits reach the graph; the thread stops when asked.

Waits are bounded (a generous timeout on a condition), never assertions on speed.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from diffreach.graph.store import Store
from diffreach.index.watch import ChangeDetector, Update, Watcher, start_watcher
from diffreach.present.text import render_update as format_update

from .conftest import commit_all

TIMEOUT = 60.0
FAST = {"interval": 0.05, "rescan": 0.2}


def symbol_ids(root: Path) -> set[str]:
    store = Store.open(root, create=False)
    try:
        return {s.id for s in store.all_symbols()}
    finally:
        store.close()


def meta(root: Path, key: str) -> str:
    store = Store.open(root, create=False)
    try:
        return store.get_meta(key)
    finally:
        store.close()


def wait_for_symbol(watcher: Watcher, root: Path, sid: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while sid not in symbol_ids(root) and time.monotonic() < deadline:
        watcher.wait_for_update(watcher.updates, 1.0)
    assert sid in symbol_ids(root)


def test_saves_and_new_files_reach_the_graph(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"lib.py": "def area(w, h):\n    return w * h\n"})
    seen: list[Update] = []
    watcher = start_watcher(root, seen.append, debounce=0.1, **FAST)
    try:
        assert watcher.wait_for_update(0, TIMEOUT)  # the first update builds the graph
        assert "lib.py::area" in symbol_ids(root)
        (root / "shapes.py").write_text("def circle(r):\n    return 3 * r * r\n")  # untracked: found by a rescan
        wait_for_symbol(watcher, root, "shapes.py::circle")
        (root / "lib.py").write_text(
            "def area(w, h):\n    return w * h\n\n\ndef volume(w, h, d):\n    return w * h * d\n"
        )
        wait_for_symbol(watcher, root, "lib.py::volume")
    finally:
        watcher.stop()
    assert watcher.join(TIMEOUT) and not watcher.running
    assert seen[0].reason == "start" and seen[0].error is None
    changed = [u.changed for u in seen[1:]]
    assert ("shapes.py",) in changed and ("lib.py",) in changed
    assert all(u.report is not None and u.report.mode in ("incremental", "full") for u in seen[1:])
    assert meta(root, "watch_pending") == "0"


def test_a_commit_moves_the_graphs_commit_so_it_is_not_stale(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"lib.py": "def area(w, h):\n    return w * h\n"})
    watcher = start_watcher(root, debounce=0.1, **FAST)
    try:
        assert watcher.wait_for_update(0, TIMEOUT)
        (root / "notes.txt").write_text("not source\n")
        commit_all(root, "a commit that changes no source file")
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        deadline = time.monotonic() + TIMEOUT
        while meta(root, "indexed_commit") != head and time.monotonic() < deadline:
            watcher.wait_for_update(watcher.updates, 1.0)
        assert meta(root, "indexed_commit") == head
        assert watcher.last is not None and watcher.last.reason == "head"
    finally:
        watcher.stop()


def test_a_failing_callback_does_not_stop_the_watcher(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"lib.py": "def f():\n    return 1\n"})

    def explode(update: Update) -> None:
        raise RuntimeError("callback bug")

    watcher = start_watcher(root, explode, debounce=0.1, **FAST)
    try:
        assert watcher.wait_for_update(0, TIMEOUT)
        (root / "lib.py").write_text("def f():\n    return 2\n\n\ndef g():\n    return 3\n")
        assert watcher.wait_for_update(1, TIMEOUT)
        assert watcher.running and "lib.py::g" in symbol_ids(root)
    finally:
        watcher.stop()


def test_format_update_is_one_line() -> None:
    from diffreach.index.indexer import IndexReport

    report = IndexReport(
        root="/r",
        mode="incremental",
        extracted=2,
        seconds=0.125,
        commit="f" * 40,
        counts={"nodes": {"file": 3, "function": 10, "method": 2}},
    )
    line = format_update(Update(0.0, "files", ("a.py", "b.py"), report))
    assert line.endswith(
        "  2 changed: a.py, b.py · incremental, 2 re-extracted, 0 deleted in 0.12s · 12 symbols · graph at ffffffffffff"
    )
    assert "\n" not in line
    failed = format_update(Update(0.0, "files", ("a.py",), None, "StoreError: database is locked"))
    assert failed.endswith("update failed: StoreError: database is locked (retrying on the next change)")


def test_watch_command_prints_updates_and_stops_on_interrupt(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"lib.py": "def f():\n    return 1\n"})
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "diffreach.cli",
            "watch",
            "--root",
            str(root),
            "--debounce",
            "0.1",
            "--interval",
            "0.05",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert "graph ready" in first and "symbols" in first
        (root / "lib.py").write_text("def f():\n    return 1\n\n\ndef g():\n    return 2\n")
        second = proc.stdout.readline()
        assert "1 changed: lib.py" in second
    finally:
        proc.send_signal(2)  # SIGINT, as Ctrl-C
        proc.wait(TIMEOUT)
    assert proc.returncode == 130


def test_change_detector_reports_saves_new_files_and_commits_and_nothing_when_idle(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo({"lib.py": "def area(w, h):\n    return w * h\n"})
    seen = ChangeDetector(root, rescan=3600.0)
    assert seen.poll() == set()
    (root / "lib.py").write_text("def area(w, h):\n    return w * h * 1\n")
    assert seen.poll() == {"lib.py"}
    assert seen.poll() == set()  # reported once
    (root / "new.py").write_text("def f():\n    return 1\n")
    assert seen.poll() == set()  # new files need the file list: seen at the next rescan
    assert seen.poll(time.monotonic() + 7200.0) == {"new.py"}
    commit_all(root, "add new.py")
    assert seen.poll(time.monotonic() + 14400.0) == {"HEAD"}
    (root / "new.py").unlink()
    assert seen.poll() == {"new.py"}
    # The next file list lacks it too: not a second change (it was an extra no-op update).
    assert seen.poll(time.monotonic() + 21600.0) == set()


def test_serve_watch_loop_indexes_only_after_a_change(make_repo: Callable[..., Path], monkeypatch) -> None:
    import anyio

    from diffreach.serve import mcp as mcp_server

    root = make_repo({"lib.py": "def area(w, h):\n    return w * h\n"})
    runs: list[list[str] | None] = []
    real_update = mcp_server.App.update

    def counting_update(self, paths=None) -> dict:  # type: ignore[no-untyped-def]
        runs.append(paths)
        return real_update(self, paths)

    async def scenario() -> None:
        app = mcp_server.App(root=root, lock=anyio.Lock())
        async with anyio.create_task_group() as tg:
            tg.start_soon(mcp_server._watch, app, 0.05)
            with anyio.fail_after(TIMEOUT):
                while not runs:  # the first refresh at start
                    await anyio.sleep(0.05)
            await anyio.sleep(0.5)
            assert len(runs) == 1  # idle: stats only, no re-index
            (root / "lib.py").write_text(
                "def area(w, h):\n    return w * h\n\n\ndef volume(w, h, d):\n    return w * h * d\n"
            )
            with anyio.fail_after(TIMEOUT):
                while "lib.py::volume" not in symbol_ids(root):
                    await anyio.sleep(0.05)
            assert runs[1:] == [["lib.py"]]  # told the file it saw change: no walk
            tg.cancel_scope.cancel()
        app.close()

    monkeypatch.setattr(mcp_server.App, "update", counting_update)
    anyio.run(scenario)
