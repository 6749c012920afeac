"""A function's result that wraps a function passed to it: calling the result calls what was passed.

``const g = bind(f, x)`` where ``bind`` returns a function that calls its first parameter
(``return (...r) => fn(first, ...r)``): ``g()`` runs ``f`` (ECMA-262: a closure calls what its
parameter held at the call that made it; Python's closures likewise). The same holds for a field
initialised that way (``hierarchy = bind(hierarchy, this)``, then ``ctx.hierarchy()``). A callee
that calls none of its parameters wraps nothing, and a callee that returns one named function
returns that one. A small repository in, the expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources


def calls(files: dict[str, str]) -> dict[tuple[str, str], str]:
    g = graph_from_sources(files)
    return {(e.source, e.target): str(e.resolution) for e in g.edges if e.kind == "calls"}


WRAPPERS = (
    "export function bind(fn, first) { return (...rest) => fn(first, ...rest); }\n"
    "export function memo(fn) { let done = false; return function () { if (!done) { done = true; fn(); } }; }\n"
    "export function label(fn, name) { return name; }\n"
    "export function hierarchy(ctx, x) {}\n"
    "export function other(ctx, x) {}\n"
)


def test_calling_what_a_wrapper_returns_calls_the_function_it_was_given() -> None:
    user = (
        "import { bind, memo, hierarchy, other } from './wrap';\n"
        "const g = bind(hierarchy, null);\n"
        "export function use() { g(1); }\n"
        "export function once() { const m = memo(other); m(); }\n"
    )
    edges = calls({"wrap.ts": WRAPPERS, "use.ts": user})
    assert edges.get(("use.ts::use", "wrap.ts::hierarchy")) == "value"
    assert edges.get(("use.ts::once", "wrap.ts::other")) == "value"
    assert ("use.ts::use", "wrap.ts::other") not in edges


def test_a_field_holding_a_wrapped_function_calls_it() -> None:
    page = (
        "import { bind, hierarchy } from './wrap';\n"
        "export class Context {\n  hierarchy = bind(hierarchy, this);\n}\n"
        "export function page(context: Context) { context.hierarchy(1); }\n"
    )
    edges = calls({"wrap.ts": WRAPPERS, "page.ts": page})
    assert edges.get(("page.ts::page", "wrap.ts::hierarchy")) == "value"


def test_a_callee_that_calls_no_parameter_wraps_nothing() -> None:
    user = (
        "import { label, hierarchy } from './wrap';\nconst n = label(hierarchy, 'h');\nexport function use() { n(); }\n"
    )
    edges = calls({"wrap.ts": WRAPPERS, "use.ts": user})
    assert not {e for e in edges if e[0] == "use.ts::use"}


def test_python_a_decorator_factory_result_called_by_hand() -> None:
    source = (
        "def retry(fn):\n    def wrapper(*a):\n        return fn(*a)\n    return wrapper\n\n"
        "def fetch():\n    pass\n\n"
        "def run():\n    safe = retry(fetch)\n    safe()\n"
    )
    edges = calls({"m.py": source})
    # retry returns its own nested function, which calls the one it was given.
    assert ("m.py::run", "m.py::fetch") in edges or ("m.py::run", "m.py::retry.wrapper") in edges


def test_wrapped_values_an_update_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from diffreach.config import Config
    from diffreach.index.indexer import Indexer
    from tests.test_incremental import assert_each_step_equals_a_rebuild

    user = (
        "import { bind, hierarchy, other } from './wrap';\n"
        "const g = bind(hierarchy, null);\n"
        "export function use() { g(1); }\n"
    )
    root = make_repo({"wrap.ts": WRAPPERS, "use.ts": user})
    indexer = Indexer(root, Config(workers=1))
    indexer.run(full=True)
    steps = [
        {"wrap.ts": WRAPPERS.replace("fn(first, ...rest)", "first(...rest)")},  # now calls its 2nd parameter
        {"use.ts": user.replace("bind(hierarchy, null)", "bind(other, null)")},
        {"wrap.ts": WRAPPERS},
        {"wrap.ts": WRAPPERS.replace("export function hierarchy(ctx, x) {}\n", "")},
    ]
    try:
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    finally:
        indexer.close()
