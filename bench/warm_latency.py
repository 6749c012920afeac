#!/usr/bin/env python3
"""Latency of a warm answer: what a person waits for once the graph is fresh.

Builds (or takes) a git repository, indexes it once, then times N runs of each
command in a process of its own, wall and CPU milliseconds (``os.wait4`` gives
the rusage of the child and its descendants): ``diffreach --help`` (the floor:
interpreter and command-line start-up), ``impact --json --base HEAD~1`` and
``context --format json --base HEAD~1`` (each brings the graph up to date
first: the freshness check is part of the answer), and ``query`` (its term
index built by one query before the runs). Medians, with the minimum and
maximum. The default repository is a slice of the Django sdist of about 1,000
files (the ``django`` package and the first test folders), copied to a
temporary folder and committed twice, the second commit editing one function
body, so that ``HEAD~1`` is a one-file change; ``--query-repo`` (default: the
whole Django sdist, ~6,900 files of which ~2,900 are indexed) is where
``query`` is timed.

    python bench/warm_latency.py [--django PATH] [--repo PATH] [--query-repo PATH|none] [--runs N] [--bin DIR ...]

``--bin``: the folder holding a ``diffreach`` to time; given twice (a before and an after), the
two take turns run by run, on one repository indexed by the first. ``--in-place``: time
``--repo`` and ``--query-repo`` where they are, not copies (a large repository indexed once
is not indexed again for every run of the bench; its ``.diffreach`` is written to).
``--instructions``: also count the instructions of one run of each command by each build
(``valgrind --tool=callgrind``; the diffreach process only, not its git children): the same
count run after run, where times on a shared machine are not. The load average is printed
before each command's runs. ``--persistent``: also answer each review command ``--runs`` times
more in one process of each build (the command line's entry called again, output checked equal
to the first answer's): what a process kept alive between answers would take, measured, not built.
``--daemon``: also time each review command (and ``query``) with and without the repository's
daemon (``diffreach daemon start``, of the last ``--bin``), the two taking turns run by run (the
runs without it set ``DIFFREACH_NO_DAEMON``), each command's output checked byte-identical both
ways first; the daemon is stopped at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DJANGO = Path("/work/repos/dl/django-5.2.19")
SLICE_FILES = 1_000
EDIT_FILE = "django/utils/text.py"
QUESTION = "how are cookies signed and checked when a session is saved"
_GIT_ENV = {
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@example.com",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@example.com",
}


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``cmd`` (children included); fails on a non-zero exit."""
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    assert proc.stderr is not None
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {err}")
    return wall, usage.ru_utime + usage.ru_stime


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env={**os.environ, **_GIT_ENV})


def django_slice(django: Path, dest: Path, files: int) -> Path:
    """The ``django`` package and then test folders in name order, up to ``files`` source files."""
    chosen = sorted(p for p in (django / "django").rglob("*") if p.is_file() and p.suffix in (".py", ".js"))
    for folder in sorted(p for p in (django / "tests").iterdir() if p.is_dir()):
        if len(chosen) >= files:
            break
        chosen += sorted(p for p in folder.rglob("*.py") if p.is_file())
    for src in chosen:
        target = dest / src.relative_to(django)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)
    return dest


def committed_twice(root: Path) -> Path:
    """``root`` as a git repository of two commits, the second a one-line edit of ``capfirst``
    (called from a dozen files of the slice)."""
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "initial")
    path = root / EDIT_FILE
    text = path.read_text()
    path.write_text(text.replace("return x[0].upper() + x[1:]", "return x[:1].upper() + x[1:]", 1))
    _git(root, "commit", "-q", "-am", "edit capfirst")
    return root


def indexed_files(exe: str, root: Path) -> int:
    out = subprocess.run([exe, "index", "--json"], cwd=root, check=True, capture_output=True, text=True).stdout
    return int(json.loads(out)["files"])


def report(name: str, runs: list[tuple[float, float]]) -> None:
    walls = [w * 1000 for w, _ in runs]
    cpus = [c * 1000 for _, c in runs]
    print(
        f"  {name:<52} wall median {statistics.median(walls):5.0f} ms (min {min(walls):4.0f}, max {max(walls):5.0f})"
        f"   CPU median {statistics.median(cpus):4.0f} ms (min {min(cpus):4.0f})"
    )


def instructions(cmd: list[str], cwd: Path, env: dict[str, str]) -> int:
    """Instructions one run of ``cmd`` executes (callgrind's ``Collected``), its children not traced."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind: {out.stderr[-500:]}")
    return int(found.group(1))


def bench(
    exes: list[str], root: Path, commands: dict[str, list[str]], runs: int, pycache: Path, count: bool = False
) -> None:
    """Each command run once untimed by each build (the page cache, the compiled modules, a
    first query's term index), then ``runs`` times, the builds taking turns so that the load
    of a shared machine weighs on each alike. Modules are compiled once into ``pycache`` and
    read from there, as an installed package's are (PYTHONDONTWRITEBYTECODE would compile every
    module on every run, and writing beside an editable install's sources is not the bench's to do)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    for name, args in commands.items():
        times: dict[str, list[tuple[float, float]]] = {exe: [] for exe in exes}
        for exe in exes:
            timed([exe, *args], root, env)
        print(f"  (load average {os.getloadavg()[0]:.1f})")
        for _ in range(runs):
            for exe in exes:
                times[exe].append(timed([exe, *args], root, env))
        for exe in exes:
            report(f"{name}{f'  [{_short(exe)}]' if len(exes) > 1 else ''}", times[exe])
        for exe in exes if count else ():
            print(f"  {'':<52} instructions {instructions([exe, *args], root, env) / 1e6:,.0f} M  [{_short(exe)}]")


# Run inside the build's own interpreter: the command line's entry called again and again in one
# process, as a process kept alive between answers would (modules loaded, queries compiled, and
# the tool's own caches as they are); each answer's output is checked equal to the first's.
_PERSISTENT_DRIVER = """
import contextlib, io, json, sys, time
from diffreach.cli import main
args, runs = json.loads(sys.argv[1]), int(sys.argv[2])
times, first = [], None
for _ in range(runs + 1):
    out = io.StringIO()
    wall, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(out):
        try:
            main(args, standalone_mode=False)
        except SystemExit as exc:
            if exc.code:
                raise
    times.append((time.perf_counter() - wall, time.process_time() - cpu))
    first = out.getvalue() if first is None else first
    if out.getvalue() != first:
        raise SystemExit("an answer differs from the first one")
print(json.dumps(times))
"""


def persistent(exe: str, root: Path, args: list[str], runs: int, env: dict[str, str]) -> list[tuple[float, float]]:
    """Wall and CPU seconds of ``runs + 1`` answers of one process (the first loads everything;
    CPU of the process only: git's children are not counted, their wall time is)."""
    python = str(Path(exe).parent / "python")
    cmd = [python, "-c", _PERSISTENT_DRIVER, json.dumps(args), str(runs)]
    out = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"persistent run of {' '.join(args)} failed: {out.stderr[-500:]}")
    return [(w, c) for w, c in json.loads(out.stdout.strip().splitlines()[-1])]


def bench_persistent(exes: list[str], root: Path, commands: dict[str, list[str]], runs: int, pycache: Path) -> None:
    """Each review command answered ``runs`` times more in one process per build, after its first
    answer: what a warm process kept between answers would take (no such process is built here)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    for name, args in commands.items():
        if args[0] == "--help":
            continue
        print(f"  (load average {os.getloadavg()[0]:.1f})")
        for exe in exes:
            first, *rest = persistent(exe, root, args, runs, env)
            label = f"{name}, one process{f'  [{_short(exe)}]' if len(exes) > 1 else ''}"
            print(f"  {label:<52} first answer wall {first[0] * 1000:5.0f} ms, CPU {first[1] * 1000:4.0f} ms")
            report(f"{'':<4}the {runs} answers after it", rest)


def bench_daemon(exe: str, root: Path, commands: dict[str, list[str]], runs: int, pycache: Path) -> None:
    """Each command ``runs`` times through the repository's daemon and as many times without it,
    taking turns; the wall and CPU medians of each and their ratio (CPU with the daemon: the client
    process's, plus what the daemon and its git children used meanwhile, read from /proc in clock
    ticks)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    plain = {**env, "DIFFREACH_NO_DAEMON": "1"}
    started = subprocess.run(
        [exe, "daemon", "start", "--json", "--root", str(root)], cwd=root, env=env, check=True, capture_output=True
    )
    pid = int(json.loads(started.stdout)["pid"])
    try:
        for name, args in commands.items():
            if args[0] == "--help":
                continue
            with_out = subprocess.run([exe, *args], cwd=root, env=env, capture_output=True, check=True).stdout
            without = subprocess.run([exe, *args], cwd=root, env=plain, capture_output=True, check=True).stdout
            if with_out != without:
                raise SystemExit(f"{name}: the daemon's output differs from the plain run's")
            times: dict[str, list[tuple[float, float]]] = {"without": [], "with": []}
            print(f"  (load average {os.getloadavg()[0]:.1f}; output identical both ways, {len(without):,} bytes)")
            for _ in range(runs):
                times["without"].append(timed([exe, *args], root, plain))
                before = _process_cpu(pid, root)
                wall, cpu = timed([exe, *args], root, env)
                times["with"].append((wall, cpu + _process_cpu(pid, root) - before))
            for label, got in times.items():
                report(f"{name}, {label} the daemon", got)
            ratio = [statistics.median(w for w, _ in times[k]) for k in ("with", "without")]
            print(f"  {'':<52} with / without, wall medians: {ratio[0] / ratio[1]:.2f}")
    finally:
        subprocess.run([exe, "daemon", "stop", "--root", str(root)], cwd=root, env=env, check=False)


def _process_cpu(pid: int, root: Path) -> float:
    """CPU seconds of the daemon ``pid`` and of the children it has waited for (utime, stime, cutime, cstime)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        log = root / ".diffreach" / "daemon" / "daemon.log"
        raise SystemExit(f"the daemon exited: {log.read_text()[-2000:] if log.exists() else 'no log'}") from None
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _short(exe: str) -> str:
    """A build's name in the report: the folder above its virtual environment."""
    parts = Path(exe).parts
    return parts[-4] if len(parts) >= 4 else exe


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--django", type=Path, default=DJANGO, help="An unpacked Django sdist.")
    ap.add_argument("--repo", type=Path, help="A git repository of at least two commits (copied first).")
    ap.add_argument("--query-repo", default="", help="Where query is timed: a repository, or 'none' (default: Django).")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument(
        "--bin",
        type=Path,
        action="append",
        help="Folder of a diffreach to time (default: this one's); give two to compare, the first indexes.",
    )
    ap.add_argument("--in-place", action="store_true", help="Time --repo and --query-repo where they are.")
    ap.add_argument("--instructions", action="store_true", help="Also count instructions (valgrind callgrind).")
    ap.add_argument(
        "--persistent", action="store_true", help="Also answer each review command --runs times in one process."
    )
    ap.add_argument(
        "--daemon", action="store_true", help="Also time each command with and without the repository's daemon."
    )
    args = ap.parse_args()
    exes = [str(b / "diffreach") for b in (args.bin or [Path(sys.executable).parent])]
    with tempfile.TemporaryDirectory(prefix="warm-latency-") as tmp:
        pycache = Path(tmp) / "pycache"
        if args.repo and args.in_place:
            root = args.repo.resolve()
        elif args.repo:
            root = Path(shutil.copytree(args.repo, Path(tmp) / "repo", symlinks=True))
        else:
            root = committed_twice(django_slice(args.django, Path(tmp) / "slice", SLICE_FILES))
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.runs} runs each")
        print(f"{indexed_files(exes[0], root)} files indexed in {root.name}")
        review = ["--base", "HEAD~1"]
        commands = {
            "--help (the floor)": ["--help"],
            "impact --json --base HEAD~1": ["impact", "--json", *review],
            "context --format json --base HEAD~1": ["context", "--format", "json", *review],
        }
        bench(exes, root, commands, args.runs, pycache, args.instructions)
        if args.persistent:
            bench_persistent(exes, root, commands, args.runs, pycache)
        if args.daemon:
            bench_daemon(exes[-1], root, commands, args.runs, pycache)
        if args.query_repo != "none":
            source = Path(args.query_repo) if args.query_repo else args.django
            qroot = (
                source.resolve()
                if args.in_place
                else Path(
                    shutil.copytree(
                        source, Path(tmp) / "query", symlinks=True, ignore=shutil.ignore_patterns(".diffreach")
                    )
                )
            )
            if not (qroot / ".git").exists():
                _git(qroot, "init", "-q", "-b", "main")
                _git(qroot, "add", "-A")
                _git(qroot, "commit", "-q", "-m", "initial")
            files = sum(1 for p in qroot.rglob("*") if p.is_file() and ".git" not in p.parts)
            print(f"query: {indexed_files(exes[0], qroot)} files indexed of {files} in {source.name}")
            ask = {"query --json": ["query", "--json", QUESTION]}
            bench(exes, qroot, ask, args.runs, pycache, args.instructions)
            if args.daemon:
                bench_daemon(exes[-1], qroot, ask, args.runs, pycache)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
