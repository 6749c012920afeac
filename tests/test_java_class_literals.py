"""A class literal (``C.class``, JLS 15.8.2) is the class's ``Class`` object: it names the class and
uses none of its members. A subclass the walk reaches because its base changed is in the radius
for what it inherits; the code that holds its class literal is not reached through it. A change
of the class itself still reaches that code (reflection reads the class as it now is)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach.cli import main

SHAPE = "package p;\npublic interface Shape {\n  int area();\n}\n"
SQUARE = (
    "package p;\npublic class Square implements Shape {\n  int side = 2;\n"
    "  public int area() { return side * side; }\n}\n"
)
REGISTRY = "package p;\nclass Registry {\n  Class<?> kind() { return Square.class; }\n}\n"
FILES = {
    "p/Shape.java": SHAPE,
    "p/Square.java": SQUARE,
    "p/Registry.java": REGISTRY,
    ".diffreach.toml": "warmup_reviews = 0\n",
}


def _reached(root) -> set[str]:  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--hops", "2", "--no-history", "--json"])
    assert result.exit_code == 0, result.output
    return {r["id"] for r in json.loads(result.output)["callers"]}


def test_a_subclass_reached_through_its_base_does_not_reach_its_class_literals(make_repo) -> None:
    root = make_repo(FILES)
    (root / "p/Shape.java").write_text(SHAPE.replace("  int area();\n", "  int area();\n  int sides();\n"))
    reached = _reached(root)
    assert "p/Square.java::Square" in reached  # it must implement sides()
    assert "p/Registry.java::Registry.kind" not in reached


def test_a_changed_class_reaches_its_class_literals(make_repo) -> None:
    root = make_repo(FILES)
    (root / "p/Square.java").write_text(SQUARE.replace("  int side = 2;\n", "  int side = 2;\n  int depth = 1;\n"))
    assert "p/Registry.java::Registry.kind" in _reached(root)
