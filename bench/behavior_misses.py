#!/usr/bin/env python3
"""What the behaviour-change set misses, by verdict, and what the commits did at the calls of the
misses whose calls still bind: review_bench rows read alone, with the mined repositories' git
history for the edits.

usage: python bench/behavior_misses.py ROWS.json [ROWS.json ...] --repos DIR [--repos DIR ...] [--list]

A missed file is an edited caller file the review left unflagged (``behavior_missed``), with its
callers' verdicts. For those whose only verdict is ``still-binds`` (every call binds the new
parameters as it bound the old ones), the commit's diff of that file is read for lines calling a
changed symbol's name (definitions left out, by their keywords), and the edit is classed: the calls
pass more arguments after it (``gained arguments``: an option taken up), fewer, more calls of the
name, the same count edited, or no call line edited. ``--repos``: folders holding the mined
repositories by name (the rows' ``repo``).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from collections import Counter
from pathlib import Path

# A line that defines the name rather than calls it (the common keywords of the mined languages).
_DEFINES = r"\b(def|function|fn|func|async|public|private|protected|static|export|override|fun)\b[^(]*\b{}\s*[(<]"


def verdicts(reasons: list[str]) -> frozenset[str]:
    return frozenset(r.partition(" [")[0] for r in reasons) or frozenset({"(no verdict)"})


def argument_count(line: str, name: str) -> int | None:
    """How many arguments the first call of ``name`` on a line passes (None: no such call)."""
    m = re.search(rf"\b{re.escape(name)}\s*\(", line)
    if m is None:
        return None
    depth, count, empty = 1, 1, True
    for ch in line[m.end() :]:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                break
        elif ch == "," and depth == 1:
            count += 1
        if not ch.isspace():
            empty = False
    return 0 if empty else count


def edit_at_calls(repo: Path, commit: str, path: str, names: set[str]) -> str:
    diff = subprocess.run(
        ["git", "-C", str(repo), "show", "--format=", commit, "--", path], capture_output=True, text=True
    ).stdout
    before: list[int] = []
    after: list[int] = []
    for line in diff.splitlines():
        side = before if line.startswith("-") and not line.startswith("---") else None
        side = after if line.startswith("+") and not line.startswith("+++") else side
        if side is None:
            continue
        for name in names:
            if re.search(_DEFINES.format(re.escape(name)), line):
                continue
            n = argument_count(line, name)
            if n is not None:
                side.append(n)
    if not before and not after:
        return "no call line edited"
    if len(after) > len(before):
        return "more calls of the name"
    if sum(after) > sum(before):
        return "gained arguments"
    if sum(after) < sum(before):
        return "fewer arguments"
    return "same count, edited"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="+")
    parser.add_argument("--repos", action="append", default=[], type=Path)
    parser.add_argument("--list", action="store_true", help="one line per missed file whose calls still bind")
    args = parser.parse_args()
    truth = 0
    by_verdict: Counter[str] = Counter()
    by_edit: Counter[str] = Counter()
    for path in args.rows:
        for row in json.loads(Path(path).read_text())["rows"]:
            truth += len(set(row["truth"]) - {row["seed"]})
            repo = next((d / row["repo"] for d in args.repos if (d / row["repo"]).is_dir()), None)
            names = {c.rsplit("::", 1)[-1].rsplit(".", 1)[-1].split("#", 1)[0] for c in row["changed"]}
            for missed, reasons in row["behavior_missed"].items():
                found = verdicts(reasons) - {"unjudged"} or frozenset({"(no verdict)"})
                by_verdict[", ".join(sorted(found))] += 1
                if found != {"still-binds"}:
                    continue
                edit = edit_at_calls(repo, row["commit"], missed, names) if repo else "(repository not found)"
                by_edit[edit] += 1
                if args.list:
                    print(f"{row['repo']} {row['commit']} {missed}: {edit}")
    missed = sum(by_verdict.values())
    print(f"\n{truth} edited caller files, {missed} missed by the behaviour-change set\n")
    print("| verdicts of the missed file's callers | files |\n|---|---:|")
    for v, n in by_verdict.most_common():
        print(f"| {v} | {n} |")
    print("\n| the commit's edit at a still-binds file's calls | files |\n|---|---:|")
    for v, n in by_edit.most_common():
        print(f"| {v} | {n} |")


if __name__ == "__main__":
    main()
