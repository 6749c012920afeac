"""The files whose code uses the names a question writes as code.

A question names the entry point or the symptom (the option, the method, the error code) and the
fix is often where that name is used rather than where it is defined: the adapter that reads
``config.timeoutErrorMessage``, the writer that wraps an ``Appendable``. The node documents hold
what a symbol is called and says, not the names its body uses; the ``refs`` table holds those, per
file. Each identifier the question writes as code (``code_spans`` of ``question.py``, or in
backticks) is looked up by name; a file scores, per name, the weight of the strongest line naming it
times the name's rarity among files (idf) times 1 + log of its uses there. Names used in more than
``max_df_share`` of the files say nothing (``get``, ``require``) and are dropped. The score is a
share of the best file's, added to the word score at ``RankParams.uses_weight`` (0: not read).
"""

from __future__ import annotations

import math
import re
import sqlite3

from diffreach.graph import terms as tables
from diffreach.query import terms as T
from diffreach.query.bm25 import inverse_frequency
from diffreach.query.params import RankParams
from diffreach.query.question import classify_lines, code_spans

_BACKTICK = re.compile(r"`([^`\n]+)`")
# Names shorter than this are loop variables and receivers ('i', 'db'), not a topic.
_MIN_NAME = 3


def code_names(text: str) -> dict[str, float]:
    """Each identifier ``text`` writes as code (camelCase, snake_case, dotted names, backticks), as
    written, → the weight of the strongest line naming it (title, prose, block)."""
    out: dict[str, float] = {}
    for kind, line in classify_lines(text):
        spans = [line[start:end] for start, end in code_spans(line)] + _BACKTICK.findall(line)
        for span in spans:
            for word in T.WORD.findall(span):
                if len(word) >= _MIN_NAME and not word.isdigit():
                    out[word] = max(out.get(word, 0.0), kind)
    return out


def files_using(
    conn: sqlite3.Connection, text: str, n_files: int, skip: frozenset[str], params: RankParams
) -> dict[str, float]:
    """path → the score of its uses of the question's code names, as a share of the best file's."""
    if params.uses_weight <= 0 or n_files <= 0:
        return {}
    names = code_names(text)
    if not names:
        return {}
    per_name: dict[str, list[tuple[str, int]]] = {}
    for name, path, count in tables.reference_counts(conn, sorted(names)):
        if path not in skip:
            per_name.setdefault(name, []).append((path, count))
    limit = max(1.0, params.max_df_share * n_files)
    scores: dict[str, float] = {}
    for name, uses in per_name.items():
        if len(uses) > limit:
            continue
        idf = inverse_frequency(n_files, len(uses))
        for path, count in uses:
            scores[path] = scores.get(path, 0.0) + names[name] * idf * (1.0 + math.log(count))
    top = max(scores.values(), default=0.0) or 1.0
    return {path: score / top for path, score in scores.items()}


def add_shares(lexical: dict[str, float], shares: dict[str, float], weight: float) -> dict[str, float]:
    """The files' word scores plus another score of theirs, given as a share of the best file's, at
    ``weight`` of the best word score (the uses here, the whole text: ``file_text.py``)."""
    if weight <= 0 or not shares:
        return lexical
    top = max(lexical.values(), default=0.0) or 1.0
    out = dict(lexical)
    for path, share in shares.items():
        out[path] = out.get(path, 0.0) + weight * top * share
    return out
