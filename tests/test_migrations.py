"""The graph database's shape: one schema file, named migrations recorded as they are applied."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from diffreach.graph import migrations
from diffreach.graph.blocks import kept_block
from diffreach.graph.store import SCHEMA_VERSION, Store, db_path
from diffreach.index.indexer import index

FILES = {"a.py": "def f():\n    return 1\n"}


def written_at(root: Path, version: int, *undo: str) -> None:
    """Make an indexed database look as schema ``version`` left it: the statements ``undo`` take
    away what later schemas added, and the database says ``version``."""
    conn = sqlite3.connect(db_path(root))
    for statement in undo:
        conn.execute(statement)
    conn.execute("UPDATE meta SET value=? WHERE key='schema_version'", (str(version),))
    conn.commit()
    conn.close()


@contextmanager
def migrated_from(root: Path, version: int, *undo: str) -> Iterator[Store]:
    """The store of ``root`` indexed again after ``written_at(root, version, *undo)``: migrated to the
    current schema."""
    written_at(root, version, *undo)
    index(root)
    with Store.open(root, create=False) as store:
        assert store.get_meta("schema_version") == SCHEMA_VERSION
        yield store


def _at_version_1(root: Path) -> None:
    """Make an indexed database look as schema 1 left it: no notes table."""
    written_at(root, 1, "DROP TABLE notes")


def test_migrations_are_named_for_the_versions_they_join() -> None:
    for i, step in enumerate(migrations.MIGRATIONS):
        assert re.fullmatch(rf"m{i + 1}_to_{i + 2}_\w+", step.__name__)
    assert str(len(migrations.MIGRATIONS) + 1) == SCHEMA_VERSION


def test_a_new_database_is_current_and_records_no_migration(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        assert store.get_meta("schema_version") == SCHEMA_VERSION
        assert store.conn.execute("SELECT COUNT(*) FROM migrations").fetchone() == (0,)


def test_a_failed_migration_leaves_the_database_as_it_was(make_repo, monkeypatch) -> None:
    root = make_repo(FILES)
    index(root)
    _at_version_1(root)

    def m1_to_2_broken(conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE files SET hash = ''")
        raise RuntimeError("boom")

    monkeypatch.setattr(migrations, "MIGRATIONS", (m1_to_2_broken,))
    with pytest.raises(RuntimeError, match="boom"):
        Store.open(root)
    conn = sqlite3.connect(db_path(root))
    assert conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == ("1",)
    assert conn.execute("SELECT COUNT(*) FROM migrations").fetchone() == (0,)
    assert conn.execute("SELECT COUNT(*) FROM files WHERE hash = ''").fetchone() == (0,)
    conn.close()


def test_a_database_behind_a_migration_it_records_is_rebuilt(make_repo) -> None:
    root = make_repo(FILES)
    index(root)
    _at_version_1(root)
    conn = sqlite3.connect(db_path(root))
    conn.execute("INSERT INTO migrations(name, applied_at) VALUES ('m1_to_2_notes', 'then')")
    conn.commit()
    conn.close()
    notices: list[str] = []
    with Store.open(root, notice=notices.append) as store:
        assert store.get_meta("schema_version") == SCHEMA_VERSION
        assert store.file_count() == 0
    assert any("rebuilding" in n for n in notices)


def test_a_database_without_a_newer_table_gets_it_when_it_is_used(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.conn.execute("DROP TABLE context_blocks")
        assert kept_block(store.conn, "x@1") is None
        assert store.conn.execute("SELECT name FROM sqlite_master WHERE name='context_blocks'").fetchone()


def test_a_store_closes_when_its_block_ends(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.file_count()
    with pytest.raises(sqlite3.ProgrammingError):
        store.file_count()


def test_a_database_of_schema_3_gets_the_declarations_table_and_fills_it(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"limits.py": "MAX_RETRIES = 3\n"})
    index(root)
    with migrated_from(root, 3, "DROP TABLE declarations") as store:
        rows = list(store.conn.execute("SELECT file, scope, name, kind, line, text FROM declarations"))
    assert rows == [("limits.py", "limits.py", "MAX_RETRIES", "constant", 1, "MAX_RETRIES = 3")]


def test_a_database_of_schema_4_gets_the_abstract_column_and_fills_it(make_repo: Callable[..., Path]) -> None:
    root = make_repo(
        {"p/I.java": "package p;\npublic interface I {\n  void run();\n  default void go() { run(); }\n}\n"}
    )
    index(root)
    with migrated_from(root, 4, "ALTER TABLE nodes DROP COLUMN abstract") as store:
        rows = dict(store.conn.execute("SELECT id, abstract FROM nodes WHERE kind = 'method'").fetchall())
    assert rows == {"p/I.java::I.run": 1, "p/I.java::I.go": 0}


def test_a_database_of_schema_7_gets_the_file_words_table_and_fills_it(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"cfg.py": "OPTIONS = {'verbose': 'print every step'}\n"})
    index(root)
    with migrated_from(root, 7, "DROP TABLE file_words") as store:
        (words,) = store.conn.execute("SELECT words FROM file_words WHERE file = 'cfg.py'").fetchone()
    assert set(words.split()) == {"OPTIONS:1", "verbose:1", "print:1", "every:1", "step:1"}
