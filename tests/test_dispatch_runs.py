"""A call bound to a method that never runs runs one of its implementations (issue 18, JLS 15.12.4.4).

A method declared without a body (an interface or abstract method, JLS 8.4.3.1, 9.4) never runs,
and neither does a body that no object runs (graph/instances.py ``idle``): the method invoked is
the one the receiver's runtime class finds. The call's edge stays where it binds (a changed
signature there must reach the call), and ``callers``, ``callees``, ``graph --json`` and the MCP
``get_callers`` say what runs: the bound row ``runs: false``, each implementation a ``dispatch``
row ``via`` the declaration."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main
from diffreach.serve.app import App
from diffreach.serve.tools import CallersArgs, get_callers

SHAPES = {
    "src/Shape.java": "interface Shape {\n  int area();\n}\n",
    "src/Square.java": "public class Square implements Shape {\n  public int area() { return 1; }\n}\n",
    "src/Circle.java": "public class Circle implements Shape {\n  public int area() { return 3; }\n}\n",
    # Package-private and never constructed: no Shape is ever a Hidden.
    "src/Hidden.java": "class Hidden implements Shape {\n  public int area() { return 9; }\n}\n",
    # An unrelated interface with a method of the same name.
    "src/Named.java": "interface Named {\n  int area();\n}\n",
    "src/Plot.java": "public class Plot implements Named {\n  public int area() { return 4; }\n}\n",
    "src/Greeter.java": 'interface Greeter {\n  default String greet() { return "iface"; }\n}\n',
    "src/Base.java": (
        'public class Base {\n  public String greet() { return "base"; }\n  public int size() { return 0; }\n}\n'
    ),
    "src/Kid.java": (
        "public class Kid extends Base implements Greeter {\n  public int size() { return super.size() + 1; }\n}\n"
    ),
    "src/App.java": (
        "public class App {\n"
        "  int report(Shape s) { return s.area(); }\n"
        "  int plot(Named n) { return n.area(); }\n"
        "  String hello(Kid k) { return k.greet(); }\n"
        "  int sized(Base b) { return b.size(); }\n"
        "  public static void main(String[] a) { new App(); new Square(); new Circle(); new Plot(); new Kid(); }\n"
        "}\n"
    ),
}

TOOLS = {
    "src/Tool.java": "abstract class Tool {\n  int use() { return 0; }\n  native int raw();\n}\n",
    "src/Drill.java": "public class Drill extends Tool {\n  int use() { return 1; }\n}\n",
    "src/Sink.java": "public interface Sink {\n  void put(int x);\n}\n",
    "src/User.java": (
        "public class User {\n"
        "  int work(Tool t) { return t.use() + t.raw(); }\n"
        "  void fill(Sink s) { s.put(1); }\n"
        "  void go() { new Drill(); }\n"
        "}\n"
    ),
}


def _rows(data: dict, key: str) -> dict[str, dict]:
    return {r["id"]: r for r in data[key]}


def _cli_json(root: Path, *args: str) -> dict:
    result = CliRunner().invoke(main, [*args, "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_callees_of_a_call_through_an_interface_are_its_implementations(make_repo) -> None:
    root = make_repo(SHAPES)
    api.index(root)
    callees = _rows(api.callees_of(root, "src/App.java::App.report"), "callees")
    assert callees["src/Shape.java::Shape.area"]["runs"] is False  # bound there, never run
    assert callees["src/Shape.java::Shape.area"]["dispatch"] is False
    for impl in ("src/Square.java::Square.area", "src/Circle.java::Circle.area"):
        assert callees[impl]["runs"] is True
        assert callees[impl]["dispatch"] is True
        assert callees[impl]["via"] == "src/Shape.java::Shape.area"
    assert "src/Hidden.java::Hidden.area" not in callees  # no Shape is a Hidden
    assert "src/Plot.java::Plot.area" not in callees  # another interface's method of that name


def test_callers_of_an_implementation_are_the_callers_of_the_declaration(make_repo) -> None:
    root = make_repo(SHAPES)
    api.index(root)
    square = _rows(api.callers_of(root, "src/Square.java::Square.area"), "callers")
    assert set(square) == {"src/App.java::App.report"}  # not Shape.area, not App.plot
    assert square["src/App.java::App.report"]["via"] == "src/Shape.java::Shape.area"
    assert square["src/App.java::App.report"]["runs"] is True
    plot = _rows(api.callers_of(root, "src/Plot.java::Plot.area"), "callers")
    assert set(plot) == {"src/App.java::App.plot"}
    assert api.callers_of(root, "src/Hidden.java::Hidden.area")["callers"] == []
    declared = _rows(api.callers_of(root, "src/Shape.java::Shape.area"), "callers")
    assert declared["src/App.java::App.report"]["runs"] is False  # its call binds here, runs an implementation


def test_a_super_call_runs_the_base_method_only(make_repo) -> None:
    root = make_repo(SHAPES)
    api.index(root)
    callees = _rows(api.callees_of(root, "src/Kid.java::Kid.size"), "callees")
    assert set(callees) == {"src/Base.java::Base.size"}
    assert callees["src/Base.java::Base.size"]["runs"] is True
    assert callees["src/Base.java::Base.size"]["dispatch"] is False
    kid = _rows(api.callers_of(root, "src/Kid.java::Kid.size"), "callers")
    assert set(kid) == {"src/App.java::App.sized"}  # b.size() may run Kid.size; super.size() never does
    base = _rows(api.callers_of(root, "src/Base.java::Base.size"), "callers")
    assert base["src/Kid.java::Kid.size"]["runs"] is True  # Base.size has objects of its own, and super


def test_an_inherited_class_method_wins_over_a_default_method(make_repo) -> None:
    root = make_repo(SHAPES)
    api.index(root)
    callees = _rows(api.callees_of(root, "src/App.java::App.hello"), "callees")
    assert set(callees) == {"src/Base.java::Base.greet"}  # JLS 8.4.8: Kid inherits Base's greet
    assert callees["src/Base.java::Base.greet"]["runs"] is True
    assert api.callers_of(root, "src/Greeter.java::Greeter.greet")["callers"] == []


def test_a_body_no_object_runs_binds_only_and_a_native_method_runs(make_repo) -> None:
    root = make_repo(TOOLS)
    api.index(root)
    callees = _rows(api.callees_of(root, "src/User.java::User.work"), "callees")
    assert callees["src/Tool.java::Tool.use"]["runs"] is False  # Tool is abstract; Drill overrides use
    assert callees["src/Drill.java::Drill.use"]["via"] == "src/Tool.java::Tool.use"
    assert callees["src/Tool.java::Tool.raw"]["runs"] is True  # native: code of another language runs
    sink = _rows(api.callees_of(root, "src/User.java::User.fill"), "callees")
    assert sink["src/Sink.java::Sink.put"]["runs"] is False  # an implementation outside the repository runs
    assert not [r for r in sink.values() if r["dispatch"]]


def test_graph_json_and_the_cli_say_the_same(make_repo) -> None:
    root = make_repo(SHAPES)
    api.index(root)
    result = CliRunner().invoke(main, ["graph", str(root)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    runs = {(e["source"], e["target"]): e["runs"] for e in data["edges"] if e["kind"] == "calls"}
    assert runs[("src/App.java::App.report", "src/Shape.java::Shape.area")] is False
    assert runs[("src/App.java::App.sized", "src/Base.java::Base.size")] is True
    assert not [e for e in data["edges"] if e["kind"] in ("dynamic", "inherits", "imports") and "runs" in e]
    pairs = {(d["source"], d["target"], d["via"]) for d in data["dispatch"]}
    assert ("src/App.java::App.report", "src/Square.java::Square.area", "src/Shape.java::Shape.area") in pairs
    assert not [p for p in pairs if p[0] == "src/Shape.java::Shape.area"]  # the declaration calls nothing
    assert not [p for p in pairs if p[1] == "src/Hidden.java::Hidden.area"]
    cli = _rows(_cli_json(root, "callees", "src/App.java::App.report"), "callees")
    assert cli == _rows(api.callees_of(root, "src/App.java::App.report"), "callees")
    callers = _rows(_cli_json(root, "callers", "src/Square.java::Square.area"), "callers")
    assert callers["src/App.java::App.report"]["runs"] is True


def test_the_mcp_get_callers_rows_are_the_callers_rows(make_repo) -> None:
    root = make_repo(SHAPES)
    api.index(root)
    app = App(root=root, lock=anyio.Lock())
    try:
        for symbol in ("src/Square.java::Square.area", "src/Shape.java::Shape.area"):
            data = anyio.run(get_callers, app, CallersArgs(symbol=symbol, hops=1), None)
            assert data["callers"] == _cli_json(root, "callers", symbol, "--hops", "1")["callers"]
        square = _rows(anyio.run(get_callers, app, CallersArgs(symbol="Square.area", hops=1), None), "callers")
        assert square["src/App.java::App.report"]["dispatch"] is True
        assert square["src/App.java::App.report"]["runs"] is True
    finally:
        app.close()


def test_the_text_says_the_call_binds_there_only(make_repo) -> None:
    root = make_repo(SHAPES)
    api.index(root)
    result = CliRunner().invoke(main, ["callees", "src/App.java::App.report", "--root", str(root)])
    assert result.exit_code == 0, result.output
    shape = next(line for line in result.output.splitlines() if "Shape.area" in line and "dispatch" not in line)
    assert "[binds only: an implementation runs]" in shape
    square = next(line for line in result.output.splitlines() if "Square.area" in line)
    assert "[dispatch via src/Shape.java::Shape.area]" in square


CSHARP = {
    "src/IShape.cs": "interface IShape {\n  int Area();\n  int Perim() { return 0; }\n  int Sides { get; }\n}\n",
    "src/Square.cs": (
        "public class Square : IShape {\n"
        "  public int Area() { return 1; }\n"
        "  public int Sides { get; set; }\n"
        "  public int Half => 2;\n"
        "  public extern int Raw();\n"
        "}\n"
    ),
    "src/Base.cs": (
        "public abstract partial class Base {\n"
        "  public abstract int Run();\n"
        "  public virtual int Go() { return 1; }\n"
        "  partial void Log();\n"
        "}\n"
    ),
    "src/Kid.cs": "public class Kid : Base {\n  public override int Run() { return 2; }\n}\n",
    "src/App.cs": (
        "public class App {\n"
        "  int Report(IShape s) { return s.Area(); }\n"
        "  int Work(Base b) { return b.Run() + b.Go(); }\n"
        "}\n"
    ),
}


def test_csharp_abstract_and_interface_methods_are_declarations(make_repo) -> None:
    """C# (ECMA-334 15.6.7, 18.4): an abstract or interface method without a body is a declaration;
    an ``extern`` one runs code elsewhere, a ``partial`` one its implementing part, a property's
    accessors (``{ get; set; }``, ``=> 2``) are its body."""
    root = make_repo(CSHARP)
    api.index(root)
    nodes = {n["id"]: n for n in api.graph(root)["nodes"]}
    assert nodes["src/IShape.cs::IShape.Area"].get("abstract") is True
    assert nodes["src/Base.cs::Base.Run"].get("abstract") is True
    for running in (
        "src/IShape.cs::IShape.Perim",
        "src/Square.cs::Square.Sides",
        "src/Square.cs::Square.Half",
        "src/Square.cs::Square.Raw",
        "src/Base.cs::Base.Go",
        "src/Base.cs::Base.Log",
    ):
        assert "abstract" not in nodes[running], running
    report = _rows(api.callees_of(root, "src/App.cs::App.Report"), "callees")
    assert report["src/IShape.cs::IShape.Area"]["runs"] is False
    assert report["src/Square.cs::Square.Area"]["via"] == "src/IShape.cs::IShape.Area"
    work = _rows(api.callees_of(root, "src/App.cs::App.Work"), "callees")
    assert work["src/Base.cs::Base.Run"]["runs"] is False
    assert work["src/Kid.cs::Kid.Run"]["dispatch"] is True
    assert work["src/Base.cs::Base.Go"]["runs"] is True


def test_csharp_a_parameter_on_a_declarations_second_line_is_part_of_its_signature(make_repo) -> None:
    files = {
        **CSHARP,
        ".diffreach.toml": "warmup_reviews = 0\n",
        "src/IShape.cs": "interface IShape {\n  int Area(int a,\n           int b);\n}\n",
        "src/Square.cs": "public class Square : IShape {\n  public int Area(int a, int b) { return a * b; }\n}\n",
        "src/App.cs": "public class App {\n  int Report(IShape s) { return s.Area(1, 2); }\n}\n",
    }
    root = make_repo(files)
    (root / "src/IShape.cs").write_text(files["src/IShape.cs"].replace("int b);", "int b, int c);"))
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {c["id"]: c["change"] for c in data["changed"]} == {"src/IShape.cs::IShape.Area": ["signature"]}
    callers = {r["id"]: r for r in data["callers"]}
    assert callers["src/App.cs::App.Report"]["verdict"] == "no-longer-binds"


def test_a_change_to_a_class_member_reaches_calls_through_an_interface_that_redeclares_it(make_repo) -> None:
    files = {
        "node.ts": "export class StateNode {\n  withConfig(o: object, c?: number): StateNode { return this; }\n}\n",
        "types.ts": (
            "import { StateNode } from './node';\n"
            "export interface StateMachine extends StateNode {\n"
            "  withConfig(o: object, c?: number): StateMachine;\n"
            "}\n"
        ),
        "use.ts": (
            "import { StateMachine } from './types';\n"
            "export function useMachine(m: StateMachine) { return m.withConfig({}, 1); }\n"
        ),
    }
    root = make_repo(files)
    api.index(root)
    callers = _rows(api.callers_of(root, "node.ts::StateNode.withConfig"), "callers")
    assert callers["use.ts::useMachine"]["via"] == "types.ts::StateMachine.withConfig"
    assert callers["use.ts::useMachine"]["runs"] is True
