"""The ``question`` target of bench/fuzz.py: mutated issue texts through the question parser.

A question is hostile input (issue 22): one long word took time that grew with the square of its
length. Each input is parsed whole (``parse_question``, ``about_tests``); up to 2,000 characters
the scanners must find what the former patterns found (tests/test_question_linear.py keeps them as
the reference); and one input in 64 gets a long run of one character class appended (20,000 to
200,000 characters of letters, digits, dots, slashes, underscores, dashes or a mix), so that a
pattern that is not linear shows as a hang in the fuzz report (``--hang-cpu``).
"""

from __future__ import annotations

from collections.abc import Hashable

from tests.test_fuzz_mutation import Target, _dictionary
from tests.test_question_linear import OLD_CODE_TOKEN, OLD_COMMENT, OLD_PATH

from diffreach.query import question as Q

RUN_UNITS = ("a", "Z", "7", ".", "/", "_", "-", "\\", "a.", "a/", "aB", "a_", "a1./_-B", "<!--", "`", " ")
LONG_EVERY = 64
REFERENCE_CHARS = 2_000

SEEDS = (
    b"Title: crash in sphinx.ext.autodoc\n\nWhen I run `make html` the build fails.\n",
    b'Traceback (most recent call last):\n  File "/usr/lib/_pytest/python.py", line 12, in run\n'
    b"    return getValue(my_name)\nValueError: bad\n",
    b"### Environment\n- OS: linux\n- Version: 5.2\n\n<details><summary>log</summary>\nsrc/a/b.py:3:1: E501\n"
    b"</details>\n<!-- a comment -->\n",
    b"```python\nimport xarray as xr\nxr.where(a, b)\n```\nsee conf.py and tests/test_where.py\n",
    b"Fix parseHTTPResponse2 in lib/http_client.ts; 2to3.fixes and a-b.md-c.rst\n",
)


def _run(data: bytes) -> Hashable:
    text = data.decode("utf-8", "replace")
    if data and data[0] % LONG_EVERY == 0:
        unit = RUN_UNITS[data[-1] % len(RUN_UNITS)]
        text += unit * ((20_000 + 180 * (len(data) % 1_000)) // len(unit))
    question = Q.parse_question(text)
    tests = Q.about_tests(text)
    for line in text[:REFERENCE_CHARS].splitlines():
        if [line[s:e] for s, e in Q.code_spans(line)] != OLD_CODE_TOKEN.findall(line):
            raise AssertionError(f"code tokens differ from the reference on {line[:200]!r}")
        if [line[s:e] for s, e in Q.path_spans(line)] != OLD_PATH.findall(line):
            raise AssertionError(f"paths differ from the reference on {line[:200]!r}")
    if len(text) <= REFERENCE_CHARS and Q.strip_comments(text) != OLD_COMMENT.sub("", text):
        raise AssertionError("comments differ from the reference")
    return (min(len(question.paths), 4), min(len(question.dotted), 4), min(len(question.terms) // 4, 6), tests)


def question_target() -> Target:
    return Target("question", SEEDS, _dictionary(SEEDS), _run, False)
