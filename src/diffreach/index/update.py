"""The incremental update: an ``IncrementalUpdate`` the ``Indexer`` makes for a run.

Re-extracts only the files whose content hash changed, replaces their rows, and re-resolves only the references
elsewhere that those changes can affect: for each changed file its *interface* (symbol ids, kinds and parents;
imports; class-level bindings; declared return types; base-class references) before and after is compared, and
references by a name in the difference (or a call of it, ``name()``), through a receiver of such a name, or in a file
binding such a type are re-resolved, with the subclasses of classes whose shape moved, and the callers of functions
passing a parameter on to a moved function. The members a file types (``self.h = make()``) move with its names: when
its interface moved or it binds a type in sight, references through those attributes elsewhere are re-resolved too,
until no new member comes into sight. A changed return type is followed through chains, copies and fields anywhere:
everything is re-resolved. A body-only edit takes its references' stored outcomes back. The cached graph counts move
by the figures of the rewritten files.

An object per run rather than a part of the indexer: what an update reads of the indexer (root, store,
configuration, the module resolvers and each file's language kept between runs) is handed to it, and
what it learns is read back from its declared attributes (``langs``, ``definitions_moved``,
``counts_shifted``), so the indexer's state has one owner. The SQL it decides with lives in
``graph/update_queries.py``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from diffreach.config import Config
from diffreach.extract.pool import extract_many
from diffreach.extract.values import PASSES_PARAMETER, passing_on
from diffreach.graph.source import StoreSource
from diffreach.graph.store import Store
from diffreach.graph.update_queries import (
    Outcomes,
    bindings_named,
    direct_subclasses,
    extract_environment,
    import_edge_targets,
    importers,
    inherit_ref_ids,
    ref_ids_of_file,
    refs_by_id,
    refs_in_sight_by_queries,
    refs_in_sight_in_one_pass,
    stored_environment,
    stored_facts,
    stored_outcomes,
)
from diffreach.index.file_interface import affected_names, interface, member_attributes
from diffreach.index.report import IndexReport
from diffreach.languages import language_for
from diffreach.languages.spec import ModuleResolver
from diffreach.model import (
    Edge,
    FileExtract,
    NodeKind,
    Phase,
    Progress,
    RefKind,
    ResolvedRef,
)
from diffreach.resolve.resolver import Resolver


class IncrementalUpdate:
    """One update of the indexer's store, for the files a run found changed or deleted."""

    def __init__(
        self,
        root: Path,
        store: Store,
        config: Config,
        modules: dict[str, tuple[frozenset[str], ModuleResolver]],
        langs: dict[str, tuple[str, str]] | None,
    ) -> None:
        self.root: Path = root
        self.store: Store = store
        self.config: Config = config
        # The indexer's module resolvers, kept between runs (see ``Resolver``): shared, not copied.
        self.modules: dict[str, tuple[frozenset[str], ModuleResolver]] = modules
        # Each file's (language, package) as the indexer keeps it between updates; None when it
        # must be read. Moved by what this update rewrites; the indexer takes it back.
        self.langs: dict[str, tuple[str, str]] | None = langs
        # What the indexer learns: some file's definitions (or the file set) moved; the cached
        # graph counts were moved by this update's delta instead of voided.
        self.definitions_moved: bool = True
        self.counts_shifted: bool = False

    def run(
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
        """Re-extract ``changed``, drop ``deleted`` and re-resolve what they can affect, in one
        transaction; fills in ``report`` (mode ``unchanged`` when no indexed file moved)."""
        extracts, more_skipped = extract_many(str(self.root), changed, workers, progress)
        skipped.update(more_skipped)
        # A file skipped again (generated, binary…) was never in the graph: not gone, not a
        # change of the file set (which would re-resolve every import on each run).
        gone = sorted(set(deleted) | ((set(changed) - set(extracts)) & indexed))
        touched = sorted(set(extracts) | set(gone))
        if not touched:
            report.mode = "unchanged"
            return report
        with self.store.atomic():
            # Again under the write lock, only for these files (reading every row is not cheap).
            known = self.store.indexed(extracts)
            self.store.set_meta("build", "pending")
            file_set_changed = bool(gone) or any(p not in known for p in extracts)
            # Speed: recounting the graph after a one-file edit was most of the update; the figures of the
            # rewritten files move the cached count. A changed file set rewrites other files' import edges,
            # registries write edges of no one file: both recount.
            delta = None if file_set_changed or self.config.dynamic else _CountDelta(self.store, touched)
            changes = self._interface_changes(touched, extracts)
            self._forget_module_maps(changes)
            self.definitions_moved = bool(changes) or file_set_changed
            names, attributes, classes = affected_names(changes)
            if file_set_changed:
                names |= {_module_stem(p) for p in touched}
            subclasses = self._subclasses_of(classes)
            # Speed: when no file's interface moved, a file whose every name in sight is as before (a body
            # edit) gets its references' old outcomes back: resolution reads no line numbers.
            kept = {} if changes or file_set_changed else self._kept_outcomes(extracts)
            self._rewrite(touched, extracts, mtimes)
            if progress:
                progress(Phase.RESOLVING, 0, 0)
            source = self._source(extracts, gone)
            resolver = Resolver(source, self.modules)
            for path in sorted(extracts):
                self.store.replace_import_edges(path, resolver.import_edges(path))
            importers = self._imports_after(resolver, source, extracts, changes, file_set_changed)
            names |= passing_on(bindings_named(self.store, PASSES_PARAMETER), names)  # outer(cb) → inner(cb)
            report.rere_resolved = self._reresolve(
                resolver, names, attributes, subclasses, importers | set(extracts), delta, kept
            )
            if delta is not None:
                self.counts_shifted = delta.shift()
        report.extracted = len(extracts)
        report.deleted = len(gone)
        report.files = self.store.file_count()
        report.changed_files = touched
        return report

    def _rewrite(self, touched: list[str], extracts: dict[str, FileExtract], mtimes: dict[str, int]) -> None:
        """The touched files' rows replaced by the new extracts, their references pending."""
        self.store.delete_files(touched)
        for path in sorted(extracts):
            self.store.insert_file(extracts[path], mtimes.get(path, 0))
        for path in sorted(extracts):
            self.store.insert_pending_refs(extracts[path])

    def _imports_redone(self, resolver: Resolver, paths: Iterable[str]) -> set[str]:
        """Import edges of ``paths`` resolved again; the files whose targets moved."""
        moved: set[str] = set()
        for path in sorted(paths):
            before = import_edge_targets(self.store, path)
            edges = resolver.import_edges(path)
            if {e.target for e in edges} != before:
                moved.add(path)
            self.store.replace_import_edges(path, edges)
        return moved

    def _imports_after(
        self,
        resolver: Resolver,
        source: StoreSource,
        extracts: dict[str, FileExtract],
        changes: set[tuple[object, ...]],
        file_set_changed: bool,
    ) -> set[str]:
        """Other files' import edges resolved again where the update can move them; the files
        whose targets moved. A new or vanished file can change what any import names; a file
        whose imports moved (what it re-exports, what its export is) changes what its importers'
        imports reach, and theirs in turn. A file whose declared package moved (Java, Kotlin, C#)
        leaves the package its importers named and joins another: any import may move, as when
        the file set changes."""
        if file_set_changed or any(item[0] == "file" for item in changes):
            return self._imports_redone(resolver, source.paths() - set(extracts))
        if any(item[0] == "imp" for item in changes):
            return self._importers_redone(resolver, extracts, set(extracts))
        return set()

    def _importers_redone(self, resolver: Resolver, touched: Iterable[str], done: set[str]) -> set[str]:
        """Import edges of the files importing ``touched`` resolved again, then of the files
        importing those whose targets moved, and so on; the files whose targets moved."""
        moved: set[str] = set()
        frontier = importers(self.store, touched) - done
        while frontier:
            done |= frontier
            now = self._imports_redone(resolver, frontier)
            moved |= now
            frontier = importers(self.store, now) - done
        return moved

    def _forget_module_maps(self, changes: set[tuple[object, ...]]) -> None:
        """Where a file's declared package (or language) moved: module resolvers that map packages to
        the files declaring them (Java, Kotlin, C#) are built again, not kept for the same paths."""
        if any(change[0] == "file" for change in changes):
            self.modules.clear()

    def _interface_changes(self, touched: Iterable[str], extracts: dict[str, FileExtract]) -> set[tuple[object, ...]]:
        """What moved in the touched files' interfaces (stored before, extracted now)."""
        changes: set[tuple[object, ...]] = set()
        for path in touched:
            fx = extracts.get(path)
            new = (
                interface(
                    fx.symbols,
                    fx.imports,
                    fx.bindings,
                    [r for r in fx.refs if r.kind == RefKind.INHERIT],
                    (fx.language, fx.package),
                )
                if fx
                else frozenset()
            )
            moved = self._stored_interface(path) ^ new
            if moved:
                # Its members' types (self.h = make(), typed fields) are resolved with the
                # file's names: read elsewhere as obj.h, they may have moved with them.
                facts = stored_facts(self.store, path)
                symbols = [*facts.symbols, *(fx.symbols if fx else ())]
                classes = {s.id for s in symbols if s.kind == NodeKind.CLASS}
                bindings = [*facts.bindings, *(fx.bindings if fx else ())]
                moved |= {("member", attr) for attr in member_attributes(bindings, classes.__contains__)}
            changes |= moved
        return changes

    def _source(self, extracts: dict[str, FileExtract], gone: Iterable[str]) -> StoreSource:
        """The resolver's view of the store once this update's files are written."""
        if self.langs is None:
            self.langs = self.store.file_languages()
        else:
            for path in gone:
                self.langs.pop(path, None)
            for path, fx in extracts.items():
                self.langs[path] = (fx.language, fx.package)
        return StoreSource(self.store, self.langs)

    def _stored_interface(self, path: str) -> frozenset[tuple[object, ...]]:
        facts = stored_facts(self.store, path)
        return interface(facts.symbols, facts.imports, facts.bindings, facts.inherits, facts.file_info)

    def _kept_outcomes(self, extracts: dict[str, FileExtract]) -> _Kept:
        """Stored outcomes by (scope, kind, name, receiver) of the files whose names in sight
        are unchanged: symbols in order, imports, bindings, bases, language and package."""
        out: _Kept = {}
        for path, fx in extracts.items():
            if stored_environment(self.store, path) == extract_environment(fx):
                out[path] = stored_outcomes(self.store, path)
        return out

    def _subclasses_of(self, classes: Iterable[str]) -> set[str]:
        """These classes and every class that inherits from them, at any depth."""
        frontier = set(classes)
        seen: set[str] = set()
        while frontier:
            seen |= frontier
            nxt: set[str] = set()
            for cls in frontier:
                nxt.update(direct_subclasses(self.store, cls))
            frontier = nxt - seen
        return seen

    def _reresolve(
        self,
        resolver: Resolver,
        names: set[str],
        attributes: set[str],
        subclasses: set[str],
        whole: set[str],
        delta: _CountDelta | None = None,
        kept: _Kept | None = None,
    ) -> int:
        ids, whole_files = _in_sight(self.store.conn, names, attributes)
        # A file whose bound types are in sight (resolved whole) may type its members anew:
        # what reads them (obj.h.m()) elsewhere, until no new member comes into sight.
        frontier = set(whole_files)
        while frontier:
            members = member_attributes(
                [b for path in sorted(frontier) for b in resolver.source.bindings_of(path)],
                lambda sid: resolver.source.kind_of(sid) == NodeKind.CLASS,
            )
            members -= attributes
            attributes |= members
            more_ids, more_files = _in_sight(self.store.conn, set(), members) if members else (set(), set())
            ids |= more_ids
            frontier = more_files - whole_files
            whole_files |= more_files
        whole_files |= whole
        if "*" in names:  # a change of shape too wide to follow by name: re-resolve everything
            whole_files.update(self.store.file_languages())
        for cls in subclasses:
            ids.update(inherit_ref_ids(self.store, cls))
        for path in whole_files:
            ids.update(ref_ids_of_file(self.store, path))
        rows = refs_by_id(self.store, ids)
        if delta is not None:
            delta.add({path for _, path, _, _ in rows})
        settled = []
        for ref_id, path, ref, is_test in rows:
            twin = (kept or {}).get(path, {}).get((ref.scope, ref.kind, ref.name, ref.receiver, ref.args))
            if twin is None or resolver.depends_on_line(path, ref):
                settled.append((ref_id, resolver.resolve_safely(path, ref, is_test)))
            else:
                status, old_line, edges = twin
                moved = tuple(Edge(*e[:5], ref.line if e[5] == old_line else e[5]) for e in edges)
                settled.append((ref_id, ResolvedRef(ref, path, status, moved)))
        self.store.replace_resolutions(settled)
        return len(settled)


# Past this many names and attributes, the references in sight of them are found in one pass
# over the tables rather than by a scan per name: receivers and bound types have no index (a
# LIKE on a suffix could not use one), so each name cost two scans. On sympy, an update of 227
# of 1,100 files moved 3,500 names: 7,000 scans, 55 s, for a graph built whole in 16 s.
_SCAN_AFTER = 16


def _in_sight(conn: sqlite3.Connection, names: set[str], attributes: set[str]) -> tuple[set[int], set[str]]:
    """The ids of references by a name in ``names`` or through a receiver that starts with one
    (``name.x``) or passes through an attribute in ``attributes`` (``a.attr``, ``a.attr.x``), and the
    files that bind a type of such a name (``name``, ``mod.name``). Dotted receivers and types are
    compared without case, as SQLite's LIKE does (whose ``_`` also matches any one character: the
    pass is exact there, which the outcomes do not depend on)."""
    if len(names) + len(attributes) <= _SCAN_AFTER:
        return refs_in_sight_by_queries(conn, names, attributes)
    # The pass compares dot-separated parts: a dotted name takes the queries, alone, so that a few
    # of them do not send thousands of plain names to a scan each.
    dotted = {n for n in names if "." in n}, {a for a in attributes if "." in a}
    ids, files = refs_in_sight_in_one_pass(conn, names - dotted[0], attributes - dotted[1])
    if dotted[0] or dotted[1]:
        more_ids, more_files = refs_in_sight_by_queries(conn, *dotted)
        ids, files = ids | more_ids, files | more_files
    return ids, files


# path → (scope, kind, name, receiver) → (status, line, edges as stored): see _kept_outcomes.
_Kept = dict[str, Outcomes]


class _CountDelta:
    """The figures of the files an update rewrites, taken before their first write and
    after the last, so that the cached graph counts move instead of being recounted."""

    def __init__(self, store: Store, paths: Iterable[str]) -> None:
        self.store = store
        self.paths: set[str] = set()
        self.before = store.file_figures(())
        self.add(paths)

    def add(self, paths: Iterable[str]) -> None:
        """More files about to be rewritten (not yet written in this run)."""
        new = set(paths) - self.paths
        if new:
            self.paths |= new
            for key, table in self.store.file_figures(new).items():
                mine = self.before.setdefault(key, {})
                for name, n in table.items():
                    mine[name] = mine.get(name, 0) + n

    def shift(self) -> bool:
        return self.store.shift_counts(self.before, self.store.file_figures(self.paths))


def _module_stem(path: str) -> str:
    pure = PurePosixPath(path)
    spec = language_for(path)
    return pure.parent.name if spec is not None and pure.stem in spec.package_index_names else pure.stem
