#!/usr/bin/env python3
"""Compare two review_bench --json outputs: a markdown table per language, before -> after.

usage: python bench/compare_reviews.py BEFORE.json AFTER.json

Cases are matched by (repo, commit, seed); the table's means are over the matched cases only
(cases in just one file are listed below it). A mean is taken as bench/review_bench.py's
summarize() takes it: over the cases, skipping None (precision is None where nothing but the
seed came back; func_recall is absent where the case has no truth functions).
Language = the seed file's extension.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import Counter
from pathlib import Path

LANG = {
    ".py": "Python",
    ".pyi": "Python",
    ".go": "Go",
    ".js": "JavaScript",
    ".jsx": "JavaScript",
    ".mjs": "JavaScript",
    ".cjs": "JavaScript",
    ".ts": "TypeScript",
    ".tsx": "TypeScript",
    ".mts": "TypeScript",
    ".cts": "TypeScript",
    ".java": "Java",
    ".rs": "Rust",
    ".kt": "Kotlin",
    ".kts": "Kotlin",
    ".scala": "Scala",
    ".cs": "C#",
}
ORDER = ["Python", "Go", "JavaScript", "TypeScript", "Java", "Kotlin", "Scala", "Rust", "C#", "other"]

# (column, how a row gives the value)
METRICS = [
    ("file recall", lambda r: r["ours"]["recall"]),
    ("precision", lambda r: r["ours"]["precision"]),
    ("func recall", lambda r: r.get("func_recall")),
    ("behav recall", lambda r: (r.get("ours_behavior") or {}).get("recall")),
    ("behav precision", lambda r: (r.get("ours_behavior") or {}).get("precision")),
]


def lang(seed: str) -> str:
    return LANG.get(Path(seed).suffix.lower(), "other")


def mean(values: list) -> float | None:  # as summarize(): skip None
    vals = [v for v in values if v is not None]
    return statistics.mean(vals) if vals else None


def fmt(v: float | None) -> str:
    return "–" if v is None else f"{v:.3f}"


def load(path: str) -> dict:
    rows = json.loads(Path(path).read_text())["rows"]
    rows = [r for r in rows if r.get("kind", "caller-update") == "caller-update"]
    out: dict = {}
    dup = Counter()
    for r in rows:
        key = (r["repo"], r["commit"], r["seed"])
        if key in out:
            dup[key] += 1
            continue
        out[key] = r
    for key, n in dup.items():
        print(f"warning: {path}: {n} more row(s) for {key}; the first is used", file=sys.stderr)
    return out


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    before, after = load(sys.argv[1]), load(sys.argv[2])
    keys = sorted(set(before) & set(after))
    groups: dict[str, list] = {}
    for k in keys:
        groups.setdefault(lang(k[2]), []).append(k)
    total_b = Counter(lang(k[2]) for k in before)
    total_a = Counter(lang(k[2]) for k in after)

    print(
        f"before: {sys.argv[1]} ({len(before)} cases)  after: {sys.argv[2]} ({len(after)} cases)  "
        f"matched: {len(keys)}\n"
    )
    head = ["language", "cases"] + [m for m, _ in METRICS]
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|")
    for name in [n for n in ORDER if n in groups] + ["all"]:
        ks = keys if name == "all" else groups[name]
        nb = len(before) if name == "all" else total_b[name]
        na = len(after) if name == "all" else total_a[name]
        cases = str(len(ks)) if nb == na == len(ks) else f"{len(ks)} ({nb}/{na})"
        cells = [f"**{name}**" if name == "all" else name, cases]
        for _, get in METRICS:
            b = mean([get(before[k]) for k in ks])
            a = mean([get(after[k]) for k in ks])
            d = "" if a is None or b is None or round(a - b, 3) == 0 else f" ({a - b:+.3f})"
            cells.append(f"{fmt(b)} → {fmt(a)}{d}")
        print("| " + " | ".join(cells) + " |")
    print(
        "\ncases: matched (before total / after total) where these differ; means over matched cases,"
        " each skipping None (so precision may average different cases before and after)."
    )

    only_b, only_a = sorted(set(before) - set(after)), sorted(set(after) - set(before))
    for label, ks in (("only in BEFORE", only_b), ("only in AFTER", only_a)):
        if ks:
            print(f"\n{label} ({len(ks)}):")
            for k in ks:
                print(f"- {k[0]} {k[1]} {k[2]}")

    def rec(r: dict) -> float:
        return r["ours"]["recall"] if r["ours"]["recall"] is not None else -1.0

    changed = [k for k in keys if before[k]["ours"]["recall"] != after[k]["ours"]["recall"]]
    print(
        f"\nfile recall changed in {len(changed)} of {len(keys)} matched cases"
        f" ({sum(rec(after[k]) > rec(before[k]) for k in changed)} up,"
        f" {sum(rec(after[k]) < rec(before[k]) for k in changed)} down)"
    )
    if changed:
        print("\n| repo | commit | seed | file recall | now found | now missed |")
        print("|---|---|---|---:|---|---|")
        for k in sorted(changed, key=lambda k: (lang(k[2]), k)):
            b, a = before[k], after[k]
            found = sorted(set(b.get("missed", [])) - set(a.get("missed", [])))
            lost = sorted(set(a.get("missed", [])) - set(b.get("missed", [])))
            print(
                f"| {k[0]} | {k[1]} | {k[2]} | {fmt(b['ours']['recall'])} → {fmt(a['ours']['recall'])} | "
                f"{', '.join(found) or ''} | {', '.join(lost) or ''} |"
            )


if __name__ == "__main__":
    main()
