"""Commands over the graph: index it, read it, ask it, serve it, watch it."""

from __future__ import annotations

import click

from diffreach import api, present
from diffreach.cli.group import emit_json, main, one_root, path_or_root, shown_progress, user_errors
from diffreach.config import CALLER_HOPS, MAX_HOPS
from diffreach.errors import DiffreachError


@main.command()
@click.argument("path", required=False, type=click.Path(file_okay=True, dir_okay=True))
@click.option("--root", type=click.Path(), help="Same as PATH, as the other commands take it.")
@click.option("--full", is_flag=True, help="Rebuild from scratch instead of updating.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable summary (the files with syntax errors listed).")
@click.option("-v", "--verbose", is_flag=True, help="List the files that had syntax errors.")
@user_errors
def index(path: str, root: str | None, full: bool, as_json: bool, verbose: bool) -> None:
    """Index PATH (default: the current repository) into .diffreach/graph.db.

    Any folder can be indexed by path, git or not; outside git, change commands need --diff."""
    with shown_progress(not as_json) as progress:
        report = api.index(one_root(path, root), full=full, progress=progress)
    if as_json:
        emit_json(report.as_json())
    else:
        click.echo(present.text.render_index(report.as_json(), verbose=verbose))


@main.command()
@path_or_root
@click.option(
    "--json", "as_json", is_flag=True, help="Print the graph as JSON (the only format; accepted, not needed)."
)
@user_errors
def graph(root: str, as_json: bool) -> None:
    """Print the whole graph: nodes and edges."""
    emit_json(api.graph(root))


@main.command()
@click.argument("symbol")
@click.option(
    "--hops", default=CALLER_HOPS, show_default=True, type=click.IntRange(1, MAX_HOPS), help="How many hops back."
)
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option("--json", "as_json", is_flag=True, help="The callers as JSON, with the graph's state ('index').")
@user_errors
def callers(symbol: str, hops: int, root: str, as_json: bool) -> None:
    """Who calls SYMBOL (an id like path.py::Class.method, or an unambiguous name).

    An ambiguous name is an error (exit 2): the first line on stderr says so, the candidates
    follow, one per line."""
    result = api.callers_of(root, symbol, hops=hops)
    emit_json(result) if as_json else click.echo(present.text.render_neighbours(result, "callers"))


@main.command()
@click.argument("symbol")
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option("--json", "as_json", is_flag=True, help="The callees as JSON, with the graph's state ('index').")
@user_errors
def callees(symbol: str, root: str, as_json: bool) -> None:
    """What SYMBOL calls, references or inherits from.

    An ambiguous name is an error (exit 2): the first line on stderr says so, the candidates
    follow, one per line."""
    result = api.callees_of(root, symbol)
    emit_json(result) if as_json else click.echo(present.text.render_neighbours(result, "callees"))


@main.command()
@click.argument("text", nargs=-1, required=True)
@click.option(
    "--top",
    type=click.IntRange(1, 1000),
    default=None,
    help="How many files (default: query_max_files from the configuration, 5).",
)
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option("--json", "as_json", is_flag=True, help="The ranked files and their reasons as JSON.")
@click.option("--debug", is_flag=True, help="Show the graph size, the seeds and the score parts.")
@user_errors
def query(text: tuple[str, ...], top: int | None, root: str, as_json: bool, debug: bool) -> None:
    """Rank the files most relevant to a plain-language question TEXT, with reasons."""
    with shown_progress(not as_json) as progress:
        result = api.query(root, " ".join(text), top=top, debug=debug, progress=progress)
    emit_json(result) if as_json else click.echo(present.text.render_query(result))


@main.command()
@path_or_root
@click.option("--watch", is_flag=True, help="Keep the graph up to date in the background.")
@user_errors
def serve(root: str, watch: bool) -> None:
    """Run the MCP server on stdin/stdout (see docs/mcp.md; needs the mcp extra)."""
    try:
        # Heavy optional dependency: the MCP SDK (~1.7 s to import, the mcp extra); only this command needs it.
        from diffreach.serve.mcp import serve as run_server
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in MCP_EXTRA:
            raise
        raise DiffreachError(MCP_MISSING) from None
    run_server(root, watch=watch)


# What ``pip install 'diffreach[mcp]'`` adds (pyproject.toml), and the line that says so.
MCP_EXTRA = ("mcp", "pydantic", "anyio")
MCP_MISSING = (
    "the MCP server needs the mcp extra: pip install 'diffreach[mcp]' "
    "(pipx install 'diffreach[mcp]', uv tool install 'diffreach[mcp]')"
)


@main.command()
@click.argument("block_id")
@click.option("--root", default=".", type=click.Path(), help="Repository root.")
@click.option("--json", "as_json", is_flag=True, help="The block as JSON (id, file, lines, text).")
@user_errors
def expand(block_id: str, root: str, as_json: bool) -> None:
    """The full original of a block a review context cut (BLOCK_ID from its 'elided' list)."""
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
@path_or_root
@click.option("--json", "as_json", is_flag=True, help="The daily figures as JSON.")
@user_errors
def stats(days: int, root: str, as_json: bool) -> None:
    """The token bill: review contexts served, tokens sent and saved, per day."""
    data = api.stats(root, days)
    emit_json(data) if as_json else click.echo(present.text.render_stats(data))


@main.command()
@path_or_root
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
    watcher = api.watch(
        root, lambda update: click.echo(present.text.render_update(update)), debounce=debounce, interval=interval
    )
    try:
        while not watcher.join(1.0):
            pass
    finally:
        watcher.stop()


@main.command("languages")
@click.option("--json", "as_json", is_flag=True, help="The languages as JSON.")
def languages_command(as_json: bool) -> None:
    """The supported languages, their file extensions and what resolution each has."""
    rows = api.languages()
    if as_json:
        emit_json(rows)
        return
    for row in rows:
        click.echo(f"{row['name']:<12} {' '.join(row['extensions'])}")
        if row["resolution"]:
            click.echo(f"{'':<12} {row['resolution']}")
