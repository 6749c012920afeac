#!/usr/bin/env python3
"""Query ranking beyond Python: SWE-PolyBench's feature subset and SWE-bench Pro's public sample, per language.

Usage:
    python bench/query_polybench.py [--polybench FILE.jsonl] [--pro FILE.json] \\
        --repo flipt-io/flipt=PATH_OR_URL --repo NodeBB/NodeBB=… … \\
        [--repos-per-language 4] [--config name:key=value,…] [--rerank] [--keep-top 5] [--json OUT]

``--polybench`` is ``data/swe_polybench_feature_subset.jsonl`` of
ictu-se/swe-polybench-traceability-artifact (one task a line: ``task_id``,
``repo``, ``language``, ``base_commit``, ``problem_statement``,
``gold_code_files``); ``--pro`` is ``src/data/suite_instances.json`` of
zhoutaoz99/SWE-bench-Pro-minimal (``instances``: ``repo``,
``language_family``, ``base_commit``, ``problem_statement``, ``gold_patch``).
Either may be given as ``GIT_DIR:PATH`` to read it out of a git mirror
(``git show HEAD:PATH``). Nothing fetched is committed.

Which repositories run: of the repositories named with ``--repo``, the first
``--repos-per-language`` per language of each set, by name: a deterministic
subset, printed at the start. Every instance of a chosen repository runs.

Gold: the files the fix edits that the index holds as non-test files (a
changelog fragment, a snapshot or a translation file that the index does not
hold cannot be ranked by either method, so it is left out; an instance left
with no gold file is skipped and counted). Reported per set and language:
Acc@1 and Acc@5 (every gold file in the top k), any@5 (at least one) and the gold
files found in the top 5 over all instances, for
``query`` and for BM25 over whole non-test files (``bench/query_bench.py``'s
baseline), same files, same run. ``--rerank`` ranks on the indexes kept by an
earlier run (bench/.cache/query/snapshots), as in ``bench/query_bench.py``.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from diffreach.graph.store import Store
from diffreach.index.indexer import index
from diffreach.query.rank import RankParams, about_tests, rank_files
from query_bench import SNAPSHOTS, FileBM25, checkout, clone, git, parse_config, snapshot

_DIFF = re.compile(r"^diff --git a/(\S+)", re.M)


def read_source(spec: str) -> str:
    """A file's text, or ``GIT_DIR:PATH`` read out of a git repository at HEAD."""
    if Path(spec).exists():
        return Path(spec).read_text()
    gitdir, _, path = spec.partition(":")
    proc = subprocess.run(["git", "--git-dir", gitdir, "show", f"HEAD:{path}"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"cannot read {spec}: {proc.stderr.strip()[:200]}")
    return proc.stdout


def load_polybench(spec: str) -> list[dict]:
    out = []
    for line in filter(None, read_source(spec).splitlines()):
        t = json.loads(line)
        out.append(
            {
                "set": "polybench",
                "id": t["task_id"],
                "repo": t["repo"],
                "language": t["language"].lower(),
                "base_commit": t["base_commit"],
                "question": t["problem_statement"],
                "edited": sorted(t["gold_code_files"]),
            }
        )
    return out


def load_pro(spec: str) -> list[dict]:
    out = []
    for t in json.loads(read_source(spec))["instances"]:
        out.append(
            {
                "set": "pro",
                "id": t["instance_id"],
                "repo": t["repo"],
                "language": t["language_family"].lower(),
                "base_commit": t["base_commit"],
                "question": t["problem_statement"],
                "edited": sorted(set(_DIFF.findall(t["gold_patch"]))),
            }
        )
    return out


def choose(instances: list[dict], available: set[str], per_language: int) -> list[dict]:
    """The first ``per_language`` available repositories per set and language, by name; all their instances."""
    repos: dict[tuple[str, str], list[str]] = {}
    for inst in instances:
        names = repos.setdefault((inst["set"], inst["language"]), [])
        if inst["repo"] in available and inst["repo"] not in names:
            names.append(inst["repo"])
    chosen = {(s, lang, r) for (s, lang), names in repos.items() for r in sorted(names)[:per_language]}
    return [i for i in instances if (i["set"], i["language"], i["repo"]) in chosen]


def hits(ranked: list[str], gold: list[str]) -> dict[str, bool]:
    return {
        "all@1": set(gold) <= set(ranked[:1]),
        "all@5": set(gold) <= set(ranked[:5]),
        "any@5": bool(set(gold) & set(ranked[:5])),
    }


def run_instance(
    inst: dict, repo: Path, configs: list[tuple[str, RankParams]], baseline: FileBM25, rerank: bool, keep: int = 5
) -> dict | None:
    key = f"{inst['set']}__{inst['id']}"
    # An instance not indexed yet is indexed now, so a stopped run is resumed with --rerank.
    rerank = rerank and (SNAPSHOTS / key / ".diffreach" / "graph.db").exists()
    checkout(repo, inst["base_commit"])
    git(repo, "clean", "-q", "-f", "-d", "-e", ".diffreach")
    started = time.perf_counter()
    root = SNAPSHOTS / key if rerank else repo
    if not rerank:
        index(repo)
        snapshot(repo, key)
    indexed = time.perf_counter() - started
    store = Store.open(root, create=False)
    try:
        kinds = dict(store.conn.execute("SELECT path, is_test FROM files"))
        gold = [p for p in inst["edited"] if kinds.get(p) == 0]
        if not gold:
            return None
        row: dict = {k: inst[k] for k in ("set", "id", "repo", "language")}
        row.update(gold=gold, index_s=round(indexed, 1))
        # What a what-if over the rows needs (bench/query_embedding.py): where and what was asked.
        row.update(base_commit=inst["base_commit"], question=inst["question"])
        for name, params in configs:
            ranked = [f.path for f in rank_files(store, inst["question"], top=keep, params=params).files]
            row[name] = {"top": ranked, **hits(ranked, gold)}
        tests = about_tests(inst["question"])
        paths = [p for p, t in kinds.items() if tests or not t]
    finally:
        store.close()
    ranked = baseline.rank(repo, paths, inst["question"])
    row["bm25"] = {"top": ranked[:5], **hits(ranked, gold)}
    return row


def summarise(rows: list[dict], names: list[str]) -> str:
    lines = [
        "| set | language | n | method | Acc@1 | Acc@5 | any@5 | gold files in the top 5 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    groups: dict[tuple[str, str], list[dict]] = {}
    several = len({r["set"] for r in rows}) > 1
    for r in rows:
        groups.setdefault((r["set"], r["language"]), []).append(r)
        if several:  # both sets together, per language
            groups.setdefault(("all", r["language"]), []).append(r)
    groups[("all", "all")] = rows
    for (s, lang), rs in sorted(groups.items(), key=lambda kv: (kv[0][0] == "all", kv[0])):
        for name in names:
            cells = [f"{100 * sum(r[name][m] for r in rs) / len(rs):.0f}%" for m in ("all@1", "all@5", "any@5")]
            found = sum(len(set(r[name]["top"][:5]) & set(r["gold"])) for r in rs)
            cells.append(f"{found} / {sum(len(r['gold']) for r in rs)}")
            lines.append(f"| {s} | {lang} | {len(rs)} | {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--polybench", help="swe_polybench_feature_subset.jsonl (path or GIT_DIR:PATH)")
    ap.add_argument("--pro", help="suite_instances.json (path or GIT_DIR:PATH)")
    ap.add_argument("--repo", action="append", default=[], help="NAME=PATH_OR_URL (repeatable)")
    ap.add_argument("--repos-per-language", type=int, default=4)
    ap.add_argument("--config", action="append", default=[], help="name:key=value,… RankParams variant")
    ap.add_argument(
        "--rerank", action="store_true", help="rank on the indexes kept by an earlier run; index only the missing"
    )
    ap.add_argument("--json", help="write per-instance results here")
    ap.add_argument("--keep-top", type=int, default=5, help="files each ranking keeps in a row (scored at 1 and 5)")
    args = ap.parse_args()
    sources = dict(item.split("=", 1) for item in args.repo)
    instances = (load_polybench(args.polybench) if args.polybench else []) + (load_pro(args.pro) if args.pro else [])
    chosen = choose(instances, set(sources), args.repos_per_language)
    for (s, lang), names in sorted({(i["set"], i["language"]): set() for i in chosen}.items()):
        names = sorted({i["repo"] for i in chosen if (i["set"], i["language"]) == (s, lang)})
        count = sum(1 for i in chosen if (i["set"], i["language"]) == (s, lang))
        print(f"{s} {lang}: {count} instances from {', '.join(names)}", file=sys.stderr, flush=True)
    configs = [("query", RankParams())] + [parse_config(c) for c in args.config]
    baseline = FileBM25()
    rows: list[dict] = []
    skipped = []
    for name in sorted({i["repo"] for i in chosen}):
        repo = clone(name, sources[name])
        insts = [i for i in chosen if i["repo"] == name]
        # Commit-date order keeps each incremental index small.
        dates = {i["id"]: git(repo, "show", "-s", "--format=%ct", i["base_commit"]).strip() for i in insts}
        for inst in sorted(insts, key=lambda i: (dates[i["id"]], i["id"])):
            row = run_instance(inst, repo, configs, baseline, args.rerank, args.keep_top)
            if row is None:
                skipped.append(inst["id"])
                continue
            rows.append(row)
            if args.json:  # written as it goes, so a stopped run still leaves its results
                Path(args.json).write_text(json.dumps(rows, indent=1))
            q = row["query"]
            mark = "ok " if q["all@5"] else ("any" if q["any@5"] else "-- ")
            print(
                f"{mark} {row['id'][:60]:<60} gold={len(row['gold'])} bm25={'ok' if row['bm25']['all@5'] else '--'}"
                f" index={row['index_s']}s",
                file=sys.stderr,
                flush=True,
            )
    print(summarise(rows, [c[0] for c in configs] + ["bm25"]))
    if skipped:
        print(f"\nskipped (no gold file among the indexed non-test files): {', '.join(skipped)}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
