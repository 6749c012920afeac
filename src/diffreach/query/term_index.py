"""The BM25 term index of the graph: every node a small document, its terms in SQLite.

A node's document is its name, its enclosing names, its signature and the first line of
its docstring (a file's: its path), split into terms by ``terms.py`` with a weight per
field, so that identifiers count more than prose. Its notes (the rest of the docstring, its
comments and string literals, see extract_notes.py) are a field of their own: each posting
keeps the notes' term count and length beside the weighted rest, so that the query decides
how much prose counts (``RankParams.notes_weight``, 0 leaves them out exactly) without a
rebuild. The postings live in ``term_postings`` and ``term_docs`` per file, so an update replaces exactly the terms of the files it
re-extracted and a query (``rank.py``) reads only the postings of its own terms. Kept apart
from the ranking so that the indexer, which only marks the index stale or notes its files,
does not load numpy and the ranking code at start-up.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from contextlib import nullcontext

from diffreach.graph import terms as tables
from diffreach.graph.store import Store
from diffreach.graph.term_marks import TERM_INDEX_VERSION, note_term_index_changes
from diffreach.graph.terms import Posting, TermDoc, TermNode
from diffreach.model import Phase, Progress
from diffreach.query import terms as T

# Field weights of a node's document: what a symbol is called says more than prose about it.
W_NAME = 3.0
W_PARENT = 1.0
W_PATH = 2.0
W_SIGNATURE = 1.0
W_DOC = 0.5


def document_terms(kind: str, name: str, qualname: str, path: str, signature: str, doc: str) -> dict[str, float]:
    """A node's weighted terms: name, enclosing names, signature, docstring first line; a file's path."""
    out: dict[str, float] = {}

    def add(words: Iterable[str], weight: float) -> None:
        for w in words:
            out[w] = out.get(w, 0.0) + weight

    if kind == "file":
        add(T.path_terms(path), W_PATH)
    else:
        add(T.identifier_terms(name), W_NAME)
        for part in qualname.split(".")[:-1]:
            add(T.identifier_terms(part), W_PARENT)
        rest = signature.replace(name, " ", 1)
        add(T.text_terms(rest[:300]), W_SIGNATURE)
    first_line = doc.strip().split("\n", 1)[0][:300] if doc else ""
    add(T.text_terms(first_line), W_DOC)
    return out


def note_terms(notes: str) -> dict[str, float]:
    """A node's notes as term counts; their weight is the query's (``RankParams.notes_weight``)."""
    return {t: float(n) for t, n in T.count(T.text_terms(notes)).items()} if notes else {}


_TERM_BATCH = 50_000  # postings written at a time: a whole index is built in bounded memory


def update_term_index(
    store: Store,
    changed: Iterable[str],
    deleted: Iterable[str],
    full: bool = False,
    defer: bool = False,
    progress: Progress | None = None,
) -> int:
    """Replace the terms of ``changed``/``deleted`` files (all files when ``full`` or the index is stale).

    Called by a query before it reads the terms; returns the number of files whose terms were
    written. With ``defer`` nothing is built: the index is marked stale after a full build, or
    the files are noted (``note_term_index_changes``, which the indexer calls itself at the
    end of a run), and the next query (which calls this without it) brings the terms up to date.
    """
    if defer:
        note_term_index_changes(store, changed, deleted, full)
        return 0
    paths = sorted(set(changed) | set(deleted))
    current = store.get_meta("term_index") == TERM_INDEX_VERSION
    if current:
        paths = sorted(set(paths) | set(json.loads(store.get_meta("term_dirty") or "[]")))
        if not full and not paths:
            return 0
    # Written only when the write lock is free now: while another run writes (a long full build),
    # the query reads the terms as they stand and a later query brings them up to date.
    files: set[str] = set()
    whole = full or not current
    report = progress if whole else None  # a few files' terms are written in no time
    store.write_if_free(lambda: files.update(_rewrite_terms(store, paths, whole, current, report)))
    return len(files)


def _rewrite_terms(
    store: Store, paths: list[str], full: bool, current: bool, progress: Progress | None = None
) -> set[str]:
    """Inside a transaction: the terms of ``paths`` (of every node when ``full``) written again."""
    if not current:
        # Only a database without a current term index can lack its tables (or have them in an
        # older shape: dropped, they are derived): running the schema script on every update
        # was a noticeable part of a one-file update.
        tables.reset_term_tables(store.conn)
    # A whole rebuild loads without the tables' secondary indexes and builds them once (dropped
    # before the node cursor opens: DDL waits for no open statement).
    with store.bulk_load(("term_postings", "term_docs", "term_files")) if full else nullcontext():
        tables.delete_terms(store.conn, None if full else paths)
        total = store.file_count() if progress else 0
        files = _write_terms(store.conn, tables.nodes_to_term(store.conn, None if full else paths), progress, total)
        _write_file_terms(store.conn, tables.file_words(store.conn, None if full else paths))
        store.set_meta("term_index", TERM_INDEX_VERSION)
        store.set_meta("term_dirty", "")
        # Any change of files may change edges too: the cached graph arrays are keyed on this.
        store.set_meta("term_generation", str(time.time_ns()))
    return files


def _write_terms(
    conn: sqlite3.Connection, nodes: Iterable[TermNode], progress: Progress | None = None, total: int = 0
) -> set[str]:
    """Each node's document and postings, written every ``_TERM_BATCH`` postings; the files seen
    (``progress`` told at each batch and at the end)."""
    files: set[str] = set()
    postings: list[Posting] = []
    docs: list[TermDoc] = []
    for node, kind, name, qualname, path, signature, doc, notes in nodes:
        files.add(path)
        weights = document_terms(kind, name, qualname, path, signature, doc)
        counts = note_terms(notes)
        if not weights and not counts:
            continue
        length, notes_length = sum(weights.values()), sum(counts.values())
        docs.append((node, path, length, notes_length))
        postings.extend(
            (term, node, path, weights.get(term, 0.0), counts.get(term, 0.0), length, notes_length)
            for term in [*weights, *(t for t in counts if t not in weights)]
        )
        if len(postings) >= _TERM_BATCH:
            tables.insert_terms(conn, docs, postings)
            docs, postings = [], []
            if progress:
                progress(Phase.TERMS, len(files), max(total, len(files)))
    tables.insert_terms(conn, docs, postings)
    if progress:
        progress(Phase.TERMS, len(files), max(total, len(files)))
    return files


def _write_file_terms(conn: sqlite3.Connection, rows: Iterable[tuple[str, list[tuple[str, int]]]]) -> None:
    """Each file read as one document: its words split and stemmed as a question's are (each distinct
    word once), counted per term, written every ``_TERM_BATCH`` terms."""
    split: dict[str, list[str]] = {}
    batch: list[tuple[str, dict[str, int]]] = []
    size = 0
    for path, words in rows:
        tf: dict[str, int] = {}
        for word, n in words:
            terms = split.get(word)
            if terms is None:
                terms = split[word] = [t for t in T.identifier_terms(word) if T.topical(t)]
            for term in terms:
                tf[term] = tf.get(term, 0) + n
        batch.append((path, tf))
        size += len(tf)
        if size >= _TERM_BATCH:
            tables.insert_file_terms(conn, batch)
            batch, size = [], 0
    tables.insert_file_terms(conn, batch)


__all__ = ["TERM_INDEX_VERSION", "document_terms", "note_terms", "update_term_index"]
