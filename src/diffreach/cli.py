"""The command line: parse arguments, call the library, render. No logic lives here.

Each command imports the library (``api``, and ``present`` over it) in its own body:
the library's import graph (the parsers, the resolver, SQLite, git: ~100 ms) is loaded
by the command that runs, while ``diffreach --help`` and ``--version`` need click alone.
That is the one exception to imports at the top here, next to the MCP SDK (``serve``)
and ``webbrowser`` (``viz --open``).
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

import click

from diffreach import __version__
from diffreach.errors import DiffreachError, SymbolError

if TYPE_CHECKING:  # annotations only: the records' module is part of the library's import cost
    from diffreach.model import ImpactResult

F = TypeVar("F", bound=Callable[..., Any])


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def user_errors(func: F) -> F:
    """Turn library errors into one line on stderr and exit code 2."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except SymbolError as exc:
            click.echo(f"error: {exc}", err=True)
            for candidate in exc.candidates[:50]:
                click.echo(f"  {candidate}", err=True)
            sys.exit(2)
        except DiffreachError as exc:
            _fail(str(exc))
        except sqlite3.Error as exc:  # a damaged or unwritable graph: one line, and the cure
            _fail(f"the graph database failed ({exc}); run 'diffreach index --full'")
        except OSError as exc:  # the environment (permissions, a full disk), not a bug
            _fail(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc))
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)

    return wrapper  # type: ignore[return-value]


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=False, default=str))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="diffreach")
def main() -> None:
    """Review only what a change can reach: a code graph, the blast radius of a diff,
    and a review context that fits a token budget."""


def _progress_bar(enabled: bool) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    if not enabled or not sys.stderr.isatty():
        return None, lambda: None
    state: dict[str, Any] = {}

    def update(done: int, total: int) -> None:
        bar = state.get("bar")
        if bar is None:
            bar = state["bar"] = click.progressbar(length=total, label="extracting", file=sys.stderr)
            bar.__enter__()
        bar.update(done - bar.pos)

    def finish() -> None:
        if "bar" in state:
            state["bar"].__exit__(None, None, None)

    return update, finish


@main.command()
@click.argument("path", default=".", type=click.Path(file_okay=True, dir_okay=True))
@click.option("--full", is_flag=True, help="Rebuild from scratch instead of updating.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable summary.")
@user_errors
def index(path: str, full: bool, as_json: bool) -> None:
    """Index PATH (default: the current repository) into .diffreach/graph.db."""
    from diffreach import api, present  # the library, loaded per command (see the docstring)

    progress, finish = _progress_bar(not as_json)
    try:
        report = api.index(path, full=full, progress=progress)
    finally:
        finish()
    if as_json:
        emit_json(report.as_json())
    else:
        click.echo(present.text.render_index(report.as_json()))


@main.command()
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option("--json", "as_json", is_flag=True, help="Print the graph as JSON (the only format).")
@user_errors
def graph(root: str, as_json: bool) -> None:
    """Print the whole graph: nodes and edges."""
    from diffreach import api  # the library, loaded per command (see the docstring)

    emit_json(api.graph(root))


@main.command()
@click.argument("symbol")
@click.option("--hops", default=1, show_default=True, type=click.IntRange(1, 10), help="How many hops back.")
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option("--json", "as_json", is_flag=True)
@user_errors
def callers(symbol: str, hops: int, root: str, as_json: bool) -> None:
    """Who calls SYMBOL (an id like path.py::Class.method, or an unambiguous name)."""
    from diffreach import api, present  # the library, loaded per command (see the docstring)

    result = api.callers_of(root, symbol, hops=hops)
    emit_json(result) if as_json else click.echo(present.text.render_neighbours(result, "callers"))


@main.command()
@click.argument("symbol")
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option("--json", "as_json", is_flag=True)
@user_errors
def callees(symbol: str, root: str, as_json: bool) -> None:
    """What SYMBOL calls, references or inherits from."""
    from diffreach import api, present  # the library, loaded per command (see the docstring)

    result = api.callees_of(root, symbol)
    emit_json(result) if as_json else click.echo(present.text.render_neighbours(result, "callees"))


def diff_options(func: F) -> F:
    """The diff selectors shared by impact, tests, context and review."""
    func = click.option(
        "--diff", "diff_file", type=click.Path(allow_dash=True), help="A unified diff from FILE, or - for stdin."
    )(func)
    func = click.option("--staged", is_flag=True, help="The staged changes against HEAD.")(func)
    func = click.option(
        "--base",
        help="Working tree (untracked source files included) against the merge base of REV and HEAD (or A..B).",
    )(func)
    func = click.option("--root", default=".", type=click.Path(), help="Repository root.")(func)
    func = click.option("--no-update", is_flag=True, help="Do not bring the index up to date first.")(func)
    return func


def read_diff_option(diff_file: str | None) -> str | None:
    if diff_file is None:
        return None
    if diff_file == "-":
        return sys.stdin.read()
    try:
        with open(diff_file, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except OSError as exc:
        raise DiffreachError(f"cannot read diff {diff_file}: {exc.strerror}") from exc


def run_impact(
    root: str,
    base: str | None,
    staged: bool,
    diff_file: str | None,
    no_update: bool,
    hops: int | None = None,
    all_callers: bool = False,
    judge: str | None = None,
    history: bool | None = None,
) -> ImpactResult:
    from diffreach import api  # the library, loaded per command (see the docstring)

    if base and staged:
        raise DiffreachError("--base and --staged cannot be combined")
    return api.blast_radius(
        root,
        base=base,
        staged=staged,
        diff_text=read_diff_option(diff_file),
        hops=hops,
        update=not no_update,
        all_callers=all_callers,
        judge=api.command_judge(judge) if judge else None,
        history=history,
    )


@main.command()
@diff_options
@click.option("--hops", type=click.IntRange(0, 10), help="Hop cap (default 2; 3 during warm-up).")
@click.option("--all-callers", is_flag=True, help="Do not cut the callers of a changed hub.")
@click.option("--judge", metavar="CMD", help="Score behaviour change with CMD (JSON on stdin, a number back).")
@click.option("--no-history", is_flag=True, help="Do not list files that git history changed together with these.")
@click.option("--json", "as_json", is_flag=True)
@user_errors
def impact(
    root: str,
    base: str | None,
    staged: bool,
    diff_file: str | None,
    no_update: bool,
    hops: int | None,
    all_callers: bool,
    judge: str | None,
    no_history: bool,
    as_json: bool,
) -> None:
    """The blast radius of a change: changed symbols, callers hop by hop, tests to run."""
    from diffreach import api, present  # the library, loaded per command (see the docstring)

    data = api.radius_json(
        run_impact(
            root, base, staged, diff_file, no_update, hops, all_callers, judge, history=False if no_history else None
        )
    )
    emit_json(data) if as_json else click.echo(present.text.render_impact(data))


@main.command()
@diff_options
@click.option("--functions", is_flag=True, help="Print test function ids instead of files.")
@click.option("--json", "as_json", is_flag=True)
@user_errors
def tests(
    root: str, base: str | None, staged: bool, diff_file: str | None, no_update: bool, functions: bool, as_json: bool
) -> None:
    """The tests that exercise a change, one per line (ready for a test runner)."""
    result = run_impact(root, base, staged, diff_file, no_update, history=False)
    items = result.radius.tests if functions else result.radius.test_files
    if as_json:
        emit_json({"tests": list(result.radius.test_files), "test_functions": list(result.radius.tests)})
    else:
        for item in items:
            click.echo(item)


@main.command()
@click.argument("text", nargs=-1, required=True)
@click.option(
    "--top",
    type=click.IntRange(1, 1000),
    default=None,
    help="How many files (default: query_max_files from the configuration, 5).",
)
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option("--json", "as_json", is_flag=True)
@click.option("--debug", is_flag=True, help="Show the graph size, the seeds and the score parts.")
@user_errors
def query(text: tuple[str, ...], top: int | None, root: str, as_json: bool, debug: bool) -> None:
    """Rank the files most relevant to a plain-language question TEXT, with reasons."""
    from diffreach import api, present  # the library, loaded per command (see the docstring)

    result = api.query(root, " ".join(text), top=top, debug=debug)
    emit_json(result) if as_json else click.echo(present.text.render_query(result))


@main.command()
@click.option("--root", default=".", type=click.Path(), help="Repository root (fixed for the session).")
@click.option("--watch", is_flag=True, help="Keep the graph up to date in the background.")
@user_errors
def serve(root: str, watch: bool) -> None:
    """Run the MCP server on stdin/stdout (see docs/mcp.md)."""
    # Heavy optional dependency: the MCP SDK (~1.7 s to import); only this command needs it.
    from diffreach.serve.mcp import serve as run_server

    run_server(root, watch=watch)


@main.command()
@diff_options
@click.option(
    "--budget",
    type=click.IntRange(0),
    default=None,
    help="Token budget (default: 'budget' from the configuration, 8000).",
)
@click.option("--format", "fmt", type=click.Choice(["markdown", "json"]), default="markdown", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--tokenizer", help="heuristic (default), o200k or cl100k (exact; needs diffreach[tokens]).")
@click.option("--min-detail", help="Least detailed level allowed: full, skeleton2, callsites or signatures.")
@click.option(
    "--force-converge/--no-force-converge",
    default=True,
    show_default=True,
    help="Stub the largest blocks when even the least detailed level is over budget.",
)
@click.option("--no-history", is_flag=True, help="Do not list files that git history changed together with these.")
@user_errors
def context(
    root: str,
    base: str | None,
    staged: bool,
    diff_file: str | None,
    no_update: bool,
    budget: int | None,
    fmt: str,
    as_json: bool,
    tokenizer: str | None,
    min_detail: str | None,
    force_converge: bool,
    no_history: bool,
) -> None:
    """The review context of a change within a token budget (Markdown or JSON)."""
    from diffreach import api, present  # the library, loaded per command (see the docstring)

    api.check_tokenizer(root, tokenizer)  # fail before any work if unavailable
    result = run_impact(root, base, staged, diff_file, no_update, history=False if no_history else None)
    ctx = api.review_context(
        root,
        result,
        budget=budget,
        tokenizer=tokenizer,
        min_detail=min_detail,
        force_converge=force_converge,
        origin="cli",
    )
    if as_json or fmt == "json":
        emit_json(ctx.as_json())
        return
    click.echo(ctx.text)
    click.echo(present.text.render_context_summary(ctx), err=True)


@main.command()
@click.argument("block_id")
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option("--json", "as_json", is_flag=True)
@user_errors
def expand(block_id: str, root: str, as_json: bool) -> None:
    """The full original of a block a review context cut (BLOCK_ID from its 'elided' list)."""
    from diffreach import api  # the library, loaded per command (see the docstring)

    block = api.expand(root, block_id)
    emit_json(block) if as_json else click.echo(block["text"])


@main.command()
@click.option(
    "--days",
    type=click.IntRange(1, 3650),
    default=30,
    show_default=True,
    help="The window: the last N days against the N before.",
)
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option("--json", "as_json", is_flag=True)
@user_errors
def stats(days: int, root: str, as_json: bool) -> None:
    """The token bill: review contexts served, tokens sent and saved, per day."""
    from diffreach import api, present  # the library, loaded per command (see the docstring)

    data = api.stats(root, days)
    emit_json(data) if as_json else click.echo(present.text.render_stats(data))


@main.command()
@diff_options
@click.option(
    "-o",
    "--output",
    default="diffreach.html",
    show_default=True,
    type=click.Path(dir_okay=False),
    help="Where to write the page.",
)
@click.option("--open", "open_page", is_flag=True, help="Open the page in the default browser.")
@click.option("--hops", type=click.IntRange(0, 10), help="Hop cap (default 2; 3 during warm-up).")
@click.option(
    "--max-lines", type=click.IntRange(1), default=40, show_default=True, help="Lines of code embedded per symbol."
)
@user_errors
def viz(
    root: str,
    base: str | None,
    staged: bool,
    diff_file: str | None,
    no_update: bool,
    output: str,
    open_page: bool,
    hops: int | None,
    max_lines: int,
) -> None:
    """Write the blast radius as one self-contained HTML page (no network needed)."""
    from diffreach import present  # the library, loaded per command (see the docstring)

    result = run_impact(root, base, staged, diff_file, no_update, hops)
    path = present.html.write_page(output, present.html.page_for(root, result, max_lines=max_lines))
    click.echo(f"wrote {path} ({len(result.radius.changed)} changed, {len(result.radius.reached)} reached)")
    if open_page:
        import webbrowser  # only --open needs a browser

        webbrowser.open(path.as_uri())


@main.command()
@diff_options
@click.option("--format", "fmt", type=click.Choice(["markdown", "json"]), default="markdown", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option(
    "--budget",
    type=click.IntRange(0),
    default=None,
    help="Token budget of the review context behind the savings figure (default: the configuration's).",
)
@click.option(
    "--context-file",
    type=click.Path(dir_okay=False),
    help="Also write that review context (Markdown) to FILE, for an AI reviewer step.",
)
@click.option("--no-context", is_flag=True, help="Build no review context (the comment has no token figures).")
@user_errors
def review(
    root: str,
    base: str | None,
    staged: bool,
    diff_file: str | None,
    no_update: bool,
    fmt: str,
    as_json: bool,
    budget: int | None,
    context_file: str | None,
    no_context: bool,
) -> None:
    """A pull-request comment for a change: summary, behaviour-change callers, hop lists, tests, notes."""
    from diffreach import api, present  # the library, loaded per command (see the docstring)

    result = run_impact(root, base, staged, diff_file, no_update)
    ctx = None if no_context else api.review_context(root, result, budget=budget, origin="cli")
    comment = present.pr_comment
    data = comment.review_data(result, savings=ctx.savings if ctx else None, context_tokens=ctx.tokens if ctx else None)
    if context_file and ctx is not None:
        present.html.write_page(context_file, ctx.text + "\n")
    emit_json(data) if as_json or fmt == "json" else click.echo(comment.render_review(data), nl=False)


@main.command()
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option(
    "--debounce",
    type=click.FloatRange(0),
    default=0.5,
    show_default=True,
    help="Seconds without further saves before the graph is updated.",
)
@click.option(
    "--interval",
    type=click.FloatRange(0.05),
    default=0.5,
    show_default=True,
    help="Seconds between checks of the files.",
)
@user_errors
def watch(root: str, debounce: float, interval: float) -> None:
    """Keep the graph up to date as files are saved, one line per update (Ctrl-C stops)."""
    from diffreach import api, present  # the library, loaded per command (see the docstring)

    watcher = api.watch(
        root, lambda update: click.echo(present.text.render_update(update)), debounce=debounce, interval=interval
    )
    try:
        while not watcher.join(1.0):
            pass
    finally:
        watcher.stop()


@main.command("languages")
@click.option("--json", "as_json", is_flag=True)
def languages_command(as_json: bool) -> None:
    """The supported languages, their file extensions and what resolution each has."""
    from diffreach import api  # the library, loaded per command (see the docstring)

    rows = api.languages()
    if as_json:
        emit_json(rows)
        return
    for row in rows:
        click.echo(f"{row['name']:<12} {' '.join(row['extensions'])}")
        if row["resolution"]:
            click.echo(f"{'':<12} {row['resolution']}")


if __name__ == "__main__":  # pragma: no cover
    main()
