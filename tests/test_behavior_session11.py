"""Spec: behaviour outcomes added in session 11 (issue 19). A call's result is the one the
signature it selects declares (Python's ``typing.overload``, TypeScript's overload signatures);
a boolean before and after (``TypeGuard`` → ``TypeIs``) is no change to a call; a function that
gains ``@overload`` stubs is judged as its implementation; a deprecation written in the body
(``warnings.warn(…, DeprecationWarning)``) asks the calls that use the deprecated thing to move;
a definition wrapped in ``export`` over several lines keeps its declared result. Each through the
whole pipeline (a git repository, the new version in the working tree, ``api.blast_radius``):
expected and forbidden verdicts and labels per caller."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

# -- Python: results per overload --------------------------------------------------------------

_PLAIN = """\
import typing as t


def command(name: t.Optional[str] = None, **attrs: t.Any) -> t.Callable[[t.Any], str]:
    return lambda f: str(f)
"""

_STUBBED = """\
import typing as t


@t.overload
def command(name: t.Optional[str] = None, **attrs: t.Any) -> t.Callable[[t.Any], str]: ...


@t.overload
def command(name: t.Callable[..., t.Any], **attrs: t.Any) -> str: ...


def command(name: t.Union[str, t.Callable[..., t.Any], None] = None, **attrs: t.Any) -> t.Any:
    if callable(name):
        return str(name)
    return lambda f: str(f)
"""

_COMMAND_CALLERS = """\
from lib import command


def with_no_argument():
    deco = command()
    return deco


def with_a_value(f):
    made = command(f, x=1)
    return made
"""


def test_python_a_call_whose_overload_declares_the_old_result_is_reach(make_repo: Make) -> None:
    # ``command()`` selects the first stub, whose result is the old one; ``command(f, x=1)`` may
    # select either (no types at the call), whose results differ: it stays behaviour change.
    got = _radius(make_repo, {"lib.py": _PLAIN, "use.py": _COMMAND_CALLERS}, {"lib.py": _STUBBED})
    none, value = got["use.py::with_no_argument"], got["use.py::with_a_value"]
    assert _label(none) == "reach", none.reasons
    assert none.verdict != "return-used"
    assert none.verdict == "still-binds"
    assert (value.verdict, _label(value)) == ("return-used", "behavior-change"), value.reasons
    # The callers are the implementation's (``command#3``), not the added stubs'.
    assert {none.via, value.via} == {"lib.py::command#3"}


_GUARD = """\
import typing as t

from typing_extensions import {kind}


@t.overload
def is_async(obj: t.Awaitable[t.Any]) -> {kind}[t.Awaitable[t.Any]]: ...


@t.overload
def is_async(obj: t.Any) -> {kind}[t.Awaitable[t.Any]]: ...


def is_async(obj: t.Any) -> t.Any:
    return hasattr(obj, "__await__")
"""

_GUARD_CALLER = "from lib import is_async\n\n\ndef run(x):\n    if is_async(x):\n        return 1\n    return 0\n"


def test_python_typeguard_to_typeis_is_a_boolean_before_and_after(make_repo: Make) -> None:
    old = {"lib.py": _GUARD.format(kind="TypeGuard"), "use.py": _GUARD_CALLER}
    got = _radius(make_repo, old, {"lib.py": _GUARD.format(kind="TypeIs")})
    run = got["use.py::run"]
    assert _label(run) == "reach", run.reasons
    assert "boolean" in run.reasons[0]
    # Forbidden: a call whose line silences the type checker, which now narrows differently there.
    # mypy reads the comment with or without its spaces (``#type:ignore``, ``# type:ignore[misc]``).
    for comment in ("# type: ignore", "# type:ignore", "#type: ignore[misc]"):
        silenced = _GUARD_CALLER.replace("if is_async(x):", f"if is_async(x):  {comment}")
        got = _radius(make_repo, {**old, "use.py": silenced}, {"lib.py": _GUARD.format(kind="TypeIs")})
        assert (got["use.py::run"].verdict, _label(got["use.py::run"])) == ("return-used", "behavior-change"), comment
    # Forbidden: a result that stops being a boolean is still a changed result the call uses.
    changed = _GUARD.format(kind="TypeIs").replace("TypeIs[t.Awaitable[t.Any]]", "t.Optional[int]")
    got = _radius(make_repo, old, {"lib.py": changed})
    assert (got["use.py::run"].verdict, _label(got["use.py::run"])) == ("return-used", "behavior-change")


# -- Python: a deprecation written in the body --------------------------------------------------

_IRI_OLD = """\
def iri_to_uri(iri, charset="utf-8", safe_conversion=False):
    return iri
"""

_IRI_NEW = """\
import warnings


def iri_to_uri(iri, charset="utf-8", safe_conversion=None):
    if safe_conversion is not None:
        warnings.warn(
            "The 'safe_conversion' parameter is deprecated.",
            DeprecationWarning,
            stacklevel=2,
        )
    return iri
"""

_IRI_CALLERS = """\
from urls import iri_to_uri


def passes(loc):
    return iri_to_uri(loc, safe_conversion=True)


def passes_by_position(loc):
    return iri_to_uri(loc, "utf-8", True)


def leaves_it_out(loc):
    return iri_to_uri(loc)
"""


def test_python_passing_a_parameter_the_body_now_deprecates_is_medium(make_repo: Make) -> None:
    got = _radius(make_repo, {"urls.py": _IRI_OLD, "use.py": _IRI_CALLERS}, {"urls.py": _IRI_NEW})
    for caller in ("use.py::passes", "use.py::passes_by_position"):
        r = got[caller]
        assert (r.verdict, _label(r)) == ("deprecated", "behavior-change"), r.reasons
        assert "safe_conversion" in r.reasons[0]
    # Leaving it out is what the deprecation asks: its default's change (False → None) is the
    # "not given" the body tests for, not a changed default the call relies on.
    out = got["use.py::leaves_it_out"]
    assert _label(out) == "reach", out.reasons
    assert out.verdict != "changed-default"


def test_python_a_warning_at_the_top_of_the_body_deprecates_every_call(make_repo: Make) -> None:
    new = _IRI_OLD.replace(
        "    return iri\n", '    warnings.warn("iri_to_uri is deprecated", DeprecationWarning)\n    return iri\n'
    )
    got = _radius(make_repo, {"urls.py": _IRI_OLD, "use.py": _IRI_CALLERS}, {"urls.py": "import warnings\n" + new})
    assert {r.verdict for r in got.values()} == {"deprecated"}, {r.id: r.reasons for r in got.values()}


def test_python_a_deprecation_of_a_value_kind_of_a_required_parameter_is_not_the_parameters(
    make_repo: Make,
) -> None:
    # ``if isinstance(iri, bytes): warn(…)``: passing bytes is deprecated, not passing ``iri``,
    # which every call passes. Forbidden: every call labelled deprecated.
    new = _IRI_OLD.replace(
        "    return iri\n",
        "    if isinstance(iri, bytes):\n        warnings.warn('bytes are deprecated', DeprecationWarning)\n    return iri\n",
    )
    got = _radius(make_repo, {"urls.py": _IRI_OLD, "use.py": _IRI_CALLERS}, {"urls.py": "import warnings\n" + new})
    assert "deprecated" not in {r.verdict for r in got.values()}, {r.id: r.reasons for r in got.values()}


def test_python_a_deprecation_the_old_body_had_is_not_new(make_repo: Make) -> None:
    old = _IRI_NEW
    new = _IRI_NEW.replace("    return iri\n", "    return iri.strip()\n")
    got = _radius(make_repo, {"urls.py": old, "use.py": _IRI_CALLERS}, {"urls.py": new})
    assert "deprecated" not in {r.verdict for r in got.values()}


# -- TypeScript: an exported header over several lines ----------------------------------------

_MAP_OLD = """\
export function makeMap(
  str: string,
  lower?: boolean,
): (key: string) => boolean {
  const set = new Set(str.split(','))
  return lower ? (v) => set.has(v.toLowerCase()) : (v) => set.has(v)
}
"""

_MAP_NEW = """\
export function makeMap(str: string): (key: string) => boolean {
  const map = Object.create(null)
  for (const key of str.split(',')) map[key] = 1
  return (v) => v in map
}
"""

_MAP_CALLERS = """\
import { makeMap } from './map'

export function plain(): (key: string) => boolean {
  const isTag = makeMap('a,b')
  return isTag
}

export function lowered(): (key: string) => boolean {
  return makeMap('a,b', true)
}
"""


def test_typescript_a_header_over_lines_that_drops_a_parameter_keeps_its_declared_result(make_repo: Make) -> None:
    got = _radius(make_repo, {"src/map.ts": _MAP_OLD, "src/use.ts": _MAP_CALLERS}, {"src/map.ts": _MAP_NEW})
    plain, lowered = got["src/use.ts::plain"], got["src/use.ts::lowered"]
    assert _label(plain) == "reach", plain.reasons
    assert plain.verdict != "return-used"
    assert (lowered.verdict, _label(lowered)) == ("no-longer-binds", "behavior-change"), lowered.reasons


# -- a call matched by name only that another definition of the name would take too -------------

_STORE_OLD = """\
class App:
    def fetch(self, path, *handlers):
        return path


class Storage:
    def fetch(self, key):
        return key
"""

_STORE_USE = """\
from lib import App


def read(storage, key):
    return storage.fetch(key)


def route(app: App):
    return app.fetch("/")
"""


def test_a_guessed_call_that_bound_the_old_signature_and_not_the_new_is_a_break(make_repo: Make) -> None:
    # ``storage.fetch(key)``: a receiver of unknown type, tied to ``App.fetch`` by name only. It bound
    # the old ``App.fetch`` and does not bind the new one, which requires a handler. ``Storage.fetch``
    # would take it too, but the call fitting the old signature is evidence for the changed method,
    # and a missed break costs a review more than a call of the other read in vain: it is flagged,
    # as the same call on a receiver of known type is. Forbidden: ``another-definition`` (reach).
    new = _STORE_OLD.replace("def fetch(self, path, *handlers):", "def fetch(self, path, handler, *middleware):")
    got = _radius(make_repo, {"lib.py": _STORE_OLD, "use.py": _STORE_USE}, {"lib.py": new})
    read = got["use.py::read"]
    assert read.via == "lib.py::App.fetch"
    assert (read.verdict, _label(read)) == ("no-longer-binds", "behavior-change"), read.reasons
    route = got["use.py::route"]
    assert (route.verdict, _label(route)) == ("no-longer-binds", "behavior-change"), route.reasons
