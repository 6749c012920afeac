"""Static methods are hidden, not overridden, where the language says so (issue 18).

Java (JLS 8.4.8.2), C#, C++ and Swift: a subclass's static method of the same name as its base's
is another method; a call names the one it runs, so no dispatch pairs them and the callers of one
are not callers of the other. Python's ``@staticmethod`` is looked up through the instance's
class like any attribute: an override there is one, and its dispatch pair stays.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main
from diffreach.index.build import graph_from_sources

JAVA = {
    "src/Base.java": (
        "class Base {\n  @Deprecated\n  public static int make() { return 1; }\n  public int area() { return 0; }\n}\n"
    ),
    "src/Sub.java": "public class Sub extends Base {\n  public static int make() { return 2; }\n  public int area() { return 1; }\n}\n",
    "src/App.java": "class App {\n  int base() { return Base.make(); }\n  int shape(Base b) { return b.area(); }\n}\n",
}


def _dynamic(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "dynamic"}


def test_java_static_methods_are_not_paired_instance_methods_are() -> None:
    found = _dynamic(JAVA)
    assert ("src/Base.java::Base.area", "src/Sub.java::Sub.area") in found
    assert ("src/Base.java::Base.make", "src/Sub.java::Sub.make") not in found


def test_csharp_static_methods_are_hidden() -> None:
    found = _dynamic(
        {
            "b.cs": (
                "class Base { public static int Make() { return 1; } public virtual int Area() { return 0; } }\n"
                "class Sub : Base { public static new int Make() { return 2; } public override int Area() { return 1; } }\n"
            )
        }
    )
    assert ("b.cs::Base.Area", "b.cs::Sub.Area") in found
    assert ("b.cs::Base.Make", "b.cs::Sub.Make") not in found


def test_python_staticmethods_are_overridden() -> None:
    found = _dynamic(
        {
            "p.py": (
                "class PB:\n    @staticmethod\n    def make():\n        return 1\n\n"
                "class PS(PB):\n    @staticmethod\n    def make():\n        return 2\n"
            )
        }
    )
    assert ("p.py::PB.make", "p.py::PS.make") in found


def test_callers_of_a_hiding_static_method_are_only_its_own(make_repo) -> None:
    root = make_repo(JAVA)
    api.index(root)
    assert api.callers_of(root, "src/Sub.java::Sub.make")["callers"] == []
    assert {r["id"] for r in api.callers_of(root, "src/Base.java::Base.make")["callers"]} == {"src/App.java::App.base"}
    dispatched = {r["id"]: r for r in api.callers_of(root, "src/Sub.java::Sub.area")["callers"]}
    assert dispatched["src/App.java::App.shape"]["dispatch"] is True  # the instance method still is
    callees = {r["id"] for r in api.callees_of(root, "src/App.java::App.base")["callees"]}
    assert callees == {"src/Base.java::Base.make"}
    out = CliRunner().invoke(main, ["graph", "--root", str(root), "--json"])
    assert out.exit_code == 0, out.output
    edges = {(e["source"], e["target"], e["kind"]) for e in json.loads(out.output)["edges"]}
    assert ("src/Base.java::Base.make", "src/Sub.java::Sub.make", "dynamic") not in edges
    assert ("src/Base.java::Base.area", "src/Sub.java::Sub.area", "dynamic") in edges
