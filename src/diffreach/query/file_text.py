"""A file's whole text as one document: BM25 over the files, added to the word score.

The node documents hold what a symbol is called and says, its notes capped; BM25 over whole files
reads what lies past them: the names a body uses, an options table's descriptions, a catalogue of
messages, the comments of a long body. A question about a flag is often answered by the table that
declares it, whose entries are in no symbol's document. So each file is also scored as its whole
text (``term_files``: its words split and stemmed as the question's are, ``term_index.py``): the
question's term weights, idf over files, terms in more than ``max_df_share`` of the files dropped,
length normalised at ``file_text_b``. Its share of the best text score is added to the file's word
score at ``file_text_weight`` of the best word score: the symbols still decide between files whose
text matches alike, and a file no symbol matches enters on its text alone.
"""

from __future__ import annotations

import math
import sqlite3

from diffreach.graph import terms as tables
from diffreach.query.params import RankParams


def file_text_scores(
    conn: sqlite3.Connection, query: dict[str, float], params: RankParams, skip: frozenset[str]
) -> dict[str, float]:
    """path → BM25 of the file's whole text for the question's terms (``query``: term → weight)."""
    if params.file_text_weight <= 0 or not query:
        return {}
    n_files, avg = tables.file_text_stats(conn)
    if n_files == 0:
        return {}
    rows = list(tables.file_term_counts(conn, sorted(query)))
    df: dict[str, int] = {}
    for term, *_ in rows:
        df[term] = df.get(term, 0) + 1
    limit = max(1.0, params.max_df_share * n_files)
    idf = {t: math.log(1.0 + (n_files - n + 0.5) / (n + 0.5)) for t, n in df.items() if n <= limit}
    k1, b = params.k1, params.file_text_b
    out: dict[str, float] = {}
    for term, path, tf, length in rows:
        if term not in idf or path in skip:
            continue
        part = query[term] * idf[term] * tf * (k1 + 1.0) / (tf + k1 * (1.0 - b + b * length / avg))
        out[path] = out.get(path, 0.0) + part
    return out


def add_file_text(lexical: dict[str, float], text: dict[str, float], params: RankParams) -> dict[str, float]:
    """The files' word scores, each with its share of the best text score added at ``file_text_weight``
    of the best word score."""
    if params.file_text_weight <= 0 or not text:
        return lexical
    unit = params.file_text_weight * (max(lexical.values(), default=0.0) or 1.0) / (max(text.values()) or 1.0)
    out = dict(lexical)
    for path, score in text.items():
        out[path] = out.get(path, 0.0) + unit * score
    return out
