"""Python calls by the language's own rules (issue 18, Python part; the language reference's
"Naming and binding", "The import statement", "Function definitions").

Each test: a small repository in, the expected and the forbidden call edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources


def _calls(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}


def test_an_import_inside_a_function_binds_the_name_there_not_the_modules_definition() -> None:
    # An import statement binds in the local namespace of the function that runs it: inside
    # ``serve`` the name is the other module's function, though this module defines one too.
    files = {
        "pkg/__init__.py": "",
        "pkg/reload.py": "def run_with_reloader(main):\n    main()\n",
        "pkg/serving.py": (
            "def serve(app):\n"
            "    from .reload import run_with_reloader\n"
            "    run_with_reloader(app)\n\n"
            "def other():\n"
            "    run_with_reloader(None)\n\n"
            "def run_with_reloader(*args):\n"
            "    from .reload import run_with_reloader\n"
            "    return run_with_reloader(*args)\n"
        ),
    }
    calls = _calls(files)
    assert ("pkg/serving.py::serve", "pkg/reload.py::run_with_reloader") in calls
    assert ("pkg/serving.py::serve", "pkg/serving.py::run_with_reloader") not in calls
    # The wrapper calls the import, not itself.
    assert ("pkg/serving.py::run_with_reloader", "pkg/reload.py::run_with_reloader") in calls
    assert ("pkg/serving.py::run_with_reloader", "pkg/serving.py::run_with_reloader") not in calls
    # Another function's import binds nothing here: the module's own definition is called.
    assert ("pkg/serving.py::other", "pkg/serving.py::run_with_reloader") in calls
    assert ("pkg/serving.py::other", "pkg/reload.py::run_with_reloader") not in calls


def test_a_module_imported_inside_a_function_is_the_receiver_of_its_calls() -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/tools.py": "def build():\n    pass\n",
        "pkg/main.py": (
            "class tools:\n    @staticmethod\n    def build():\n        pass\n\n"
            "def run():\n    from . import tools\n    tools.build()\n\n"
            "def nested():\n    def inner():\n        from . import tools\n    tools.build()\n"
        ),
    }
    calls = _calls(files)
    assert ("pkg/main.py::run", "pkg/tools.py::build") in calls
    assert ("pkg/main.py::run", "pkg/main.py::tools.build") not in calls
    # An import in a nested function binds in that function only, not in the one around it.
    assert ("pkg/main.py::nested", "pkg/main.py::tools.build") in calls
    assert ("pkg/main.py::nested", "pkg/tools.py::build") not in calls


def test_a_method_returning_self_gives_an_instance_of_its_class() -> None:
    # ``return self`` (a fluent builder) returns the instance: the next call in the chain runs
    # the class's method, not every method of that name (``Other.build``).
    files = {
        "m.py": (
            "class Builder:\n    def with_x(self):\n        self.x = 1\n        return self\n"
            "    def build(self):\n        return 1\n\n"
            "class Other:\n    def build(self):\n        return 2\n\n"
            "def main():\n    Builder().with_x().build()\n"
        )
    }
    calls = _calls(files)
    assert ("m.py::main", "m.py::Builder.build") in calls
    assert ("m.py::main", "m.py::Other.build") not in calls


def test_a_for_loop_runs_iter_on_the_iterable_and_next_on_the_iterator_it_returns() -> None:
    # The for statement calls iter() on the iterable, then next() on the iterator: __iter__ of
    # the loop's operand, __next__ of the class __iter__ returns (here itself, or another class).
    files = {
        "m.py": (
            "class Counter:\n    def __iter__(self):\n        return self\n"
            "    def __next__(self):\n        raise StopIteration\n\n"
            "class Cursor:\n    def __next__(self):\n        raise StopIteration\n\n"
            "class Table:\n    def __iter__(self) -> Cursor:\n        return Cursor()\n"
            "    def __next__(self):\n        raise StopIteration\n\n"
            "def count():\n    for n in Counter():\n        pass\n\n"
            "def scan(t: Table):\n    for row in t:\n        pass\n\n"
            "def untyped(xs):\n    for x in xs:\n        pass\n"
        )
    }
    calls = _calls(files)
    assert ("m.py::count", "m.py::Counter.__iter__") in calls
    assert ("m.py::count", "m.py::Counter.__next__") in calls
    assert ("m.py::scan", "m.py::Table.__iter__") in calls
    assert ("m.py::scan", "m.py::Cursor.__next__") in calls
    assert ("m.py::scan", "m.py::Table.__next__") not in calls  # the iterator's, not the iterable's
    assert not {c for c in calls if c[0] == "m.py::untyped"}


def test_an_instance_attribute_holding_a_method_calls_that_method() -> None:
    # self.on_done = self.finish stores a bound method in the instance; self.on_done() finds the
    # instance's attribute first and runs it, as the instance's class finds it (a subclass's
    # override). Nothing is bound where the attribute may hold something else.
    files = {
        "m.py": (
            "class Job:\n"
            "    def __init__(self):\n        self.on_done = self.finish\n        self.hook = None\n"
            "    def run(self):\n        self.on_done()\n        self.hook()\n"
            "    def finish(self):\n        pass\n\n"
            "class Quiet(Job):\n    def finish(self):\n        pass\n\n"
            "class Other:\n    def on_done(self):\n        pass\n    def hook(self):\n        pass\n\n"
            "def main():\n    q = Quiet()\n    q.on_done()\n"
        )
    }
    calls = _calls(files)
    assert ("m.py::Job.run", "m.py::Job.finish") in calls
    assert ("m.py::Job.run", "m.py::Other.on_done") not in calls
    assert ("m.py::main", "m.py::Quiet.finish") in calls
    assert ("m.py::main", "m.py::Job.finish") not in calls
    assert ("m.py::Job.run", "m.py::Other.hook") not in calls


def test_raising_a_class_instantiates_it() -> None:
    # ``raise Failed`` instantiates the class with no arguments (its constructor runs); ``raise
    # err`` and ``raise e`` raise an instance and call nothing; ``from`` names the cause, no call.
    files = {
        "m.py": (
            "class Failed(Exception):\n    def __init__(self, msg=''):\n        pass\n\n"
            "class Outer:\n    class Inner(Exception):\n        def __init__(self):\n            pass\n\n"
            "class Boom(Exception):\n    def __call__(self):\n        pass\n\n"
            "def cause():\n    pass\n\n"
            "def first():\n    raise Failed\n\n"
            "def nested():\n    raise Outer.Inner from cause\n\n"
            "def again(err):\n    raise err\n\n"
            "def held():\n    e = Boom()\n    raise e\n"
        )
    }
    calls = _calls(files)
    assert ("m.py::first", "m.py::Failed.__init__") in calls
    assert ("m.py::nested", "m.py::Outer.Inner.__init__") in calls
    assert ("m.py::nested", "m.py::cause") not in calls
    assert not {c for c in calls if c[0] == "m.py::again"}
    assert ("m.py::held", "m.py::Boom.__call__") not in calls


def test_nested_starred_and_chained_target_lists_bind_each_name_by_position() -> None:
    # "Assignment statements": a target list takes the value's items by position, recursively
    # into a parenthesised target list; a starred target takes the items left over as a list; a
    # chain `a, b = c, d = v` assigns v to every target list.
    files = {
        "m.py": (
            "def f1():\n    pass\n\ndef f2():\n    pass\n\ndef f3():\n    pass\n\ndef f4():\n    pass\n\n"
            "class K:\n    def run(self):\n        pass\n\n    def stop(self):\n        pass\n\n"
            "def nested():\n    a, (b, (c, d)) = f1, (f2, (f3, f4))\n    b()\n    d()\n\n"
            "def starred():\n    a, *rest, z = f1, f2, f3, f4\n    rest[1]()\n    z()\n\n"
            "def chained():\n    p, q = r, s = f1, f2\n    p()\n    s()\n\n"
            "def members():\n    k = K()\n    x, (y, w) = 1, (k.run, k.stop)\n    y()\n\n"
            "def unknown():\n    a, b = f1, *more\n    b()\n    (c, d), e = f3, f4\n    c()\n\n"
            "def later():\n    a, b = f1, f2\n    a, b = b, a\n    a()\n"
        )
    }
    calls = _calls(files)
    assert ("m.py::nested", "m.py::f2") in calls and ("m.py::nested", "m.py::f4") in calls
    assert ("m.py::nested", "m.py::f1") not in calls and ("m.py::nested", "m.py::f3") not in calls
    assert ("m.py::starred", "m.py::f3") in calls and ("m.py::starred", "m.py::f4") in calls
    assert ("m.py::starred", "m.py::f2") not in calls and ("m.py::starred", "m.py::f1") not in calls
    assert ("m.py::chained", "m.py::f1") in calls and ("m.py::chained", "m.py::f2") in calls
    assert ("m.py::members", "m.py::K.run") in calls and ("m.py::members", "m.py::K.stop") not in calls
    # A spread value, or a target list over a single value: positions unknown, nothing invented.
    assert not {t for s, t in calls if s == "m.py::unknown"} & {"m.py::f1", "m.py::f3", "m.py::f4"}
    # `a, b = b, a` rebinds a to what b held: a copy of a name, not followed past its binding here.
    assert ("m.py::later", "m.py::f1") not in calls
