"""Index a synthetic repository of many files and report time and memory, phase by phase.

    nice -n 19 .venv/bin/python bench/scale.py [--files 50000] [--dir /tmp/diffreach-scale]
        [--reuse] [--tracemalloc] [--mcp] [--out scale.json]

Generates ``--files`` small Python modules (each importing and calling two
others, a class with two methods) under ``--dir`` as a git repository, then
runs a full index in a child process (``--child``: the library's ``Indexer``,
with its stages wrapped so that each prints a phase mark; indexer.py is not
edited). The parent samples the resident memory of the child and of every
process below it from ``/proc`` twice a second and reports, per phase, the
peak of the main process and of the whole process tree, with CPU seconds
(``getrusage``: the indexer and its reaped workers). ``--tracemalloc`` makes
the child also report, at the start of the write phase, where its Python
memory lives (top source lines): slow, so use it on a smaller ``--files``.
``--mcp`` then starts ``diffreach serve`` on the graph and checks that every
tool's result stays within its ``max_tokens`` cap (a heuristic token count of
the structured result), with the server's peak RSS. The repository is left in
place so a second run (``--reuse``) measures the index alone.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

PHASE = re.compile(r"^@phase (\S+) (\S+)$")


def module(i: int, n: int) -> str:
    a, b = (i * 7 + 1) % n, (i * 13 + 5) % n
    return (
        f"from pkg{a % 100}.m{a} import f{a}\nfrom pkg{b % 100}.m{b} import K{b}\n\n\n"
        f"def f{i}(x):\n    '''Step {i} of the pipeline.'''\n    return f{a}(x) + K{b}().run(x)\n\n\n"
        f"class K{i}:\n    def run(self, x):\n        return self.helper(x) * {i}\n\n"
        f"    def helper(self, x):\n        return f{i}(x - 1) if x else 0\n"
    )


def generate(root: Path, files: int) -> None:
    if root.exists():
        shutil.rmtree(root)
    for d in range(100):
        (root / f"pkg{d}").mkdir(parents=True)
        (root / f"pkg{d}" / "__init__.py").write_text("")
    for i in range(files):
        (root / f"pkg{i % 100}" / f"m{i}.py").write_text(module(i, files))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(
        [
            "git",
            "-C",
            str(root),
            "-c",
            "user.name=bench",
            "-c",
            "user.email=bench@example.com",
            "commit",
            "-q",
            "-m",
            "synthetic",
        ],
        check=True,
    )


# -- the child: the indexer with phase marks --------------------------------------------------------


def child(root: str, trace: bool) -> int:
    """Run a full index of ``root``; print ``@phase <name> <cpu s>`` on stderr as stages begin."""
    import tracemalloc

    import diffreach.index.indexer as ix
    from diffreach.graph.store import Store

    if trace:
        tracemalloc.start(1)

    def mark(name: str) -> None:
        print(f"@phase {name} {time.process_time():.2f}", file=sys.stderr, flush=True)
        if not trace:
            return
        now, peak = tracemalloc.get_traced_memory()
        print(
            f"@trace {name}: traced {now / 2**20:.1f} MiB, peak so far {peak / 2**20:.1f} MiB",
            file=sys.stderr,
            flush=True,
        )
        if name in ("resolve+write", "index-build"):  # all extracts held / and every file resolved
            for stat in tracemalloc.take_snapshot().statistics("lineno")[:10]:
                print(
                    f"@trace {stat.size / 2**20:8.1f} MiB {stat.count:>9} blocks  {stat.traceback[0]}",
                    file=sys.stderr,
                    flush=True,
                )

    def wrap(owner: Any, attr: str, name: str) -> None:
        original = getattr(owner, attr)

        @functools.wraps(original)
        def marked(*args: Any, **kwargs: Any) -> Any:
            mark(name)
            return original(*args, **kwargs)

        setattr(owner, attr, marked)

    wrap(ix, "walk", "walk")
    wrap(ix, "iter_extracts", "extract")  # a streamed build (>= stream_min_files) also writes here
    wrap(ix, "extract_many", "extract")  # the in-memory build
    wrap(ix, "ExtractSource", "name-index")  # the in-memory build only
    wrap(ix.Indexer, "_resolve_stored", "resolve")  # the streamed build only
    wrap(Store, "clear", "resolve+write")
    bulk_load = Store.bulk_load

    @contextlib.contextmanager
    def marked_bulk_load(self: Store, *args: Any, **kwargs: Any) -> Any:
        with bulk_load(self, *args, **kwargs):
            yield
            mark("index-build")  # rows written; SQLite now rebuilds the secondary indexes

    Store.bulk_load = marked_bulk_load  # type: ignore[method-assign]
    wrap(ix, "note_term_index_changes", "term-index")
    wrap(Store, "counts", "counts")
    report = ix.Indexer(root).run(full=True)
    mark("done")
    self_ru, kids_ru = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    # (Not the children's ru_maxrss: a git subprocess forked from a large indexer counts its pages.)
    print(
        json.dumps(
            {
                **report.as_json(),
                "main_peak_rss_mib": round(self_ru.ru_maxrss / 1024, 1),
                "main_cpu_s": round(self_ru.ru_utime + self_ru.ru_stime, 1),
                "workers_cpu_s": round(kids_ru.ru_utime + kids_ru.ru_stime, 1),
            }
        )
    )
    return 0


# -- the parent: RSS sampling of the process tree ---------------------------------------------------


def rss_mib(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def descendants(pid: int) -> list[int]:
    out, frontier = [], [pid]
    while frontier:
        p = frontier.pop()
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    kids = [int(k) for k in f.read().split()]
                out.extend(kids)
                frontier.extend(kids)
        except OSError:
            continue
    return out


class Sampler(threading.Thread):
    """Peak RSS of a process and of its tree, per phase (the phase is set from the child's marks)."""

    def __init__(self, pid: int, period: float = 0.5) -> None:
        super().__init__(daemon=True)
        self.pid, self.period, self.phase = pid, period, "start"
        self.peaks: dict[str, dict[str, float]] = {}
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            main = rss_mib(self.pid)
            tree = main + sum(rss_mib(p) for p in descendants(self.pid))
            peak = self.peaks.setdefault(self.phase, {"main_rss_mib": 0.0, "tree_rss_mib": 0.0, "others_rss_mib": 0.0})
            peak["main_rss_mib"] = max(peak["main_rss_mib"], round(main, 1))
            peak["tree_rss_mib"] = max(peak["tree_rss_mib"], round(tree, 1))
            peak["others_rss_mib"] = max(peak["others_rss_mib"], round(tree - main, 1))
            self.stopped.wait(self.period)


def run_index(root: Path, trace: bool) -> dict[str, Any]:
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, __file__, "--child", str(root)] + (["--tracemalloc"] if trace else []),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    sampler = Sampler(proc.pid)
    sampler.start()
    phases: list[dict[str, Any]] = []
    trace_lines: list[str] = []
    assert proc.stderr is not None and proc.stdout is not None
    for line in proc.stderr:
        m = PHASE.match(line.strip())
        if m:
            sampler.phase = m.group(1)
            phases.append(
                {"phase": m.group(1), "cpu_s": float(m.group(2)), "wall_s": round(time.perf_counter() - started, 1)}
            )
            print(f"  {phases[-1]}  rss now {rss_mib(proc.pid):.0f} MiB", file=sys.stderr, flush=True)
        elif line.startswith("@trace"):
            trace_lines.append(line[7:].rstrip())
            print("  " + line.rstrip(), file=sys.stderr, flush=True)
        else:
            print(line.rstrip(), file=sys.stderr)
    out = proc.stdout.read()
    proc.wait()
    sampler.stopped.set()
    sampler.join()
    if proc.returncode != 0:
        raise SystemExit(f"index failed (exit {proc.returncode})")
    report = json.loads(out)
    for p in phases:
        p.update(sampler.peaks.get(p["phase"], {}))
    return {"report": report, "phases": phases, "trace": trace_lines, "wall_s": round(time.perf_counter() - started, 1)}


# -- MCP results on the large graph stay within their caps ----------------------------------------


def _mcp_calls(root: Path) -> list[tuple[str, dict[str, Any], int]]:
    """(tool, arguments, the cap the result must fit): wide questions on purpose."""
    import difflib

    paths = sorted(str(p.relative_to(root)) for p in (root / "pkg0").glob("m*.py"))[:40]
    diff = ""
    for rel in paths:
        old = (root / rel).read_text()
        new = old.replace("(x - 1)", "(x - 2)").replace("def run(self, x):", "def run(self, x, y=0):")
        diff += "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True), f"a/{rel}", f"b/{rel}"))
    return [
        ("update_graph", {}, 8000),
        ("get_callers", {"symbol": "pkg1/m1.py::K1.run", "hops": 5}, 8000),
        ("get_callers", {"symbol": "pkg1/m1.py::K1.run", "hops": 5, "max_tokens": 500}, 500),
        ("get_blast_radius", {"files": paths, "hops": 6}, 8000),
        ("get_blast_radius", {"files": paths, "hops": 6, "max_tokens": 1000}, 1000),
        ("get_blast_radius", {"diff": diff}, 8000),
        ("get_changed_symbols", {"diff": diff}, 8000),
        ("get_changed_symbols", {"diff": diff, "max_tokens": 300}, 300),
        ("get_tests_for_change", {"diff": diff}, 8000),
        ("get_review_context", {"diff": diff, "token_budget": 6000}, 8000),
        ("get_review_context", {"diff": diff, "token_budget": 2000, "max_tokens": 1000}, 3000),
        ("find_relevant_files", {"query": "pipeline step helper run", "top": 50}, 8000),
        ("find_relevant_files", {"query": "pipeline step helper run", "top": 50, "max_tokens": 200}, 200),
    ]


def _server_peak_rss(root: Path) -> float:
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
                text = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            if b"serve" in cmd and str(root).encode() in cmd:
                return int(text.split("VmHWM:")[1].split()[0]) / 1024
    return 0.0


def check_caps(root: Path) -> dict[str, Any]:
    """Start ``diffreach serve`` on ``root`` and check each call's result against its cap. The
    review context's cap is its own: ``max(max_tokens, token_budget + 1000)`` (mcp_server)."""
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    from diffreach.review.tokens import estimate_tokens

    params = StdioServerParameters(
        command=sys.executable, args=["-m", "diffreach.cli", "serve", "--root", str(root)], cwd=str(root)
    )
    calls: list[dict[str, Any]] = []

    async def session() -> float:
        with open(os.devnull, "w") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write, read_timeout_seconds=None) as s,
            ):
                await s.initialize()
                for tool, arguments, cap in _mcp_calls(root):
                    began = time.perf_counter()
                    result = await s.call_tool(tool, arguments)
                    data = result.structured_content or {}
                    tokens = estimate_tokens(data)
                    # The server cuts the data to the cap, then adds metadata.context_savings.
                    bare = estimate_tokens({k: v for k, v in data.items() if k != "metadata"})
                    calls.append(
                        {
                            "tool": tool,
                            "args": {
                                k: v if k != "diff" and k != "files" else f"<{len(v)} chars/items>"
                                for k, v in arguments.items()
                            },
                            "error": bool(result.is_error),
                            "tokens": tokens,
                            "tokens_without_metadata": bare,
                            "cap": cap,
                            "within_cap": not result.is_error and tokens <= cap,
                            "data_within_cap": not result.is_error and bare <= cap,
                            "truncated": bool(data.get("truncated")),
                            "wall_s": round(time.perf_counter() - began, 1),
                            "server_peak_rss_mib": round(_server_peak_rss(root), 1),
                        }
                    )
                    print(f"  mcp {calls[-1]}", file=sys.stderr, flush=True)
                return _server_peak_rss(root)

    peak = anyio.run(session)
    return {"calls": calls, "server_peak_rss_mib": round(peak, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=50_000)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/diffreach-scale"))
    parser.add_argument("--reuse", action="store_true", help="keep an existing generated repository")
    parser.add_argument("--tracemalloc", action="store_true", help="where the memory is at the write phase")
    parser.add_argument("--mcp", action="store_true", help="check MCP result sizes on the graph afterwards")
    parser.add_argument("--mcp-only", action="store_true", help="skip the index: check MCP on the existing graph")
    parser.add_argument("--out", type=Path, help="write the result as JSON here too")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child, args.tracemalloc)
    result: dict[str, Any] = {}
    if not args.mcp_only:
        if not (args.reuse and args.dir.exists()):
            started = time.perf_counter()
            generate(args.dir, args.files)
            result["generate_wall_s"] = round(time.perf_counter() - started, 1)
        shutil.rmtree(args.dir / ".diffreach", ignore_errors=True)
        run = run_index(args.dir, args.tracemalloc)
        r = run["report"]
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        db = args.dir / ".diffreach" / "graph.db"
        result.update(
            {
                "files": r["files"],
                "symbols": sum(r["symbols"].values()),
                "edges": sum(r["edges"].values()),
                "skipped": r["skipped"],
                "wall_s": run["wall_s"],
                "cpu_s": round(kids.ru_utime + kids.ru_stime, 1),
                "main_cpu_s": r["main_cpu_s"],
                "workers_cpu_s": r["workers_cpu_s"],
                "main_peak_rss_mib": r["main_peak_rss_mib"],
                "workers_peak_rss_mib": max((p.get("others_rss_mib", 0.0) for p in run["phases"]), default=0.0),
                "tree_peak_rss_mib": max((p.get("tree_rss_mib", 0.0) for p in run["phases"]), default=0.0),
                "graph_mib": round(db.stat().st_size / 2**20, 1),
                "phases": run["phases"],
                "trace": run["trace"],
            }
        )
        print(json.dumps(result, indent=2), flush=True)
        if args.out:
            args.out.write_text(json.dumps(result, indent=2))
    if args.mcp or args.mcp_only:
        result["mcp"] = check_caps(args.dir)
        print(json.dumps(result["mcp"], indent=2))
        if args.out:
            args.out.write_text(json.dumps(result, indent=2))
        return 0 if all(c["data_within_cap"] for c in result["mcp"]["calls"]) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
