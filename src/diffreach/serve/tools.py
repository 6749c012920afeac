"""The MCP tools: one input model per tool (its advertised schema is generated from it),
one thin handler per tool, and the table that names them.

A handler validates what the model cannot (revisions, paths against the fixed
root, one change selector), calls one library function through ``App.run``, and
hands plain data to ``envelope``. Each tool's JSON schema is the model's, trimmed
of what costs tokens and tells the client's model nothing (titles, ``anyOf: [T,
null]``): the whole tool list is read by the client's model on every turn.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import mcp.types as types
from pydantic import BaseModel, ConfigDict, Field, field_validator

from diffreach import api, git
from diffreach.config import CALLER_HOPS, MAX_HOPS
from diffreach.model import ImpactResult
from diffreach.serve.app import DEFAULT_MAX_TOKENS, App, envelope
from diffreach.serve.sampling import sample_scores

# ----- input models: the schema each tool advertises is generated from these -------------------

# Input caps, in the schema the client sees: one request must not hold the server for long
# (10,000 copies of one path took minutes), nor may an error echo megabytes back.
MAX_LIST = 1_000  # paths in a list (duplicates dropped)
MAX_PATH = 4_096  # characters of a path (Linux's PATH_MAX)
MAX_SYMBOL = 1_000  # characters of a symbol or block id
MAX_REVISION = 1_000  # characters of a revision or A..B range
MAX_QUERY = 100_000  # characters of a question
MAX_ECHO = 200  # characters of one argument an error message repeats

RepoPath = Annotated[str, Field(max_length=MAX_PATH)]


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # No description: the name says it, and it is repeated in every tool the client reads each turn.
    max_tokens: int = Field(DEFAULT_MAX_TOKENS, ge=100, le=200_000)


class _Change(_Args):
    diff: str | None = Field(None, description="Unified diff text.")
    base: str | None = Field(None, max_length=MAX_REVISION, description="Revision or A..B.")
    staged: bool = Field(False, description="Staged changes only.")


class ChangedSymbolsArgs(_Change):
    pass


class CallersArgs(_Args):
    symbol: str = Field(max_length=MAX_SYMBOL, description="Id (path::Class.method) or unique name.")
    hops: int = Field(CALLER_HOPS, ge=1, le=MAX_HOPS)


class BlastRadiusArgs(_Change):
    files: list[RepoPath] | None = Field(
        None, max_length=MAX_LIST, description="Paths taken as wholly changed, instead of a diff."
    )
    hops: int | None = Field(None, ge=0, le=MAX_HOPS, description="Hop cap (config default 2).")
    no_warmup: bool = Field(False, description="Ignore the warm-up's hop cap.")

    @field_validator("files")
    @classmethod
    def _once(cls, files: list[str] | None) -> list[str] | None:
        return None if files is None else list(dict.fromkeys(files))


class ReviewContextArgs(_Change):
    token_budget: int | None = Field(None, ge=0, le=200_000, description="Context tokens (config default 8000).")
    no_warmup: bool = Field(False, description="Ignore the warm-up's hop cap.")


class ExpandArgs(_Args):
    id: str = Field(max_length=MAX_SYMBOL, description="A block id from a review context's elided list.")


class RelevantArgs(_Args):
    query: str = Field(max_length=MAX_QUERY, description="What you are looking for, in words.")
    top: int = Field(5, ge=1, le=50)


class TestsArgs(_Change):
    pass


class UpdateArgs(_Args):
    pass


# ----- what the models cannot check -------------------------------------------------------------


class ArgumentError(Exception):
    """A refused argument; the message is the one sentence the client sees."""


def check_revision(rev: str) -> None:
    """Refuse anything git could read as an option, on either side of A..B."""
    for part in re.split(r"\.\.\.?", rev):
        if part or not rev:
            git.check_revision(part)


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


# ----- handlers ---------------------------------------------------------------------------------
# Each brings the graph up to date under the update lock (``App.refresh``), then reads it
# without the lock (``App.read``): the library's own update is off (``update=False``), and
# ``fresh=True`` says the graph was brought up to date just before.


async def get_callers(app: App, args: CallersArgs, session: Any) -> dict[str, Any]:
    await app.refresh()
    data = await app.read(api.callers_of, app.root, args.symbol, hops=args.hops)
    return await envelope(app, data, args.max_tokens, None, "ask for fewer hops")


async def update_graph(app: App, args: UpdateArgs, session: Any) -> dict[str, Any]:
    report = await app.refresh()
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
        "parse_error_files",
        "skipped",
    )
    return await envelope(app, {k: report[k] for k in keep if k in report}, args.max_tokens, None)


def _impact(app: App, selector: dict[str, Any], **options: Any) -> ImpactResult:
    return api.blast_radius(app.root, **selector, update=False, fresh=True, **options)


async def _fresh_impact(app: App, args: _Change, **options: Any) -> ImpactResult:
    selector = _selector(args)  # refused before any work
    await app.refresh()
    return await app.read(_impact, app, selector, **options)


async def get_changed_symbols(app: App, args: ChangedSymbolsArgs, session: Any) -> dict[str, Any]:
    result = await _fresh_impact(app, args, hops=0, count_review=False)
    data = api.radius_json(result)
    out = {"changed": data["changed"], "notes": data["notes"]}
    return await envelope(app, out, args.max_tokens, result.index, "narrow the diff")


async def get_tests_for_change(app: App, args: TestsArgs, session: Any) -> dict[str, Any]:
    result = await _fresh_impact(app, args, count_review=False)
    data = api.radius_json(result)
    out = {"tests": data["tests"], "test_functions": data["test_functions"], "notes": data["notes"]}
    return await envelope(app, out, args.max_tokens, result.index, "run the listed test files")


async def _judged_impact(app: App, args: _Change, session: Any, **options: Any) -> tuple[ImpactResult, str]:
    """The impact result, with hop-1 behaviour scores from the client's model when it can sample."""
    result = await _fresh_impact(app, args, **options)
    judgement, scores = await sample_scores(session, app.root, result)
    if scores:
        # Re-walk the graph with the client's scores; the walk carries them to hop 2.
        options.update(
            hops=result.radius.hops,
            count_review=False,
            judge=lambda change, caller: scores.get((change.id, caller.id)),
        )
        result = await app.read(_impact, app, _selector(args), **options)
    return result, judgement


async def get_blast_radius(app: App, args: BlastRadiusArgs, session: Any) -> dict[str, Any]:
    files = None
    if args.files is not None:
        if args.diff is not None or args.base is not None or args.staged:
            raise ArgumentError("give files or one of diff, base, staged, not both")
        files = [inside_root(app.root, p) for p in args.files]
    result, judgement = await _judged_impact(app, args, session, hops=args.hops, files=files, warmup=not args.no_warmup)
    data: dict[str, Any] = api.radius_json(result)
    data["judgement"] = judgement
    del data["index"]  # it goes last, with the envelope
    return await envelope(app, data, args.max_tokens, result.index, "ask for fewer hops or a smaller diff")


def _serve_context(app: App, result: ImpactResult, budget: int | None) -> dict[str, Any]:
    data = api.review_context(app.root, result, budget=budget, origin="mcp").as_json()
    data.pop("blocks", None)  # their ids are in "elided"; their text is in "text"
    return data


async def get_review_context(app: App, args: ReviewContextArgs, session: Any) -> dict[str, Any]:
    result, judgement = await _judged_impact(app, args, session, warmup=not args.no_warmup)
    data = await app.read(_serve_context, app, result, args.token_budget)
    data["judgement"] = judgement
    # The context's own budget is the cap the caller chose; the envelope must not cut below it.
    limit = max(args.max_tokens, int(data["budget"] or 0) + 1000)
    return await envelope(app, data, limit, result.index, "expand_context(id) for an elided block")


async def expand_context(app: App, args: ExpandArgs, session: Any) -> dict[str, Any]:
    data = await app.read(api.expand, app.root, args.id)
    return await envelope(app, data, args.max_tokens, None, updated=await app.reflects_tree())


async def find_relevant_files(app: App, args: RelevantArgs, session: Any) -> dict[str, Any]:
    await app.refresh()
    async with app.rank_lock:
        data = await app.read(api.query, app.root, args.query, top=args.top)
    return await envelope(app, data, args.max_tokens, None, "ask for a smaller top")


# ----- the table --------------------------------------------------------------------------------

Handler = Callable[[App, Any, Any], Awaitable[dict[str, Any]]]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    model: type[_Args]
    handler: Handler
    returns: dict[str, str]  # the result's own top-level keys and their JSON types (the output schema)
    text_key: str = ""  # a long text field shown as plain text first, the rest as JSON after it
    read_only: bool = True  # reads the graph (kept current as a cache) and changes nothing else


_CHANGE = "Change: diff, base or staged (default: uncommitted work)."
TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "get_changed_symbols",
        f"Symbols a change touches, with change kinds. {_CHANGE}",
        ChangedSymbolsArgs,
        get_changed_symbols,
        {"changed": "array"},
    ),
    ToolSpec(
        "get_callers",
        "Callers of a symbol by hop (1: required reading, 2: skim).",
        CallersArgs,
        get_callers,
        {"callers": "array"},
    ),
    ToolSpec(
        "get_blast_radius",
        "Changed symbols, callers hop by hop with behaviour-change scores, tests. " + _CHANGE,
        BlastRadiusArgs,
        get_blast_radius,
        {"changed": "array", "callers": "array", "tests": "array"},
    ),
    ToolSpec(
        "get_review_context",
        "Review context of a change within token_budget: the diff, changed code, "
        f"callers by hop; elided blocks have ids. {_CHANGE}",
        ReviewContextArgs,
        get_review_context,
        {"text": "string", "tokens": "integer", "fits": "boolean", "elided": "array"},
        text_key="text",
    ),
    ToolSpec(
        "expand_context",
        "Full text of an elided review-context block.",
        ExpandArgs,
        expand_context,
        {"id": "string", "text": "string"},
        text_key="text",
    ),
    ToolSpec(
        "find_relevant_files",
        "Files most relevant to a question, ranked, with reasons.",
        RelevantArgs,
        find_relevant_files,
        {"files": "array"},
    ),
    ToolSpec(
        "get_tests_for_change",
        f"Tests that exercise a change. {_CHANGE}",
        TestsArgs,
        get_tests_for_change,
        {"tests": "array", "test_functions": "array"},
    ),
    ToolSpec(
        "update_graph",
        "Re-index changed files; returns what changed.",
        UpdateArgs,
        update_graph,
        {"mode": "string"},
        read_only=False,
    ),
)


def tool_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema without titles, with ``T | None`` shown as ``T`` (optional anyway)
    and without ``default: false`` on flags."""

    def clean(node: Any) -> Any:
        if isinstance(node, dict):
            any_of = node.get("anyOf")
            if isinstance(any_of, list) and len(any_of) == 2 and {"type": "null"} in any_of:
                rest = {k: v for k, v in node.items() if k != "anyOf"}
                node = {**next(x for x in any_of if x != {"type": "null"}), **rest}
                if node.get("default", 0) is None:
                    node.pop("default")
            if node.get("type") == "boolean" and node.get("default") is False:
                node = {k: v for k, v in node.items() if k != "default"}  # an absent flag is off
            return {k: clean(v) for k, v in node.items() if k != "title"}
        if isinstance(node, list):
            return [clean(v) for v in node]
        return node

    schema: dict[str, Any] = clean(model.model_json_schema())
    schema.pop("additionalProperties", None)
    return schema


def output_schema(spec: ToolSpec) -> dict[str, Any]:
    """What every result of ``spec`` holds: its own keys, then the envelope's ``index`` and
    ``truncated`` (``app.envelope``). Types only, no descriptions: the schema is read on every turn."""
    props = {k: {"type": t} for k, t in spec.returns.items()}
    return {"type": "object", "properties": props, "required": [*props, "index", "truncated"]}


def tool_annotations(spec: ToolSpec) -> types.ToolAnnotations:
    """Hints for the client: every tool reads one local repository (closed world) and gives the
    same answer when called twice; only ``update_graph`` writes (its graph, nothing destructive)."""
    return types.ToolAnnotations(
        read_only_hint=spec.read_only,
        destructive_hint=None if spec.read_only else False,
        idempotent_hint=True,
        open_world_hint=False,
    )


def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name=t.name,
            description=t.description,
            input_schema=tool_schema(t.model),
            output_schema=output_schema(t),
            annotations=tool_annotations(t),
        )
        for t in TOOLS
    ]
