"""Help texts say what the commands take: REV, not TEXT; what --json gives; PATH or --root;
the README's options as the commands define them; how an ambiguous symbol is reported."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from diffreach.cli import main

README = Path(__file__).parent.parent / "README.md"


def _help(*command: str) -> str:
    result = CliRunner().invoke(main, [*command, "--help"])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", ["impact", "tests", "context", "viz", "review"])
def test_base_takes_a_revision(command: str) -> None:
    text = _help(command)
    assert "--base REV" in text and "TEXT" not in text.split("--base", 1)[1].split("\n", 1)[0]


def test_every_json_flag_has_help() -> None:
    for name, command in main.commands.items():
        for param in command.params:
            if isinstance(param, click.Option) and "--json" in param.opts:
                assert param.help, f"{name} --json has no help"


def test_index_takes_root_like_the_other_commands(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"a.py": "def f():\n    return 1\n"})
    result = CliRunner().invoke(main, ["index", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    assert (root / ".diffreach" / "graph.db").exists()
    both = CliRunner().invoke(main, ["index", str(root), "--root", str(root.parent)])
    assert both.exit_code == 2 and "error:" in both.output


@pytest.mark.parametrize("command", ["graph", "stats", "watch", "serve"])
def test_commands_without_arguments_take_path_or_root(command: str) -> None:
    text = _help(command)
    assert "[PATH]" in text.splitlines()[0] and "--root" in text


def test_the_readme_names_the_default_page_of_viz() -> None:
    line = next(x for x in README.read_text().splitlines() if x.startswith("diffreach viz"))
    named = re.search(r"-o ([\w.]+)", line)
    output = next(p for p in main.commands["viz"].params if p.name == "output")
    assert named and named.group(1) == output.default


@pytest.mark.parametrize("command", ["callers", "callees"])
def test_the_help_says_how_an_ambiguous_symbol_is_reported(command: str) -> None:
    text = " ".join(_help(command).split())
    assert "ambiguous" in text and "candidates" in text
