"""Where a file's comments are (``extract/comments.py``): the comment-only lines and the column
where a trailing comment starts, for any text and any comment spans, are those read line by line."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from diffreach.extract.comments import Comments, comments_in


def _by_lines(data: bytes, spans: list[tuple[int, int]]) -> Comments:
    """The same, the slow plain way: each comment's rows counted from the file's start."""
    only: set[int] = set()
    trailing: dict[int, int] = {}
    for start, end in spans:
        first = data[:start].count(b"\n")
        last = first + data[start:end].count(b"\n")
        begin = data.rfind(b"\n", 0, start) + 1
        stop = data.find(b"\n", end)
        before = data[begin:start].strip() != b""
        after = data[end : len(data) if stop < 0 else stop].strip() != b""
        for row in range(first, last + 1):
            if not (row == first and before) and not (row == last and after):
                only.add(row + 1)
        if before and not (first == last and after):
            column = len(data[begin:start].decode("utf-8", "replace"))
            trailing[first + 1] = min(column, trailing.get(first + 1, column))
    return Comments(frozenset(only), trailing)


@st.composite
def _text_and_spans(draw: st.DrawFn) -> tuple[bytes, list[tuple[int, int]]]:
    data = draw(st.text(alphabet="ab #\n\té", max_size=80)).encode()
    cuts = draw(st.lists(st.integers(0, len(data)), max_size=8))
    spans = [(a, b) for a, b in zip(cuts[::2], cuts[1::2], strict=False) if a <= b]
    return data, spans


@given(_text_and_spans())
def test_comment_lines_are_those_read_line_by_line(case: tuple[bytes, list[tuple[int, int]]]) -> None:
    data, spans = case
    assert comments_in(data, spans) == _by_lines(data, spans)


def test_a_comment_alone_and_a_comment_after_code() -> None:
    data = b"x = 1  # one\n# two\n  # three\ny = 2\n"
    spans = [(data.index(b"# one"), data.index(b"# one") + 5), (13, 18), (data.index(b"# three"), 29)]
    found = comments_in(data, spans)
    assert found.only == frozenset({2, 3})
    assert found.trailing == {1: 7}
    assert found.code(1, "x = 1  # one") == "x = 1"
    assert found.code(2, "# two") is None
