"""The graph database: SQLite in WAL mode at ``<root>/.diffreach/graph.db``.

The schema lives in ``schema.sql``; ``SCHEMA_VERSION`` names it, and a database
written by another version is migrated by the named migrations below or, when
none applies, rebuilt (the graph is a cache of the source: nothing is lost).
Writers use ``atomic()``: a file's rows and the edges its code makes are
replaced in one transaction, so an interrupted index leaves the previous graph
valid. This module stores and reads; it never ranks or traverses.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from diffreach.errors import NotIndexedError, StoreError
from diffreach.model import (
    CONFIDENCE,
    Binding,
    Edge,
    EdgeKind,
    FileExtract,
    Import,
    NodeKind,
    Ref,
    RefKind,
    Resolution,
    ResolvedRef,
    Symbol,
    SymRow,
)

SCHEMA_VERSION = "2"
DIR_NAME = ".diffreach"
DB_NAME = "graph.db"

_NODE_COLUMNS = "id, kind, name, qualname, file, parent, start_line, end_line, signature, doc, is_test"

# Named migrations, applied in order and recorded in the ``migrations`` table.
# A database whose version has no path here is rebuilt from the source.
MIGRATIONS: dict[str, Callable[[sqlite3.Connection], None]] = {}


def m1_to_2_notes(conn: sqlite3.Connection) -> None:
    """The ``notes`` table. Notes come from the source, so every file is marked for reading again
    (no stored hash or mtime matches): the next index fills them in, as an update."""
    conn.executescript(
        "BEGIN IMMEDIATE;\n"
        "CREATE TABLE IF NOT EXISTS notes (node TEXT PRIMARY KEY, file TEXT NOT NULL, text TEXT NOT NULL);\n"
        "CREATE INDEX IF NOT EXISTS notes_file ON notes(file);\n"
        "UPDATE files SET hash = '', mtime_ns = 0;\n"
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', '2');\n"
        "COMMIT;"
    )


MIGRATIONS["m1_to_2_notes"] = m1_to_2_notes


def db_path(root: str | Path) -> Path:
    return Path(root) / DIR_NAME / DB_NAME


def _symbol(row: sqlite3.Row | tuple) -> Symbol:
    return Symbol(
        id=row[0],
        kind=row[1],
        name=row[2],
        qualname=row[3],
        file=row[4],
        parent=row[5],
        start_line=row[6],
        end_line=row[7],
        signature=row[8],
        doc=row[9],
        is_test=bool(row[10]),
    )


class Store:
    def __init__(self, root: str | Path, conn: sqlite3.Connection) -> None:
        self.root = str(root)
        self.conn = conn

    # ----- opening -----------------------------------------------------------------------------

    @classmethod
    def open(cls, root: str | Path, create: bool = True, notice: Callable[[str], None] | None = None) -> Store:
        path = db_path(root)
        if not path.exists():
            if not create:
                raise NotIndexedError(f"{root} has no graph yet; run 'diffreach index' first")
            path.parent.mkdir(parents=True, exist_ok=True)
            ignore = path.parent / ".gitignore"
            if not ignore.exists():
                _write_atomically(ignore, "# diffreach graph: a cache, never committed\n*\n")
        try:
            conn = cls._connect(path)
            cls._ensure_schema(conn, notice)
        except sqlite3.DatabaseError as exc:
            if not create:
                raise StoreError(
                    f"{path} is not a usable graph database ({exc}); run 'diffreach index --full'"
                ) from exc
            (notice or _warn)(f"{path} was unreadable ({exc}); rebuilding it")
            for suffix in ("", "-wal", "-shm"):
                Path(str(path) + suffix).unlink(missing_ok=True)
            conn = cls._connect(path)
            cls._ensure_schema(conn, notice)
        return cls(root, conn)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(str(path), timeout=30.0, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=30000")
        conn.execute("PRAGMA temp_store=MEMORY")
        conn.execute("PRAGMA cache_size=-65536")
        return conn

    @staticmethod
    def _ensure_schema(conn: sqlite3.Connection, notice: Callable[[str], None] | None) -> None:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "meta" in tables:
            row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
            version = row[0] if row else None
            if version == SCHEMA_VERSION:
                return
            if version is not None and _migrate(conn, version):
                return
            (notice or _warn)(f"graph database schema {version} is not {SCHEMA_VERSION}; rebuilding it")
            for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall():
                conn.execute(f'DROP TABLE IF EXISTS "{name}"')
        elif tables:
            raise sqlite3.DatabaseError("not a diffreach graph database")
        schema = resources.files("diffreach.graph").joinpath("schema.sql").read_text()
        # One transaction: a process killed while creating the schema leaves no half-made database.
        conn.executescript(
            f"BEGIN IMMEDIATE;\n{schema}\nINSERT OR REPLACE INTO meta(key, value)"
            f" VALUES ('schema_version', '{SCHEMA_VERSION}');\nCOMMIT;"
        )

    def close(self) -> None:
        self.conn.close()

    @classmethod
    def discard(cls, root: str | Path, reason: str, notice: Callable[[str], None] | None = None) -> Store:
        """Delete an unusable graph database (with a one-line notice) and open a fresh one."""
        path = db_path(root)
        (notice or _warn)(f"{path} is damaged ({reason}); rebuilding it")
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        return cls.open(root, notice=notice)

    @contextmanager
    def atomic(self) -> Iterator[sqlite3.Connection]:
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            raise StoreError(
                f"the graph database stayed locked by another writer ({exc});"
                " another 'diffreach index' is running: try again when it ends"
            ) from exc
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        else:
            self.conn.execute("COMMIT")

    # ----- meta --------------------------------------------------------------------------------

    def get_meta(self, key: str, default: str = "") -> str:
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    # ----- writing -----------------------------------------------------------------------------

    def clear(self) -> None:
        for table in ("files", "skipped", "nodes", "notes", "refs", "imports", "bindings", "edges"):
            self.conn.execute(f"DELETE FROM {table}")

    def delete_files(self, paths: Iterable[str]) -> None:
        rows = [(p,) for p in paths]
        for table in ("files", "nodes", "notes", "refs", "imports", "bindings", "edges"):
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
            f"INSERT OR REPLACE INTO nodes({_NODE_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
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
                )
                for s in fx.symbols
            ],
        )
        c.executemany(
            "INSERT OR REPLACE INTO notes(node, file, text) VALUES (?,?,?)",
            [(s.id, s.file, s.notes) for s in fx.symbols if s.notes],
        )
        c.executemany(
            "INSERT INTO imports(file, module, name, alias, line, wildcard) VALUES (?,?,?,?,?,?)",
            [(fx.path, i.module, i.name, i.alias, i.line, int(i.wildcard)) for i in fx.imports],
        )
        c.executemany(
            "INSERT INTO bindings(file, scope, name, type_name, line) VALUES (?,?,?,?,?)",
            [(fx.path, b.scope, b.name, b.type_name, b.line) for b in fx.bindings],
        )

    def insert_resolved(self, resolved: Iterable[ResolvedRef]) -> None:
        """Insert references with their edges (references not stored before)."""
        # Speed: one INSERT per reference (to learn its rowid for its edges) cost
        # ~2 s on Django; ids are handed out here instead (callers write inside
        # atomic(), which holds the write lock) so both tables load by executemany.
        c = self.conn
        next_id = c.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM refs").fetchone()[0]
        refs = []
        edges = []
        for ref_id, rr in enumerate(resolved, next_id):
            r = rr.ref
            refs.append((ref_id, rr.file, r.scope, r.kind, r.name, r.receiver, r.line, rr.status))
            edges.extend(
                (e.source, e.target, e.kind, e.resolution, e.confidence, e.line, rr.file, ref_id) for e in rr.edges
            )
        c.executemany(
            "INSERT INTO refs(id, file, scope, kind, name, receiver, line, status) VALUES (?,?,?,?,?,?,?,?)", refs
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
        self, tables: Iterable[str] = ("nodes", "notes", "refs", "imports", "bindings", "edges")
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
            "INSERT INTO refs(file, scope, kind, name, receiver, line, status) VALUES (?,?,?,?,?,?,'pending')",
            [(fx.path, r.scope, r.kind, r.name, r.receiver, r.line) for r in fx.refs],
        )

    def pending_refs(self, path: str) -> list[tuple[int, Ref]]:
        """A file's references still to resolve, with their ids, in the order they were written."""
        return [
            (r[0], Ref(*r[1:]))
            for r in self.conn.execute(
                "SELECT id, scope, kind, name, receiver, line FROM refs WHERE file=? AND status='pending' ORDER BY id",
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

    # ----- reading: files --------------------------------------------------------------------

    def file_states(self, paths: Iterable[str] | None = None) -> dict[str, tuple[str, int, int]]:
        """path → (hash, size, mtime_ns), of every file or of these paths."""
        if paths is None:
            return {r[0]: (r[1], r[2], r[3]) for r in self.conn.execute("SELECT path, hash, size, mtime_ns FROM files")}
        return {
            r[0]: (r[1], r[2], r[3])
            for path in paths
            for r in self.conn.execute("SELECT path, hash, size, mtime_ns FROM files WHERE path=?", (path,))
        }

    def data_version(self) -> int:
        """Changes when another connection commits to the database (SQLite's data_version)."""
        return self.conn.execute("PRAGMA data_version").fetchone()[0]

    def file_count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM files").fetchone()[0]

    def skip_counts(self) -> dict[str, int]:
        """How many files the last walk skipped, by reason."""
        return dict(self.conn.execute("SELECT reason, COUNT(*) FROM skipped GROUP BY reason").fetchall())

    def skipped(self, paths: Iterable[str]) -> dict[str, str]:
        """The skip reasons stored for these paths (those skipped by the last walk)."""
        return {
            r[0]: r[1]
            for path in paths
            for r in self.conn.execute("SELECT path, reason FROM skipped WHERE path=?", (path,))
        }

    def indexed(self, paths: Iterable[str]) -> set[str]:
        """Which of these paths are indexed."""
        paths = list(paths)
        out: set[str] = set()
        for i in range(0, len(paths), 400):
            chunk = paths[i : i + 400]
            marks = ",".join("?" * len(chunk))
            out.update(r[0] for r in self.conn.execute(f"SELECT path FROM files WHERE path IN ({marks})", chunk))
        return out

    def file_languages(self) -> dict[str, tuple[str, str]]:
        return {r[0]: (r[1], r[2]) for r in self.conn.execute("SELECT path, language, package FROM files")}

    def has_graph(self) -> bool:
        return self.conn.execute("SELECT 1 FROM files LIMIT 1").fetchone() is not None

    # ----- reading: nodes and edges ------------------------------------------------------------

    def symbol(self, sid: str) -> Symbol | None:
        row = self.conn.execute(f"SELECT {_NODE_COLUMNS} FROM nodes WHERE id=?", (sid,)).fetchone()
        return _symbol(row) if row else None

    def symbols(self, ids: Iterable[str]) -> dict[str, Symbol]:
        out: dict[str, Symbol] = {}
        ids = list(dict.fromkeys(ids))
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for row in self.conn.execute(f"SELECT {_NODE_COLUMNS} FROM nodes WHERE id IN ({marks})", chunk):
                out[row[0]] = _symbol(row)
        return out

    def symbols_in_file(self, path: str) -> list[Symbol]:
        return [
            _symbol(r)
            for r in self.conn.execute(
                f"SELECT {_NODE_COLUMNS} FROM nodes WHERE file=? ORDER BY start_line, id", (path,)
            )
        ]

    def symbols_named(self, name: str) -> list[Symbol]:
        return [
            _symbol(r)
            for r in self.conn.execute(
                f"SELECT {_NODE_COLUMNS} FROM nodes WHERE name=? OR qualname=? ORDER BY id", (name, name)
            )
        ]

    def all_symbols(self) -> Iterator[Symbol]:
        for row in self.conn.execute(f"SELECT {_NODE_COLUMNS} FROM nodes ORDER BY file, start_line, id"):
            yield _symbol(row)

    def edges_to(self, targets: Iterable[str], kinds: Iterable[str]) -> list[Edge]:
        return self._edges("target", targets, kinds)

    def edges_from(self, sources: Iterable[str], kinds: Iterable[str]) -> list[Edge]:
        return self._edges("source", sources, kinds)

    def _edges(self, column: str, ids: Iterable[str], kinds: Iterable[str]) -> list[Edge]:
        kinds = list(kinds)
        ids = list(ids)
        out: list[Edge] = []
        kind_marks = ",".join("?" * len(kinds))
        for i in range(0, len(ids), 400):
            chunk = ids[i : i + 400]
            marks = ",".join("?" * len(chunk))
            out.extend(
                Edge(*r)
                for r in self.conn.execute(
                    f"SELECT DISTINCT source, target, kind, resolution, confidence, line FROM edges"
                    f" WHERE {column} IN ({marks}) AND kind IN ({kind_marks})",
                    chunk + kinds,
                )
            )
        return out

    def inbound_counts(self, ids: Iterable[str], kinds: Iterable[str]) -> dict[str, int]:
        kinds = list(kinds)
        out: dict[str, int] = {}
        ids = list(ids)
        kind_marks = ",".join("?" * len(kinds))
        for i in range(0, len(ids), 400):
            chunk = ids[i : i + 400]
            marks = ",".join("?" * len(chunk))
            for target, n in self.conn.execute(
                f"SELECT target, COUNT(DISTINCT source) FROM edges WHERE target IN ({marks})"
                f" AND kind IN ({kind_marks}) GROUP BY target",
                chunk + kinds,
            ):
                out[target] = n
        return out

    def all_edges(self) -> Iterator[Edge]:
        for r in self.conn.execute(
            "SELECT DISTINCT source, target, kind, resolution, confidence, line FROM edges"
            " ORDER BY source, target, kind, line"
        ):
            yield Edge(*r)
        for r in self.conn.execute(
            "SELECT parent, id, start_line FROM nodes WHERE parent IS NOT NULL ORDER BY parent, id"
        ):
            yield Edge(r[0], r[1], EdgeKind.CONTAINS, Resolution.SCOPE, CONFIDENCE[Resolution.SCOPE], r[2])

    def refs_with_status(self, status: str, limit: int | None = None) -> list[tuple[str, Ref]]:
        sql = "SELECT file, scope, kind, name, receiver, line FROM refs WHERE status=? ORDER BY file, line"
        params: tuple = (status,)
        if limit is not None:
            sql += " LIMIT ?"
            params = (status, limit)
        return [(r[0], Ref(*r[1:])) for r in self.conn.execute(sql, params)]

    # ----- counts ------------------------------------------------------------------------------

    def counts(self, reuse: bool = False) -> dict[str, object]:
        """Figures of the graph; ``reuse`` takes the graph's part from the last count
        (the caller knows nothing was written since), the skipped files afresh."""
        c = self.conn
        skipped = self.skip_counts()
        cached = self.get_meta("counts") if reuse else ""
        if cached:
            return {**json.loads(cached), "skipped": skipped}
        nodes = dict(c.execute("SELECT kind, COUNT(*) FROM nodes GROUP BY kind").fetchall())
        edges = dict(
            c.execute(
                "SELECT kind, COUNT(*) FROM (SELECT DISTINCT source, target, kind FROM edges) GROUP BY kind"
            ).fetchall()
        )
        edges[EdgeKind.CONTAINS] = c.execute("SELECT COUNT(*) FROM nodes WHERE parent IS NOT NULL").fetchone()[0]
        refs = dict(c.execute("SELECT status, COUNT(*) FROM refs WHERE kind!='value' GROUP BY status").fetchall())
        languages = dict(c.execute("SELECT language, COUNT(*) FROM files GROUP BY language").fetchall())
        errors = c.execute("SELECT COUNT(*) FROM files WHERE parse_errors > 0").fetchone()[0]
        figures = {
            "files": nodes.get(NodeKind.FILE, 0),
            "nodes": nodes,
            "edges": edges,
            "refs": refs,
            "languages": languages,
            "parse_errors": errors,
        }
        with contextlib.suppress(sqlite3.OperationalError):  # a reader that cannot write (locked) recounts next time
            self.set_meta("counts", json.dumps(figures))
        return {**figures, "skipped": skipped}

    def file_figures(self, paths: Iterable[str]) -> dict[str, dict[str, int]]:
        """The graph figures of these files alone, to move the cached counts by a delta.

        Figures add up over files: every edge is stored with the file whose code made
        it, and one (source, target, kind) never comes from two files (a call's source
        is a scope of its file; an override edge is made by the overriding file). The
        registry edges of ``:config`` break that, so runs with registries recount."""
        out: dict[str, dict[str, int]] = {"nodes": {}, "edges": {}, "refs": {}, "languages": {}, "scalars": {}}
        paths = sorted(set(paths))
        queries = (
            ("nodes", "SELECT kind, COUNT(*) FROM nodes WHERE file IN ({m}) GROUP BY kind"),
            (
                "edges",
                (
                    "SELECT kind, COUNT(*) FROM (SELECT DISTINCT source, target, kind FROM edges"
                    " WHERE file IN ({m})) GROUP BY kind"
                ),
            ),
            ("refs", "SELECT status, COUNT(*) FROM refs WHERE file IN ({m}) AND kind!='value' GROUP BY status"),
            ("languages", "SELECT language, COUNT(*) FROM files WHERE path IN ({m}) GROUP BY language"),
            (
                "scalars",
                (
                    f"SELECT '{EdgeKind.CONTAINS}', COUNT(*) FROM nodes WHERE file IN ({{m}}) AND parent IS NOT NULL"
                    " UNION ALL SELECT 'parse_errors', COUNT(*) FROM files WHERE path IN ({m}) AND parse_errors > 0"
                ),
            ),
        )
        for i in range(0, len(paths), 400):
            chunk = paths[i : i + 400]
            marks = ",".join("?" * len(chunk))
            for key, sql in queries:
                args = chunk * sql.count("{m}")
                for name, n in self.conn.execute(sql.format(m=marks), args):
                    out[key][name] = out[key].get(name, 0) + n
        return out

    def shift_counts(self, before: dict[str, dict[str, int]], after: dict[str, dict[str, int]]) -> bool:
        """Move the cached graph counts from ``before`` to ``after`` (file_figures of the files
        a run rewrote); False, leaving them to be recounted, when there is no cached count."""
        cached = self.get_meta("counts")
        if not cached:
            return False
        figures = json.loads(cached)
        for key in ("nodes", "edges", "refs", "languages"):
            table = figures[key]
            for name in set(before[key]) | set(after[key]):
                n = table.get(name, 0) + after[key].get(name, 0) - before[key].get(name, 0)
                if n:
                    table[name] = n
                else:
                    table.pop(name, None)
        moved = {
            k: after["scalars"].get(k, 0) - before["scalars"].get(k, 0) for k in (EdgeKind.CONTAINS, "parse_errors")
        }
        figures["edges"][EdgeKind.CONTAINS] = figures["edges"].get(EdgeKind.CONTAINS, 0) + moved[EdgeKind.CONTAINS]
        figures["parse_errors"] += moved["parse_errors"]
        figures["files"] = figures["nodes"].get(NodeKind.FILE, 0)
        self.set_meta("counts", json.dumps(figures))
        return True

    # ----- the resolver's view (resolve.Source) ------------------------------------------------


class StoreSource:
    """resolve.Source over the database, for incremental updates."""

    def __init__(self, store: Store, langs: dict[str, tuple[str, str]] | None = None) -> None:
        """``langs``: every stored file's (language, package) when the caller keeps them."""
        self.store = store
        self.root = store.root
        self._langs = store.file_languages() if langs is None else langs

    def paths(self) -> frozenset[str]:
        return frozenset(self._langs)

    def read_text(self, path: str) -> str | None:
        try:
            return (Path(self.root) / path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None

    def language_of(self, path: str) -> str | None:
        found = self._langs.get(path)
        return found[0] if found else None

    def package_of(self, path: str) -> str:
        found = self._langs.get(path)
        return found[1] if found else ""

    def symbols_in(self, path: str) -> list[SymRow]:
        return [
            SymRow(r[0], r[1], r[2], r[3], r[4], bool(r[5]))
            for r in self.store.conn.execute(
                "SELECT id, kind, name, file, parent, is_test FROM nodes WHERE file=?"
                " ORDER BY start_line, end_line DESC, id",
                (path,),
            )
        ]

    def imports_of(self, path: str) -> list[Import]:
        return [
            Import(r[0], r[1], r[2], r[3], bool(r[4]))
            for r in self.store.conn.execute(
                "SELECT module, name, alias, line, wildcard FROM imports WHERE file=? ORDER BY rowid", (path,)
            )
        ]

    def bindings_of(self, path: str) -> list[Binding]:
        return [
            Binding(*r)
            for r in self.store.conn.execute(
                "SELECT scope, name, type_name, line FROM bindings WHERE file=? ORDER BY rowid", (path,)
            )
        ]

    def inherit_refs_of(self, class_id: str) -> list[Ref]:
        path = class_id.split("::", 1)[0]
        return [
            Ref(*r)
            for r in self.store.conn.execute(
                "SELECT scope, kind, name, receiver, line FROM refs WHERE file=? AND scope=? AND kind=? ORDER BY id",
                (path, class_id, RefKind.INHERIT),
            )
        ]

    def kind_of(self, sid: str) -> str | None:
        row = self.store.conn.execute("SELECT kind FROM nodes WHERE id=?", (sid,)).fetchone()
        return row[0] if row else None

    def named(self, name: str) -> list[SymRow]:
        return [
            SymRow(r[0], r[1], r[2], r[3], r[4], bool(r[5]))
            for r in self.store.conn.execute(
                "SELECT id, kind, name, file, parent, is_test FROM nodes WHERE name=? AND kind!='file' ORDER BY file, start_line",
                (name,),
            )
        ]


def _migrate(conn: sqlite3.Connection, version: str) -> bool:
    """Apply the named migrations from ``version``; False when there is no path."""
    steps = [name for name in MIGRATIONS if name.startswith(f"m{version}_to_")]
    if not steps:
        return False
    for name in steps:
        MIGRATIONS[name](conn)
        conn.execute(
            "INSERT OR REPLACE INTO migrations(name, applied_at) VALUES (?, ?)",
            (name, time.strftime("%Y-%m-%dT%H:%M:%S")),
        )
    return conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == SCHEMA_VERSION


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text)
    tmp.replace(path)


def _warn(message: str) -> None:
    print(f"notice: {message}", file=sys.stderr)
