"""Spec: a change confined to a function's body leaves every call binding as before (issue 19).

The parameters, result and raises are the same, so a call that bound to the old version binds to
the new one, whether or not the call can be read at its line: ``x in box`` runs ``__contains__``
with no call of that name written, and is as unaffected as ``box.__contains__(x)``. Only what the
body newly says to its callers counts against that: a deprecation warning it now gives.
Through the whole pipeline: expected and forbidden verdicts and labels per caller."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_BOX = """\
import warnings


class Box:
    def __init__(self, items):
        self.items = list(items)

    def __contains__(self, item):
        return item in self.items
"""
_USES = """\
from box import Box


def has(item, box: Box):
    return item in box
"""


def test_a_body_only_change_leaves_an_unread_call_binding(make_repo: Make) -> None:
    new = _BOX.replace("return item in self.items", "return any(i == item for i in self.items)")
    got = _radius(make_repo, {"box.py": _BOX, "uses.py": _USES}, {"box.py": new})
    r = got["uses.py::has"]
    assert (r.verdict, _label(r)) == ("body-only", "reach"), r.reasons


def test_a_body_that_now_warns_of_its_deprecation_is_not_body_only(make_repo: Make) -> None:
    # Forbidden: a new deprecation warning passed off as a body-only change.
    warned = '        warnings.warn("use has_item", DeprecationWarning)\n        return item in self.items'
    got = _radius(
        make_repo,
        {"box.py": _BOX, "uses.py": _USES},
        {"box.py": _BOX.replace("        return item in self.items", warned)},
    )
    r = got["uses.py::has"]
    assert r.verdict != "body-only" and _label(r) == "behavior-change", (r.verdict, r.reasons)
