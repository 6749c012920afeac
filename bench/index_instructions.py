#!/usr/bin/env python3
"""Instructions one full index executes, counted by valgrind: a measure of index cost that does
not move with the machine's load (CPU time on a shared 2-core machine varies by a quarter between
runs of one build; an instruction count by a thousandth), to compare builds of any age.

    python bench/index_instructions.py PATH [--src DIR] [--workers N]

Two runs under ``valgrind --tool=callgrind`` (every process counted, workers too): one indexes a
one-file repository (start-up, imports, query compilation, the warm-up of the caches), the other
does the same and then indexes PATH; the difference is PATH's own cost. ``--src`` runs another
checkout's ``src`` (the entry points used exist since ``4a524a5``). PATH's ``.diffreach`` is deleted
first; nothing else of PATH is written. Needs valgrind; about 60 times slower than a plain run.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = """
import shutil, sys
from pathlib import Path
from diffreach.config import Config
from diffreach.index.indexer import Indexer

def build(root, workers):
    shutil.rmtree(Path(root) / ".diffreach", ignore_errors=True)
    indexer = Indexer(root, Config(workers=workers))
    try:
        indexer.run(full=True)
    finally:
        indexer.close()

workers = int(sys.argv[1])
build(sys.argv[2], 1)
if len(sys.argv) > 3:
    build(sys.argv[3], workers)
"""


def _counted(args: list[str], env: dict[str, str]) -> int:
    """The instructions every process of one run executed."""
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    counts = [int(n) for n in re.findall(r"Collected : (\d+)", proc.stderr)]
    if proc.returncode != 0 or not counts:
        raise SystemExit(f"valgrind run failed ({proc.returncode}): {proc.stderr.strip()[-400:]}")
    return sum(counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--src", type=Path, help="a checkout's src to run (default: this one's)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    src = (args.src or Path(__file__).resolve().parent.parent / "src").resolve()
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as tiny:
        Path(tiny, "a.py").write_text("def f():\n    return g()\n\n\ndef g():\n    return 1\n")
        subprocess.run(["git", "init", "-q", tiny], check=True)
        base = [sys.executable, "-c", _CHILD, str(args.workers), tiny]
        warm = _counted(base, env)
        full = _counted([*base, str(args.path.resolve())], env)
    print(f"{args.path.name}: {full - warm:,} instructions ({warm:,} start-up and warm-up not counted), src {src}")


if __name__ == "__main__":
    main()
