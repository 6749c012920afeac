"""A name a function binds for itself hides the outer binding of that name (issue 18).

A parameter, a local, a loop or ``with``/``except`` variable, a comprehension or lambda variable
named like a typed module-level name is another variable: inside the function the module's type
says nothing about it. With no type of its own the receiver is unknown and falls to the ordinary
name rules (by name, as any untyped receiver), never to the outer type. Each repository has two
classes with a method ``go`` so that a match by name is visibly ambiguous, not bound by type.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main
from diffreach.index.build import graph_from_sources
from diffreach.model import Resolution

TYPE, AMBIGUOUS = str(Resolution.TYPE), str(Resolution.AMBIGUOUS_NAME)

PYTHON = {
    "pkg/a.py": "class A:\n    def go(self):\n        pass\n",
    "pkg/b.py": "class B:\n    def go(self):\n        pass\n",
    "pkg/use.py": (
        "from pkg.a import A\nfrom pkg.b import B\n\n"
        "a = A()\n\n"
        "def outer():\n    a.go()\n\n"
        "def param(a):\n    a.go()\n\n"
        "def later(xs):\n    a.go()\n    a = xs[0]\n\n"
        "def loop(xs):\n    for a in xs:\n        a.go()\n\n"
        "def pair(xs):\n    for k, a in xs:\n        a.go()\n\n"
        "def managed(m):\n    with m as a:\n        a.go()\n\n"
        "def caught():\n    try:\n        pass\n    except Exception as a:\n        a.go()\n\n"
        "def comprehension(xs):\n    return [a.go() for a in xs]\n\n"
        "def lam():\n    return lambda a: a.go()\n\n"
        "def typed(a: 'B'):\n    a.go()\n\n"
        "def rebound():\n    a = A()\n    a.go()\n\n"
        "def indexed(a):\n    return a[0]\n"
    ),
}


def _calls(files: dict[str, str]) -> set[tuple[str, str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target, str(e.resolution)) for e in g.edges if e.kind == "calls"}


def _from(found: set[tuple[str, str, str]], caller: str) -> set[tuple[str, str]]:
    return {(t, r) for s, t, r in found if s == caller and t.lower().endswith(".go")}


def test_python_a_function_s_own_binding_hides_the_module_s_type() -> None:
    found = _calls(PYTHON)
    a, b = "pkg/a.py::A.go", "pkg/b.py::B.go"
    # The module's `a` where nothing hides it, and a local bound to A() itself.
    for caller in ("outer", "rebound"):
        assert _from(found, f"pkg/use.py::{caller}") == {(a, TYPE)}
    # A parameter, a later assignment (local to the whole function), a loop, tuple, `with`,
    # `except`, comprehension and lambda variable: never A.go by type; by name like any untyped
    # receiver.
    for caller in ("param", "later", "loop", "pair", "managed", "caught", "comprehension", "lam"):
        assert (a, TYPE) not in _from(found, f"pkg/use.py::{caller}"), caller
        assert _from(found, f"pkg/use.py::{caller}") == {(a, AMBIGUOUS), (b, AMBIGUOUS)}, caller
    # A parameter's own type wins over the module's.
    assert _from(found, "pkg/use.py::typed") == {(b, TYPE)}


def test_python_protocol_references_on_a_hidden_name_bind_nothing() -> None:
    files = dict(PYTHON)
    files["pkg/a.py"] += "\n    def __getitem__(self, i):\n        return i\n"
    found = _calls(files) | {
        (e.source, e.target, str(e.resolution)) for e in graph_from_sources(files).edges if e.kind != "calls"
    }
    assert not any(s == "pkg/use.py::indexed" and t.endswith("__getitem__") for s, t, _ in found)


def test_callers_and_graph_json_say_the_same(make_repo) -> None:
    root = make_repo(PYTHON)
    api.index(root)
    callers = {r["id"] for r in api.callers_of(root, "pkg/a.py::A.go")["callers"]}
    assert "pkg/use.py::outer" in callers and "pkg/use.py::rebound" in callers
    callees = api.callees_of(root, "pkg/use.py::param")["callees"]
    assert {(r["id"], r["resolution"]) for r in callees} == {
        ("pkg/a.py::A.go", AMBIGUOUS),
        ("pkg/b.py::B.go", AMBIGUOUS),
    }
    out = CliRunner().invoke(main, ["graph", "--root", str(root), "--json"])
    assert out.exit_code == 0, out.output
    edges = {(e["source"], e["target"], e["resolution"]) for e in json.loads(out.output)["edges"]}
    assert ("pkg/use.py::outer", "pkg/a.py::A.go", TYPE) in edges
    assert ("pkg/use.py::param", "pkg/a.py::A.go", TYPE) not in edges


def test_typescript_parameters_and_declarations_hide_the_module_s_type() -> None:
    found = _calls(
        {
            "src/a.ts": "export class A {\n  go(): void {}\n}\n",
            "src/b.ts": "export class B {\n  go(): void {}\n}\n",
            "src/use.ts": (
                "import { A } from './a';\nimport { B } from './b';\n"
                "const a = new A();\n"
                "export function outer() { a.go(); }\n"
                "export function param(a) { a.go(); }\n"
                "export function optional(a?) { a.go(); }\n"
                "export function local(xs) { const a = xs[0]; a.go(); }\n"
                "export function loop(xs) { for (const a of xs) { a.go(); } }\n"
                "export function caught() { try { } catch (a) { a.go(); } }\n"
                "export function arrow(xs) { xs.forEach(a => a.go()); }\n"
                "export function typed(a: B) { a.go(); }\n"
                "export function assigned(x) { a = x; a.go(); }\n"
            ),
        }
    )
    a, b = "src/a.ts::A.go", "src/b.ts::B.go"
    assert _from(found, "src/use.ts::outer") == {(a, TYPE)}
    # A plain assignment declares nothing: it writes the module's `a`, whose type is stated.
    assert (a, TYPE) in _from(found, "src/use.ts::assigned")
    for caller in ("param", "optional", "local", "loop", "caught", "arrow"):
        assert _from(found, f"src/use.ts::{caller}") == {(a, AMBIGUOUS), (b, AMBIGUOUS)}, caller
    assert _from(found, "src/use.ts::typed") == {(b, TYPE)}


def test_javascript_parameters_hide_the_module_s_type() -> None:
    found = _calls(
        {
            "src/a.js": "export class A {\n  go() {}\n}\n",
            "src/b.js": "export class B {\n  go() {}\n}\n",
            "src/use.js": (
                "import { A } from './a';\n"
                "const a = new A();\n"
                "export function outer() { a.go(); }\n"
                "export function param(a) { a.go(); }\n"
                "export function rest(...a) { a.go(); }\n"
                "export function destructured({ a }) { a.go(); }\n"
                "export function declared(xs) { let a = xs[0]; a.go(); }\n"
            ),
        }
    )
    a, b = "src/a.js::A.go", "src/b.js::B.go"
    assert _from(found, "src/use.js::outer") == {(a, TYPE)}
    for caller in ("param", "rest", "destructured", "declared"):
        assert _from(found, f"src/use.js::{caller}") == {(a, AMBIGUOUS), (b, AMBIGUOUS)}, caller


def test_go_declarations_hide_the_package_variable_s_type() -> None:
    found = _calls(
        {
            "go.mod": "module example.com/m\n\ngo 1.22\n",
            "a.go": "package m\n\ntype A struct{}\n\nfunc (A) Go() {}\n",
            "b.go": "package m\n\ntype B struct{}\n\nfunc (B) Go() {}\n",
            "use.go": (
                "package m\n\n"
                "var a = A{}\n\n"
                "func outer() { a.Go() }\n\n"
                "func param(a interface{ Go() }) { a.Go() }\n\n"
                "func ranged(xs []interface{ Go() }) {\n\tfor _, a := range xs {\n\t\ta.Go()\n\t}\n}\n\n"
                "func declared(f func() interface{ Go() }) {\n\ta := f()\n\ta.Go()\n}\n\n"
                "func assigned(x A) {\n\ta = x\n\ta.Go()\n}\n\n"
                "func typed(a B) { a.Go() }\n"
            ),
        }
    )
    a, b = "a.go::A.Go", "b.go::B.Go"
    assert _from(found, "use.go::outer") == {(a, TYPE)}
    assert (a, TYPE) in _from(found, "use.go::assigned")  # `a = x` writes the package's `a`
    for caller in ("param", "ranged", "declared"):
        assert (a, TYPE) not in _from(found, f"use.go::{caller}"), caller
    assert _from(found, "use.go::typed") == {(b, TYPE)}


def test_parameters_hide_the_language_s_globals() -> None:
    # ECMAScript binds a function's formal parameters in its own environment, in front of the
    # global object's (`document`, `window`); Python's locals hide its builtins (`id`, `type`).
    found = _calls(
        {
            "src/a.js": "export class A {\n  go() {}\n}\n",
            "src/b.js": "export class B {\n  go() {}\n}\n",
            "src/use.js": (
                "export function global() { document.go(); }\n"
                "export function param(document) { document.go(); }\n"
                "export function reassigned(node, window) {\n"
                "  if (window === undefined) { window = node.owner; }\n  window.go();\n}\n"
            ),
            "pkg/a.py": "class A:\n    def go(self):\n        pass\n",
            "pkg/b.py": "class B:\n    def go(self):\n        pass\n",
            "pkg/use.py": "def builtin():\n    id.go()\n\ndef param(id):\n    id.go()\n",
        }
    )
    a, b = "src/a.js::A.go", "src/b.js::B.go"
    assert _from(found, "src/use.js::global") == set()  # the browser's document: not ours
    for caller in ("param", "reassigned"):
        assert _from(found, f"src/use.js::{caller}") == {(a, AMBIGUOUS), (b, AMBIGUOUS)}, caller
    assert _from(found, "pkg/use.py::builtin") == set()
    assert _from(found, "pkg/use.py::param") == {("pkg/a.py::A.go", AMBIGUOUS), ("pkg/b.py::B.go", AMBIGUOUS)}
