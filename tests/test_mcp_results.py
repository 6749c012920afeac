"""What every MCP tool declares and returns: annotations, an output schema its results fit, an
``index`` on errors too, and ``stale`` meaning "the graph does not reflect the working tree".

Each test runs the server in memory (``InMemoryTransport``) on its own repository, so a test
may edit files without disturbing the subprocess server of ``test_mcp_server.py``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import jsonschema
from mcp import ClientSession, types
from mcp.client._memory import InMemoryTransport

from diffreach.review.tokens import estimate_tokens
from diffreach.serve.app import App
from diffreach.serve.mcp import build_server
from tests.test_mcp_server import CHANGED_CORE, FILES

Scenario = Callable[[ClientSession], Awaitable[None]]


def _serve(root: Path, scenario: Scenario) -> None:
    app = App(root=root, lock=anyio.Lock())

    async def main() -> None:
        async with InMemoryTransport(build_server(app)) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await scenario(session)
        app.close()

    anyio.run(main)


def _dirty_repo(make_repo: Callable[..., Path]) -> Path:
    root = make_repo(FILES)
    (root / "pkg/core.py").write_text(CHANGED_CORE)
    return root


def _ok(result: types.CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def test_every_tool_says_it_reads_one_local_repository_and_only_update_graph_writes(
    make_repo: Callable[..., Path],
) -> None:
    seen: dict[str, types.ToolAnnotations] = {}

    async def scenario(s: ClientSession) -> None:
        seen.update({t.name: t.annotations for t in (await s.list_tools()).tools if t.annotations})

    _serve(_dirty_repo(make_repo), scenario)
    assert len(seen) == 8
    for name, hints in seen.items():
        assert hints.read_only_hint is (name != "update_graph"), name
        assert hints.idempotent_hint is True and hints.open_world_hint is False, name
    assert seen["update_graph"].destructive_hint is False


def test_every_result_fits_its_tools_output_schema(make_repo: Callable[..., Path]) -> None:
    calls: dict[str, dict[str, Any]] = {
        "update_graph": {},
        "get_changed_symbols": {},
        "get_callers": {"symbol": "parse", "hops": 2},
        "get_blast_radius": {},
        "get_review_context": {"token_budget": 150},
        "find_relevant_files": {"query": "parse text"},
        "get_tests_for_change": {},
    }
    results: dict[str, dict[str, Any]] = {}
    schemas: dict[str, dict[str, Any]] = {}

    async def scenario(s: ClientSession) -> None:
        schemas.update({t.name: t.output_schema for t in (await s.list_tools()).tools if t.output_schema})
        for name, args in calls.items():
            results[name] = _ok(await s.call_tool(name, args))
        block = results["get_review_context"]["elided"][0]
        results["expand_context"] = _ok(await s.call_tool("expand_context", {"id": block}))

    _serve(_dirty_repo(make_repo), scenario)
    assert set(schemas) == set(results)
    for name, data in results.items():
        jsonschema.validate(data, schemas[name])
        assert {"index", "truncated"} <= set(schemas[name]["required"]), name
        assert set(schemas[name]["properties"]) <= set(data), name
    # The schema says what comes back without a word too many: the whole list is read every turn.
    assert estimate_tokens(list(schemas.values())) < 400


def test_the_tool_list_with_annotations_and_output_schemas_costs_at_most_1500_tokens(
    make_repo: Callable[..., Path],
) -> None:
    tools: list[dict[str, Any]] = []

    async def scenario(s: ClientSession) -> None:
        listed = (await s.list_tools()).tools
        tools.extend(t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in listed)

    _serve(_dirty_repo(make_repo), scenario)
    assert all("outputSchema" in t and "annotations" in t for t in tools)
    assert estimate_tokens(tools) <= 1500


def test_expand_context_is_fresh_right_after_an_update_even_with_a_dirty_tree(make_repo: Callable[..., Path]) -> None:
    root = _dirty_repo(make_repo)
    states: list[dict[str, Any]] = []

    async def scenario(s: ClientSession) -> None:
        context = _ok(await s.call_tool("get_review_context", {"token_budget": 150}))
        block = context["elided"][0]
        states.append(_ok(await s.call_tool("update_graph", {}))["index"])
        states.append(_ok(await s.call_tool("expand_context", {"id": block}))["index"])
        (root / "pkg/service.py").write_text(FILES["pkg/service.py"] + "\n\ndef more():\n    return 1\n")
        states.append(_ok(await s.call_tool("expand_context", {"id": block}))["index"])
        (root / "pkg/extra.py").write_text("def extra():\n    return 2\n")  # untracked: the graph lacks it
        _ok(await s.call_tool("update_graph", {}))
        states.append(_ok(await s.call_tool("expand_context", {"id": block}))["index"])
        (root / "pkg/extra.py").unlink()
        states.append(_ok(await s.call_tool("expand_context", {"id": block}))["index"])

    _serve(root, scenario)
    updated, after_update, after_edit, after_second_update, after_delete = states
    assert updated["dirty"] is True and updated["stale"] is False
    assert after_update["dirty"] is True and after_update["stale"] is False  # before: stale whenever dirty
    assert after_edit["stale"] is True  # the tree moved on without the graph
    assert after_second_update["stale"] is False
    assert after_delete["stale"] is True  # a deleted file is a change too


def test_an_error_result_carries_the_index_where_a_graph_exists(make_repo: Callable[..., Path]) -> None:
    root = _dirty_repo(make_repo)
    errors: list[types.CallToolResult] = []

    async def scenario(s: ClientSession) -> None:
        errors.append(await s.call_tool("get_callers", {"symbol": "parse"}))  # no graph yet: fine, and builds it
        errors.append(await s.call_tool("get_callers", {"symbol": "no_such_thing"}))
        errors.append(await s.call_tool("get_callers", {"symbol": "parse", "hops": 99}))
        errors.append(await s.call_tool("drop_tables", {}))

    _serve(root, scenario)
    first, *refused = errors
    assert not first.is_error
    for result in refused:
        assert result.is_error and result.structured_content is not None
        text = result.content[0].text  # type: ignore[union-attr]
        assert result.structured_content["error"] == text
        assert set(result.structured_content["index"]) >= {"commit", "head", "dirty", "stale"}
        assert result.structured_content["index"]["stale"] is False


def test_an_error_before_any_graph_exists_has_no_index(make_repo: Callable[..., Path]) -> None:
    root = _dirty_repo(make_repo)
    results: list[types.CallToolResult] = []

    async def scenario(s: ClientSession) -> None:
        results.append(await s.call_tool("expand_context", {"id": "nope"}))  # reads only: builds nothing

    _serve(root, scenario)
    assert not (root / ".diffreach" / "graph.db").exists()
    (result,) = results
    assert result.is_error and result.structured_content is not None
    assert "index" not in result.structured_content


def test_update_graph_names_the_files_with_syntax_errors(make_repo: Callable[..., Path]) -> None:
    root = make_repo({**FILES, "pkg/broken.py": "def broken(:\n    return 1\n"})
    reports: list[dict[str, Any]] = []

    async def scenario(s: ClientSession) -> None:
        reports.append(_ok(await s.call_tool("update_graph", {})))

    _serve(root, scenario)
    (report,) = reports
    assert report["parse_errors"] == 1
    assert report["parse_error_files"] == ["pkg/broken.py"]
