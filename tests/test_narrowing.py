"""A test of a value's class narrows it where the test holds: Python's ``isinstance(x, C)`` (PEP 484's
narrowing, which every checker does; ``assert`` and an early return narrow what follows) and
ECMAScript's ``x instanceof C`` (C's prototype is on x's chain, so C's methods are x's). The
narrowed name of no other stated type calls C's method, not every method of the name; a tuple of
classes narrows to none of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import calls_from_f
from tests.test_incremental import assert_updates_equal_rebuilds

PY_CLASSES = "class Foo:\n    def run(self):\n        pass\n\nclass Other:\n    def run(self):\n        pass\n"
PY_NARROWED = {
    "if": "def f(x):\n    if isinstance(x, Foo):\n        x.run()\n",
    "assert": "def f(x):\n    assert isinstance(x, Foo)\n    x.run()\n",
    "early_return": "def f(x):\n    if not isinstance(x, Foo):\n        return\n    x.run()\n",
    "module_class": "import shop\n\ndef f(x):\n    if isinstance(x, shop.Foo):\n        x.run()\n",
}


def runs_from_f(files: dict[str, str]) -> dict[str, str]:
    return calls_from_f(files, "run")


@pytest.mark.parametrize("case", sorted(PY_NARROWED))
def test_python_isinstance_narrows_the_name_to_the_class(case: str) -> None:
    files = {"shop.py": PY_CLASSES, "use.py": "from shop import Foo, Other\n\n" + PY_NARROWED[case]}
    assert runs_from_f(files) == {"shop.py::Foo.run": "type"}


def test_python_a_tuple_of_classes_narrows_to_none_of_them() -> None:
    body = "from shop import Foo, Other\n\ndef f(x):\n    if isinstance(x, (Foo, Other)):\n        x.run()\n"
    found = runs_from_f({"shop.py": PY_CLASSES, "use.py": body})
    assert found == {"shop.py::Foo.run": "ambiguous-name", "shop.py::Other.run": "ambiguous-name"}


def test_typescript_instanceof_narrows_the_name_to_the_class() -> None:
    files = {
        "src/shop.ts": "export class Foo {\n  run() {}\n}\nexport class Other {\n  run() {}\n}\n",
        "src/use.ts": "import { Foo } from './shop';\nexport function f(x: unknown) {\n  if (x instanceof Foo) {\n    x.run();\n  }\n}\n",
    }
    assert runs_from_f(files) == {"src/shop.ts::Foo.run": "type"}


# A narrowing holds in its block, read at the call's line (the typing spec's "Type narrowing"; Kotlin's
# smart casts): beside a declared type it is the value's class there, two tests of one name never mix,
# and outside the block the name is what the scope declares.
PY_SHAPES = (
    "class Shape:\n    def name(self):\n        pass\n\n"
    "class Circle(Shape):\n    def area(self):\n        pass\n\n"
    "class Square(Shape):\n    def area(self):\n        pass\n"
)
KT_SHAPES = (
    'package app\n\nopen class Shape {\n    fun name(): String = "s"\n}\n\n'
    "class Circle : Shape() {\n    fun area(): Double = 3.0\n}\n\n"
    "class Square : Shape() {\n    fun area(): Double = 4.0\n}\n"
)


def area_calls_by_line(files: dict[str, str]) -> dict[int, set[str]]:
    from diffreach.index.build import graph_from_sources

    out: dict[int, set[str]] = {}
    for e in graph_from_sources(files).edges:
        if e.kind == "calls" and e.source.endswith(("::f", ".f")) and e.target.endswith(".area"):
            out.setdefault(e.line, set()).add(f"{e.target.rpartition('::')[2]} {e.resolution}")
    return out


def test_python_a_narrowing_beside_a_declared_type_is_the_value_s_class_in_its_block() -> None:
    body = "from shapes import Shape, Circle\n\ndef f(s: Shape):\n    if isinstance(s, Circle):\n        s.area()\n"
    assert area_calls_by_line({"shapes.py": PY_SHAPES, "use.py": body}) == {5: {"Circle.area type"}}


def test_python_two_tests_of_one_name_each_narrow_their_own_block() -> None:
    body = (
        "from shapes import Shape, Circle, Square\n\ndef f(s: Shape):\n"
        "    if isinstance(s, Circle):\n        s.area()\n"
        "    elif isinstance(s, Square):\n        s.area()\n"
        "    if isinstance(s, Square) and s.area():\n        s.area()\n"
    )
    found = area_calls_by_line({"shapes.py": PY_SHAPES, "use.py": body})
    assert found[5] == {"Circle.area type"} and found[7] == {"Square.area type"} and found[9] == {"Square.area type"}


def test_python_past_its_block_a_narrowing_no_longer_holds() -> None:
    body = (
        "from shapes import Shape, Circle\n\ndef f(s: Shape):\n"
        "    if isinstance(s, Circle):\n        pass\n    s.area()\n"
    )
    found = area_calls_by_line({"shapes.py": PY_SHAPES, "use.py": body})
    assert all("type" not in call for calls in found.values() for call in calls)


def test_kotlin_a_test_of_the_class_smart_casts_where_it_held() -> None:
    body = (
        "package app\n\nfun f(s: Shape): Double {\n"
        "    val a = when (s) {\n        is Circle -> s.area()\n        is Square -> s.area()\n        else -> 0.0\n    }\n"
        "    if (s is Circle) {\n        s.area()\n    }\n"
        "    if (s !is Square) return a\n"
        "    return s.area()\n}\n"
    )
    found = area_calls_by_line({"Shapes.kt": KT_SHAPES, "Use.kt": body})
    assert found == {
        5: {"Circle.area type"},
        6: {"Square.area type"},
        10: {"Circle.area type"},
        13: {"Square.area type"},
    }


def test_kotlin_an_entry_of_several_types_and_another_function_s_test_cast_to_none() -> None:
    body = (
        "package app\n\nfun g(s: Shape) {\n    if (s is Circle) { s.name() }\n}\n\n"
        "fun f(s: Shape): Double {\n"
        "    when (s) {\n        is Circle, is Square -> s.area()\n        else -> 0.0\n    }\n"
        "    return s.area()\n}\n"
    )
    found = area_calls_by_line({"Shapes.kt": KT_SHAPES, "Use.kt": body})
    assert all("type" not in call for calls in found.values() for call in calls)


def test_narrowings_an_update_equals_a_rebuild(make_repo: Callable[..., Path], tmp_path: Path) -> None:
    # The narrowed class's own file changes (its method goes, then comes back under a new class name
    # the narrowing does not name, then as it was): the files whose narrowings name it are read again.
    py_use = "from shapes import Shape, Circle\n\ndef f(s: Shape):\n    if isinstance(s, Circle):\n        s.area()\n"
    kt_use = "package app\n\nfun f(s: Shape): Double {\n    if (s is Circle) {\n        return s.area()\n    }\n    return 0.0\n}\n"
    files = {"shapes.py": PY_SHAPES, "use.py": py_use, "Shapes.kt": KT_SHAPES, "Use.kt": kt_use}
    steps = [
        {"shapes.py": PY_SHAPES.replace("class Circle(Shape):\n    def area", "class Circle(Shape):\n    def size")},
        {"Shapes.kt": KT_SHAPES.replace("class Circle", "class Disc"), "shapes.py": PY_SHAPES},
        {"Shapes.kt": KT_SHAPES, "use.py": py_use.replace("Circle)", "Square)")},
    ]
    assert_updates_equal_rebuilds(make_repo(files), tmp_path, steps)
