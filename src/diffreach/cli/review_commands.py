"""Commands over a change: its radius, its tests, its review context, comment and page."""

from __future__ import annotations

import json

import click

from diffreach import api, present
from diffreach.cli.group import diff_options, emit_json, main, run_impact, user_errors, warmup_option
from diffreach.config import MAX_HOPS


@main.command()
@diff_options
@warmup_option
@click.option(
    "--hops",
    type=click.IntRange(0, MAX_HOPS),
    help="Hop cap (default 2; 3 during warm-up). A set cap turns the warm-up off.",
)
@click.option("--all-callers", is_flag=True, help="Do not cut the callers of a changed hub.")
@click.option("--judge", metavar="CMD", help="Score behaviour change with CMD (JSON on stdin, a number back).")
@click.option("--no-history", is_flag=True, help="Do not list files that git history changed together with these.")
@click.option("--json", "as_json", is_flag=True, help="The radius as JSON: changed, callers, tests, notes, index.")
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
    no_warmup: bool,
) -> None:
    """The blast radius of a change: changed symbols, callers hop by hop, tests to run."""
    data = api.radius_json(
        run_impact(
            root,
            base,
            staged,
            diff_file,
            no_update,
            hops,
            all_callers,
            judge,
            history=False if no_history else None,
            warmup=not no_warmup,
            show_progress=not as_json,
        )
    )
    emit_json(data) if as_json else click.echo(present.text.render_impact(data))


@main.command()
@diff_options
@click.option(
    "--functions", is_flag=True, help="Print the tests as the runner names them (pytest: file::Class::test), not files."
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Test files, graph ids (test_functions) and runner ids (test_ids) as JSON, with index.",
)
@user_errors
def tests(
    root: str, base: str | None, staged: bool, diff_file: str | None, no_update: bool, functions: bool, as_json: bool
) -> None:
    """The tests that exercise a change, one per line (ready for a test runner)."""
    result = run_impact(root, base, staged, diff_file, no_update, history=False, show_progress=not as_json)
    radius = result.radius
    runnable = api.runner_test_ids(
        root, radius.tests, [*(c.id for c in radius.changed), *(r.id for r in radius.reached)]
    )
    if as_json:
        emit_json(
            {
                "tests": list(result.radius.test_files),
                "test_functions": list(result.radius.tests),
                "test_ids": runnable,
                "index": result.index.as_json(),
            }
        )
    else:
        for item in runnable if functions else result.radius.test_files:
            click.echo(item)


@main.command()
@diff_options
@warmup_option
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
    no_warmup: bool,
) -> None:
    """The review context of a change within a token budget (Markdown or JSON)."""
    api.check_tokenizer(root, tokenizer)  # fail before any work if unavailable
    result = run_impact(
        root,
        base,
        staged,
        diff_file,
        no_update,
        history=False if no_history else None,
        warmup=not no_warmup,
        show_progress=not (as_json or fmt == "json"),
    )
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
        emit_json({**ctx.as_json(), "index": result.index.as_json()})
        return
    click.echo(ctx.text)
    click.echo(present.text.render_context_summary(ctx), err=True)


@main.command()
@diff_options
@warmup_option
@click.option(
    "-o",
    "--output",
    default="diffreach.html",
    show_default=True,
    type=click.Path(dir_okay=False),
    help="Where to write the page.",
)
@click.option("--open", "open_page", is_flag=True, help="Open the page in the default browser.")
@click.option(
    "--hops",
    type=click.IntRange(0, MAX_HOPS),
    help="Hop cap (default 2; 3 during warm-up). A set cap turns the warm-up off.",
)
@click.option(
    "--max-lines", type=click.IntRange(1), default=40, show_default=True, help="Lines of code embedded per symbol."
)
@click.option("--all-callers", is_flag=True, help="Do not cut the callers of a changed hub (as in impact).")
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
    all_callers: bool,
    no_warmup: bool,
) -> None:
    """Write the blast radius as one self-contained HTML page (no network needed)."""

    result = run_impact(root, base, staged, diff_file, no_update, hops, all_callers, warmup=not no_warmup)
    path = present.html.write_page(output, present.html.page_for(root, result, max_lines=max_lines))
    warm = present.text.warmup_header(api.radius_json(result))
    click.echo(
        f"wrote {path} ({len(result.radius.changed)} changed, {len(result.radius.reached)} reached)"
        + (f" — {warm}" if warm else "")
    )
    if open_page:
        import webbrowser  # only --open needs a browser

        webbrowser.open(path.as_uri())


@main.command()
@diff_options
@warmup_option
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
@click.option(
    "--json-file",
    type=click.Path(dir_okay=False),
    help="Also write the review as JSON (the --format json document) to FILE: the GitHub Action's outputs.",
)
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
    json_file: str | None,
    no_warmup: bool,
) -> None:
    """A pull-request comment for a change: summary, behaviour-change callers, hop lists, tests, notes."""
    quiet = as_json or fmt == "json"
    result = run_impact(root, base, staged, diff_file, no_update, warmup=not no_warmup, show_progress=not quiet)
    ctx = None if no_context else api.review_context(root, result, budget=budget, origin="cli")
    comment = present.pr_comment
    data = comment.review_data(
        result,
        savings=ctx.savings if ctx else None,
        context_tokens=ctx.tokens if ctx else None,
        context_budget=ctx.budget if ctx else None,
        context_fits=ctx.fits if ctx else None,
    )
    if context_file and ctx is not None:
        present.html.write_page(context_file, ctx.text + "\n")
    if json_file:
        present.html.write_page(json_file, json.dumps(data, indent=2, default=str) + "\n")
    emit_json(data) if quiet else click.echo(comment.render_review(data), nl=False)
