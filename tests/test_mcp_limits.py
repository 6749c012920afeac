"""The MCP server under hostile arguments: bounded inputs, short errors, a lock held only to update.

A client (or a prompt-injected agent) can send a list of 10,000 paths, a 2 MB
symbol or a 10 MB question. Each input is capped in its model (the schema says
so: ``maxItems``, ``maxLength``) and refused beyond with an ``isError`` result
that echoes at most about 200 characters of what was sent. The server's lock
guards the index refresh only: reading the graph runs beside it, so one slow
request does not stall every other one.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from anyio.from_thread import start_blocking_portal
from mcp import ClientSession
from mcp.client._memory import InMemoryTransport

from diffreach import api
from diffreach.serve.app import App
from diffreach.serve.mcp import build_server
from diffreach.serve.tools import MAX_ECHO, MAX_LIST, MAX_PATH, MAX_QUERY, MAX_SYMBOL
from tests.test_mcp_server import Client, _params, _session
from tests.test_mcp_server import repo as repo  # the module's repository fixture

ERROR_LIMIT = 2 * MAX_ECHO + 200  # a sentence around at most two clipped echoes


@pytest.fixture(scope="module")
def client(repo: tuple[Path, dict[str, str]]) -> Iterator[Client]:
    root, env = repo
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(_session(_params(root, env))) as s:
        yield Client(portal, s)


def short_error(client: Client, name: str, **args: Any) -> str:
    text = client.error(name, **args)
    assert len(text) <= ERROR_LIMIT, len(text)
    return text


# ----- lists ----------------------------------------------------------------------------------------------


def test_ten_thousand_copies_of_a_path_are_refused(client: Client) -> None:
    text = short_error(client, "get_blast_radius", files=["pkg/core.py"] * 10_000)
    assert text.startswith("invalid arguments: files") and str(MAX_LIST) in text


def test_copies_of_a_path_within_the_cap_count_once(client: Client) -> None:
    once = client.ok("get_blast_radius", files=["pkg/core.py"])
    many = client.ok("get_blast_radius", files=["pkg/core.py"] * MAX_LIST)
    assert many["changed"] == once["changed"] and many["callers"] == once["callers"]


def test_a_path_past_its_length_is_refused(client: Client) -> None:
    text = short_error(client, "get_blast_radius", files=["a/" * MAX_PATH])
    assert text.startswith("invalid arguments: files")


# ----- strings --------------------------------------------------------------------------------------------


def test_a_two_megabyte_symbol_is_refused_in_one_short_sentence(client: Client) -> None:
    text = short_error(client, "get_callers", symbol="x" * 2_000_000)
    assert text.startswith("invalid arguments: symbol") and str(MAX_SYMBOL) in text


def test_an_unknown_symbol_within_the_cap_is_echoed_clipped(client: Client) -> None:
    symbol = "y" * MAX_SYMBOL
    text = short_error(client, "get_callers", symbol=symbol)
    assert text.startswith("no symbol named 'yyy") and "y" * (MAX_ECHO + 1) not in text


def test_a_query_past_its_length_is_refused(client: Client) -> None:
    text = short_error(client, "find_relevant_files", query="where is parse " * (MAX_QUERY // 10))
    assert text.startswith("invalid arguments: query") and f"{MAX_QUERY:,}".replace(",", "") in text.replace(",", "")


def test_a_long_path_outside_the_root_is_echoed_clipped(client: Client) -> None:
    path = "../" * 1000 + "etc/passwd"
    text = short_error(client, "get_blast_radius", files=[path])
    assert "outside the repository" in text


def test_other_long_strings_are_refused(client: Client) -> None:
    assert short_error(client, "expand_context", id="z" * 100_000).startswith("invalid arguments: id")
    assert short_error(client, "get_blast_radius", base="a" * 100_000).startswith("invalid arguments: base")
    assert "unknown tool" in short_error(client, "t" * 100_000)


def test_the_schema_states_the_caps(client: Client) -> None:
    tools = {t.name: t.input_schema for t in client.portal.call(client.session.list_tools).tools}
    files = tools["get_blast_radius"]["properties"]["files"]
    assert files["maxItems"] == MAX_LIST and files["items"]["maxLength"] == MAX_PATH
    assert tools["get_callers"]["properties"]["symbol"]["maxLength"] == MAX_SYMBOL
    assert tools["find_relevant_files"]["properties"]["query"]["maxLength"] == MAX_QUERY


# ----- the lock -------------------------------------------------------------------------------------------


def test_reading_the_graph_runs_outside_the_update_lock(
    repo: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refresh holds the lock; the read after it (here get_callers' walk) does not."""
    root, _ = repo
    api.index(root)
    seen: dict[str, bool] = {}
    app = App(root=root, lock=anyio.Lock())
    real_callers, real_update = api.callers_of, App.update

    def callers_of(*args: Any, **kwargs: Any) -> dict[str, object]:
        seen["read"] = app.lock.locked()
        return real_callers(*args, **kwargs)

    def update(self: App, paths: list[str] | None = None) -> dict[str, Any]:
        seen["update"] = app.lock.locked()
        return real_update(self, paths)

    monkeypatch.setattr(api, "callers_of", callers_of)
    monkeypatch.setattr(App, "update", update)

    async def scenario() -> None:
        async with InMemoryTransport(build_server(app)) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            result = await session.call_tool("get_callers", {"symbol": "parse"})
            assert not result.is_error, result.content
        app.close()

    anyio.run(scenario)
    assert seen == {"update": True, "read": False}


def test_a_reader_answers_while_an_update_holds_the_lock(repo: tuple[Path, dict[str, str]]) -> None:
    root, _ = repo
    api.index(root)
    app = App(root=root, lock=anyio.Lock())

    async def scenario() -> None:
        async with InMemoryTransport(build_server(app)) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            async with app.lock:  # an update in progress
                with anyio.fail_after(60):  # before: waited for the lock for ever
                    result = await session.call_tool("expand_context", {"id": "no-such-block"})
            assert result.is_error
        app.close()

    anyio.run(scenario)
