"""Dispatch in the graph's own words (issue 18): the callers of a base method reach its overrides,
and ``callers``, ``callees``, ``graph --json`` and the walk say so; a ``super`` call binds to the
base method only."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main
from diffreach.index.build import graph_from_sources

PYTHON = {
    "shapes/base.py": "class Base:\n    def area(self):\n        return 0\n",
    "shapes/square.py": (
        "from shapes.base import Base\n\n"
        "class Square(Base):\n"
        "    def area(self):\n        return super().area() + 1\n\n"
        "    def twice(self):\n        return super().area() * 2\n"
    ),
    "app.py": "from shapes.base import Base\n\ndef report(b: Base):\n    return b.area()\n",
}

JAVA = {
    "src/Shape.java": "interface Shape {\n  int area();\n}\n",
    "src/Square.java": ("public class Square implements Shape {\n  public int area() { return 1; }\n}\n"),
    "src/Big.java": ("public class Big extends Square {\n  public int area() { return super.area() * 2; }\n}\n"),
    "src/App.java": "class App {\n  int report(Shape s) { return s.area(); }\n}\n",
}


def _by_id(rows: list[dict]) -> dict[str, dict]:
    return {r["id"]: r for r in rows}


def test_callers_of_an_override_are_the_callers_of_its_base(make_repo) -> None:
    root = make_repo(PYTHON)
    api.index(root)
    callers = _by_id(api.callers_of(root, "shapes/square.py::Square.area")["callers"])
    assert callers["app.py::report"]["dispatch"] is True
    assert callers["app.py::report"]["via"] == "shapes/base.py::Base.area"
    assert "shapes/base.py::Base.area" not in callers  # the base does not call its override
    assert "shapes/square.py::Square.twice" not in callers  # super().area() runs Base.area


def test_callers_of_the_base_keep_super_calls_as_direct_calls(make_repo) -> None:
    root = make_repo(PYTHON)
    api.index(root)
    callers = _by_id(api.callers_of(root, "shapes/base.py::Base.area")["callers"])
    assert set(callers) == {"app.py::report", "shapes/square.py::Square.area", "shapes/square.py::Square.twice"}
    assert not any(r["dispatch"] for r in callers.values())


def test_callees_list_the_override_through_dispatch_and_the_base_calls_nothing(make_repo) -> None:
    root = make_repo(PYTHON)
    api.index(root)
    callees = _by_id(api.callees_of(root, "app.py::report")["callees"])
    assert callees["shapes/base.py::Base.area"]["dispatch"] is False
    assert callees["shapes/square.py::Square.area"]["dispatch"] is True
    assert callees["shapes/square.py::Square.area"]["via"] == "shapes/base.py::Base.area"
    assert api.callees_of(root, "shapes/base.py::Base.area")["callees"] == []
    twice = _by_id(api.callees_of(root, "shapes/square.py::Square.twice")["callees"])
    assert set(twice) == {"shapes/base.py::Base.area"}


def test_graph_json_states_dispatch_pairs(make_repo) -> None:
    root = make_repo(PYTHON)
    api.index(root)
    pairs = {(d["source"], d["target"], d["via"]) for d in api.graph(root)["dispatch"]}
    assert ("app.py::report", "shapes/square.py::Square.area", "shapes/base.py::Base.area") in pairs
    assert not [p for p in pairs if p[0].startswith("shapes/square.py")]


def test_java_interface_caller_reaches_implementations_but_not_through_super(make_repo) -> None:
    root = make_repo(JAVA)
    api.index(root)
    big = _by_id(api.callers_of(root, "src/Big.java::Big.area")["callers"])
    assert big["src/App.java::App.report"]["dispatch"] is True
    square = _by_id(api.callers_of(root, "src/Square.java::Square.area")["callers"])
    assert square["src/App.java::App.report"]["via"] == "src/Shape.java::Shape.area"
    assert square["src/Big.java::Big.area"]["dispatch"] is False  # super.area(): a direct call
    assert "src/Shape.java::Shape.area" not in square


def _impact(root: Path) -> dict[str, dict]:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return _by_id(json.loads(result.output)["callers"])


def test_a_changed_override_is_not_reached_by_super_calls_of_its_own_class(make_repo) -> None:
    root = make_repo({**PYTHON, ".diffreach.toml": "warmup_reviews = 0\n"})
    (root / "shapes/square.py").write_text(PYTHON["shapes/square.py"].replace("+ 1", "+ 2"))
    radius = _impact(root)
    assert radius["app.py::report"]["hop"] == 1
    assert "shapes/square.py::Square.twice" not in radius


def test_a_changed_base_reaches_the_super_calls(make_repo) -> None:
    root = make_repo({**PYTHON, ".diffreach.toml": "warmup_reviews = 0\n"})
    (root / "shapes/base.py").write_text(PYTHON["shapes/base.py"].replace("return 0", "return -1"))
    radius = _impact(root)
    assert radius["shapes/square.py::Square.twice"]["hop"] == 1
    assert radius["app.py::report"]["hop"] == 1


SIBLINGS_TS = {
    "src/widget.ts": "export class Widget {\n    attach(): number { return 0; }\n}\n",
    "src/tree.ts": (
        'import { Widget } from "./widget";\n\n'
        "export class Tree extends Widget {\n    attach(): number { return super.attach() + 1; }\n}\n"
    ),
    "src/dialog.ts": (
        'import { Widget } from "./widget";\n\n'
        "export class Dialog extends Widget {\n    attach(): number { return super.attach() + 2; }\n}\n"
    ),
    "src/app.ts": 'import { Widget } from "./widget";\n\nexport function show(w: Widget): number {\n    return w.attach();\n}\n',
    "package.json": '{"name": "m"}\n',
    ".diffreach.toml": "warmup_reviews = 0\n",
}


def test_a_sibling_class_s_super_call_never_reaches_another_override(make_repo) -> None:
    # ECMA-262's super.m reads the home object's prototype, JLS 15.12.4.1 binds super.m() statically:
    # Dialog's super.attach() runs Widget.attach, never Tree's override; w.attach() may run it.
    root = make_repo(SIBLINGS_TS)
    (root / "src/tree.ts").write_text(SIBLINGS_TS["src/tree.ts"].replace("+ 1", "+ 3"))
    radius = _impact(root)
    assert radius["src/app.ts::show"]["hop"] == 1
    assert "src/dialog.ts::Dialog.attach" not in radius
    callers = _by_id(api.callers_of(root, "src/tree.ts::Tree.attach")["callers"])
    assert set(callers) == {"src/app.ts::show"}


def test_python_a_cooperative_super_may_reach_a_sibling_s_override(make_repo) -> None:
    # class D(B, C): B's super().m() runs C.m for a D (the object's MRO), so a change to C.m reaches B.m.
    cooperative = (
        "class A:\n    def m(self):\n        return 0\n\n"
        "class B(A):\n    def m(self):\n        return super().m() + 1\n\n"
        "class C(A):\n    def m(self):\n        return 2\n\n"
        "class D(B, C):\n    pass\n"
    )
    root = make_repo({"m.py": cooperative, ".diffreach.toml": "warmup_reviews = 0\n"})
    (root / "m.py").write_text(cooperative.replace("return 2", "return 3"))
    assert "m.py::B.m" in _impact(root)


DEFAULTS = {
    "src/Greeter.java": 'interface Greeter {\n  default String greet() { return "hi"; }\n}\n',
    "src/Base.java": 'class Base {\n  public String greet() { return "base"; }\n}\n',
    "src/Impl.java": "public class Impl extends Base implements Greeter {}\n",
    "src/Own.java": "class Own implements Greeter {}\n",
    "src/App.java": (
        "class App {\n  String use(Greeter g) { return g.greet(); }\n  String direct(Impl i) { return i.greet(); }\n}\n"
    ),
}


def test_java_a_superclass_method_wins_over_an_interface_default() -> None:
    edges = {(e.source, e.target, e.kind) for e in graph_from_sources(DEFAULTS).edges}
    assert ("src/App.java::App.direct", "src/Base.java::Base.greet", "calls") in edges
    assert ("src/App.java::App.direct", "src/Greeter.java::Greeter.greet", "calls") not in edges
    # A Greeter that is an Impl runs Base.greet: the interface's callers reach it.
    assert ("src/Greeter.java::Greeter.greet", "src/Base.java::Base.greet", "dynamic") in edges


def test_java_callers_of_the_interface_reach_the_inherited_class_method(make_repo) -> None:
    root = make_repo(DEFAULTS)
    api.index(root)
    callers = _by_id(api.callers_of(root, "src/Base.java::Base.greet")["callers"])
    assert callers["src/App.java::App.use"]["dispatch"] is True
    assert callers["src/App.java::App.direct"]["dispatch"] is False


def test_python_a_method_earlier_in_the_mro_runs_for_the_later_base() -> None:
    files = {
        "m.py": (
            "class A:\n    def run(self):\n        return 'a'\n\n"
            "class B:\n    def run(self):\n        return 'b'\n\n    def stop(self):\n        return 'b'\n\n"
            "class C(A, B):\n    pass\n"
        )
    }
    dynamic = {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "dynamic"}
    assert ("m.py::B.run", "m.py::A.run") in dynamic
    assert ("m.py::A.run", "m.py::B.run") not in dynamic  # A comes first: B.run never runs for a C
    assert not [d for d in dynamic if d[0] == "m.py::B.stop"]  # C's stop is B's own


SIBLINGS = {
    "shapes.py": (
        "class Base:\n"
        "    def area(self):\n        return 0\n\n"
        "    def report(self):\n        return self.area()\n\n"
        "class Square(Base):\n"
        "    def area(self):\n        return 1\n\n"
        "class Circle(Base):\n"
        "    def describe(self):\n        return self.area()\n\n"
        "class Ring(Circle):\n"
        "    def area(self):\n        return 2\n\n"
        "def measure(b: Base):\n    return b.area()\n"
    ),
}


def test_a_call_on_self_reaches_only_overrides_in_classes_descending_from_its_own(make_repo) -> None:
    root = make_repo(SIBLINGS)
    api.index(root)
    square = _by_id(api.callers_of(root, "shapes.py::Square.area")["callers"])
    assert square["shapes.py::Base.report"]["dispatch"] is True  # self may be a Square there
    assert square["shapes.py::measure"]["dispatch"] is True
    assert "shapes.py::Circle.describe" not in square  # that self is a Circle: never a Square
    ring = _by_id(api.callers_of(root, "shapes.py::Ring.area")["callers"])
    assert {"shapes.py::Base.report", "shapes.py::Circle.describe", "shapes.py::measure"} <= set(ring)
    callees = _by_id(api.callees_of(root, "shapes.py::Circle.describe")["callees"])
    assert set(callees) == {"shapes.py::Base.area", "shapes.py::Ring.area"}
    pairs = {(d["source"], d["target"]) for d in api.graph(root)["dispatch"]}
    assert ("shapes.py::Circle.describe", "shapes.py::Square.area") not in pairs
    assert ("shapes.py::Circle.describe", "shapes.py::Ring.area") in pairs


JAVA_SIBLINGS = {
    "src/Base.java": "abstract class Base {\n  abstract int area();\n  int twice() { return area() * 2; }\n}\n",
    "src/Square.java": "public class Square extends Base {\n  int area() { return 1; }\n}\n",
    "src/Circle.java": "class Circle extends Base {\n  int half() { return 0; }\n}\n",
    "src/Disc.java": "class Disc extends Circle {\n  int more() { return area() + this.area(); }\n}\n",
}


def test_java_a_bare_call_is_a_call_on_this(make_repo) -> None:
    root = make_repo(JAVA_SIBLINGS)
    api.index(root)
    square = _by_id(api.callers_of(root, "src/Square.java::Square.area")["callers"])
    assert square["src/Base.java::Base.twice"]["dispatch"] is True
    assert "src/Disc.java::Disc.more" not in square  # this is a Disc there: never a Square
    callees = _by_id(api.callees_of(root, "src/Disc.java::Disc.more")["callees"])
    assert set(callees) == {"src/Base.java::Base.area"}


def test_a_constructor_called_by_its_class_never_runs_a_subclass_constructor() -> None:
    # Python: `Base(1)` runs Base.__init__ (type.__call__ on Base); a subclass's __init__ runs for
    # a subclass's objects and reaches the base's through super(). Ruby's `Base.new` and PHP's
    # `new Base()` alike. So no dispatch pair joins constructors, while other methods keep theirs.
    sources = {
        "base.py": "class Base:\n    def __init__(self, a):\n        self.a = a\n    def run(self):\n        pass\n",
        "sub.py": (
            "from base import Base\n"
            "class Sub(Base):\n"
            "    def __init__(self, a, b):\n"
            "        super().__init__(a)\n"
            "    def run(self):\n"
            "        pass\n"
        ),
        "use.py": "from base import Base\ndef f():\n    x = Base(1)\n    x.run()\n",
        "base.rb": "class Base\n  def initialize(a)\n  end\n  def run\n  end\nend\n",
        "sub.rb": "class Sub < Base\n  def initialize(a, b)\n    super(a)\n  end\n  def run\n  end\nend\n",
        "Base.php": "<?php\nclass Base {\n  public function __construct($a) {}\n  public function run() {}\n}\n",
        "Sub.php": (
            "<?php\nclass Sub extends Base {\n"
            "  public function __construct($a, $b) { parent::__construct($a); }\n"
            "  public function run() {}\n}\n"
        ),
    }
    dispatch = {(e.source, e.target) for e in graph_from_sources(sources).edges if e.kind == "dynamic"}
    assert dispatch == {
        ("base.py::Base.run", "sub.py::Sub.run"),
        ("base.rb::Base.run", "sub.rb::Sub.run"),
        ("Base.php::Base.run", "Sub.php::Sub.run"),
    }
