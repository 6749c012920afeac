"""Functions passed as arguments (issue 18): a function passed, by position or keyword, to a
parameter the callee calls is reached from the callee (resolved ``value``); a decorator is a call
made where the decorated definition is made; a function expression or lambda passed on is part
of the function that writes it. Where the callee does not call the parameter, or the argument
is not the function, nothing is added.

Each test: a small repository in, the expected and the forbidden edges out.
"""

from __future__ import annotations

from pathlib import Path

from diffreach.config import Config
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild, dump

Triple = tuple[str, str, str]


def edges(files: dict[str, str], kinds: tuple[str, ...] = ("calls",)) -> set[Triple]:
    """(source, target, resolution) of every edge of these kinds."""
    return {(e.source, e.target, str(e.resolution)) for e in graph_from_sources(files).edges if e.kind in kinds}


def targets(found: set[Triple], source: str) -> set[str]:
    return {t for s, t, _ in found if s == source}


# ----- Python ----------------------------------------------------------------------------------

PY_LIB = (
    "def run(cb):\n    cb()\n\n"
    "def store(cb):\n    KEPT.append(cb)\n\n"
    "def later(x, on_done=None):\n    if on_done:\n        on_done()\n\n"
    "def first(a, b):\n    a()\n\n"
    "def rebinds(cb):\n    cb = wrap(cb)\n    cb()\n\n"
    "class Box:\n    def each(self, cb):\n        cb()\n"
)
PY_FILES = {
    "lib.py": PY_LIB,
    "h1.py": "def handler():\n    pass\n",
    "h2.py": "def handler():\n    pass\n",
}


def test_python_a_function_passed_to_a_parameter_the_callee_calls_is_reached_from_the_callee() -> None:
    files = {**PY_FILES, "use.py": "from lib import run\nfrom h1 import handler\n\ndef main():\n    run(handler)\n"}
    found = edges(files)
    assert ("lib.py::run", "h1.py::handler", "value") in found
    assert "h2.py::handler" not in targets(found, "lib.py::run")  # the same name in another module
    assert ("use.py::main", "lib.py::run", "import") in found


def test_python_a_keyword_argument_and_a_method_parameter_after_self_are_matched() -> None:
    files = {
        **PY_FILES,
        "use.py": "from lib import later, Box\nfrom h1 import handler\n\n"
        "def main():\n    later(1, on_done=handler)\n    Box().each(handler)\n",
    }
    found = edges(files)
    assert ("lib.py::later", "h1.py::handler", "value") in found
    assert ("lib.py::Box.each", "h1.py::handler", "value") in found


def test_python_a_parameter_only_stored_or_rebound_or_another_slot_makes_no_edge() -> None:
    files = {
        **PY_FILES,
        "use.py": "from lib import store, rebinds, first, later\nfrom h1 import handler\n\n"
        "def main(x):\n    store(handler)\n    rebinds(handler)\n    first(x, handler)\n    later(handler)\n",
    }
    found = edges(files)
    assert not {s for s, t, r in found if t == "h1.py::handler" and r == "value"}
    # The passing function still refers to what it passes.
    assert ("use.py::main", "h1.py::handler", "import") in edges(files, ("references",))


def test_python_a_lambda_passed_on_calls_as_the_function_that_writes_it() -> None:
    files = {
        **PY_FILES,
        "use.py": "from lib import run\n\ndef helper():\n    pass\n\ndef main():\n    run(lambda: helper())\n",
    }
    found = edges(files)
    assert ("use.py::main", "use.py::helper", "scope") in found
    assert targets(found, "lib.py::run") == set()


def test_python_a_module_level_decorator_is_a_call_by_the_module_and_its_wrapper_calls_the_function() -> None:
    files = {
        "deco.py": "def logged(fn):\n    def wrapper(*a):\n        return fn(*a)\n    return wrapper\n\n"
        "def timed(fn):\n    def inner(*a):\n        return fn(*a)\n    return inner\n\n"
        "def register(fn):\n    REGISTRY.append(fn)\n    return fn\n",
        "lib.py": "from deco import logged, register, timed\n\n@logged\ndef work():\n    pass\n\n"
        "@register\ndef plain():\n    pass\n\n@timed\n@logged\ndef both():\n    pass\n\n"
        "class K:\n    @logged\n    def m(self):\n        pass\n",
    }
    found = edges(files)
    assert {("lib.py", "deco.py::logged", "import"), ("lib.py", "deco.py::register", "import")} <= found
    assert ("lib.py::K", "deco.py::logged", "import") in found  # made where the class body runs
    wrapped = targets(found, "deco.py::logged.wrapper")
    assert wrapped == {"lib.py::work", "lib.py::both", "lib.py::K.m"}
    assert targets(found, "deco.py::timed.inner") == set()  # it wraps what logged returns
    assert not any(s.startswith("deco.py::register") for s, _, _ in found)
    # The decorated function still refers to its decorator (a change to it reaches the function).
    assert ("lib.py::work", "deco.py::logged", "import") in edges(files, ("references",))


# ----- JavaScript and TypeScript ---------------------------------------------------------------

JS_LIB = (
    "export function run(cb) { cb(); }\n"
    "export function keep(cb) { saved.push(cb); }\n"
    "export const apply = (x, cb) => cb(x);\n"
    "export class Box { each(cb) { cb(); } }\n"
)
JS_FILES = {
    "lib.js": JS_LIB,
    "h1.js": "export function handler() {}\n",
    "h2.js": "export function handler() {}\n",
}


def test_javascript_a_function_passed_to_a_function_arrow_or_method_that_calls_it_is_reached() -> None:
    files = {
        **JS_FILES,
        "use.js": "import { run, keep, apply, Box } from './lib';\nimport { handler } from './h1';\n"
        "function main() {\n  run(handler);\n  keep(handler);\n  apply(1, handler);\n  new Box().each(handler);\n}\n",
    }
    found = edges(files)
    assert {("lib.js::run", "h1.js::handler", "value"), ("lib.js::apply", "h1.js::handler", "value")} <= found
    assert ("lib.js::Box.each", "h1.js::handler", "value") in found
    assert targets(found, "lib.js::keep") == set()
    assert not any(t == "h2.js::handler" for _, t, _ in found)


def test_javascript_a_callback_s_parameters_are_not_the_enclosing_function_s() -> None:
    files = {
        **JS_FILES,
        "use.js": "import { handler } from './h1';\nfunction helper() {}\n"
        "function main(cb) {\n  [1].forEach((cb) => cb());\n  other(function (cb) { cb(); helper(); });\n}\n"
        "main(handler);\n",
    }
    found = edges(files)
    assert targets(found, "use.js::main") == {"use.js::helper"}  # the function expression's call is main's
    assert not any(t == "h1.js::handler" for _, t, _ in found)


def test_typescript_a_typed_callback_parameter_is_followed() -> None:
    files = {
        "lib.ts": "export function run(cb: () => void): void {\n  cb();\n}\n",
        "use.ts": "import { run } from './lib';\nfunction handler(): void {}\nrun(handler);\n",
    }
    assert ("lib.ts::run", "use.ts::handler", "value") in edges(files)


# ----- Go --------------------------------------------------------------------------------------


def test_go_a_function_or_method_value_passed_to_a_func_parameter_that_is_called_is_reached() -> None:
    files = {
        "go.mod": "module x\n",
        "a.go": "package main\n\ntype S struct{}\n\nfunc (s *S) Run() {}\nfunc (s *S) Each(f func()) { f() }\n"
        "func Apply(n int, f func()) { f() }\nfunc Keep(f func()) { stored = f }\n\nvar stored func()\n\n"
        "func main() {\n\ts := &S{}\n\tApply(1, handler)\n\tKeep(handler)\n\ts.Each(s.Run)\n}\n",
        "b.go": "package main\n\nfunc handler() {}\n",
    }
    found = edges(files)
    assert {("a.go::Apply", "b.go::handler", "value"), ("a.go::S.Each", "a.go::S.Run", "value")} <= found
    assert targets(found, "a.go::Keep") == set()


# ----- Java method references ------------------------------------------------------------------


def test_java_method_references_refer_to_the_method_or_the_class() -> None:
    files = {
        "src/a/Util.java": "package a;\n\npublic class Util {\n    public static int twice(int x) { return 2 * x; }\n"
        "    public int twice(String s) { return 0; }\n}\n",
        "src/a/Main.java": "package a;\n\nimport java.util.List;\n\npublic class Main {\n"
        "    void handle(String s) {}\n    void run(List<String> xs) {\n        xs.forEach(this::handle);\n"
        "        xs.stream().map(Util::twice);\n        xs.forEach(Main::new);\n    }\n}\n",
    }
    found = targets(edges(files, ("references",)), "src/a/Main.java::Main.run")
    assert {"src/a/Main.java::Main.handle", "src/a/Main.java::Main"} <= found
    assert found & {"src/a/Util.java::Util.twice", "src/a/Util.java::Util.twice#2"}


# ----- incremental updates ---------------------------------------------------------------------


def test_an_update_that_changes_which_parameters_a_callee_calls_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(
        {
            "lib.py": "def run(cb, other=None):\n    cb()\n",
            "h.py": "def handler():\n    pass\n",
            "use.py": "from lib import run\nfrom h import handler\n\ndef main():\n    run(handler)\n",
        }
    )
    steps = [
        {"lib.py": "def run(cb, other=None):\n    KEPT.append(cb)\n"},  # no longer calls it
        {"lib.py": "def run(cb, other=None):\n    def inner():\n        cb()\n    return inner\n"},
        {"use.py": "from lib import run\nfrom h import handler\n\ndef main():\n    run(None, other=handler)\n"},
        {"lib.py": "def run(cb, other=None):\n    other()\n"},
        {"h.py": "def handled():\n    pass\n"},  # the passed function is gone
        {"h.py": "def handler():\n    pass\n"},
    ]
    indexer = Indexer(root, Config(workers=1))
    try:
        indexer.run()
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
        assert _value_edges(root) == {("lib.py::run", "h.py::handler")}
    finally:
        indexer.close()


def _value_edges(root: Path) -> set[tuple[str, str]]:
    return {(s, t) for s, t, _, r, *_ in dump(root)["edges"] if r == "value"}  # type: ignore[attr-defined]


# ----- entries of a literal table passed, and destructured parameters --------------------------


def test_javascript_an_options_object_s_entry_and_a_destructured_parameter_are_followed() -> None:
    files = {
        "o.js": "function run(opts) { opts.onDone(); opts['onFail'](); }\nfunction keep(opts) { save(opts.onDone); }\n"
        "function ok() {}\nfunction bad() {}\nfunction other() {}\n"
        "run({ onDone: ok, onFail: bad, extra: other });\nkeep({ onDone: ok });\n",
        "d.js": "function main () {\n  function f ([x, y], {z}) {\n    return x() + y + z();\n  }\n"
        "  const f2 = () => 2;\n  const f3 = () => 3;\n  const f4 = () => 4;\n  f([f2, f4], {z: f3, w: f4});\n}\n",
    }
    found = edges(files)
    assert targets(found, "o.js::run") == {"o.js::ok", "o.js::bad"}
    assert targets(found, "o.js::keep") == set()
    assert targets(found, "d.js::main.f") == {"d.js::main.f2", "d.js::main.f3"}


def test_python_a_dict_or_list_of_functions_passed_is_followed_by_its_key_or_index() -> None:
    files = {
        "p.py": "def run(opts, cbs=None):\n    opts['done']()\n    cbs[0]()\n\n"
        "def ok():\n    pass\n\ndef bad():\n    pass\n\ndef other():\n    pass\n\n"
        "def main():\n    run({'done': ok, 'x': other}, cbs=[bad, other])\n",
    }
    assert targets(edges(files), "p.py::run") == {"p.py::ok", "p.py::bad"}


def test_python_an_argument_is_what_the_name_held_before_the_call_that_rebinds_it() -> None:
    files = {
        "a.py": "def wrap(app):\n    def wrapped():\n        app()\n    return wrapped\n\n"
        "def endpoint():\n    pass\n\ndef main():\n    app = endpoint\n    app = wrap(app)\n",
    }
    found = edges(files)
    assert targets(found, "a.py::wrap.wrapped") == {"a.py::endpoint"}


def test_python_a_parameter_after_star_args_is_reached_by_keyword_only() -> None:
    files = {
        "a.py": "def run(*args, cb=None):\n    cb()\n\ndef f():\n    pass\n\ndef g():\n    pass\n\n"
        "def h():\n    pass\n\ndef main():\n    run(f, g)\n    run(cb=h)\n",
    }
    assert targets(edges(files), "a.py::run") == {"a.py::h"}


def test_a_parameter_whose_default_is_a_function_calls_it() -> None:
    files = {
        "a.py": "def f():\n    pass\n\ndef g():\n    pass\n\ndef run(cb=f, other=g):\n    cb()\n",
        "b.js": "function f() {}\nfunction g() {}\nfunction run(cb = f, other = g) { cb(); }\n",
        "c.ts": "function f(): void {}\nfunction run(cb: () => void = f): void { cb(); }\n",
    }
    found = edges(files)
    assert targets(found, "a.py::run") == {"a.py::f"}
    assert targets(found, "b.js::run") == {"b.js::f"}
    assert targets(found, "c.ts::run") == {"c.ts::f"}
