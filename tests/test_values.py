"""Function values (issue 18): a call through a name, a table entry or a returned function
reaches the function the value holds, resolved ``value``; where the value is not known,
nothing changes.

Each test: a small repository in, the expected and the forbidden call edges out.
"""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from diffreach.model import CONFIDENCE, Resolution


def calls(files: dict[str, str]) -> set[tuple[str, str, str]]:
    """(caller, callee, resolution) of every call edge."""
    return {(e.source, e.target, str(e.resolution)) for e in graph_from_sources(files).edges if e.kind == "calls"}


def callees(files: dict[str, str], source: str) -> set[str]:
    return {t for s, t, _ in calls(files) if s == source}


LIB = "def f():\n    pass\n\ndef g():\n    pass\n"


# ----- a name bound to a function --------------------------------------------------------------


def test_python_a_name_bound_to_a_function_is_called_through_it() -> None:
    files = {"lib.py": LIB, "use.py": "from lib import f\n\ndef run():\n    h = f\n    h()\n"}
    assert ("use.py::run", "lib.py::f", "value") in calls(files)


def test_python_a_module_level_name_is_called_from_a_function_of_the_module() -> None:
    files = {"lib.py": LIB, "use.py": "import lib\n\nhandler = lib.g\n\ndef run():\n    handler()\n"}
    assert callees(files, "use.py::run") == {"lib.py::g"}


def test_python_a_value_edge_carries_its_own_confidence() -> None:
    edges = [e for e in graph_from_sources({"a.py": LIB + "\nh = f\nh()\n"}).edges if e.resolution == "value"]
    assert [(e.source, e.target, e.confidence) for e in edges] == [("a.py", "a.py::f", CONFIDENCE[Resolution.VALUE])]


def test_python_a_value_in_a_function_shadows_a_function_of_the_same_name() -> None:
    files = {"a.py": LIB + "\ndef h():\n    pass\n\ndef run():\n    h = g\n    h()\n"}
    assert callees(files, "a.py::run") == {"a.py::g"}


def test_python_an_alias_of_an_alias_is_followed() -> None:
    files = {"a.py": LIB + "\ndef run():\n    a = f\n    b = a\n    b()\n"}
    assert callees(files, "a.py::run") == {"a.py::f"}


def test_python_the_last_binding_before_the_call_wins() -> None:
    files = {"a.py": LIB + "\ndef run():\n    h = f\n    h = g\n    h()\n"}
    assert callees(files, "a.py::run") == {"a.py::g"}
    later = {"a.py": LIB + "\ndef run():\n    h = f\n    h()\n    h = g\n"}
    assert callees(later, "a.py::run") == {"a.py::f"}


def test_python_a_name_rebound_to_something_else_is_not_followed() -> None:
    files = {"a.py": LIB + "\ndef run():\n    h = f\n    h = make_something(3)\n    h()\n"}
    assert not callees(files, "a.py::run") & {"a.py::f", "a.py::g"}
    number = {"a.py": LIB + "\ndef run():\n    h = f\n    h = 5\n    h()\n"}
    assert "a.py::f" not in callees(number, "a.py::run")


def test_python_a_variable_that_holds_no_function_makes_no_edge() -> None:
    files = {"a.py": LIB + "\ndef run(items):\n    h = items\n    h()\n    k = 5\n    k()\n"}
    assert callees(files, "a.py::run") == set()


def test_python_a_parameter_shadows_a_module_level_value() -> None:
    files = {"a.py": LIB + "\ncb = f\n\ndef run(cb):\n    cb()\n\ndef loop(xs):\n    for cb in xs:\n        cb()\n"}
    assert callees(files, "a.py::run") == set()
    assert callees(files, "a.py::loop") == set()


def test_python_a_bound_method_is_called_through_its_name() -> None:
    files = {
        "a.py": "class Job:\n    def run(self):\n        pass\n\n    def go(self):\n        step = self.run\n        step()\n"
        "\nclass Other:\n    def run(self):\n        pass\n"
    }
    assert callees(files, "a.py::Job.go") == {"a.py::Job.run"}


# ----- lambdas and partial ---------------------------------------------------------------------


def test_python_a_lambda_bound_to_a_name_calls_what_its_body_calls() -> None:
    files = {"lib.py": LIB, "use.py": "from lib import g\n\nfast = lambda x: g(x)\n\ndef run():\n    fast(1)\n"}
    assert ("use.py::run", "lib.py::g", "value") in calls(files)


def test_python_a_partial_bound_to_a_name_calls_its_function() -> None:
    files = {
        "lib.py": LIB,
        "use.py": "import functools\nfrom functools import partial\nfrom lib import f, g\n\n"
        "def run():\n    p = functools.partial(f, 1)\n    p()\n    q = partial(g)\n    q()\n",
    }
    assert callees(files, "use.py::run") >= {"lib.py::f", "lib.py::g"}


# ----- returned functions ----------------------------------------------------------------------


MAKER = "def f():\n    pass\n\ndef g():\n    pass\n\ndef make():\n    return f\n\ndef either(x):\n    if x:\n        return f\n    return g\n"


def test_python_a_returned_function_is_called_from_the_call() -> None:
    files = {"lib.py": MAKER, "use.py": "from lib import make\n\ndef run():\n    make()()\n"}
    assert callees(files, "use.py::run") == {"lib.py::make", "lib.py::f"}


def test_python_a_name_bound_to_what_a_function_returns_calls_it() -> None:
    files = {"lib.py": MAKER, "use.py": "import lib\n\ndef run():\n    h = lib.make()\n    h()\n"}
    assert ("use.py::run", "lib.py::f", "value") in calls(files)


def test_python_a_nested_function_returned_is_reached() -> None:
    files = {"a.py": "def outer():\n    def inner():\n        pass\n    return inner\n\ndef run():\n    outer()()\n"}
    assert callees(files, "a.py::run") == {"a.py::outer", "a.py::outer.inner"}


def test_python_a_function_returning_different_functions_gives_no_value() -> None:
    files = {
        "lib.py": MAKER,
        "use.py": "from lib import either\n\ndef run():\n    either(1)()\n    h = either(0)\n    h()\n",
    }
    assert callees(files, "use.py::run") == {"lib.py::either"}


def test_python_a_function_returning_something_else_as_well_gives_no_value() -> None:
    files = {
        "a.py": LIB + "\ndef maybe(x):\n    if x:\n        return f\n    return None\n\ndef run():\n    maybe(1)()\n"
    }
    assert callees(files, "a.py::run") == {"a.py::maybe"}


# ----- literal tables --------------------------------------------------------------------------


def test_python_a_dict_entry_read_with_a_literal_key_is_called() -> None:
    files = {
        "lib.py": LIB,
        "use.py": "from lib import f, g\n\nTABLE = {'x': f, 'y': g}\n\ndef run():\n    TABLE['x']()\n",
    }
    assert callees(files, "use.py::run") == {"lib.py::f"}


def test_python_a_list_or_tuple_entry_read_with_a_literal_index_is_called() -> None:
    files = {"a.py": LIB + "\nHANDLERS = [f, g]\nPAIR = (g, f)\n\ndef run():\n    HANDLERS[1]()\n    PAIR[1]()\n"}
    assert callees(files, "a.py::run") == {"a.py::g", "a.py::f"}
    only = {"a.py": LIB + "\nHANDLERS = [f, g]\n\ndef run():\n    HANDLERS[0]()\n"}
    assert callees(only, "a.py::run") == {"a.py::f"}


def test_python_a_table_entry_set_later_wins_and_a_rebound_table_gives_nothing() -> None:
    files = {"a.py": LIB + "\nT = {'x': f}\nT['x'] = g\n\ndef run():\n    T['x']()\n"}
    assert callees(files, "a.py::run") == {"a.py::g"}
    rebound = {"a.py": LIB + "\nT = {'x': f}\nT = load()\n\ndef run():\n    T['x']()\n"}
    assert callees(rebound, "a.py::run") == set()


def test_python_an_entry_assigned_by_its_index_is_called_by_that_index() -> None:
    # A subscript assignment `L[0] = g` sets the entry `L[0]` reads (an integer key as a string key).
    files = {"a.py": LIB + "\nL = [None, f]\nL[0] = g\n\ndef run():\n    L[0]()\n"}
    assert callees(files, "a.py::run") == {"a.py::g"}
    other = {"a.py": LIB + "\nL = [None, f]\nL[0] = g\n\ndef run():\n    L[1]()\n"}
    assert callees(other, "a.py::run") == {"a.py::f"}


def test_python_dict_update_writes_its_entries_over_the_tables() -> None:
    # dict.update (the library reference, "Mapping Types") overwrites the keys it is given.
    files = {"a.py": LIB + "\nT = {'x': f, 'y': f}\nT.update({'x': g})\n\ndef run():\n    T['x']()\n    T['y']()\n"}
    assert callees(files, "a.py::run") == {"a.py::g", "a.py::f"}
    keyword = {"a.py": LIB + "\nT = {'x': f}\nT.update(x=g)\n\ndef run():\n    T['x']()\n"}
    assert callees(keyword, "a.py::run") == {"a.py::g"}


def test_python_an_entry_holding_a_calls_result_holds_what_the_callee_returns() -> None:
    files = {
        "a.py": LIB + "\ndef make():\n    return g\n\nclass K:\n    pass\n\n"
        "T = {'x': make(), 'k': K()}\n\ndef run():\n    T['x']()\n    T['k']()\n"
    }
    assert callees(files, "a.py::run") == {"a.py::g"}  # an instance of K is no function value


def test_python_an_entry_after_a_spread_or_a_missing_key_gives_nothing() -> None:
    files = {"a.py": LIB + "\nL = [*more, f]\nT = {'x': f}\n\ndef run():\n    L[0]()\n    L[1]()\n    T['y']()\n"}
    assert callees(files, "a.py::run") == set()


# ----- decorators ------------------------------------------------------------------------------


def test_python_callers_of_a_decorated_function_still_reach_it() -> None:
    files = {
        "deco.py": "import functools\n\ndef logged(fn):\n    @functools.wraps(fn)\n    def wrapper(*a):\n"
        "        return fn(*a)\n    return wrapper\n",
        "lib.py": "from deco import logged\n\n@logged\ndef work():\n    pass\n",
        "use.py": "from lib import work\n\ndef run():\n    work()\n",
    }
    found = calls(files)
    assert ("use.py::run", "lib.py::work", "import") in found
    assert not any(s == "use.py::run" and t.startswith("deco.py") for s, t, _ in found)


# ----- JavaScript and TypeScript ---------------------------------------------------------------


JS_LIB = "export function f() {}\nexport function g() {}\n"


def test_javascript_a_name_bound_to_a_function_or_its_bind_is_called_through_it() -> None:
    files = {
        "lib.js": JS_LIB,
        "use.js": "import { f, g } from './lib';\nconst h = f;\nfunction run() {\n  h();\n  const b = g.bind(null);\n  b();\n}\n",
    }
    assert callees(files, "use.js::run") == {"lib.js::f", "lib.js::g"}
    assert ("use.js::run", "lib.js::f", "value") in calls(files)


def test_javascript_object_and_array_entries_are_called_by_member_key_and_index() -> None:
    files = {
        "a.js": "function f() {}\nfunction g() {}\nconst T = { x: f, g };\nconst A = [f, g];\n"
        "function run() {\n  T.x();\n  T['g']();\n  A[1]();\n}\nfunction other() {\n  T.y();\n  A[2]();\n}\n",
    }
    assert callees(files, "a.js::run") == {"a.js::f", "a.js::g"}
    assert callees(files, "a.js::other") == set()


def test_javascript_a_map_entry_set_with_a_literal_key_is_called_by_get() -> None:
    # ECMA-262 Map.prototype.set(k, v) stores v under k; get(k) returns it: m.get("k")() calls it.
    files = {
        "a.js": "function f() {}\nfunction g() {}\nconst m = new Map();\nm.set('a', f);\nm.set('b', g);\n"
        "function run() {\n  m.get('b')();\n}\nfunction other() {\n  m.get('c')();\n  m.get(key)();\n}\n"
        "function later() {\n  const n = new Map();\n  n.set('a', f);\n  n.set('a', g);\n  n.get('a')();\n}\n",
    }
    assert callees(files, "a.js::run") == {"a.js::g"}
    # No entry under the key, or a key that is no literal: nothing is known to be called.
    assert callees(files, "a.js::other") == set()
    # The last value set under a key before the call is the one called.
    assert callees(files, "a.js::later") == {"a.js::g"}


def test_javascript_a_returned_function_is_called() -> None:
    files = {
        "a.js": "function f() {}\nfunction make() { return f; }\nconst mk = () => f;\n"
        "function run() {\n  make()();\n  const h = mk();\n  h();\n}\n",
    }
    assert callees(files, "a.js::run") == {"a.js::make", "a.js::mk", "a.js::f"}


def test_javascript_a_rebound_name_or_a_parameter_is_not_followed() -> None:
    files = {
        "a.js": "function f() {}\nlet h = f;\nfunction run() {\n  h = load();\n  h();\n}\n"
        "function take(h) {\n  h();\n}\n",
    }
    assert "a.js::f" not in callees(files, "a.js::run")
    assert callees(files, "a.js::take") == set()


def test_typescript_a_typed_parameter_shadows_a_module_level_value() -> None:
    files = {
        "a.ts": "function f(): void {}\nconst cb = f;\nfunction run(cb: () => void): void {\n  cb();\n}\n"
        "function go(): void {\n  cb();\n}\n",
    }
    assert callees(files, "a.ts::run") == set()
    assert callees(files, "a.ts::go") == {"a.ts::f"}


# ----- Go --------------------------------------------------------------------------------------


GO = (
    "package main\n\ntype Store struct{}\n\nfunc (s *Store) Get() int { return 1 }\n\nfunc f() {}\nfunc g() {}\n\n"
    "func make2() func() { return f }\n\nvar h = g\n\n"
    "func run(cb func()) {\n\ts := &Store{}\n\tget := s.Get\n\tget()\n\tk := f\n\tk()\n\th()\n\tmake2()()\n\tcb()\n}\n"
    "func again() {\n\tk := f\n\tk = g\n\tk()\n}\n"
)


def test_go_method_values_function_values_and_returned_functions_are_called() -> None:
    files = {"go.mod": "module x\n", "a.go": GO}
    found = calls(files)
    assert {t for s, t, _ in found if s == "a.go::run"} == {"a.go::Store.Get", "a.go::f", "a.go::g", "a.go::make2"}
    assert ("a.go::run", "a.go::Store.Get", "value") in found


def test_go_the_last_assignment_wins_and_a_parameter_is_not_followed() -> None:
    files = {"go.mod": "module x\n", "a.go": GO}
    assert callees(files, "a.go::again") == {"a.go::g"}


# ----- beside the type layer (resolve/types.py) ------------------------------------------------

CART = "class Cart:\n    def total(self):\n        pass\n"


def test_python_a_copy_of_a_function_is_a_value_and_a_copy_of_an_object_keeps_its_type() -> None:
    shop = (
        "from lib import f\nfrom cart import Cart\n\n"
        "class Shop:\n"
        "    def __init__(self):\n        cart = Cart()\n        self.cart = cart\n        h = f\n        h()\n\n"
        "    def pay(self):\n        self.cart.total()\n"
    )
    found = calls({"lib.py": LIB, "cart.py": CART, "shop.py": shop})
    assert ("shop.py::Shop.__init__", "lib.py::f", "value") in found
    assert ("shop.py::Shop.pay", "cart.py::Cart.total", "type") in found
    # The copied object is no function value: nothing reaches Cart through h's binding.
    assert not {c for c in found if c[2] == "value" and c[1] != "lib.py::f"}


def test_python_a_declared_return_type_and_a_returned_function_coexist() -> None:
    lib = (
        CART + "\nfrom typing import Callable\n\ndef f():\n    pass\n\n"
        "def make() -> Callable[[], None]:\n    return f\n\n"
        "def build() -> Cart:\n    return Cart()\n"
    )
    use = "from lib import make, build\n\ndef run():\n    make()()\n    build().total()\n"
    found = calls({"lib.py": lib, "use.py": use})
    assert ("use.py::run", "lib.py::f", "value") in found
    assert ("use.py::run", "lib.py::Cart.total", "type") in found
    # build's return is no function value: build() called again reaches nothing through it.
    assert ("use.py::run", "lib.py::Cart", "value") not in found


# ----- a name copying a module or a class ------------------------------------------------------


def test_a_name_bound_once_to_a_module_or_class_is_that_module_or_class() -> None:
    # A binding holds its initialiser's value (ECMA-262 `const`, Python assignment): `const Utils =
    # U` makes Utils the module U names, and `Alias = Cart` the class. Bound twice, or to
    # something else, the name says nothing.
    js = {
        "utils.js": "export function pad() {}\nexport function trim() {}\n",
        "other.js": "export function pad() {}\n",
        "a.js": (
            "import * as U from './utils';\nconst Utils = U;\nconst Again = Utils;\n"
            "let Twice = U;\nTwice = load();\n"
            "export function run() { Utils.pad(); Again.trim(); }\n"
            "export function other() { Twice.pad(); }\n"
        ),
    }
    assert callees(js, "a.js::run") == {"utils.js::pad", "utils.js::trim"}
    assert "utils.js::pad" not in callees(js, "a.js::other")
    py = {
        "cart.py": "class Cart:\n    def total(self):\n        pass\n\nclass Other:\n    def total(self):\n        pass\n",
        "use.py": (
            "import cart\nfrom cart import Cart\n\nAlias = Cart\nshop = cart\n\n"
            "def run():\n    Alias.total(None)\n    shop.Other().total()\n"
        ),
    }
    found = {(t, r) for s, t, r in calls(py) if s == "use.py::run" and t.endswith(".total")}
    # Each call is bound by the class the name copies, not matched by name to both.
    assert found == {("cart.py::Cart.total", "type"), ("cart.py::Other.total", "type")}
