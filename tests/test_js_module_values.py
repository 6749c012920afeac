"""JavaScript and TypeScript values bound by the language's definitions: CommonJS's own exports
object read back (Node's module wrapper binds ``exports`` and ``module.exports`` in every module),
and TypeScript's contextual typing (a function expression given a declared function type takes
that type's parameter types for the parameters it leaves untyped). A small repository in, the
expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.config import Config
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild


def calls(files: dict[str, str]) -> set[tuple[str, str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}


def pairs(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(s, t) for s, t, _ in calls(files)}


SUITE = "function Suite(title) {}\nSuite.prototype.addSuite = function (s) {};\nmodule.exports = Suite;\n"
CONTEXT = "module.exports = Context;\nfunction Context() {}\n"
# Another module's Suite: the name alone must never choose it.
OTHER = "function Suite() {}\nmodule.exports = Suite;\n"


def test_an_export_assigned_a_required_module_is_read_back_through_exports() -> None:
    edges = pairs(
        {
            "lib/suite.js": SUITE,
            "lib/context.js": CONTEXT,
            "other/suite.js": OTHER,
            "lib/mocha.js": (
                "exports = module.exports = Mocha;\n"
                "exports.Suite = require('./suite');\n"
                "module.exports.Context = require('./context');\n"
                "function Mocha() {\n"
                "  this.suite = new exports.Suite('', new module.exports.Context());\n"
                "  exports.Suite.prototype.addSuite.call(this.suite, 1);\n"
                "}\n"
            ),
        }
    )
    assert {
        ("lib/mocha.js::Mocha", "lib/suite.js::Suite"),
        ("lib/mocha.js::Mocha", "lib/context.js::Context"),
        ("lib/mocha.js::Mocha", "lib/suite.js::Suite.addSuite"),
    } <= edges
    assert ("lib/mocha.js::Mocha", "other/suite.js::Suite") not in edges


def test_another_module_reads_an_export_assigned_a_required_module() -> None:
    edges = pairs(
        {
            "lib/suite.js": SUITE,
            "other/suite.js": OTHER,
            "lib/mocha.js": "exports.Suite = require('./suite');\n",
            "lib/run.js": (
                "const mocha = require('./mocha');\nconst { Suite } = require('./mocha');\n"
                "function run() {\n  new mocha.Suite('a');\n  new Suite('b');\n}\n"
            ),
        }
    )
    assert ("lib/run.js::run", "lib/suite.js::Suite") in edges
    assert ("lib/run.js::run", "other/suite.js::Suite") not in edges


def test_exports_declared_by_a_function_for_itself_is_not_the_module() -> None:
    # `exports` is only the module's object where nothing nearer binds the name.
    edges = pairs(
        {
            "lib/suite.js": SUITE,
            "lib/mocha.js": (
                "exports.Suite = require('./suite');\n"
                "function wrap(exports) {\n  return new exports.Suite();\n}\n"
                "function local() {\n  const exports = {};\n  exports.Suite();\n}\n"
            ),
        }
    )
    assert ("lib/mocha.js::wrap", "lib/suite.js::Suite") not in edges
    assert ("lib/mocha.js::local", "lib/suite.js::Suite") not in edges


def test_an_export_the_module_does_not_make_stays_unresolved() -> None:
    # exports.missing names nothing the module exports: no guess by the name `Suite` elsewhere.
    edges = pairs({"lib/suite.js": SUITE, "lib/mocha.js": "function Mocha() {\n  new exports.Suite();\n}\n"})
    assert not {e for e in edges if e[0] == "lib/mocha.js::Mocha"}


TRANSFORM = (
    "export interface TransformContext {\n  cache(exp: string): string\n  helper(name: string): string\n}\n"
    "export class Node {\n  kind(): string { return '' }\n}\n"
    "export class Other {\n  cache(exp: string): string { return exp }\n  kind(): string { return '' }\n}\n"
    "export type NodeTransform = (\n  node: Node,\n  context: TransformContext,\n) => void\n"
)


def test_a_function_given_a_function_type_takes_its_parameter_types() -> None:
    edges = calls(
        {
            "src/transform.ts": TRANSFORM,
            "src/index.ts": "export * from './transform'\n",
            "src/v_once.ts": (
                "import { NodeTransform } from './transform'\n"
                "import type { NodeTransform as NT } from './index'\n"
                "export const transformOnce: NodeTransform = (node, context) => {\n"
                "  context.cache('x')\n  node.kind()\n}\n"
                "export const viaIndex: NT = function (node, ctx) {\n  ctx.helper('y')\n}\n"
            ),
        }
    )
    assert {
        ("src/v_once.ts::transformOnce", "src/transform.ts::TransformContext.cache", "type"),
        ("src/v_once.ts::transformOnce", "src/transform.ts::Node.kind", "type"),
        ("src/v_once.ts::viaIndex", "src/transform.ts::TransformContext.helper", "type"),
    } <= edges
    # The type decides: no by-name match to another class with a method of the same name.
    assert not {e for e in edges if e[1].startswith("src/transform.ts::Other.")}


def test_a_parameter_takes_the_type_at_its_own_position_only() -> None:
    edges = pairs(
        {
            "src/transform.ts": TRANSFORM,
            "src/a.ts": (
                "import { NodeTransform } from './transform'\n"
                # One parameter: it is the function type's first (a Node), whatever its name.
                "export const first: NodeTransform = (context) => {\n  context.cache('x')\n}\n"
                # A stated type decides over the contextual one.
                "export const stated: NodeTransform = (node, context: Other) => {\n  context.cache('x')\n}\n"
                "import { Other } from './transform'\n"
            ),
        }
    )
    assert ("src/a.ts::first", "src/transform.ts::TransformContext.cache") not in edges
    assert ("src/a.ts::stated", "src/transform.ts::Other.cache") in edges
    assert ("src/a.ts::stated", "src/transform.ts::TransformContext.cache") not in edges


def test_a_type_that_is_no_function_type_types_no_parameter() -> None:
    edges = calls(
        {
            "src/transform.ts": TRANSFORM + "export type Holder = { context: TransformContext }\n",
            "src/a.ts": (
                "import { Holder } from './transform'\n"
                "export const h: Holder = (node, context) => {\n  context.helper('x')\n}\n"
            ),
        }
    )
    # Whatever the name alone may match, nothing is bound by a type here.
    assert not {e for e in edges if e[0] == "src/a.ts::h" and e[2] == "type"}


def test_an_update_of_a_function_type_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(
        {
            "src/transform.ts": TRANSFORM,
            "src/a.ts": (
                "import { NodeTransform } from './transform'\n"
                "export const t: NodeTransform = (node, context) => {\n  context.cache('x')\n  node.kind()\n}\n"
            ),
        }
    )
    indexer = Indexer(root, Config(workers=1))
    indexer.run(full=True)
    steps = [
        {"src/transform.ts": TRANSFORM.replace("context: TransformContext", "context: Other")},
        {
            "src/transform.ts": TRANSFORM.replace(
                "node: Node,\n  context: TransformContext", "context: TransformContext"
            )
        },
        {"src/transform.ts": TRANSFORM},
    ]
    try:
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    finally:
        indexer.close()


RES = (
    "var res = module.exports = {};\n"
    "res.set = res.header = function header(field, val) {\n  return this;\n};\n"
    "res.send = function send(body) {\n  this.set('a', 1);\n  res.set('b', 2);\n  return this;\n};\n"
    "function direct(other) {\n  res.header('x');\n  res.send('y');\n}\n"
    "function hidden(res) {\n  res.send('z');\n}\n"
)
# Another object giving members of the same names: never chosen for `res`'s.
REQ = "var req = module.exports = {};\nreq.header = function header() {};\nreq.send = function send() {};\n"


def test_each_name_of_a_chained_assignment_holds_the_function() -> None:
    edges = calls({"res.js": RES, "req.js": REQ})
    assert ("res.js::res.send", "res.js::res.header", "scope") in edges  # this.set(): res.set is res.header
    assert ("res.js::res.send", "res.js::res.header", "value") in edges  # res.set()
    assert not {e for e in edges if e[1].startswith("req.js::")}
    plain = pairs(
        {
            "a.js": (
                "function one() {}\nfunction two() {}\nvar a = b = one;\nvar c;\nc = d = two;\n"
                "function run() {\n  a();\n  b();\n  c();\n  d();\n}\n"
            )
        }
    )
    assert {("a.js::run", "a.js::one"), ("a.js::run", "a.js::two")} <= plain


def test_a_member_the_file_gives_a_plain_object_is_called_through_its_name() -> None:
    edges = calls({"res.js": RES, "req.js": REQ})
    assert {
        ("res.js::direct", "res.js::res.header", "scope"),
        ("res.js::direct", "res.js::res.send", "scope"),
    } <= edges
    # A parameter named res is not the module's object: what it holds is unknown.
    assert not {e for e in edges if e[0] == "res.js::hidden" and e[2] == "scope"}
    # Another file's `res` is its own (the file gives it nothing): no edge by scope to res.js.
    other = calls({"res.js": RES, "b.js": "var res = {};\nfunction go() {\n  res.send(1);\n}\n"})
    assert not {e for e in other if e[0] == "b.js::go" and e[2] == "scope"}


def test_a_destructured_name_holds_the_objects_property() -> None:
    edges = calls(
        {
            "a.js": (
                "function f() {}\nfunction g() {}\nconst o = { a: f, b: g };\n"
                "function run() {\n  const { a, b: c } = o;\n  a();\n  c();\n}\n"
                # A parameter o is not the module's table: what its properties hold is unknown.
                "function shadow(o) {\n  const { a } = o;\n  a();\n}\n"
            )
        }
    )
    assert {("a.js::run", "a.js::f", "value"), ("a.js::run", "a.js::g", "value")} <= edges
    assert not {e for e in edges if e[0] == "a.js::shadow"}


def test_a_comma_expression_calls_its_last_operand() -> None:
    edges = pairs(
        {
            "lib.js": "module.exports.foo = () => 1;\nmodule.exports.bar = function bar() {};\n",
            "other.js": "function foo() {}\nfunction bar() {}\n",
            "client.js": (
                "const lib = require('./lib');\nfunction local() {}\n"
                "function run() {\n  (0, lib.foo)();\n  (0, local)(1);\n  (lib.bar, 0);\n}\n"
            ),
        }
    )
    assert {("client.js::run", "lib.js::foo"), ("client.js::run", "client.js::local")} <= edges
    # Only the last operand is called; an operand before it is only evaluated.
    assert ("client.js::run", "lib.js::bar") not in edges
    assert not {e for e in edges if e[1].startswith("other.js::")}


def test_a_getter_read_as_a_value_is_not_the_function_called() -> None:
    # Reading `o.bar` runs the getter; the name holds what it returns (unknown here), not the getter.
    source = (
        "const o = {\n  get bar() {\n    return () => 1;\n  },\n  baz() {},\n};\n"
        "function run() {\n  const { bar, baz } = o;\n  bar();\n  baz();\n  const h = o.bar;\n  h();\n}\n"
    )
    edges = pairs({"a.js": source})
    assert ("a.js::run", "a.js::o.bar") not in edges
    # A plain method read the same way is the function called.
    assert ("a.js::run", "a.js::o.baz") in edges
