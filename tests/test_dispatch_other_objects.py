"""A call bound to a base method from inside the class that overrides it runs the base method when
it is written on the object the method runs on or through ``super`` (``super.m()``, Python's
``Base.m(self)``); written on another object of the base type (a parameter, a field), it is virtual
(JLS 15.12.4.4): that object may be one of the overriding class, whose override runs. The callers
and callees listed and the blast radius say so alike."""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main

JAVA = {
    ".diffreach.toml": "warmup_reviews = 0\n",
    "p/Node.java": "package p;\npublic class Node {\n  public int size() { return 1; }\n}\n",
    "p/Sized.java": "package p;\npublic interface Sized {\n  default int size() { return 0; }\n}\n",
    "p/Group.java": (
        "package p;\npublic class Group extends Node implements Sized {\n"
        "  Node first;\n"
        "  public int size() { return 1 + super.size(); }\n"
        "  int firstSize() { return first.size(); }\n"
        "  static int measure(Node n) { return n.size(); }\n"
        "  int own() { return super.size(); }\n"
        "  int named() { return Sized.super.size(); }\n}\n"
    ),
}

PYTHON = {
    ".diffreach.toml": "warmup_reviews = 0\n",
    "shapes.py": (
        "class Node:\n    def size(self):\n        return 1\n\n\n"
        "class Group(Node):\n    def size(self):\n        return 2\n\n"
        "    def measure(self, other: Node):\n        return other.size()\n\n"
        "    def base_size(self):\n        return Node.size(self)\n"
    ),
}


def test_a_call_on_another_object_inside_the_overriding_class_may_run_the_override(make_repo) -> None:
    root = make_repo(JAVA)
    api.index(root)
    callers = {r["id"] for r in api.callers_of(root, "p/Group.java::Group.size")["callers"] if r["dispatch"]}
    assert {"p/Group.java::Group.firstSize", "p/Group.java::Group.measure"} <= callers
    assert "p/Group.java::Group.own" not in callers  # super.size() runs Node's
    assert "p/Group.java::Group.named" not in callers  # Sized.super.size() runs Sized's (JLS 15.12.1)
    runs = {r["id"] for r in api.callees_of(root, "p/Group.java::Group.measure")["callees"] if r["dispatch"]}
    assert runs == {"p/Group.java::Group.size"}
    assert not [r for r in api.callees_of(root, "p/Group.java::Group.own")["callees"] if r["dispatch"]]


def test_a_changed_override_reaches_its_classs_calls_on_other_objects_not_its_super_calls(make_repo) -> None:
    root = make_repo(JAVA)
    (root / "p/Group.java").write_text(JAVA["p/Group.java"].replace("1 + super.size()", "2 + super.size()"))
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    callers = {r["id"]: r for r in json.loads(result.output)["callers"]}
    assert callers["p/Group.java::Group.firstSize"]["hop"] == 1
    assert callers["p/Group.java::Group.measure"]["hop"] == 1
    assert "p/Group.java::Group.own" not in callers


def test_python_an_explicit_base_call_runs_the_base_and_a_call_on_a_parameter_may_not(make_repo) -> None:
    root = make_repo(PYTHON)
    api.index(root)
    callers = {r["id"] for r in api.callers_of(root, "shapes.py::Group.size")["callers"] if r["dispatch"]}
    assert "shapes.py::Group.measure" in callers
    assert "shapes.py::Group.base_size" not in callers
