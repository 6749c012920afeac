#!/usr/bin/env python3
"""Indexing speed of diffreach on the Django source, and graph figures on a repository set.

One run measures everything that is compared, so ratios never mix machines or
load: (a) the floor, tree-sitter parse plus one ``QueryCursor.matches`` pass
with each language's query over every indexed file, in a process of its own,
CPU seconds; (b) a cold ``diffreach index`` in a subprocess, wall and CPU
including its worker processes (``os.wait4`` gives the rusage of the child and
every descendant it waited for) and peak RSS (largest process, and the sum over
the process tree sampled from /proc); (b') the two stages no index can skip,
each alone in a process of its own: the indexer's extraction of every file
(the floor plus turning captures into records) and SQLite writing the rows of
the graph (b) built, so that the gap to the floor can be read as what those
stages cost and what the rest adds; (c) a no-op re-index; (d) one-file
incremental updates in this process, with the store already open, timing only
``Indexer.run()``; and, where it is installed, (f) the incumbent
code-review-graph building the same tree cold. Downloads and clones are cached
under ``bench/.cache`` (git-ignored); Django is copied to a temporary
directory and committed there so that the git walker is used.

    python bench/index_speed.py [--django download|PATH] [--no-incumbent] [REPO_PATH_OR_URL ...]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from tree_sitter import Language, Parser, Query, QueryCursor

from diffreach.config import load_config
from diffreach.extract.pool import extract_path
from diffreach.graph.store import Store
from diffreach.index.indexer import Indexer, walk
from diffreach.languages import language_for

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
BIN = Path(sys.executable).parent
CRG_VENV = CACHE / "crg-venv"
CRG_VERSION = "2.3.9"
# Files of Django whose function bodies the incremental benchmark edits, one at a time.
EDIT_FILES = (
    "django/utils/text.py",
    "django/db/models/query.py",
    "django/http/request.py",
    "django/template/base.py",
    "django/core/handlers/base.py",
)
TARGETS = {"cpu_vs_floor": 1.3, "update_ms": 50.0, "noop_s": 1.0, "rss_mb": 400.0}
_GIT_ENV = {
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@example.com",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@example.com",
}


@dataclass
class Run:
    """One measured subprocess: wall and CPU seconds (children included), peak RSS."""

    wall: float
    cpu: float
    rss_max_mb: float  # the largest single process (ru_maxrss)
    rss_tree_mb: float  # the largest sum over the process tree, sampled
    returncode: int
    stdout: str = ""
    stderr: str = ""


@dataclass
class Results:
    machine: dict[str, object] = field(default_factory=dict)
    django: dict[str, object] = field(default_factory=dict)
    incumbent: dict[str, object] = field(default_factory=dict)
    repos: list[dict[str, object]] = field(default_factory=list)


# ----- measuring ----------------------------------------------------------------------------------


def _tree_rss_kb(pid: int) -> int:
    """Resident memory of a process and all its descendants, from /proc."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        rss[int(entry)] = int(fields[21]) * (os.sysconf("SC_PAGE_SIZE") // 1024)
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        total += rss.get(p, 0)
        stack.extend(children.get(p, []))
    return total


def measure(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> Run:
    """Run a command to completion; wall, CPU (user+sys incl. descendants), peak RSS."""
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = [0]
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.05):
            peak[0] = max(peak[0], _tree_rss_kb(proc.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    # Drain the pipes on threads so a chatty child never blocks; wait4 reaps it with its rusage.
    out: dict[str, str] = {}
    readers = [
        threading.Thread(target=lambda k=k, s=s: out.__setitem__(k, s.read()), daemon=True)
        for k, s in (("out", proc.stdout), ("err", proc.stderr))
    ]
    for r in readers:
        r.start()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    stop.set()
    sampler.join()
    for r in readers:
        r.join()
    return Run(
        wall,
        usage.ru_utime + usage.ru_stime,
        usage.ru_maxrss / 1024,
        peak[0] / 1024,
        proc.returncode,
        out.get("out", ""),
        out.get("err", ""),
    )


def floor_cpu(root: Path) -> tuple[float, int, int]:
    """CPU seconds to read, parse and run one query pass over every file the indexer would index."""
    candidates, _ = walk(root, load_config(root))
    tools: dict[str, tuple[Parser, Query]] = {}
    matches = 0
    started = time.process_time()
    for c in candidates:
        spec = language_for(c.path)
        if spec is None:
            continue
        if spec.name not in tools:
            language = Language(spec.grammar())
            tools[spec.name] = (Parser(language), Query(language, spec.query_source))
        parser, query = tools[spec.name]
        tree = parser.parse((root / c.path).read_bytes())
        matches += len(QueryCursor(query).matches(tree.root_node))
    return time.process_time() - started, len(candidates), matches


def extract_stage_cpu(root: Path) -> float:
    """CPU seconds of the indexer's own extraction (read, parse, query, records) of every file,
    one process: the floor plus turning captures into records, with nothing else."""
    candidates, _ = walk(root, load_config(root))
    started = time.process_time()
    for c in candidates:
        extract_path(str(root), c.path)
    return time.process_time() - started


def store_stage_cpu(root: Path) -> float:
    """CPU seconds SQLite alone takes to write the graph ``root`` already holds: its rows,
    read back first, inserted into a fresh store the way a full build loads it (secondary
    indexes dropped, built once at the end, one transaction). Nothing else is timed."""
    tables = ("files", "nodes", "imports", "bindings", "refs", "edges")
    built = Store.open(root, create=False)
    rows: dict[str, tuple[str, list[tuple[object, ...]]]] = {}
    for table in tables:
        cursor = built.conn.execute(f"SELECT * FROM {table}")
        columns = ",".join(d[0] for d in cursor.description)
        rows[table] = (
            f"INSERT INTO {table}({columns}) VALUES ({','.join('?' * len(cursor.description))})",
            cursor.fetchall(),
        )
    built.close()
    with tempfile.TemporaryDirectory(prefix="br-store-") as tmp:
        fresh = Store.open(tmp)
        started = time.process_time()
        with fresh.atomic(), fresh.bulk_load():
            for sql, values in rows.values():
                fresh.conn.executemany(sql, values)
        spent = time.process_time() - started
        fresh.close()
    return spent


# ----- preparing sources --------------------------------------------------------------------------


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env={**os.environ, **_GIT_ENV})


def django_tree(spec: str) -> Path:
    """The unpacked Django source: ``download`` (cached sdist), an sdist path, or a directory."""
    if spec != "download" and Path(spec).is_dir():
        return Path(spec).resolve()
    if spec == "download":
        target = CACHE / "django"
        sdists = sorted(target.glob("django-*.tar.gz")) if target.is_dir() else []
        if not sdists:
            subprocess.run(
                [
                    str(BIN / "python"),
                    "-m",
                    "pip",
                    "download",
                    "django",
                    "--no-deps",
                    "--no-binary",
                    ":all:",
                    "-d",
                    str(target),
                ],
                check=True,
                capture_output=True,
            )
            sdists = sorted(target.glob("django-*.tar.gz"))
        sdist = sdists[-1]
    else:
        sdist = Path(spec)
    unpacked = CACHE / "django" / sdist.name.removesuffix(".tar.gz")
    if not unpacked.is_dir():
        with tarfile.open(sdist) as tar:
            tar.extractall(unpacked.parent, filter="data")
    return unpacked


def committed_copy(src: Path, parent: Path, name: str) -> Path:
    """A fresh copy of ``src`` committed to a new git repository (so the git walker is used)."""
    dst = parent / name
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".git", ".diffreach", ".code-review-graph"))
    git(dst, "init", "-q", "-b", "main")
    git(dst, "add", "-A")
    git(dst, "commit", "-q", "-m", "bench")
    return dst


def repo_path(spec: str) -> Path:
    """A repository path as given, or a clone of a URL cached under bench/.cache/repos."""
    if Path(spec).is_dir():
        return Path(spec).resolve()
    name = spec.rstrip("/").removesuffix(".git").rsplit("/", 1)[-1]
    target = CACHE / "repos" / name
    if not target.is_dir():
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "-q", spec, str(target)], check=True)
    return target


# ----- the Django measurements --------------------------------------------------------------------


def index_cmd(root: Path, *extra: str) -> list[str]:
    return [str(BIN / "diffreach"), "index", str(root), "--json", *extra]


def edit_function_body(path: Path, n: int) -> str | None:
    """Insert a statement before the first ``return`` at body indentation; returns the old text."""
    text = path.read_text()
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if (
            stripped.startswith("return ")
            and indent >= 4
            and lines[i - 1].strip()
            and not lines[i - 1].rstrip().endswith(("\\", ",", "(", "[", "{"))
        ):
            lines.insert(i, " " * indent + f"_bench_edit = {n}\n")
            path.write_text("".join(lines))
            return text
    return None


def incremental_updates(root: Path, rounds: int = 2) -> dict[str, object]:
    """One-file updates in-process with the store open: only ``Indexer.run()`` is timed.

    Each edit is measured twice in turn: found by the walk (``run()``), and told
    (``run(paths=[file])``, what the watcher does: it knows which file it saw change)."""
    indexer = Indexer(root)
    try:
        indexer.run()  # warm: reads nothing new, but primes imports and the page cache
        times: dict[str, list[float]] = {"walked": [], "told": []}
        cpus: dict[str, list[float]] = {"walked": [], "told": []}  # this process plus the git children it waited for
        modes: set[str] = set()
        n = 0
        for _ in range(rounds):
            for rel in EDIT_FILES:
                path = root / rel
                if not path.is_file():
                    continue
                for way in ("walked", "told"):
                    n += 1
                    old = edit_function_body(path, n)
                    if old is None:
                        break
                    started = time.perf_counter()
                    cpu_started = _cpu_with_children()
                    report = indexer.run(paths=[rel] if way == "told" else None)
                    times[way].append(time.perf_counter() - started)
                    cpus[way].append(_cpu_with_children() - cpu_started)
                    modes.add(f"{report.mode}/{report.extracted}")
                    path.write_text(old)
                    indexer.run()  # back to the committed state, untimed
        noop_started = time.perf_counter()
        indexer.run()
        noop = time.perf_counter() - noop_started
    finally:
        indexer.close()
    out: dict[str, object] = {
        "updates": len(times["walked"]),
        "modes": sorted(modes),
        "noop_in_process_s": round(noop, 3),
    }
    for way, prefix in (("walked", "update"), ("told", "told_update")):
        out[f"{prefix}_ms_median"] = round(statistics.median(times[way]) * 1000, 1)
        out[f"{prefix}_ms_max"] = round(max(times[way]) * 1000, 1)
        out[f"{prefix}_cpu_ms_median"] = round(statistics.median(cpus[way]) * 1000, 1)
        out[f"{prefix}_cpu_ms_max"] = round(max(cpus[way]) * 1000, 1)
    return out


def _cpu_with_children() -> float:
    """CPU seconds of this process and of its waited-for children (the git calls): on a loaded
    machine an update's wall time is mostly waiting for a core."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def bench_django(tree: Path, work: Path, res: Results) -> Path:
    root = committed_copy(tree, work, "django")
    # The floor runs in a process of its own: parsing every file in this process
    # and then running the indexer here crashed tree-sitter 0.26 (a segfault).
    floor_run = measure([sys.executable, __file__, "--floor", str(root)])
    if floor_run.returncode != 0:
        raise SystemExit(f"floor failed: {floor_run.stderr.strip()[-2000:]}")
    floor, files, matches = json.loads(floor_run.stdout)
    cold = measure(index_cmd(root, "--full"))
    if cold.returncode != 0:
        raise SystemExit(f"diffreach index failed: {cold.stderr.strip()[-2000:]}")
    summary = json.loads(cold.stdout)
    # The two stages no index can skip, each alone in a process of its own (see floor above).
    stages = {}
    for stage in ("extract", "store"):
        stage_run = measure([sys.executable, __file__, "--stage", stage, str(root)])
        if stage_run.returncode != 0:
            raise SystemExit(f"{stage} stage failed: {stage_run.stderr.strip()[-2000:]}")
        stages[stage] = float(json.loads(stage_run.stdout))
    noop = measure(index_cmd(root))
    res.django = {
        "source": tree.name,
        "files": files,
        "query_matches": matches,
        "floor_cpu_s": round(floor, 2),
        "cold_wall_s": round(cold.wall, 2),
        "cold_cpu_s": round(cold.cpu, 2),
        "cold_cpu_vs_floor": round(cold.cpu / floor, 2),
        "cold_wall_vs_floor": round(cold.wall / floor, 2),
        "extract_stage_cpu_s": round(stages["extract"], 2),
        "store_stage_cpu_s": round(stages["store"], 2),
        "extract_stage_vs_floor": round(stages["extract"] / floor, 2),
        "store_stage_vs_floor": round(stages["store"] / floor, 2),
        "peak_rss_mb": round(cold.rss_max_mb),
        "peak_rss_tree_mb": round(cold.rss_tree_mb),
        "noop_wall_s": round(noop.wall, 2),
        "noop_cpu_s": round(noop.cpu, 2),
        "symbols": sum(summary["symbols"].values()),
        "edges": summary["edges"],
        "unresolved_share": summary["unresolved_share"],
        **incremental_updates(root),
    }
    return root


def bench_incumbent(tree: Path, work: Path, ours: dict[str, object], res: Results) -> None:
    """code-review-graph builds the same Django tree cold, with its home in a temp dir."""
    exe = CRG_VENV / "bin" / "code-review-graph"
    if not exe.exists():
        res.incumbent = {"skipped": f"not installed: {CRG_VENV}/bin/pip install code-review-graph=={CRG_VERSION}"}
        return
    root = committed_copy(tree, work, "django-crg")
    home = work / "crg-home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    runs = {}
    for label, extra in (("build", []), ("build_skip_postprocess", ["--skip-postprocess"])):
        shutil.rmtree(root / ".code-review-graph", ignore_errors=True)
        run = measure([str(exe), "build", "--repo", str(root), "-q", *extra], cwd=root, env=env)
        runs[label] = run
    build = runs["build"]
    raw = runs["build_skip_postprocess"]
    res.incumbent = {
        "version": CRG_VERSION,
        "returncode": build.returncode,
        "build_wall_s": round(build.wall, 2),
        "build_cpu_s": round(build.cpu, 2),
        "build_rss_mb": round(build.rss_max_mb),
        "raw_wall_s": round(raw.wall, 2),
        "raw_cpu_s": round(raw.cpu, 2),
        "wall_vs_ours": round(build.wall / float(ours["cold_wall_s"]), 2),  # type: ignore[arg-type]
        "cpu_vs_ours": round(build.cpu / float(ours["cold_cpu_s"]), 2),  # type: ignore[arg-type]
        "raw_wall_vs_ours": round(raw.wall / float(ours["cold_wall_s"]), 2),  # type: ignore[arg-type]
    }
    if build.returncode != 0:
        res.incumbent["error"] = build.stderr.strip()[-500:]


def bench_repo(spec: str) -> dict[str, object]:
    root = repo_path(spec)
    run = measure(index_cmd(root, "--full"))
    if run.returncode != 0:
        return {"repo": root.name, "error": run.stderr.strip()[-300:]}
    s = json.loads(run.stdout)
    return {
        "repo": root.name,
        "files": s["files"],
        "languages": s.get("languages", {}),
        "symbols": sum(s["symbols"].values()),
        "edges": s["edges"],
        "unresolved_share": s["unresolved_share"],
        "seconds": round(run.wall, 2),
        "cpu_s": round(run.cpu, 2),
        "skipped": s.get("skipped", {}),
    }


# ----- reporting ----------------------------------------------------------------------------------


def verdicts(d: dict[str, object]) -> list[str]:
    def ok(good: bool) -> str:
        return "meets" if good else "MISSES"

    f = lambda k: float(d[k])  # type: ignore[arg-type]  # noqa: E731
    return [
        f"cold CPU {f('cold_cpu_s')} s = {f('cold_cpu_vs_floor')}x floor ({ok(f('cold_cpu_vs_floor') <= 1.3)} <= 1.3x)",
        f"cold wall {f('cold_wall_s')} s = {f('cold_wall_vs_floor')}x floor (target close to 0.5x)",
        f"stages alone, one process each: extraction (floor + records) {f('extract_stage_cpu_s')} s = "
        f"{f('extract_stage_vs_floor')}x floor; SQLite writing the graph's rows {f('store_stage_cpu_s')} s = "
        f"{f('store_stage_vs_floor')}x floor; together "
        f"{round(f('extract_stage_vs_floor') + f('store_stage_vs_floor'), 2)}x floor before any resolution",
        f"1-file update median {f('update_ms_median')} ms, max {f('update_ms_max')} ms "
        f"({ok(f('update_ms_median') <= 50)} <= 50 ms); CPU median {d.get('update_cpu_ms_median')} ms, "
        f"max {d.get('update_cpu_ms_max')} ms",
        f"1-file update told which file (run(paths=...), the watcher's way) median {f('told_update_ms_median')} ms, "
        f"max {f('told_update_ms_max')} ms ({ok(f('told_update_ms_median') <= 50)} <= 50 ms); CPU median "
        f"{d.get('told_update_cpu_ms_median')} ms",
        f"no-op re-index {f('noop_wall_s')} s ({ok(f('noop_wall_s') <= 1.0)} <= 1 s)",
        f"peak RSS {f('peak_rss_mb')} MB largest process, {f('peak_rss_tree_mb')} MB process tree "
        f"({ok(f('peak_rss_tree_mb') <= 400)} <= 400 MB)",
    ]


def markdown(res: Results) -> str:
    out = [f"Machine: {res.machine['cpus']} cores, Python {res.machine['python']}, load {res.machine['load']}", ""]
    if res.django:
        out += ["Django " + str(res.django["source"]) + f" ({res.django['files']} files):", ""]
        out += [f"- {line}" for line in verdicts(res.django)]
    if res.incumbent:
        out += ["", "Incumbent: " + json.dumps(res.incumbent)]
    if res.repos:
        out += [
            "",
            "| repository | languages | files | symbols | edges by kind | unresolved share | seconds |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for r in res.repos:
            if "error" in r:
                out.append(f"| {r['repo']} | error: {r['error']} | | | | | |")
                continue
            edges = r["edges"]
            assert isinstance(edges, dict)
            kinds = ", ".join(f"{k} {v}" for k, v in sorted(edges.items()) if v)
            langs = ", ".join(f"{k} {v}" for k, v in sorted(dict(r["languages"]).items()))  # type: ignore[call-overload]
            out.append(
                f"| {r['repo']} | {langs} | {r['files']} | {r['symbols']} | {kinds} "
                f"| {r['unresolved_share']} | {r['seconds']} |"
            )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--django", default="download", help="'download' (cached), an sdist, or a directory; 'skip'")
    ap.add_argument("--no-incumbent", action="store_true", help="do not measure code-review-graph")
    ap.add_argument("--json", type=Path, help="also write the results here")
    ap.add_argument("--floor", type=Path, help=argparse.SUPPRESS)  # internal: print the floor of a tree
    ap.add_argument("--stage", nargs=2, metavar=("STAGE", "ROOT"), help=argparse.SUPPRESS)  # internal: one stage's CPU
    ap.add_argument("repos", nargs="*", help="repository paths or clone URLs to index")
    args = ap.parse_args(argv)
    if args.floor:
        print(json.dumps(floor_cpu(args.floor)))
        return 0
    if args.stage:
        stage, root = args.stage
        print(json.dumps({"extract": extract_stage_cpu, "store": store_stage_cpu}[stage](Path(root))))
        return 0
    res = Results(
        machine={"cpus": os.cpu_count(), "python": sys.version.split()[0], "load": round(os.getloadavg()[0], 2)}
    )
    with tempfile.TemporaryDirectory(prefix="br-bench-") as tmp:
        work = Path(tmp)
        if args.django != "skip":
            tree = django_tree(args.django)
            bench_django(tree, work, res)
            print("\n".join(verdicts(res.django)), flush=True)
            if not args.no_incumbent:
                bench_incumbent(tree, work, res.django, res)
                print("incumbent:", json.dumps(res.incumbent), flush=True)
        for spec in args.repos:
            res.repos.append(bench_repo(spec))
            print(json.dumps(res.repos[-1]), flush=True)
    res.machine["load_after"] = round(os.getloadavg()[0], 2)
    print()
    print(markdown(res))
    if args.json:
        args.json.write_text(json.dumps(res.__dict__, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
