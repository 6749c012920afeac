"""The MCP server, driven as a real subprocess through the official client.

One server per module (start-up is ~2 s): a temporary git repository with an
uncommitted signature change, ``diffreach serve --root <repo>`` on stdio,
and an anyio blocking portal that keeps one ``ClientSession`` open across the
synchronous tests. The tool list is pinned in ``tests/golden/mcp_tools.json``
(regenerate with ``UPDATE_GOLDEN=1``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import ClientSession, types
from mcp.client.stdio import StdioServerParameters, stdio_client

from diffreach.review.behavior import HOP_DECAY
from diffreach.serve.mcp import bound

GOLDEN = Path(__file__).parent / "golden" / "mcp_tools.json"
INSPECTOR = Path(sys.prefix) / "inspector" / "node_modules" / ".bin" / "mcp-inspector"

FILES = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def parse(text):\n    return text.split(',')\n\n\ndef helper(x):\n    return x + 1\n",
    "pkg/service.py": (
        "from pkg.core import parse\n\n\n"
        "def load(path):\n    return parse(open(path).read())\n\n\n"
        "def run(path):\n    return len(load(path))\n"
    ),
    "tests/test_core.py": "from pkg.core import parse\n\n\ndef test_parse():\n    assert parse('a,b') == ['a', 'b']\n",
    ".diffreach.toml": "warmup_reviews = 0\n",
}
# The change every test sees: parse takes a new required parameter.
CHANGED_CORE = "def parse(text, sep):\n    return text.split(sep)\n\n\ndef helper(x):\n    return x + 1\n"


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "XDG_"))}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        GIT_CONFIG_NOSYSTEM="1",
        GIT_AUTHOR_NAME="Test",
        GIT_AUTHOR_EMAIL="t@example.com",
        GIT_COMMITTER_NAME="Test",
        GIT_COMMITTER_EMAIL="t@example.com",
    )
    return env


def _git(root: Path, env: dict[str, str], *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("mcp")
    env = _env(base / "home")
    root = base / "repo"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    _git(root, env, "init", "-q", "-b", "main")
    _git(root, env, "add", "-A")
    _git(root, env, "commit", "-q", "-m", "initial")
    (root / "pkg/core.py").write_text(CHANGED_CORE)
    outside = base / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("def secret():\n    pass\n")
    (root / "escape").symlink_to(outside, target_is_directory=True)
    return root, env


def _params(root: Path, env: dict[str, str]) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["-m", "diffreach.cli", "serve", "--root", str(root)], env=env, cwd=str(root)
    )


@asynccontextmanager
async def _session(params: StdioServerParameters, **options: Any) -> AsyncIterator[ClientSession]:
    with open(os.devnull, "w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write, read_timeout_seconds=120, **options) as session,
        ):
            await session.initialize()
            yield session


class Client:
    """Synchronous calls into a session that lives in the portal's event loop."""

    def __init__(self, portal: BlockingPortal, session: ClientSession) -> None:
        self.portal, self.session = portal, session

    def call(self, name: str, **args: Any) -> types.CallToolResult:
        return self.portal.call(self.session.call_tool, name, args)

    def ok(self, name: str, **args: Any) -> dict[str, Any]:
        result = self.call(name, **args)
        assert not result.is_error, result.content
        assert result.structured_content is not None
        text = result.content[0].text  # type: ignore[union-attr]
        data = result.structured_content
        if isinstance(data.get("text"), str):  # the long text first, as itself, then the rest as JSON
            assert text.startswith(data["text"])
        else:
            assert json.loads(text) == data
        return data

    def error(self, name: str, **args: Any) -> str:
        result = self.call(name, **args)
        assert result.is_error, result.structured_content
        text = result.content[0].text  # type: ignore[union-attr]
        assert "Traceback" not in text and "\n" not in text
        return text


@pytest.fixture(scope="module")
def client(repo: tuple[Path, dict[str, str]]) -> Iterator[Client]:
    root, env = repo
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(_session(_params(root, env))) as s:
        yield Client(portal, s)


def _tool_list(client: Client) -> list[dict[str, Any]]:
    tools = client.portal.call(client.session.list_tools).tools
    return [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools]


# ----- the tool list --------------------------------------------------------------------------------


def test_tool_list_matches_the_golden_snapshot(client: Client) -> None:
    tools = _tool_list(client)
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(tools, indent=2) + "\n")
    assert tools == json.loads(GOLDEN.read_text())


def test_tool_list_costs_at_most_1500_tokens(client: Client) -> None:
    from diffreach.review.tokens import estimate_tokens

    assert estimate_tokens(_tool_list(client)) <= 1500


def test_every_tool_schema_forbids_nothing_it_documents(client: Client) -> None:
    for tool in _tool_list(client):
        assert tool["inputSchema"]["type"] == "object"
        assert "title" not in json.dumps(tool["inputSchema"])


# ----- each tool on a real change ---------------------------------------------------------------------


def test_update_graph_reports_the_index(client: Client) -> None:
    data = client.ok("update_graph")
    assert data["mode"] in ("full", "incremental", "unchanged")
    assert data["index"]["stale"] is False
    assert data["metadata"]["context_savings"]["estimated"] is True


def test_get_changed_symbols_sees_the_signature_change(client: Client) -> None:
    data = client.ok("get_changed_symbols")
    changed = {c["id"]: c["change"] for c in data["changed"]}
    assert "signature" in changed["pkg/core.py::parse"]
    assert "pkg/core.py::helper" not in changed
    assert data["truncated"] is False
    assert set(data["index"]) >= {"commit", "stale"}


def test_get_callers_by_hop(client: Client) -> None:
    data = client.ok("get_callers", symbol="pkg/core.py::parse", hops=2)
    hops = {c["id"]: c["hop"] for c in data["callers"]}
    assert hops["pkg/service.py::load"] == 1
    assert hops["pkg/service.py::run"] == 2
    assert data["metadata"]["context_savings"]["saved_tokens"] >= 0


def test_get_callers_accepts_a_unique_name(client: Client) -> None:
    data = client.ok("get_callers", symbol="load", hops=1)
    assert [c["id"] for c in data["callers"]] == ["pkg/service.py::run"]


def test_get_blast_radius_of_the_working_tree(client: Client) -> None:
    data = client.ok("get_blast_radius")
    reached = {r["id"]: r for r in data["callers"]}
    assert reached["pkg/service.py::load"]["hop"] == 1
    # load calls parse with one argument; the new signature needs two: behaviour changes.
    assert reached["pkg/service.py::load"]["label"] == "behavior-change"
    assert reached["pkg/service.py::run"]["hop"] == 2
    assert "tests/test_core.py" in data["tests"]
    assert data["judgement"].startswith("deterministic: the client does not support sampling")
    assert data["index"]["dirty"] is True


def test_get_blast_radius_of_a_diff_text(client: Client) -> None:
    diff = (
        "diff --git a/pkg/core.py b/pkg/core.py\n--- a/pkg/core.py\n+++ b/pkg/core.py\n"
        "@@ -5,2 +5,2 @@\n def helper(x):\n-    return x + 1\n+    return x + 2\n"
    )
    data = client.ok("get_blast_radius", diff=diff)
    assert [c["id"] for c in data["changed"]] == ["pkg/core.py::helper"]
    assert data["callers"] == []


def test_get_blast_radius_of_files(client: Client) -> None:
    data = client.ok("get_blast_radius", files=["pkg/service.py"], hops=1)
    changed = {c["id"] for c in data["changed"]}
    assert {"pkg/service.py::load", "pkg/service.py::run"} <= changed


def test_get_blast_radius_is_cut_to_max_tokens(client: Client) -> None:
    full = client.ok("get_blast_radius")
    data = client.ok("get_blast_radius", max_tokens=250)
    assert data["truncated"] is True and full["truncated"] is False
    assert "max_tokens=" in data["how_to_get_more"]
    assert len(data["callers"]) < len(full["callers"]) or len(data["changed"]) < len(full["changed"])
    from diffreach.review.tokens import estimate_tokens

    assert estimate_tokens(full) > 250
    assert estimate_tokens(data) <= 250  # the whole result, savings metadata included


def test_get_review_context_fits_its_budget(client: Client) -> None:
    data = client.ok("get_review_context", token_budget=4000)
    assert data["fits"] is True and data["tokens"] <= 4000
    assert "pkg/service.py" in data["text"] and "def parse(text, sep)" in data["text"]
    assert data["metadata"]["context_savings"]["estimated"] is True
    assert data["index"]["dirty"] is True


def test_expand_context_returns_an_elided_block(client: Client) -> None:
    data = client.ok("get_review_context", token_budget=150)
    assert data["elided"], data["text"]
    block = client.ok("expand_context", id=data["elided"][0])
    assert block["id"] == data["elided"][0] and block["text"]
    assert "unknown block id" in client.error("expand_context", id="nope")


def test_find_relevant_files(client: Client) -> None:
    data = client.ok("find_relevant_files", query="parse text", top=2)
    assert data["files"][0]["path"] == "pkg/core.py"


def test_get_tests_for_change(client: Client) -> None:
    data = client.ok("get_tests_for_change")
    assert data["tests"] == ["tests/test_core.py"]
    assert "tests/test_core.py::test_parse" in data["test_functions"]


def test_bound_cuts_the_largest_list_from_its_tail() -> None:
    data = {"small": [1, 2], "big": [f"item-{i:04d}" for i in range(400)], "truncated": False}
    out = bound(data, 500, "ask for less")
    assert out["big"] == data["big"][: len(out["big"])] and 0 < len(out["big"]) < 400
    assert out["small"] == [1, 2]
    assert out["truncated"] is True and out["cut"] == {"big": 400 - len(out["big"])}
    assert out["how_to_get_more"].endswith("or ask for less")
    assert bound({"a": [1]}, 500, "") == {"a": [1], "truncated": False}


# ----- refusals ---------------------------------------------------------------------------------------


def test_a_path_outside_the_root_is_refused(client: Client) -> None:
    assert "outside the repository" in client.error("get_blast_radius", files=["../outside/secret.py"])
    assert "outside the repository" in client.error("get_blast_radius", files=["/etc/passwd"])


def test_a_symlink_out_of_the_root_is_refused(client: Client) -> None:
    assert "outside the repository" in client.error("get_blast_radius", files=["escape/secret.py"])


def test_a_revision_starting_with_a_dash_is_refused(client: Client) -> None:
    for tool in ("get_blast_radius", "get_changed_symbols", "get_tests_for_change"):
        assert "refusing revision" in client.error(tool, base="--output=/tmp/x")
    assert "refusing revision" in client.error("get_blast_radius", base="main..-x")


def test_an_unknown_symbol_is_one_sentence(client: Client) -> None:
    assert client.error("get_callers", symbol="no_such_thing") == "no symbol named 'no_such_thing' in the graph"


def test_bad_arguments_are_error_results(client: Client) -> None:
    assert client.error("get_callers", symbol="parse", hops=99).startswith("invalid arguments: hops")
    assert client.error("get_callers").startswith("invalid arguments: symbol")
    assert "unknown tool" in client.error("drop_tables")


def test_two_selectors_are_refused(client: Client) -> None:
    assert (
        client.error("get_blast_radius", base="HEAD", staged=True)
        == "give one of diff, base or staged, not base and staged"
    )


# ----- the prompt ---------------------------------------------------------------------------------------


def test_review_change_prompt(client: Client) -> None:
    prompts = client.portal.call(client.session.list_prompts).prompts
    assert [p.name for p in prompts] == ["review_change"]
    result = client.portal.call(client.session.get_prompt, "review_change", {"base": "main"})
    text = result.messages[0].content.text  # type: ignore[union-attr]
    assert "get_callers with hops=2" in text and 'base="main"' in text


# ----- sampling -------------------------------------------------------------------------------------------


def test_sampling_scores_hop_1_callers(repo: tuple[Path, dict[str, str]]) -> None:
    root, env = repo
    asked: list[str] = []

    async def sample(context: Any, params: types.CreateMessageRequestParams) -> types.CreateMessageResult:
        asked.append(params.messages[0].content.text)  # type: ignore[union-attr]
        return types.CreateMessageResult(
            role="assistant", content=types.TextContent(type="text", text="0.1"), model="test"
        )

    with (
        start_blocking_portal() as portal,
        portal.wrap_async_context_manager(_session(_params(root, env), sampling_callback=sample)) as s,
    ):
        result = portal.call(s.call_tool, "get_blast_radius", {})
    data = result.structured_content
    assert data is not None and not result.is_error
    reached = {r["id"]: r for r in data["callers"]}
    # The client's model overrules the rule for hop 1, and hop 2 inherits the decayed score.
    assert reached["pkg/service.py::load"]["behavior"] == 0.1
    assert reached["pkg/service.py::load"]["label"] == "reach"
    assert reached["pkg/service.py::run"]["behavior"] == round(0.1 * HOP_DECAY, 3)
    assert data["judgement"].startswith("sampled: the client's model scored")
    assert any("pkg/service.py::load" in a and "def parse(text, sep)" in a for a in asked)


# ----- the MCP Inspector ------------------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("npx") is None, reason="npx (Node.js) is not installed")
def test_inspector_cli_lists_the_tools(repo: tuple[Path, dict[str, str]]) -> None:
    root, env = repo
    if not INSPECTOR.exists():
        pytest.fail(f"the MCP Inspector is not installed at {INSPECTOR}: run `make inspector` (needs npm once)")
    # A generous connect timeout: the server's cold start (imports) is slow on a loaded machine.
    proc = subprocess.run(
        [
            str(INSPECTOR),
            "--cli",
            "--connect-timeout",
            "110000",
            sys.executable,
            "-m",
            "diffreach.cli",
            "serve",
            "--root",
            str(root),
            "--method",
            "tools/list",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = [t["name"] for t in json.loads(proc.stdout)["tools"]]
    assert names == [t["name"] for t in json.loads(GOLDEN.read_text())]
