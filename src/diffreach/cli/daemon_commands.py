"""``diffreach daemon start|stop|status|run``: the opt-in kept process of a repository."""

from __future__ import annotations

import time
from typing import Any

import click

from diffreach import api
from diffreach.cli.group import emit_json, main, user_errors
from diffreach.config import load_config
from diffreach.daemon import lifecycle, server


@main.group()
def daemon() -> None:
    """A kept process per repository that answers impact, context, callers, callees, tests and
    query without the start-up of a fresh one (opt-in: nothing starts it for you).

    While it runs, those commands hand their arguments, folder, environment and stdin to it and
    print what it answers, byte for byte what they would print themselves; with no daemon (or one
    of another version) they run as usual."""


_ROOT = click.option("--root", default=".", type=click.Path(), help="Repository root.")
_IDLE = click.option(
    "--idle-timeout",
    type=click.FloatRange(0.05),
    default=None,
    help="Seconds without a request before it exits (default: daemon_idle_timeout, 1800).",
)


@daemon.command("start")
@_ROOT
@_IDLE
@click.option("--json", "as_json", is_flag=True, help="Its status as JSON once it answers.")
@user_errors
def start(root: str, idle_timeout: float | None, as_json: bool) -> None:
    """Start the daemon of the repository in the background; returns once it answers."""
    info = lifecycle.start(api.repository_root(root), idle_timeout)
    emit_json(info) if as_json else click.echo(f"daemon started for {info['root']} (pid {info['pid']})")


@daemon.command("stop")
@_ROOT
@user_errors
def stop(root: str) -> None:
    """Stop the daemon of the repository (a request under way is finished first)."""
    top = api.repository_root(root)
    pid = lifecycle.stop(top)
    click.echo(f"daemon of {top} stopped (pid {pid})" if pid else f"no daemon is running for {top}")


@daemon.command("status")
@_ROOT
@click.option("--json", "as_json", is_flag=True, help="pid, uptime, requests served and version key as JSON.")
@user_errors
def status(root: str, as_json: bool) -> None:
    """Whether the repository's daemon runs: its pid, uptime, requests served, version key."""
    info = lifecycle.status(api.repository_root(root))
    emit_json(info) if as_json else click.echo(_status_text(info))


@daemon.command("run", hidden=True)
@_ROOT
@_IDLE
@user_errors
def run(root: str, idle_timeout: float | None) -> None:
    """Serve in the foreground (what ``start`` runs in the background)."""
    top = api.repository_root(root)
    config = load_config(top)
    settings = server.Settings(
        idle_timeout=float(config.daemon_idle_timeout if idle_timeout is None else idle_timeout),
        max_request_bytes=config.daemon_max_request_bytes,
        log_bytes=config.daemon_log_bytes,
    )
    # Load what a warm answer needs before the first request, not during it.
    for name in ("blast_radius", "radius_json", "review_context", "callers_of", "query"):
        getattr(api, name)
    server.serve(top, main.main, settings, api.versions())


def _status_text(info: dict[str, Any]) -> str:
    if not info["running"]:
        busy = " (its lock is held: busy or stuck)" if info.get("held") else ""
        stale = "; a stale socket is left (the next start removes it)" if info.get("stale_socket") else ""
        return f"no daemon answers for {info['root']}{busy}{stale}"
    versions = info["versions"]
    return (
        f"daemon of {info['root']}: pid {info['pid']}, up {_duration(info['uptime_seconds'])}, "
        f"{info['requests']} requests served, idle timeout {info['idle_timeout']:g} s\n"
        f"version {versions['version']}, extraction {versions['extraction_version']}, "
        f"schema {versions['schema_version']}, code {versions['code']}, python {versions['python']}"
    )


def _duration(seconds: float) -> str:
    return time.strftime("%H:%M:%S", time.gmtime(seconds)) if seconds < 86_400 else f"{seconds / 86_400:.1f} days"
