"""The MCP server: the tool table (``tools.py``), one dispatcher, errors as ``isError`` results.

Built on the official SDK's low-level ``Server`` (as the reference ``git`` server
is) rather than ``MCPServer``'s signature introspection, so that each tool's
JSON schema is generated from one pydantic input model and trimmed (``tools.py``).
Handlers are thin: they validate, bring the graph up to date under the update
lock, read it with one library call in a worker thread, and hand plain data to
the envelope (``app.py``), which adds what every result carries: the graph's
state, the savings estimate and a size cap. The repository root is fixed at
start; path and revision arguments are checked against it before anything runs.
A ``DiffreachError`` becomes one sentence with ``is_error``; anything else is
logged to stderr and reported as an internal error, never as a traceback. An
error echoes at most ``MAX_ECHO`` characters of any argument. Behaviour-change
judgement uses MCP sampling when the client offers it (``sampling.py``). Only
the ``serve`` command imports this package: the SDK is its one heavy dependency.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from pydantic import ValidationError

from diffreach import __version__, api, git
from diffreach.errors import DiffreachError, PathError
from diffreach.serve.app import App, bound, error_index
from diffreach.serve.tools import MAX_ECHO, TOOLS, ArgumentError, check_revision, list_tools

log = logging.getLogger("diffreach.mcp")

# ----- the review prompt ------------------------------------------------------------------------

REVIEW_PROMPT = """Review this change by its blast radius, not by reading the repository.

1. Call get_changed_symbols{selector} to list the changed symbols.
2. For each changed symbol call get_callers with hops=2.
3. Review only the diff plus the union of those callers:
   - hop 1 (direct callers) is required reading: check every call site against the new behaviour;
   - hop 2 (indirect callers) is for skimming: look for contract drift (types, errors, return values).
4. Call get_tests_for_change{selector} and say which tests to run.
5. Report first the callers whose behaviour changes (get_blast_radius{selector} labels them
   "behavior-change"; confirm by reading), then other findings; for each, the file and line.
Read other code only when a finding depends on it, and say why."""


def review_prompt(arguments: dict[str, str] | None) -> types.GetPromptResult:
    arguments = arguments or {}
    base = (arguments.get("base") or "").strip()
    if base:
        check_revision(base)
    selector = f' with base="{base}"' if base else ""
    text = REVIEW_PROMPT.format(selector=selector)
    return types.GetPromptResult(
        description="Review a change by its blast radius",
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )


PROMPTS = [
    types.Prompt(
        name="review_change",
        description="Review a change: the diff plus its callers, hop by hop.",
        arguments=[
            types.PromptArgument(
                name="base", description="Revision to compare with (default: uncommitted work).", required=False
            )
        ],
    )
]


# ----- dispatch and error mapping ---------------------------------------------------------------


async def _error(app: App, message: str, arguments: dict[str, Any] | None = None) -> types.CallToolResult:
    """One sentence for the model; the structured copy adds the graph's ``index`` where there is one."""
    text = _scrub(message, arguments or {})
    try:
        index = await error_index(app)
    except Exception as exc:  # the error is what the caller needs; a second failure must not hide it
        log.warning("no index state for an error result: %s: %s", type(exc).__name__, exc)
        index = None
    structured = {"error": text} | ({"index": index} if index is not None else {})
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=text)], structured_content=structured, is_error=True
    )


def clip(text: str, limit: int = MAX_ECHO) -> str:
    """``text``, or its start and how long it was when it is longer than ``limit``."""
    return text if len(text) <= limit else f"{text[: limit - 30]}… ({len(text):,} characters)"


def _scrub(message: str, arguments: dict[str, Any]) -> str:
    """``message`` with each long string argument it repeats (as itself or quoted) clipped, and
    cut to a few echoes' length in any case: a 2 MB symbol must not come back as a 2 MB error."""
    values = [v for v in arguments.values() if isinstance(v, str)]
    values += [x for v in arguments.values() if isinstance(v, list) for x in v if isinstance(x, str)]
    for value in sorted({v for v in values if len(v) > MAX_ECHO}, key=len, reverse=True):
        message = message.replace(repr(value), repr(clip(value))).replace(value, clip(value))
    return clip(message, 4 * MAX_ECHO)


def _invalid(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join(str(x) for x in err["loc"]) or "arguments"
        parts.append(f"{where}: {err['msg']}")
    return "invalid arguments: " + "; ".join(parts)


async def call_tool(app: App, name: str, arguments: dict[str, Any] | None, session: Any) -> types.CallToolResult:
    spec = next((t for t in TOOLS if t.name == name), None)
    if spec is None:
        return await _error(app, f"unknown tool {clip(name)!r}; known: {', '.join(t.name for t in TOOLS)}")
    try:
        args = spec.model.model_validate(arguments or {})
        data = await spec.handler(app, args, session)
    except ValidationError as exc:
        return await _error(app, _invalid(exc), arguments)
    except (DiffreachError, ArgumentError) as exc:
        return await _error(app, str(exc), arguments)
    except Exception as exc:
        log.exception("tool %s failed", name)
        return await _error(app, f"internal error in {name}: {type(exc).__name__}: {exc}", arguments)
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=render(data, spec.text_key))], structured_content=data
    )


def render(data: dict[str, Any], text_key: str = "") -> str:
    """What the model reads: compact JSON, or a long text as itself followed by the rest as JSON."""
    text = data.get(text_key) if text_key else None
    if isinstance(text, str):
        rest = {k: v for k, v in data.items() if k != text_key}
        return text + "\n\n" + json.dumps(rest, ensure_ascii=False, separators=(",", ":"), default=str)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)


def build_server(app: App) -> Server[Any]:

    async def on_list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=list_tools())

    async def on_call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        return await call_tool(app, params.name, params.arguments, ctx.session)

    async def on_list_prompts(ctx: Any, params: Any) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=PROMPTS)

    async def on_get_prompt(ctx: Any, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != "review_change":
            raise MCPError(code=types.INVALID_PARAMS, message=f"unknown prompt {params.name!r}")
        try:
            return review_prompt(params.arguments)
        except (DiffreachError, ArgumentError) as exc:
            raise MCPError(code=types.INVALID_PARAMS, message=_scrub(str(exc), params.arguments or {})) from exc

    return Server(
        "diffreach",
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
        on_list_prompts=on_list_prompts,
        on_get_prompt=on_get_prompt,
    )


INSTRUCTIONS = (
    "Code graph of one repository. To review a change, use the review_change prompt: "
    "get_changed_symbols, then get_callers (hops=2) for each, and read only those."
)


# ----- running ----------------------------------------------------------------------------------


def serve(root: str | Path = ".", watch: bool = False, watch_interval: float = 5.0) -> None:
    """Run the server on stdin/stdout until the client closes it."""
    top = fixed_root(root)

    async def main() -> None:
        app = App(root=top, lock=anyio.Lock())
        server = build_server(app)
        try:
            async with stdio_server() as (read, write), anyio.create_task_group() as tg:
                if watch:
                    tg.start_soon(_watch, app, watch_interval)
                await server.run(read, write, server.create_initialization_options())
                tg.cancel_scope.cancel()
        finally:
            app.close()  # the task group has waited for any update in a worker thread

    anyio.run(main)


def fixed_root(path: str | Path) -> Path:
    """The repository's top level (or ``path`` itself outside git); resolved once, at start.
    A missing path is "not a directory" here, one sentence for both."""
    p = Path(path).resolve()
    if not p.is_dir():
        raise PathError(f"not a directory: {path}")
    top = git.toplevel(p)
    return top.resolve() if top else p


async def _watch(app: App, interval: float) -> None:
    """Keep the graph current between calls, so a tool's own update finds nothing to do.

    Each tick only stats files (``ChangeDetector``); the indexer runs when something changed,
    under the app's lock like a tool's own update. An idle server stays idle."""
    try:
        await app.refresh()
    except Exception as exc:
        log.warning("watch: re-index failed: %s", exc)
    seen = await anyio.to_thread.run_sync(api.ChangeDetector, app.root)
    while True:
        await anyio.sleep(interval)
        changed = await anyio.to_thread.run_sync(seen.poll)
        if not changed:
            continue
        try:  # told which files changed, unless HEAD moved (then anything may have)
            await app.refresh(None if "HEAD" in changed else sorted(changed))
        except Exception as exc:
            log.warning("watch: re-index failed: %s", exc)


__all__ = ["App", "bound", "build_server", "call_tool", "clip", "fixed_root", "render", "review_prompt", "serve"]
