"""A method of an anonymous class body overrides its base's (JLS 15.9.5): the base method's
callers reach it through dispatch, as they reach a named subclass's override. The method is
filed under the class around the body; only the methods the base declares are paired, by the
overload their parameters match."""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main
from diffreach.config import Config
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild, write

FILES = {
    "p/Access.java": (
        "package p;\npublic abstract class Access {\n  public static Access INSTANCE;\n"
        "  public abstract int next(int x);\n  public int next() { return 0; }\n}\n"
    ),
    "p/Holder.java": (
        "package p;\nfinal class Holder {\n  static {\n    Access.INSTANCE = new Access() {\n"
        "      @Override public int next(int x) { return x + 1; }\n"
        "      int own() { return 2; }\n    };\n  }\n"
        "  Runnable r = new Runnable() { public void run() { helper(); } };\n"
        "  void helper() {}\n}\n"
    ),
    "p/Other.java": "package p;\npublic class Other {\n  public int next(int x) { return x; }\n}\n",
    "p/User.java": "package p;\nclass User {\n  int use() { return Access.INSTANCE.next(1); }\n}\n",
}


def test_the_base_method_dispatches_to_the_anonymous_classes_method() -> None:
    dynamic = {(e.source, e.target) for e in graph_from_sources(FILES).edges if e.kind == "dynamic"}
    assert ("p/Access.java::Access.next", "p/Holder.java::Holder.next") in dynamic
    assert ("p/Access.java::Access.next#2", "p/Holder.java::Holder.next") not in dynamic  # next() is another overload
    assert not [d for d in dynamic if d[1] in ("p/Holder.java::Holder.own", "p/Holder.java::Holder.run")]
    assert not [d for d in dynamic if d[1] == "p/Other.java::Other.next"]  # same name, unrelated class


def test_callers_of_the_base_are_callers_of_the_anonymous_method(make_repo) -> None:
    root = make_repo(FILES)
    api.index(root)
    callers = {r["id"]: r for r in api.callers_of(root, "p/Holder.java::Holder.next")["callers"]}
    assert callers["p/User.java::User.use"]["dispatch"] is True
    assert callers["p/User.java::User.use"]["via"] == "p/Access.java::Access.next"
    assert api.callers_of(root, "p/Other.java::Other.next")["callers"] == []


def test_a_changed_anonymous_method_reaches_the_callers_of_its_base(make_repo) -> None:
    root = make_repo({**FILES, ".diffreach.toml": "warmup_reviews = 0\n"})
    (root / "p/Holder.java").write_text(FILES["p/Holder.java"].replace("x + 1", "x + 2"))
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    assert "p/User.java::User.use" in {r["id"] for r in json.loads(result.output)["callers"]}


def test_an_update_that_changes_the_base_equals_a_rebuild(tmp_path) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "repo"
    root.mkdir()
    write(root, FILES, "*.java", touch=True)
    ix = Indexer(root, Config(workers=1))
    ix.run()
    without = FILES["p/Access.java"].replace("  public abstract int next(int x);\n", "")
    renamed = FILES["p/Access.java"].replace("int next(int x)", "int step(int x)")
    assert_each_step_equals_a_rebuild(
        ix,
        root,
        tmp_path,
        [{"p/Access.java": without}, {"p/Access.java": FILES["p/Access.java"]}, {"p/Access.java": renamed}],
    )
    ix.close()
