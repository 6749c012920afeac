"""BM25 over the term index: every document that holds a term of the question, scored.

A term's idf mixes its rarity among documents and among files (a term packed into one file
weighs more than one spread thinly), and a document's notes count as a field of their own,
weighed by the query (``RankParams.notes_weight``; at 0 their postings are not even read).
Terms in more than ``max_df_share`` of the documents are dropped as too common to score.
"""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass, field

from diffreach.graph import terms as tables
from diffreach.query.params import RankParams


@dataclass(frozen=True)
class LexicalHits:
    """BM25 per node, and per node the contribution of each matched term."""

    scores: dict[str, float]
    matched: dict[str, dict[str, float]]
    node_files: dict[str, str]
    dropped_terms: tuple[str, ...]  # too common to score
    # With ``RankParams.file_doc_weight``: per file, each scored term's count over all its documents
    # (notes at ``notes_weight`` times ``file_doc_notes``), and each term's idf over files: the file read
    # as one document.
    file_tf: dict[str, dict[str, float]] = field(default_factory=dict)
    file_idf: dict[str, float] = field(default_factory=dict)


def bm25(
    conn: sqlite3.Connection,
    query: dict[str, float],
    n_docs: int,
    avgdl: float,
    params: RankParams,
    skip_files: frozenset[str] = frozenset(),
    n_files: int | None = None,
) -> LexicalHits:
    """Score every document that holds a query term; ``query`` maps term → its weight in the question.

    A term's idf is a geometric mix of its idf over the documents and over the files (``n_files``
    of them; counted when not given), ``params.file_idf`` the share of the second. A term's frequency
    and a document's length add the notes' at ``params.notes_weight``; at 0 the postings of notes
    alone are not read (``n_docs``/``avgdl`` are then those without notes: ``Graph.doc_stats``).
    """
    if not query or n_docs == 0:
        return LexicalHits({}, {}, {}, ())
    qterms = sorted(query)
    df: dict[str, int] = {}
    file_df: dict[str, int] = {}
    nw = params.notes_weight
    nl = nw * params.notes_length_share
    # The counts without notes-only documents cost a few ms a query: only when they are used.
    apart = nw > 0 and params.notes_df < 1
    for term, n, nf, n_id, nf_id in tables.term_frequencies(conn, qterms, notes=nw > 0, apart=apart):
        share = params.notes_df if n_id else 1.0
        df[term] = round(n_id + share * (n - n_id))
        file_df[term] = round(nf_id + share * (nf - nf_id))
    limit = max(1.0, params.max_df_share * n_docs)
    used = sorted(t for t, n in df.items() if n <= limit)
    dropped = tuple(sorted(t for t, n in df.items() if n > limit))
    scores: dict[str, float] = {}
    matched: dict[str, dict[str, float]] = {}
    node_files: dict[str, str] = {}
    k1, b = params.k1, params.b
    idf = {t: inverse_frequency(n_docs, df[t]) for t in used}
    whole_files = params.file_doc_weight > 0
    file_tf: dict[str, dict[str, float]] = {}
    file_idf: dict[str, float] = {}
    if (params.file_idf > 0 or whole_files) and used:
        if n_files is None:
            n_files = tables.file_count(conn)
        n_files = max(n_files or 1, max(file_df[t] for t in used))
        file_idf = {t: inverse_frequency(n_files, file_df[t]) for t in used}
    if params.file_idf > 0 and used:
        idf = {t: idf[t] ** (1 - params.file_idf) * file_idf[t] ** params.file_idf for t in used}
    for term, node, file, tf, notes, length, notes_length in tables.postings(conn, used, notes=nw > 0):
        if file in skip_files:
            continue
        if whole_files and (whole := tf + params.file_doc_notes * nw * notes) > 0:
            counts = file_tf.setdefault(file, {})
            counts[term] = counts.get(term, 0.0) + whole
        if nw > 0:
            tf, length = tf + nw * notes, length + nl * notes_length
        part = query[term] * idf[term] * tf * (k1 + 1.0) / (tf + k1 * (1.0 - b + b * length / avgdl))
        scores[node] = scores.get(node, 0.0) + part
        matched.setdefault(node, {})[term] = part
        node_files[node] = file
    return LexicalHits(scores, matched, node_files, dropped, file_tf, file_idf if whole_files else {})


def inverse_frequency(total: int, n: int) -> float:
    """BM25's idf of a term ``n`` of ``total`` documents hold (never below 0)."""
    return math.log(1.0 + (total - n + 0.5) / (n + 0.5))
