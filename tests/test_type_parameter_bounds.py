"""A value whose type is a type parameter has its bound's methods (PEP 484 ``TypeVar(bound=)``,
PEP 695 ``[T: B]``, TypeScript ``<T extends B>``): ``x.m()`` with ``x: T`` binds to the bound's
``m``, never to an unrelated class's method of the same name; with no bound, or an outside bound
(which one of ours may implement), the call stays matched by name."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

CLASSES_PY = (
    "class Base:\n    def go(self):\n        pass\n\n"
    "class Sub(Base):\n    def go(self):\n        pass\n\n"
    "class Side:\n    def go(self):\n        pass\n"
)


def calls(files: dict[str, str]) -> dict[tuple[str, str], str]:
    return {(e.source, e.target): e.resolution for e in graph_from_sources(files).edges if e.kind == "calls"}


def callees(files: dict[str, str], caller: str) -> dict[str, str]:
    return {t: r for (s, t), r in calls(files).items() if s == caller}


def test_python_a_typevar_bound_types_its_values_in_every_spelling() -> None:
    files = {
        "shapes.py": CLASSES_PY,
        "use.py": (
            "import typing\nfrom typing import TypeVar\nfrom shapes import Base, Side\n\n"
            'T = TypeVar("T", bound=Base)\nQ = TypeVar("Q", bound="Base")\n'
            'V = typing.TypeVar("V", bound=Side)\n\n'
            "def named(x: T):\n    x.go()\n\n"
            "def quoted(x: Q):\n    x.go()\n\n"
            "def qualified(x: V):\n    x.go()\n"
        ),
    }
    for caller, bound in (("named", "Base"), ("quoted", "Base"), ("qualified", "Side")):
        found = callees(files, f"use.py::{caller}")
        assert found.get(f"shapes.py::{bound}.go") == "type", caller
        other = "Side" if bound == "Base" else "Base"
        assert f"shapes.py::{other}.go" not in found, caller  # the unrelated class is ruled out


def test_python_pep_695_type_parameters_of_functions_and_classes() -> None:
    files = {
        "shapes.py": CLASSES_PY,
        "use.py": (
            "from shapes import Base\n\n"
            "def gen[T: Base](x: T) -> T:\n    x.go()\n    return x\n\n"
            "class Box[T: Base]:\n    def __init__(self, item: T):\n        self.item = item\n\n"
            "    def run(self, other: T):\n        other.go()\n"
        ),
    }
    for caller in ("use.py::gen", "use.py::Box.run"):
        found = callees(files, caller)
        assert found.get("shapes.py::Base.go") == "type", caller
        assert "shapes.py::Side.go" not in found, caller


def test_python_a_typevar_with_no_bound_or_an_outside_bound_stays_matched_by_name() -> None:
    files = {
        "shapes.py": CLASSES_PY,
        "use.py": (
            "from collections.abc import Mapping\nfrom typing import TypeVar\n\n"
            'U = TypeVar("U")\nM = TypeVar("M", bound=Mapping)\n\n'
            "def free(x: U):\n    x.go()\n\n"
            "def outside(x: M):\n    x.go()\n"
        ),
    }
    for caller in ("use.py::free", "use.py::outside"):
        found = callees(files, caller)
        # Neither invented as the outside type's method nor dropped: every go, said to be a guess.
        assert {t for t, r in found.items() if r == "ambiguous-name"} >= {"shapes.py::Base.go", "shapes.py::Side.go"}
        assert "type" not in found.values(), caller


def test_typescript_a_constraint_types_values_of_the_type_parameter() -> None:
    files = {
        "base.ts": "export class Base { go(): void {} }\n",
        "side.ts": "export class Side { go(): void {} }\n",
        "use.ts": (
            'import { Base } from "./base";\nimport { Side } from "./side";\n'
            "export function gen<T extends Base>(x: T): T { x.go(); return x; }\n"
            "export class Box<T extends Side> {\n  item: T;\n  constructor(item: T) { this.item = item; }\n"
            "  run(): void { this.item.go(); }\n}\n"
            "export function free<T>(x: T): void { x.go(); }\n"
        ),
    }
    assert callees(files, "use.ts::gen") == {"base.ts::Base.go": "type"}
    assert callees(files, "use.ts::Box.run") == {"side.ts::Side.go": "type"}
    assert set(callees(files, "use.ts::free").values()) == {"ambiguous-name"}  # no constraint: by name


def test_csharp_and_kotlin_a_type_parameter_constraint_types_its_values() -> None:
    files = {
        "Shapes.cs": (
            "class Base { public void Go() {} }\nclass Side { public void Go() {} }\ninterface IRun { void Run(); }\n"
        ),
        "Use.cs": (
            "class U {\n  void Gen<T>(T x) where T : Base { x.Go(); }\n"
            "  void Two<T>(T x) where T : Base, IRun { x.Go(); }\n"
            "  void Free<T>(T x) { x.Go(); }\n}\n"
        ),
        "Shapes.kt": "open class KBase {\n    fun go() {}\n}\nclass KSide {\n    fun go() {}\n}\n",
        "Use.kt": (
            "fun <T : KBase> gen(x: T) {\n    x.go()\n}\n"
            "class Box<T : KBase>(val t: T) {\n    fun r() {\n        t.go()\n    }\n}\n"
            "fun <T> free(x: T) {\n    x.go()\n}\n"
        ),
    }
    for caller in ("Use.cs::U.Gen", "Use.cs::U.Two"):  # the class constraint stands first
        assert callees(files, caller) == {"Shapes.cs::Base.Go": "type"}, caller
    assert callees(files, "Use.kt::gen") == {"Shapes.kt::KBase.go": "type"}
    assert callees(files, "Use.kt::Box.r") == {"Shapes.kt::KBase.go": "type"}
    # No constraint: the value's class is unknown, matched by name.
    for caller in ("Use.cs::U.Free", "Use.kt::free"):
        assert "type" not in callees(files, caller).values(), caller
