"""The ``ledger`` table: one row per review context served, its tokens against the baseline.

``review.ledger`` decides what a row says and turns rows into statistics; this module writes
and reads them.
"""

from __future__ import annotations

import sqlite3
from dataclasses import astuple, dataclass

_COLUMNS = "at, base, head, budget, level, returned_tokens, baseline_tokens, tokenizer, origin"
LEDGER_COLUMNS = frozenset(c.strip() for c in _COLUMNS.split(","))


@dataclass(frozen=True, slots=True)
class Entry:
    """A ledger row: one review context served."""

    at: str  # UTC, ISO 8601 with a Z
    base: str
    head: str
    budget: int | None
    level: str
    returned_tokens: int
    baseline_tokens: int
    tokenizer: str
    origin: str = "cli"

    @property
    def saved(self) -> int:
        return max(0, self.baseline_tokens - self.returned_tokens)


def insert_entry(conn: sqlite3.Connection, entry: Entry) -> None:
    conn.execute(f"INSERT INTO ledger({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)", astuple(entry))


def entries_since(conn: sqlite3.Connection, since: str = "") -> list[Entry]:
    """The rows made at ``since`` or later (every row by default), oldest first."""
    rows = conn.execute(f"SELECT {_COLUMNS} FROM ledger WHERE at >= ? ORDER BY at, id", (since,))
    return [Entry(*row) for row in rows]
