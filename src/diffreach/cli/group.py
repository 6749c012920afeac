"""The command group and what its commands share: errors as one line, JSON out, diff options.

The command line parses arguments, calls the library (``api``) and renders with ``present``;
no logic lives here.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar

import click

from diffreach import __version__, api
from diffreach.cli.progress import ProgressLine
from diffreach.errors import DiffreachError, SymbolError
from diffreach.model import ImpactResult, Progress

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


def _is_terminal() -> bool:
    return sys.stderr.isatty()


@contextmanager
def shown_progress(enabled: bool) -> Iterator[Progress | None]:
    """The callback to hand to the library for long work (``progress.ProgressLine``: one line on
    stderr, shown once a phase lasts a second, erased at the end); None, and nothing shown, when
    not ``enabled`` (``--json``) or stderr is not a terminal."""
    if not enabled or not _is_terminal():
        yield None
        return
    line = ProgressLine(lambda text: click.echo(text, err=True, nl=False))
    try:
        yield line
    finally:
        line.close()


def one_root(path: str | None, root: str | None) -> str:
    """The repository of a command that takes it as PATH or as --root (either; both only if equal)."""
    if path is not None and root is not None and path != root:
        raise DiffreachError(f"PATH ({path}) and --root ({root}) name different folders: give one")
    return path or root or "."


def path_or_root(func: F) -> F:
    """An optional PATH argument and ``--root``, the same thing (the commands with no other argument)."""

    @wraps(func)
    def wrapper(*args: Any, path: str | None = None, root: str | None = None, **kwargs: Any) -> Any:
        try:
            chosen = one_root(path, root)
        except DiffreachError as exc:
            _fail(str(exc))
        return func(*args, root=chosen, **kwargs)

    wrapper = click.option("--root", type=click.Path(), help="Repository root (same as PATH).")(wrapper)
    return click.argument("path", required=False, type=click.Path())(wrapper)  # type: ignore[return-value]


def diff_options(func: F) -> F:
    """The diff selectors shared by impact, tests, context and review."""
    func = click.option(
        "--diff", "diff_file", type=click.Path(allow_dash=True), help="A unified diff from FILE, or - for stdin."
    )(func)
    func = click.option("--staged", is_flag=True, help="The staged changes against HEAD.")(func)
    func = click.option(
        "--base",
        metavar="REV",
        help="Working tree (untracked source files included) against the merge base of REV and HEAD (or A..B).",
    )(func)
    func = click.option("--root", default=".", type=click.Path(), help="Repository root.")(func)
    func = click.option("--no-update", is_flag=True, help="Do not bring the index up to date first.")(func)
    return func


def read_diff_option(diff_file: str | None, root: str = ".") -> str | None:
    """The diff of ``--diff FILE`` or ``--diff -`` (stdin): read as bytes, no further than the
    repository's ``max_diff_bytes`` (refused past it, before parsing), decoded as UTF-8 with
    replacement (a latin-1 file in the diff, a path that is not UTF-8), newlines as text mode reads them."""
    if diff_file is None:
        return None
    limit = api.diff_limit(root)
    try:
        if diff_file == "-":
            data = sys.stdin.buffer.read(limit + 1) if limit else sys.stdin.buffer.read()
        else:
            with open(diff_file, "rb") as fh:
                data = fh.read(limit + 1) if limit else fh.read()
    except OSError as exc:
        raise DiffreachError(f"cannot read diff {diff_file}: {exc.strerror}") from exc
    api.check_diff_size(len(data), limit)
    return data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")


def warmup_option(func: F) -> F:
    """``--no-warmup``, on the commands whose answer the warm-up widens."""
    return click.option(
        "--no-warmup",
        is_flag=True,
        help="Walk the configured hops even during the warm-up (the first distinct reviews walk one hop further).",
    )(func)


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
    warmup: bool = True,
    show_progress: bool = True,
) -> ImpactResult:
    """The blast radius through ``api.blast_radius``; ``show_progress``: the graph's update shown
    on a terminal (a first run indexes the repository: minutes on a large one)."""
    if base and staged:
        raise DiffreachError("--base and --staged cannot be combined")
    with shown_progress(show_progress) as progress:
        return api.blast_radius(
            root,
            base=base,
            staged=staged,
            diff_text=read_diff_option(diff_file, root),
            hops=hops,
            update=not no_update,
            all_callers=all_callers,
            judge=api.command_judge(judge) if judge else None,
            history=history,
            warmup=warmup,
            progress=progress,
        )
