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


# -- an override out of step with its base's new parameters --------------------------------------

_BASE_OLD = """\
class Base:
    def log(self, level, msg):
        print(level, msg)
"""
_BASE_NEW = """\
class Base:
    def log(self, level, msg, *args):
        print(level, msg % args)
"""
_OVERRIDES = """\
from base import Base


class Kept(Base):
    def log(self, level, msg):
        super().log(level, "[kept] " + msg)


class Explicit(Base):
    def log(self, level, msg):
        super(Explicit, self).log(
            level,
            "[explicit] " + msg,
        )


class Loose(Base):
    def log(self, level, msg, *args, **kwargs):
        super().log(level, msg)


class Wrapper:
    def __init__(self, inner: Base):
        self.inner = inner

    def log(self, level, msg):
        self.inner.log(level, msg)
"""


def test_python_an_override_keeping_the_bases_old_parameters_is_out_of_step(make_repo: Make) -> None:
    # An override must accept every call its base accepts: `Base.log` now takes `*args`, so a call
    # through the base may pass an override that still has `(level, msg)` more than it takes.
    got = _radius(make_repo, {"base.py": _BASE_OLD, "subs.py": _OVERRIDES}, {"base.py": _BASE_NEW})
    for caller in ("Kept", "Explicit"):
        found = got[f"subs.py::{caller}.log"]
        assert (found.verdict, _label(found)) == ("override-out-of-step", "behavior-change"), found.reasons
    # Forbidden: an override that takes more already, and a delegate that is no override (its call
    # binds as before).
    for caller in ("Loose", "Wrapper"):
        found = got[f"subs.py::{caller}.log"]
        assert found.verdict != "override-out-of-step" and _label(found) == "reach", (caller, found.reasons)


def test_python_an_override_is_in_step_when_the_base_takes_no_new_call(make_repo: Make) -> None:
    # The base now refuses a call it took (a parameter made required): the override still accepts
    # every call the base does, so it is not out of step (its own call is judged as before).
    narrower = _BASE_OLD.replace("def log(self, level, msg):", "def log(self, level, msg, where):")
    got = _radius(make_repo, {"base.py": _BASE_OLD, "subs.py": _OVERRIDES}, {"base.py": narrower})
    assert got["subs.py::Kept.log"].verdict != "override-out-of-step"
