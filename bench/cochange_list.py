#!/usr/bin/env python3
"""The co-changed list alone, on co-change cases of any repository, for several settings at once.

Usage:
    python bench/cochange_list.py REPO N MAX_COMMITS SETTING [SETTING ...]

REPO is a local git repository with history. N co-change cases (a first-parent commit touching
2–6 non-test source files; the seed is the largest change, the truth the other files) are spread
evenly over the last MAX_COMMITS first-parent commits, exactly as ``review_bench.py`` mines them.
For each case and each SETTING (``min_support=1,min_confidence=5,max_results=20``: fields of
``cochange.HistoryCaps``) it calls ``cochanged_files`` with the history ending at the case's
parent commit and the source files there as candidates, and prints mean recall, mean precision
(over cases that returned files), mean files returned and median seconds per call. No index is
built: this measures the history signal by itself, which is how its defaults were chosen on
repositories outside the development set (docs/benchmarks.md, co-change).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import review_bench as rb
from diffreach.review.cochange import HistoryCaps, cochanged_files


def mine(repo: Path, n: int, max_commits: int) -> list[rb.Case]:
    commits = rb.git(repo, "log", "--first-parent", "--format=%H", f"-n{max_commits}", "HEAD").split()
    out: list[rb.Case] = []
    for commit in commits:
        status = rb.git(repo, "diff-tree", "-r", "--no-commit-id", "--numstat", f"{commit}^", commit, check=False)
        files = [
            (p[2], int(p[0]) + int(p[1]))
            for p in (row.split("\t") for row in status.splitlines())
            if len(p) == 3 and p[0].isdigit() and rb.is_source(p[2])
        ]
        if 2 <= len(files) <= 6:
            seed = max(files, key=lambda f: (f[1], f[0]))[0]
            out.append(rb.Case(repo.name, "co-change", commit, seed, sorted(p for p, _ in files if p != seed)))
    return rb._spread(out, n)


def measure(repo: Path, cases: list[rb.Case], caps: HistoryCaps) -> tuple[float, float | None, float, float]:
    recall, precision, returned, seconds = [], [], [], []
    for c in cases:
        candidates = {
            p for p in rb.git(repo, "ls-tree", "-r", "--name-only", f"{c.commit}^").splitlines() if rb.is_source(p)
        }
        started = time.perf_counter()
        found = {f.file for f in cochanged_files(repo, f"{c.commit}^", [c.seed], candidates, caps).files}
        seconds.append(time.perf_counter() - started)
        hit = found & set(c.truth_files)
        recall.append(len(hit) / len(c.truth_files))
        returned.append(len(found))
        if found:
            precision.append(len(hit) / len(found))
    return (
        statistics.mean(recall),
        statistics.mean(precision) if precision else None,
        statistics.mean(returned),
        statistics.median(seconds),
    )


def main() -> None:
    if len(sys.argv) < 5:
        sys.exit(__doc__.split("\n\n")[1])
    repo, n, max_commits = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    cases = mine(repo, n, max_commits)
    print(f"{repo}: {len(cases)} cases", file=sys.stderr)
    for setting in sys.argv[4:]:
        caps = HistoryCaps(**{k: int(v) for k, v in (kv.split("=") for kv in setting.split(","))})
        r, p, files, secs = measure(repo, cases, caps)
        print(
            f"{setting}: recall {r:.3f}  precision {p if p is None else f'{p:.3f}'}  files {files:.1f}  "
            f"median {secs:.3f}s"
        )


if __name__ == "__main__":
    main()
