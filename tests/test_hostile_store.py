"""A hostile repository against the data folder and the store (issue 22).

The repository under review is untrusted, including what it commits under ``.diffreach``: the
data folder is a real directory the tool made, a database the tool did not write is never used
or deleted, a reader never writes the schema and never waits for the write lock.
docs/reliability.md ("Hostile repositories: the data folder and the store") lists each threat
with the test here that shows what the tool does.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from diffreach.api import blast_radius, callers_of, query
from diffreach.config import parse_config
from diffreach.errors import NotIndexedError, StoreError
from diffreach.graph.ledger import Entry, entries_since, insert_entry
from diffreach.graph.store import SCHEMA_VERSION, Store, db_path
from diffreach.index.indexer import index
from diffreach.query.arrays import CACHE_NAME
from tests.conftest import commit_all, git

FILES = {
    "app.py": "def helper():\n    return 1\n\ndef main():\n    return helper()\n",
    "test_app.py": "from app import main\n\ndef test_main():\n    assert main() == 1\n",
}


def cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "diffreach.cli", *args, "--root", str(root)], capture_output=True, text=True
    )


def cli_index(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "diffreach.cli", "index", str(root), *args], capture_output=True, text=True
    )


def one_line_error(out: subprocess.CompletedProcess[str], *words: str) -> None:
    assert out.returncode == 2, (out.returncode, out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    for word in words:
        assert word in out.stderr, out.stderr


def foreign_database(path: Path) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE precious (x)")
    conn.execute("INSERT INTO precious VALUES ('keep me')")
    conn.commit()
    conn.close()
    return path.read_bytes()


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# ----- the data folder ------------------------------------------------------------------------


def test_a_committed_symlink_data_folder_is_refused_and_nothing_outside_is_touched(make_repo, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    foreign_database(elsewhere / "graph.db")
    before = snapshot(elsewhere)
    root = make_repo(FILES, commit=False)
    (root / ".diffreach").symlink_to(elsewhere, target_is_directory=True)
    commit_all(root, "a data folder that points away")
    one_line_error(cli_index(root), ".diffreach", "symbolic link")
    one_line_error(cli(root, "callers", "helper"), ".diffreach", "symbolic link")
    with pytest.raises(StoreError, match="symbolic link"):
        index(root)
    assert snapshot(elsewhere) == before


def test_a_symlinked_file_inside_the_data_folder_is_refused(make_repo, tmp_path: Path) -> None:
    outside = tmp_path / "outside.db"
    before = foreign_database(outside)
    root = make_repo(FILES)
    (root / ".diffreach").mkdir()
    (root / ".diffreach" / "graph.db").symlink_to(outside)
    with pytest.raises(StoreError, match="symbolic link"):
        index(root)
    with pytest.raises(StoreError, match="symbolic link"):
        callers_of(root, "helper")
    assert outside.read_bytes() == before
    assert not Path(str(outside) + "-wal").exists()


def test_a_symlinked_cache_in_the_data_folder_is_refused(make_repo, tmp_path: Path) -> None:
    """Not only the database: the query's cached arrays are never read or written through a link."""
    outside = tmp_path / "outside.npz"
    outside.write_bytes(b"not yours")
    root = make_repo(FILES)
    index(root)
    (root / ".diffreach" / CACHE_NAME).unlink(missing_ok=True)
    (root / ".diffreach" / CACHE_NAME).symlink_to(outside)
    with pytest.raises(StoreError, match="symbolic link"):
        query(root, "helper")
    with pytest.raises(StoreError, match="symbolic link"):
        index(root)
    assert outside.read_bytes() == b"not yours"


def test_a_data_folder_that_is_a_file_is_refused(make_repo) -> None:
    root = make_repo({**FILES, ".diffreach": "not a folder\n"})
    with pytest.raises(StoreError, match="not a directory"):
        index(root)
    assert (root / ".diffreach").read_text() == "not a folder\n"


@pytest.mark.parametrize("kind", ["another program's sqlite", "not sqlite at all"])
def test_a_foreign_or_unreadable_database_is_refused_never_deleted(make_repo, kind: str) -> None:
    root = make_repo(FILES)
    path = db_path(root)
    if kind == "not sqlite at all":
        path.parent.mkdir()
        path.write_bytes(b"this is not a database" * 100)
    else:
        foreign_database(path)
    before = path.read_bytes()
    one_line_error(cli_index(root), "not a diffreach graph")
    with pytest.raises(StoreError, match="not a diffreach graph"):
        callers_of(root, "helper")
    assert path.read_bytes() == before
    assert not Path(str(path) + "-wal").exists()


# ----- a committed graph is not trusted ----------------------------------------------------------


def test_a_tracked_data_folder_is_refused_with_the_cure(make_repo) -> None:
    root = make_repo(FILES)
    index(root)
    git(root, "add", "-f", ".diffreach/graph.db")
    commit_all(root, "commit the graph")
    one_line_error(cli_index(root), "git rm -r --cached .diffreach")
    one_line_error(cli(root, "callers", "helper"), "git rm -r --cached .diffreach")
    git(root, "rm", "-r", "-q", "--cached", ".diffreach")
    assert index(root).mode in {"unchanged", "full"}
    assert [c["id"] for c in callers_of(root, "helper")["callers"]] == ["app.py::main"]  # type: ignore[index]


def test_a_graph_copied_from_another_checkout_is_rebuilt_not_trusted(make_repo, tmp_path: Path) -> None:
    """A crafted graph (the edges into ``helper`` deleted) placed in a fresh clone's data folder:
    it was not made in this checkout, so readers refuse it and ``index`` rebuilds."""
    origin = make_repo(FILES)
    index(origin)
    conn = sqlite3.connect(db_path(origin))
    conn.execute("DELETE FROM edges WHERE target='app.py::helper'")
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(clone))
    (clone / ".diffreach").mkdir()
    shutil.copy(db_path(origin), db_path(clone))
    with pytest.raises(StoreError, match="not built in this checkout"):
        callers_of(clone, "helper")
    assert index(clone).mode == "full"
    assert [c["id"] for c in callers_of(clone, "helper")["callers"]] == ["app.py::main"]  # type: ignore[index]
    assert index(clone).mode == "unchanged"


def test_the_store_id_lives_where_git_never_sees_it(make_repo) -> None:
    root = make_repo(FILES)
    index(root)
    with Store.open(root, create=False) as store:
        stored = store.get_meta("store_id")
    assert len(stored) == 32
    assert (root / ".git" / "diffreach-store-id").read_text().strip() == stored
    assert git(root, "status", "--porcelain") == ""  # .diffreach ignores itself; .git is git's


# ----- readers never write the schema --------------------------------------------------------------


def test_an_empty_graph_file_is_missing_to_readers_and_rebuilt_by_index(make_repo) -> None:
    root = make_repo(FILES)
    index(root)
    path = db_path(root)
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    path.write_bytes(b"")
    one_line_error(cli(root, "tests", "--no-update", "--diff", "-"), "no graph", "diffreach index")
    one_line_error(cli(root, "callers", "helper"), "no graph", "diffreach index")
    with pytest.raises(NotIndexedError):
        query(root, "helper")
    with pytest.raises(NotIndexedError):
        blast_radius(root, diff_text="", update=False)
    assert path.read_bytes() == b""  # no reader wrote a schema
    assert index(root).mode == "full"
    assert [c["id"] for c in callers_of(root, "helper")["callers"]] == ["app.py::main"]  # type: ignore[index]


def _ledger_entry() -> Entry:
    return Entry("2026-01-01T00:00:00Z", "a", "b", 100, "full", 10, 1000, "heuristic")


def test_a_newer_schema_is_refused_by_readers_and_index_keeps_the_ledger(make_repo) -> None:
    root = make_repo(FILES)
    index(root)
    newer = str(int(SCHEMA_VERSION) + 1)
    conn = sqlite3.connect(db_path(root))
    insert_entry(conn, _ledger_entry())
    conn.execute("UPDATE meta SET value=? WHERE key='schema_version'", (newer,))
    conn.commit()
    one_line_error(cli(root, "callers", "helper"), "newer")
    with pytest.raises(StoreError, match="newer"):
        query(root, "helper")
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"nodes", "edges", "ledger"} <= tables  # the readers dropped nothing
    assert conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == (newer,)
    conn.close()
    notices: list[str] = []
    with Store.open(root, notice=notices.append) as store:
        assert store.get_meta("schema_version") == SCHEMA_VERSION
        assert entries_since(store.conn) == [_ledger_entry()]
    assert any("rebuilding" in n for n in notices)
    assert index(root).mode == "full"
    assert [c["id"] for c in callers_of(root, "helper")["callers"]] == ["app.py::main"]  # type: ignore[index]


def test_an_older_schema_is_left_to_index(make_repo) -> None:
    root = make_repo(FILES)
    index(root)
    conn = sqlite3.connect(db_path(root))
    conn.execute("UPDATE meta SET value='1' WHERE key='schema_version'")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="diffreach index"):
        callers_of(root, "helper")
    conn = sqlite3.connect(db_path(root))
    assert conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == ("1",)
    conn.close()


# ----- damage after an unfinished write -------------------------------------------------------------


def _kill_inside_a_write(root: Path) -> None:
    """A process that dies (SIGKILL) inside a write transaction of the store."""
    code = (
        "import sys, time\n"
        "from diffreach.graph.store import Store\n"
        "store = Store.open(sys.argv[1])\n"
        "with store.atomic():\n"
        "    store.set_meta('x', 'y')\n"
        "    print('ready', flush=True)\n"
        "    time.sleep(60)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code, str(root)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()


def _damage_the_edges(root: Path) -> None:
    """Overwrite the ``edges`` table's root page: the files table and meta stay readable."""
    path = db_path(root)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    (edges_root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name='edges'").fetchone()
    conn.close()
    with path.open("r+b") as f:
        f.seek((edges_root - 1) * page_size)
        f.write(b"\x5a" * page_size)


GARBAGE_FILES = {
    f"m{i}.py": "".join(
        f"def f{i}_{j}():\n    return g{i}_{j}()\n\ndef g{i}_{j}():\n    return {j}\n" for j in range(30)
    )
    for i in range(30)
}


@pytest.mark.parametrize("how", ["a writer died mid-write", "a reader met the damage"])
def test_garbage_in_interior_pages_is_not_called_unchanged(make_repo, how: str) -> None:
    root = make_repo(GARBAGE_FILES)
    index(root)
    if how == "a writer died mid-write":
        _kill_inside_a_write(root)
    _damage_the_edges(root)
    one_line_error(cli(root, "callers", "g1_0"), "index --full")
    report = index(root)
    assert report.mode == "full"
    with Store.open(root, create=False) as store:
        assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert [c["id"] for c in callers_of(root, "g1_0")["callers"]] == ["m1.py::f1_0"]  # type: ignore[index]
    assert index(root).mode == "unchanged"


# ----- readers never need the write lock -----------------------------------------------------------


def _hold_write_lock(root: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(db_path(root), isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('held', '1')")
    return conn


def test_readers_answer_while_another_connection_holds_the_write_lock(make_repo) -> None:
    root = make_repo(FILES)
    index(root)
    query(root, "helper")  # the term index, built once
    (root / "app.py").write_text(FILES["app.py"] + "\ndef extra():\n    return helper()\n")
    index(root)  # the term index now has a file to bring up to date: the next query writes
    holder = _hold_write_lock(root)
    try:
        result = blast_radius(root, diff_text="", update=False)
        assert result.radius is not None
        ranked = query(root, "helper")
        assert any(f["path"] == "app.py" for f in ranked["files"])  # type: ignore[union-attr]
        assert [c["id"] for c in callers_of(root, "helper")["callers"]] == ["app.py::extra", "app.py::main"]  # type: ignore[index]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with Store.open(root, create=False) as store:
        assert store.get_meta("warmup_changes", "") == ""  # the warm-up count waits for a free lock: skipped
    blast_radius(root, diff_text="", update=False)
    with Store.open(root, create=False) as store:
        assert len(store.get_meta("warmup_changes", "").split(",")) == 1


def test_workers_from_a_repository_config_are_capped_at_the_cores() -> None:
    cores = os.cpu_count() or 1
    assert parse_config({"workers": 10_000}).workers == cores
    assert parse_config({"workers": 1}).workers == 1
    assert parse_config({}).workers == 0  # 0: one per core


# ----- the MCP server: the same refusals, as isError results ---------------------------------------


def test_the_mcp_tools_refuse_a_tracked_or_linked_data_folder(make_repo, tmp_path: Path) -> None:
    # Imported here: the MCP client costs a second to import, and only this test needs it.
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    tracked = make_repo(FILES)
    index(tracked)
    git(tracked, "add", "-f", ".diffreach/graph.db")
    commit_all(tracked, "commit the graph")
    elsewhere = tmp_path / "elsewhere"
    before = foreign_database(elsewhere / "graph.db")
    linked = make_repo(FILES, commit=False)
    (linked / ".diffreach").symlink_to(elsewhere, target_is_directory=True)
    commit_all(linked, "a data folder that points away")

    async def errors(root: Path) -> list[str]:
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "diffreach.cli", "serve", "--root", str(root)], cwd=str(root)
        )
        out = []
        with open(os.devnull, "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                for name, args in (("get_callers", {"symbol": "helper"}), ("find_relevant_files", {"query": "x"})):
                    result = await session.call_tool(name, args)
                    assert result.is_error, (name, result.content)
                    out.append(result.content[0].text)  # type: ignore[union-attr]
        return out

    found = anyio.run(errors, tracked)
    assert all("git rm -r --cached .diffreach" in e for e in found), found
    assert all("symbolic link" in e for e in anyio.run(errors, linked))
    assert (elsewhere / "graph.db").read_bytes() == before
