"""The docs stay true: every CLI command is in the README, every module in the architecture page."""

from __future__ import annotations

import re
from pathlib import Path

from diffreach.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_readme_opens_with_the_two_setup_commands() -> None:
    head = (ROOT / "README.md").read_text().splitlines()[:10]
    assert any("make demo" in line for line in head)
    assert any("make test" in line for line in head)


def test_every_command_is_documented_in_the_readme_and_none_is_invented() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = set(main.commands)
    documented = set(re.findall(r"^diffreach ([a-z-]+)", readme, flags=re.M))
    assert commands - documented == set(), "commands missing from README's CLI tour"
    assert documented - commands == set(), "README names commands the CLI does not have"


def test_every_folder_and_module_is_named_in_the_architecture_page() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text()
    package = ROOT / "src" / "diffreach"
    folders = sorted(f"`{p.name}/`" for p in package.iterdir() if (p / "__init__.py").exists())
    assert [f for f in folders if f not in page] == []
    modules = {p.name for p in package.rglob("*.py") if p.name not in ("__init__.py", "__main__.py")}
    assert sorted(m for m in modules if f"`{m}`" not in page) == []


def test_every_configuration_key_is_in_the_readme() -> None:
    from dataclasses import fields

    from diffreach.config import Config

    readme = (ROOT / "README.md").read_text()
    assert [f.name for f in fields(Config) if f"\n{f.name} = " not in readme] == []
    # ... and the example is a configuration the tool accepts.
    import tomllib

    from diffreach.config import parse_config

    example = readme.split("```toml", 1)[1].split("```", 1)[0]
    assert parse_config(tomllib.loads(example)).stream_min_files == 10_000


def test_the_readme_says_how_to_install_the_tool_and_register_the_server() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "pipx install" in readme and "uv tool install" in readme
    for client in ("claude mcp add diffreach", "codex mcp add diffreach", ".cursor/mcp.json", ".vscode/mcp.json"):
        assert client in readme
