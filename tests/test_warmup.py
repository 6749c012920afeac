"""The warm-up (the first reviews of a repository walk one hop further): counted once per
distinct change, so the same command gives the same answer; said in every output; optional."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner

from diffreach.cli import main
from diffreach.serve.app import App
from diffreach.serve.mcp import call_tool

SOURCE = {
    ".diffreach.toml": "warmup_reviews = 2\n",
    "app/core.py": "def parse(text):\n    return text.strip()\n\n\ndef other(x):\n    return x\n",
    "app/api.py": "from app.core import parse\n\n\ndef handle(t):\n    return parse(t)\n",
    "app/top.py": "from app.api import handle\n\n\ndef top(t):\n    return handle(t)\n",
    "app/main.py": "from app.top import top\n\n\ndef main(t):\n    return top(t)\n",
}
DIFF_A = (
    "--- a/app/core.py\n+++ b/app/core.py\n@@ -1,2 +1,2 @@\n def parse(text):\n-    return text.strip()\n"
    "+    return text.lstrip()\n"
)
DIFF_B = "--- a/app/core.py\n+++ b/app/core.py\n@@ -5,2 +5,2 @@\n def other(x):\n-    return x\n+    return -x\n"
DIFF_C = DIFF_A.replace("lstrip", "rstrip")


@pytest.fixture
def repo(make_repo: Callable[..., Path]) -> Path:
    return make_repo(SOURCE)


def impact(root: Path, diff: str, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--diff", "-", "--json", *args], input=diff)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_the_same_change_gives_the_same_answer(repo: Path) -> None:
    first = impact(repo, DIFF_A)
    assert first["hops"] == 3
    again = [impact(repo, DIFF_A) for _ in range(3)]
    assert all(a["hops"] == 3 and a["callers"] == first["callers"] for a in again)
    assert first["warmup"] == {"hops": 3, "remaining": 1}


def test_distinct_changes_use_up_the_warmup(repo: Path) -> None:
    assert impact(repo, DIFF_A)["hops"] == 3
    assert impact(repo, DIFF_B)["warmup"] == {"hops": 3, "remaining": 0}
    after = impact(repo, DIFF_C)
    assert after["hops"] == 2 and after["warmup"] is None
    assert not any("warm-up" in n for n in after["notes"])
    assert impact(repo, DIFF_A)["hops"] == 3  # a change seen during the warm-up keeps its answer


def test_no_warmup_walks_the_default_hops_and_uses_no_slot(repo: Path) -> None:
    data = impact(repo, DIFF_A, "--no-warmup")
    assert data["hops"] == 2 and data["warmup"] is None
    assert impact(repo, DIFF_B)["warmup"] == {"hops": 3, "remaining": 1}


def test_every_output_says_the_warmup_is_on(repo: Path) -> None:
    runner = CliRunner()
    base = ["--root", str(repo), "--diff", "-"]
    text = runner.invoke(main, ["impact", *base], input=DIFF_A).output
    assert "warm-up" in text.splitlines()[0] and "1 more distinct review left" in text.splitlines()[0]
    review = runner.invoke(main, ["review", *base, "--no-context"], input=DIFF_A).output
    assert "warm-up on" in review.split("\n\n")[1]  # under the summary line
    context = runner.invoke(main, ["context", *base], input=DIFF_A)
    assert "warm-up" in context.output
    for command in ("impact", "context", "review", "viz"):
        assert "--no-warmup" in runner.invoke(main, [command, "--help"]).output


def test_the_mcp_server_takes_no_warmup(repo: Path) -> None:
    async def go() -> dict[str, Any]:
        app = App(repo, anyio.Lock())
        try:
            result = await call_tool(app, "get_blast_radius", {"diff": DIFF_A, "no_warmup": True}, None)
        finally:
            app.close()
        assert not result.is_error, result.content
        data: dict[str, Any] = result.structured_content or {}
        return data

    data = anyio.run(go)
    assert data["hops"] == 2 and data["warmup"] is None
