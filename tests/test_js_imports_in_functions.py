"""JavaScript and TypeScript modules loaded inside a function. ECMAScript's ``import()`` resolves
to the module's namespace object, so ``const m = await import('./m')`` binds ``m`` as
``import * as m from './m'`` does, and a destructuring of it binds the named exports; CommonJS's
``require`` inside a function binds as it does at the top level. The declaration that loads the
module is the import: it does not hide the name as an unknown local would. A small repository
in, the expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

LIB = "export async function initThing(n: number): Promise<number> { return n + 1; }\nexport function other(): number { return 2; }\n"
# A namesake in another module: the name alone must never choose it.
DECOY = "export function initThing(): void {}\nexport function other(): void {}\n"


def pairs(files: dict[str, str]) -> set[tuple[str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target) for e in g.edges if e.kind == "calls"}


def test_an_awaited_dynamic_import_binds_the_module_namespace() -> None:
    client = (
        "export class Client {\n"
        "  async start(): Promise<void> {\n"
        '    const Lib = await import("./lib");\n'
        "    await Lib.initThing(3);\n"
        "  }\n"
        "}\n"
    )
    edges = pairs({"src/lib.ts": LIB, "src/decoy.ts": DECOY, "src/client.ts": client})
    assert ("src/client.ts::Client.start", "src/lib.ts::initThing") in edges
    assert ("src/client.ts::Client.start", "src/decoy.ts::initThing") not in edges


def test_a_destructured_dynamic_import_binds_the_named_exports() -> None:
    client = (
        "export async function go() {\n"
        "  const { other, initThing: init } = await import('./lib.js');\n"
        "  other();\n"
        "  init(1);\n"
        "}\n"
    )
    edges = pairs(
        {
            "src/lib.js": LIB.replace(": number", "").replace(": Promise<number>", ""),
            "src/decoy.js": DECOY.replace(": void", ""),
            "src/client.js": client,
        }
    )
    assert {("src/client.js::go", "src/lib.js::other"), ("src/client.js::go", "src/lib.js::initThing")} <= edges
    assert not {("src/client.js::go", "src/decoy.js::other"), ("src/client.js::go", "src/decoy.js::initThing")} & edges


def test_a_require_inside_a_function_binds_there_as_at_the_top_level() -> None:
    client = (
        "function viaRequire() {\n  const L = require('./lib');\n  L.initThing(4);\n}\nmodule.exports = viaRequire;\n"
    )
    lib = "function initThing(n) { return n + 1; }\nmodule.exports = { initThing };\n"
    edges = pairs(
        {
            "src/lib.js": lib,
            "src/decoy.js": "function initThing() {}\nmodule.exports = { initThing };\n",
            "src/client.js": client,
        }
    )
    assert ("src/client.js::viaRequire", "src/lib.js::initThing") in edges
    assert ("src/client.js::viaRequire", "src/decoy.js::initThing") not in edges


def test_a_promise_of_a_module_binds_nothing_and_a_local_still_hides_an_import() -> None:
    # Without await the value is a promise, not the namespace; a parameter named as the file's
    # import is the caller's value, not the module.
    client = (
        "import * as Lib from './lib';\n"
        "export function pending() {\n"
        "  const P = import('./lib');\n"
        "  P.initThing(1);\n"
        "}\n"
        "export function shadowed(Lib: any) {\n"
        "  Lib.other();\n"
        "}\n"
    )
    edges = pairs({"src/lib.ts": LIB, "src/client.ts": client})
    assert ("src/client.ts::pending", "src/lib.ts::initThing") not in edges
    assert ("src/client.ts::shadowed", "src/lib.ts::other") not in edges
