#!/usr/bin/env python3
"""Where in the query's list the gold files stand, and whether two cheap re-orderings could help.

A read of the query benchmarks' rows run with ``--keep-top 20`` (``query_polybench.py``,
``query_issues.py``, ``query_bench.py``), no ranking run:
- the share of rows whose gold files are all within the first 5, 10 and 20 (what re-ordering the first
  20 could reach at most), per language;
- the chance that the file at each position is a gold file;
- the same chance for files named as a package's or module's hub (``index.ts``, ``mod.rs``,
  ``__init__.py``, …) against every other file, in the top 5 and at positions 6–10: a prior that lowers
  or raises such files is worth trying only if they differ;
- the first file below the top 5 in the best file's directory (issue 20's "files of the same package"):
  how often it is gold, against the chance at position 5 it would displace.

    python bench/query_positions.py ROWS…
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path, PurePosixPath

_HUB = re.compile(r"(^|/)(index\.[cm]?[jt]sx?|mod\.rs|lib\.rs|__init__\.py|main\.\w+|package-info\.java)$")


def ranked(row: dict) -> list[str]:
    return list((row.get("query") or row["diffreach"])["top"])


def main() -> None:
    rows = [row for path in sys.argv[1:] for row in json.loads(Path(path).read_text())]
    if not rows:
        sys.exit("usage: query_positions.py ROWS… (--json outputs run with --keep-top 20)")
    reach: Counter[tuple[str, int]] = Counter()
    langs: Counter[str] = Counter()
    at: Counter[int] = Counter()
    kinds: Counter[tuple[str, str, bool]] = Counter()
    sibling = Counter[bool]()
    for row in rows:
        files, gold, lang = ranked(row), set(row["gold"]), row.get("language", "python")
        langs[lang] += 1
        for k in (5, 10, 20):
            reach[(lang, k)] += gold <= set(files[:k])
        for i, f in enumerate(files):
            at[i] += f in gold
            if i < 10:
                kinds[("hub" if _HUB.search(f) else "other", "top 5" if i < 5 else "6-10", f in gold)] += 1
        home = PurePosixPath(files[0]).parent if files else None
        near = [f for f in files[5:] if PurePosixPath(f).parent == home]
        if near:
            sibling[near[0] in gold] += 1
    print("rows with every gold file within the first 5 / 10 / 20, per language")
    for lang in sorted(langs):
        print(f"  {lang:<11} {langs[lang]:>4}  " + " / ".join(f"{reach[(lang, k)]:>3}" for k in (5, 10, 20)))
    depth = max(at) + 1 if at else 0
    print("chance that the file at each position is gold:", " ".join(f"{at[i] / len(rows):.3f}" for i in range(depth)))
    for kind in ("hub", "other"):
        for where in ("top 5", "6-10"):
            yes, no = kinds[(kind, where, True)], kinds[(kind, where, False)]
            print(f"{kind:<6} files, {where:<6}: {yes + no:>5}, gold {yes / max(yes + no, 1):.3f}")
    n = sibling[True] + sibling[False]
    print(f"first file below the top 5 in the best file's directory: {n} rows, gold {sibling[True] / max(n, 1):.3f}")


if __name__ == "__main__":
    main()
