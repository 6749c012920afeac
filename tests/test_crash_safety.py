"""Crash safety: `diffreach index` killed with SIGKILL at any moment leaves a
graph that passes `PRAGMA integrity_check`, and the next run finishes and equals
a full rebuild (nodes, edges, references, imports, files, skipped, term index).

The repository is synthetic (240 Python modules calling each other) so that an
index takes long enough to be killed in its middle: in extraction, resolution,
the big write transaction, the term index or the final bookkeeping. The kill
delays are drawn with a fixed seed as fractions of a measured uninterrupted run.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from diffreach.graph.opening import WRITE_MARKER
from diffreach.graph.store import db_path
from diffreach.index.indexer import index
from tests.test_incremental import dump

MODULES = 240
KILLS = 10
TOGGLED = range(0, MODULES, 12)  # 20 modules edited between runs: an incremental update


def module_text(i: int, edited: bool) -> str:
    lines = [
        f"from pkg.m{(i + 1) % MODULES} import f{(i + 1) % MODULES}",
        f"from pkg.m{(i + 7) % MODULES} import C{(i + 7) % MODULES}",
        "",
    ]
    lines += [f"def f{i}(x):\n    '''Function {i}.'''\n    return f{(i + 1) % MODULES}(x) + {i}\n"]
    for k in range(6):
        lines.append(
            f"class C{i}_{k}(C{(i + 7) % MODULES}):\n    def m{k}(self):\n"
            f"        return self.m{(k + 1) % 6}() + f{i}({k})\n"
        )
    lines.append(f"class C{i}:\n    def m0(self):\n        return 0\n")
    if edited:
        lines.append(f"def added{i}():\n    return f{i}(1)\n")
    return "\n".join(lines)


def write_state(root: Path, edited: bool) -> None:
    for i in TOGGLED:
        (root / "pkg" / f"m{i}.py").write_text(module_text(i, edited))


def full_dump(root: Path) -> dict[str, object]:
    data = dump(root)
    conn = sqlite3.connect(db_path(root))
    try:
        data["skipped"] = sorted(conn.execute("SELECT path, reason FROM skipped"))
        data["terms"] = sorted(conn.execute("SELECT node, file, length FROM term_docs"))
    finally:
        conn.close()
    return data


def integrity(root: Path) -> str:
    conn = sqlite3.connect(db_path(root))
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


def run_index(root: Path, *args: str, kill_after: float | None = None) -> int:
    """`diffreach index` in its own process group; SIGKILL to the whole group after ``kill_after`` s."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "diffreach.cli", "index", str(root), "--json", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    if kill_after is None:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err.decode()
        return 0
    try:
        proc.wait(timeout=kill_after)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the index and its extraction workers, mid-flight
        proc.wait()
    proc.stderr.close()  # type: ignore[union-attr]
    return proc.returncode


@pytest.mark.parametrize("build", ["in-memory", "streamed"])
def test_index_killed_at_random_points_recovers_to_a_full_rebuild(make_repo, tmp_path: Path, build: str) -> None:
    files = {f"pkg/m{i}.py": module_text(i, False) for i in range(MODULES)}
    files["pkg/__init__.py"] = ""
    if build == "streamed":  # the large-repository build: written as extracted, resolved from the store
        files[".diffreach.toml"] = "stream_min_files = 0\nresolve_chunk_files = 50\n"
    root = make_repo(files)
    started = time.perf_counter()
    run_index(root)
    duration = time.perf_counter() - started

    # The reference graph of each tree state: an uninterrupted full build of a copy.
    references = {}
    for edited in (False, True):
        copy = tmp_path / f"ref{int(edited)}"
        shutil.copytree(root, copy, ignore=shutil.ignore_patterns(".diffreach"))
        write_state(copy, edited)
        index(copy)
        references[edited] = full_dump(copy)

    rng = random.Random(9)
    edited = False
    killed = 0
    for i in range(KILLS):
        edited = not edited
        write_state(root, edited)
        mode = i % 3  # 0: first build from nothing, 1: incremental update, 2: --full rebuild
        if mode == 0:
            for suffix in ("", "-wal", "-shm"):
                Path(str(db_path(root)) + suffix).unlink(missing_ok=True)
        code = run_index(root, *(["--full"] if mode == 2 else []), kill_after=rng.uniform(0.1, 0.95) * duration)
        killed += code == -signal.SIGKILL
        if db_path(root).exists():
            assert integrity(root) == "ok", f"kill {i}: damaged database"
        leftovers = {p.name for p in (root / ".diffreach").iterdir()} - {
            "graph.db",
            "graph.db-wal",
            "graph.db-shm",
            ".gitignore",
            WRITE_MARKER,  # left by a killed write on purpose: the next writer checks the database
        }
        assert not leftovers, f"kill {i}: half-written files {leftovers}"
        run_index(root)
        assert integrity(root) == "ok"
        assert full_dump(root) == references[edited], f"kill {i} (mode {mode}) did not recover to a full rebuild"
    assert killed >= KILLS // 2, f"only {killed} of {KILLS} runs were killed before they finished"


def test_a_graph_from_an_interrupted_run_is_rebuilt_not_trusted(make_repo) -> None:
    """A run that committed its graph but died before its bookkeeping marks the
    graph "pending"; the next run rebuilds in full instead of calling it unchanged."""
    root = make_repo({"a.py": "def f():\n    pass\n"})
    index(root)
    conn = sqlite3.connect(db_path(root))
    conn.execute("UPDATE meta SET value='pending' WHERE key='build'")
    conn.commit()
    conn.close()
    assert index(root).mode == "full"
    assert index(root).mode == "unchanged"


def test_the_cli_recovers_from_a_database_damaged_inside(make_repo) -> None:
    """A graph.db whose header is fine but whose pages are garbage: `index` rebuilds it
    with a one-line notice, a reader gets a one-line error."""
    files = {f"m{i}.py": f"def f{i}():\n    return {i}\n" * 40 for i in range(30)}
    root = make_repo(files)
    index(root)
    path = db_path(root)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page:] = b"\x5a" * (len(data) - page)  # keep page 1 (the header and schema), trash the rest
    path.write_bytes(bytes(data))
    reader = subprocess.run(
        [sys.executable, "-m", "diffreach.cli", "callers", "f1", "--root", str(root)], capture_output=True, text=True
    )
    assert reader.returncode == 2 and reader.stderr.count("\n") == 1 and "index --full" in reader.stderr, reader.stderr
    out = subprocess.run(
        [sys.executable, "-m", "diffreach.cli", "index", str(root), "--json"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert "rebuilding" in out.stderr and "Traceback" not in out.stderr
    assert integrity(root) == "ok"
    assert index(root).mode == "unchanged"
