"""What an index run tells the term index: stale, or which files to re-term.

The BM25 term index (``query/term_index.py``) is built by the first query that
needs it, not by the indexer: building every file's terms was ~4.6 s of a cold
Django build (a sixth of its CPU) and ~30 ms of a one-file update, for a feature
many runs never use. So an index run only leaves marks in ``meta``: after a full
build the index is stale (``term_index`` emptied, the next query rebuilds it
whole); after an update the changed files are noted (``term_dirty``) until there
are too many to be worth re-terming one by one. Both sides read the marks here,
below the indexer and the query, so neither imports the other.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable

from diffreach.graph.store import Store

# The term index's shape: a stored index of another version is rebuilt whole.
TERM_INDEX_VERSION = "6"  # 6: each file read as one document (term_files)
_MAX_NOTED_FILES = 2_000  # files noted for the next query past which it rebuilds the whole index


def note_term_index_changes(store: Store, changed: Iterable[str], deleted: Iterable[str], full: bool = False) -> None:
    """Mark the term index stale (``full``, or too many files noted) or note these files for
    the next query; either way the cached graph arrays keyed on ``term_generation`` are let go."""
    paths = sorted(set(changed) | set(deleted))
    current = store.get_meta("term_index") == TERM_INDEX_VERSION
    if not full and not paths:
        return
    noted = set(json.loads(store.get_meta("term_dirty") or "[]")) | set(paths) if current and not full else set()
    stale = not current or full or len(noted) > _MAX_NOTED_FILES
    with store.atomic():
        if stale:
            store.set_meta("term_index", "")  # the next query rebuilds it whole
        store.set_meta("term_dirty", "" if stale else json.dumps(sorted(noted)))
        store.set_meta("term_generation", str(time.time_ns()))


__all__ = ["TERM_INDEX_VERSION", "note_term_index_changes"]
