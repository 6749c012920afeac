"""The graph database: created beside the code, ignored by git, rebuilt when unusable."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from diffreach.errors import NotIndexedError, StoreError
from diffreach.graph.store import SCHEMA_VERSION, Store, db_path
from diffreach.index.indexer import index

FILES = {"a.py": "def f():\n    g()\n\ndef g():\n    pass\n"}


def test_index_creates_a_git_ignored_store(make_repo) -> None:
    root = make_repo(FILES)
    report = index(root)
    assert report.mode == "full"
    assert (root / ".diffreach" / ".gitignore").read_text().strip().endswith("*")
    store = Store.open(root, create=False)
    assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_reading_without_a_graph_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(NotIndexedError, match="diffreach index"):
        Store.open(tmp_path, create=False)


def test_an_unreadable_database_is_refused_not_deleted(make_repo) -> None:
    """Issue 22: a file that is not SQLite is not ours to delete (tests/test_hostile_store.py)."""
    root = make_repo(FILES)
    index(root)
    path = db_path(root)
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="not a diffreach graph database"):
        Store.open(root)
    assert path.read_bytes() == b"this is not a database" * 100


def test_foreign_sqlite_file_is_refused_not_replaced(make_repo) -> None:
    root = make_repo(FILES)
    path = db_path(root)
    path.parent.mkdir()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE other (x)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="another program's database"):
        Store.open(root)
    path.unlink()
    assert index(root).as_json()["files"] == 1


def test_schema_version_mismatch_rebuilds(make_repo) -> None:
    root = make_repo(FILES)
    index(root)
    store = Store.open(root)
    with store.atomic():
        store.set_meta("schema_version", "0-old")
    store.close()
    notices: list[str] = []
    store = Store.open(root, notice=notices.append)
    assert store.get_meta("schema_version") == SCHEMA_VERSION
    store.close()
    assert any("schema" in n for n in notices)
    assert index(root).mode == "full"


def test_interrupted_full_build_keeps_the_previous_graph(make_repo, monkeypatch) -> None:
    root = make_repo(FILES)
    index(root)
    (root / "b.py").write_text("def h():\n    pass\n")

    from diffreach.graph import store as store_module

    def boom(self, fx, mtime_ns):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(store_module.Store, "insert_file", boom)
    with pytest.raises(KeyboardInterrupt):
        index(root, full=True)
    monkeypatch.undo()
    store = Store.open(root, create=False)
    assert sorted(r[0] for r in store.conn.execute("SELECT path FROM files")) == ["a.py"]
    store.close()
    assert index(root).as_json()["files"] == 2
