"""Soak the MCP server: 1,000 mixed tool calls, its memory and latency over time (issue 22).

Usage:
    .venv/bin/python bench/mcp_soak.py [--repo DIR] [--calls 1000] [--modules 40] [--helpers 300] [--json OUT]

Starts the real server (``python -m diffreach.cli serve --root REPO`` on stdio, through
the official client), on DIR or on a repository generated in a temporary folder
(``--modules`` Python modules of ``--helpers`` functions each, call chains, with
tests), and makes ``--calls`` calls in rotation: get_blast_radius, get_review_context,
get_changed_symbols and get_tests_for_change of a diff given as text (a different edit
each time, so each call parses the old and new versions in the server's process),
get_callers, find_relevant_files, expand_context (a block id from the last review
context). After 100, 250, 500 and 1,000 calls it prints the server's resident memory
(VmRSS from /proc/<pid>/status) and the median latency of the calls since the previous
checkpoint. Target: RSS after 1,000 calls within 10% of RSS after 100. A given
repository needs Python files (its diffs edit them, as text only); the server indexes
it into its ``.diffreach`` folder.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

CHECKPOINTS = (100, 250, 500, 1000)
Call = tuple[str, dict[str, Any]]


def generate(root: Path, modules: int, helpers: int) -> None:
    """A Python repository: each module calls its own helpers and the previous module's."""
    (root / "pkg").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    for i in range(modules):
        prev = f"from pkg.m{i - 1} import run{i - 1}\n\n\n" if i else ""
        body = "".join(f"def step{i}_{j}(x):\n    return x * {j} + {i}\n\n\n" for j in range(helpers))
        calls = " + ".join(f"step{i}_{j}(x)" for j in range(helpers)) + (f" + run{i - 1}(x)" if i else "")
        (root / "pkg" / f"m{i}.py").write_text(
            f'{prev}{body}def run{i}(x):\n    """Run stage {i}."""\n    return {calls}\n'
        )
        (root / "tests" / f"test_m{i}.py").write_text(
            f"from pkg.m{i} import run{i}\n\n\ndef test_run{i}():\n    assert run{i}(1) > 0\n"
        )
    env = {**os.environ, "GIT_AUTHOR_NAME": "soak", "GIT_AUTHOR_EMAIL": "s@example.com"}
    env.update(GIT_COMMITTER_NAME="soak", GIT_COMMITTER_EMAIL="s@example.com", GIT_CONFIG_NOSYSTEM="1")
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "initial"]):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)


def python_files(root: Path) -> list[str]:
    out = subprocess.run(["git", "-C", str(root), "ls-files", "*.py"], check=True, capture_output=True, text=True)
    return [p for p in out.stdout.split() if (root / p).stat().st_size > 200][:200]


def edit(root: Path, path: str, n: int) -> str:
    """A diff of ``path`` with one line of its middle changed, different for each ``n``."""
    old = (root / path).read_text().splitlines(keepends=True)
    new = list(old)
    line = len(new) // 2
    new[line] = new[line].rstrip("\n") + f"  # soak {n}\n"
    hunks = "".join(difflib.unified_diff(old, new, f"a/{path}", f"b/{path}", n=3))
    return f"diff --git a/{path} b/{path}\n{hunks}"


def symbols(root: Path, paths: list[str]) -> list[str]:
    names = []
    for path in paths:
        for line in (root / path).read_text().splitlines():
            if line.startswith("def "):
                names.append(f"{path}::{line[4:].split('(')[0]}")
    return names or ["main"]


def plan(root: Path) -> Callable[[int, str], Call]:
    """The n-th call of the rotation (``last_id``: a block id from the last review context)."""
    paths = python_files(root)
    if not paths:
        raise SystemExit(f"no Python files in {root} to make diffs of")
    names = symbols(root, paths)
    words = ["where is the run stage computed", "step helper multiply", "tests of the last stage", "parse input"]

    def call(n: int, last_id: str) -> Call:
        diff = edit(root, paths[n % len(paths)], n)
        rotation: list[Call] = [
            ("get_blast_radius", {"diff": diff}),
            ("get_callers", {"symbol": names[n % len(names)], "hops": 2}),
            ("get_review_context", {"diff": diff, "token_budget": 2000}),
            ("find_relevant_files", {"query": f"{words[n % len(words)]} {n}"}),
            ("expand_context", {"id": last_id}),
            ("get_changed_symbols", {"diff": diff}),
            ("get_tests_for_change", {"diff": diff}),
        ]
        return rotation[n % len(rotation)]

    return call


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


def server_pid(root: Path) -> int:
    """The server: this process's child whose command line serves ``root``."""
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if int(stat[stat.rindex(")") + 2 :].split()[1]) == me and b"serve" in cmd and str(root).encode() in cmd:
            return int(entry)
    raise RuntimeError("the server process was not found")


async def soak(root: Path, calls: int) -> list[dict[str, Any]]:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "diffreach.cli", "serve", "--root", str(root)],
        cwd=str(root),
        env=dict(os.environ),  # PYTHONPATH included: another checkout of the code can be measured
    )
    rows: list[dict[str, Any]] = []
    nth = plan(root)
    with open(os.devnull, "w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write, read_timeout_seconds=600) as session,
        ):
            await session.initialize()
            await session.call_tool("update_graph", {})
            pid = server_pid(root)
            start_rss = rss_kib(pid)
            latencies: list[float] = []
            errors, last_id = 0, "none"
            for n in range(1, calls + 1):
                name, args = nth(n, last_id)
                began = time.perf_counter()
                result = await session.call_tool(name, args)
                latencies.append(time.perf_counter() - began)
                data = result.structured_content or {}
                if name == "get_review_context" and data.get("elided"):
                    last_id = str(data["elided"][0])  # block ids
                errors += bool(result.is_error) and name != "expand_context"  # an unknown block id is expected
                if n in CHECKPOINTS or n == calls:
                    rows.append(
                        {
                            "calls": n,
                            "rss_mib": round(rss_kib(pid) / 1024, 1),
                            "median_ms": round(statistics.median(latencies) * 1000, 1),
                            "errors": errors,
                        }
                    )
                    latencies = []
            rows.insert(0, {"calls": 0, "rss_mib": round(start_rss / 1024, 1), "median_ms": None, "errors": 0})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", type=Path, help="a git repository with Python files (default: generated)")
    ap.add_argument("--calls", type=int, default=1000)
    ap.add_argument("--modules", type=int, default=40, help="modules of the generated repository")
    ap.add_argument("--helpers", type=int, default=300, help="functions per generated module (300: about 13 KB)")
    ap.add_argument("--json", type=Path, help="write the rows here too")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="mcp-soak-") as tmp:
        root = args.repo.resolve() if args.repo else Path(tmp) / "repo"
        if not args.repo:
            generate(root, args.modules, args.helpers)
        rows = anyio.run(soak, root, args.calls)
    print(f"{'calls':>6} {'RSS MiB':>8} {'median ms':>10} {'errors':>7}")
    for row in rows:
        median = "" if row["median_ms"] is None else f"{row['median_ms']:.1f}"
        print(f"{row['calls']:>6} {row['rss_mib']:>8.1f} {median:>10} {row['errors']:>7}")
    by_calls = {row["calls"]: row["rss_mib"] for row in rows}
    if 100 in by_calls and len(rows) > 2:
        last = rows[-1]
        growth = (last["rss_mib"] - by_calls[100]) / by_calls[100] * 100
        verdict = "within" if growth <= 10 else "NOT within"
        print(f"RSS after {last['calls']} calls vs after 100: {growth:+.1f}% ({verdict} the 10% target)")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
