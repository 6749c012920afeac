#!/usr/bin/env python3
"""CPU of extraction against the floor, one process, on any tree.

The floor is bench/index_speed.py's: tree-sitter parse plus one
``QueryCursor.matches`` pass with each language's query over every file the
indexer would index (imported, not copied). The extraction is
``extract_files.extract_path`` over the same files, in one process: what an index
worker does, without the packing and the transfer. Each part runs in a child
process of its own (index_speed found that parsing every file and then indexing
in one process crashed tree-sitter 0.26), the parts alternate over ``--rounds``
and the minimum of each is reported, so a busy machine skews both alike.
``--instructions`` counts instructions instead (valgrind's cachegrind, hash
seed fixed): on a shared machine CPU seconds swing by a third from run to run,
instruction counts repeat to the digit; a child that only walks the tree is
subtracted from both parts. It is ~50× slower: use it on the small trees.
``--profile`` prints a cProfile top list of one more extraction pass;
``--dump DIR`` writes the repr of every extract, sorted by path, one file per
tree, to compare outputs before and after a change.

    python bench/extract_profile.py [--django] [--rounds N] [--instructions] [--profile] [--dump DIR] [TREE ...]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from diffreach.config import load_config
from diffreach.extract.pool import extract_path
from diffreach.index.indexer import walk

sys.path.insert(0, str(Path(__file__).resolve().parent))
import index_speed


def paths_of(root: Path) -> list[str]:
    return [c.path for c in walk(root, load_config(root))[0]]


def extract_cpu(root: Path) -> tuple[float, int]:
    """CPU seconds of ``extract_path`` over every indexed file, and how many were extracted."""
    paths = paths_of(root)
    started = time.process_time()
    done = sum(1 for p in paths if not isinstance(extract_path(str(root), p), tuple))
    return time.process_time() - started, done


def dump(root: Path, out: Path) -> int:
    """The repr of every extract (or skip) of a tree, sorted by path; the number of files."""
    paths = sorted(paths_of(root))
    with out.open("w") as f:
        for p in paths:
            f.write(repr(extract_path(str(root), p)) + "\n")
    return len(paths)


def profile(root: Path, top: int) -> None:
    paths = paths_of(root)
    prof = cProfile.Profile()
    prof.enable()
    for p in paths:
        extract_path(str(root), p)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(top)


def child(part: str, root: Path) -> list[float]:
    run = subprocess.run(
        [sys.executable, __file__, "--part", part, str(root)], capture_output=True, text=True, check=False
    )
    if run.returncode != 0:
        raise SystemExit(f"{part} failed on {root}: {run.stderr.strip()[-2000:]}")
    return json.loads(run.stdout)


def instructions(part: str, root: Path) -> int:
    """Instructions a child running ``part`` executes, imports and all (cachegrind's I refs)."""
    cmd = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--part",
        part,
        str(root),
    ]
    run = subprocess.run(cmd, capture_output=True, text=True, check=False, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"valgrind {part} failed on {root}: {run.stderr.strip()[-2000:]}")
    return int(found.group(1).replace(",", ""))


def count_tree(root: Path) -> dict[str, object]:
    base = instructions("walk", root)
    floor, extract = instructions("floor", root) - base, instructions("extract", root) - base
    return {
        "tree": root.name,
        "floor_Ginstr": round(floor / 1e9, 3),
        "extract_Ginstr": round(extract / 1e9, 3),
        "extract_vs_floor": round(extract / floor, 3),
        "above_floor_Ginstr": round((extract - floor) / 1e9, 3),
        "walk_Ginstr": round(base / 1e9, 3),
    }


def measure_tree(root: Path, rounds: int) -> dict[str, object]:
    floors, extracts = [], []
    files = matches = 0
    for _ in range(rounds):
        floor, files, matches = child("floor", root)
        floors.append(floor)
        cpu, _done = child("extract", root)
        extracts.append(cpu)
    floor, cpu = min(floors), min(extracts)
    return {
        "tree": root.name,
        "files": files,
        "matches": matches,
        "floor_cpu_s": round(floor, 3),
        "extract_cpu_s": round(cpu, 3),
        "extract_vs_floor": round(cpu / floor, 2),
        "above_floor_s": round(cpu - floor, 3),
        "floors": [round(x, 3) for x in floors],
        "extracts": [round(x, 3) for x in extracts],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="*", type=Path, help="directories to extract (git repositories or plain)")
    ap.add_argument("--django", action="store_true", help="also the cached Django sdist, committed to a temp dir")
    ap.add_argument("--rounds", type=int, default=1, help="alternate floor/extract this many times; min is kept")
    ap.add_argument("--instructions", action="store_true", help="count instructions (valgrind) instead of CPU")
    ap.add_argument("--profile", action="store_true", help="print a cProfile top list per tree")
    ap.add_argument("--top", type=int, default=30, help="lines of the profile")
    ap.add_argument("--dump", type=Path, help="write each tree's extracts to DIR/<tree>.txt")
    ap.add_argument("--no-measure", action="store_true", help="only --dump/--profile")
    ap.add_argument("--part", choices=("walk", "floor", "extract"), help=argparse.SUPPRESS)  # internal
    args = ap.parse_args(argv)
    if args.part:
        root = args.trees[0]
        parts = {
            "walk": lambda: len(paths_of(root)),
            "floor": lambda: index_speed.floor_cpu(root),
            "extract": lambda: extract_cpu(root),
        }
        print(json.dumps(parts[args.part]()))
        return 0
    with tempfile.TemporaryDirectory(prefix="br-extract-") as tmp:
        trees = [t.resolve() for t in args.trees]
        if args.django:
            trees.insert(0, index_speed.committed_copy(index_speed.django_tree("download"), Path(tmp), "django"))
        for root in trees:
            if args.dump:
                args.dump.mkdir(parents=True, exist_ok=True)
                n = dump(root, args.dump / f"{root.name}.txt")
                print(f"dumped {n} files of {root.name} to {args.dump / (root.name + '.txt')}", flush=True)
            if args.instructions:
                print(json.dumps(count_tree(root)), flush=True)
            elif not args.no_measure:
                print(json.dumps(measure_tree(root, args.rounds)), flush=True)
            if args.profile:
                profile(root, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
