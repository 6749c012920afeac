"""`tests --functions` prints ids the test runner accepts: pytest node ids (file::Class::test),
a helper nested in a test named by its test. Checked with the real pytest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main

FILES = {
    "app/core.py": "def parse(text):\n    return text.strip()\n",
    "tests/__init__.py": "",
    "tests/test_core.py": (
        "from app.core import parse\n\n\n"
        "def test_plain():\n    assert parse(' a ') == 'a'\n\n\n"
        "def test_nested():\n    def cmd(x):\n        return parse(x)\n\n    assert cmd(' b ') == 'b'\n\n\n"
        "class TestParse:\n    def test_method(self):\n        assert parse(' c ') == 'c'\n"
    ),
    "app/__init__.py": "",
}
EXPECTED = [
    "tests/test_core.py::TestParse::test_method",
    "tests/test_core.py::test_nested",
    "tests/test_core.py::test_plain",
]


def test_functions_are_pytest_node_ids(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    (root / "app/core.py").write_text("def parse(text):\n    return text.strip() or ''\n")
    result = CliRunner().invoke(main, ["tests", "--functions", "--root", str(root)])
    assert result.exit_code == 0, result.output
    ids = result.output.split()
    assert ids == EXPECTED
    data = json.loads(CliRunner().invoke(main, ["tests", "--json", "--root", str(root)]).output)
    assert data["test_ids"] == EXPECTED
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *ids],
        cwd=root,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert collected.returncode == 0, collected.stdout + collected.stderr
    assert [line for line in collected.stdout.splitlines() if "::" in line] == EXPECTED


def test_a_nested_helper_is_named_by_its_test_and_other_languages_keep_the_graph_id(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo({**FILES, "web/a.test.js": "test('x', () => {});\n"})
    assert CliRunner().invoke(main, ["index", str(root)]).exit_code == 0
    ids = [
        "tests/test_core.py::test_nested.cmd",
        "tests/test_core.py::TestParse.test_method",
        "tests/test_core.py::test_nested",
        "web/a.test.js::x",
    ]
    assert api.runner_test_ids(root, ids) == [
        "tests/test_core.py::test_nested",
        "tests/test_core.py::TestParse::test_method",
        "web/a.test.js::x",
    ]
