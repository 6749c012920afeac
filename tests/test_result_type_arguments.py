"""Spec: a result type whose type arguments are only written out returns the same value.

A generic named bare leaves its type arguments unknown (PEP 484: "assumed to be Any"):
``-> dict`` becoming ``-> dict[str, int]`` states what the same value holds, and a call using it
gets what it got (reach). Arguments that change (``list[int]`` → ``list[str]``) change what a call
gets: a return change."""

from __future__ import annotations

import pytest

from tests.test_callsites import Make, _label, _radius

_LIB = "def table(x):\n    return {x: 1}\n"
_USE = "from lib import table\n\n\ndef uses():\n    return table('a')\n"


def _annotated(result: str) -> str:
    return _LIB.replace("def table(x):", f"def table(x) -> {result}:")


@pytest.mark.parametrize(("before", "after"), [("dict", "dict[str, int]"), ("dict[str, int]", "dict")])
def test_python_type_arguments_written_or_left_out_keep_the_result(make_repo: Make, before: str, after: str) -> None:
    got = _radius(make_repo, {"lib.py": _annotated(before), "use.py": _USE}, {"lib.py": _annotated(after)})
    uses = got["use.py::uses"]
    assert _label(uses) == "reach", uses.reasons
    assert uses.verdict != "return-used"


def test_python_type_arguments_that_change_are_a_return_change(make_repo: Make) -> None:
    old = {"lib.py": _annotated("list[int]"), "use.py": _USE}
    got = _radius(make_repo, old, {"lib.py": _annotated("list[str]")})
    uses = got["use.py::uses"]
    assert (uses.verdict, _label(uses)) == ("return-used", "behavior-change"), uses.reasons
