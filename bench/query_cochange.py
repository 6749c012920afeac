#!/usr/bin/env python3
"""Would the files that changed with the query's best files make better multi-file answers?

A what-if over the query benchmarks' rows (issue 20's "co-change history" direction), without a new
index: for each instance, the history before its base commit (``git log``, the last ``--commits``
commits that touch at most ``--max-files`` files) gives each of the query's best ``--from`` files its
partners (files changed in the same commits at least ``--min-count`` times; test files, docs and data
left out; only files present at the base commit). The first ``--keep`` files of the query's top 5 stay;
each source file's two strongest partners fill the next places; the query's own files fill the rest.
Prints each instance whose Acc@5 (every gold file in the top 5) moves, and the totals.

    python bench/query_cochange.py --bases BASES… --rows ROWS… [--mirrors DIR]

BASES: the sets' instance files, any of ``bench/query_issues.py``'s (``issues``: id, repo,
base_commit), SWE-PolyBench's JSON lines (task_id) or a SWE-bench list (instance_id). ROWS: the
``--json`` outputs of ``query_polybench.py``, ``query_issues.py`` or ``query_bench.py`` (their
``query`` or ``diffreach`` top 5). The repositories are read from ``--mirrors``/<owner>+<name>/repo.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import subprocess
from collections import Counter
from pathlib import Path

# What a ranking not about tests leaves out, and files that are not code.
_NOT_CODE = re.compile(
    r"(^|/)(tests?|__tests__|spec|testing|testdata|docs?)(/|$)|[._-](test|spec)s?\.|(^|/)test_[^/]*$"
    r"|_test\.go$|Tests?\.java$|\.(md|rst|txt|json|lock|ya?ml|toml|cfg|ini)$|(^|/)CHANGES"
)


def load_bases(paths: list[str]) -> dict[str, tuple[str, str]]:
    """instance id → (owner/name, base commit), from every kind of set file."""
    out: dict[str, tuple[str, str]] = {}
    for path in paths:
        text = Path(path).read_text()
        if path.endswith(".jsonl"):
            items = [json.loads(line) for line in text.splitlines() if line.strip()]
        else:
            data = json.loads(text)
            items = data["issues"] if isinstance(data, dict) else data
        for item in items:
            key = item.get("id") or item.get("task_id") or item["instance_id"]
            out[key] = (item["repo"], item["base_commit"])
    return out


class History:
    """Each repository's commits before a base, as sets of paths, and the paths at the base."""

    def __init__(self, mirrors: Path, commits: int, max_files: int) -> None:
        self.mirrors, self.commits, self.max_files = mirrors, commits, max_files

    def _git(self, repo: str, *args: str) -> str:
        where = self.mirrors / repo.replace("/", "+") / "repo"
        done = subprocess.run(["git", "-C", str(where), *args], capture_output=True, text=True, check=False)
        return done.stdout if done.returncode == 0 else ""  # a base the mirror lacks: no history

    @functools.cache  # noqa: B019 - one History per run
    def changes(self, repo: str, base: str) -> list[frozenset[str]]:
        out = self._git(repo, "log", "--no-merges", "--name-only", "--format=format:@@", f"-n{self.commits}", base)
        commits = [frozenset(filter(None, chunk.split("\n"))) for chunk in out.split("@@")]
        return [c for c in commits if 0 < len(c) <= self.max_files]

    @functools.cache  # noqa: B019
    def files_at(self, repo: str, base: str) -> frozenset[str]:
        return frozenset(self._git(repo, "ls-tree", "-r", "--name-only", base).splitlines())

    def partners(self, repo: str, base: str, path: str, min_count: int) -> list[str]:
        present = self.files_at(repo, base)
        counts: Counter[str] = Counter()
        for commit in self.changes(repo, base):
            if path in commit:
                counts.update(p for p in commit if p != path and p in present and not _NOT_CODE.search(p))
        # Ties by path: the commits are sets, whose order changes from run to run.
        return [p for p, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if n >= min_count]


def filled(top: list[str], partners_of: list[list[str]], keep: int) -> list[str]:
    """The query's first ``keep`` files, then each source's two strongest partners, then the rest."""
    out = top[:keep]
    for partners in partners_of:
        out += [p for p in partners[:2] if p not in out][: 5 - len(out)]
    out += [p for p in top if p not in out]
    return out[:5]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bases", nargs="+", required=True)
    ap.add_argument("--rows", nargs="+", required=True)
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--commits", type=int, default=2000)
    ap.add_argument("--max-files", type=int, default=10)
    ap.add_argument("--min-count", type=int, default=2)
    ap.add_argument("--keep", type=int, default=3)
    ap.add_argument("--from", dest="sources", type=int, default=1)
    args = ap.parse_args()
    bases = load_bases(args.bases)
    history = History(Path(args.mirrors), args.commits, args.max_files)
    totals: Counter[str] = Counter()
    for rows in args.rows:
        for row in json.loads(Path(rows).read_text()):
            if row["id"] not in bases:
                totals["no base commit"] += 1
                continue
            repo, base = bases[row["id"]]
            top = (row.get("query") or row["diffreach"])["top"][:5]
            totals["no history read"] += not history.changes(repo, base)
            sources = [history.partners(repo, base, p, args.min_count) for p in top[: args.sources]]
            new = filled(top, sources, args.keep)
            gold = set(row["gold"])
            before, after = gold <= set(top), gold <= set(new)
            totals["instances"] += 1
            totals["Acc@5 before"] += before
            totals["Acc@5 after"] += after
            if before != after:
                added = [p for p in new if p not in top]
                print(f"{'up  ' if after else 'down'} {Path(rows).name} {row['id']}: added {added}")
    print(dict(totals))


if __name__ == "__main__":
    main()
