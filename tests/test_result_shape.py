"""One shape for results: every JSON result carries ``index``; the caller list has one name."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from diffreach.cli import main

SOURCE = {
    "app/core.py": "def parse(text):\n    return text.strip()\n",
    "app/api.py": "from app.core import parse\n\n\ndef handle(t):\n    return parse(t)\n",
    "tests/test_api.py": "from app.api import handle\n\n\ndef test_handle():\n    assert handle(' a ') == 'a'\n",
}
INDEX_KEYS = {"commit", "head", "dirty", "stale"}


@pytest.fixture
def changed_repo(make_repo: Callable[..., Path]) -> Path:
    root = make_repo(SOURCE)
    assert CliRunner().invoke(main, ["index", str(root)]).exit_code == 0
    (root / "app/core.py").write_text("def parse(text, strict=False):\n    return text.strip()\n")
    return root


def _json(root: Path, *args: str) -> dict[str, object]:
    result = CliRunner().invoke(main, [*args, "--root", str(root)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    "args",
    [
        ("impact", "--json"),
        ("review", "--json"),
        ("context", "--json"),
        ("tests", "--json"),
        ("callers", "app/core.py::parse", "--json"),
        ("callees", "app/api.py::handle", "--json"),
        ("query", "parse", "text", "--json"),
    ],
)
def test_every_json_result_carries_the_index_state(changed_repo: Path, args: tuple[str, ...]) -> None:
    data = _json(changed_repo, *args)
    index = data["index"]
    assert isinstance(index, dict) and set(index) == INDEX_KEYS


@pytest.mark.parametrize(
    "args", [("impact", "--json"), ("review", "--json"), ("callers", "app/core.py::parse", "--json")]
)
def test_the_caller_list_has_one_name(changed_repo: Path, args: tuple[str, ...]) -> None:
    data = _json(changed_repo, *args)
    assert "radius" not in data and "reached" not in data
    callers = data["callers"]
    assert isinstance(callers, list)
    assert "app/api.py::handle" in {c["id"] for c in callers}
