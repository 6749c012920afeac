"""Which method a call on a known class runs: the language's lookup order (issue 18).

Python looks a member up along the class's C3 linearization (the MRO), Java in the superclass
chain before any interface (a class's method wins over an interface's default, JLS 8.4.8); both
read the bases in their written order. A declaration that states a type and assigns a value of a
subclass (``I x = new C()``, ``x: I = C()``) holds a C: the call runs C's lookup (JLS 15.12.4.4).
A ``super`` call binds to the base method and reaches no override in the caller's class or below.
Each test: a small repository in, the expected and the forbidden edges out."""

from __future__ import annotations

from diffreach import api
from diffreach.index.build import graph_from_sources


def _calls(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}


def test_python_finds_a_method_along_the_c3_order_not_depth_first() -> None:
    files = {
        "m.py": (
            "class A:\n    def func(self):\n        pass\n\n"
            "class B(A):\n    pass\n\n"
            "class C(A):\n    def func(self):\n        pass\n\n"
            "class D(B, C):\n    pass\n\n"
            "def main():\n    d = D()\n    d.func()\n"
        )
    }
    calls = _calls(files)
    assert ("m.py::main", "m.py::C.func") in calls  # D, B, C, A: C's comes before A's
    assert ("m.py::main", "m.py::A.func") not in calls


def test_bases_are_read_in_their_written_order_not_by_name() -> None:
    files = {
        "m.py": (
            "class Zed:\n    def run(self):\n        pass\n\n"
            "class Alpha:\n    def run(self):\n        pass\n\n"
            "class Both(Zed, Alpha):\n    pass\n\n"
            "def main():\n    Both().run()\n"
        )
    }
    calls = _calls(files)
    assert ("m.py::main", "m.py::Zed.run") in calls
    assert ("m.py::main", "m.py::Alpha.run") not in calls


def test_python_annotated_declaration_holds_the_assigned_subclass() -> None:
    files = {
        "m.py": (
            "class Base:\n    def area(self):\n        return 0\n\n"
            "class Square(Base):\n    def area(self):\n        return 1\n\n"
            "def main():\n    s: Base = Square()\n    return s.area()\n"
        )
    }
    calls = _calls(files)
    assert ("m.py::main", "m.py::Square.area") in calls
    assert ("m.py::main", "m.py::Base.area") not in calls


JAVA = {
    "p/Super.java": "package p;\nclass Super {\n  public void method() { }\n  public void compute() { }\n}\n",
    "p/Iface.java": "package p;\ninterface Iface {\n  default void method() { }\n  void compute();\n}\n",
    "p/Sub.java": "package p;\nclass Sub extends Super implements Iface {\n}\n",
    "p/Main.java": (
        "package p;\nclass Main {\n"
        "  static void direct() { new Sub().method(); }\n"
        "  static void declared() { Iface i = new Sub(); i.method(); }\n"
        "  static void abstractOne() { Sub s = new Sub(); s.compute(); }\n"
        "}\n"
    ),
}


def test_java_a_superclass_method_wins_over_an_interface_default() -> None:
    calls = _calls(JAVA)
    for caller in ("p/Main.java::Main.direct", "p/Main.java::Main.declared"):
        assert (caller, "p/Super.java::Super.method") in calls
        assert (caller, "p/Iface.java::Iface.method") not in calls  # the default never runs for a Sub


def test_java_a_superclass_method_wins_over_an_interface_declaration() -> None:
    calls = _calls(JAVA)
    assert ("p/Main.java::Main.abstractOne", "p/Super.java::Super.compute") in calls
    assert ("p/Main.java::Main.abstractOne", "p/Iface.java::Iface.compute") not in calls


def test_java_interface_callers_still_reach_the_class_method_through_dispatch() -> None:
    files = {**JAVA, "p/Use.java": "package p;\nclass Use {\n  void use(Iface i) { i.method(); }\n}\n"}
    edges = {(e.source, e.target, e.kind) for e in graph_from_sources(files).edges}
    assert ("p/Use.java::Use.use", "p/Iface.java::Iface.method", "calls") in edges
    assert ("p/Iface.java::Iface.method", "p/Super.java::Super.method", "dynamic") in edges
    assert ("p/Super.java::Super.method", "p/Iface.java::Iface.method", "dynamic") not in edges


SUPER = {
    "m.py": (
        "class A:\n    def __init__(self):\n        pass\n\n"
        "class B(A):\n    def __init__(self):\n        super().__init__()\n\n"
        "class C(B):\n    def __init__(self):\n        super().__init__()\n\n"
        "def main():\n    C()\n"
    )
}


def test_a_super_call_reaches_no_override_below_the_callers_class(make_repo) -> None:
    root = make_repo(SUPER)
    api.index(root)
    callees = {(r["id"], r["dispatch"]) for r in api.callees_of(root, "m.py::B.__init__")["callees"]}
    assert ("m.py::A.__init__", False) in callees
    assert not any(target == "m.py::C.__init__" for target, _ in callees)  # C's runs before B's, never after
    dispatch = {(d["source"], d["target"]) for d in api.graph(root)["dispatch"]}  # type: ignore[attr-defined]
    assert ("m.py::B.__init__", "m.py::C.__init__") not in dispatch
    callers = {r["id"] for r in api.callers_of(root, "m.py::C.__init__")["callers"]}  # type: ignore[union-attr]
    assert callers == {"m.py::main"}


def test_a_cooperative_super_call_may_reach_a_sibling_in_the_mro(make_repo) -> None:
    files = {
        "m.py": (
            "class A:\n    def m(self):\n        pass\n\n"
            "class B(A):\n    def m(self):\n        super().m()\n\n"
            "class C(A):\n    def m(self):\n        pass\n"
        )
    }
    root = make_repo(files)
    api.index(root)
    callees = {(r["id"], r["dispatch"]) for r in api.callees_of(root, "m.py::B.m")["callees"]}
    assert ("m.py::A.m", False) in callees
    assert ("m.py::C.m", True) in callees  # class D(B, C): after B comes C


def test_python_tuple_assignment_binds_each_target_to_the_value_at_its_position() -> None:
    files = {
        "m.py": (
            "def f1():\n    pass\n\ndef f2():\n    pass\n\ndef f3():\n    pass\n\n"
            "class K:\n    def run(self):\n        pass\n\n"
            "def pairs():\n    a, b = f1, f2\n    b()\n\n"
            "def starred():\n    x, *ys, z = f1, f2, f3\n    x()\n    z()\n\n"
            "def chained():\n    p = q = f3\n    p()\n\n"
            "def typed():\n    k, n = K(), 1\n    k.run()\n"
        )
    }
    calls = _calls(files)
    assert ("m.py::pairs", "m.py::f2") in calls
    assert ("m.py::pairs", "m.py::f1") not in calls
    assert ("m.py::starred", "m.py::f1") in calls
    assert ("m.py::starred", "m.py::f2") not in calls  # z is f3: the starred target shifts the positions
    assert ("m.py::starred", "m.py::f3") in calls  # z: counted from the end past the starred target
    assert ("m.py::chained", "m.py::f3") in calls
    assert ("m.py::typed", "m.py::K.run") in calls
