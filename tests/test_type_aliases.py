"""Spec: a parameter's type named by a type alias or a type variable of its file is what it names.

Python's ``PathLike = Union[str, bytes, Path]`` (PEP 484's aliases), ``D = TypeVar("D",
bound="Database")`` (a value for ``D`` must be a ``Database``), and a generic written bare
(``Sequence`` is ``Sequence[Any]``): a parameter retyped to one of them that admits every value
the old type did binds every call as before; one that admits fewer does not."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_USES = "from util import remove\n\n\ndef clean(p):\n    remove(p)\n"


def _util(annotation: str, head: str = "") -> str:
    return f"from pathlib import Path\nfrom typing import Sequence, TypeVar, Union\n{head}\n\ndef remove(path: {annotation}):\n    return path\n"


def test_a_type_alias_that_holds_the_old_type_admits_the_old_values(make_repo: Make) -> None:
    head = "PathLike = Union[Union[str, bytes], Path]\n"
    got = _radius(make_repo, {"util.py": _util("bytes"), "use.py": _USES}, {"util.py": _util("PathLike", head)})
    r = got["use.py::clean"]
    assert (r.verdict, _label(r)) != ("changed-type", "behavior-change") and _label(r) == "reach", r.reasons
    # Forbidden: an alias that leaves the old type out is still a changed type.
    narrow = "PathLike = Union[str, Path]\n"
    got = _radius(make_repo, {"util.py": _util("bytes"), "use.py": _USES}, {"util.py": _util("PathLike", narrow)})
    assert got["use.py::clean"].verdict == "changed-type", got["use.py::clean"].reasons


def test_a_type_variable_bound_to_the_old_type_admits_the_old_values(make_repo: Make) -> None:
    head = 'class Database:\n    pass\n\n\nD = TypeVar("D", bound="Database")\n'
    old = _util("Database", "class Database:\n    pass\n")
    got = _radius(make_repo, {"util.py": old, "use.py": _USES}, {"util.py": _util("D", head)})
    assert _label(got["use.py::clean"]) == "reach", got["use.py::clean"].reasons


def test_a_generic_written_bare_takes_any_type_arguments(make_repo: Make) -> None:
    got = _radius(make_repo, {"util.py": _util("Sequence"), "use.py": _USES}, {"util.py": _util("Sequence[int]")})
    assert _label(got["use.py::clean"]) == "reach", got["use.py::clean"].reasons


def test_typescript_a_parameter_typed_by_its_default_widened_under_an_extended_name_binds_as_before(
    make_repo: Make,
) -> None:
    # `count = Infinity` is a `number` (TypeScript infers it from the initializer); the new
    # `countOrConfig?: number | RepeatConfig` takes every number: a call passing one binds the
    # same value to the same parameter (low). Forbidden: "binds differently" for it.
    old = "export function repeat(count = Infinity): number {\n  return 1;\n}\n"
    new = "export function repeat(countOrConfig?: number | RepeatConfig): number {\n  return 1;\n}\n"
    uses = "import { repeat } from './repeat';\nexport function thrice() {\n  return repeat(3);\n}\n"
    got = _radius(make_repo, {"repeat.ts": old, "use.ts": uses}, {"repeat.ts": new})
    r = got["use.ts::thrice"]
    assert (r.verdict, _label(r)) == ("renamed-parameter", "reach"), r.reasons


def test_typescript_a_function_types_this_is_no_parameter(make_repo: Make) -> None:
    # TypeScript's `this:` in a function type names what the function is called on, never an
    # argument: `(this: any, v, i) => boolean` takes every function `(v, i) => boolean` took.
    old = "export function filter(pred: (value: number, index: number) => boolean): number {\n  return 1;\n}\n"
    new = old.replace("(value: number", "(this: any, value: number")
    uses = "import { filter } from './filter';\nexport function evens() {\n  return filter((v) => v % 2 === 0);\n}\n"
    got = _radius(make_repo, {"filter.ts": old, "use.ts": uses}, {"filter.ts": new})
    assert _label(got["use.ts::evens"]) == "reach", got["use.ts::evens"].reasons
    # Forbidden: a parameter that changed type beside it is still a changed type.
    retyped = old.replace("(value: number", "(this: any, value: string")
    got = _radius(make_repo, {"filter.ts": old, "use.ts": uses}, {"filter.ts": retyped})
    assert got["use.ts::evens"].verdict == "changed-type", got["use.ts::evens"].reasons
