"""`index` names the files that had syntax errors: every one in `--json`, under the summary with `-v`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main

FILES = {
    "app/good.py": "def ok():\n    return 1\n",
    "app/broken.py": "def broken(:\n    return 1\n",
    "web/bad.js": "function f( {\n",
}


def test_json_lists_the_files_with_syntax_errors(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    data = json.loads(CliRunner().invoke(main, ["index", str(root), "--json"]).output)
    assert data["parse_errors"] == 2
    assert data["parse_error_files"] == ["app/broken.py", "web/bad.js"]
    # An unchanged run reads the same list from the graph.
    again = json.loads(CliRunner().invoke(main, ["index", str(root), "--json"]).output)
    assert again["mode"] == "unchanged" and again["parse_error_files"] == ["app/broken.py", "web/bad.js"]


def test_verbose_text_lists_them_and_plain_text_says_how(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    plain = CliRunner().invoke(main, ["index", str(root)]).output
    assert "2 files had syntax errors" in plain and "-v lists them" in plain
    assert "app/broken.py" not in plain
    verbose = CliRunner().invoke(main, ["index", str(root), "-v"]).output
    lines = verbose.splitlines()
    at = next(i for i, line in enumerate(lines) if "had syntax errors" in line)
    assert [line.strip() for line in lines[at + 1 : at + 3]] == ["app/broken.py", "web/bad.js"]


def test_no_syntax_error_no_list(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"app/good.py": FILES["app/good.py"]})
    data = json.loads(CliRunner().invoke(main, ["index", str(root), "--json"]).output)
    assert data["parse_errors"] == 0 and data["parse_error_files"] == []
    assert "syntax errors" not in CliRunner().invoke(main, ["index", str(root), "-v"]).output
