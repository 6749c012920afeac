#!/usr/bin/env python3
"""Does the review context hold the definitions that reviewers named? (issue 23, development set)

Usage:
    python bench/review_refs.py [--data bench/data/review_refs.json] [--repos /work/repos]
        [--budgets 4000,8000,16000] [--src OTHER/src] [--json OUT]

The cases are ``bench/data/review_refs.json``: merged pull requests of the development-set
repositories whose review comments name, in backticks, a definition of the repository (our own
annotation: the definition's file and line at the landing commit, and whether the comment is
about it). For each pull request a scratch clone (``bench/.cache/review_refs/<clone>``) is put at
the base (the landing commit's first parent) with the pull request's diff applied and staged
(``git apply --index``), so the change is the working tree against HEAD, as in
bench/context_fit.py; the graph is brought up to date and ``serve_context`` builds the context
at every budget. A named definition is *held* when its line (whitespace collapsed) is in the
context text (a hit that is only git's hunk-header function context, ``@@ … @@ class X:``, is
counted and also reported apart). Only genuine references outside the changed lines count, in
two categories that the script computes from the diff (the annotation's ``kind`` is checked
against it):

* ``changed file``: the definition is in a file the pull request changes, outside its changed lines;
* ``untouched file``: the definition is in a file the pull request does not change.

Baselines in the same pass: ``diff+files`` (the diff plus the whole new side of every changed
file, any size) and ``grep@16000`` (the diff, then ``git grep -n -w`` lines for each identifier
of the added lines in order of first use, until 16,000 tokens). Tokens are counted with the
heuristic counter the context uses. ``--src`` runs another build of diffreach (its ``src``
directory goes first on ``sys.path``, like ``PYTHONPATH=<other src>`` in bench/context_fit.py).
The noise estimate is a bootstrap over pull requests (2,000 resamples, fixed seed): a 95%
interval of the share held at each budget.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _src_argument(argv: list[str]) -> str | None:
    """``--src`` has to act before diffreach is imported, so it is read ahead of argparse."""
    for i, arg in enumerate(argv):
        if arg == "--src" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--src="):
            return arg.split("=", 1)[1]
    return None


sys.path.insert(0, _src_argument(sys.argv) or str(ROOT / "src"))

from diffreach.api import blast_radius, index, open_store  # noqa: E402
from diffreach.review.ledger import file_reader, serve_context  # noqa: E402
from diffreach.review.tokens import HeuristicCounter  # noqa: E402

DATA = ROOT / "bench" / "data" / "review_refs.json"
CACHE = ROOT / "bench" / ".cache" / "review_refs"
CATEGORIES = ("changed file", "untouched file")
GREP_BUDGET = 16000
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")


def git(repo: Path, *args: str, input_text: str | None = None, check: bool = True) -> str:
    proc = subprocess.run(
        ["git", "-C", str(repo), *args], input=input_text, capture_output=True, text=True, errors="replace", check=False
    )
    if check and proc.returncode != 0:
        raise RuntimeError(f"git {' '.join(args[:3])}: {proc.stderr.strip()[:200]}")
    return proc.stdout


@dataclass(frozen=True)
class Ref:
    pr: str  # "<clone>#<number>"
    name: str
    file: str
    line: int
    kind: str
    genuine: bool


def added_lines(diff: str) -> dict[str, set[int]]:
    """New-side line numbers of the added lines of a unified diff, per file (the changed lines)."""
    out: dict[str, set[int]] = {}
    path = ""
    new = 0
    for line in diff.splitlines():
        if line.startswith("+++ "):
            path = line[6:] if line.startswith("+++ b/") else ""
            out.setdefault(path, set())
        elif m := re.match(r"@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@", line):
            new = int(m.group(1))
        elif line.startswith("+") and path:
            out[path].add(new)
            new += 1
        elif not line.startswith("-") and not line.startswith("\\"):
            new += 1
    return out


def changed_files(diff: str) -> set[str]:
    """Every path the diff touches, either side (a deleted or renamed file counts as changed)."""
    paths = set()
    for line in diff.splitlines():
        if line.startswith(("--- a/", "+++ b/")):
            paths.add(line[6:])
    return paths


def category(ref: Ref, touched: set[str], added: dict[str, set[int]]) -> str:
    """Where the definition sits against the diff: ``changed lines`` (not scored), ``changed file``
    or ``untouched file``."""
    if ref.file not in touched:
        return "untouched file"
    return "changed lines" if ref.line in added.get(ref.file, set()) else "changed file"


def squash(text: str) -> str:
    return " ".join(text.split())


def holds(text: str, definition_line: str) -> bool:
    """Is the definition's line in ``text``? Whitespace is collapsed on both sides (the context
    re-indents some blocks); an empty line never counts."""
    wanted = squash(definition_line)
    return bool(wanted) and wanted in squash(text)


def header_only(text: str, definition_line: str) -> bool:
    """Held only because git printed the definition as a hunk header's function context
    (``@@ -a,b +c,d @@ class X:``): the reader sees the line, not the body around it."""
    body = "\n".join(line for line in text.splitlines() if not line.startswith("@@"))
    return holds(text, definition_line) and not holds(body, definition_line)


def grep_context(work: Path, diff: str, counter: HeuristicCounter, budget: int = GREP_BUDGET) -> str:
    """The grep baseline: the diff, then ``git grep -n -w`` for each identifier of the added lines
    (first use first) while the text stays within ``budget``."""
    names: list[str] = []
    for line in diff.splitlines():
        if line.startswith("+") and not line.startswith("+++"):
            names += [n for n in IDENT.findall(line[1:]) if n not in names]
    text = diff
    for name in names:
        hits = git(work, "grep", "-n", "-w", "-e", name, check=False)
        if not hits:
            continue
        if counter.count(text + hits) > budget:
            continue
        text += hits
    return text


def bootstrap(rows: list[tuple[str, bool]], *, samples: int = 2000, seed: int = 7) -> tuple[float, float]:
    """95% interval of the share held, resampling pull requests (the unit that was sampled):
    ``rows`` are (pull request, held) pairs, several per pull request."""
    by_pr: dict[str, list[bool]] = {}
    for pr, held in rows:
        by_pr.setdefault(pr, []).append(held)
    prs = sorted(by_pr)
    if not prs:
        return (0.0, 0.0)
    rng = random.Random(seed)
    shares = []
    for _ in range(samples):
        pick = [held for pr in rng.choices(prs, k=len(prs)) for held in by_pr[pr]]
        shares.append(sum(pick) / len(pick))
    shares.sort()
    return (shares[int(0.025 * samples)], shares[int(0.975 * samples) - 1])


def prepare(clone: Path, cache: Path) -> Path:
    work = cache / clone.name
    if not work.exists():
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "-q", "--no-checkout", str(clone), str(work)], check=True)
    return work


def apply_pr(work: Path, commit: str) -> str:
    """The work copy at the base with the pull request's change staged; returns the diff."""
    git(work, "checkout", "-q", "--force", "--detach", f"{commit}^1")
    git(work, "clean", "-fdq", "-e", ".diffreach")
    diff = git(work, "diff", "--binary", f"{commit}^1", commit)
    git(work, "apply", "--index", "--whitespace=nowarn", "-", input_text=diff)
    return git(work, "diff", "--cached", "--no-color", "-U3")


def run_pr(work: Path, pr: dict[str, Any], budgets: list[int], counter: HeuristicCounter) -> list[dict[str, Any]]:
    diff = apply_pr(work, pr["commit"])
    touched, added = changed_files(diff), added_lines(diff)
    index(work)
    impact = blast_radius(work, count_review=False, history=False)
    store = open_store(work)
    try:
        contexts = {
            b: serve_context(store, impact, budget=b, origin="bench", read=file_reader(store.root, impact.head))
            for b in budgets
        }
    finally:
        store.close()
    whole = diff + "".join((work / p).read_text(errors="replace") for p in sorted(touched) if (work / p).is_file())
    grep = grep_context(work, diff, counter)
    rows = []
    for raw in pr["refs"]:
        ref = Ref(f"{pr['clone']}#{pr['pr']}", raw["name"], raw["file"], raw["line"], raw["kind"], raw["genuine"])
        lines = (work / ref.file).read_text(errors="replace").splitlines()
        definition = lines[ref.line - 1] if 0 < ref.line <= len(lines) else ""
        if ref.name not in definition:
            print(f"  {ref.pr}: line {ref.file}:{ref.line} does not name {ref.name}", file=sys.stderr)
        where = category(ref, touched, added)
        if where != ref.kind:
            print(f"  {ref.pr} {ref.name}: annotated {ref.kind!r}, diff says {where!r}", file=sys.stderr)
        rows.append(
            {
                "repo": pr["clone"],
                "pr": ref.pr,
                "name": ref.name,
                "category": where,
                "genuine": ref.genuine,
                "held": {str(b): holds(c.text, definition) for b, c in contexts.items()},
                "header_only": {str(b): header_only(c.text, definition) for b, c in contexts.items()},
                "fits": {str(b): c.fits for b, c in contexts.items()},
                "tokens": {str(b): c.tokens for b, c in contexts.items()},
                "diff_files_held": holds(whole, definition),
                "diff_files_tokens": counter.count(whole),
                "grep_held": holds(grep, definition),
                "grep_tokens": counter.count(grep),
            }
        )
    return rows


def _share(held: int, total: int) -> str:
    return f"{held}/{total} ({held / total:.0%})" if total else "0/0"


def summarize(rows: list[dict[str, Any]], budgets: list[int]) -> list[str]:
    scored = [r for r in rows if r["genuine"] and r["category"] in CATEGORIES]
    out = []
    cols = [f"ctx@{b:,}" for b in budgets] + ["diff+files", f"grep@{GREP_BUDGET:,}"]
    out.append(f"{'category':<16} {'refs':>4}  " + "  ".join(f"{c:>14}" for c in cols))
    for name, group in [(c, [r for r in scored if r["category"] == c]) for c in CATEGORIES] + [("overall", scored)]:
        cells = [_share(sum(r["held"][str(b)] for r in group), len(group)) for b in budgets]
        cells += [_share(sum(r["diff_files_held"] for r in group), len(group))]
        cells += [_share(sum(r["grep_held"] for r in group), len(group))]
        out.append(f"{name:<16} {len(group):>4}  " + "  ".join(f"{c:>14}" for c in cells))
    per_pr = {r["pr"]: r for r in rows}  # fits and tokens are per pull request
    out.append("")
    for b in budgets:
        fits = sum(r["fits"][str(b)] for r in per_pr.values())
        median = statistics.median(r["tokens"][str(b)] for r in per_pr.values()) if per_pr else 0
        low, high = bootstrap([(r["pr"], r["held"][str(b)]) for r in scored])
        headers = sum(r["header_only"][str(b)] for r in scored)
        out.append(
            f"budget {b:>6,}: held only through a hunk header {headers}; fits {_share(fits, len(per_pr))}, median context tokens {median:,.0f};"
            f" held overall 95% bootstrap interval {low:.0%}–{high:.0%}"
        )
    if per_pr:
        out.append(
            f"baselines: diff+files median {statistics.median(r['diff_files_tokens'] for r in per_pr.values()):,.0f}"
            f" tokens; grep median {statistics.median(r['grep_tokens'] for r in per_pr.values()):,.0f} tokens"
        )
    out.append("")
    for repo in sorted({r["repo"] for r in scored}):
        mine = [r for r in scored if r["repo"] == repo]
        line = "  ".join(f"{b:,}: {_share(sum(r['held'][str(b)] for r in mine), len(mine))}" for b in budgets)
        out.append(f"{repo:<10} {len({r['pr'] for r in mine})} PRs  {line}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--repos", type=Path, default=Path("/work/repos"), help="where the clones named in the data are")
    ap.add_argument("--cache", type=Path, default=CACHE, help="where the scratch clones live")
    ap.add_argument("--budgets", default="4000,8000,16000")
    ap.add_argument("--src", help="another build's src directory (read before diffreach is imported)")
    ap.add_argument("--json", help="write every reference row here")
    args = ap.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    counter = HeuristicCounter()
    rows: list[dict[str, Any]] = []
    for pr in json.loads(args.data.read_text())["prs"]:
        work = prepare(args.repos / pr["clone"], args.cache)
        try:
            rows += run_pr(work, pr, budgets, counter)
        except (RuntimeError, OSError) as exc:  # a case that cannot be replayed is reported, not fatal
            print(f"  skip {pr['clone']}#{pr['pr']}: {exc}", file=sys.stderr)
        print(f"{pr['clone']}#{pr['pr']} done", file=sys.stderr)
    print("\n".join(summarize(rows, budgets)))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
