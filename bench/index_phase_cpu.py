#!/usr/bin/env python3
"""CPU of each phase of one full index, in one process (``workers = 1``): what the extra CPU of
one build over another is spent on, measured alike for builds of any age.

    python bench/index_phase_cpu.py PATH [--src DIR]

``--src`` runs the code of another checkout's ``src`` (to compare versions alternately on one
tree; the entry points patched below exist since ``4a524a5``). The repository's ``.diffreach``
is deleted first. Phases, as CPU seconds of this process (``time.process_time``): extraction
(``extract_many``: read, parse, match, handlers), resolution (``Resolver.resolve_file`` and
``import_edges``), writing (the store's inserts of files, import edges and resolved references),
the secondary index build at the end of ``bulk_load``, the run's record (registries, structural
interface edges), the counts, and the rest (walk, hashes, query compilation, the resolver's view of
the extracts). One process, so no packing and no transfer between processes are counted.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from index_phases import root_and_src


def main(argv: list[str] | None = None) -> int:
    args = root_and_src(argv, __doc__)
    from diffreach.config import load_config
    from diffreach.graph import store
    from diffreach.index import indexer
    from diffreach.resolve.resolver import Resolver

    spent: dict[str, float] = {}
    inside = [0]  # a patched call inside another one is counted by the outer one only

    def timed(owner: Any, name: str, label: str) -> None:
        inner: Callable[..., Any] = getattr(owner, name)

        def wrapper(*a: Any, **k: Any) -> Any:
            if inside[0]:
                return inner(*a, **k)
            inside[0] += 1
            t = time.process_time()
            try:
                return inner(*a, **k)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - t
                inside[0] -= 1

        setattr(owner, name, wrapper)

    try:
        from diffreach.index import full_build  # where a full build extracts since session 12

        timed(full_build, "extract_many", "extraction")
    except ImportError:
        timed(indexer, "extract_many", "extraction")
    timed(Resolver, "resolve_file", "resolution")
    timed(Resolver, "import_edges", "resolution")
    for name in ("insert_file", "insert_import_edges", "insert_resolved"):
        timed(store.Store, name, "writing")
    timed(indexer.Indexer, "_record", "record")
    timed(store.Store, "counts", "counts")
    bulk_load = store.Store.bulk_load

    @contextmanager
    def timed_bulk_load(self: Any, *a: Any, **k: Any) -> Iterator[None]:
        with bulk_load(self, *a, **k):
            yield
            t = time.process_time()  # the body is done: what follows is the index build
        spent["index build"] = spent.get("index build", 0.0) + time.process_time() - t

    store.Store.bulk_load = timed_bulk_load  # type: ignore[method-assign,assignment]
    config = dataclasses.replace(load_config(args.root), workers=1)
    shutil.rmtree(args.root / ".diffreach", ignore_errors=True)
    started = time.process_time()
    indexer.index(args.root, full=True, config=config)
    total = time.process_time() - started
    spent["rest"] = total - sum(spent.values())
    spent["total"] = total
    print(json.dumps({label: round(seconds, 2) for label, seconds in spent.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
