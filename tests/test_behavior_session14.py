"""Spec: Python behaviour outcomes of session 14 (issue 19). Each through the whole pipeline (a git
repository, the new version in the working tree, ``api.blast_radius``): an old and a new
signature, call sites in, the expected and the forbidden verdicts and labels out."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

# -- typing.overload: a stub is one member of a family --------------------------------------------

_STUBS_OLD = """\
from typing import Any, overload


@overload
def argument(default: Any, *, parser: Any = None) -> Any: ...
@overload
def argument(default: Any, *, click_type: Any = None) -> Any: ...
def argument(default: Any = ..., *, parser: Any = None, click_type: Any = None, help: str = "") -> Any:
    return (default, parser, click_type, help)
"""
_STUBS_NEW = _STUBS_OLD.replace(
    "def argument(default: Any, *, parser: Any = None) -> Any: ...",
    "def argument(default: Any = ..., *, parser: Any = None) -> Any: ...",
)
_STUB_CALLERS = """\
from params import argument


def positional():
    return argument("X", parser=int)


def other_stub():
    return argument(
        "Y",
        click_type=str,
    )


def implementation_only():
    return argument(
        "Z",
        help="shown",
    )


def now_without_default():
    return argument(parser=int)
"""


def test_python_a_call_fitting_neither_overload_stub_list_is_another_members(make_repo: Make) -> None:
    # ``@overload`` stubs are read by type checkers only; a call the changed stub takes neither
    # before nor after is another member's (a stub or the implementation that takes it in both
    # versions): low, not "cannot tell". Multi-line and keyword-only calls are read from the tree.
    got = _radius(make_repo, {"params.py": _STUBS_OLD, "use.py": _STUB_CALLERS}, {"params.py": _STUBS_NEW})
    for caller in ("other_stub", "implementation_only"):
        found = got[f"use.py::{caller}"]
        assert found.verdict == "not-this-overload", (caller, found.reasons)
        assert _label(found) == "reach"
    assert _label(got["use.py::positional"]) == "reach"
    # Fits only the new stub (the default is new): the checker takes this stub now.
    assert got["use.py::now_without_default"].verdict != "not-this-overload"
