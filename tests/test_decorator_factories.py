"""Python decorators with arguments and augmented assignment (issue 18).

``@retry(times=3)`` over ``def work`` is ``work = retry(times=3)(work)``, run where the definition
is made: the code around the definition calls the factory and then what the factory returns with
the definition, whose wrapper calls it (resolution ``value``); the decorated function refers to
the factory. ``x += y`` runs ``x.__iadd__(y)``, or ``x.__add__(y)`` when the type has no
``__iadd__`` (the data model, 3.3.8), bound only through x's known type.

Each test: a small repository in, the expected and the forbidden edges out.
"""

from __future__ import annotations

from tests.test_passed_values import edges, targets

DECO = (
    "import functools\n\n"
    "def retry(times=1):\n    def decorator(fn):\n        @functools.wraps(fn)\n        def wrapper(*a):\n"
    "            return fn(*a)\n        return wrapper\n    return decorator\n\n"
    "def register(name):\n    def deco(fn):\n        REG[name] = fn\n        return fn\n    return deco\n"
)
LIB = (
    "import functools\nfrom deco import retry, register\n\n@retry(times=3)\ndef work():\n    pass\n\n"
    "@register('x')\ndef plain():\n    pass\n\n@functools.lru_cache(maxsize=1)\ndef cached():\n    pass\n\n"
    "class K:\n    @retry(2)\n    def m(self):\n        pass\n"
)


def test_python_a_decorator_factory_is_called_where_the_definition_is_made_and_its_wrapper_calls_it() -> None:
    found = edges({"deco.py": DECO, "lib.py": LIB})
    assert {("lib.py", "deco.py::retry", "import"), ("lib.py", "deco.py::retry.decorator", "value")} <= found
    assert ("lib.py::K", "deco.py::retry.decorator", "value") in found  # made where the class body runs
    assert targets(found, "deco.py::retry.decorator.wrapper") == {"lib.py::work", "lib.py::K.m"}
    # The decorated functions do not call the factory; a decorator that only registers calls nothing.
    assert targets(found, "lib.py::work") == set()
    assert targets(found, "lib.py::plain") == set()
    assert targets(found, "deco.py::register.deco") == set()
    assert ("lib.py", "deco.py::register.deco", "value") in found


def test_python_a_function_decorated_with_arguments_refers_to_the_factory() -> None:
    found = edges({"deco.py": DECO, "lib.py": LIB}, ("references",))
    assert {("lib.py::work", "deco.py::retry", "import"), ("lib.py::plain", "deco.py::register", "import")} <= found


def test_python_augmented_assignment_runs_the_in_place_method_or_the_plain_one() -> None:
    files = {
        "v.py": "class Vec:\n    def __add__(self, o):\n        return self\n\n"
        "class Acc:\n    def __iadd__(self, o):\n        return self\n\n    def __add__(self, o):\n        return self\n\n"
        "    def __next__(self):\n        return 1\n\nclass Plain:\n    pass\n",
        "use.py": "from v import Vec, Acc, Plain\n\ndef f(a: Vec, b: Acc, c, p: Plain):\n    a += 1\n    b += 2\n"
        "    c += 3\n    p += 4\n    next(b)\n\nclass H:\n    acc: Acc\n\n    def g(self):\n        self.acc += 1\n",
    }
    found = edges(files)
    assert targets(found, "use.py::f") == {"v.py::Vec.__add__", "v.py::Acc.__iadd__", "v.py::Acc.__next__"}
    assert targets(found, "use.py::H.g") == {"v.py::Acc.__iadd__"}
