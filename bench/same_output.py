#!/usr/bin/env python3
"""Do two builds of the tool give the same graph and the same radius? (a refactoring's proof)

Usage:
    python bench/same_output.py --old OLD_EXE --new NEW_EXE [--commits 20] [--context] [--rename OLD=NEW ...] REPO [REPO ...]

OLD_EXE and NEW_EXE are the console scripts of the two builds (each installed in a venv of
its own). For every REPO (a local directory; a git repository or a plain tree) each build
indexes a copy of its own from scratch, then the script compares, after the
``--rename`` text substitutions are applied to the old build's output:

* ``graph --json``: the whole graph, nodes and edges;
* ``impact --json --base C~1..C`` for each of the last ``--commits`` first-parent commits
  (git repositories only), in the same order for both builds, so that the warm-up counter
  (the first reviews of a repository use a wider hop cap) moves the same way.
* with ``--context``, ``context --format json --base C~1..C`` of each commit too, right after
  its impact (the same change: it counts once for the warm-up).

It prints one line per repository and command kind, and the first differing line of any
output that differs; it exits 1 when anything differs.
"""

from __future__ import annotations

import argparse
import difflib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def run(exe: str, args: list[str], cwd: Path) -> str:
    proc = subprocess.run([exe, *args], cwd=cwd, capture_output=True, text=True, errors="replace", check=False)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{exe} {' '.join(args)}: exit {proc.returncode}: {proc.stderr.strip()[:300]}")
    return proc.stdout


def canonical(text: str, renames: list[tuple[str, str]]) -> str:
    for old, new in renames:
        text = text.replace(old, new)
    return text


def commits(repo: Path, count: int) -> list[str]:
    if not (repo / ".git").exists():
        return []
    out = subprocess.run(
        ["git", "-C", str(repo), "rev-list", "--first-parent", "--no-merges", f"--max-count={count}", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [c for c in reversed(out) if _has_parent(repo, c)]


def _has_parent(repo: Path, commit: str) -> bool:
    return (
        subprocess.run(
            ["git", "-C", str(repo), "rev-parse", "-q", "--verify", f"{commit}~1"], capture_output=True, check=False
        ).returncode
        == 0
    )


def compare(name: str, old: str, new: str) -> bool:
    if old == new:
        return True
    first = next(iter(difflib.unified_diff(old.splitlines(), new.splitlines(), "old", "new", n=0, lineterm="")), "")
    diff = list(difflib.unified_diff(old.splitlines(), new.splitlines(), n=0, lineterm=""))[2:6]
    print(f"  DIFFERS {name}: {first} {' | '.join(d[:200] for d in diff)}")
    return False


def check_repo(repo: Path, args: argparse.Namespace, renames: list[tuple[str, str]]) -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        # A copy per build: a build whose extraction key differs rebuilds a shared data folder,
        # and the other's reader would then read that graph.
        copy, mine = Path(tmp) / "old" / repo.name, Path(tmp) / "new" / repo.name
        ok = True
        for exe, where in ((args.old, copy), (args.new, mine)):
            shutil.copytree(repo, where, symlinks=True, ignore=shutil.ignore_patterns(".diffreach"))
            run(exe, ["index", str(where)], where)
        old = canonical(run(args.old, ["graph", "--json"], copy), renames).replace(str(copy), str(mine))
        new = run(args.new, ["graph", "--json"], mine)
        same = compare(f"{repo.name} graph", old, new)
        nodes = len(json.loads(new).get("nodes", [])) if new.strip() else 0
        print(f"{repo.name}: graph {'same' if same else 'DIFFERENT'} ({nodes} nodes, {len(new):,} bytes)")
        ok &= same
        revs = commits(mine, args.commits)
        differing = 0
        kinds = (["impact", "--json"], *([["context", "--format", "json"]] if args.context else []))
        for rev in revs:
            for kind in kinds:
                base = [*kind, "--base", f"{rev}~1..{rev}"]
                o = canonical(run(args.old, base, copy), renames).replace(str(copy), str(mine))
                n = run(args.new, base, mine)
                differing += not compare(f"{repo.name} {kind[0]} {rev[:10]}", o, n)
        if revs:
            what = " and ".join(" ".join(k) for k in kinds)
            print(
                f"{repo.name}: {what} of {len(revs)} commits: {len(revs) * len(kinds) - differing} same,"
                f" {differing} different"
            )
        return ok and not differing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--old", required=True)
    parser.add_argument("--new", required=True)
    parser.add_argument("--commits", type=int, default=20)
    parser.add_argument("--rename", action="append", default=[], metavar="OLD=NEW")
    parser.add_argument(
        "--context", action="store_true", help="Also compare context --format json of each commit, after its impact."
    )
    parser.add_argument("repos", nargs="+", type=Path)
    args = parser.parse_args()
    args.old, args.new = (str(Path(shutil.which(e) or e).resolve()) for e in (args.old, args.new))
    renames = [(r.split("=", 1)[0], r.split("=", 1)[1]) for r in args.rename]
    results = [check_repo(repo.resolve(), args, renames) for repo in args.repos]
    print(f"{sum(results)} of {len(results)} repositories give the same output")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
