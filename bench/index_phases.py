#!/usr/bin/env python3
"""Where a cold index's time goes: the wall-clock span of each phase and the CPU of this
process and of its worker processes, for one full index of a local repository.

    python bench/index_phases.py PATH [--src DIR]

The repository's ``.diffreach`` is deleted first (a cold build). ``--src`` runs the
code of another checkout's ``src`` (to compare two versions alternately on one tree).
Phases: the walk, extraction (workers), the load (insert, resolve, insert resolved; in
memory or streamed), the secondary index build, the term index bookkeeping, the run's
record and the counts. Nothing is written but the repository's own graph.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def root_and_src(argv: list[str] | None, doc: str) -> argparse.Namespace:
    """``PATH [--src DIR]``, with ``DIR`` put first on the import path (both phase benches)."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--src", type=Path, help="a checkout's src directory to import diffreach from")
    args = ap.parse_args(argv)
    if args.src:
        sys.path.insert(0, str(args.src.resolve()))
    return args


def main(argv: list[str] | None = None) -> int:
    args = root_and_src(argv, __doc__)
    from diffreach.graph import store
    from diffreach.index import indexer

    started = time.perf_counter()
    spans: list[tuple[str, float, float]] = []

    def timed(owner: Any, name: str, label: str | None = None) -> None:
        inner: Callable[..., Any] = getattr(owner, name)

        def wrapper(*a: Any, **k: Any) -> Any:
            t = time.perf_counter()
            try:
                return inner(*a, **k)
            finally:
                spans.append((label or name, t - started, time.perf_counter() - started))

        setattr(owner, name, wrapper)

    for owner, name in (
        (indexer, "walk"),
        (indexer, "extract_many"),
        (indexer, "note_term_index_changes"),
        (indexer.Indexer, "_record"),
        (store.Store, "counts"),
    ):
        timed(owner, name)
    bulk_load = store.Store.bulk_load

    @contextmanager
    def timed_bulk_load(self: Any, *a: Any, **k: Any) -> Any:
        with bulk_load(self, *a, **k):
            yield
            t = time.perf_counter()  # the body is done: what follows is the index build
        spans.append(("index build", t - started, time.perf_counter() - started))

    store.Store.bulk_load = timed_bulk_load  # type: ignore[method-assign]
    shutil.rmtree(args.root / ".diffreach", ignore_errors=True)
    cpu = time.process_time()
    report = indexer.index(args.root, full=True)
    cpu = time.process_time() - cpu
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"{args.root}: {report.files} files, wall {time.perf_counter() - started:.2f} s, "
        f"CPU {cpu:.2f} s here + {children.ru_utime + children.ru_stime:.2f} s in workers"
    )
    for label, begin, end in sorted(spans, key=lambda s: s[1]):
        print(f"  {label:<18} {begin:7.2f} → {end:7.2f}  ({end - begin:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
