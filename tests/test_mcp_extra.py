"""The MCP server is an extra (``diffreach[mcp]``): everything else runs without the SDK, and
``serve`` without it says in one line how to install it.

"Without the SDK" is a child interpreter whose import system refuses ``mcp``, ``pydantic`` and
``anyio``, as an environment that installed ``diffreach`` alone would.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

from diffreach.cli.graph_commands import MCP_EXTRA

ROOT = Path(__file__).resolve().parent.parent

WITHOUT_SDK = """
import sys
from importlib.abc import MetaPathFinder

class Refuse(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Refuse())
from diffreach.cli import main
main(sys.argv[1:], prog_name="diffreach")
"""


def run_without_sdk(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    code = WITHOUT_SDK.format(blocked=set(MCP_EXTRA))
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True, timeout=300, check=False
    )


def test_serve_without_the_sdk_fails_in_one_line_saying_how_to_install_it(tmp_path: Path) -> None:
    done = run_without_sdk(tmp_path, "serve", "--root", str(tmp_path))
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "pip install 'diffreach[mcp]'" in done.stderr


def test_review_and_impact_run_without_the_sdk(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"a.py": "def f():\n    return 1\n\n\ndef g():\n    return f()\n"})
    (root / "a.py").write_text("def f():\n    return 2\n\n\ndef g():\n    return f()\n")
    review = run_without_sdk(root, "review", "--no-warmup")
    assert review.returncode == 0, review.stderr
    assert "<!-- diffreach -->" in review.stdout and "a.py::g" in review.stdout
    impact = run_without_sdk(root, "impact", "--json")
    assert impact.returncode == 0, impact.stderr


def test_the_sdk_is_an_extra_that_the_test_extra_pulls_in() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {dep.split(">")[0].split("=")[0].split("<")[0] for dep in project["dependencies"]}
    extra = {dep.split(">")[0].split("=")[0].split("<")[0] for dep in project["optional-dependencies"]["mcp"]}
    assert extra == set(MCP_EXTRA)
    assert not core & extra
    assert "diffreach[mcp]" in project["optional-dependencies"]["test"]
