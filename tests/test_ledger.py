"""The token bill: rows recorded per context, stats windows, baselines, and the CLI."""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from diffreach.cli import main
from diffreach.graph.store import Store
from diffreach.present.text import render_bars, render_stats
from diffreach.review.ledger import Entry, entries, importers_baseline, record, repository_baseline, stats
from diffreach.review.tokens import HeuristicCounter

NOW = dt.datetime(2026, 3, 31, 12, 0, tzinfo=dt.UTC)


def entry(day: str, returned: int, baseline: int, origin: str = "cli") -> Entry:
    return Entry(
        at=f"{day}T10:00:00Z",
        base="abc",
        head="(working tree)",
        budget=8000,
        level="full",
        returned_tokens=returned,
        baseline_tokens=baseline,
        tokenizer="heuristic",
        origin=origin,
    )


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path)


def test_record_round_trip(store: Store) -> None:
    e = entry("2026-03-30", 1200, 50_000, origin="mcp")
    record(store, e)
    assert entries(store) == [e]
    assert e.saved == 48_800


def test_saved_is_never_negative() -> None:
    assert entry("2026-03-30", 900, 500).saved == 0


def test_stats_windows(store: Store) -> None:
    for e in [
        entry("2026-03-31", 1000, 10_000),
        entry("2026-03-25", 3000, 10_000),  # last 7 days
        entry("2026-03-20", 2000, 10_000),  # the 7 before
        entry("2026-01-01", 500, 1_000),
    ]:  # only in the totals
        record(store, e)
    s = stats(store, days=7, now=NOW)
    assert s.contexts == 4 and s.returned_tokens == 6500 and s.saved_tokens == 9000 + 7000 + 8000 + 500
    assert s.saved_percent == round(24_500 / 31_000 * 100)
    assert s.current == {"contexts": 2, "returned_tokens": 4000, "baseline_tokens": 20_000, "saved_tokens": 16_000}
    assert s.previous == {"contexts": 1, "returned_tokens": 2000, "baseline_tokens": 10_000, "saved_tokens": 8000}
    assert s.change_percent == 100
    assert [d for d, *_ in s.series] == [f"2026-03-{d}" for d in range(25, 32)]
    assert s.series[0] == ("2026-03-25", 1, 3000, 7000) and s.series[-1] == ("2026-03-31", 1, 1000, 9000)
    assert s.series[1] == ("2026-03-26", 0, 0, 0)


def test_stats_without_a_previous_window(store: Store) -> None:
    record(store, entry("2026-03-31", 100, 1000))
    s = stats(store, days=30, now=NOW)
    assert s.change_percent is None and len(s.series) == 30


def test_empty_ledger(store: Store) -> None:
    s = stats(store, days=3, now=NOW)
    assert (s.contexts, s.saved_tokens, s.saved_percent) == (0, 0, 0)
    assert "n/a (nothing before)" in render_stats(s.as_json())


def test_render_stats_chart(store: Store) -> None:
    record(store, entry("2026-03-29", 100, 1000))
    record(store, entry("2026-03-31", 400, 1000))
    text = render_stats(stats(store, days=3, now=NOW).as_json())
    assert "sent  ▂·█" in text
    assert "2026-03-29 … 2026-03-31" in text


def test_bars_bucket_long_series() -> None:
    assert len(render_bars(list(range(365)), width=60)) <= 60
    assert render_bars([0, 0]) == "··"


# ----- baselines ---------------------------------------------------------------------------------


def add_file(store: Store, path: str, size: int, file_hash: str = "h") -> None:
    store.conn.execute(
        "INSERT OR REPLACE INTO files(path, language, hash, size) VALUES (?, 'python', ?, ?)", (path, file_hash, size)
    )


def test_repository_baseline_from_sizes_and_cached(store: Store) -> None:
    add_file(store, "a.py", 401)
    add_file(store, "b.py", 8)

    def unread(path: str) -> str:
        raise AssertionError("the heuristic baseline reads no file")

    assert repository_baseline(store, HeuristicCounter(), unread) == 101 + 2
    assert json.loads(store.get_meta("baseline:heuristic"))["tokens"] == 103
    add_file(store, "c.py", 4)
    assert repository_baseline(store, HeuristicCounter(), unread) == 104  # the graph changed: counted again


def test_exact_baseline_reads_and_counts(store: Store) -> None:
    add_file(store, "a.py", 3)

    class Chars:
        name, exact = "chars-exact", True

        def count(self, text: str) -> int:
            return len(text)

    assert repository_baseline(store, Chars(), lambda p: "0123456789") == 10


def test_importers_baseline(store: Store) -> None:
    for path, size in [("core.py", 40), ("api.py", 80), ("cli.py", 400), ("other.py", 4000)]:
        add_file(store, path, size)
    store.conn.execute(
        "INSERT INTO edges(source, target, kind, resolution, confidence, line, file)"
        " VALUES ('api.py', 'core.py', 'imports', 'import', 1.0, 1, 'api.py')"
    )
    assert importers_baseline(store, ["core.py"], HeuristicCounter(), lambda p: None) == 10 + 20


# ----- end to end --------------------------------------------------------------------------------


def test_context_expand_and_stats_commands(make_repo: Callable[..., Path]) -> None:
    root = make_repo(
        {
            "app/core.py": 'def parse(text):\n    """Split."""\n    return text.split(",")\n',
            "app/api.py": "from app.core import parse\n\n\ndef handle(req):\n    data = parse(req)\n    return data\n",
            "app/cli.py": "from app.api import handle\n\n\ndef main(argv):\n    out = handle(argv)\n    return out\n",
        }
    )
    (root / "app/core.py").write_text('def parse(text, strict=False):\n    """Split."""\n    return text.split(",")\n')
    runner = CliRunner()
    result = runner.invoke(main, ["context", "--root", str(root), "--budget", "0", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["level"] == "signatures" and data["fits"] is False and data["budget"] == 0
    assert data["tokens"] == math.ceil(len(data["text"]) / 4)
    handle = next(i for i in data["elided"] if i.startswith("app/api.py::handle@"))
    expanded = runner.invoke(main, ["expand", handle, "--root", str(root)])
    assert expanded.exit_code == 0
    assert "def handle(req):\n    data = parse(req)\n    return data" in expanded.output
    bad = runner.invoke(main, ["expand", "nope@1", "--root", str(root)])
    assert bad.exit_code == 2 and "unknown block id" in bad.output
    bill = json.loads(runner.invoke(main, ["stats", "--json", "--root", str(root)]).output)
    assert bill["contexts"] == 1 and bill["returned_tokens"] == data["tokens"]
    assert bill["baseline_tokens"] == data["baseline_tokens"] > 0
    store = Store.open(root, create=False)
    try:
        (row,) = entries(store)
    finally:
        store.close()
    assert (row.origin, row.budget, row.level, row.tokenizer) == ("cli", 0, "signatures", "heuristic")


def test_context_refuses_an_unknown_tokenizer(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"a.py": "def f():\n    return 1\n"})
    result = CliRunner().invoke(main, ["context", "--root", str(root), "--tokenizer", "gpt2"])
    assert result.exit_code == 2 and "unknown tokenizer" in result.output
