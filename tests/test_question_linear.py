"""A question is hostile input: its scanners must cost one pass over it, whatever its words.

Three checks. The scanners find exactly what the former patterns found (those patterns are kept here
as the reference; on a long run of one character they took time that grew with the square of its
length). Every pattern of ``question.py`` has a linear form, checked on its parse tree: an attempt
starts only at the start of a run of the characters it begins with, and no quantifier is followed by
an item that could take the same character. And long runs of one character class go through
``parse_question`` whole.
"""

from __future__ import annotations

import random
import re
import re._constants as C  # the parse tree's opcodes, to read a pattern's form
import re._parser as P
from typing import Any

import pytest

from diffreach.query import question as Q

OLD_CODE_TOKEN = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+|\w*[a-z][A-Z]\w*|\w+_\w+")
OLD_PATH = re.compile(r"(?:[\w.-]+[/\\])+[\w.-]+\.[A-Za-z]\w{0,5}\b|\b[\w-]+\.[a-z]{2,4}\b")
OLD_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)

ALPHABET = "aZb_1./\\-é:x py"


def _samples(n: int, longest: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    pieces = [*ALPHABET, ".py", "a/b", "<!--", "-->", "Ab", "md"]
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, longest))) for _ in range(n)]


def test_the_scanners_find_what_the_former_patterns_found() -> None:
    for text in _samples(40_000, 14, seed=22):
        assert [text[s:e] for s, e in Q.code_spans(text)] == OLD_CODE_TOKEN.findall(text), text
        assert [text[s:e] for s, e in Q.path_spans(text)] == OLD_PATH.findall(text), text
        assert Q.strip_comments(text) == OLD_COMMENT.sub("", text), text


def test_the_scanners_on_real_mentions() -> None:
    line = 'File "/usr/lib/_pytest/python.py", line 12 in conf.py; see sphinx.ext.autodoc and getValue, my_name'
    assert [line[s:e] for s, e in Q.path_spans(line)] == ["usr/lib/_pytest/python.py", "conf.py", "sphinx.ext"]
    assert [line[s:e] for s, e in Q.code_spans(line)] == [
        "python.py",
        "conf.py",
        "sphinx.ext.autodoc",
        "getValue",
        "my_name",
    ]


# --- the linear form, read on each pattern's parse tree -------------------------------------------

_REPEATS = {C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT}
_ALL = frozenset(range(0x110000))
_WORD = frozenset(i for i in range(0x3000) if re.fullmatch(r"\w", chr(i)))  # enough of \w to test overlap
_SPACE = frozenset(i for i in range(0x3000) if chr(i).isspace())
_DIGIT = frozenset(i for i in range(0x3000) if re.fullmatch(r"\d", chr(i)))
_CATEGORIES = {
    C.CATEGORY_WORD: _WORD,
    C.CATEGORY_NOT_WORD: frozenset(range(0x3000)) - _WORD,
    C.CATEGORY_SPACE: _SPACE,
    C.CATEGORY_NOT_SPACE: frozenset(range(0x3000)) - _SPACE,
    C.CATEGORY_DIGIT: _DIGIT,
    C.CATEGORY_NOT_DIGIT: frozenset(range(0x3000)) - _DIGIT,
}
_UNIVERSE = frozenset(range(0x3000))


def _chars(op: Any, av: Any) -> frozenset[int] | None:
    """The characters one item can take first (None: it takes none, an assertion or anchor)."""
    if op is C.LITERAL:
        return frozenset({av})
    if op is C.NOT_LITERAL or op is C.ANY:
        return _UNIVERSE - ({av} if op is C.NOT_LITERAL else set())
    if op is C.IN:
        chars: set[int] = set()
        negate = False
        for kind, value in av:
            if kind is C.NEGATE:
                negate = True
            elif kind is C.LITERAL:
                chars.add(value)
            elif kind is C.RANGE:
                chars.update(range(value[0], value[1] + 1))
            elif kind is C.CATEGORY:
                chars |= _CATEGORIES[value]
        return frozenset(_UNIVERSE - chars if negate else chars)
    if op in _REPEATS:
        return _first(av[2])
    if op is C.SUBPATTERN:
        return _first(av[3])
    if op is C.BRANCH:
        return frozenset().union(*(_first(b) for b in av[1]))
    return None


def _first(seq: Any) -> frozenset[int]:
    """What a sequence can start with (through items that may be empty)."""
    out: frozenset[int] = frozenset()
    for op, av in seq:
        chars = _chars(op, av)
        if chars is None:
            continue
        out |= chars
        if not (op in _REPEATS and av[0] == 0):
            break
    return out


def _variable(op: Any, av: Any) -> bool:
    return op in _REPEATS and av[0] != av[1]


def _check_sequence(seq: Any, problems: list[str]) -> None:
    items = list(seq)
    for i, (op, av) in enumerate(items):
        if op in _REPEATS:
            _check_sequence(av[2], problems)
            body = list(av[2])
            if _variable(op, av) and len(body) > 1:
                # A repeated group: one character decides whether another iteration begins.
                last = _chars(*body[-1])
                if last is not None and last & _first(body):
                    problems.append(f"nested repeat whose iterations can split two ways: {body}")
        elif op is C.SUBPATTERN:
            _check_sequence(av[3], problems)
        elif op is C.BRANCH:
            for branch in av[1]:
                _check_sequence(branch, problems)
        elif op in (C.ASSERT, C.ASSERT_NOT):
            _check_sequence(av[1], problems)
        if _variable(op, av):
            after = _first(items[i + 1 :])
            mine = _chars(op, av) if len(list(av[2])) == 1 else frozenset()
            if mine and after & mine:
                problems.append(f"quantifier followed by an item that can take the same character: {items[i:]}")


def _check_start(seq: Any, problems: list[str]) -> None:
    """A scan tries every position: an attempt that can walk a long run must begin where the run does."""
    items = list(seq)
    if items and items[0][0] is C.BRANCH:
        for branch in items[0][1][1]:
            _check_start(branch, problems)
        return
    guard: frozenset[int] | None = None
    for op, av in items:
        if op is C.ASSERT_NOT and av[0] == -1:
            guard = (guard or frozenset()) | _first(av[1])
            continue
        if op is C.AT or op is C.ASSERT:
            continue
        if op is C.SUBPATTERN:
            _check_start(av[3], problems)
            return
        if op in _REPEATS and av[1] > 1 and (guard is None or not _chars(op, av) <= guard):
            problems.append(f"a scan can start inside a run: {items}")
        return


SCANNING = [
    "_WORD_RUN",
    "_DOTTED_AT",
    "_DOTTED_LATE",
    "_DASH_NAME",
    "_PATH_RUN",
    "_SEPARATOR",
    "_EXT_DOT",
    "_FILE_NAME",
]
SCANNING += ["_DOTTED", "_BACKTICK", "_EXTENSION", "_IMPORT_AS", "_CAMEL_STEP", "_SETUP_SECTION"]
SCANNING += ["_DETAILS_OPEN", "_DETAILS_CLOSE"]
# Matched once, at a line's start: only the quantifier rule applies.
AT_LINE_START = ["_FENCE", "_TEMPLATE_LINE", "_HEADING", "_SECTION"]


def _problems(pattern: re.Pattern[str], scanning: bool) -> list[str]:
    problems: list[str] = []
    tree = P.parse(pattern.pattern, pattern.flags)
    _check_sequence(tree, problems)
    if scanning:
        _check_start(tree, problems)
    return problems


@pytest.mark.parametrize("name", SCANNING + AT_LINE_START)
def test_every_pattern_has_a_linear_form(name: str) -> None:
    assert _problems(getattr(Q, name), name in SCANNING) == []


def test_every_pattern_of_the_module_is_checked() -> None:
    patterns = {k for k, v in vars(Q).items() if isinstance(v, re.Pattern)}
    # _FRAME and _BLOCK_LINE are matched once per line at its start; '\S+:' gives back at most one
    # character per step and each ':' starts one bounded look at the digits after it.
    assert patterns - set(SCANNING) - set(AT_LINE_START) == {"_FRAME", "_BLOCK_LINE"}


def test_the_check_rejects_the_former_patterns() -> None:
    assert _problems(OLD_CODE_TOKEN, True)
    assert _problems(OLD_PATH, True)


# --- long runs of one character class -------------------------------------------------------------

RUNS = {
    "letters": "a",
    "capitals": "A",
    "digits": "1",
    "dots": ".",
    "slashes": "/",
    "underscores": "_",
    "dashes": "-",
    "dotted": "a.",
    "path": "a/",
    "camel": "aB",
    "mixed": "a1_./-B",
    "comments": "<!--",
}


@pytest.mark.parametrize("unit", list(RUNS.values()), ids=list(RUNS))
def test_a_long_run_of_one_class_is_parsed(unit: str) -> None:
    # 20,000 characters: under the former patterns a run of letters this long took about a minute.
    text = "Title\n" + unit * (20_000 // len(unit)) + ".py done"
    question = Q.parse_question(text)
    assert question.prose.startswith("Title")
    assert Q.about_tests(text) is False


def test_the_question_is_bounded() -> None:
    assert Q.bound_question("x" * 10, 4) == ("xxxx", True)
    assert Q.bound_question("x" * 10, 10) == ("x" * 10, False)
    assert Q.bound_question("x" * 10, 0) == ("x" * 10, False)
