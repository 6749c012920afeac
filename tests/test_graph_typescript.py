"""TypeScript and TSX: a small repository in, the expected edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources


def calls(files: dict[str, str]) -> set[tuple[str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target) for e in g.edges if e.kind == "calls"}


def test_tsx_component_calls_an_imported_hook_and_renders_a_component() -> None:
    g = graph_from_sources(
        {
            "src/hooks/useCounter.ts": "export function useCounter(start: number) { return start; }\n",
            "src/components/Label.tsx": "export const Label = ({ text }: { text: string }) => <span>{text}</span>;\n",
            "src/components/Counter.tsx": (
                "import React from 'react';\n"
                "import { useCounter } from '../hooks/useCounter';\n"
                "import { Label } from './Label';\n"
                "export function Counter(): JSX.Element {\n"
                "  const n = useCounter(1);\n"
                "  return <div><Label text={String(n)} /></div>;\n"
                "}\n"
            ),
        }
    )
    edges = {(e.source, e.target) for e in g.edges if e.kind == "calls"}
    assert edges == {
        ("src/components/Counter.tsx::Counter", "src/hooks/useCounter.ts::useCounter"),
        ("src/components/Counter.tsx::Counter", "src/components/Label.tsx::Label"),
    }
    assert {s.id for s in g.symbols if s.file == "src/components/Label.tsx" and s.kind == "function"} == {
        "src/components/Label.tsx::Label"
    }


def test_js_extension_in_a_spec_names_the_ts_source() -> None:
    edges = calls(
        {
            "source/utils/merge.ts": "export const merge = (a: object, b: object) => ({ ...a, ...b });\n",
            "source/index.ts": "import { merge } from './utils/merge.js';\nexport function create() { return merge({}, {}); }\n",
        }
    )
    assert edges == {("source/index.ts::create", "source/utils/merge.ts::merge")}


def test_test_files_make_tests_edges() -> None:
    g = graph_from_sources(
        {
            "src/math.ts": "export function square(x: number): number { return x * x; }\n",
            "src/math.test.ts": "import { square } from './math';\ntest('square', () => { expect(square(2)).toBe(4); });\n",
        }
    )
    assert {
        (e.source, e.target, e.kind) for e in g.edges if e.target == "src/math.ts::square" and e.kind != "contains"
    } == {("src/math.test.ts", "src/math.ts::square", "tests")}
    assert next(s for s in g.symbols if s.id == "src/math.test.ts").is_test


def test_parameter_properties_fields_and_typed_parameters_bind_receivers() -> None:
    edges = calls(
        {
            "svc.ts": (
                "export class UserService { find(id: string) {} }\n"
                "export class Repo { load() {} }\n"
                "export class Cache { get(k: string) {} }\n"
            ),
            "ctl.ts": (
                "import { UserService, Repo, Cache } from './svc';\n"
                "export class Controller {\n"
                "  private repo: Repo;\n"
                "  constructor(private readonly users: UserService) {}\n"
                "  show(id: string, cache: Cache) {\n"
                "    this.users.find(id);\n"
                "    this.repo.load();\n"
                "    cache.get(id);\n"
                "  }\n"
                "}\n"
            ),
        }
    )
    assert edges == {
        ("ctl.ts::Controller.show", "svc.ts::UserService.find"),
        ("ctl.ts::Controller.show", "svc.ts::Repo.load"),
        ("ctl.ts::Controller.show", "svc.ts::Cache.get"),
    }


def test_interfaces_abstract_classes_implements_and_extends() -> None:
    g = graph_from_sources(
        {
            "shapes.ts": (
                "export interface Shape { area(): number; }\n"
                "export abstract class Base implements Shape {\n"
                "  abstract area(): number;\n"
                "  describe(): string { return String(this.area()); }\n"
                "}\n"
                "export class Square extends Base {\n"
                "  constructor(private side: number) { super(); }\n"
                "  area(): number { return this.side ** 2; }\n"
                "}\n"
                "export function total(shapes: Shape[], s: Shape): number { return s.area(); }\n"
            ),
        }
    )
    edges = g.edge_set()
    kinds = {s.id: s.kind for s in g.symbols}
    assert kinds["shapes.ts::Shape"] == "class" and kinds["shapes.ts::Shape.area"] == "method"
    assert kinds["shapes.ts::Base"] == "class"
    assert ("shapes.ts::Base", "shapes.ts::Shape", "inherits") in edges
    assert ("shapes.ts::Square", "shapes.ts::Base", "inherits") in edges
    assert ("shapes.ts::Base.describe", "shapes.ts::Base.area", "calls") in edges
    assert ("shapes.ts::total", "shapes.ts::Shape.area", "calls") in edges
    assert ("shapes.ts::Base.area", "shapes.ts::Square.area", "dynamic") in edges


def test_enums_namespaces_and_decorators() -> None:
    g = graph_from_sources(
        {
            "deco.ts": "export function Injectable() { return (t: unknown) => t; }\nexport function log(t: unknown) {}\n",
            "svc.ts": (
                "import { Injectable, log } from './deco';\n"
                "export enum Color { Red, Green }\n"
                "export namespace Paint { export function mix() {} }\n"
                "@Injectable()\n@log\nexport class Svc { run() { Paint.mix(); } }\n"
            ),
        }
    )
    kinds = {s.id: s.kind for s in g.symbols}
    assert kinds["svc.ts::Color"] == "class"
    assert kinds["svc.ts::Paint.mix"] == "method"
    edges = g.edge_set()
    assert ("svc.ts::Svc.run", "svc.ts::Paint.mix", "calls") in edges
    assert ("svc.ts::Svc", "deco.ts::log", "references") in edges
    assert ("svc.ts::Svc", "deco.ts::Injectable", "calls") in edges


def test_tsconfig_paths_with_comments_extends_and_base_url() -> None:
    edges = calls(
        {
            "tsconfig.base.json": (
                '{\n  // shared options\n  "compilerOptions": {\n    "baseUrl": ".",\n'
                '    "paths": { "@app/*": ["src/app/*"], "@lib": ["src/lib/index.ts"], },\n  }\n}\n'
            ),
            "tsconfig.json": '{ "extends": "./tsconfig.base.json", /* nothing else */ "include": ["src"] }\n',
            "src/app/format.ts": "export function format() {}\n",
            "src/lib/index.ts": "export function lib() {}\n",
            "src/shared/id.ts": "export function id() {}\n",
            "src/main.ts": (
                "import { format } from '@app/format';\nimport { lib } from '@lib';\n"
                "import { id } from 'src/shared/id';\nimport { other } from 'some-package';\n"
                "format(); lib(); id(); other();\n"
            ),
        }
    )
    assert edges == {
        ("src/main.ts", "src/app/format.ts::format"),
        ("src/main.ts", "src/lib/index.ts::lib"),
        ("src/main.ts", "src/shared/id.ts::id"),
    }


def test_monorepo_package_names_resolve_to_sources() -> None:
    g = graph_from_sources(
        {
            "package.json": '{"name": "root", "private": true, "workspaces": ["packages/*"]}\n',
            "packages/core/package.json": '{"name": "@acme/core", "main": "dist/index.js"}\n',
            "packages/core/src/index.ts": "export { parse } from './parse';\n",
            "packages/core/src/parse.ts": "export function parse(s: string) { return s; }\n",
            "packages/core/src/extra/tool.ts": "export function tool() {}\n",
            "packages/web/src/app.ts": (
                "import { parse } from '@acme/core';\nimport { tool } from '@acme/core/extra/tool';\n"
                "export function run() { parse('x'); tool(); }\n"
            ),
        }
    )
    edges = {(e.source, e.target) for e in g.edges if e.kind == "calls"}
    assert edges == {
        ("packages/web/src/app.ts::run", "packages/core/src/parse.ts::parse"),
        ("packages/web/src/app.ts::run", "packages/core/src/extra/tool.ts::tool"),
    }


def test_unrelated_methods_with_a_common_name_are_not_connected() -> None:
    g = graph_from_sources(
        {
            "a.ts": "export class Store { get(k: string) {} set(k: string) {} }\n",
            "b.ts": "export class Http { get(url: string) {} }\n",
            "c.ts": "export function use(thing: any, m: Map<string, number>) { thing.get('x'); m.set('a', 1); }\n",
        }
    )
    assert not [e for e in g.edges if e.source == "c.ts::use" and e.kind == "calls"]
    assert {r.ref.name: r.status for r in g.resolved if r.ref.scope == "c.ts::use"} == {
        "get": "unresolved",
        "set": "external",
    }  # Map is the standard library's


def test_import_equals_require_and_export_equals() -> None:
    edges = calls(
        {
            "legacy.ts": "function factory() {}\nexport = factory;\n",
            "use.ts": "import factory = require('./legacy');\nfactory();\n",
        }
    )
    assert edges == {("use.ts", "legacy.ts::factory")}


def test_a_receiver_typed_by_an_alias_of_an_intersection_binds_to_a_constituents_method() -> None:
    # TypeScript: `type A = B` names the type B; an intersection `B & C` has the members of each
    # of its constituents. `store: Generic` binds store.$subscribe() to WithState's declaration,
    # through the aliases (generic arguments erased), in another file.
    g = graph_from_sources(
        {
            "src/types.ts": (
                "export interface WithState<S> { $subscribe(cb: () => void): void }\n"
                "export interface WithActions { $reset(): void }\n"
                "export type Store<S, A> = WithState<S> & S & WithActions & Record<string, A>\n"
                "export type Generic = Store<object, unknown>\n"
                "export type Callback = (x: number) => void\n"
            ),
            "src/other.ts": "export class Other { $subscribe(cb: () => void) {} $reset() {} }\n",
            "src/devtools.ts": (
                "import { Generic } from './types'\n"
                "export function addDevtools(store: Generic) {\n"
                "  store.$subscribe(() => {})\n"
                "  store.$reset()\n"
                "}\n"
            ),
        }
    )
    edges = {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}
    assert edges == {
        ("src/devtools.ts::addDevtools", "src/types.ts::WithState.$subscribe", "type"),
        ("src/devtools.ts::addDevtools", "src/types.ts::WithActions.$reset", "type"),
    }
    # An alias of a function type or an object type is no type with named bases: no node.
    assert {s.id for s in g.symbols if s.file == "src/types.ts" and s.kind == "class"} == {
        "src/types.ts::WithState",
        "src/types.ts::WithActions",
        "src/types.ts::Store",
        "src/types.ts::Generic",
    }
    inherits = {(e.source, e.target) for e in g.edges if e.kind == "inherits"}
    assert inherits == {
        ("src/types.ts::Store", "src/types.ts::WithState"),
        ("src/types.ts::Store", "src/types.ts::WithActions"),
        ("src/types.ts::Generic", "src/types.ts::Store"),
    }


_REDECLARED = {
    "node.ts": (
        "export class StateNode {\n"
        "  public withConfig(options: object, context?: number): StateNode { return new StateNode(); }\n"
        "  public other(): number { return 1; }\n"
        "}\n"
    ),
    "types.ts": (
        "import { StateNode } from './node';\n"
        "export interface StateMachine extends StateNode {\n"
        "  id: string;\n"
        "  withConfig(options: object, context?: number): StateMachine;\n"
        "}\n"
        "export interface Configurable { withConfig(options: object): Configurable; }\n"
        "export interface Machine2 extends Configurable { withConfig(options: object): Machine2; }\n"
    ),
    "use.ts": (
        "import { StateMachine } from './types';\n"
        "export function useMachine(machine: StateMachine) { return machine.withConfig({}, 1); }\n"
    ),
}


def test_an_interface_that_redeclares_a_class_member_runs_the_class_member() -> None:
    # An interface extending a class inherits its members; a method it declares again (to narrow
    # its type) has no body, so an object typed by the interface runs the class's.
    edges = graph_from_sources(_REDECLARED).edge_set()
    assert ("types.ts::StateMachine.withConfig", "node.ts::StateNode.withConfig", "dynamic") in edges
    # Forbidden: the bodiless redeclaration as an override that would run in the class's place.
    assert ("node.ts::StateNode.withConfig", "types.ts::StateMachine.withConfig", "dynamic") not in edges
    # Between two interfaces nothing changes: the extending one's member overrides.
    assert ("types.ts::Configurable.withConfig", "types.ts::Machine2.withConfig", "dynamic") in edges
    assert ("types.ts::Machine2.withConfig", "types.ts::Configurable.withConfig", "dynamic") not in edges


def test_a_package_that_installs_the_name_from_the_registry_reaches_the_published_copy() -> None:
    # Node resolves a bare spec through node_modules: a package (an example or docs app) that
    # lists `rxjs` with a version range gets the published release, not the repository's source.
    # Expected: a workspace member, a `workspace:` or `file:` dependency, or a package listing
    # nothing reaches the source, as before.
    files = {
        "package.json": '{"name": "rxjs", "main": "dist/index.js", "workspaces": ["packages/*"]}\n',
        "src/index.ts": "export { timer } from './timer';\n",
        "src/timer.ts": "export function timer(n: number) { return n; }\n",
        "docs_app/package.json": '{"name": "docs", "dependencies": {"rxjs": "^7.5.1"}}\n',
        "docs_app/src/clock.ts": "import { timer } from 'rxjs';\nexport function tick() { return timer(1); }\n",
        "packages/demo/package.json": '{"name": "demo", "dependencies": {"rxjs": "^7.5.1"}}\n',
        "packages/demo/src/main.ts": "import { timer } from 'rxjs';\nexport function go() { return timer(2); }\n",
        "linked/package.json": '{"name": "linked", "dependencies": {"rxjs": "file:.."}}\n',
        "linked/src/use.ts": "import { timer } from 'rxjs';\nexport function use() { return timer(3); }\n",
        "spec/timer-spec.ts": "import { timer } from 'rxjs';\nexport function check() { return timer(4); }\n",
    }
    edges = {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}
    assert ("docs_app/src/clock.ts::tick", "src/timer.ts::timer") not in edges
    assert ("packages/demo/src/main.ts::go", "src/timer.ts::timer") in edges
    assert ("linked/src/use.ts::use", "src/timer.ts::timer") in edges
    assert ("spec/timer-spec.ts::check", "src/timer.ts::timer") in edges


def test_a_range_the_repository_s_copy_meets_reaches_the_source() -> None:
    # A package manager links a local package whose version meets the range (npm, Yarn and pnpm
    # workspaces, lerna's bootstrap), as repositories that build their packages together do
    # without declaring workspaces. Forbidden: a range the local version does not meet stays the
    # published release.
    files = {
        # Its entry is a module format's folder in the build output the repository lacks (`lib/umd`).
        "types/package.json": (
            '{"name": "lsp-types", "version": "3.16.0-next.5", "main": "./lib/umd/main.js", "typings": "./lib/umd/main"}\n'
        ),
        "types/src/main.ts": "export namespace Range {\n  export function create(n: number) { return n; }\n}\n",
        "client/package.json": '{"name": "client", "dependencies": {"lsp-types": "3.16.0-next.5"}}\n',
        "client/src/conv.ts": "import * as ls from 'lsp-types';\nexport function conv() { return ls.Range.create(1); }\n",
        "server/package.json": '{"name": "server", "dependencies": {"lsp-types": "^3.16.0-next.2"}}\n',
        "server/src/main.ts": "import { Range } from 'lsp-types';\nexport function serve() { return Range.create(2); }\n",
        "sample/package.json": '{"name": "sample", "dependencies": {"lsp-types": "^3.15.0"}}\n',
        "sample/src/app.ts": "import { Range } from 'lsp-types';\nexport function app() { return Range.create(3); }\n",
    }
    edges = {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}
    assert ("client/src/conv.ts::conv", "types/src/main.ts::Range.create") in edges
    assert ("server/src/main.ts::serve", "types/src/main.ts::Range.create") in edges
    assert ("sample/src/app.ts::app", "types/src/main.ts::Range.create") not in edges


def test_an_object_literal_checked_with_satisfies_or_asserted_with_as_is_a_namespace_of_its_functions() -> None:
    # `e satisfies T` and `e as T` are e: the object's functions are definitions named by its
    # variable, as a plain `const o = {…}`'s are, and their calls are theirs.
    files = {
        "src/store.ts": "export class Store {\n  put(k: string) {}\n}\nexport const store = new Store();\n",
        "src/parsers.ts": (
            "import { store } from './store';\nexport interface Parser { test(u: string): boolean; }\n"
            "export const loadFont = {\n  name: 'font',\n  test(u: string): boolean { return true; },\n"
            "  async load(u: string) { store.put(u); },\n} satisfies Parser;\n"
            "export const loadJson = { load: (u: string) => { store.put(u); } } as const;\n"
        ),
        "src/use.ts": "import { loadFont, loadJson } from './parsers';\nexport function f() { loadFont.load('u'); loadJson.load('v'); }\n",
    }
    symbols = {s.id for s in graph_from_sources(files).symbols}
    assert {
        "src/parsers.ts::loadFont.test",
        "src/parsers.ts::loadFont.load",
        "src/parsers.ts::loadJson.load",
    } <= symbols
    found = calls(files)
    assert ("src/parsers.ts::loadFont.load", "src/store.ts::Store.put") in found
    assert ("src/parsers.ts::loadJson.load", "src/store.ts::Store.put") in found
    assert {
        ("src/use.ts::f", "src/parsers.ts::loadFont.load"),
        ("src/use.ts::f", "src/parsers.ts::loadJson.load"),
    } <= found


def test_an_alias_of_an_object_type_holds_its_method_signatures_as_an_interface_does() -> None:
    # TypeScript: `type T = { m(): R }` declares the members of T as `interface T { m(): R }` would.
    # Its signatures are T's, not functions of the module: the bare call compile() in the same file
    # is the imported function's, and `s: System` binds s.compile() to the alias's member.
    g = graph_from_sources(
        {
            "src/compile.ts": "export function compile(c: string, s: System) { return c }\n",
            "src/system.ts": (
                "import { compile } from './compile'\n"
                "export type System = {\n"
                "  compile(c: string): string\n"
                "}\n"
                "export function build(s: System) {\n"
                "  compile('a', s)\n"
                "  s.compile('b')\n"
                "}\n"
            ),
        }
    )
    edges = {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}
    assert edges == {
        ("src/system.ts::build", "src/compile.ts::compile", "import"),
        ("src/system.ts::build", "src/system.ts::System.compile", "type"),
    }
    assert "src/system.ts::compile" not in {s.id for s in g.symbols}


def test_an_object_literal_declared_with_a_type_implements_it() -> None:
    # TypeScript: `const o: T = { m() {} }`, `{ … } satisfies T` and `{ … } as T` give an object
    # whose m is T's m. A call through a T reaches each such object's m, as an interface's call
    # reaches the classes that implement it; an object of another type, or of none, is not reached.
    g = graph_from_sources(
        {
            "src/types.ts": "export type Store = { get(k: string): number }\nexport interface Log { get(): void }\n",
            "src/stores.ts": (
                "import { Store, Log } from './types'\n"
                "export const memory: Store = { get(k) { return 1 } }\n"
                "export const disk = { get: (k: string) => 2 } satisfies Store\n"
                "export const log: Log = { get() {} }\n"
                "export const plain = { get(k: string) { return 3 } }\n"
            ),
            "src/use.ts": "import { Store } from './types'\nexport function f(s: Store) { return s.get('k') }\n",
        }
    )
    dispatch = {(e.source, e.target) for e in g.edges if e.kind == "dynamic"}
    assert dispatch == {
        ("src/types.ts::Store.get", "src/stores.ts::memory.get"),
        ("src/types.ts::Store.get", "src/stores.ts::disk.get"),
        ("src/types.ts::Log.get", "src/stores.ts::log.get"),
    }
    calls = {(e.source, e.target) for e in g.edges if e.kind == "calls"}
    assert calls == {("src/use.ts::f", "src/types.ts::Store.get")}


def test_an_interfaces_typed_property_types_the_member_chain() -> None:
    # TypeScript: `interface DS { utilities: Utilities }` (or `type DS = { … }`, or a base's
    # property) declares what `d.utilities` holds for `d: DS`: `d.utilities.has(k)` runs
    # Utilities' has, not Other's of the same name. An inline parameter type names no field.
    shared = {
        "src/u.ts": (
            "export class Utilities { has(k: string) { return true } }\n"
            "export class Other { has(k: string) { return false } }\n"
        ),
        "src/use.ts": "import { DS } from './ds'\nexport function f(d: DS) {\n  return d.utilities.has('x')\n}\n",
    }
    for declared in (
        "export interface DS { utilities: Utilities; name?: string }\n",
        "export type DS = { utilities: Utilities }\n",
        "export interface Base { utilities: Utilities }\nexport interface DS extends Base {}\n",
    ):
        files = {**shared, "src/ds.ts": "import { Utilities } from './u'\n" + declared}
        assert calls(files) == {("src/use.ts::f", "src/u.ts::Utilities.has")}, declared
    inline = {
        **shared,
        "src/use.ts": (
            "import { Other } from './u'\n"
            "export class C {\n  utilities: Other = new Other()\n"
            "  g(opts: { utilities: Utilities }) {\n    return this.utilities.has('y')\n  }\n}\n"
        ),
    }
    assert {edge for edge in calls(inline) if edge[0] == "src/use.ts::C.g"} == {
        ("src/use.ts::C.g", "src/u.ts::Other.has")
    }


def test_a_getter_after_its_modifiers_is_a_property_of_its_declared_type() -> None:
    # ECMAScript's `get` accessor may follow TypeScript's modifiers (`public get`, `static get`):
    # reading it runs the getter and gives its declared type; Python's `@property` under another
    # decorator is one too.
    files = {
        "src/store.ts": "export class Store { getRooms(): number[] { return []; } }\n",
        "src/other.ts": "export class Other { getRooms(): number[] { return []; } }\n",
        "src/client.ts": (
            "import { Store } from './store';\n"
            "export class Client {\n"
            "  private _store!: Store;\n"
            "  public get store(): Store { return this._store; }\n"
            "  protected override get backup(): Store { return new Store(); }\n"
            "  rooms(): number[] { return this.store.getRooms(); }\n"
            "  all(): number[] { return this.backup.getRooms(); }\n"
            "}\n"
        ),
        "app/base.py": "class Cart:\n    def total(self):\n        return 1\n\n\nclass Basket:\n    def total(self):\n        return 2\n",
        "app/shop.py": (
            "import abc\nfrom app.base import Cart\n\n\n"
            "class Shop:\n    @abc.abstractmethod\n    @property\n    def cart(self) -> Cart:\n        ...\n\n"
            "    def pay(self):\n        return self.cart.total()\n"
        ),
    }
    found = calls(files)
    assert ("src/client.ts::Client.rooms", "src/store.ts::Store.getRooms") in found
    assert ("src/client.ts::Client.rooms", "src/other.ts::Other.getRooms") not in found
    assert ("src/client.ts::Client.all", "src/store.ts::Store.getRooms") in found
    assert ("src/client.ts::Client.all", "src/other.ts::Other.getRooms") not in found
    assert ("app/shop.py::Shop.pay", "app/base.py::Cart.total") in found
    assert ("app/shop.py::Shop.pay", "app/base.py::Basket.total") not in found
