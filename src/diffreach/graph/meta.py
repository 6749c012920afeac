"""The ``meta`` table: what a graph database says about itself, one text value per key.

Each key belongs to the module that writes it (the schema version to ``migrations.py``, the
cached figures to ``counts.py``, the term index's state to the query's term index, the last
run's state and settings to the indexer); the package docstring says which keys decide whether
stored data is still valid.
"""

from __future__ import annotations

import sqlite3


def read_meta(conn: sqlite3.Connection, key: str, default: str = "") -> str:
    row = conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
    return str(row[0]) if row else default


def write_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))
