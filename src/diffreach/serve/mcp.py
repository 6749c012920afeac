"""The MCP server: one input model per tool, one dispatch table, errors as ``isError`` results.

Built on the official SDK's low-level ``Server`` (as the reference ``git`` server
is) rather than ``MCPServer``'s signature introspection, so that each tool's
JSON schema is generated from one pydantic input model and then trimmed of
what costs tokens and tells the model nothing (titles, ``anyOf: [T, null]``):
the whole tool list is read by the client's model on every turn. Handlers are
thin: they validate, call one library function in a worker thread (the library
is synchronous and may index or run git) under one lock, and hand plain data to
``_envelope``, which adds what every result carries: ``index`` (the commit the
graph reflects and whether the tree moved since), the savings estimate, and a
size cap (``max_tokens``; lists and long texts are cut from the end and the
result says ``truncated`` with ``how_to_get_more``). The repository root is
fixed at start; path and revision arguments are checked against it before
anything runs. A ``DiffreachError`` becomes one sentence with ``is_error``;
anything else is logged to stderr and reported as an internal error, never as
a traceback. Behaviour-change judgement uses MCP sampling when the client
offers it (``mcp_sampling``). Nothing heavy is imported at start-up: the
graph, tree-sitter and git modules load inside the handlers.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from diffreach.serve.sampling import sample_scores

log = logging.getLogger("diffreach.mcp")

DEFAULT_MAX_TOKENS = 8000
MIN_CUT_TEXT = 400  # characters: shorter texts (ids, notes) are never cut, only long ones (a context)

# ----- input models: the schema each tool advertises is generated from these -------------------


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    max_tokens: int = Field(DEFAULT_MAX_TOKENS, ge=100, le=200_000, description="Result size cap.")


class _Change(_Args):
    diff: str | None = Field(None, description="Unified diff text.")
    base: str | None = Field(None, description="Revision or A..B; default: working tree vs HEAD.")
    staged: bool = Field(False, description="Staged changes only.")


class ChangedSymbolsArgs(_Change):
    pass


class CallersArgs(_Args):
    symbol: str = Field(description="Id (path::Class.method) or unique name.")
    hops: int = Field(2, ge=1, le=5)


class BlastRadiusArgs(_Change):
    files: list[str] | None = Field(None, description="Paths to treat as wholly changed, instead of a diff.")
    hops: int | None = Field(None, ge=0, le=6, description="Hop cap (default 2).")


class ReviewContextArgs(_Change):
    token_budget: int = Field(6000, ge=0, le=200_000, description="Tokens for the context text.")


class ExpandArgs(_Args):
    id: str = Field(description="A block id from a review context's elided list.")


class RelevantArgs(_Args):
    query: str = Field(description="What you are looking for, in words.")
    top: int = Field(5, ge=1, le=50)


class TestsArgs(_Change):
    pass


class UpdateArgs(_Args):
    pass


# ----- the server's state -----------------------------------------------------------------------


@dataclass
class App:
    """What every handler needs: the fixed root and one lock around the (synchronous) library."""

    root: Path
    lock: anyio.Lock
    indexer: Any = None  # one Indexer kept between updates (what it learnt is reused); under ``run``

    async def run(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        # One call at a time: the indexer writes the graph, and two writers would only wait on SQLite.
        async with self.lock:
            return await anyio.to_thread.run_sync(lambda: func(*args, **kwargs))

    def update(self, paths: list[str] | None = None) -> dict[str, Any]:
        """Bring the graph up to date; call it through ``run`` (one writer at a time, and the
        kept indexer is used by one thread at a time). ``paths``: the files the watcher saw
        change, looked at instead of walking the repository (see ``Indexer.run``)."""
        from diffreach.index.indexer import kept_indexer

        self.indexer = kept_indexer(self.indexer, self.root)
        try:
            return self.indexer.run(paths=paths).as_json()
        except Exception:
            self.indexer.close()
            self.indexer = None  # start afresh next time
            raise

    def close(self) -> None:
        if self.indexer is not None:
            self.indexer.close()
            self.indexer = None


class ArgumentError(Exception):
    """A refused argument; the message is the one sentence the client sees."""


def check_revision(rev: str) -> None:
    """Refuse anything git could read as an option, on either side of A..B."""
    from diffreach.git import check_revision as check

    for part in re.split(r"\.\.\.?", rev):
        if part or not rev:
            check(part)


def inside_root(root: Path, path: str) -> str:
    """``path`` as a repository-relative POSIX path, or ArgumentError when it leaves the root."""
    if not path or "\0" in path:
        raise ArgumentError(f"invalid path {path!r}")
    full = (root / path).resolve()  # an absolute ``path`` replaces root; symlinks are followed
    if not full.is_relative_to(root):
        raise ArgumentError(f"path {path!r} is outside the repository {root}")
    if not full.is_file():
        raise ArgumentError(f"no such file in the repository: {path!r}")
    return full.relative_to(root).as_posix()


def _selector(args: _Change) -> dict[str, Any]:
    if args.base is not None:
        check_revision(args.base)
    chosen = [
        name
        for name, on in (("diff", args.diff is not None), ("base", args.base is not None), ("staged", args.staged))
        if on
    ]
    if len(chosen) > 1:
        raise ArgumentError(f"give one of diff, base or staged, not {' and '.join(chosen)}")
    return {"diff_text": args.diff, "base": args.base, "staged": args.staged}


# ----- what every result carries ----------------------------------------------------------------


def _graph_facts(root: Path, updated: bool, want_index: bool) -> tuple[dict[str, Any] | None, int | None]:
    """The graph's state (``index``) and the savings baseline: the whole indexed repository, as the
    ledger counts it (cached in the graph until a file changes)."""
    from diffreach.api import index_state, open_store
    from diffreach.review.ledger import file_reader, repository_baseline
    from diffreach.review.tokens import HeuristicCounter

    store = open_store(root)
    try:
        baseline = repository_baseline(store, HeuristicCounter(), file_reader(root)) or None
        if not want_index:
            return None, baseline
        s = index_state(root, store, updated)
        return {"commit": s.commit, "head": s.head, "dirty": s.dirty, "stale": s.stale}, baseline
    finally:
        store.close()


def bound(data: dict[str, Any], max_tokens: int, hint: str) -> dict[str, Any]:
    """``data`` cut to about ``max_tokens``: the largest top-level list or text loses its tail first.

    Lists are ordered most important first by the library, so the tail is what
    can go. The result says what was cut and how to get the rest.
    """
    from diffreach.review.tokens import estimate_tokens

    size = estimate_tokens(data)
    out = dict(data)
    out["truncated"] = bool(data.get("truncated", False))
    if size <= max_tokens:
        return out
    cut: dict[str, int] = {}
    target = max_tokens - 60  # room for the notes this function adds
    while (total := estimate_tokens(out)) > target:
        sizes = {
            k: estimate_tokens(v)
            for k, v in out.items()
            if (isinstance(v, list) and v) or (isinstance(v, str) and len(v) > MIN_CUT_TEXT and k not in cut)
        }
        if not sizes:
            break  # only small fields left: this is as small as the result gets
        key = max(sizes, key=lambda k: sizes[k])
        value, excess = out[key], total - target
        keep = max(0, math.floor(len(value) * (1 - excess / sizes[key])) - 1)
        cut[key] = cut.get(key, 0) + len(value) - keep
        out[key] = value[:keep] if isinstance(value, list) else value[:keep] + "\n[… cut: see how_to_get_more]"
    out.update(
        truncated=True,
        cut=cut,
        how_to_get_more=(
            f"the full result is about {size} tokens: call again with max_tokens={size + 200}"
            + (f", or {hint}" if hint else "")
        ),
    )
    return out


async def _envelope(
    app: App, data: dict[str, Any], max_tokens: int, index: dict[str, Any] | None, hint: str = "", updated: bool = True
) -> dict[str, Any]:
    """``data`` with ``index`` (given, or read now; ``updated``: the call brought the graph up to
    date first), cut to ``max_tokens``, with the savings estimate of what is returned."""
    from diffreach.review.tokens import attach_context_savings, estimate_context_savings, estimate_tokens

    current, baseline = await app.run(_graph_facts, app.root, updated, index is None)
    # The savings metadata is added after the cut: keep room for it, so the whole result fits.
    probe = estimate_context_savings(original_tokens=baseline, returned_tokens=max_tokens)
    room = estimate_tokens(attach_context_savings({}, probe))
    data = bound({**data, "index": index if index is not None else current}, max(1, max_tokens - room), hint)
    savings = estimate_context_savings(original_tokens=baseline, returned_tokens=estimate_tokens(data))
    return attach_context_savings(data, savings)


# ----- handlers ---------------------------------------------------------------------------------


async def get_callers(app: App, args: CallersArgs, session: Any) -> dict[str, Any]:
    from diffreach.api import callers_of

    def work() -> dict[str, Any]:
        app.update()
        return callers_of(app.root, args.symbol, hops=args.hops)

    data = await app.run(work)
    return await _envelope(app, data, args.max_tokens, None, "ask for fewer hops")


async def update_graph(app: App, args: UpdateArgs, session: Any) -> dict[str, Any]:
    report = await app.run(app.update)
    keep = (
        "mode",
        "files",
        "extracted",
        "deleted",
        "re_resolved",
        "changed_files",
        "commit",
        "seconds",
        "symbols",
        "edges",
        "unresolved_share",
        "parse_errors",
        "skipped",
    )
    return await _envelope(app, {k: report[k] for k in keep if k in report}, args.max_tokens, None)


def _impact(app: App, args: _Change, **options: Any) -> Any:
    from diffreach.api import blast_radius

    return blast_radius(app.root, **_selector(args), **options)


async def get_changed_symbols(app: App, args: ChangedSymbolsArgs, session: Any) -> dict[str, Any]:
    from diffreach.api import radius_json

    data = radius_json(await app.run(_impact, app, args, hops=0, count_review=False))
    out = {"changed": data["changed"], "notes": data["notes"]}
    return await _envelope(app, out, args.max_tokens, data["index"], "narrow the diff")


async def get_tests_for_change(app: App, args: TestsArgs, session: Any) -> dict[str, Any]:
    from diffreach.api import radius_json

    data = radius_json(await app.run(_impact, app, args, count_review=False))
    out = {"tests": data["tests"], "test_functions": data["test_functions"], "notes": data["notes"]}
    return await _envelope(app, out, args.max_tokens, data["index"], "run the listed test files")


async def _judged_impact(app: App, args: _Change, session: Any, **options: Any) -> tuple[Any, str]:
    """The impact result, with hop-1 behaviour scores from the client's model when it can sample."""
    result = await app.run(_impact, app, args, **options)
    judgement, scores = await sample_scores(session, app.root, result)
    if scores:
        # Re-walk the (already updated) graph with the client's scores; the walk carries them to hop 2.
        options.update(
            hops=result.radius.hops,
            update=False,
            count_review=False,
            judge=lambda change, caller: scores.get((change.id, caller.id)),
        )
        result = await app.run(_impact, app, args, **options)
    return result, judgement


async def get_blast_radius(app: App, args: BlastRadiusArgs, session: Any) -> dict[str, Any]:
    from diffreach.api import radius_json

    files = None
    if args.files is not None:
        if args.diff is not None or args.base is not None or args.staged:
            raise ArgumentError("give files or one of diff, base, staged, not both")
        files = [inside_root(app.root, p) for p in args.files]
    result, judgement = await _judged_impact(app, args, session, hops=args.hops, files=files)
    data = radius_json(result)
    data["judgement"] = judgement
    index = data.pop("index")
    return await _envelope(app, data, args.max_tokens, index, "ask for fewer hops or a smaller diff")


def _serve_context(app: App, result: Any, budget: int) -> dict[str, Any]:
    from diffreach.api import review_context

    data = review_context(app.root, result, budget=budget, origin="mcp").as_json()
    data.pop("blocks", None)  # their ids are in "elided"; their text is in "text"
    return data


async def get_review_context(app: App, args: ReviewContextArgs, session: Any) -> dict[str, Any]:
    from diffreach.api import radius_json

    result, judgement = await _judged_impact(app, args, session)
    data = await app.run(_serve_context, app, result, args.token_budget)
    data["judgement"] = judgement
    # The context's own budget is the cap the caller chose; the envelope must not cut below it.
    limit = max(args.max_tokens, args.token_budget + 1000)
    return await _envelope(app, data, limit, radius_json(result)["index"], "expand_context(id) for an elided block")


def _expand(root: Path, block_id: str) -> dict[str, Any]:
    from diffreach.api import open_store
    from diffreach.review.context import expand

    store = open_store(root)
    try:
        return {"id": block_id, "text": expand(store.conn, block_id)}
    finally:
        store.close()


async def expand_context(app: App, args: ExpandArgs, session: Any) -> dict[str, Any]:
    data = await app.run(_expand, app.root, args.id)
    return await _envelope(app, data, args.max_tokens, None, updated=False)


async def find_relevant_files(app: App, args: RelevantArgs, session: Any) -> dict[str, Any]:
    from diffreach.api import query

    def work() -> dict[str, Any]:
        app.update()
        return query(app.root, args.query, top=args.top)

    data = await app.run(work)
    return await _envelope(app, data, args.max_tokens, None, "ask for a smaller top")


# ----- the table --------------------------------------------------------------------------------

Handler = Callable[[App, Any, Any], Awaitable[dict[str, Any]]]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    model: type[_Args]
    handler: Handler
    text_key: str = ""  # a long text field shown as plain text first, the rest as JSON after it


_CHANGE = "The change: diff, base or staged (default: uncommitted work)."
TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "get_changed_symbols",
        f"Symbols a change touches, with change kinds. {_CHANGE}",
        ChangedSymbolsArgs,
        get_changed_symbols,
    ),
    ToolSpec("get_callers", "Callers of a symbol by hop (1: required reading, 2: skim).", CallersArgs, get_callers),
    ToolSpec(
        "get_blast_radius",
        "Changed symbols, callers hop by hop with behaviour-change scores, tests. " + _CHANGE,
        BlastRadiusArgs,
        get_blast_radius,
    ),
    ToolSpec(
        "get_review_context",
        "Review context of a change within token_budget: the diff, changed code, "
        f"callers by hop; elided blocks have ids. {_CHANGE}",
        ReviewContextArgs,
        get_review_context,
        text_key="text",
    ),
    ToolSpec(
        "expand_context", "Full text of an elided review-context block.", ExpandArgs, expand_context, text_key="text"
    ),
    ToolSpec(
        "find_relevant_files",
        "Files most relevant to a question, ranked, with reasons.",
        RelevantArgs,
        find_relevant_files,
    ),
    ToolSpec("get_tests_for_change", f"Tests that exercise a change. {_CHANGE}", TestsArgs, get_tests_for_change),
    ToolSpec("update_graph", "Re-index changed files; returns what changed.", UpdateArgs, update_graph),
)


def tool_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema without titles and with ``T | None`` shown as ``T`` (optional anyway)."""

    def clean(node: Any) -> Any:
        if isinstance(node, dict):
            any_of = node.get("anyOf")
            if isinstance(any_of, list) and len(any_of) == 2 and {"type": "null"} in any_of:
                rest = {k: v for k, v in node.items() if k != "anyOf"}
                node = {**next(x for x in any_of if x != {"type": "null"}), **rest}
                if node.get("default", 0) is None:
                    node.pop("default")
            return {k: clean(v) for k, v in node.items() if k != "title"}
        if isinstance(node, list):
            return [clean(v) for v in node]
        return node

    schema = clean(model.model_json_schema())
    schema.pop("additionalProperties", None)
    return schema


def list_tools() -> list[types.Tool]:
    return [types.Tool(name=t.name, description=t.description, input_schema=tool_schema(t.model)) for t in TOOLS]


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


def _error(message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=message)], is_error=True)


def _invalid(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join(str(x) for x in err["loc"]) or "arguments"
        parts.append(f"{where}: {err['msg']}")
    return "invalid arguments: " + "; ".join(parts)


async def call_tool(app: App, name: str, arguments: dict[str, Any] | None, session: Any) -> types.CallToolResult:
    from diffreach.errors import DiffreachError

    spec = next((t for t in TOOLS if t.name == name), None)
    if spec is None:
        return _error(f"unknown tool {name!r}; known: {', '.join(t.name for t in TOOLS)}")
    try:
        args = spec.model.model_validate(arguments or {})
        data = await spec.handler(app, args, session)
    except ValidationError as exc:
        return _error(_invalid(exc))
    except (DiffreachError, ArgumentError) as exc:
        return _error(str(exc))
    except Exception as exc:
        log.exception("tool %s failed", name)
        return _error(f"internal error in {name}: {type(exc).__name__}: {exc}")
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=render(data, spec.text_key))], structured_content=data
    )


def render(data: dict[str, Any], text_key: str = "") -> str:
    """What the model reads: compact JSON, or a long text as itself followed by the rest as JSON."""
    if text_key and isinstance(data.get(text_key), str):
        rest = {k: v for k, v in data.items() if k != text_key}
        return data[text_key] + "\n\n" + json.dumps(rest, ensure_ascii=False, separators=(",", ":"), default=str)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)


def build_server(app: App) -> Server[Any]:

    async def on_list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=list_tools())

    async def on_call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        return await call_tool(app, params.name, params.arguments, ctx.session)

    async def on_list_prompts(ctx: Any, params: Any) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=PROMPTS)

    async def on_get_prompt(ctx: Any, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        from mcp.shared.exceptions import MCPError

        from diffreach.errors import DiffreachError

        if params.name != "review_change":
            raise MCPError(code=types.INVALID_PARAMS, message=f"unknown prompt {params.name!r}")
        try:
            return review_prompt(params.arguments)
        except (DiffreachError, ArgumentError) as exc:
            raise MCPError(code=types.INVALID_PARAMS, message=str(exc)) from exc

    from diffreach import __version__

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


def serve(root: str | Path = ".", watch: bool = False, watch_interval: float = 5.0) -> None:
    """Run the server on stdin/stdout until the client closes it."""
    from mcp.server.stdio import stdio_server

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

    Uses git directly rather than ``indexer.find_root``, whose module pulls the
    parsers and numpy into a start-up that needs neither.
    """
    from diffreach.errors import PathError
    from diffreach.git import toplevel

    p = Path(path).resolve()
    if not p.is_dir():
        raise PathError(f"not a directory: {path}")
    top = toplevel(p)
    return top.resolve() if top else p


async def _watch(app: App, interval: float) -> None:
    """Keep the graph current between calls, so a tool's own update finds nothing to do.

    Each tick only stats files (``ChangeDetector``); the indexer runs when something changed,
    under the app's lock like a tool's own update. An idle server stays idle."""
    from diffreach.index.watch import ChangeDetector

    try:
        await app.run(app.update)
    except Exception as exc:
        log.warning("watch: re-index failed: %s", exc)
    seen = await anyio.to_thread.run_sync(ChangeDetector, app.root)
    while True:
        await anyio.sleep(interval)
        changed = await anyio.to_thread.run_sync(seen.poll)
        if not changed:
            continue
        try:  # told which files changed, unless HEAD moved (then anything may have)
            await app.run(app.update, None if "HEAD" in changed else sorted(changed))
        except Exception as exc:
            log.warning("watch: re-index failed: %s", exc)
