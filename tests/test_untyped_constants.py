"""Spec: a literal argument the new parameter type still takes binds as before.

Go's numeric literals are untyped constants (the spec's "Constants", "Assignability"): ``0``
fills an ``int`` and a ``uint64`` alike, so a parameter retyped ``int`` → ``uint64`` takes it as
before (reach), while a variable of type ``int`` is refused (changed type), and so is ``-1``, which
no unsigned type represents. Java's ``0`` fills a ``long`` as it filled an ``int`` (a widening
primitive conversion, JLS 5.3)."""

from __future__ import annotations

import pytest

from tests.test_callsites import Make, _label, _radius

_LIB = "package lib\n\nfunc Placeholder(sid string, id uint64, ordinal %s) string {\n\treturn sid\n}\n"
_USE = """\
package lib

var toc = Placeholder("TOC", 0, 0)

func Literal() string {
\treturn Placeholder("s", 1, %s)
}

func Variable(n int) string {
\treturn Placeholder("s", 1, n)
}
"""


@pytest.mark.parametrize(("argument", "label"), [("0", "reach"), ("42", "reach"), ("-1", "behavior-change")])
def test_go_an_untyped_constant_fills_the_retyped_parameter(make_repo: Make, argument: str, label: str) -> None:
    old = {"go.mod": "module example.com/m\n\ngo 1.21\n", "lib/a.go": _LIB % "int", "lib/b.go": _USE % argument}
    got = _radius(make_repo, old, {"lib/a.go": _LIB % "uint64"})
    literal = got["lib/b.go::Literal"]
    assert _label(literal) == label, literal.reasons
    variable = got["lib/b.go::Variable"]
    assert (variable.verdict, _label(variable)) == ("changed-type", "behavior-change"), variable.reasons


_JAVA_LIB = "package a;\npublic class W {\n  public int at(%s i) { return 0; }\n}\n"
_JAVA_USE = "package a;\npublic class Use {\n  int lit(W w) { return w.at(3); }\n}\n"


def test_java_a_number_literal_fills_a_wider_primitive(make_repo: Make) -> None:
    old = {"src/a/W.java": _JAVA_LIB % "int", "src/a/Use.java": _JAVA_USE}
    got = _radius(make_repo, old, {"src/a/W.java": _JAVA_LIB % "long"})
    assert _label(got["src/a/Use.java::Use.lit"]) == "reach", got["src/a/Use.java::Use.lit"].reasons
