"""A test of a value's class narrows it where the test holds: Python's ``isinstance(x, C)`` (PEP 484's
narrowing, which every checker does; ``assert`` and an early return narrow what follows) and
ECMAScript's ``x instanceof C`` (C's prototype is on x's chain, so C's methods are x's). The
narrowed name of no other stated type calls C's method, not every method of the name; a tuple of
classes narrows to none of them."""

from __future__ import annotations

import pytest

from tests.conftest import calls_from_f

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
