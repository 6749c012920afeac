"""Callbacks (issue 18): a function of the repository passed to a callee outside it (the
language's own, a library's; JavaScript, TypeScript, Python) is taken to be called by it, from the code that passes it
(resolution ``callback``), unless the callee is one of the language's own that only keeps or
compares a function (``push``, ``removeListener``); a parameter passed on to another function
that calls it reaches the function passed in (``value``); ``await x`` runs the ``then`` of x's
known class.

Each test: a small repository in, the expected and the forbidden edges out.
"""

from __future__ import annotations

from pathlib import Path

from diffreach.config import Config
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild, dump
from tests.test_passed_values import edges, targets

JS_HANDLERS = "export function handler() {}\nexport function other() {}\nexport class K {}\n"


def test_javascript_a_function_passed_to_a_callee_outside_the_repository_is_called_from_the_passing_code() -> None:
    files = {
        "h.js": JS_HANDLERS,
        "use.js": "import { handler, other, K } from './h';\nimport { EventEmitter } from 'events';\n"
        "function main(arr, p, emitter) {\n  arr.forEach(handler);\n  p.then(handler, other);\n"
        "  setTimeout(other, 10);\n  new EventEmitter().on('x', handler);\n}\n",
    }
    found = edges(files)
    callbacks = {(t, r) for s, t, r in found if s == "use.js::main"}
    assert callbacks == {("h.js::handler", "callback"), ("h.js::other", "callback")}


def test_javascript_a_function_kept_or_removed_by_the_language_s_own_callee_is_not_called() -> None:
    files = {
        "h.js": JS_HANDLERS,
        "use.js": "import { handler, other, K } from './h';\n"
        "function main(arr, emitter, set) {\n  arr.push(handler);\n  emitter.removeListener('x', other);\n"
        "  set.add(handler);\n  console.log(other);\n  arr.map(K);\n}\n",
    }
    assert targets(edges(files), "use.js::main") == set()
    # Still a reference: a change of handler reaches the code that hands it out.
    assert ("use.js::main", "h.js::handler", "import") in edges(files, ("references",))


def test_javascript_a_callee_of_the_repository_is_judged_by_what_it_calls_not_taken_to_call() -> None:
    files = {
        "h.js": JS_HANDLERS,
        "lib.js": "export function keep(cb) { saved.push(cb); }\nexport function run(cb) { cb(); }\n",
        "use.js": "import { handler, other } from './h';\nimport { keep, run } from './lib';\n"
        "function main() {\n  keep(handler);\n  run(other);\n}\n",
    }
    found = edges(files)
    assert targets(found, "use.js::main") == {"lib.js::keep", "lib.js::run"}
    assert targets(found, "lib.js::run") == {"h.js::other"}
    assert targets(found, "lib.js::keep") == set()


def test_python_a_function_passed_to_a_callee_outside_the_repository_is_called_from_the_passing_code() -> None:
    files = {
        "h.py": "def work():\n    pass\n\ndef key(x):\n    return x\n",
        "a.py": "import threading\nfrom h import work, key\n\n"
        "def main(xs):\n    threading.Thread(target=work)\n    return sorted(map(key, xs), key=key)\n",
    }
    found = edges(files)
    callbacks = {(t, r) for s, t, r in found if s == "a.py::main"}
    assert callbacks == {("h.py::work", "callback"), ("h.py::key", "callback")}


def test_python_a_function_kept_or_described_by_the_language_s_own_callee_is_not_called() -> None:
    files = {
        "h.py": "def work():\n    pass\n\ndef other():\n    pass\n",
        "a.py": "import functools\nfrom h import work, other\n\n"
        "def main(hooks, seen):\n    hooks.append(work)\n    seen.add(other)\n    print(work)\n"
        "    isinstance(other, type)\n    return functools.wraps(work)\n",
    }
    assert targets(edges(files), "a.py::main") == set()


def test_a_parameter_passed_on_to_a_function_that_calls_it_reaches_the_function_passed_in() -> None:
    files = {
        "lib.js": "export function inner(cb) { cb(); }\nexport function outer(cb) { inner(cb); }\n"
        "export function outer2(f) { outer(f); }\nexport function keep(cb) { save(cb); }\n",
        "use.js": "import { outer2, keep } from './lib';\nfunction handler() {}\nfunction h2() {}\n"
        "function main() { outer2(handler); keep(h2); }\n",
        "a.py": "def inner(cb):\n    cb()\n\ndef outer(x, cb):\n    inner(cb=cb)\n\ndef other(x, cb):\n    inner(x)\n\n"
        "class K:\n    def run(self, cb):\n        self.each(cb)\n\n    def each(self, f):\n        f()\n",
        "b.py": "from a import outer, other, K\n\ndef h():\n    pass\n\ndef g():\n    pass\n\n"
        "def main():\n    outer(1, h)\n    other(1, g)\n    K().run(h)\n",
    }
    found = edges(files)
    assert targets(found, "lib.js::inner") == {"use.js::handler"}  # through outer2, then outer
    assert not {t for s, t, _ in found if t == "use.js::h2"}
    assert targets(found, "a.py::inner") == {"b.py::h"}  # g is passed in a slot inner never gets
    assert targets(found, "a.py::K.each") == {"b.py::h"}
    assert not {s for s, t, _ in found if t == "b.py::g"}
    assert "b.py::h" not in targets(found, "a.py::outer")  # outer passes it on, inner calls it


def test_an_update_of_the_function_a_parameter_is_passed_on_to_equals_a_rebuild(make_repo, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(
        {
            "inner.py": "def inner(cb):\n    cb()\n",
            "outer.py": "from inner import inner\n\ndef outer(cb):\n    inner(cb)\n",
            "use.py": "from outer import outer\n\ndef h():\n    pass\n\ndef main():\n    outer(h)\n",
        }
    )
    steps = [
        {"inner.py": "def inner(cb):\n    KEPT.append(cb)\n"},  # no longer calls it
        {"inner.py": "def inner(cb):\n    cb()\n"},
        {"outer.py": "from inner import inner\n\ndef outer(cb):\n    pass\n"},
        {"outer.py": "from inner import inner\n\ndef outer(cb):\n    inner(cb)\n"},
        {"inner.py": "def inner(x, cb=None):\n    cb()\n"},  # the slot moves
        {"inner.py": "def inner(cb, x=None):\n    cb()\n"},
    ]
    indexer = Indexer(root, Config(workers=1))
    try:
        indexer.run()
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
        values = {(s, t) for s, t, _, r, *_ in dump(root)["edges"] if r == "value"}  # type: ignore[attr-defined]
        assert values == {("inner.py::inner", "use.py::h")}
    finally:
        indexer.close()


def test_typescript_await_runs_the_then_of_the_value_s_known_class() -> None:
    files = {
        "q.ts": "export class Query {\n  then(resolve: (x: number) => void): void { resolve(1); }\n}\n"
        "export class Other {\n  then(): void {}\n}\n",
        "use.ts": "import { Query } from './q';\nfunction make(): Query { return new Query(); }\n"
        "async function main(q: Query, u) {\n  await q;\n  await make();\n  await u;\n}\n",
    }
    found = edges(files)
    assert targets(found, "use.ts::main") == {"q.ts::Query.then", "use.ts::make"}
    assert not {s for s, t, _ in found if t == "q.ts::Other.then"}  # a value of unknown type: nothing


def test_python_markers_that_return_the_function_are_not_calls_of_it() -> None:
    """typing.overload and abc.abstractmethod return a stub or the function itself without calling
    it: the module does not call what they decorate, while a library decorator that wraps does."""
    files = {
        "lib.py": (
            "import abc\nimport functools\nfrom typing import overload\n\n"
            "@overload\ndef parse(x: int) -> int: ...\n"
            "def parse(x):\n    return x\n\n"
            "class Base(abc.ABC):\n    @abc.abstractmethod\n    def run(self):\n        ...\n\n"
            "@functools.lru_cache\ndef cached():\n    return 1\n"
        ),
    }
    found = {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}
    assert ("lib.py", "lib.py::cached") in found
    assert not {t for s, t in found if s == "lib.py"} & {"lib.py::parse", "lib.py::parse#2", "lib.py::Base.run"}
