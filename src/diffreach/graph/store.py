"""The graph database: SQLite in WAL mode at ``<root>/.diffreach/graph.db``.

``Store`` opens it (creating, migrating or rebuilding it: ``migrations.py``), hands out
transactions and reads and writes the graph's own tables: files, nodes, references, imports,
bindings and edges. Writers use ``atomic()``: a file's rows and the edges its code makes are
replaced in one transaction, so an interrupted index leaves the previous graph valid. The
tables of other concerns have modules of their own beside this one (``counts.py``,
``terms.py``, ``ledger.py``, ``blocks.py``). A ``Store`` is a context manager that closes on
exit. This module stores and reads; it never ranks or traverses.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import TracebackType

from diffreach.errors import NotIndexedError, StoreError
from diffreach.graph import counts, opening
from diffreach.graph.meta import read_meta, write_meta
from diffreach.graph.migrations import SCHEMA_VERSION, check_schema, ensure_schema, rebuild
from diffreach.graph.opening import DB_NAME, DIR_NAME
from diffreach.graph.reader import NODE_COLUMNS, GraphReader
from diffreach.graph.terms import pack_words
from diffreach.model import Edge, FileExtract, Ref, ResolvedRef

__all__ = ["DB_NAME", "DIR_NAME", "SCHEMA_VERSION", "Store", "db_path"]

# The tables that hold rows of a file (``files`` by its path, the others by ``file``).
_FILE_TABLES = ("files", "nodes", "notes", "file_words", "refs", "imports", "bindings", "edges", "declarations")
_BUSY_MS = 30_000  # how long a write waits for another writer's lock


def db_path(root: str | Path) -> Path:
    return Path(root) / DIR_NAME / DB_NAME


class Store(GraphReader):
    """The graph database of one repository: its reads (``GraphReader``) and its writes."""

    def __init__(self, root: str | Path, conn: sqlite3.Connection) -> None:
        super().__init__(str(root), conn)

    # ----- opening -----------------------------------------------------------------------------

    @classmethod
    def open(cls, root: str | Path, create: bool = True, notice: Callable[[str], None] | None = None) -> Store:
        """The graph of ``root``. ``create`` (``index`` only) creates, migrates or rebuilds it;
        without it (every reader) nothing of the schema is written: a missing, empty, foreign,
        other-version or other-checkout graph is an error that says what to run
        (``opening.py`` decides what may be opened)."""
        warn = notice or _warn
        path = db_path(root)
        exists = opening.check_folder(root) and path.exists()
        opening.refuse_tracked(root)
        if not exists:
            if not create:
                raise NotIndexedError(f"{root} has no graph yet; run 'diffreach index' first")
            opening.make_folder(root)
        probe = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        try:
            kind = opening.identify(probe, path)  # before any pragma: those read the schema
        finally:
            probe.close()
        if create:
            return cls(root, cls._open_writable(root, path, warn))
        if kind == "empty":
            raise NotIndexedError(f"{path} holds no graph yet; run 'diffreach index' first")
        conn = cls._connect(path, write=False)
        try:
            check_schema(conn, str(path))
            if not opening.is_bound(conn, root):
                raise StoreError(
                    f"{path} was not built in this checkout (copied or committed from elsewhere);"
                    " run 'diffreach index' to rebuild it"
                )
        except BaseException:
            conn.close()
            raise
        return cls(root, conn)

    @classmethod
    def _open_writable(cls, root: str | Path, path: Path, warn: Callable[[str], None]) -> sqlite3.Connection:
        """``index``'s connection to a database of ours (or a new one): checked when a writer died
        inside a write, brought to the current schema, bound to this checkout; rebuilt (one
        notice) when damaged or made elsewhere."""
        conn: sqlite3.Connection | None = None
        try:
            conn = cls._connect(path)
            try:
                problem = opening.check_after_crash(conn, root, path)
                if problem is None:
                    ensure_schema(conn, warn)
            except BaseException:
                conn.close()
                raise
        except sqlite3.OperationalError as exc:  # locked, read-only, full: nothing to rebuild
            raise StoreError(f"the graph database cannot be opened for writing ({exc})") from exc
        except sqlite3.DatabaseError as exc:  # damaged (SQLITE_CORRUPT, SQLITE_NOTADB)
            problem = str(exc)
        if problem is not None or conn is None:
            if conn is not None:
                with suppress(sqlite3.Error):
                    conn.close()
            warn(f"{path} is damaged ({problem}); rebuilding it")
            _delete_database(path)
            conn = cls._connect(path)
            ensure_schema(conn, warn)
        if not opening.is_bound(conn, root):
            if read_meta(conn, "store_id") or conn.execute("SELECT 1 FROM files LIMIT 1").fetchone():
                warn(f"{path} was not built in this checkout (copied or committed from elsewhere); rebuilding it")
                rebuild(conn)
            token = opening.new_store_id(root)
            conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('store_id', ?)", (token,))
        return conn

    @staticmethod
    def _connect(path: Path, write: bool = True) -> sqlite3.Connection:
        """A connection; ``write`` (``index``) also sets the journal mode, which writes the file."""
        conn = sqlite3.connect(str(path), timeout=30.0, isolation_level=None, check_same_thread=False)
        if write:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute(f"PRAGMA busy_timeout={_BUSY_MS}")
        conn.execute("PRAGMA temp_store=MEMORY")
        conn.execute("PRAGMA cache_size=-65536")
        return conn

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
        if isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.OperationalError):
            # Damage met by a reader (SQLITE_CORRUPT, SQLITE_NOTADB): leave the marker a dead
            # writer leaves, so that the next index checks the database instead of trusting it.
            with suppress(OSError):
                opening.mark_writing(self.root)

    @classmethod
    def discard(cls, root: str | Path, reason: str, notice: Callable[[str], None] | None = None) -> Store:
        """Delete an unusable graph database (with a one-line notice) and open a fresh one."""
        path = db_path(root)
        (notice or _warn)(f"{path} is damaged ({reason}); rebuilding it")
        _delete_database(path)
        return cls.open(root, notice=notice)

    @contextmanager
    def atomic(self) -> Iterator[sqlite3.Connection]:
        """One write transaction. While it runs the data folder holds the write marker, cleared
        just before COMMIT: no other writer can begin before the commit ends (the lock is still
        held), so a marker found by a writer holding the lock is a dead writer's (opening.py)."""
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc):
                raise
            raise StoreError(
                f"the graph database stayed locked by another writer ({exc});"
                " another 'diffreach index' is running: try again when it ends"
            ) from exc
        opening.mark_writing(self.root)
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            opening.unmark_writing(self.root)
            raise
        else:
            opening.unmark_writing(self.root)
            self.conn.execute("COMMIT")

    def write_if_free(self, write: Callable[[], object]) -> bool:
        """Run ``write`` in a transaction when the write lock is free now; False (nothing written)
        when another connection holds it. For what a reader writes on the side (a counter, a
        cache): its answer never waits for a long build's lock."""
        self.conn.execute("PRAGMA busy_timeout=0")
        try:
            with self.atomic():
                write()
        except StoreError as exc:
            if not isinstance(exc.__cause__, sqlite3.OperationalError):
                raise
            return False
        finally:
            self.conn.execute(f"PRAGMA busy_timeout={_BUSY_MS}")
        return True

    def write_lock_free(self) -> bool:
        """True when no other connection holds the write lock at this moment (taken and given
        back at once, never waited for): a caller that would only update the graph before
        answering (the MCP server) answers from the graph as it stands instead of waiting for
        another process's long build. Another writer may still begin right after."""
        self.conn.execute("PRAGMA busy_timeout=0")
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc):
                raise
            return False
        finally:
            self.conn.execute(f"PRAGMA busy_timeout={_BUSY_MS}")
        self.conn.execute("ROLLBACK")
        return True

    # ----- meta --------------------------------------------------------------------------------

    def get_meta(self, key: str, default: str = "") -> str:
        return read_meta(self.conn, key, default)

    def set_meta(self, key: str, value: str) -> None:
        write_meta(self.conn, key, value)

    # ----- writing -----------------------------------------------------------------------------

    def clear(self) -> None:
        for table in (*_FILE_TABLES, "skipped"):
            self.conn.execute(f"DELETE FROM {table}")

    def delete_files(self, paths: Iterable[str]) -> None:
        rows = [(p,) for p in paths]
        for table in _FILE_TABLES:
            column = "path" if table == "files" else "file"
            self.conn.executemany(f"DELETE FROM {table} WHERE {column}=?", rows)

    def insert_file(self, fx: FileExtract, mtime_ns: int) -> None:
        is_test = fx.symbols[0].is_test if fx.symbols else False
        c = self.conn
        c.execute(
            "INSERT OR REPLACE INTO files(path, language, package, hash, size, mtime_ns, parse_errors, is_test)"
            " VALUES (?,?,?,?,?,?,?,?)",
            (fx.path, fx.language, fx.package, fx.content_hash, fx.size, mtime_ns, fx.parse_errors, is_test),
        )
        c.executemany(
            f"INSERT OR REPLACE INTO nodes({NODE_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            [
                (
                    s.id,
                    s.kind,
                    s.name,
                    s.qualname,
                    s.file,
                    s.parent,
                    s.start_line,
                    s.end_line,
                    s.signature,
                    s.doc,
                    int(s.is_test),
                    int(s.abstract),
                )
                for s in fx.symbols
            ],
        )
        c.executemany(
            "INSERT OR REPLACE INTO notes(node, file, text) VALUES (?,?,?)",
            [(s.id, s.file, s.notes) for s in fx.symbols if s.notes],
        )
        if fx.words:
            c.execute("INSERT OR REPLACE INTO file_words(file, words) VALUES (?,?)", (fx.path, pack_words(fx.words)))
        c.executemany(
            "INSERT INTO imports(file, module, name, alias, line, wildcard, program_wide) VALUES (?,?,?,?,?,?,?)",
            [(fx.path, i.module, i.name, i.alias, i.line, int(i.wildcard), int(i.program_wide)) for i in fx.imports],
        )
        c.executemany(
            "INSERT INTO bindings(file, scope, name, type_name, line, end_line) VALUES (?,?,?,?,?,?)",
            [(fx.path, b.scope, b.name, b.type_name, b.line, b.end_line) for b in fx.bindings],
        )
        c.executemany(
            "INSERT INTO declarations(file, scope, name, kind, line, end_line, text) VALUES (?,?,?,?,?,?,?)",
            [(fx.path, d.scope, d.name, d.kind, d.line, d.end_line, d.text) for d in fx.declarations],
        )

    def insert_resolved(self, resolved: Iterable[ResolvedRef]) -> None:
        """Insert references with their edges (references not stored before)."""
        # Speed: one INSERT per reference (to learn its rowid for its edges) was a large share
        # of a full build; ids are handed out here instead (callers write inside atomic(),
        # which holds the write lock) so both tables load by executemany.
        c = self.conn
        next_id = c.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM refs").fetchone()[0]
        refs: list[tuple[object, ...]] = []
        edges: list[tuple[object, ...]] = []
        for ref_id, rr in enumerate(resolved, next_id):
            r = rr.ref
            refs.append((ref_id, rr.file, r.scope, r.kind, r.name, r.receiver, r.line, rr.status, r.args))
            edges.extend(
                (e.source, e.target, e.kind, e.resolution, e.confidence, e.line, rr.file, ref_id) for e in rr.edges
            )
        c.executemany(
            "INSERT INTO refs(id, file, scope, kind, name, receiver, line, status, args) VALUES (?,?,?,?,?,?,?,?,?)",
            refs,
        )
        c.executemany(
            "INSERT INTO edges(source, target, kind, resolution, confidence, line, file, ref) VALUES (?,?,?,?,?,?,?,?)",
            edges,
        )

    def insert_import_edges(self, path: str, edges: Iterable[Edge]) -> None:
        """A file's import edges when it has none stored yet (a full build after ``clear``)."""
        self._insert_edges(edges, path, None)

    @contextmanager
    def bulk_load(
        self, tables: Iterable[str] = ("nodes", "notes", "refs", "imports", "bindings", "edges", "declarations")
    ) -> Iterator[None]:
        """Inside ``atomic()``: drop the secondary indexes, load, then build them again.

        Building an index once over sorted data is several times cheaper than
        keeping it up to date row by row; DDL is transactional in SQLite, so an
        interrupted build rolls the indexes back with the rows. Only for loads
        that never read by those indexes (a full build after ``clear``)."""
        tables = list(tables)
        indexes = self.conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='index' AND sql IS NOT NULL"
            f" AND tbl_name IN ({','.join('?' * len(tables))})",
            tables,
        ).fetchall()
        for name, _ in indexes:
            self.conn.execute(f'DROP INDEX "{name}"')
        yield
        for _, sql in indexes:
            self.conn.execute(sql)

    @contextmanager
    def temp_on_disk(self) -> Iterator[None]:
        """Sorts for index builds spill to temporary files instead of memory (SQLite's temp
        store is memory otherwise, where a large build's sort grows with the repository)."""
        self.conn.execute("PRAGMA temp_store=FILE")
        try:
            yield
        finally:
            self.conn.execute("PRAGMA temp_store=MEMORY")

    def insert_pending_refs(self, fx: FileExtract) -> None:
        """A file's references before resolution; ``replace_resolutions`` settles them."""
        self.conn.executemany(
            "INSERT INTO refs(file, scope, kind, name, receiver, line, status, args) VALUES (?,?,?,?,?,?,'pending',?)",
            [(fx.path, r.scope, r.kind, r.name, r.receiver, r.line, r.args) for r in fx.refs],
        )

    def pending_refs(self, path: str) -> list[tuple[int, Ref]]:
        """A file's references still to resolve, with their ids, in the order they were written."""
        return [
            (r[0], Ref(*r[1:]))
            for r in self.conn.execute(
                "SELECT id, scope, kind, name, receiver, line, args FROM refs WHERE file=? AND status='pending'"
                " ORDER BY id",
                (path,),
            )
        ]

    def settle_refs(self, settled: Iterable[tuple[int, ResolvedRef]]) -> None:
        """First resolutions of pending references: status set, edges added (none were stored)."""
        settled = list(settled)
        self.conn.executemany("UPDATE refs SET status=? WHERE id=?", [(rr.status, ref_id) for ref_id, rr in settled])
        self.conn.executemany(
            "INSERT INTO edges(source, target, kind, resolution, confidence, line, file, ref) VALUES (?,?,?,?,?,?,?,?)",
            [
                (e.source, e.target, e.kind, e.resolution, e.confidence, e.line, rr.file, ref_id)
                for ref_id, rr in settled
                for e in rr.edges
            ],
        )

    def replace_resolutions(self, settled: Iterable[tuple[int, ResolvedRef]]) -> None:
        """New resolutions of stored references: each one's status and edges replaced
        (three statements for the lot, not three per reference)."""
        settled = list(settled)
        self.conn.executemany("DELETE FROM edges WHERE ref=?", [(ref_id,) for ref_id, _ in settled])
        self.settle_refs(settled)

    def replace_import_edges(self, path: str, edges: Iterable[Edge]) -> None:
        self.conn.execute("DELETE FROM edges WHERE file=? AND ref IS NULL", (path,))
        self._insert_edges(edges, path, None)

    def _insert_edges(self, edges: Iterable[Edge], file: str, ref: int | None) -> None:
        self.conn.executemany(
            "INSERT INTO edges(source, target, kind, resolution, confidence, line, file, ref) VALUES (?,?,?,?,?,?,?,?)",
            [(e.source, e.target, e.kind, e.resolution, e.confidence, e.line, file, ref) for e in edges],
        )

    def set_skipped(self, skipped: Iterable[tuple[str, str]]) -> None:
        self.conn.execute("DELETE FROM skipped")
        self.conn.executemany("INSERT OR REPLACE INTO skipped(path, reason) VALUES (?, ?)", list(skipped))

    # ----- counts (counts.py) ------------------------------------------------------------------

    def skip_counts(self) -> dict[str, int]:
        """How many files the last walk skipped, by reason."""
        return counts.skip_counts(self.conn)

    def parse_error_files(self) -> list[str]:
        """The indexed files that had syntax errors, sorted."""
        return counts.parse_error_files(self.conn)

    def counts(self, reuse: bool = False) -> dict[str, object]:
        """Figures of the graph; ``reuse`` takes the graph's part from the last count
        (the caller knows nothing was written since), the skipped files afresh."""
        return counts.graph_counts(self.conn, reuse)

    def file_figures(self, paths: Iterable[str]) -> dict[str, dict[str, int]]:
        """The graph figures of these files alone, to move the cached counts by a delta."""
        return counts.file_figures(self.conn, paths)

    def shift_counts(self, before: dict[str, dict[str, int]], after: dict[str, dict[str, int]]) -> bool:
        """Move the cached graph counts by the files a run rewrote; False when none are cached."""
        return counts.shift_counts(self.conn, before, after)


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    return "locked" in str(exc) or "busy" in str(exc)


def _delete_database(path: Path) -> None:
    """Delete a damaged database of ours (``opening.identify`` said so before it was used) and
    its WAL files; the folder's checks refused links, so nothing outside the root is touched."""
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def _warn(message: str) -> None:
    print(f"notice: {message}", file=sys.stderr)
