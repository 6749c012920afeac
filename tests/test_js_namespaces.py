"""JavaScript: what a path from a global is given, an object of functions or a constructor.

``a.b.Ns = {f: function () {…}, g() {…}}`` gives the path an object whose properties are those
functions, so ``a.b.Ns.f()`` in any script runs the entry (ECMA-262 13.2.5, object initialisers;
9.1.1.4, the global object). ``a.b.Ns = new function () {this.f = …}`` gives it the one object that
``new`` makes, whose properties are what the body assigns to ``this`` (EvaluateNew, [[Construct]]),
while the body's own function declarations stay local to it. ``a.b.F = function () {this.m = …}``
is a constructor as ``function F() {…}`` is: ``new a.b.F()`` makes objects with ``m`` and with what
``a.b.F.prototype`` is given. A small repository in, the expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from tests.test_incremental import assert_updates_equal_rebuilds


def calls(files: dict[str, str]) -> set[tuple[str, str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}


def ids(files: dict[str, str]) -> set[str]:
    return {s.id for s in graph_from_sources(files).symbols}


INTERNAL = (
    "Zotero.Utilities.Internal = {\n"
    "  getFile: async function (doc) {\n"
    "    return this.helper(doc);\n"
    "  },\n"
    "  helper(doc) { return doc; },\n"
    "  limit: 5\n"
    "};\n"
)
# The same entry name on another path: a path never reaches it.
OTHER = "Zotero.Other = {\n  getFile: function (d) { return d; }\n};\n"
ITEMS = (
    "Zotero.Items = new function () {\n"
    "  this.get = function (id) { return check(id) && this.load(id); };\n"
    "  this.load = async function (id) { return id; };\n"
    "  function check(id) { return id > 0; }\n"
    "};\n"
)
READER = (
    "Zotero.Reader = function (doc) {\n"
    "  this.open = function () { return this.render(); };\n"
    "};\n"
    "Zotero.Reader.prototype.render = function () {\n"
    "  this.onDone = function () { return 1; };\n"
    "  return 0;\n"
    "};\n"
)
CALLER = (
    "Zotero.Caller = {\n"
    "  run: function (doc) {\n"
    "    return Zotero.Utilities.Internal.getFile(doc);\n"
    "  },\n"
    "  item: function (id) {\n"
    "    return Zotero.Items.get(id);\n"
    "  },\n"
    "  read: function (doc) {\n"
    "    var reader = new Zotero.Reader(doc);\n"
    "    return reader.render();\n"
    "  }\n"
    "};\n"
)
FILES = {
    "xpcom/internal.js": INTERNAL,
    "xpcom/other.js": OTHER,
    "xpcom/items.js": ITEMS,
    "xpcom/reader.js": READER,
    "xpcom/caller.js": CALLER,
}
GET_FILE = "xpcom/internal.js::Zotero.Utilities.Internal.getFile"


def test_an_object_given_to_a_path_holds_its_functions_at_the_path() -> None:
    found = ids(FILES)
    assert {"xpcom/internal.js::Zotero.Utilities.Internal", GET_FILE} <= found
    assert "xpcom/internal.js::getFile" not in found  # no longer a top-level function


def test_a_call_through_the_path_reaches_the_entry_and_this_is_the_object() -> None:
    edges = calls(FILES)
    assert ("xpcom/caller.js::Zotero.Caller.run", GET_FILE, "scope") in edges
    assert (GET_FILE, "xpcom/internal.js::Zotero.Utilities.Internal.helper", "scope") in edges
    assert not {e for e in edges if e[1].startswith("xpcom/other.js")}


def test_new_function_gives_the_path_what_its_body_assigns_to_this() -> None:
    edges = calls(FILES)
    get = "xpcom/items.js::Zotero.Items.get"
    assert ("xpcom/caller.js::Zotero.Caller.item", get, "scope") in edges
    assert (get, "xpcom/items.js::Zotero.Items.load", "scope") in edges
    assert (get, "xpcom/items.js::Zotero.Items.check", "scope") in edges  # a declaration of the body: local


def test_a_function_given_to_a_path_constructs_as_a_declared_one_does() -> None:
    edges = calls(FILES)
    assert ("xpcom/reader.js::Zotero.Reader.open", "xpcom/reader.js::Zotero.Reader.render", "scope") in edges
    assert ("xpcom/caller.js::Zotero.Caller.read", "xpcom/reader.js::Zotero.Reader.render", "type") in edges


def test_a_prototype_method_s_this_is_the_instance_not_a_constructor() -> None:
    # this.onDone = … in a method of the prototype gives the instance a property, not the method.
    assert not {i for i in ids(FILES) if i.endswith(".onDone")}


def test_what_is_no_global_path_stays_as_it_was() -> None:
    # module.exports = {…} is the module; F.prototype = {…} gives F's instances their methods.
    cjs = "module.exports = {\n  parse: function (s) { return s; }\n};\n"
    proto = "function F() {}\nF.prototype = {\n  m: function () { return 1; }\n};\n"
    found = ids({"lib/cjs.js": cjs, "lib/proto.js": proto})
    assert {"lib/cjs.js::parse", "lib/proto.js::F.m"} <= found
    assert not {i for i in found if i.endswith(("::module.exports", "F.prototype"))}


def test_a_root_the_calling_file_binds_is_its_own() -> None:
    user = "function go(Zotero) {\n  return Zotero.Items.get(1);\n}\n"  # a parameter named as the global
    edges = calls({**FILES, "lib/go.js": user})
    assert not {e for e in edges if e[0] == "lib/go.js::go"}


def test_namespaces_an_update_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    steps = [
        {"xpcom/internal.js": INTERNAL.replace("getFile:", "getFileNow:")},
        {"xpcom/items.js": ITEMS.replace("new function ()", "function ()")},
        {"xpcom/internal.js": INTERNAL, "xpcom/items.js": ITEMS},
        {"xpcom/caller.js": CALLER.replace("Zotero.Items.get(id)", "Zotero.Other.getFile(id)")},
    ]
    assert_updates_equal_rebuilds(make_repo(FILES), tmp_path, steps)
