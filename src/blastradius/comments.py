"""Where a file's comments are, for any grammar: the lines that hold nothing but
comments, and the column where a comment after code starts.

A comment changes no behaviour, so the change mapper leaves comment-only lines
out, and cuts trailing comments off, when it compares two versions of a symbol: a
doc comment written above a new function is not a change of the module (or class)
around it, and a reworded comment is no change at all, just as a re-indented blank
line is none. Which node types are comments is read off each grammar — every
visible named node kind whose name ends in ``comment`` (``comment``,
``line_comment``, ``block_comment``, ``html_comment``…) — so no language is named
here. A comment with code after it on its line (``f(/* n */ 1)``) is kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from tree_sitter import Language, Parser, Query, QueryCursor

# The extractor's parse, with its operation and CPU budget (grammars that hang on some inputs).
from .extract import PARSE_CPU_SECONDS, ParseLimitExceeded, _parse
from .languages.spec import LanguageSpec


@cache
def _tools(spec: LanguageSpec) -> tuple[Parser, Query] | None:
    language = Language(spec.grammar())
    kinds = sorted({language.node_kind_for_id(i) for i in range(language.node_kind_count)
                    if language.node_kind_is_named(i) and language.node_kind_is_visible(i)
                    and language.node_kind_for_id(i).endswith("comment")})
    if not kinds:
        return None
    return Parser(language), Query(language, "[" + " ".join(f"({k})" for k in kinds) + "] @comment")


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


def comment_lines(data: bytes, spec: LanguageSpec, cpu_seconds: float = PARSE_CPU_SECONDS) -> Comments:
    """The comment-only lines and the trailing comments of a file. Empty when the grammar
    has no comments or the parse runs past its budget."""
    if spec.embedded is not None:  # blocks of another format: offsets are kept, so lines agree
        spec, data = spec.embedded(data)
    if spec.prepare is not None:  # same length, same lines
        data = spec.prepare(data)
    tools = _tools(spec)
    if tools is None:
        return Comments()
    parser, query = tools
    try:
        tree = _parse(parser, data, cpu_seconds)
    except ParseLimitExceeded:
        return Comments()
    lines = data.split(b"\n")
    only: set[int] = set()
    trailing: dict[int, int] = {}
    for node in QueryCursor(query).captures(tree.root_node).get("comment", ()):
        (first, start), (last, end) = node.start_point, node.end_point
        # Rows are 0-based; a comment shares its first or last line with code when
        # anything but spaces stands before or after it there.
        code_before = lines[first][:start].strip() != b""
        code_after = last < len(lines) and lines[last][end:].strip() != b""
        only.update(row + 1 for row in range(first, last + 1)
                    if not (row == first and code_before) and not (row == last and code_after))
        if code_before and not (first == last and code_after):
            # Columns are bytes; the change mapper cuts decoded text.
            column = len(lines[first][:start].decode("utf-8", "replace"))
            trailing[first + 1] = min(column, trailing.get(first + 1, column))
    return Comments(frozenset(only), trailing)


__all__ = ["Comments", "comment_lines"]
