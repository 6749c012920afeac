"""Spec: a type in parentheses is the type it groups.

Parentheses around a type only group it (TypeScript's ``(A | B)``; the parenthesised expansion of
an alias, ``Union[(Union[str, bytes]), Path]``), so a parameter widened from ``bytes`` to a union
holding ``bytes`` through such a group takes every value it took (reach). A tuple's parentheses,
``(A, B)``, are a type of their own."""

from __future__ import annotations

from diffreach.languages import language_for
from diffreach.languages.signatures import Parameter
from diffreach.review.annotations import members
from tests.test_callsites import Make, _label, _radius

_LIB = "from pathlib import Path\nfrom typing import Union\n\nBytesOrStr = Union[str, bytes]\n\n\ndef move(path: %s):\n    return path\n"
_USE = "from lib import move\n\n\ndef go(p: bytes):\n    return move(p)\n"


def test_a_parameter_widened_through_a_grouped_alias_binds_as_before(make_repo: Make) -> None:
    got = _radius(make_repo, {"lib.py": _LIB % "bytes", "use.py": _USE}, {"lib.py": _LIB % "Union[BytesOrStr, Path]"})
    go = got["use.py::go"]
    assert _label(go) == "reach", go.reasons


def test_the_members_of_a_grouped_type_and_a_tuple() -> None:
    spec = language_for("m.ts")
    assert spec is not None and spec.binding_rules is not None
    grouped = Parameter(name="x", annotation="(A | B) | null")
    assert {"A", "B"} <= members(grouped, spec.binding_rules)
    rust = language_for("m.rs")
    assert rust is not None and rust.binding_rules is not None
    assert members(Parameter(name="x", annotation="(A, B)"), rust.binding_rules) == frozenset({"(A,B)"})
