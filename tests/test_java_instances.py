"""Dispatch reaches only objects that can exist (Java, JLS 6.6.1, 15.9, 8.9): a package-private
class that nothing in the repository constructs, names by a class literal or a string (reflection),
nor any subclass of it, has no instances, so a call on its interface never runs its method; the
call edge to the method the code names stays."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main
from diffreach.graph.instances import idle_overrides
from diffreach.graph.store import Store

TARGETS = {
    "app/Target.java": "package app;\ninterface Target {\n  String run();\n}\n",
    "app/Used.java": 'package app;\nclass Used implements Target {\n  public String run() { return "used"; }\n}\n',
    "app/Unused.java": 'package app;\nclass Unused implements Target {\n  public String run() { return "Unused"; }\n}\n',
    "app/NotUnused.java": 'package app;\nclass NotUnused {\n  String name() { return "NotUnused"; }\n}\n',
    "app/Open.java": 'package app;\npublic class Open implements Target {\n  public String run() { return "open"; }\n}\n',
    "app/Parent.java": 'package app;\nclass Parent implements Target {\n  public String run() { return "parent"; }\n}\n',
    "app/Child.java": "package app;\nclass Child extends Parent {\n  static Target make() { return new Child(); }\n}\n",
    "app/Kind.java": 'package app;\nenum Kind implements Target {\n  ONE;\n  public String run() { return "kind"; }\n}\n',
    "app/Holder.java": (
        "package app;\npublic class Holder {\n"
        "  private static class Hidden implements Target {\n"
        '    public String run() { return "hidden"; }\n  }\n'
        "  private static class Made implements Target {\n"
        '    public String run() { return "made"; }\n  }\n'
        "  static Target make() { return new Made(); }\n}\n"
    ),
    "app/Loaded.java": 'package app;\nclass Loaded implements Target {\n  public String run() { return "Loaded"; }\n}\n',
    "app/Listed.java": 'package app;\nclass Listed implements Target {\n  public String run() { return "listed"; }\n}\n',
    "app/Registry.java": (
        "package app;\npublic class Registry {\n"
        '  static Object load() throws Exception { return Class.forName("app.Loaded").getDeclaredConstructor().newInstance(); }\n'
        "  static Class<?> kind() { return Listed.class; }\n}\n"
    ),
    "app/FakeTargetTest.java": (
        'package app;\nclass FakeTargetTest implements Target {\n  public String run() { return "fake"; }\n'
        "  String check() { return Main.call(this); }\n}\n"
    ),
    "app/Main.java": (
        "package app;\npublic class Main {\n"
        "  static String call(Target t) { return t.run(); }\n"
        "  public static void main(String[] args) { call(new Used()); }\n}\n"
    ),
}


def _callees(root: Path, symbol: str) -> dict[str, dict]:
    return {r["id"]: r for r in api.callees_of(root, symbol)["callees"]}


def test_dispatch_skips_package_private_classes_that_nothing_constructs(make_repo) -> None:
    root = make_repo(TARGETS)
    api.index(root)
    callees = _callees(root, "app/Main.java::Main.call")
    # The call names the interface's method: that edge stays.
    assert callees["app/Target.java::Target.run"]["dispatch"] is False
    reached = {i for i, r in callees.items() if r["dispatch"]}
    assert {
        "app/Used.java::Used.run",  # constructed in main
        "app/Open.java::Open.run",  # public: code outside the repository may construct it
        "app/Parent.java::Parent.run",  # a Child, which inherits it, is constructed
        "app/Kind.java::Kind.run",  # an enum's constants are its instances
        "app/Holder.java::Holder.Made.run",  # constructed by its enclosing class
        "app/Loaded.java::Loaded.run",  # named by a string: reflection may make one
        "app/Listed.java::Listed.run",  # named by a class literal: likewise
    } <= reached
    # Its own "Unused" string is no mention of it, nor is "NotUnused" elsewhere.
    assert "app/Unused.java::Unused.run" not in reached
    assert "app/Holder.java::Holder.Hidden.run" not in reached
    pairs = {(d["source"], d["target"]) for d in api.graph(root)["dispatch"]}
    assert ("app/Main.java::Main.call", "app/Used.java::Used.run") in pairs
    assert ("app/Main.java::Main.call", "app/Unused.java::Unused.run") not in pairs


def test_callers_of_a_method_no_object_runs_are_only_its_direct_ones(make_repo) -> None:
    root = make_repo(TARGETS)
    api.index(root)
    assert api.callers_of(root, "app/Unused.java::Unused.run")["callers"] == []
    used = {r["id"]: r for r in api.callers_of(root, "app/Used.java::Used.run")["callers"]}
    assert used["app/Main.java::Main.call"]["dispatch"] is True


def test_a_changed_method_of_a_class_without_instances_reaches_no_caller_of_the_interface(make_repo) -> None:
    root = make_repo({**TARGETS, ".diffreach.toml": "warmup_reviews = 0\n"})
    (root / "app/Unused.java").write_text(TARGETS["app/Unused.java"].replace('"Unused"', '"gone"'))
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    assert "app/Main.java::Main.call" not in {r["id"] for r in json.loads(result.output)["callers"]}
    (root / "app/Unused.java").write_text(TARGETS["app/Unused.java"])
    (root / "app/Used.java").write_text(TARGETS["app/Used.java"].replace('"used"', '"other"'))
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    assert "app/Main.java::Main.call" in {r["id"] for r in json.loads(result.output)["callers"]}


def test_a_test_class_is_made_by_its_framework(make_repo) -> None:
    root = make_repo(TARGETS)
    api.index(root)
    base, unused = "app/Target.java::Target.run", "app/Unused.java::Unused.run"
    fake = "app/FakeTargetTest.java::FakeTargetTest.run"
    with Store.open(root, create=False) as store:
        # JUnit constructs a test class by reflection: never taken to have no objects.
        assert idle_overrides(store, [(base, fake), (base, unused)]) == {(base, unused)}
