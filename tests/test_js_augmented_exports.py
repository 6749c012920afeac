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
from tests.test_incremental import assert_each_step_equals_a_rebuild, assert_updates_equal_rebuilds


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


# An object whose entries are modules (``const mod = {cfb: cfb, hash}; export default mod``, each
# imported): an entry is a reference to that module's object, so ``crypto.cfb.encrypt()`` in a
# file that imports the aggregate runs what ``cfb.encrypt()`` runs in the aggregate's own file.
CFB = "export default {\n  encrypt: function (data, key) { return data; },\n  decrypt: function (data) { return data; }\n};\n"
HASH = "export default {\n  sha1: function (data) { return data; }\n};\n"
GCM = "export default {\n  encrypt: function (data, key) { return key; }\n};\n"
AGGREGATE = "import cfb from './cfb';\nimport gcm from './gcm';\nimport hash from './hash';\n\nconst mod = {\n  cfb: cfb,\n  gcm,\n  hash\n};\n\nexport default mod;\n"
PACKET = (
    "import crypto from '../crypto';\n\n"
    "export function seal(data, key) {\n  const digest = crypto.hash.sha1(data);\n"
    "  return crypto.cfb.encrypt(digest, key);\n}\n"
)
MODULES = {
    "src/crypto/cfb.js": CFB,
    "src/crypto/gcm.js": GCM,
    "src/crypto/hash.js": HASH,
    "src/crypto/index.js": AGGREGATE,
    "src/packet/seal.js": PACKET,
}


def test_an_entry_holding_a_module_is_followed_to_that_module_s_member() -> None:
    edges = calls(MODULES)
    assert ("src/packet/seal.js::seal", "src/crypto/cfb.js::encrypt") in edges
    assert ("src/packet/seal.js::seal", "src/crypto/hash.js::sha1") in edges  # a shorthand entry
    assert ("src/packet/seal.js::seal", "src/crypto/gcm.js::encrypt") not in edges  # another entry's
    assert ("src/packet/seal.js::seal", "src/crypto/cfb.js::decrypt") not in edges


def test_an_entry_holding_an_outside_module_gives_nothing_of_ours() -> None:
    aggregate = AGGREGATE.replace("import hash from './hash';", "import hash from 'hash.js';")
    edges = calls({**MODULES, "src/crypto/index.js": aggregate})
    assert ("src/packet/seal.js::seal", "src/crypto/cfb.js::encrypt") in edges
    assert not {e for e in edges if e[0] == "src/packet/seal.js::seal" and "hash" in e[1]}


def test_an_entry_of_an_object_of_the_same_file_is_followed_too() -> None:
    user = "import cfb from './cfb';\nimport gcm from './gcm';\n\nconst modes = { cfb, gcm };\n\nexport function run(d) {\n  return modes.gcm.encrypt(d, 1);\n}\n"
    edges = calls({**MODULES, "src/crypto/run.js": user})
    assert ("src/crypto/run.js::run", "src/crypto/gcm.js::encrypt") in edges
    assert ("src/crypto/run.js::run", "src/crypto/cfb.js::encrypt") not in edges


def test_a_name_an_import_binds_is_the_module_s_not_the_global_of_that_name() -> None:
    # ECMAScript: a module's import bindings are in its own environment, in front of the global
    # object's (the Web Crypto API's `crypto`); without the import, the global is meant.
    outside = "export function digest(d) {\n  return crypto.subtle.digest('SHA-1', d);\n}\nexport function sha1(d) {\n  return crypto.hash.sha1(d);\n}\n"
    edges = calls({**MODULES, "src/web.js": outside})
    assert ("src/packet/seal.js::seal", "src/crypto/hash.js::sha1") in edges
    assert not {e for e in edges if e[0].startswith("src/web.js::")}


def test_module_entries_an_update_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    steps = [
        {"src/crypto/index.js": AGGREGATE.replace("cfb: cfb", "cfb: gcm")},
        {"src/crypto/cfb.js": CFB.replace("encrypt", "seal")},
        {"src/crypto/index.js": AGGREGATE},
        {"src/crypto/cfb.js": CFB},
    ]
    assert_updates_equal_rebuilds(make_repo(MODULES), tmp_path, steps)
