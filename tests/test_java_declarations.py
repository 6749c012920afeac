"""A Java method written without a body is a declaration (JLS 8.4.3.1, 9.4): an abstract method or
an interface's method without ``default``/``static``/``private``. Its header is its whole text (an
annotation on the line above and parameters over several lines are part of it), so a change of its
parameters is a signature change judged at each call; a call bound to it runs one of its
implementations, never it: the graph marks it ``abstract`` and lists the implementations that run as
dispatch pairs beside the call. A ``native`` method (8.4.3.4) has no body either, and runs."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main

JAVA = {
    ".diffreach.toml": "warmup_reviews = 0\n",
    "app/Shape.java": (
        "package app;\npublic interface Shape {\n"
        "  @Deprecated\n  double area(int scale);\n"
        "  double scaled(int a,\n                int b);\n"
        '  default String name() { return "shape"; }\n}\n'
    ),
    "app/Base.java": (
        "package app;\npublic abstract class Base implements Shape {\n"
        "  public abstract void draw();\n"
        "  public native long handle();\n"
        "  public double scaled(int a, int b) { return area(a) * b; }\n}\n"
    ),
    "app/Square.java": (
        "package app;\npublic class Square extends Base {\n"
        "  public double area(int scale) { return scale; }\n"
        "  public void draw() { }\n}\n"
    ),
    "app/Main.java": (
        "package app;\npublic class Main {\n"
        "  static double use(Shape s, Base b) { b.draw(); b.handle(); return s.area(2) + s.scaled(1, 2); }\n"
        "  public static void main(String[] args) { use(new Square(), new Square()); }\n}\n"
    ),
}


def _callers(root: Path) -> dict[str, dict]:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return {r["id"]: r for r in json.loads(result.output)["callers"]}


def _changed(root: Path) -> dict[str, list[str]]:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return {c["id"]: c["change"] for c in json.loads(result.output)["changed"]}


def test_a_bodiless_method_is_marked_abstract_and_a_native_one_is_not(make_repo) -> None:
    root = make_repo(JAVA)
    api.index(root)
    nodes = {n["id"]: n for n in api.graph(root)["nodes"]}
    for declared in ("app/Shape.java::Shape.area", "app/Shape.java::Shape.scaled", "app/Base.java::Base.draw"):
        assert nodes[declared].get("abstract") is True, declared
    for runs in (
        "app/Shape.java::Shape.name",  # a default method has a body
        "app/Base.java::Base.handle",  # native: no body, but it runs
        "app/Base.java::Base.scaled",
        "app/Square.java::Square.area",
        "app/Base.java::Base",
    ):
        assert "abstract" not in nodes[runs], runs


def test_callees_say_which_callee_is_a_declaration_and_what_runs_in_its_place(make_repo) -> None:
    root = make_repo(JAVA)
    api.index(root)
    rows = api.callees_of(root, "app/Main.java::Main.use")["callees"]
    bound = {r["id"]: r for r in rows if not r["dispatch"]}
    runs = {r["id"] for r in rows if r["dispatch"]}
    assert bound["app/Shape.java::Shape.area"]["abstract"] is True
    assert bound["app/Base.java::Base.draw"]["abstract"] is True
    assert "abstract" not in bound["app/Base.java::Base.handle"]
    assert {"app/Square.java::Square.area", "app/Square.java::Square.draw", "app/Base.java::Base.scaled"} <= runs
    text = CliRunner().invoke(main, ["callees", "--root", str(root), "app/Main.java::Main.use"]).output
    assert "Shape.area  :3  [type]  [declaration]" in text
    assert "Base.handle  :3  [type]  [declaration]" not in text


def test_an_annotated_declaration_whose_parameters_change_is_a_signature_change(make_repo) -> None:
    root = make_repo(JAVA)
    (root / "app/Shape.java").write_text(JAVA["app/Shape.java"].replace("area(int scale)", "area(int scale, int unit)"))
    assert _changed(root) == {"app/Shape.java::Shape.area": ["signature"]}
    callers = _callers(root)
    assert callers["app/Main.java::Main.use"]["verdict"] == "no-longer-binds"
    assert callers["app/Base.java::Base.scaled"]["verdict"] == "no-longer-binds"  # area(a)


def test_a_parameter_on_a_declarations_second_line_is_part_of_its_signature(make_repo) -> None:
    root = make_repo(JAVA)
    (root / "app/Shape.java").write_text(JAVA["app/Shape.java"].replace("int b);", "int b, int c);"))
    assert _changed(root) == {"app/Shape.java::Shape.scaled": ["signature"]}
    assert _callers(root)["app/Main.java::Main.use"]["label"] == "behavior-change"


def test_an_annotation_added_above_a_declaration_is_no_signature_change(make_repo) -> None:
    root = make_repo(JAVA)
    (root / "app/Shape.java").write_text(JAVA["app/Shape.java"].replace("  double scaled", "  @Beta\n  double scaled"))
    assert _changed(root) == {"app/Shape.java::Shape.scaled": ["decorators"]}
