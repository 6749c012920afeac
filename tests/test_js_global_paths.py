"""JavaScript: a path from a global names the same value in every script.

ECMA-262 9.1.1.4: in a script, a name no declaration binds is a property of the global object, so
``a.b.C = class {…}`` (or ``a.b.f = function () {…}``) in one file and ``a.b.C.m()`` in another
reach the same class (the Closure Library's ``goog.provide('a.b.C')`` namespaces are written so).
The definition is named by its whole path, and a call through that path, through a local that copies
it (``const C = a.b.C``) or on a value built by ``new a.b.C()`` reaches it. A root that the calling or
the defining file binds itself (a parameter, a ``var``, an import) is that file's own, never a
global. A small repository in, the expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from tests.test_incremental import assert_updates_equal_rebuilds


def calls(files: dict[str, str]) -> set[tuple[str, str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}


def pairs(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(s, t) for s, t, _ in calls(files)}


UTILS = (
    "goog.provide('app.util.StreamUtils');\n"
    "app.util.StreamUtils = class {\n"
    "  static toTrack(a) { return a; }\n"
    "  other() { return 1; }\n"
    "};\n"
    "app.util.StreamUtils.helper = function (x) { return x; };\n"
)
# Another class with a method of the same name, on another path: never chosen by a path.
MEDIA = "goog.provide('app.media.Other');\napp.media.Other = class {\n  static toTrack(z) { return z; }\n};\n"
PLAYER = (
    "goog.provide('app.Player');\n"
    "goog.require('app.util.StreamUtils');\n"
    "app.Player = class {\n"
    "  load(t) {\n"
    "    return app.util.StreamUtils.toTrack(t);\n"
    "  }\n"
    "  alias(t) {\n"
    "    const StreamUtils = app.util.StreamUtils;\n"
    "    return StreamUtils.toTrack(t);\n"
    "  }\n"
    "  help(t) {\n"
    "    return app.util.StreamUtils.helper(t);\n"
    "  }\n"
    "  build() {\n"
    "    const u = new app.util.StreamUtils();\n"
    "    return u.other();\n"
    "  }\n"
    "};\n"
)
FILES = {"lib/util/stream_utils.js": UTILS, "lib/media/other.js": MEDIA, "lib/player.js": PLAYER}
TRACK = "lib/util/stream_utils.js::app.util.StreamUtils.toTrack"


def test_a_class_given_to_a_global_path_is_named_by_the_path() -> None:
    ids = {s.id for s in graph_from_sources(FILES).symbols}
    assert {"lib/util/stream_utils.js::app.util.StreamUtils", TRACK} <= ids
    assert "lib/util/stream_utils.js::app.util.StreamUtils.helper" in ids  # given out of the class body
    assert "lib/util/stream_utils.js::toTrack" not in ids  # no longer a top-level function


def test_a_call_through_the_global_path_reaches_the_class_of_another_file() -> None:
    edges = calls(FILES)
    assert ("lib/player.js::app.Player.load", TRACK, "scope") in edges
    assert ("lib/player.js::app.Player.help", "lib/util/stream_utils.js::app.util.StreamUtils.helper", "scope") in edges
    assert not {e for e in edges if e[1].startswith("lib/media/")}  # the other path's toTrack


def test_a_local_copying_the_path_and_an_instance_built_from_it() -> None:
    edges = calls(FILES)
    assert ("lib/player.js::app.Player.alias", TRACK, "scope") in edges
    assert ("lib/player.js::app.Player.build", "lib/util/stream_utils.js::app.util.StreamUtils.other", "type") in edges


def test_a_root_the_calling_file_binds_is_its_own() -> None:
    caller = "function go(app) {\n  return app.util.StreamUtils.toTrack(1);\n}\n"  # a parameter
    imported = "import app from './app';\nexport function go() { return app.util.StreamUtils.toTrack(1); }\n"
    for source in (caller, imported):
        edges = calls({**FILES, "lib/go.js": source, "lib/app.js": "export default {};\n"})
        assert not {e for e in edges if e[0] == "lib/go.js::go" and e[2] == "scope"}


def test_a_root_the_defining_file_binds_is_that_module_s_own() -> None:
    # A CommonJS module's `var` is its own: res.send is a member of its object, not of a global res.
    res = "var res = module.exports = {};\nres.send = function send(body) {};\n"
    user = "function go() {\n  res.send(1);\n}\n"
    edges = calls({"lib/res.js": res, "lib/go.js": user})
    assert not {e for e in edges if e[0] == "lib/go.js::go" and e[2] == "scope"}


def test_two_files_giving_one_path_bind_no_call() -> None:
    twin = UTILS.replace("return a;", "return a + 1;")
    edges = calls({**FILES, "lib/util/stream_utils_twin.js": twin})
    assert not {e for e in edges if e[0] == "lib/player.js::app.Player.load" and e[2] == "scope"}


def test_global_paths_an_update_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    steps = [
        {"lib/util/stream_utils.js": UTILS.replace("static toTrack(a)", "static toTrackNow(a)")},
        {"lib/util/stream_utils.js": "var app = {};\n" + UTILS},
        {"lib/util/stream_utils.js": UTILS},
        {
            "lib/player.js": PLAYER.replace(
                "const StreamUtils = app.util.StreamUtils", "const StreamUtils = app.media.Other"
            )
        },
    ]
    assert_updates_equal_rebuilds(make_repo(FILES), tmp_path, steps)


# A property of the global object (`self` in a worker, `window`, `globalThis`, Node's `global`) holds
# the value given to it: a read of that path later in the file is that value, in a module too.
CHEF = "export default class Chef {\n  bake(x) { return x; }\n}\n"
OVEN = "export default class Oven {\n  bake(x) { return x; }\n}\n"


def test_a_property_given_to_the_global_object_holds_its_value() -> None:
    worker = (
        'import Chef from "./chef.js";\n'
        "self.chef = new Chef();\n"
        "function bake(d) {\n  return self.chef.bake(d);\n}\n"
        "function roast(d) {\n  return window.chef.bake(d);\n}\n"
    )
    edges = calls({"chef.js": CHEF, "oven.js": OVEN, "worker.js": worker})
    assert ("worker.js::bake", "chef.js::Chef.bake", "type") in edges
    # Another global's property of the same name holds nothing the file gave it; another class's
    # method of that name is never chosen.
    assert not {e for e in edges if e[0] == "worker.js::roast" and e[1] == "chef.js::Chef.bake" and e[2] == "type"}
    assert not {e for e in edges if e[1] == "oven.js::Oven.bake"}


def test_a_property_of_a_local_named_like_a_global_is_not_the_global_s() -> None:
    worker = (
        'import Chef from "./chef.js";\n'
        "function make(self) {\n  self.chef = new Chef();\n  return self;\n}\n"
        "function bake(d) {\n  return self.chef.bake(d);\n}\n"
    )
    edges = calls({"chef.js": CHEF, "oven.js": OVEN, "worker.js": worker})
    assert not {e for e in edges if e[0] == "worker.js::bake" and e[2] == "type"}
