#!/usr/bin/env python3
"""Query ranking on real issues of JS/TS, Go, Java and Rust repositories, per language, next to BM25.

Usage:
    python bench/query_issues.py --texts ISSUE_TEXTS.json [--data bench/data/query_issues.json] \\
        [--mirrors /work/.mirror] [--only-language go] [--config name:key=value,…] [--reindex] [--keep-top 5] [--json OUT]

The set (``bench/data/query_issues.json``) holds, per issue, only what identifies
it: the repository, the language, the issue's number and thread address, the
fixing commit, the commit the fix was made on (its first parent) and the files
the fix edited. Gold is those files that the index holds as non-test files
(``bench/query_polybench.py``'s rule). How it was built: docs/benchmarks.md,
"Session 10: query ranking on real issues beyond Python".

The issue texts are third-party text and are not committed: ``--texts`` is a
JSON object ``{"owner/name#N": {"title": …, "body": …}}`` kept outside the
repository; the question is the title, a blank line and the body (the issue's
opening text only, never the fix's). Issues without a text are skipped and counted.

Each repository is cloned from ``--mirrors``/<owner>+<name>/repo (a bare git
mirror, e.g. one brought with the search tool's ``fetch``) into bench/.cache.
An instance is indexed once: its index is kept under
bench/.cache/query/snapshots/issues__<id>/ and every later run ranks on it
(``--reindex`` rebuilds them), so ranking changes are compared on the same
indexes. Reported per language: Acc@1 and Acc@5 (every gold file in the top k),
any@5 and the gold files found in the top 5, for ``query``, every ``--config``
variant and BM25 over whole non-test files, in the same run.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from diffreach.query.rank import RankParams
from query_bench import SNAPSHOTS, FileBM25, clone, git, parse_config
from query_polybench import run_instance, summarise

ROOT = Path(__file__).resolve().parent.parent


def load(data: Path, texts: Path, only_language: str) -> tuple[list[dict], list[str]]:
    """The set's instances with their questions, and the ids left out for want of a text."""
    known = json.loads(texts.read_text())
    instances, missing = [], []
    for case in json.loads(data.read_text())["issues"]:
        if only_language and case["language"] != only_language:
            continue
        text = known.get(f"{case['repo']}#{case['issue']}")
        if text is None:
            missing.append(case["id"])
            continue
        question = text["title"] + ("\n\n" + text["body"] if text.get("body") else "")
        instances.append(
            {
                "set": "issues",
                "id": case["id"],
                "repo": case["repo"],
                "language": case["language"],
                "base_commit": case["base_commit"],
                "question": question,
                "edited": case["edited"],
            }
        )
    return instances, missing


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(ROOT / "bench" / "data" / "query_issues.json"))
    ap.add_argument("--texts", required=True, help='{"owner/name#N": {"title", "body"}} (kept outside the repo)')
    ap.add_argument("--mirrors", default="/work/.mirror", help="folder of <owner>+<name>/repo git mirrors")
    ap.add_argument("--only-language", default="")
    ap.add_argument("--config", action="append", default=[], help="name:key=value,… RankParams variant")
    ap.add_argument("--reindex", action="store_true", help="index every instance again, even if kept")
    ap.add_argument("--json", help="write per-instance results here")
    ap.add_argument("--keep-top", type=int, default=5, help="files each ranking keeps in a row (scored at 1 and 5)")
    args = ap.parse_args()
    instances, missing = load(Path(args.data), Path(args.texts), args.only_language)
    configs = [("query", RankParams())] + [parse_config(c) for c in args.config]
    baseline = FileBM25()
    rows: list[dict] = []
    skipped = []
    for name in sorted({i["repo"] for i in instances}):
        repo = clone(name, str(Path(args.mirrors) / name.replace("/", "+") / "repo"))
        insts = [i for i in instances if i["repo"] == name]
        # Commit-date order keeps each incremental index small.
        dates = {i["id"]: git(repo, "show", "-s", "--format=%ct", i["base_commit"]).strip() for i in insts}
        for inst in sorted(insts, key=lambda i: (dates[i["id"]], i["id"])):
            kept = (SNAPSHOTS / f"issues__{inst['id']}" / ".diffreach" / "graph.db").exists()
            row = run_instance(inst, repo, configs, baseline, kept and not args.reindex, args.keep_top)
            if row is None:
                skipped.append(inst["id"])
                continue
            rows.append(row)
            if args.json:  # written as it goes, so a stopped run still leaves its results
                Path(args.json).write_text(json.dumps(rows, indent=1))
            q = row["query"]
            mark = "ok " if q["all@5"] else ("any" if q["any@5"] else "-- ")
            print(
                f"{mark} {row['id']:<28} gold={len(row['gold'])} bm25={'ok' if row['bm25']['all@5'] else '--'}"
                f" index={row['index_s']}s",
                file=sys.stderr,
                flush=True,
            )
    print(summarise(rows, [c[0] for c in configs] + ["bm25"]))
    if skipped:
        print(f"\nskipped (no gold file among the indexed non-test files): {', '.join(skipped)}")
    if missing:
        print(f"\nno issue text given: {len(missing)} instances")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
