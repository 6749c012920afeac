"""The ``context_blocks`` table: originals of review-context blocks shown in less detail.

A row keeps a block's full text under its content-addressed id with the hash its file had
when the context was built, so that ``expand`` can return it exactly while the file is
unchanged (``review.context`` decides what is valid). The table came after the first
databases were written, so both functions create it when it is missing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from diffreach.graph.migrations import create_missing_tables


def keep_blocks(
    conn: sqlite3.Connection, originals: Iterable[tuple[str, str, str, str]], now: str, cutoff: str
) -> None:
    """Store (id, file, file_hash, text) rows made at ``now``; drop those made before ``cutoff``."""
    create_missing_tables(conn, "context_blocks")
    conn.execute("DELETE FROM context_blocks WHERE created_at < ?", (cutoff,))
    conn.executemany(
        "INSERT OR REPLACE INTO context_blocks(id, file, file_hash, text, created_at) VALUES (?,?,?,?,?)",
        [(block_id, file, file_hash, text, now) for block_id, file, file_hash, text in originals],
    )


def kept_block(conn: sqlite3.Connection, block_id: str) -> tuple[str, str, str, str | None] | None:
    """(file, file_hash, text, the file's hash in the graph now or None) of a kept block; None
    when no block has this id."""
    create_missing_tables(conn, "context_blocks")
    row = conn.execute("SELECT file, file_hash, text FROM context_blocks WHERE id=?", (block_id,)).fetchone()
    if row is None:
        return None
    path, stored, text = row
    current = conn.execute("SELECT hash FROM files WHERE path=?", (path,)).fetchone() if path else None
    return str(path), str(stored), str(text), None if current is None else str(current[0])
