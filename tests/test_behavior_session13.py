"""Spec: behaviour outcomes of session 13 (issues 18 and 19, Python and Java). An unbound
``super().m()`` reaches a changed ``m`` only through the method resolution order, so only in a
class that shares a subclass with the changed method's class; an edge made by the name alone that
the call refutes (it fits neither parameter list, or no call of the name stands on its line) is
another definition for every part of the contract, its return too; a parameter retyped to a
supertype the standard library declares (``Path`` → ``os.PathLike``) refuses nothing; a Java call
that the old parameters and a removed sibling of the same arity both take may have called the
removed one; a Python decorator is a call of it with the decorated definition (``@d def f``:
``f = d(f)``). Each through the whole pipeline (a git repository, the new version in the working
tree, ``api.blast_radius``): expected and forbidden verdicts and labels per caller."""

from __future__ import annotations

from diffreach.languages import language_for
from diffreach.review.binding import ArgKind, Argument, Parameter, ParamKind, judge
from tests.test_callsites import Make, _label, _radius

# -- super(): the method resolution order decides ------------------------------------------------

_ADAPTER_OLD = """\
class Adapter:
    def __init__(self, matcher):
        self.matcher = matcher
"""
_ADAPTER_NEW = """\
class Adapter:
    def __init__(self, matcher, strict):
        self.matcher = matcher
        self.strict = strict
"""
_ERRORS = """\
class Failure(Exception):
    def __init__(self, message):
        super().__init__(message)
"""
_MIXIN = """\
from adapter import Adapter


class Named:
    def __init__(self, matcher):
        super().__init__(matcher)


class Both(Named, Adapter):
    pass
"""


def test_python_an_unbound_super_call_in_an_unrelated_class_is_not_a_caller(make_repo: Make) -> None:
    # ``super().__init__`` in ``Failure(Exception)`` runs ``Exception.__init__``: it cannot reach
    # ``Adapter.__init__``, whatever the name says. Forbidden: a caller there at all.
    got = _radius(make_repo, {"adapter.py": _ADAPTER_OLD, "errors.py": _ERRORS}, {"adapter.py": _ADAPTER_NEW})
    assert "errors.py::Failure.__init__" not in got, got["errors.py::Failure.__init__"].reasons


_THROUGH_CLASS = """\
class Problem(Exception):
    pass


class Failure(Problem):
    def __init__(self, message):
        Problem.__init__(self, message)
"""


def test_python_an_unbound_call_through_an_unrelated_class_is_not_a_caller(make_repo: Make) -> None:
    # ``Problem.__init__`` is looked up in ``Problem``'s method resolution order, which has no
    # ``Adapter``. Forbidden: a caller there.
    old = {"adapter.py": _ADAPTER_OLD, "errors.py": _THROUGH_CLASS}
    got = _radius(make_repo, old, {"adapter.py": _ADAPTER_NEW})
    assert "errors.py::Failure.__init__" not in got, got["errors.py::Failure.__init__"].reasons


def test_python_a_super_call_a_subclass_sends_to_the_changed_class_stays(make_repo: Make) -> None:
    # ``Both(Named, Adapter)``: its method resolution order is Both, Named, Adapter, so the
    # ``super().__init__(matcher)`` in ``Named`` runs ``Adapter.__init__``, which now wants ``strict``.
    old = {"adapter.py": _ADAPTER_OLD, "mixin.py": _MIXIN}
    got = _radius(make_repo, old, {"adapter.py": _ADAPTER_NEW})
    named = got["mixin.py::Named.__init__"]
    assert (named.verdict, _label(named)) == ("no-longer-binds", "behavior-change"), named.reasons


# -- a guess by name that the call refutes ---------------------------------------------------------

_TOTAL_OLD = """\
class Cart:
    def total(self, tax, discount) -> int:
        return 1
"""
_TOTAL_NEW = _TOTAL_OLD.replace("-> int", "-> str").replace("return 1", 'return "1"')
_TOTAL_CALLERS = """\
def report(thing):
    return thing.total()


def priced(thing):
    return thing.total(0.2, 0)
"""


def test_a_guessed_call_that_fits_neither_list_ignores_the_changed_return(make_repo: Make) -> None:
    got = _radius(make_repo, {"cart.py": _TOTAL_OLD, "use.py": _TOTAL_CALLERS}, {"cart.py": _TOTAL_NEW})
    report = got["use.py::report"]
    # ``thing.total()`` takes no argument: not the ``total(tax, discount)`` that changed.
    assert report.verdict == "another-definition", report.reasons
    assert _label(report) == "reach"
    # Forbidden: judging the refuted call by the changed result. One that fits still is.
    priced = got["use.py::priced"]
    assert (priced.verdict, _label(priced)) == ("return-used", "behavior-change"), priced.reasons


# -- a widened parameter type ----------------------------------------------------------------------

_PATH_OLD = """\
import os
from pathlib import Path
from typing import List, Sequence, Union


def absolute(path: Union[Path, str]) -> Path:
    return Path(os.path.abspath(str(path)))


def first(items: List[int]) -> int:
    return items[0]
"""
_PATH_CALLERS = """\
from paths import absolute, first


def locate(p):
    return absolute(p)


def head(xs):
    return first(xs)
"""


def test_python_a_parameter_widened_to_a_declared_supertype_refuses_nothing(make_repo: Make) -> None:
    new = _PATH_OLD.replace("path: Union[Path, str]", 'path: "Union[str, os.PathLike[str]]"').replace(
        "items: List[int]", "items: Sequence[int]"
    )
    got = _radius(make_repo, {"paths.py": _PATH_OLD, "use.py": _PATH_CALLERS}, {"paths.py": new})
    for caller in ("use.py::locate", "use.py::head"):
        r = got[caller]
        assert r.verdict != "changed-type", r.reasons
        assert _label(r) == "reach", r.reasons


def test_python_a_parameter_narrowed_still_changes_the_type(make_repo: Make) -> None:
    new = _PATH_OLD.replace("path: Union[Path, str]", "path: Path").replace("items: List[int]", "items: List[str]")
    got = _radius(make_repo, {"paths.py": _PATH_OLD, "use.py": _PATH_CALLERS}, {"paths.py": new})
    for caller in ("use.py::locate", "use.py::head"):
        r = got[caller]
        assert (r.verdict, _label(r)) == ("changed-type", "behavior-change"), r.reasons


# -- Java: a removed overload of the same arity ----------------------------------------------------

_METHOD_OLD = """\
package m;

import java.util.List;

public class Method {
    boolean isShadowedBy(List<Method> results) {
        for (Method each : results)
            if (isShadowedBy(each))
                return true;
        return false;
    }

    private boolean isShadowedBy(Method each) {
        return each == this;
    }
}
"""
_METHOD_NEW = """\
package m;

public class Method {
    public boolean isShadowedBy(Method other) {
        return other == this;
    }
}
"""
_METHOD_CALLER = """\
package m;

import java.util.List;

public class Catalog {
    boolean hidden(Method method, List<Method> methods) {
        return method.isShadowedBy(methods);
    }
}
"""


def test_java_a_call_a_removed_overload_of_its_arity_also_took_is_flagged(make_repo: Make) -> None:
    # ``isShadowedBy(List<Method>)`` is gone; the call fits the remaining ``isShadowedBy(Method)``
    # by arity as it fitted both before: its argument's type chose, and it may have chosen the
    # removed one. Forbidden: reach because the kept parameter was only renamed.
    old = {"src/m/Method.java": _METHOD_OLD, "src/m/Catalog.java": _METHOD_CALLER}
    got = _radius(make_repo, old, {"src/m/Method.java": _METHOD_NEW})
    r = got["src/m/Catalog.java::Catalog.hidden"]
    assert r.verdict != "renamed-parameter", r.reasons
    assert _label(r) == "behavior-change", r.reasons
    # Judged at the kept member: the removed one of the same arity is named.
    rules = language_for("A.java").binding_rules
    each = (Parameter("each", ParamKind.POSITIONAL_OR_KEYWORD, annotation="Method"),)
    other = (Parameter("other", ParamKind.POSITIONAL_OR_KEYWORD, annotation="Method"),)
    results = (Parameter("results", ParamKind.POSITIONAL_OR_KEYWORD, annotation="List<Method>"),)
    args = (Argument(ArgKind.POSITIONAL, text="methods"),)
    outcome = judge(each, other, args, rules, (), None, (results,))
    assert outcome.verdict == "cannot-tell" and "List<Method> results" in outcome.reason, outcome


def test_java_a_call_no_removed_overload_takes_binds_as_before(make_repo: Make) -> None:
    # The removed sibling takes two arguments: the one-argument call never chose it.
    old = _METHOD_OLD.replace("isShadowedBy(List<Method> results)", "isShadowedBy(List<Method> results, int n)")
    old = {"src/m/Method.java": old, "src/m/Catalog.java": _METHOD_CALLER.replace("(methods)", "(method)")}
    got = _radius(make_repo, old, {"src/m/Method.java": _METHOD_NEW})
    r = got["src/m/Catalog.java::Catalog.hidden"]
    assert _label(r) == "reach", r.reasons


# -- Python: a decorator is a call of it ------------------------------------------------------------

_SETUP_OLD = """\
def setupmethod(f):
    return f
"""
_DECORATED = """\
from app import setupmethod


@setupmethod
def teardown(exc):
    return exc
"""


def test_python_a_decorator_whose_body_changed_binds_as_before(make_repo: Make) -> None:
    new = "def setupmethod(f):\n    f.setup = True\n    return f\n"
    got = _radius(make_repo, {"app.py": _SETUP_OLD, "use.py": _DECORATED}, {"app.py": new})
    r = got["use.py::teardown"]
    # ``@setupmethod def teardown`` is ``teardown = setupmethod(teardown)``: one argument, which
    # binds as before. Forbidden: "passed as a value, not checked".
    assert r.verdict != "passed-as-value", r.reasons
    assert _label(r) == "reach", r.reasons


def test_python_a_decorator_that_now_wants_another_argument_no_longer_binds(make_repo: Make) -> None:
    new = "def setupmethod(f, name):\n    return f\n"
    got = _radius(make_repo, {"app.py": _SETUP_OLD, "use.py": _DECORATED}, {"app.py": new})
    r = got["use.py::teardown"]
    assert (r.verdict, _label(r)) == ("no-longer-binds", "behavior-change"), r.reasons


# -- a header longer than the index keeps ----------------------------------------------------------

_LONG_OLD = """\
from typing import Callable, Dict, Union


def render(
    show_locals_of_every_frame: bool = False,
    style_of_the_traceback_printed: str = "long",
    absolute_paths_in_the_output: bool = False,
    filter_for_traceback_entries: bool = True,
    arguments_of_fixtures_shown: bool = False,
    truncate_the_locals_shown: bool = True,
) -> Union["ReprExceptionInfo", "ExceptionChainRepr"]:
    return None
"""
_LONG_NEW = _LONG_OLD.replace(
    "filter_for_traceback_entries: bool = True",
    "filter_for_traceback_entries: Union[bool, Callable[[int], bool]] = True",
)
_LONG_CALLER = """\
from report import render


def show():
    shown = render(True)
    return shown
"""


def test_a_header_cut_at_the_index_limit_keeps_its_result(make_repo: Make) -> None:
    # The new header passes the index's length limit inside its result; the part shown agrees
    # with the old result. Forbidden: "its return changed" for a call that uses the value.
    assert len(" ".join(_LONG_NEW.split("\n", 3)[3].split("return")[0].split())) > 300
    got = _radius(make_repo, {"report.py": _LONG_OLD, "use.py": _LONG_CALLER}, {"report.py": _LONG_NEW})
    r = got["use.py::show"]
    assert r.verdict != "return-used", r.reasons
    assert _label(r) == "reach", r.reasons


# -- a function passed as a value ------------------------------------------------------------------

_HOOK_OLD = """\
def on_close(exc):
    return exc
"""
_HOOK_USERS = """\
from hooks import on_close

HANDLERS = {"close": on_close}


def register(table):
    table["close"] = on_close
"""


def test_a_function_passed_as_a_value_whose_body_changed_is_reach(make_repo: Make) -> None:
    new = "def on_close(exc):\n    print(exc)\n    return exc\n"
    got = _radius(make_repo, {"hooks.py": _HOOK_OLD, "use.py": _HOOK_USERS}, {"hooks.py": new})
    r = got["use.py::register"]
    assert r.verdict != "passed-as-value", r.reasons
    assert _label(r) == "reach", r.reasons


def test_a_function_passed_as_a_value_whose_return_changed_is_not_checked(make_repo: Make) -> None:
    new = "def on_close(exc):\n    return None\n"
    got = _radius(make_repo, {"hooks.py": _HOOK_OLD, "use.py": _HOOK_USERS}, {"hooks.py": new})
    r = got["use.py::register"]
    assert (r.verdict, _label(r)) == ("passed-as-value", "behavior-change"), r.reasons


# -- a caller of two changed symbols ---------------------------------------------------------------

_TWO_OLD = """\
def prepare(x):
    return x


def finish(x):
    return x
"""
_TWO_NEW = """\
def prepare(x, how):
    return x


def finish(x):
    print(x)
    return x
"""
_TWO_CALLER = """\
from steps import finish, prepare


def run(x):
    y = prepare(x)
    return finish(y)
"""


def test_a_caller_of_two_changed_functions_takes_the_most_severe_call(make_repo: Make) -> None:
    # ``finish`` changed its body only; ``prepare`` now wants ``how``, which ``prepare(x)`` does
    # not pass. Forbidden: the caller judged by one changed callee alone (``finish``: reach).
    got = _radius(make_repo, {"steps.py": _TWO_OLD, "use.py": _TWO_CALLER}, {"steps.py": _TWO_NEW})
    r = got["use.py::run"]
    assert (r.verdict, _label(r)) == ("no-longer-binds", "behavior-change"), r.reasons
    assert r.via == "steps.py::prepare"
