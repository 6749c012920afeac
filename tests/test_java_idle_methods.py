"""A method that no object runs (JLS 15.12.4.4: an object runs the method its own class finds): a
package-private class that nothing constructs, whose every subclass with objects overrides the
method. A call bound to it keeps its edge (the call's binding, its signature) and the graph says
that an override runs in its place (``idle``); a class with objects of its own, a subclass that
inherits the method, a public class, a ``super`` call, a static method: it runs."""

from __future__ import annotations

from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main


def _program(base: str = "class Base", sub: str = "  public void m() { }\n", extra: str = "") -> dict[str, str]:
    return {
        "p/Base.java": f"package p;\n{base} {{\n  public void m() {{ }}\n  static void s() {{ }}\n}}\n",
        "p/Sub.java": f"package p;\nclass Sub extends Base {{\n{sub}}}\n",
        "p/Main.java": (
            "package p;\npublic class Main {\n"
            "  static void call(Base b) { b.m(); Base.s(); }\n"
            f"  public static void main(String[] a) {{ call(new Sub()); {extra}}}\n}}\n"
        ),
    }


def _idle(make_repo, files: dict[str, str]) -> set[str]:
    root = make_repo(files)
    api.index(root)
    return {n["id"] for n in api.graph(root)["nodes"] if n.get("idle")}


def test_a_method_every_object_runs_an_override_of_is_idle(make_repo) -> None:
    root = make_repo(_program())
    api.index(root)
    assert {n["id"] for n in api.graph(root)["nodes"] if n.get("idle")} == {"p/Base.java::Base.m"}
    rows = {(r["id"], r["dispatch"]): r for r in api.callees_of(root, "p/Main.java::Main.call")["callees"]}
    assert rows[("p/Base.java::Base.m", False)]["idle"] is True  # the call's binding stays, marked
    assert ("p/Sub.java::Sub.m", True) in rows  # what runs
    assert "idle" not in rows[("p/Base.java::Base.s", False)]  # static: runs on no object, runs
    text = CliRunner().invoke(main, ["callees", "--root", str(root), "p/Main.java::Main.call"]).output
    assert "Base.m  :3  [type]  [runs on no object]" in text


def test_a_method_runs_where_its_class_or_an_inheriting_subclass_has_objects(make_repo) -> None:
    assert _idle(make_repo, _program(extra="new Base(); ")) == set()  # Base's own objects
    assert _idle(make_repo, _program(base="abstract class Base", sub="")) == set()  # Sub inherits m
    assert _idle(make_repo, _program(base="public class Base")) == set()  # made outside the repository
    # An override that calls it runs it on its objects.
    assert _idle(make_repo, _program(sub="  public void m() { super.m(); }\n")) == set()
