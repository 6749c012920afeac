"""JavaScript and TypeScript classes and their members beside declarations: a class expression given
a name by assignment (ECMA-262 ClassExpression: `o.C = class {…}` makes a class like a declaration
does; an assignment's value is its right operand's, so `module.exports = o.C = class {…}` exports
that class), and members copied onto a prototype (`Object.assign(F.prototype, {…})`). A small
repository in, the expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

AUTH = """const internals = {};
exports = module.exports = internals.Auth = class {
    constructor(core) {
        this._core = core;
    }
    test(name) {
        return this._strategy(name);
    }
    _strategy(name) {
        return new internals.Info(name);
    }
};
internals.Info = class {
    reply() {}
};
"""
CORE = """const Auth = require('./auth');
exports.Core = class {
    constructor() {
        this.auth = new Auth(this);
    }
    run() {
        this.auth.test('x');
    }
};
"""
# Another class with the same method names, which the name alone must never choose.
OTHER = "class Other {\n    test() {}\n    _strategy() {}\n}\nmodule.exports = Other;\n"


def test_a_class_assigned_to_a_member_is_a_class_with_its_methods() -> None:
    g = graph_from_sources({"lib/auth.js": AUTH, "lib/core.js": CORE, "lib/other.js": OTHER})
    kinds = {s.id: s.kind for s in g.symbols}
    assert kinds["lib/auth.js::internals.Auth"] == "class"
    assert kinds["lib/auth.js::internals.Auth.test"] == "method"
    assert kinds["lib/core.js::Core"] == "class"  # exports.C = class: the module's own top-level class
    assert kinds["lib/core.js::Core.run"] == "method"
    # Its methods are no top-level functions of the file any more.
    assert "lib/auth.js::test" not in kinds and "lib/auth.js::constructor" not in kinds
    edges = {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}
    assert ("lib/auth.js::internals.Auth.test", "lib/auth.js::internals.Auth._strategy", "scope") in edges
    # new o.C() in the file that gives o.C: that class's constructor (here the implicit one: the class).
    assert any(
        s == "lib/auth.js::internals.Auth._strategy" and t.startswith("lib/auth.js::internals.Info")
        for s, t, _ in edges
    )
    # The module's default is the class of the assignment on its right: required, constructed, typed.
    assert ("lib/core.js::Core.constructor", "lib/auth.js::internals.Auth.constructor", "import") in edges
    assert ("lib/core.js::Core.run", "lib/auth.js::internals.Auth.test", "type") in edges
    assert not {e for e in edges if e[1].startswith("lib/other.js")}


def test_a_member_class_is_no_bare_name_of_its_file() -> None:
    # o.C = class binds no name C in the file: a bare C() is not bound to it by scope (at most
    # guessed by its name, as any call of a name no scope binds).
    g = graph_from_sources({"a.js": "const o = {};\no.C = class {\n    m() {}\n};\nfunction run() {\n    C();\n}\n"})
    edges = {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}
    assert not {e for e in edges if e[0] == "a.js::run" and e[2] in ("scope", "import", "type")}


def test_a_parameter_named_like_the_object_is_not_it() -> None:
    # A function whose parameter is named o does not see the file's o: o.C there is unknown.
    g = graph_from_sources(
        {"a.js": "const o = {};\no.C = class {\n    m() {}\n};\nfunction run(o) {\n    return new o.C();\n}\n"}
    )
    edges = {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}
    assert not {e for e in edges if e[0] == "a.js::run" and e[2] == "scope"}


BASE = "class Client {\n  _query() {}\n  processResponse() {}\n}\nmodule.exports = Client;\n"
MYSQL = """const Client = require('./client');
class Client_MySQL extends Client {
  _driver() { return 1; }
  run() { this._query(1); }
}
Object.assign(Client_MySQL.prototype, {
  dialect: 'mysql',
  _query(conn) { return this._driver(); },
  processResponse: function (obj) { return this._query(obj); },
});
const settings = {};
Object.assign(settings, { _driver() {} });
Object.assign({}, Client_MySQL.prototype, { other() {} });
module.exports = Client_MySQL;
"""
USE = "const Client_MySQL = require('./mysql');\nfunction go() {\n  const c = new Client_MySQL();\n  c.processResponse(1);\n}\n"


def test_members_assigned_onto_a_prototype_are_the_classes_methods() -> None:
    g = graph_from_sources({"lib/client.js": BASE, "lib/mysql.js": MYSQL, "lib/use.js": USE})
    kinds = {s.id: s.kind for s in g.symbols}
    assert kinds["lib/mysql.js::Client_MySQL._query"] == "method"
    assert kinds["lib/mysql.js::Client_MySQL.processResponse"] == "method"
    # Copied onto another object than a prototype (or onto a fresh object): no method of the class.
    assert "lib/mysql.js::Client_MySQL._driver#2" not in kinds and "lib/mysql.js::Client_MySQL.other" not in kinds
    edges = {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}
    # this.m() in the class and in the copied members reaches the members copied onto the prototype,
    # which override the base class's.
    assert ("lib/mysql.js::Client_MySQL.run", "lib/mysql.js::Client_MySQL._query", "scope") in edges
    assert ("lib/mysql.js::Client_MySQL._query", "lib/mysql.js::Client_MySQL._driver", "scope") in edges
    assert ("lib/use.js::go", "lib/mysql.js::Client_MySQL.processResponse", "type") in edges
    assert ("lib/use.js::go", "lib/client.js::Client.processResponse", "type") not in edges


HELPERS = "function pushQuery(q) { return q; }\nfunction other() {}\nmodule.exports = { pushQuery, other };\n"
COMPILER = """const { pushQuery, other } = require('./helpers');
class SchemaCompiler {
  build() { this.pushQuery('x'); this.other(); }
}
SchemaCompiler.prototype.pushQuery = pushQuery;
module.exports = SchemaCompiler;
"""
PG = """const SchemaCompiler = require('./compiler');
class PgCompiler extends SchemaCompiler {
  run() { this.pushQuery(1); }
}
class Unrelated {
  run() { this.pushQuery(1); }
}
function go() {
  const c = new SchemaCompiler();
  c.pushQuery(2);
}
"""


def test_a_function_assigned_onto_a_prototype_is_what_instances_call() -> None:
    g = graph_from_sources({"lib/helpers.js": HELPERS, "lib/compiler.js": COMPILER, "lib/pg.js": PG})
    edges = {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}
    target = "lib/helpers.js::pushQuery"
    # In the class's methods, in a subclass's, and on an instance of it: the function held.
    assert {
        ("lib/compiler.js::SchemaCompiler.build", target, "value"),
        ("lib/pg.js::PgCompiler.run", target, "value"),
        ("lib/pg.js::go", target, "value"),
    } <= edges
    # A class that is given no such member does not hold it; a function not assigned is not held.
    assert not {e for e in edges if e[0] == "lib/pg.js::Unrelated.run" and e[2] in ("value", "type", "scope")}
    assert not {e for e in edges if e[1] == "lib/helpers.js::other" and e[2] == "value"}


STORES = """export class Db {
  query(sql) { return 1; }
}
export class Cache {
  query(k) { return k; }
}
export function makeCache() { return new Cache(); }
"""
SERVICE_TS = """import { Db, Cache, makeCache } from './stores';
export class Service {
  private db = new Db();
  #cache = makeCache();
  other: Db = new Cache();
  run() {
    this.db.query('a');
    this.#cache.query('k');
    this.other.query('b');
  }
}
"""
# JavaScript states no return type: the field is given the class itself.
SERVICE_JS = (
    SERVICE_TS.replace("private ", "")
    .replace("other: Db = new Cache();", "other = null;")
    .replace("#cache = makeCache();", "#cache = new Cache();")
    .replace("import { Db, Cache, makeCache } from './stores';", "const { Db, Cache } = require('./stores');")
)
STORES_TS = STORES.replace("makeCache()", "makeCache(): Cache")


def test_a_field_holds_what_its_initialiser_makes() -> None:
    for lang, service in (("ts", SERVICE_TS), ("js", SERVICE_JS)):
        stores = STORES_TS if lang == "ts" else STORES
        g = graph_from_sources({f"src/stores.{lang}": stores, f"src/service.{lang}": service})
        edges = {(e.source, e.target, e.resolution, e.line) for e in g.edges if e.kind == "calls"}
        run, db, cache = f"src/service.{lang}::Service.run", f"src/stores.{lang}::Db", f"src/stores.{lang}::Cache"
        # Each field reaches its own class's method only, never the other's by the shared name.
        assert {(t, r) for s, t, r, line in edges if s == run and line == 7} == {(f"{db}.query", "type")}, lang
        assert {(t, r) for s, t, r, line in edges if s == run and line == 8} == {(f"{cache}.query", "type")}, lang
    # A stated type decides over the initialiser (TypeScript checks the value against it).
    g = graph_from_sources({"src/stores.ts": STORES_TS, "src/service.ts": SERVICE_TS})
    lines = {(e.source, e.target, e.line) for e in g.edges if e.kind == "calls" and e.resolution == "type"}
    assert ("src/service.ts::Service.run", "src/stores.ts::Db.query", 9) in lines
    assert ("src/service.ts::Service.run", "src/stores.ts::Cache.query", 9) not in lines
