"""Long work says how far it is on a terminal, by named phase, and nothing otherwise: index's
phases after extraction, a first impact that indexes, the first query's term-index build."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from diffreach import api
from diffreach.cli import group, main, progress
from diffreach.model import Phase

FILES = {
    "app/core.py": "def parse(text):\n    return text.strip()\n",
    "app/api.py": "from app.core import parse\n\n\ndef handle(t):\n    return parse(t)\n",
    "svc/shape.go": "package svc\n\ntype Shape interface{ Area() int }\n\ntype Sq struct{}\n\nfunc (Sq) Area() int { return 1 }\n",
}
BUILD = [Phase.EXTRACTING, Phase.RESOLVING, Phase.WRITING, Phase.INTERFACES, Phase.COUNTING]


def _phases(calls: list[tuple[Phase, int, int]]) -> list[Phase]:
    return list(dict.fromkeys(phase for phase, _, _ in calls))


@pytest.mark.parametrize("toml", ["", "stream_min_files = 0\n"], ids=["in-memory", "streamed"])
def test_a_build_reports_every_phase_in_order(make_repo: Callable[..., Path], toml: str) -> None:
    root = make_repo({**FILES, ".diffreach.toml": toml})
    calls: list[tuple[Phase, int, int]] = []
    api.index(root, progress=lambda *call: calls.append(call))
    assert _phases(calls) == BUILD
    counted = {phase: (done, total) for phase, done, total in calls if total}
    assert counted[Phase.EXTRACTING] == counted[Phase.RESOLVING] == (3, 3)  # both reach the end


def test_the_first_query_reports_the_term_index_and_graph_builds_once(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    api.index(root)
    calls: list[tuple[Phase, int, int]] = []
    api.query(root, "parse text", progress=lambda *call: calls.append(call))
    assert _phases(calls) == [Phase.TERMS, Phase.GRAPH]
    assert [c[1:] for c in calls if c[0] == Phase.TERMS][-1] == (3, 3)
    calls.clear()
    api.query(root, "parse text", progress=lambda *call: calls.append(call))
    assert calls == []  # built: nothing long left


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """stderr is a terminal, and every phase is long enough to be shown."""
    monkeypatch.setattr(group, "_is_terminal", lambda: True)
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)


def test_a_first_impact_shows_its_indexing_on_a_terminal(make_repo: Callable[..., Path], terminal: None) -> None:
    root = make_repo(FILES)
    (root / "app/core.py").write_text("def parse(text):\n    return text.strip() or ''\n")
    result = CliRunner().invoke(main, ["impact", "--root", str(root)])
    assert result.exit_code == 0, result.output
    for phase in BUILD[:4]:
        assert f"\r{phase}" in result.stderr
    assert result.stderr.endswith("\r")  # the line is erased: only the answer stays
    assert "\r" not in result.stdout and "app/api.py::handle" in result.stdout


def test_index_and_query_show_their_phases_on_a_terminal(make_repo: Callable[..., Path], terminal: None) -> None:
    root = make_repo(FILES)
    shown = CliRunner().invoke(main, ["index", str(root)]).stderr
    assert all(f"\r{phase}" in shown for phase in BUILD)
    assert f"\r{Phase.TERMS}" in CliRunner().invoke(main, ["query", "parse", "--root", str(root)]).stderr


@pytest.mark.parametrize(
    "args",
    [["impact", "--json"], ["context", "--json"], ["review", "--format", "json"], ["tests", "--json"]],
    ids=lambda a: a[0],
)
def test_json_is_quiet_even_on_a_terminal(make_repo: Callable[..., Path], terminal: None, args: list[str]) -> None:
    root = make_repo(FILES)
    (root / "app/core.py").write_text("def parse(text):\n    return text.strip() or ''\n")
    result = CliRunner().invoke(main, [*args, "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert not any(phase in result.stderr for phase in Phase)


def test_not_a_terminal_is_quiet(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    (root / "app/core.py").write_text("def parse(text):\n    return text.strip() or ''\n")
    for args in (["index", str(root)], ["impact", "--root", str(root)], ["query", "parse", "--root", str(root)]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        assert not any(phase in result.stderr for phase in Phase), args


def test_quick_work_shows_nothing_even_on_a_terminal(
    make_repo: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(group, "_is_terminal", lambda: True)
    root = make_repo(FILES)
    result = CliRunner().invoke(main, ["index", str(root)])
    assert result.exit_code == 0 and not any(phase in result.stderr for phase in Phase)


def test_a_phase_is_shown_once_it_lasts_and_then_every_phase_at_once() -> None:
    written: list[str] = []
    line = progress.ProgressLine(written.append, show_after=0.05)
    line(Phase.EXTRACTING, 1, 10)
    assert written == []  # not yet a long phase
    time.sleep(0.3)  # the timer draws the phase as it stands (no further report needed)
    assert written == ["\rextracting 1/10 files (10%)"]
    line(Phase.WRITING, 0, 0)  # a line is showing: the next phase replaces it at once
    assert written[-1] == "\rwriting the graph…".ljust(len("\rextracting 1/10 files (10%)"))
    line.close()
    assert written[-1].startswith("\r ") and written[-1].endswith("\r")
    quick = progress.ProgressLine(written.append, show_after=5.0)
    written.clear()
    quick(Phase.COUNTING, 0, 0)
    quick.close()
    time.sleep(0.05)
    assert written == []  # ended before it was long: never drawn, nothing to erase
