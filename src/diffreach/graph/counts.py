"""The figures of a graph (files, nodes and edges by kind, references by status, languages,
parse errors, skipped files), counted once and cached in ``meta`` under ``counts``.

A full count reads every edge, so an update moves the cached figures by the difference its
rewritten files made instead (``file_figures`` before and after, then ``shift_counts``).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterable

from diffreach.graph.meta import read_meta, write_meta
from diffreach.model import EdgeKind, NodeKind


def skip_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """How many files the last walk skipped, by reason."""
    return dict(conn.execute("SELECT reason, COUNT(*) FROM skipped GROUP BY reason").fetchall())


def parse_error_files(conn: sqlite3.Connection) -> list[str]:
    """The indexed files the parser met syntax errors in (indexed with what it recovered), sorted."""
    return [row[0] for row in conn.execute("SELECT path FROM files WHERE parse_errors > 0 ORDER BY path")]


def graph_counts(conn: sqlite3.Connection, reuse: bool = False) -> dict[str, object]:
    """Figures of the graph; ``reuse`` takes the graph's part from the last count
    (the caller knows nothing was written since), the skipped files afresh."""
    skipped = skip_counts(conn)
    cached = read_meta(conn, "counts") if reuse else ""
    if cached:
        return {**json.loads(cached), "skipped": skipped}
    nodes = dict(conn.execute("SELECT kind, COUNT(*) FROM nodes GROUP BY kind").fetchall())
    edges = dict(
        conn.execute(
            "SELECT kind, COUNT(*) FROM (SELECT DISTINCT source, target, kind FROM edges) GROUP BY kind"
        ).fetchall()
    )
    edges[EdgeKind.CONTAINS] = conn.execute("SELECT COUNT(*) FROM nodes WHERE parent IS NOT NULL").fetchone()[0]
    refs = dict(conn.execute("SELECT status, COUNT(*) FROM refs WHERE kind!='value' GROUP BY status").fetchall())
    languages = dict(conn.execute("SELECT language, COUNT(*) FROM files GROUP BY language").fetchall())
    errors = conn.execute("SELECT COUNT(*) FROM files WHERE parse_errors > 0").fetchone()[0]
    figures = {
        "files": nodes.get(NodeKind.FILE, 0),
        "nodes": nodes,
        "edges": edges,
        "refs": refs,
        "languages": languages,
        "parse_errors": errors,
    }
    with contextlib.suppress(sqlite3.OperationalError):  # a reader that cannot write (locked) recounts next time
        write_meta(conn, "counts", json.dumps(figures))
    return {**figures, "skipped": skipped}


_FILE_FIGURES = (
    ("nodes", "SELECT kind, COUNT(*) FROM nodes WHERE file IN ({m}) GROUP BY kind"),
    (
        "edges",
        "SELECT kind, COUNT(*) FROM (SELECT DISTINCT source, target, kind FROM edges WHERE file IN ({m})) GROUP BY kind",
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


def file_figures(conn: sqlite3.Connection, paths: Iterable[str]) -> dict[str, dict[str, int]]:
    """The graph figures of these files alone, to move the cached counts by a delta.

    Figures add up over files: every edge is stored with the file whose code made
    it, and one (source, target, kind) never comes from two files (a call's source
    is a scope of its file; an override edge is made by the overriding file). The
    registry edges of ``:config`` break that, so runs with registries recount."""
    out: dict[str, dict[str, int]] = {"nodes": {}, "edges": {}, "refs": {}, "languages": {}, "scalars": {}}
    ordered = sorted(set(paths))
    for i in range(0, len(ordered), 400):
        chunk = ordered[i : i + 400]
        marks = ",".join("?" * len(chunk))
        for key, sql in _FILE_FIGURES:
            args = chunk * sql.count("{m}")
            for name, n in conn.execute(sql.format(m=marks), args):
                out[key][name] = out[key].get(name, 0) + n
    return out


def shift_counts(conn: sqlite3.Connection, before: dict[str, dict[str, int]], after: dict[str, dict[str, int]]) -> bool:
    """Move the cached graph counts from ``before`` to ``after`` (file_figures of the files
    a run rewrote); False, leaving them to be recounted, when there is no cached count."""
    cached = read_meta(conn, "counts")
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
    moved = {k: after["scalars"].get(k, 0) - before["scalars"].get(k, 0) for k in (EdgeKind.CONTAINS, "parse_errors")}
    figures["edges"][EdgeKind.CONTAINS] = figures["edges"].get(EdgeKind.CONTAINS, 0) + moved[EdgeKind.CONTAINS]
    figures["parse_errors"] += moved["parse_errors"]
    figures["files"] = figures["nodes"].get(NodeKind.FILE, 0)
    write_meta(conn, "counts", json.dumps(figures))
    return True
