"""A symbol's notes: which definition each comment and string belongs to, and its text.

The extractor captures comments (``@comment``) and string literals (``@doc``, docstrings
included: each query file names its grammar's string content) in its one query pass and hands
them here as plain offsets and texts, with the definitions as sorted byte ranges; nothing here
touches the tree. A ``@doc`` belongs to the innermost definition holding it (the file at top
level). A ``@comment`` too, unless it documents the definition right after it: it starts its
line and only whitespace, with no blank line, lies between it and that definition or the next
comment of such a run (a Go, Rust or Java doc comment, Rust's ``///`` lines one node each, a
comment above a Python ``def``). The text is for query ranking (``term_index.py``): whitespace collapsed,
delimiters cut, the docstring line the node keeps as ``doc`` left out, and capped.
"""

from __future__ import annotations

from bisect import bisect_right

# A symbol's notes, in characters. 1,000 is about 150 words: the whole docstring of most
# functions and the comments of a mid-sized body. Past that, prose adds words faster than
# it adds meaning (a long module's header, a licence) and the term index grows with it.
# Few nodes reach it (docs/benchmarks.md).
MAX_NOTES = 1_000
# A comment documents the definition after it only across this much whitespace (indentation
# and a line break); a longer gap is not read at all (speed: no slice per comment).
_ATTACH_GAP = 256
_MARKS = "#/*!;\"'` "  # comment and string delimiters, cut from the ends of each note
# A captured comment or string: start byte, end byte, text, may document the next definition.
Piece = tuple[int, int, str, bool]


def note_owners(
    comments: list[Piece], starts: list[int], ends: list[int], parents: list[int], data: bytes
) -> dict[int, list[str]]:
    """Definition index (-1: the file) → the texts of its comments and strings, collected backwards.

    ``comments`` are (start byte, end byte, text, may document the next definition); the
    definitions are given by their start bytes (sorted), end bytes and parent indexes (-1: the
    file). Walked backwards, so that a run of comments above a definition (Rust ``///`` lines, one
    node each) reaches it: each comment of the run is followed by whitespace and the next."""
    out: dict[int, list[str]] = {}
    target, target_start = -1, -1
    for begin, end, text, forward in sorted(comments, reverse=True):
        owner = -2
        # The cheap test first; a comment after code on its line is about that code, not what follows.
        if forward:
            if target >= 0 and _blank_between(data, end, target_start):
                if _starts_line(data, begin):
                    owner = target  # the run of comments above ``target`` goes on
            else:
                j = bisect_right(starts, end - 1)  # the first definition starting after the comment
                if j < len(starts) and _blank_between(data, end, starts[j]) and _starts_line(data, begin):
                    owner = target = j
        if owner == -2:  # the innermost definition holding it
            owner = bisect_right(starts, begin) - 1
            while owner >= 0 and ends[owner] <= begin:
                owner = parents[owner]
            target = -1
        else:
            target_start = begin
        out.setdefault(owner, []).append(text)
    return out


def outside(comments: list[Piece], spans: list[tuple[int, int]]) -> list[Piece]:
    """The comments, and the strings that lie outside every span: a module path in an import
    (``from "./utils.js"``, ``#include "db.h"``) says where code comes from, not what it does, and
    would fill a file's capped notes before any string of its body."""
    if not spans:
        return comments
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    starts = [m[0] for m in merged]
    kept = []
    for piece in comments:
        i = bisect_right(starts, piece[0]) - 1
        if piece[3] or i < 0 or merged[i][1] < piece[1]:
            kept.append(piece)
    return kept


def _blank_between(data: bytes, end: int, start: int) -> bool:
    """Only whitespace, and at most one line break (no blank line), from ``end`` to ``start``."""
    if not end <= start <= end + _ATTACH_GAP:
        return False
    gap = data[end:start]
    return not gap.strip() and gap.count(b"\n") <= 1


def _starts_line(data: bytes, begin: int) -> bool:
    return not data[data.rfind(b"\n", max(0, begin - _ATTACH_GAP), begin) + 1 : begin].strip()


def note_text(pieces: list[str] | None, doc: str, max_notes: int) -> str:
    """One symbol's notes from its pieces (as ``note_owners`` collected them): whitespace
    collapsed, delimiters cut, its ``doc`` line left out, at most ``max_notes`` characters."""
    if not pieces:
        return ""
    # Collapsed whitespace; the cap is checked as pieces join, so a long body is not joined whole.
    parts: list[str] = []
    size = 0
    for piece in reversed(pieces):  # collected backwards
        piece = " ".join(piece.split()).strip(_MARKS)
        if not piece:
            continue
        parts.append(piece)
        size += len(piece) + 1
        if size > max_notes + len(doc):
            break
    joined = " ".join(parts)
    if doc:  # the first docstring line is the node's ``doc`` already
        joined = joined.replace(doc, "", 1).replace("  ", " ").strip()
    return joined[:max_notes]
