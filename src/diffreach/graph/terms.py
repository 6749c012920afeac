"""The query term index's tables: ``term_docs`` (one row per node with terms) and
``term_postings`` (one row per term of a node), both kept per file.

Which terms a node has and how they weigh is the query's business (``query.term_index``);
this module stores them and reads them back. Postings are clustered by term (the table's key
is (term, node)), so a query reads each of its terms as one contiguous range and rows are
written sorted. Lists of terms or paths are read 400 at a time (SQLite caps the parameters of
one statement).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence

from diffreach.graph.migrations import create_missing_tables

# A node's document as the term index reads it: id, kind, name, qualname, file, signature, doc, notes.
TermNode = tuple[str, str, str, str, str, str, str, str]
# term_docs: node, file, length, notes_length.
TermDoc = tuple[str, str, float, float]
# term_postings: term, node, file, weight, notes, length, notes_length.
Posting = tuple[str, str, str, float, float, float, float]

_NODES = (
    "SELECT n.id, n.kind, n.name, n.qualname, n.file, n.signature, n.doc, COALESCE(x.text, '') "
    "FROM nodes n LEFT JOIN notes x ON x.node = n.id"
)


def reset_term_tables(conn: sqlite3.Connection) -> None:
    """Drop the term tables (an index of another version, or of an older shape: they are
    derived) and create them again, with any other table the database lacks."""
    for table in ("term_postings", "term_docs", "term_files", "term_file_docs"):
        conn.execute(f"DROP TABLE IF EXISTS {table}")
    create_missing_tables(conn)


def delete_terms(conn: sqlite3.Connection, paths: Sequence[str] | None) -> None:
    """Delete the terms of the nodes of ``paths`` (of every node when None)."""
    if paths is None:
        for table in ("term_postings", "term_docs", "term_files", "term_file_docs"):
            conn.execute(f"DELETE FROM {table}")
        return
    for chunk, marks in _chunks(paths):
        conn.execute(
            f"DELETE FROM term_files WHERE doc IN (SELECT id FROM term_file_docs WHERE file IN ({marks}))", chunk
        )
        for table in ("term_postings", "term_docs", "term_file_docs"):
            conn.execute(f"DELETE FROM {table} WHERE file IN ({marks})", chunk)


def nodes_to_term(conn: sqlite3.Connection, paths: Sequence[str] | None) -> Iterable[TermNode]:
    """The documents of the nodes of ``paths``; of every node when None, as a cursor read as it
    goes (every node and every posting of a 50,000-file graph held at once took a server from
    148 to 593 MiB)."""
    if paths is None:
        return conn.execute(_NODES)
    rows: list[TermNode] = []
    for chunk, marks in _chunks(paths):
        rows.extend(conn.execute(f"{_NODES} WHERE n.file IN ({marks})", chunk))
    return rows


def insert_terms(conn: sqlite3.Connection, docs: list[TermDoc], postings: list[Posting]) -> None:
    """Write documents and postings (``postings`` is sorted in place)."""
    conn.executemany("INSERT OR REPLACE INTO term_docs(node, file, length, notes_length) VALUES (?,?,?,?)", docs)
    postings.sort()  # the table is clustered by (term, node): sorted rows land on fewer pages
    conn.executemany(
        "INSERT INTO term_postings(term, node, file, weight, notes, length, notes_length) VALUES (?,?,?,?,?,?,?)",
        postings,
    )


def pack_words(words: Iterable[tuple[str, int]]) -> str:
    """A file's words as ``file_words`` keeps them: ``word:count`` pairs, space-separated."""
    return " ".join(f"{w}:{n}" for w, n in words)


def file_words(conn: sqlite3.Connection, paths: Sequence[str] | None) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """(file, its words and their counts) for ``paths`` (every file when None), read as it goes."""
    create_missing_tables(conn, "file_words")
    if paths is None:
        rows: Iterable[tuple[str, str]] = conn.execute("SELECT file, words FROM file_words")
    else:
        rows = [
            r
            for chunk, marks in _chunks(paths)
            for r in conn.execute(f"SELECT file, words FROM file_words WHERE file IN ({marks})", chunk)
        ]
    for path, text in rows:
        yield path, [(w, int(n)) for w, _, n in (item.rpartition(":") for item in text.split())]


def insert_file_terms(conn: sqlite3.Connection, files: list[tuple[str, dict[str, int]]]) -> None:
    """Write files' whole-text documents: each file's length under a new number, and its terms' counts."""
    rows: list[tuple[str, int, int]] = []
    for path, counts in files:
        doc = conn.execute(
            "INSERT INTO term_file_docs(file, length) VALUES (?,?)", (path, sum(counts.values()))
        ).lastrowid
        rows.extend((term, doc, n) for term, n in counts.items())  # type: ignore[misc]
    rows.sort()
    conn.executemany("INSERT INTO term_files(term, doc, count) VALUES (?,?,?)", rows)


def file_text_stats(conn: sqlite3.Connection) -> tuple[int, float]:
    """The files read as whole documents: how many, and their mean length (1 for none)."""
    n, avg = conn.execute("SELECT COUNT(*), COALESCE(AVG(length), 1) FROM term_file_docs").fetchone()
    return int(n), float(avg)


def file_term_frequencies(conn: sqlite3.Connection, terms: Sequence[str]) -> Iterator[tuple[str, int]]:
    """Per term of ``terms`` that a file's whole text holds: how many files hold it."""
    for chunk, marks in _chunks(terms):
        yield from conn.execute(f"SELECT term, COUNT(*) FROM term_files WHERE term IN ({marks}) GROUP BY term", chunk)


def file_term_counts(conn: sqlite3.Connection, terms: Sequence[str]) -> Iterator[tuple[str, str, float, float]]:
    """Every (term, file, count in the file, the file's length) of ``terms`` in the whole-file documents."""
    return _whole_file_rows(conn, "t.term", terms)


def file_terms(conn: sqlite3.Connection, paths: Sequence[str]) -> Iterator[tuple[str, str, float, float]]:
    """Every (term, file, count in the file, the file's length) of the whole-file documents of ``paths``."""
    return _whole_file_rows(conn, "d.file", paths)


def _whole_file_rows(
    conn: sqlite3.Connection, column: str, values: Sequence[str]
) -> Iterator[tuple[str, str, float, float]]:
    for chunk, marks in _chunks(values):
        yield from conn.execute(
            f"SELECT t.term, d.file, t.count, d.length FROM term_files t JOIN term_file_docs d ON d.id = t.doc "
            f"WHERE {column} IN ({marks})",
            chunk,
        )


def document_stats(conn: sqlite3.Connection) -> tuple[int, float, int, float, float]:
    """BM25's figures: the documents with identifier terms and their mean length, then every
    document, its mean length and its mean notes length (a length of 1 for no document)."""
    create_missing_tables(conn)
    n_docs, avgdl = conn.execute("SELECT COUNT(*), COALESCE(AVG(length), 1) FROM term_docs WHERE length > 0").fetchone()
    n_all, avgdl_all, avg_notes = conn.execute(
        "SELECT COUNT(*), COALESCE(AVG(length), 1), COALESCE(AVG(notes_length), 0) FROM term_docs"
    ).fetchone()
    return int(n_docs), float(avgdl), int(n_all), float(avgdl_all), float(avg_notes)


def file_count(conn: sqlite3.Connection) -> int:
    """How many files have a document."""
    return int(conn.execute("SELECT COUNT(DISTINCT file) FROM term_docs").fetchone()[0])


def file_lengths(conn: sqlite3.Connection) -> Iterator[tuple[str, float, float]]:
    """Per file, its documents' summed lengths: (file, length, notes_length), the lengths of the
    file read as one document."""
    create_missing_tables(conn)
    yield from conn.execute("SELECT file, SUM(length), SUM(notes_length) FROM term_docs GROUP BY file")


def term_frequencies(
    conn: sqlite3.Connection, terms: Sequence[str], notes: bool, apart: bool
) -> Iterator[tuple[str, int, int, int, int]]:
    """Per term that has postings: (term, documents, files, documents and files by identifier
    terms alone). Without ``notes``, postings from notes alone are left out; the counts apart
    cost a few ms a query, so without ``apart`` they repeat the first two."""
    fields = "" if notes else " AND weight > 0"
    counts = (
        "SUM(weight > 0), COUNT(DISTINCT CASE WHEN weight > 0 THEN file END)"
        if apart
        else "COUNT(*), COUNT(DISTINCT file)"
    )
    for chunk, marks in _chunks(terms):
        yield from conn.execute(
            f"SELECT term, COUNT(*), COUNT(DISTINCT file), {counts} FROM term_postings "
            f"WHERE term IN ({marks}){fields} GROUP BY term",
            chunk,
        )


def postings(conn: sqlite3.Connection, terms: Sequence[str], notes: bool) -> Iterator[Posting]:
    """Every posting of ``terms`` (without ``notes``, those from notes alone are left out):
    (term, node, file, weight, notes, length, notes_length)."""
    fields = "" if notes else " AND weight > 0"
    for chunk, marks in _chunks(terms):
        yield from conn.execute(
            f"SELECT term, node, file, weight, notes, length, notes_length FROM term_postings "
            f"WHERE term IN ({marks}){fields}",
            chunk,
        )


def reference_counts(conn: sqlite3.Connection, names: Sequence[str]) -> Iterator[tuple[str, str, int]]:
    """Per name and file: how many references (calls, reads, writes, types) the file's code makes
    to that name, by name alone: (name, file, count)."""
    for chunk, marks in _chunks(names):
        yield from conn.execute(
            f"SELECT name, file, COUNT(*) FROM refs WHERE name IN ({marks}) GROUP BY name, file", chunk
        )


def _chunks(values: Sequence[str]) -> Iterator[tuple[list[str], str]]:
    for i in range(0, len(values), 400):
        chunk = list(values[i : i + 400])
        yield chunk, ",".join("?" * len(chunk))
