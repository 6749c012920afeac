"""Pseudo-relevance feedback: the words of the best files join the question's.

An issue often describes behaviour in words the code does not use ("the login page's welcome
text"), while the files ranked first, when right, hold the words the code does use for it. This is
Rocchio's and RM3's step, read over the whole-file documents (``term_files``): each term of the
first ``feedback_files`` files weighs its share of each file's length times its idf over the files;
the best ``feedback_terms`` terms the question lacks (none a one-letter or number term, none held
by more than ``max_df_share`` of the files) join it, the best at ``feedback_weight`` of the
question's heaviest term and the others in proportion. The ranking runs again with them, and those
first files keep their places (``rank.py``): feedback only re-orders what follows them.
"""

from __future__ import annotations

import sqlite3

from diffreach.graph import terms as tables
from diffreach.query import terms as T
from diffreach.query.bm25 import inverse_frequency
from diffreach.query.params import RankParams


def feedback_terms(
    conn: sqlite3.Connection, query: dict[str, float], ranked: list[str], params: RankParams
) -> dict[str, float]:
    """The terms (→ weight) that the first files of ``ranked`` add to the question ``query``; {} when off."""
    if params.feedback_terms <= 0 or params.feedback_files <= 0 or not ranked or not query:
        return {}
    shares: dict[str, float] = {}
    for term, _path, count, length in tables.file_terms(conn, ranked[: params.feedback_files]):
        if term not in query and T.topical(term):
            shares[term] = shares.get(term, 0.0) + count / max(length, 1.0)
    n_files, _ = tables.file_text_stats(conn)
    limit = max(1.0, params.max_df_share * n_files)
    weights = {
        term: shares[term] * inverse_frequency(n_files, n)
        for term, n in tables.file_term_frequencies(conn, sorted(shares))
        if n <= limit
    }
    best = sorted(weights.items(), key=lambda kv: (-kv[1], kv[0]))[: params.feedback_terms]
    if not best or best[0][1] <= 0:
        return {}
    scale = params.feedback_weight * max(query.values()) / best[0][1]
    return {term: weight * scale for term, weight in best}
