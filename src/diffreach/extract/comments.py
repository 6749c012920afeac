"""Where a file's comments are: the lines that hold nothing but comments, and the
column where a comment after code starts.

A comment changes no behaviour, so the change mapper leaves comment-only lines
out, and cuts trailing comments off, when it compares two versions of a symbol: a
doc comment written above a new function is not a change of the module (or class)
around it, and a reworded comment is no change at all, just as a re-indented blank
line is none. The comments are the ``@comment`` captures of each language's query
file, which the extractor hands over from the parse it makes anyway
(``extract(..., comment_spans=…)``), so no language is named here and no file is
parsed twice. A comment with code after it on its line (``f(/* n */ 1)``) is kept.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Comments:
    """Where a file's comments are: ``only`` the 1-based lines holding nothing but comment
    text, ``trailing`` line → the character column where a comment after code starts."""

    only: frozenset[int] = frozenset()
    trailing: dict[int, int] = field(default_factory=dict)

    def code(self, number: int, line: str) -> str | None:
        """The code of line ``number`` (comments cut off), None for a comment-only line."""
        if number in self.only:
            return None
        cut = self.trailing.get(number)
        return line if cut is None else line[:cut].rstrip()


def comments_in(data: bytes, spans: Iterable[tuple[int, int]]) -> Comments:
    """The comment-only lines and the trailing comments of ``data``, from the byte spans
    of its comments."""
    only: set[int] = set()
    trailing: dict[int, int] = {}
    # Where the newlines are, once: a row is the count of those before an offset (counting from
    # the file's start for each comment was quadratic: a second of a warm impact on clap's
    # 5,000-line command.rs, 11,000 comments).
    newlines = _newlines(data) if spans else []
    for start, end in spans:
        # 0-based rows; a comment shares its first or last line with code when anything
        # but spaces stands before or after it there.
        first_begin = data.rfind(b"\n", 0, start) + 1
        last_end = data.find(b"\n", end)
        last_end = len(data) if last_end < 0 else last_end
        first = bisect_left(newlines, start)
        last = bisect_left(newlines, end)
        code_before = data[first_begin:start].strip() != b""
        code_after = data[end:last_end].strip() != b""
        only.update(
            row + 1
            for row in range(first, last + 1)
            if not (row == first and code_before) and not (row == last and code_after)
        )
        if code_before and not (first == last and code_after):
            # Spans are bytes; the change mapper cuts decoded text.
            column = len(data[first_begin:start].decode("utf-8", "replace"))
            trailing[first + 1] = min(column, trailing.get(first + 1, column))
    return Comments(frozenset(only), trailing)


def _newlines(data: bytes) -> list[int]:
    """The offsets of the newlines of ``data``, in order."""
    found: list[int] = []
    at = data.find(b"\n")
    while at >= 0:
        found.append(at)
        at = data.find(b"\n", at + 1)
    return found


__all__ = ["Comments", "comments_in"]
