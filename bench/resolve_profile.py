#!/usr/bin/env python3
"""CPU of resolution alone: a Resolver over in-memory extracts, every file of a tree.

A full build spends its main-process time on resolution (``Resolver.import_edges``
and ``Resolver.resolve_file`` for each file over an ``ExtractSource``); this
script isolates that part. A tree is extracted once (``extract_files.extract_many``)
and the extracts are pickled to a cache file under /tmp, so later runs measure
resolution only, on exactly the same input even while the extractor changes.
``--dump DIR`` writes the resolved output (edges with resolution and
confidence, the status of every reference) sorted, one file per tree, for
comparing two versions of the resolver; ``--profile`` prints a cProfile top
list. CPU seconds are ``time.process_time`` of this process (one process).

    python bench/resolve_profile.py [--rounds N] [--profile] [--dump DIR] [--refresh] TREE [TREE ...]

``TREE`` is a directory, or ``django`` for the cached Django sdist (see
bench/index_speed.py). Run it under ``nice -n 10`` on a shared machine.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import hashlib
import pickle
import pstats
import sys
import time
from pathlib import Path

from diffreach.config import load_config
from diffreach.extract.pool import extract_many
from diffreach.index.build import ExtractSource
from diffreach.index.indexer import walk
from diffreach.model import FileExtract
from diffreach.resolve.resolver import Resolver

HERE = Path(__file__).resolve().parent
CACHE_DIR = Path("/tmp/diffreach-resolve-cache")


def tree_root(spec: str) -> Path:
    if spec == "django":
        sys.path.insert(0, str(HERE))
        from index_speed import django_tree  # the cached sdist, unpacked once

        return django_tree("download")
    return Path(spec).resolve()


def load_extracts(root: Path, refresh: bool, workers: int) -> dict[str, FileExtract]:
    """The tree's extracts, from the pickle cache when there is one."""
    key = hashlib.sha1(str(root).encode()).hexdigest()[:12]
    cache = CACHE_DIR / f"{root.name}-{key}.pkl"
    if cache.is_file() and not refresh:
        with cache.open("rb") as f:
            return pickle.load(f)  # our own cache file, written below
    # The Django sdist sits inside this (git) repository, ignored: walk it as plain files.
    candidates, skipped = walk(root, load_config(root), is_git=(root / ".git").exists())
    paths = [c.path for c in candidates if c.path not in skipped]
    extracts, _ = extract_many(str(root), paths, workers)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    tmp = cache.with_suffix(".tmp")
    with tmp.open("wb") as f:
        pickle.dump(extracts, f, protocol=pickle.HIGHEST_PROTOCOL)
    tmp.replace(cache)
    return extracts


def resolve_all(root: Path, extracts: dict[str, FileExtract], keep: bool = True) -> tuple[list[object], list[object]]:
    """What a full build resolves, in its order: import edges and resolved refs per file.
    Without ``keep`` the outcomes are dropped file by file, as the indexer does once they
    are written (a growing result list makes every garbage collection slower)."""
    resolver = Resolver(ExtractSource(str(root), extracts))
    imports: list[object] = []
    resolved: list[object] = []
    for path in sorted(extracts):
        edges = resolver.import_edges(path)
        outcomes = resolver.resolve_file(path, extracts[path].refs)
        if keep:
            imports.extend(edges)
            resolved.extend(outcomes)
    return imports, resolved


def timed(root: Path, extracts: dict[str, FileExtract], rounds: int) -> float:
    """The least CPU of ``rounds`` runs (the others are noise from a shared machine)."""
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.process_time()
        resolve_all(root, extracts, keep=False)
        best = min(best, time.process_time() - start)
    return best


def dump(path: Path, imports: list[object], resolved: list[object]) -> None:
    """Every outcome as sorted text lines: two resolvers agree when the files are equal."""
    lines = [
        f"I {e.source} {e.target} {e.kind} {e.resolution} {e.confidence} {e.line}"  # type: ignore[attr-defined]
        for e in imports
    ]
    for rr in resolved:
        r = rr.ref  # type: ignore[attr-defined]
        head = f"R {rr.file} {r.scope} {r.kind} {r.receiver}.{r.name} {r.line} {rr.status}"  # type: ignore[attr-defined]
        lines.append(head)
        lines.extend(
            f"  {head} -> {e.source} {e.target} {e.kind} {e.resolution} {e.confidence} {e.line}" for e in rr.edges
        )  # type: ignore[attr-defined]
    path.write_text("\n".join(sorted(lines)) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", nargs="+")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--dump", type=Path)
    ap.add_argument("--refresh", action="store_true", help="extract again instead of using the cache")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    for spec in args.trees:
        root = tree_root(spec)
        extracts = load_extracts(root, args.refresh, args.workers)
        refs = sum(len(fx.refs) for fx in extracts.values())
        if args.profile:
            prof = cProfile.Profile()
            prof.enable()
            resolve_all(root, extracts)
            prof.disable()
            pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)
        cpu = timed(root, extracts, args.rounds)
        print(
            f"{root.name}: {len(extracts)} files, {refs} refs, resolution {cpu:.3f} s CPU (best of {args.rounds})",
            flush=True,
        )
        if args.dump:
            imports, resolved = resolve_all(root, extracts)
            args.dump.mkdir(parents=True, exist_ok=True)
            dump(args.dump / f"{root.name}.txt", imports, resolved)
            print(f"  {len(imports)} import edges, {len(resolved)} outcomes -> {args.dump / root.name}.txt")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
