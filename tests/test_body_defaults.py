"""Spec: a default the body gives a parameter left out is its default to a call that leaves it out.

ECMA-262: a parameter left out is ``undefined``, and ``o = o || {}`` at the top of the body gives
it ``{}``; Python's ``if key is None: key = []`` gives a ``key=None`` parameter ``[]``. Moving that
value into the header (``o = {}``) changes nothing for a call that leaves it out; changing it
does. A parameter no call may leave out (Python's ``def f(x)``) gets no default from its body."""

from __future__ import annotations

from diffreach.languages import language_for
from diffreach.languages.binding import parameters_of
from diffreach.review.body_defaults import with_body_defaults
from tests.test_callsites import Make, _label, _radius

_USES = "import { share } from './share';\nexport function a() {\n  return share();\n}\n"


def _share(header: str, body: str = "") -> str:
    return f"export function share({header}): number {{\n{body}  return make(o);\n}}\n"


def test_a_default_moved_from_the_body_to_the_header_binds_as_before(make_repo: Make) -> None:
    old = _share("o?: Options", "  o = o || {};\n")
    new = _share("o: Options = {}")
    got = _radius(make_repo, {"share.ts": old, "use.ts": _USES}, {"share.ts": new})
    a = got["use.ts::a"]
    assert (a.verdict, _label(a)) == ("still-binds", "reach"), a.reasons


def test_a_default_the_body_gives_that_changed_is_a_changed_default(make_repo: Make) -> None:
    old = _share("o?: number", "  o ??= 10;\n")
    new = _share("o: number = 20")
    got = _radius(make_repo, {"share.ts": old, "use.ts": _USES}, {"share.ts": new})
    a = got["use.ts::a"]
    assert (a.verdict, _label(a)) == ("changed-default", "behavior-change"), a.reasons


def test_python_none_then_a_value_in_the_body_is_the_default() -> None:
    spec = language_for("m.py")
    assert spec is not None
    src = (
        b"def f(x, key=None, limit=None):\n"
        b"    if key is None:\n        key = []\n"
        b"    x = x or 1\n"
        b"    return x, key, limit\n"
    )
    params = parameters_of(spec, src, 1, "f")
    assert params is not None
    got = {p.name: (p.has_default, p.default) for p in with_body_defaults(spec, params, src, 1, "f")}
    assert got["key"] == (True, "[]")
    # Forbidden: a required parameter made optional by its body's fallback; a "not given" default
    # the body gives nothing stays as written.
    assert got["x"] == (False, "")
    assert got["limit"] == (True, "None")


def test_a_new_parameter_read_through_optional_chaining_expects_to_be_left_out(make_repo: Make) -> None:
    """ECMA-262 13.3.9: ``p?.filter`` is undefined when ``p`` is: a body reading its new parameter
    so takes a call that leaves it out (reach); one reading ``p.filter`` does not (left undefined)."""
    old = "export function lead(path, options) {\n  return path + options;\n}\n"
    chained = "export function lead(path, options, printOptions) {\n  const f = printOptions?.filter ?? ok;\n  return f(path);\n}\n"
    direct = (
        "export function lead(path, options, printOptions) {\n  const f = printOptions.filter;\n  return f(path);\n}\n"
    )
    uses = "import { lead } from './lead';\nexport function a() {\n  return lead(\"x\", 1);\n}\n"
    got = _radius(make_repo, {"lead.js": old, "use.js": uses}, {"lead.js": chained})
    assert _label(got["use.js::a"]) == "reach", got["use.js::a"].reasons
    got = _radius(make_repo, {"lead.js": old, "use.js": uses}, {"lead.js": direct})
    assert (got["use.js::a"].verdict, _label(got["use.js::a"])) == ("left-undefined", "behavior-change")
