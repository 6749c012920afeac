"""Readers answer while another process holds the graph's write lock (issue 22).

A long full build holds SQLite's write lock for minutes; what a reader writes on the side (the
token bill, the baseline cache, the blocks a review context cut) or the update the MCP server
runs before answering must not wait for it. docs/reliability.md ("Hostile repositories: the data
folder and the store") lists each case with its test here. The store's busy timeout is cut to a
fraction of a second, so a wait that came back fails fast instead of after 30 s.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import anyio
import pytest

from diffreach import api
from diffreach.graph import store as store_module
from diffreach.graph.ledger import entries_since
from diffreach.graph.store import Store, db_path
from diffreach.present.text import render_context_summary
from diffreach.review.context import BlockError
from diffreach.review.ledger import NOT_BILLED, NOT_KEPT
from diffreach.serve.app import App
from diffreach.serve.tools import CallersArgs, get_callers

FILES = {
    "app.py": "def helper():\n    return 1\n\ndef main():\n    return helper()\n\ndef other():\n    return helper() + 2\n",
    "test_app.py": "from app import main\n\ndef test_main():\n    assert main() == 1\n",
}


@pytest.fixture(autouse=True)
def short_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "_BUSY_MS", 300)


def _hold_write_lock(root: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(db_path(root), isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('held', '1')")
    return conn


def _ledger_rows(root: Path) -> int:
    with Store.open(root, create=False) as store:
        return len(entries_since(store.conn, ""))


def test_review_context_answers_while_the_write_lock_is_held_and_says_what_it_could_not_keep(make_repo) -> None:
    root = make_repo(FILES)
    api.index(root)
    (root / "app.py").write_text(FILES["app.py"].replace("return 1", "total = 1\n    return total + 1"))
    result = api.blast_radius(root, update=False)
    holder = _hold_write_lock(root)
    try:
        ctx = api.review_context(root, result, budget=1)  # a tight budget: blocks are cut
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert ctx.elided and ctx.originals
    assert NOT_KEPT in ctx.notes and NOT_BILLED in ctx.notes
    assert ctx.as_json()["notes"] == [NOT_KEPT, NOT_BILLED]
    assert render_context_summary(ctx).splitlines()[1:] == [f"note: {NOT_KEPT}", f"note: {NOT_BILLED}"]
    with pytest.raises(BlockError, match="unknown block id"):
        api.expand(root, ctx.elided[0])  # not stored: the note said so
    assert _ledger_rows(root) == 0  # the bill misses that one context
    again = api.review_context(root, result, budget=1)  # the lock is free: everything is kept
    assert again.notes == ()
    assert api.expand(root, again.elided[0])["text"]
    assert _ledger_rows(root) == 1


def test_mcp_tool_answers_from_the_graph_as_it_stands_while_another_process_writes_it(make_repo) -> None:
    root = make_repo(FILES)
    api.index(root)
    # A change the tool's update would index: it needs the write lock another process holds.
    (root / "app.py").write_text(FILES["app.py"] + "\ndef extra():\n    return helper()\n")
    app = App(root=root, lock=anyio.Lock())
    try:
        holder = _hold_write_lock(root)
        try:
            data = anyio.run(get_callers, app, CallersArgs(symbol="helper"), None)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert data["index"]["stale"] is True and data["index"]["being_updated"] is True
        assert "app.py::main" in {c["id"] for c in data["callers"]}
        assert "app.py::extra" not in {c["id"] for c in data["callers"]}  # the graph before the change
        fresh = anyio.run(get_callers, app, CallersArgs(symbol="helper"), None)  # the lock is free
        assert "being_updated" not in fresh["index"]
        assert "app.py::extra" in {c["id"] for c in fresh["callers"]}
    finally:
        app.close()
