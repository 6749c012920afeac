"""Reading the graph: files, nodes and edges, as the model's records.

``GraphReader`` is the reading half of ``Store`` (the connection and the root are all it
holds), kept apart so that the writes, the opening and the transactions read on their own.
Lists of ids are read 400 or 500 at a time: SQLite caps the parameters of one statement.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from typing import Any

from diffreach.model import CONFIDENCE, Edge, EdgeKind, Resolution, Symbol

NODE_COLUMNS = "id, kind, name, qualname, file, parent, start_line, end_line, signature, doc, is_test, abstract"


def _symbol(row: tuple[Any, ...]) -> Symbol:
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
        abstract=bool(row[11]),
    )


class GraphReader:
    """Reads of the graph's tables through one connection."""

    root: str
    conn: sqlite3.Connection

    def __init__(self, root: str, conn: sqlite3.Connection) -> None:
        self.root = root
        self.conn = conn

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
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def file_count(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM files").fetchone()[0])

    def skipped(self, paths: Iterable[str]) -> dict[str, str]:
        """The skip reasons stored for these paths (those skipped by the last walk)."""
        return {
            r[0]: r[1]
            for path in paths
            for r in self.conn.execute("SELECT path, reason FROM skipped WHERE path=?", (path,))
        }

    def all_skipped(self) -> dict[str, str]:
        """Every path the last walk skipped, with its reason."""
        return dict(self.conn.execute("SELECT path, reason FROM skipped").fetchall())

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

    def test_files(self) -> dict[str, int]:
        """path → 1 for a test file, 0 otherwise, of every indexed file."""
        return dict(self.conn.execute("SELECT path, is_test FROM files").fetchall())

    # ----- reading: nodes and edges ------------------------------------------------------------

    def symbol(self, sid: str) -> Symbol | None:
        row = self.conn.execute(f"SELECT {NODE_COLUMNS} FROM nodes WHERE id=?", (sid,)).fetchone()
        return _symbol(row) if row else None

    def symbols(self, ids: Iterable[str]) -> dict[str, Symbol]:
        out: dict[str, Symbol] = {}
        ids = list(dict.fromkeys(ids))
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for row in self.conn.execute(f"SELECT {NODE_COLUMNS} FROM nodes WHERE id IN ({marks})", chunk):
                out[row[0]] = _symbol(row)
        return out

    def symbols_in_file(self, path: str) -> list[Symbol]:
        return [
            _symbol(r)
            for r in self.conn.execute(
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE file=? ORDER BY start_line, id", (path,)
            )
        ]

    def symbols_named(self, name: str) -> list[Symbol]:
        return [
            _symbol(r)
            for r in self.conn.execute(
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE name=? OR qualname=? ORDER BY id", (name, name)
            )
        ]

    def symbols_with_names(self, names: Iterable[str]) -> list[Symbol]:
        """Every definition (no file node) whose name is one of ``names``."""
        out: list[Symbol] = []
        ordered = sorted(set(names))
        for i in range(0, len(ordered), 500):
            chunk = ordered[i : i + 500]
            marks = ",".join("?" * len(chunk))
            sql = f"SELECT {NODE_COLUMNS} FROM nodes WHERE name IN ({marks}) AND kind != 'file' ORDER BY id"
            out.extend(_symbol(r) for r in self.conn.execute(sql, chunk))
        return out

    def all_symbols(self) -> Iterator[Symbol]:
        for row in self.conn.execute(f"SELECT {NODE_COLUMNS} FROM nodes ORDER BY file, start_line, id"):
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

    # ----- reading: the whole graph at once (query ranking) -------------------------------------

    def node_count(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM nodes").fetchone()[0])

    def node_parents(self) -> list[tuple[str, str, str | None]]:
        """(id, file, parent) of every node, in no particular order."""
        return self.conn.execute("SELECT id, file, parent FROM nodes").fetchall()

    def strongest_edges(self) -> Iterator[tuple[str, str, str, float]]:
        """(source, target, kind, confidence) of every stored edge, once per source, target and
        kind with its highest confidence; ``contains`` edges are not stored (see ``node_parents``)."""
        yield from self.conn.execute(
            "SELECT source, target, kind, MAX(confidence) FROM edges GROUP BY source, target, kind"
        )
