"""Spec: where a result annotation is optional, a header without one declares nothing.

PEP 484 leaves an unannotated function unchecked: its result is unknown, not none, so a header
that drops its annotation takes no result away, and one that newly declares a result over a body
that returned one gives the call that discards it no new result to ignore. A constructor declared to give
nothing (``__init__(…) -> None``) gives the constructing call nothing either way: its value is the
new instance. A changed annotation where the value is used stays medium (the issue's rule).
Through the whole pipeline: expected and forbidden verdicts and labels per caller."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_PARSE = """\
def parse(url):
    host, port = url.split(":")
    return host, port


class Point:
    def __init__(self, x):
        self.x = x
"""
_USES = """\
from parse import Point, parse


def split_it(s):
    host, port = parse(s)
    return host


def ignore_it(s):
    parse(s)


def build(x):
    return Point(x)
"""


def test_a_constructor_declared_to_give_nothing_gives_the_call_nothing_either_way(make_repo: Make) -> None:
    # ``C(x)`` is the new instance: ``-> None`` written on ``__init__`` changes no call's value.
    new = _PARSE.replace("def __init__(self, x):", "def __init__(self, x) -> None:")
    got = _radius(make_repo, {"parse.py": _PARSE, "uses.py": _USES}, {"parse.py": new})
    r = got["uses.py::build"]
    assert _label(r) == "reach" and r.verdict != "return-used", (r.verdict, r.reasons)


def test_an_annotation_added_where_the_value_is_used_stays_a_return_change(make_repo: Make) -> None:
    # The rule (a changed return annotation, the value used: medium), kept in session 16
    # after measuring the alternative.
    new = _PARSE.replace("def parse(url):", "def parse(url) -> tuple[str, str]:")
    got = _radius(make_repo, {"parse.py": _PARSE, "uses.py": _USES}, {"parse.py": new})
    assert (got["uses.py::split_it"].verdict, _label(got["uses.py::split_it"])) == ("return-used", "behavior-change")


def test_one_declared_result_replaced_by_another_is_a_return_change(make_repo: Make) -> None:
    # Forbidden: the rule hiding a change between two declared results.
    old = _PARSE.replace("def parse(url):", "def parse(url) -> tuple[str, str]:")
    new = _PARSE.replace("def parse(url):", "def parse(url) -> list[str]:")
    got = _radius(make_repo, {"parse.py": old, "uses.py": _USES}, {"parse.py": new})
    assert (got["uses.py::split_it"].verdict, _label(got["uses.py::split_it"])) == ("return-used", "behavior-change")


def test_an_annotation_dropped_takes_no_result_away(make_repo: Make) -> None:
    # Forbidden: "it now declares none" (high) where the header only stopped saying.
    old = _PARSE.replace("def parse(url):", "def parse(url) -> tuple[str, str]:")
    new = _PARSE.replace("return host, port", "return [host, port]")
    got = _radius(make_repo, {"parse.py": old, "uses.py": _USES}, {"parse.py": new})
    assert got["uses.py::split_it"].verdict == "return-used", got["uses.py::split_it"].reasons


def test_a_result_declared_over_a_body_that_returned_one_is_not_a_new_result_ignored(make_repo: Make) -> None:
    # `parse` returned a pair before, unannotated: declaring it is no result the discarding call
    # newly ignores (low). Expected: over a body that returned nothing, it is (session 17's rule).
    new = _PARSE.replace("def parse(url):", "def parse(url) -> tuple[str, str]:")
    got = _radius(make_repo, {"parse.py": _PARSE, "uses.py": _USES}, {"parse.py": new})
    assert got["uses.py::ignore_it"].verdict != "result-ignored" and _label(got["uses.py::ignore_it"]) == "reach"
