"""Index a synthetic repository of many files and report time and peak memory.

    .venv/bin/python bench/scale.py [--files 50000] [--dir /tmp/blastradius-scale] [--workers 0]

Generates ``--files`` small Python modules (each importing and calling two
others, a class with methods) under ``--dir`` as a git repository, then runs
``blastradius index`` in a child process and reports its wall time and the
peak resident memory of the indexer and of its extraction workers (from
``getrusage``), and the graph's size. The repository is left in place so a
second run (``--reuse``) measures the index alone.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path


def module(i: int, n: int) -> str:
    a, b = (i * 7 + 1) % n, (i * 13 + 5) % n
    return (f"from pkg{a % 100}.m{a} import f{a}\nfrom pkg{b % 100}.m{b} import K{b}\n\n\n"
            f"def f{i}(x):\n    '''Step {i} of the pipeline.'''\n    return f{a}(x) + K{b}().run(x)\n\n\n"
            f"class K{i}:\n    def run(self, x):\n        return self.helper(x) * {i}\n\n"
            f"    def helper(self, x):\n        return f{i}(x - 1) if x else 0\n")


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
    subprocess.run(["git", "-C", str(root), "-c", "user.name=bench", "-c", "user.email=bench@example.com",
                    "commit", "-q", "-m", "synthetic"], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=50_000)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/blastradius-scale"))
    parser.add_argument("--reuse", action="store_true", help="keep an existing generated repository")
    args = parser.parse_args()
    if not (args.reuse and args.dir.exists()):
        started = time.perf_counter()
        generate(args.dir, args.files)
        print(f"generated {args.files} files in {time.perf_counter() - started:.1f} s", flush=True)
    shutil.rmtree(args.dir / ".blastradius", ignore_errors=True)
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "blastradius.cli", "index", str(args.dir), "--json"],
                          capture_output=True, text=True)
    wall = time.perf_counter() - started
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
        return 1
    report = json.loads(proc.stdout)
    # Children's peak RSS: the largest of the indexer and its extraction workers (KiB on Linux).
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    db = args.dir / ".blastradius" / "graph.db"
    result = {"files": report["files"], "symbols": sum(report["symbols"].values()),
              "edges": sum(report["edges"].values()), "skipped": report["skipped"],
              "wall_seconds": round(wall, 1), "peak_rss_mib": round(peak_mib, 1),
              "graph_mib": round(db.stat().st_size / 2**20, 1)}
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
