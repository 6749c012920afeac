"""Long work says how far it is on a terminal, by named phase, and nothing otherwise: index's
phases after extraction, a first impact that indexes, the first query's term-index build."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from diffreach import api
from diffreach.cli import group, main
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


def test_the_first_query_reports_the_term_index_build_once(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    api.index(root)
    calls: list[tuple[Phase, int, int]] = []
    api.query(root, "parse text", progress=lambda *call: calls.append(call))
    assert _phases(calls) == [Phase.TERMS] and calls[-1][1] == calls[-1][2] == 3
    calls.clear()
    api.query(root, "parse text", progress=lambda *call: calls.append(call))
    assert calls == []  # built: nothing long left


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(group, "_is_terminal", lambda: True)


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
