"""JavaScript: an object a module exports carries the members the module gives it.

ECMA-262 objects are references: ``var H = require("../base"); H.parse = function () {…};
module.exports = H;`` exports the very object ``H`` is, with ``parse`` on it, so a file that
requires this module and calls ``H.parse()`` runs that function (CommonJS: ``require`` returns
``module.exports``). Members given to the object by another module that shares it are the
other module's to give; an unrelated ``parse`` elsewhere is never the answer. A small
repository in, the expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.config import Config
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild


def calls(files: dict[str, str]) -> set[tuple[str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target) for e in g.edges if e.kind == "calls"}


BASE = "var H = {};\nH.version = function () {};\nmodule.exports = H;\n"
COMPILER_BASE = (
    'var H = require("../base");\n'
    "H.parse = function (s) { return s; };\n"
    "H.print = function (ast) {};\n"
    "module.exports = H;\n"
)
COMPILER = 'var H = require("./base");\nfunction compile(s) { var ast = H.parse(s); H.print(ast); return ast; }\nmodule.exports = compile;\n'
OTHER = "function Parser() {}\nParser.prototype.parse = function () {};\nmodule.exports = Parser;\n"


def test_a_member_given_to_the_exported_object_is_reached_through_the_import() -> None:
    edges = calls(
        {
            "lib/base.js": BASE,
            "lib/compiler/base.js": COMPILER_BASE,
            "lib/compiler/compiler.js": COMPILER,
            "lib/parser.js": OTHER,
        }
    )
    assert ("lib/compiler/compiler.js::compile", "lib/compiler/base.js::H.parse") in edges
    assert ("lib/compiler/compiler.js::compile", "lib/compiler/base.js::H.print") in edges
    # Not a by-name guess: the parser's own parse is another object's.
    assert ("lib/compiler/compiler.js::compile", "lib/parser.js::Parser.parse") not in edges


def test_the_exported_object_is_followed_through_the_module_it_came_from() -> None:
    # compiler/base.js gives parse; version was given by lib/base.js, whose object it re-exports.
    user = 'var H = require("./compiler/base");\nfunction run() { H.version(); H.parse(""); }\n'
    edges = calls({"lib/base.js": BASE, "lib/compiler/base.js": COMPILER_BASE, "lib/run.js": user})
    assert ("lib/run.js::run", "lib/base.js::H.version") in edges
    assert ("lib/run.js::run", "lib/compiler/base.js::H.parse") in edges


def test_a_local_of_the_same_name_hides_the_import() -> None:
    user = (
        'var H = require("./compiler/base");\n'
        "function run(H) { H.parse(); }\n"  # the parameter, whatever it holds: not the module's object
    )
    edges = calls({"lib/base.js": BASE, "lib/compiler/base.js": COMPILER_BASE, "lib/run.js": user})
    assert ("lib/run.js::run", "lib/compiler/base.js::H.parse") not in edges


def test_an_object_the_module_does_not_export_gives_nothing() -> None:
    module = 'var H = require("../base");\nH.parse = function () {};\nvar other = {};\nmodule.exports = other;\n'
    edges = calls({"lib/base.js": BASE, "lib/compiler/base.js": module, "lib/compiler/compiler.js": COMPILER})
    assert ("lib/compiler/compiler.js::compile", "lib/compiler/base.js::H.parse") not in edges


def test_augmented_exports_an_update_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    root = make_repo({"lib/base.js": BASE, "lib/compiler/base.js": COMPILER_BASE, "lib/compiler/compiler.js": COMPILER})
    indexer = Indexer(root, Config(workers=1))
    indexer.run(full=True)
    steps = [
        {"lib/compiler/base.js": COMPILER_BASE.replace("H.print = function (ast) {};\n", "")},
        {"lib/compiler/base.js": COMPILER_BASE.replace("module.exports = H;", "module.exports = {};")},
        {"lib/compiler/base.js": COMPILER_BASE},
        {"lib/base.js": BASE + "H.parse = function () {};\n"},
    ]
    try:
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    finally:
        indexer.close()


LOCALIZE = (
    "function toLocale(n) { return n; }\nfunction fromLocale(s) { return 0; }\n"
    "const localize = {\n  numberToLocale: toLocale,\n  localeToNumber: fromLocale,\n}\n"
    "export default localize\n"
)


def test_an_entry_of_the_exported_table_is_reached_through_the_import() -> None:
    user = "import localize from '../localize/index'\nexport function format(n) { return localize.numberToLocale(n) }\n"
    edges = calls({"lib/localize/index.ts": LOCALIZE, "lib/format/index.ts": user, "lib/other.ts": OTHER})
    assert ("lib/format/index.ts::format", "lib/localize/index.ts::toLocale") in edges
    assert ("lib/format/index.ts::format", "lib/localize/index.ts::fromLocale") not in edges


def test_exported_table_entries_an_update_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    user = "import localize from '../localize/index'\nexport function format(n) { return localize.numberToLocale(n) }\n"
    root = make_repo({"lib/localize/index.ts": LOCALIZE, "lib/format/index.ts": user})
    indexer = Indexer(root, Config(workers=1))
    indexer.run(full=True)
    steps = [
        {"lib/localize/index.ts": LOCALIZE.replace("numberToLocale: toLocale", "numberToLocale: fromLocale")},
        {"lib/localize/index.ts": LOCALIZE.replace("export default localize", "export default {}")},
        {"lib/localize/index.ts": LOCALIZE},
    ]
    try:
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    finally:
        indexer.close()
