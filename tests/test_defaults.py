"""One table of defaults (config.py) for the command line and the MCP server: the same hop
caps, the same caller hops, the same context budget."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import click
import pytest
from click.testing import CliRunner

from diffreach import config
from diffreach.cli import main
from diffreach.errors import ConfigError
from diffreach.serve.app import App
from diffreach.serve.mcp import call_tool
from diffreach.serve.tools import BlastRadiusArgs, CallersArgs


def _option(command: str, name: str) -> click.Option:
    cmd = main.commands[command]
    return next(p for p in cmd.params if isinstance(p, click.Option) and p.name == name)


def _schema(model: Any, name: str) -> dict[str, Any]:
    prop: dict[str, Any] = model.model_json_schema()["properties"][name]
    return prop


def test_the_hop_caps_are_the_same_everywhere() -> None:
    for command in ("impact", "viz", "callers"):
        hops = _option(command, "hops").type
        assert isinstance(hops, click.IntRange) and hops.max == config.MAX_HOPS
    for model in (BlastRadiusArgs, CallersArgs):
        hops = _schema(model, "hops")
        bounds = hops.get("anyOf", [hops])[0]
        assert bounds["maximum"] == config.MAX_HOPS


def test_callers_walk_the_same_hops_by_default() -> None:
    assert _option("callers", "hops").default == config.CALLER_HOPS
    assert _schema(CallersArgs, "hops")["default"] == config.CALLER_HOPS


def test_the_context_budget_is_the_configuration_s_in_both(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"a.py": "def f(x):\n    return x\n", "b.py": "from a import f\n\n\ndef g():\n    return f(1)\n"})
    (root / "a.py").write_text("def f(x):\n    return x + 1\n")
    cli = CliRunner().invoke(main, ["context", "--root", str(root), "--json"])
    assert cli.exit_code == 0, cli.output

    async def go() -> dict[str, Any]:
        app = App(root, anyio.Lock())
        try:
            result = await call_tool(app, "get_review_context", {}, None)
        finally:
            app.close()
        assert not result.is_error, result.content
        return result.structured_content or {}

    served = anyio.run(go)
    assert json.loads(cli.output)["budget"] == served["budget"] == config.Config().budget


def test_a_configuration_rewritten_is_read_anew_in_the_same_process(tmp_path: Path) -> None:
    # A kept process (the daemon, the MCP server) keeps what it read, by the file's stamp: an
    # edit must show at the next read, a bad edit must fail then, and a removed file gives defaults.
    own = tmp_path / ".diffreach.toml"
    own.write_text("budget = 1234\n")
    assert config.load_config(tmp_path).budget == 1234
    assert config.load_config(tmp_path) is config.load_config(tmp_path)  # read once
    own.write_text("budget = 98765\n")
    assert config.load_config(tmp_path).budget == 98765
    own.write_text("budget = -1\n")
    with pytest.raises(ConfigError):
        config.load_config(tmp_path)
    own.unlink()
    assert config.load_config(tmp_path).budget == config.Config().budget
