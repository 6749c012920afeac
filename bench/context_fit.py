"""Does the review context fit its budget on real commits, and how many tokens does it take?

Usage: python bench/context_fit.py REPO [REPO ...] [--cases 12] [--budgets 4000,8000,16000] [--json OUT]

REPO is a scratch clone (its graph database is written and its working tree checked out).
Cases are the most recent first-parent non-merge commits that touch 1-40 files; for each,
the clone is put at the commit with HEAD on its parent (``git reset --soft``), so the change
is the working tree against HEAD, and ``serve_context`` builds the context at every budget.
Run it once with each version of the code (``PYTHONPATH=<other src>`` for the other one)
on the same clones: the cases are the same, the graph is brought up to date each time.
``--no-forward`` leaves out the forward context (the definitions the changed lines use), to
measure what it costs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
from pathlib import Path

from diffreach.api import blast_radius, index, open_store
from diffreach.review import ledger
from diffreach.review.ledger import file_reader, serve_context


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout


def cases(root: Path, n: int) -> list[str]:
    out: list[str] = []
    for sha in git(root, "rev-list", "--first-parent", "--no-merges", "-n", str(n * 4), "HEAD").split():
        files = git(root, "show", "--format=", "--name-only", sha).split()
        if 1 <= len(files) <= 40:
            out.append(sha)
        if len(out) == n:
            break
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repos", nargs="+")
    parser.add_argument("--cases", type=int, default=12)
    parser.add_argument("--budgets", default="4000,8000,16000")
    parser.add_argument("--json")
    parser.add_argument("--no-forward", action="store_true", help="the forward context off: its cost, isolated")
    args = parser.parse_args()
    if args.no_forward:
        ledger.forward_uses = lambda *a, **k: ((), False)
    budgets = [int(b) for b in args.budgets.split(",")]
    rows = []
    for repo in args.repos:
        root = Path(repo).resolve()
        tip = git(root, "rev-parse", "HEAD").strip()
        try:
            for sha in cases(root, args.cases):
                git(root, "checkout", "-q", "-f", sha)
                git(root, "reset", "-q", "--soft", f"{sha}^")
                index(root)
                impact = blast_radius(root, count_review=False, history=False)
                store = open_store(root)
                try:
                    for budget in budgets:
                        ctx = serve_context(store, impact, budget=budget, read=file_reader(store.root, impact.head))
                        rows.append(
                            {
                                "repo": root.name,
                                "sha": sha[:10],
                                "budget": budget,
                                "tokens": ctx.tokens,
                                "fits": ctx.fits,
                            }
                        )
                finally:
                    store.close()
        finally:
            git(root, "checkout", "-q", "-f", tip)
    for budget in budgets:
        at = [r for r in rows if r["budget"] == budget]
        fits = sum(r["fits"] for r in at)
        median = statistics.median(r["tokens"] for r in at) if at else 0
        print(f"budget {budget:>6,}: fits {fits}/{len(at)} ({fits / max(1, len(at)):.0%}), median tokens {median:,.0f}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
