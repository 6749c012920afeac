"""A file's whole text as one document: BM25 over the files, added to the word score.

The node documents hold what a symbol is called and says, its notes capped; BM25 over whole files
reads what lies past them: the names a body uses, an options table's descriptions, a catalogue of
messages, the comments of a long body. A question about a flag is often answered by the table that
declares it, whose entries are in no symbol's document. So each file is also scored as its whole
text (``term_files``: its words split and stemmed as the question's are, ``term_index.py``): the
question's term weights, idf over files, terms in more than ``max_df_share`` of the files dropped,
length normalised at ``file_text_b``. Its share of the best text score is added to the file's word
score at ``file_text_weight`` of the best word score (``uses.add_shares``, as the uses are): the symbols still decide between files whose
text matches alike, and a file no symbol matches enters on its text alone.
"""

from __future__ import annotations

import sqlite3

from diffreach.graph import terms as tables
from diffreach.query.bm25 import inverse_frequency
from diffreach.query.params import RankParams


def file_text_scores(
    conn: sqlite3.Connection, query: dict[str, float], params: RankParams, skip: frozenset[str]
) -> dict[str, float]:
    """path → BM25 of the file's whole text for the question's terms (``query``: term → weight), as a
    share of the best file's."""
    if params.file_text_weight <= 0 or not query:
        return {}
    n_files, avg = tables.file_text_stats(conn)
    limit = max(1.0, params.max_df_share * n_files)
    # The files of a term counted first, as bm25.py does: a term too common to score is never read.
    idf = {t: inverse_frequency(n_files, n) for t, n in tables.file_term_frequencies(conn, sorted(query)) if n <= limit}
    k1, b = params.k1, params.file_text_b
    scores: dict[str, float] = {}
    for term, path, tf, length in tables.file_term_counts(conn, sorted(idf)):
        if path not in skip:
            part = query[term] * idf[term] * tf * (k1 + 1.0) / (tf + k1 * (1.0 - b + b * length / avg))
            scores[path] = scores.get(path, 0.0) + part
    top = max(scores.values(), default=0.0) or 1.0
    return {path: score / top for path, score in scores.items()}
