#!/usr/bin/env python3
"""What a verdict's severity weighs: behaviour recall and precision if some verdicts flagged a
caller's file (``--promote``) or stopped flagging it (``--demote``), from review_bench rows alone.

usage: python bench/severity_whatif.py ROWS.json [ROWS.json ...] [--promote V,V] [--demote V,V]

Each row lists the hop-1 caller files it flagged rightly (``behavior_hit``) and wrongly
(``behavior_false``), the edited callers it left unflagged (``behavior_missed``) and the files it
rightly left unflagged (``behavior_passed``, rows from review_bench.py since session 31), each with
its callers' verdicts. A file is flagged when one of its callers' verdicts is: promoting a verdict
flags every unflagged file with a caller of it; demoting unflags the flagged files with a caller of
it whose callers' other verdicts are all low. Means are taken per case, as compare_reviews.py takes them,
per language and over all; rows without ``behavior_passed`` are skipped (their false flags after a
promotion cannot be counted).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path

from compare_reviews import ORDER, lang


def verdicts(reasons: list[str]) -> set[str]:
    """The verdicts of a file's callers: ``"verdict [resolution]: reason"`` → ``verdict``."""
    return {r.partition(" [")[0] for r in reasons}


def rescore(row: dict, promote: set[str], demote: set[str]) -> tuple[float | None, float | None]:
    """(recall, precision) of the row's behaviour set after the change; None where undefined."""
    hit, false = dict(row["behavior_hit"]), dict(row["behavior_false"])
    truth = set(row["truth"]) - {row["seed"]}
    for path, reasons in row["behavior_missed"].items():
        if verdicts(reasons) & promote:
            hit[path] = reasons
    for path, reasons in row["behavior_passed"].items():
        if verdicts(reasons) & promote:
            false[path] = reasons
    if demote:  # a file with a demoted verdict stays flagged while another verdict flags it
        hit = {p: r for p, r in hit.items() if not verdicts(r) & demote or verdicts(r) - demote - LOW}
        false = {p: r for p, r in false.items() if not verdicts(r) & demote or verdicts(r) - demote - LOW}
    got = len(hit) + len(false)
    return (len(hit) / len(truth) if truth else None), (len(hit) / got if got else None)


# The verdicts that flag no file on their own (review/outcomes.py's low severity): a demotion
# leaves a file flagged only through a verdict outside this set.
LOW = {
    "renamed-parameter",
    "not-this-overload",
    "another-definition",
    "fits-new-only",
    "still-binds",
    "return-discarded",
    "raises-handled",
    "body-only",
    "raises-unchecked",
    "guessed-callee",
    "forwards-all",
    "inherited",
    "dispatches",
    "named-only",
    "unjudged",
}


def mean(values: list[float | None]) -> float | None:
    kept = [v for v in values if v is not None]
    return statistics.mean(kept) if kept else None


def shown(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="+")
    parser.add_argument("--promote", default="", help="verdicts that would flag their caller's file")
    parser.add_argument("--demote", default="", help="verdicts that would no longer flag it")
    args = parser.parse_args()
    promote = {v for v in args.promote.split(",") if v}
    demote = {v for v in args.demote.split(",") if v}
    by_lang: dict[str, list[tuple]] = defaultdict(list)
    skipped = 0
    for path in args.rows:
        for row in json.loads(Path(path).read_text())["rows"]:
            if "behavior_passed" not in row:
                skipped += 1
                continue
            before = ((row.get("ours_behavior") or {}).get("recall"), (row.get("ours_behavior") or {}).get("precision"))
            after = rescore(row, promote, demote)
            by_lang[lang(row["seed"])].append((before, after))
            by_lang["all"].append((before, after))
    print("| language | cases | behav recall | behav precision |\n|---|---:|---|---|")
    for name in [*ORDER, "all"]:
        pairs = by_lang.get(name)
        if not pairs:
            continue
        cells = []
        for i in (0, 1):
            b, a = mean([p[0][i] for p in pairs]), mean([p[1][i] for p in pairs])
            cells.append(f"{shown(b)} → {shown(a)}")
        print(f"| {name} | {len(pairs)} | {cells[0]} | {cells[1]} |")
    if skipped:
        print(f"\n{skipped} rows without behavior_passed skipped (replayed before session 31)")


if __name__ == "__main__":
    main()
