"""JavaScript: a small repository in, the expected edges out."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from diffreach.index.build import BuiltGraph, graph_from_sources


def calls(files: dict[str, str]) -> set[tuple[str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target) for e in g.edges if e.kind == "calls"}


def statuses(g: BuiltGraph, scope: str) -> dict[str, str]:
    return {r.ref.name: r.status for r in g.resolved if r.ref.scope == scope and r.ref.kind == "call"}


def test_same_name_in_two_modules_follows_the_import() -> None:
    edges = calls(
        {
            "one.js": "export function load() {}\n",
            "two.js": "export function load() {}\n",
            "user.js": "import { load } from './two';\n\nexport function go() {\n  load();\n}\n",
        }
    )
    assert edges == {("user.js::go", "two.js::load")}


def test_aliased_named_import_and_local_shadowing() -> None:
    edges = calls(
        {
            "util.js": "export function load() {}\nexport function save() {}\n",
            "user.js": (
                "import { load as fetchIt, save } from './util.js';\n"
                "function go() { fetchIt(); }\n"
                "function keep() { function save() {} save(); }\n"
            ),
        }
    )
    assert edges == {("user.js::go", "util.js::load"), ("user.js::keep", "user.js::keep.save")}


def test_unrelated_classes_with_get_are_not_connected_by_an_unknown_receiver() -> None:
    g = graph_from_sources(
        {
            "a.js": "export class Cache {\n  get(k) {}\n  push(x) {}\n}\n",
            "b.js": "export class Registry {\n  get(k) {}\n}\n",
            "c.js": "export function use(thing, items) {\n  thing.get(1);\n  items.push(2);\n}\n",
        }
    )
    assert not [e for e in g.edges if e.source == "c.js::use"]
    assert statuses(g, "c.js::use") == {"get": "unresolved", "push": "unresolved"}


def test_reexport_chain_through_index_files() -> None:
    edges = calls(
        {
            "lib/core/engine.js": "export function start() {}\nexport function stop() {}\n",
            "lib/core/index.js": "export * from './engine';\n",
            "lib/index.js": "export { start as boot } from './core';\nexport * from './core/index.js';\n",
            "app.js": "import { boot, stop } from './lib';\n\nboot();\nstop();\n",
        }
    )
    assert edges == {("app.js", "lib/core/engine.js::start"), ("app.js", "lib/core/engine.js::stop")}


def test_default_imports_of_every_default_export_form() -> None:
    edges = calls(
        {
            "named.js": "export default function main() {}\n",
            "anon.js": "export default () => 1;\n",
            "later.js": "function run() {}\nexport default run;\n",
            "klass.js": "export default class Widget {\n  constructor() {}\n}\n",
            "listed.js": "function inner() {}\nexport { inner as default };\n",
            "app.js": (
                "import main from './named';\nimport anon from './anon';\nimport go from './later';\n"
                "import Widget from './klass';\nimport { default as inner } from './listed';\n"
                "function boot() { main(); anon(); go(); new Widget(); inner(); }\n"
            ),
        }
    )
    assert edges == {
        ("app.js::boot", "named.js::main"),
        ("app.js::boot", "anon.js::default"),
        ("app.js::boot", "later.js::run"),
        ("app.js::boot", "klass.js::Widget.constructor"),
        ("app.js::boot", "listed.js::inner"),
    }


def test_namespace_import_and_member_call() -> None:
    g = graph_from_sources(
        {
            "math.js": "export function add(a, b) { return a + b; }\n",
            "app.js": "import * as m from './math.js';\nfunction go() { m.add(1, 2); m.missing(); }\n",
        }
    )
    assert {(e.source, e.target) for e in g.edges if e.kind == "calls"} == {("app.js::go", "math.js::add")}
    assert statuses(g, "app.js::go") == {"add": "resolved", "missing": "unresolved"}


def test_commonjs_require_and_module_exports() -> None:
    edges = calls(
        {
            "lib/obj.js": "function helper() {}\nfunction other() {}\nmodule.exports = { helper, renamed: other };\n",
            "lib/fn.js": "module.exports = function () {};\n",
            "lib/named.js": "module.exports = function build() {};\n",
            "lib/props.js": "exports.parse = function () {};\nfunction fmt() {}\nexports.format = fmt;\n",
            "app.js": (
                "const obj = require('./lib/obj');\n"
                "const { renamed } = require('./lib/obj.js');\n"
                "const fn = require('./lib/fn');\n"
                "const build = require('./lib/named');\n"
                "const props = require('./lib/props');\n"
                "const parse = require('./lib/props').parse;\n"
                "function go() { obj.helper(); renamed(); fn(); build(); props.format(); parse(); }\n"
            ),
        }
    )
    assert edges == {
        ("app.js::go", "lib/obj.js::helper"),
        ("app.js::go", "lib/obj.js::other"),
        ("app.js::go", "lib/fn.js::exports"),
        ("app.js::go", "lib/named.js::build"),
        ("app.js::go", "lib/props.js::fmt"),
        ("app.js::go", "lib/props.js::parse"),
    }


def test_es_import_of_a_commonjs_module() -> None:
    edges = calls(
        {
            "legacy.js": "function old() {}\nmodule.exports = { old };\n",
            "app.mjs": "import legacy from './legacy.js';\nlegacy.old();\n",
        }
    )
    assert edges == {("app.mjs", "legacy.js::old")}


def test_an_object_exported_as_default_gives_its_members_to_the_default_import() -> None:
    # ECMA-262: `export default {…}` exports the object; U.p on the default import reads its
    # property p, the function the object holds there (renamed or not). (As for module.exports =
    # {…}, the module stands for the object: a name of the module's own is found too.)
    edges = calls(
        {
            "utils.js": (
                "const prettyUnit = (u) => u;\nfunction padStart(s) { return s; }\nfunction q2() {}\n"
                "export default {\n  p: prettyUnit,\n  'z': padStart,\n  padStart,\n};\n"
            ),
            "index.js": (
                "import U from './utils';\n"
                "export function run(x) { U.p(x); U.z(x); U.padStart(x); }\n"
                "export function other() { U.q(); }\n"
            ),
        }
    )
    assert {e for e in edges if e[0] == "index.js::run"} == {
        ("index.js::run", "utils.js::prettyUnit"),
        ("index.js::run", "utils.js::padStart"),
    }
    assert {e for e in edges if e[0] == "index.js::other"} == set()


def test_extension_less_paths_index_files_and_parent_directories() -> None:
    g = graph_from_sources(
        {
            "src/utils/index.js": "export function slug() {}\n",
            "src/deep/a/b/page.jsx": "import { slug } from '../../../utils';\nexport function Page() { slug(); }\n",
        }
    )
    assert ("src/deep/a/b/page.jsx::Page", "src/utils/index.js::slug") in {(e.source, e.target) for e in g.edges}
    assert ("src/deep/a/b/page.jsx", "src/utils/index.js", "imports") in g.edge_set("imports")


def test_class_extends_this_inherited_super_and_constructor() -> None:
    g = graph_from_sources(
        {
            "base.js": "export class Base {\n  constructor() {}\n  helper() {}\n  run() {}\n}\n",
            "child.js": (
                "import { Base } from './base';\n"
                "export class Child extends Base {\n"
                "  constructor() { super(); }\n"
                "  run() { super.run(); this.helper(); this.#own(); }\n"
                "  #own() {}\n"
                "}\n"
                "export function make() { const c = new Child(); c.run(); }\n"
            ),
        }
    )
    edges = g.edge_set()
    assert ("child.js::Child", "base.js::Base", "inherits") in edges
    assert ("child.js::Child.constructor", "base.js::Base.constructor", "calls") in edges
    assert ("child.js::Child.run", "base.js::Base.run", "calls") in edges
    assert ("child.js::Child.run", "base.js::Base.helper", "calls") in edges
    assert ("child.js::Child.run", "child.js::Child.#own", "calls") in edges
    assert ("child.js::make", "child.js::Child.constructor", "calls") in edges
    assert ("child.js::make", "child.js::Child.run", "calls") in edges
    assert ("base.js::Base.run", "child.js::Child.run", "dynamic") in edges


def test_object_namespaces_function_members_and_prototype_methods() -> None:
    g = graph_from_sources(
        {
            "api.js": (
                "export const api = {\n  get(url) { return this.send(url); },\n  send: (url) => url,\n};\n"
                "export function Err() {}\nErr.from = function (e) { return new Err(); };\n"
                "Err.prototype.toJSON = function () {};\n"
            ),
            "app.js": "import { api, Err } from './api';\nfunction go() { api.get('/'); Err.from(1); }\n",
        }
    )
    edges = {(e.source, e.target) for e in g.edges if e.kind == "calls"}
    assert ("app.js::go", "api.js::api.get") in edges
    assert ("api.js::api.get", "api.js::api.send") in edges
    assert ("app.js::go", "api.js::Err.from") in edges
    kinds = {s.id: s.kind for s in g.symbols}
    assert kinds["api.js::api"] == "class"
    assert kinds["api.js::Err.toJSON"] == "method"


def test_functions_as_values_dispatch_tables_and_jsx() -> None:
    g = graph_from_sources(
        {
            "handlers.js": "export function onSave() {}\nexport function onLoad() {}\nexport function Button() {}\n",
            "app.jsx": (
                "import { onSave, onLoad, Button } from './handlers';\n"
                "const table = { save: onSave, load: onLoad };\n"
                "export function App() {\n"
                "  setTimeout(onSave, 1);\n"
                "  return <div><Button onClick={onLoad} /></div>;\n"
                "}\n"
            ),
        }
    )
    refs = {(e.source, e.target) for e in g.edges if e.kind == "references"}
    assert ("app.jsx", "handlers.js::onSave") in refs
    assert ("app.jsx", "handlers.js::onLoad") in refs
    assert ("app.jsx::App", "handlers.js::onSave") in refs
    assert ("app.jsx::App", "handlers.js::onLoad") in refs
    assert ("app.jsx::App", "handlers.js::Button") in {(e.source, e.target) for e in g.edges if e.kind == "calls"}
    assert statuses(g, "app.jsx::App") == {"setTimeout": "builtin", "Button": "resolved"}


def test_packages_builtins_and_unknown_names() -> None:
    g = graph_from_sources(
        {
            "a.js": (
                "import React from 'react';\nconst fs = require('fs');\n"
                "function f() { React.createElement('div'); fs.readFileSync('x'); console.log(1); mystery(); }\n"
            ),
        }
    )
    assert not [e for e in g.edges if e.kind == "calls"]
    assert statuses(g, "a.js::f") == {
        "createElement": "external",
        "readFileSync": "external",
        "log": "external",
        "mystery": "unresolved",
    }


def test_test_files_make_tests_edges() -> None:
    g = graph_from_sources(
        {
            "src/calc.js": "export function add(a, b) { return a + b; }\n",
            "src/calc.spec.js": "import { add } from './calc';\ndescribe('add', () => { it('adds', () => add(1, 2)); });\n",
            "src/__tests__/more.js": "const { add } = require('../calc');\nadd(2, 3);\n",
        }
    )
    tests = {(e.source, e.target) for e in g.edges if e.kind == "tests"}
    assert tests == {("src/calc.spec.js", "src/calc.js::add"), ("src/__tests__/more.js", "src/calc.js::add")}
    assert not [e for e in g.edges if e.kind == "calls"]
    flags = {s.id: s.is_test for s in g.symbols if s.kind == "file"}
    assert flags == {"src/calc.js": False, "src/calc.spec.js": True, "src/__tests__/more.js": True}


def test_doc_comment_and_signature_of_an_exported_function() -> None:
    g = graph_from_sources(
        {"a.js": "/**\n * Adds two numbers.\n */\nexport function add(a, b) {\n  return a + b;\n}\n"}
    )
    add = next(s for s in g.symbols if s.id == "a.js::add")
    assert (add.doc, add.signature, add.start_line, add.end_line) == (
        "Adds two numbers.",
        "export function add(a, b)",
        4,
        6,
    )


def test_cli_indexes_a_javascript_repository(make_repo: Callable[..., Path]) -> None:
    root = make_repo(
        {
            "package.json": '{"name": "demo"}\n',
            "src/util.js": "export function slug(s) { return s.toLowerCase(); }\n",
            "src/index.js": "import { slug } from './util';\nexport function page(t) { return slug(t); }\n",
            "src/index.test.js": "import { page } from './index';\ntest('page', () => page('A'));\n",
        }
    )
    result = CliRunner().invoke(main, ["index", str(root), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["files"] == 3
    assert summary["edges"]["calls"] == 1
    assert summary["edges"]["tests"] == 1
    assert summary["edges"]["imports"] == 2


def test_methods_of_an_object_passed_as_an_argument_are_not_top_level_names() -> None:
    edges = calls(
        {
            "t.js": "export function test() {}\n",
            "a.js": "import { test } from './t';\nrun({ async test() { inner(); } });\ntest();\nfunction inner() {}\n",
        }
    )
    assert edges == {("a.js", "t.js::test"), ("a.js", "a.js::inner")}


def test_a_member_keyed_by_a_string_is_named_without_its_quotes() -> None:
    # ECMA-262 PropertyName: `'b': …` and `b: …` define the same property `b`.
    g = graph_from_sources(
        {
            "api.js": (
                "export const api = {\n  'load': function () {},\n  \"save\": () => {},\n  keep: function () {},\n};\n"
                "const table = { 'run': go };\nfunction go() {}\n"
                "export function use() {\n  api.load();\n  api.save();\n  table.run();\n}\n"
            ),
        }
    )
    ids = {s.id for s in g.symbols}
    assert {"api.js::api.load", "api.js::api.save", "api.js::api.keep"} <= ids
    assert not [i for i in ids if "'" in i or '"' in i]
    edges = {(e.source, e.target) for e in g.edges if e.kind == "calls"}
    assert {
        ("api.js::use", "api.js::api.load"),
        ("api.js::use", "api.js::api.save"),
        ("api.js::use", "api.js::go"),
    } <= edges
    assert ("api.js::use", "api.js::api.keep") not in edges


def test_a_relative_import_of_build_output_not_in_the_repository_names_its_source() -> None:
    # Tests that require what the build writes (dist/cjs/, gitignored): the output mirrors the
    # source tree, so the file with the same path below the source folder is the one that runs.
    files = {
        "lib/precompiler.js": "module.exports.cli = function (opts) {};\n",
        "lib/handlebars/compiler/compiler.js": "export function compile(t) {}\n",
        "spec/precompiler.js": "var P = require('../dist/cjs/precompiler');\nfunction t() { P.cli({}); }\n",
        "spec/env/runtime.js": (
            "var compiler = require('../../dist/cjs/handlebars/compiler/compiler');\n"
            "function t() { compiler.compile(''); }\n"
        ),
        "spec/missing.js": "var m = require('../dist/cjs/nowhere');\nfunction t() { m.cli(); }\n",
    }
    g = graph_from_sources(files)
    edges = {(e.source, e.target) for e in g.edges if e.kind in ("calls", "tests")}
    assert ("spec/precompiler.js::t", "lib/precompiler.js::cli") in edges
    assert ("spec/env/runtime.js::t", "lib/handlebars/compiler/compiler.js::compile") in edges
    # A path with no source counterpart stays outside the repository: no guess by name.
    assert not {e for e in edges if e[0].startswith("spec/missing.js")}


def test_a_build_folder_that_is_in_the_repository_is_read_as_it_is() -> None:
    # lib/ holds sources here: an import of a lib/ file that does not exist is not moved elsewhere.
    files = {
        "lib/a.js": "export function run() {}\n",
        "src/b.js": "export function go() {}\n",
        "spec/t.js": "var b = require('../lib/b');\nfunction t() { b.go(); }\n",
    }
    edges = {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind in ("calls", "tests")}
    assert ("spec/t.js::t", "src/b.js::go") not in edges


def test_a_relative_import_of_a_folder_loads_its_package_entry_first() -> None:
    # Node's LOAD_AS_DIRECTORY: X/package.json's "main" before X/index.js; a main in build
    # output the repository does not hold falls back to its source.
    files = {
        "package.json": '{"name": "tool", "main": "dist/index.js"}\n',
        "src/index.ts": "export class Application { generateJson() {} }\n",
        "scripts/rebuild.js": "const T = require('..');\nfunction go() { const app = new T.Application(); app.generateJson(); }\n",
        "pkg/package.json": '{"main": "main.js"}\n',
        "pkg/main.js": "export function run() {}\n",
        "pkg/index.js": "export function run() {}\n",
        "user.js": "import { run } from './pkg';\nfunction go() { run(); }\n",
    }
    edges = {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}
    assert ("scripts/rebuild.js::go", "src/index.ts::Application.generateJson") in edges
    assert ("user.js::go", "pkg/main.js::run") in edges
    assert ("user.js::go", "pkg/index.js::run") not in edges


def test_an_import_from_the_root_reads_the_project_root() -> None:
    # No repository holds a file at its machine's absolute path; the tools that accept one
    # (Meteor, Vite) read `/x` from the project's root: the nearest package.json's folder.
    files = {
        "app/package.json": '{"name": "app"}\n',
        "app/models/lib/query.js": "function build(s) { return s; }\nmodule.exports = { build };\n",
        "app/server/publish.js": "import { build } from '/models/lib/query';\nexport function go() { build(1); }\n",
        "models/lib/query.js": "export function build(s) { return s; }\n",  # the repository root's: not it
        "tool/use.js": "import { build } from '/models/lib/query';\nexport function run() { build(2); }\n",
    }
    edges = calls(files)
    assert ("app/server/publish.js::go", "app/models/lib/query.js::build") in edges
    assert ("app/server/publish.js::go", "models/lib/query.js::build") not in edges
    assert ("tool/use.js::run", "models/lib/query.js::build") in edges  # no package.json above: the repository's
    assert not calls({"a.js": "import { f } from '/usr/lib/node/f';\nexport function g() { f(); }\n"})


def test_a_typescript_receiver_cast_to_any_is_the_value_inside_the_cast() -> None:
    # A type assertion has no run-time effect: `(<any>range(1, 10)).pipe()` and
    # `(x as unknown).subscribe()` run what the value's own type gives. Forbidden: a cast to a
    # named type looked through (`(x as Sink).subscribe()` is Sink's, whatever x is).
    g = graph_from_sources(
        {
            "src/obs.ts": (
                "export class Observable<T> {\n  pipe(): Observable<T> { return this }\n  subscribe(cb: any): void {}\n}\n"
                "export class Sink {\n  subscribe(cb: any): void {}\n}\n"
                "export function range(a: number, b: number): Observable<number> { return new Observable<number>() }\n"
            ),
            "src/use.ts": (
                "import { range, Observable, Sink } from './obs'\n\n"
                "export function a() {\n  (<any>range(1, 10)).pipe()\n}\n"
                "export function b(x: Observable<number>) {\n  (x as unknown).subscribe(3)\n}\n"
                "export function c(x: Observable<number>) {\n  (x as Sink).subscribe(4)\n}\n"
            ),
        }
    )
    edges = {(e.source, e.target): e.resolution for e in g.edges if e.kind == "calls"}
    assert edges.get(("src/use.ts::a", "src/obs.ts::Observable.pipe")) == "type"
    assert edges.get(("src/use.ts::b", "src/obs.ts::Observable.subscribe")) == "type"
    assert edges.get(("src/use.ts::c", "src/obs.ts::Observable.subscribe")) != "type"
