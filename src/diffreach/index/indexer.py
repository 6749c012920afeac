"""Walk a repository, decide what to do, build the graph, and keep it fresh.

A run walks the repository (or looks at the paths its caller says changed),
compares sizes, mtimes and content hashes with the store, and then leaves the
graph as it is, updates it (``update.py``: only what the changed files can
affect is re-resolved) or rebuilds it. A full build extracts every file
(``extract/pool.py``: across processes when there are many) and resolves and
writes the graph in one transaction: in memory below ``stream_min_files`` files
and ``stream_min_bytes`` of source, streamed through the store past either so
that memory stays bounded however large the repository. A property test holds
the promise that an update equals a full rebuild.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import stat
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from diffreach import git
from diffreach.config import Config, load_config
from diffreach.errors import StoreError
from diffreach.extract.core import content_hash
from diffreach.graph.store import Store, db_path
from diffreach.graph.term_marks import note_term_index_changes
from diffreach.index.report import IndexReport
from diffreach.index.walk import Candidate, find_root, walk
from diffreach.languages import extraction_key, language_for, resolution_configs
from diffreach.languages.spec import ModuleResolver
from diffreach.model import Phase, Progress

# The build stack (the extraction pool, the resolver, the update, the derived edges) is imported
# by the methods that write the graph: a run that finds the graph fresh, the first step of every
# warm answer, loads none of it (speed; tests/test_warm_paths.py states it).

_INCREMENTAL_MAX_FILES = 50
# Names a told run (``paths=``) leaves to the walk: they change what is indexed or how it resolves
# (and so do the languages' ``resolution_configs()``).
_WALK_DECIDES = frozenset({".gitignore", ".diffreach.toml", "pyproject.toml"})


class Indexer:
    def __init__(self, root: str | Path, config: Config | None = None, store: Store | None = None) -> None:
        self.root = find_root(root)
        self.config = config or load_config(self.root)
        self.store = store or Store.open(self.root)
        self._counts_shifted = False  # this run moved the cached counts instead of voiding them
        self._definitions_moved = True  # this run changed some file's definitions (or the file set)
        self._is_git = git.is_repo(self.root)  # asked once: a subprocess per run is a cost every update paid
        # Module resolvers kept between runs while the paths and the resolution config stay.
        self._modules: dict[str, tuple[frozenset[str], ModuleResolver]] = {}
        self._modules_digest = ""
        self._verdicts: dict[str, str] = {}  # what each path's name decides in walk (config is fixed)
        # The files git does not track, as the last run's walk listed them (None: it did not ask
        # git): a change read right after takes its new files from here.
        self.untracked: tuple[str, ...] | None = None
        # Each file's (language, package), kept between updates and moved by what they rewrite
        # (reading them all was a share of every one-file update); dropped when another
        # connection wrote the database in between (``data_version``) and after a full build.
        self._langs: dict[str, tuple[str, str]] | None = None
        self._data_version = -1

    def close(self) -> None:
        self.store.close()

    def run(
        self,
        full: bool = False,
        progress: Progress | None = None,
        counts: bool = True,
        paths: Iterable[str] | None = None,
    ) -> IndexReport:
        """Index or update; a damaged graph database is replaced by a full build (one notice).
        ``counts=False`` leaves the report's graph figures empty: callers that only need a
        fresh graph (impact, watch) skip a count over every edge. ``paths``: the caller knows
        these repository-relative paths are the only ones that may have changed since the last
        run (a watcher, an editor's save), so they are looked at instead of walking the whole
        repository; a list the walk must judge (see ``_told``) makes the run walk as usual."""
        try:
            return self._run(full, progress, counts, paths)
        except sqlite3.DatabaseError as exc:
            self._langs = None  # moved by a write that was rolled back
            if isinstance(exc, (sqlite3.OperationalError, sqlite3.IntegrityError)):
                raise StoreError(f"the graph database cannot be written ({exc})") from exc
            self.store.close()
            self.store = Store.discard(self.root, str(exc))
            return self._run(True, progress, counts)
        except BaseException:
            self._langs = None  # moved by a write that was rolled back
            raise

    def _run(
        self, full: bool, progress: Progress | None, counts: bool = True, paths: Iterable[str] | None = None
    ) -> IndexReport:
        started = time.perf_counter()
        self._counts_shifted = False
        self._definitions_moved = True  # an update says otherwise when only bodies changed
        if self.store.data_version() != self._data_version:
            self._langs = None
        self.untracked = None
        told = None if full or paths is None else self._told(paths)
        walked = told is None
        candidates, skipped, known, config_digest = self._walked() if told is None else told
        report = IndexReport(root=str(self.root), mode="unchanged")
        mtimes = {c.path: c.mtime_ns for c in candidates}
        changed, hashes_only = self._changed(candidates, known, full, skipped)
        if not walked and skipped:  # a told file became unreadable: the walk records the skip
            return self._run(full, progress, counts)
        present = {c.path for c in candidates if c.path not in skipped}
        deleted = sorted(set(known) - present)
        workers = self.config.workers or os.cpu_count() or 1
        structural = config_digest != self.store.get_meta("resolution_config", config_digest)
        # Past a third of the files, re-resolving affected references costs more than
        # resolving everything in memory: rebuild.
        indexed = len(known) if walked else self.store.file_count()
        wide = len(changed) + len(deleted) > max(_INCREMENTAL_MAX_FILES, indexed // 3)
        # A run killed between its transactions leaves "pending": rebuild rather than trust it.
        interrupted = self.store.get_meta("build") == "pending"
        if full or not indexed or structural or wide or interrupted or self._config_changed():
            if not walked:  # a rebuild needs every file, not the told ones
                return self._run(full, progress, counts)
            report.mode = "full"
            report = self._full(candidates, skipped, mtimes, workers, progress, report)
        elif changed or deleted:
            report.mode = "incremental"
            report = self._incremental(changed, deleted, skipped, mtimes, workers, progress, report, set(known))
        note_term_index_changes(self.store, changed, deleted, full=report.mode == "full")
        # Structural links are made again when a file of a language that has them moved its
        # definitions (a body edit, most of a watcher's updates, moves none).
        relink = report.mode == "full" or (
            report.mode != "unchanged" and self._definitions_moved and _links_structure((*changed, *deleted))
        )
        if relink and progress:
            progress(Phase.INTERFACES, 0, 0)
        report.commit = self._record(report.mode, hashes_only, skipped if walked else None, config_digest, relink)
        self._count(report, progress, counts)
        if report.mode == "full":
            self._langs = None
        self._data_version = self.store.data_version()
        report.skipped = dict(sorted((Counter(skipped.values()) if walked else self.store.skip_counts()).items()))
        report.seconds = time.perf_counter() - started
        return report

    def _count(self, report: IndexReport, progress: Progress | None, counts: bool) -> None:
        """The graph's figures on the report, when asked for. Counting distinct edges is half a
        second on a large graph: a run that wrote nothing reuses the figures of the last run that
        did; an incremental run moved the cached figures by the delta of the files it rewrote."""
        if counts:
            reuse = report.mode == "unchanged" or self._counts_shifted
            if progress and not reuse:
                progress(Phase.COUNTING, 0, 0)
            report.counts = self.store.counts(reuse=reuse and not self.config.dynamic)
            if report.counts.get("parse_errors"):
                report.parse_error_files = self.store.parse_error_files()
        elif report.mode != "unchanged" and not self._counts_shifted:
            self.store.set_meta("counts", "")  # figures not asked for: the next counted run recounts

    def _record(
        self,
        mode: str,
        hashes_only: list[tuple[str, int]],
        skipped: dict[str, str] | None,
        config_digest: str,
        relink: bool = False,
    ) -> str | None:
        """The run's bookkeeping, in the transaction that marks the graph done; returns HEAD.
        ``skipped`` is None for a told run, which looked at no skipped file (see _told);
        ``relink`` recomputes the structural interface edges (``interfaces.py``)."""
        head = git.head(self.root)
        if mode == "unchanged" and self._recorded(hashes_only, skipped, config_digest, head, relink):
            return head
        from diffreach.graph.update_queries import set_mtimes
        from diffreach.index.functional import replace_functional_edges
        from diffreach.index.interfaces import replace_structural_edges
        from diffreach.index.registries import replace_registry_edges

        with self.store.atomic():
            set_mtimes(self.store, hashes_only)
            if skipped is not None:
                self.store.set_skipped(sorted(skipped.items()))
            self.store.set_meta("indexed_commit", head or "")
            self.store.set_meta("indexed_at", time.strftime("%Y-%m-%dT%H:%M:%S"))  # last written
            if self.config.dynamic or mode != "unchanged":
                replace_registry_edges(self.store, self.config.dynamic)
            if relink and replace_structural_edges(self.store):
                self._counts_shifted = False  # edges of no file moved: the figures are counted again
            # Method references given as functional interfaces: any edit may pass one or move a call.
            if mode != "unchanged" and replace_functional_edges(self.store):
                self._counts_shifted = False
            self.store.set_meta("config", repr(self._config_key()))
            self.store.set_meta("resolution_config", config_digest)
            self.store.set_meta("build", "done")
        return head

    def _recorded(
        self,
        hashes_only: list[tuple[str, int]],
        skipped: dict[str, str] | None,
        config_digest: str,
        head: str | None,
        relink: bool,
    ) -> bool:
        """Whether the graph already records what an unchanged run would write: then the run
        writes nothing (speed: a warm answer's check took the write lock and a transaction)."""
        if hashes_only or relink or self.config.dynamic:
            return False
        meta = self.store.get_meta
        recorded = (
            meta("build") == "done"
            and meta("indexed_commit") == (head or "")
            and meta("config") == repr(self._config_key())
            and meta("resolution_config") == config_digest
        )
        return recorded and (skipped is None or self.store.all_skipped() == skipped)

    def _walked(self) -> tuple[list[Candidate], dict[str, str], dict[str, tuple[str, int, int]], str]:
        """The repository's files (the walk), skipped ones, the stored states and the digest
        of the files that steer resolution."""
        configs: list[str] = []
        untracked: list[str] = []
        candidates, skipped = walk(self.root, self.config, configs, self._is_git, self._verdicts, untracked)
        self.untracked = tuple(untracked) if self._is_git else None
        config_digest = _digest(self.root, configs)
        if config_digest != self._modules_digest:
            self._modules.clear()
            self._modules_digest = config_digest
        return candidates, skipped, self.store.file_states(), config_digest

    def _told(
        self, paths: Iterable[str]
    ) -> tuple[list[Candidate], dict[str, str], dict[str, tuple[str, int, int]], str] | None:
        """``_walked`` for only the paths a caller says may have changed; None when the walk
        must judge instead: no complete graph, a source file new to the graph or skipped
        before (is git ignoring it?), a file that steers resolution or ignoring, or a path that
        is no longer a plain file within the size limit. Files of no language are passed over."""
        config_digest = self.store.get_meta("resolution_config")
        if self.store.get_meta("build") != "done" or not config_digest or config_digest != self._modules_digest:
            return None
        told = sorted(set(paths))
        names = {p.rpartition("/")[2] for p in told}
        if names & (_WALK_DECIDES | resolution_configs()):
            return None
        told = [p for p in told if language_for(p) is not None]
        known = self.store.file_states(told)
        if len(known) < len(told) or self.store.skipped(told):
            return None
        candidates: list[Candidate] = []
        for path in told:
            try:
                st = os.lstat(self.root / path)
            except FileNotFoundError:
                continue  # deleted: in ``known``, not among the candidates
            except OSError:
                return None
            if not stat.S_ISREG(st.st_mode) or st.st_size > self.config.max_file_bytes:
                return None
            candidates.append(Candidate(path, st.st_size, st.st_mtime_ns))
        return candidates, {}, known, config_digest

    def _changed(
        self, candidates: list[Candidate], known: dict[str, tuple[str, int, int]], full: bool, skipped: dict[str, str]
    ) -> tuple[list[str], list[tuple[str, int]]]:
        """Files to re-extract, and files touched without a change of content (their new mtime only):
        a file whose size and mtime are as stored is not read; one that differs is, and its hash decides."""
        changed: list[str] = []
        hashes_only: list[tuple[str, int]] = []
        for c in candidates:
            state = known.get(c.path)
            if state is None or full:
                changed.append(c.path)
            elif state[1] != c.size or state[2] != c.mtime_ns:
                try:
                    data = (self.root / c.path).read_bytes()
                except OSError:
                    skipped[c.path] = "unreadable"
                    continue
                if content_hash(data) != state[0]:
                    changed.append(c.path)
                else:
                    hashes_only.append((c.path, c.mtime_ns))
        return changed, hashes_only

    def _config_key(self) -> tuple[object, ...]:
        c = self.config
        return (c.exclude, c.max_file_bytes, c.vendored_dirs, c.dynamic, extraction_key())

    def _config_changed(self) -> bool:
        stored = self.store.get_meta("config")
        return bool(stored) and stored != repr(self._config_key())

    def _incremental(
        self,
        changed: list[str],
        deleted: list[str],
        skipped: dict[str, str],
        mtimes: dict[str, int],
        workers: int,
        progress: Progress | None,
        report: IndexReport,
        indexed: set[str],
    ) -> IndexReport:
        """Update in one transaction (``update.py``); what the update learns is taken back."""
        from diffreach.index.update import IncrementalUpdate

        update = IncrementalUpdate(self.root, self.store, self.config, self._modules, self._langs)
        report = update.run(changed, deleted, skipped, mtimes, workers, progress, report, indexed)
        self._langs = update.langs
        self._definitions_moved = update.definitions_moved
        self._counts_shifted = update.counts_shifted
        return report

    def _full(
        self,
        candidates: list[Candidate],
        skipped: dict[str, str],
        mtimes: dict[str, int],
        workers: int,
        progress: Progress | None,
        report: IndexReport,
    ) -> IndexReport:
        """Rebuild in one transaction. Below ``stream_min_files`` files and ``stream_min_bytes``
        of source, every extract is held and resolved in memory (the fastest way); past either,
        memory would grow with the repository, so the build streams (``full_build.py``).
        (Memory follows both: Python's per-file overhead, and the records, ~14x the source.)"""
        from diffreach.index import full_build

        paths = [c.path for c in candidates if c.path not in skipped]
        source_bytes = sum(c.size for c in candidates if c.path not in skipped)
        with self.store.atomic():
            self.store.clear()
            self.store.set_meta("build", "pending")
            if len(paths) < self.config.stream_min_files and source_bytes < self.config.stream_min_bytes:
                written = full_build.load_in_memory(self.store, self.root, paths, skipped, mtimes, workers, progress)
            else:
                chunk = max(1, self.config.resolve_chunk_files)
                written = full_build.load_streamed(
                    self.store, self.root, self._modules, chunk, paths, skipped, mtimes, workers, progress
                )
        report.extracted = len(written)
        report.files = len(written)
        report.changed_files = written if len(written) <= 50 else []
        return report


def _links_structure(paths: tuple[str, ...]) -> bool:
    from diffreach.index.interfaces import links_structure  # the build stack, loaded only to write

    return links_structure(paths)


def _digest(root: Path, paths: list[str]) -> str:
    """One hash over the files that steer import resolution (a change forces a full build)."""
    h = hashlib.blake2b(digest_size=16)
    for p in sorted(paths):
        try:
            h.update(p.encode() + b"\0" + (root / p).read_bytes() + b"\0")
        except OSError:
            h.update(p.encode() + b"\0missing\0")
    return h.hexdigest()


def kept_indexer(indexer: Indexer | None, root: str | Path) -> Indexer:
    """For callers that keep one ``Indexer`` across updates (the watcher, the MCP server):
    ``indexer`` while its configuration is still the repository's and its database is still
    there, else a new one (the old one closed) — a kept indexer would otherwise go on with a
    configuration since edited, or write into a ``.diffreach`` someone deleted."""
    if indexer is None:
        return Indexer(root)
    # The kept indexer's root, not find_root again: that is a git subprocess on every update.
    if indexer.config == load_config(indexer.root) and db_path(indexer.root).exists():
        return indexer
    indexer.close()
    return Indexer(indexer.root)


def index(
    root: str | Path, full: bool = False, progress: Progress | None = None, config: Config | None = None
) -> IndexReport:
    """Index (or bring up to date) the repository at ``root``."""
    indexer = Indexer(root, config)
    try:
        return indexer.run(full=full, progress=progress)
    finally:
        indexer.close()


__all__ = ["Candidate", "IndexReport", "Indexer", "find_root", "index", "kept_indexer", "walk"]
