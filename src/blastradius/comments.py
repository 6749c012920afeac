"""The lines of a file that hold nothing but comments, for any grammar.

A comment changes no behaviour, so the change mapper leaves comment-only lines
out when it compares two versions of a symbol: a doc comment written above a new
function is not a change of the module (or class) around it, and a reworded
comment is no change at all, just as a re-indented blank line is none. Which
node types are comments is read off each grammar — every visible named node kind
whose name ends in ``comment`` (``comment``, ``line_comment``, ``block_comment``,
``html_comment``…) — so no language is named here. A line that also holds code
(``x = 1  # why``) is not a comment-only line.
"""

from __future__ import annotations

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


def comment_lines(data: bytes, spec: LanguageSpec, cpu_seconds: float = PARSE_CPU_SECONDS) -> frozenset[int]:
    """1-based numbers of the lines that hold only comment text (and spaces). Empty when
    the grammar has no comments or the parse runs past its budget."""
    if spec.embedded is not None:  # blocks of another format: offsets are kept, so lines agree
        spec, data = spec.embedded(data)
    if spec.prepare is not None:  # same length, same lines
        data = spec.prepare(data)
    tools = _tools(spec)
    if tools is None:
        return frozenset()
    parser, query = tools
    try:
        tree = _parse(parser, data, cpu_seconds)
    except ParseLimitExceeded:
        return frozenset()
    lines = data.split(b"\n")
    found: set[int] = set()
    for node in QueryCursor(query).captures(tree.root_node).get("comment", ()):
        (first, start), (last, end) = node.start_point, node.end_point
        # Rows are 0-based; a comment shares its first or last line with code when
        # anything but spaces stands before or after it there.
        code_before = lines[first][:start].strip() != b""
        code_after = last < len(lines) and lines[last][end:].strip() != b""
        found.update(row + 1 for row in range(first, last + 1)
                     if not (row == first and code_before) and not (row == last and code_after))
    return frozenset(found)


__all__ = ["comment_lines"]
