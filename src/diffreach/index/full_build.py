"""A full build's loading of the graph: every file extracted, resolved and written.

Apart from ``indexer.py`` so that what a build needs (the extraction pool, the resolver and
the resolver's views of in-memory extracts and of the store) is loaded only by a run that
builds: a run that finds the graph fresh, the first step of every warm answer, imports none of
it. The indexer calls these inside the transaction of its ``_full`` (the store is cleared and
marked "pending" first).
"""

from __future__ import annotations

from pathlib import Path

from diffreach.extract.gc_pause import collector_paused
from diffreach.extract.pool import extract_many, iter_extracts
from diffreach.graph.source import StoreSource
from diffreach.graph.store import Store
from diffreach.index.build import ExtractSource
from diffreach.languages.spec import ModuleResolver
from diffreach.model import FileExtract, Phase, Progress
from diffreach.resolve.resolver import Resolver

Modules = dict[str, tuple[frozenset[str], ModuleResolver]]


def load_in_memory(
    store: Store,
    root: Path,
    paths: list[str],
    skipped: dict[str, str],
    mtimes: dict[str, int],
    workers: int,
    progress: Progress | None,
) -> list[str]:
    """Every extract held and resolved in memory, then written (the fastest way); returns the
    paths written. ``skipped`` gains the files extraction skipped."""
    # Speed: the collector paused for the whole build, not per file (gc_pause.py): the held
    # extracts, which form no cycles, were most of what it visited, again and again.
    with collector_paused():
        extracts, more_skipped = extract_many(str(root), paths, workers, progress)
        skipped.update(more_skipped)
        resolver = Resolver(ExtractSource(str(root), extracts))
        # The tables were just cleared and nothing reads them until the end:
        # load without secondary indexes and build those once (see bulk_load).
        with store.bulk_load():
            for i, path in enumerate(sorted(extracts), 1):
                fx = extracts[path]
                store.insert_file(fx, mtimes.get(path, 0))
                store.insert_import_edges(path, resolver.import_edges(path))
                store.insert_resolved(resolver.resolve_file(path, fx.refs))
                _report(progress, Phase.RESOLVING, i, len(extracts))
            if progress:
                progress(Phase.WRITING, 0, 0)  # the tables' indexes are built as the block ends
        return sorted(extracts)


def load_streamed(
    store: Store,
    root: Path,
    modules: Modules,
    chunk: int,
    paths: list[str],
    skipped: dict[str, str],
    mtimes: dict[str, int],
    workers: int,
    progress: Progress | None,
) -> list[str]:
    """Two passes over the store, so that memory does not grow with the repository: each
    extract is written as it arrives (nodes, imports, bindings, references pending) and
    dropped; then every file is resolved against the store (``StoreSource``, the view an
    update uses). Costs more CPU than holding everything (Django: ~1.4x the main process's
    share), which is why it starts at ``stream_min_files`` / ``stream_min_bytes``."""
    written: list[str] = []
    # Indexes: those the resolver reads by are built before it runs, the edges' at the end.
    with store.temp_on_disk(), store.bulk_load(("edges",)):
        with store.bulk_load(("nodes", "notes", "refs", "imports", "bindings", "declarations")):
            for result in iter_extracts(str(root), paths, workers, progress):
                if isinstance(result, FileExtract):
                    store.insert_file(result, mtimes.get(result.path, 0))
                    store.insert_pending_refs(result)
                    written.append(result.path)
                else:
                    skipped[result[0]] = result[1]
        written.sort()
        resolve_stored(store, modules, chunk, written, progress)
        if progress:
            progress(Phase.WRITING, 0, 0)  # the edges' indexes are built as the block ends
    return written


def resolve_stored(store: Store, modules: Modules, chunk: int, paths: list[str], progress: Progress | None) -> None:
    """Import edges and the pending references of ``paths``, resolved against the store;
    the resolver forgets its per-file memos every ``chunk`` files."""
    resolver = Resolver(StoreSource(store), modules)
    for i, path in enumerate(paths):
        if i and i % chunk == 0:
            resolver.forget_files()
        store.insert_import_edges(path, resolver.import_edges(path))
        pending = store.pending_refs(path)
        resolved = resolver.resolve_file(path, [ref for _, ref in pending])
        store.settle_refs(zip((ref_id for ref_id, _ in pending), resolved))
        _report(progress, Phase.RESOLVING, i + 1, len(paths))


def _report(progress: Progress | None, phase: Phase, done: int, total: int) -> None:
    """``progress`` at the first file, every 50 and at the end (a call per file would cost more
    than it shows)."""
    if progress and (done % 50 == 0 or done == total or done == 1):
        progress(phase, done, total)
