"""A file's words: every identifier-like token of its whole text, counted, for query ranking.

A symbol's document in the term index holds what it is called and says (its name, signature and
capped notes); a question is often answered by what a file holds past those: the names its bodies
use, an options table's descriptions, a catalogue of error messages past the notes' cap. Code,
comments and strings alike are read, as plain BM25 over a file reads them; the term index splits
and stems each distinct word once (``query/term_index.py``), so the extractor only counts.
"""

from __future__ import annotations

import re

# Identifier-like tokens; numbers name no topic. Over this length a token is data (a hash, base64).
_TOKEN = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
MAX_WORD = 64


def file_words(data: bytes) -> tuple[tuple[str, int], ...]:
    """(word, count) for each distinct identifier-like token of ``data``, sorted by word."""
    counts: dict[bytes, int] = {}
    for token in _TOKEN.findall(data):
        counts[token] = counts.get(token, 0) + 1
    return tuple(sorted((w.decode("ascii"), n) for w, n in counts.items() if len(w) <= MAX_WORD))
