"""Java: a small source tree in, the expected edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

MAIN = "src/main/java/com/shop"
TEST = "src/test/java/com/shop"


def edges(files: dict[str, str], *kinds: str) -> set[tuple[str, str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target, e.kind) for e in g.edges if e.kind in (kinds or ("calls",))}


def test_class_import_static_call_and_constructor() -> None:
    found = edges(
        {
            f"{MAIN}/util/Strings.java": (
                "package com.shop.util;\n\npublic final class Strings {\n"
                "  public static String pad(String s) { return s; }\n}\n"
            ),
            f"{MAIN}/model/Item.java": (
                "package com.shop.model;\n\npublic class Item {\n  public Item(String name) {}\n"
                "  public int price() { return 1; }\n}\n"
            ),
            f"{MAIN}/App.java": (
                "package com.shop;\n\nimport com.shop.util.Strings;\nimport com.shop.model.Item;\n\n"
                'public class App {\n  void run() {\n    Item item = new Item(Strings.pad("x"));\n'
                "    item.price();\n  }\n}\n"
            ),
        }
    )
    assert found == {
        (f"{MAIN}/App.java::App.run", f"{MAIN}/model/Item.java::Item.Item", "calls"),
        (f"{MAIN}/App.java::App.run", f"{MAIN}/util/Strings.java::Strings.pad", "calls"),
        (f"{MAIN}/App.java::App.run", f"{MAIN}/model/Item.java::Item.price", "calls"),
    }


def test_static_imports_of_a_member_and_of_all_members_bind_the_class_methods() -> None:
    util = (
        f"{MAIN}/util/Checks.java",
        "package com.shop.util;\n\npublic final class Checks {\n"
        "  public static void notNull(Object o) {}\n  public static void positive(int n) {}\n}\n",
    )
    other = (
        f"{MAIN}/util/Other.java",
        "package com.shop.util;\n\npublic final class Other {\n  public static void positive(int n) {}\n}\n",
    )
    found = edges(
        {
            util[0]: util[1],
            other[0]: other[1],
            f"{MAIN}/A.java": (
                "package com.shop;\n\nimport static com.shop.util.Checks.notNull;\n\n"
                "class A {\n  void run() { notNull(this); positive(1); }\n}\n"
            ),
            f"{MAIN}/B.java": (
                "package com.shop;\n\nimport static com.shop.util.Checks.*;\n\n"
                "class B {\n  void run() { notNull(this); positive(1); }\n}\n"
            ),
        }
    )
    assert found == {
        (f"{MAIN}/A.java::A.run", f"{util[0]}::Checks.notNull", "calls"),
        # positive is not imported into A: neither Checks.positive nor Other.positive
        (f"{MAIN}/B.java::B.run", f"{util[0]}::Checks.notNull", "calls"),
        (f"{MAIN}/B.java::B.run", f"{util[0]}::Checks.positive", "calls"),
    }


def test_imports_edges_go_to_the_class_file_only() -> None:
    found = edges(
        {
            "src/com/a/One.java": "package com.a;\npublic class One {}\n",
            "src/com/a/Two.java": "package com.a;\npublic class Two {}\n",
            "src/com/b/Use.java": "package com.b;\nimport com.a.One;\nimport java.util.List;\nclass Use {}\n",
        },
        "imports",
    )
    assert found == {("src/com/b/Use.java", "src/com/a/One.java", "imports")}


def test_wildcard_import() -> None:
    found = edges(
        {
            "src/com/a/Parser.java": "package com.a;\npublic class Parser {\n  public void parse() {}\n}\n",
            "src/com/a/Lexer.java": "package com.a;\npublic class Lexer {}\n",
            "src/com/b/Main.java": (
                "package com.b;\nimport com.a.*;\n\nclass Main {\n  void go() {\n    Parser p = new Parser();\n"
                "    p.parse();\n  }\n}\n"
            ),
        }
    )
    assert found == {
        ("src/com/b/Main.java::Main.go", "src/com/a/Parser.java::Parser", "calls"),
        ("src/com/b/Main.java::Main.go", "src/com/a/Parser.java::Parser.parse", "calls"),
    }


def test_same_package_class_without_import_even_across_source_roots() -> None:
    g = graph_from_sources(
        {
            f"{MAIN}/Cart.java": "package com.shop;\n\npublic class Cart {\n  public int total() { return Tax.rate(); }\n}\n",
            f"{MAIN}/Tax.java": "package com.shop;\n\nclass Tax {\n  static int rate() { return 2; }\n}\n",
            f"{TEST}/CartTest.java": (
                "package com.shop;\n\nimport org.junit.Test;\nimport static org.junit.Assert.assertEquals;\n\n"
                "public class CartTest {\n  @Test public void total() {\n    assertEquals(2, new Cart().total());\n  }\n}\n"
            ),
        }
    )
    found = {(e.source, e.target, e.kind) for e in g.edges if e.kind in ("calls", "tests")}
    assert found == {
        (f"{MAIN}/Cart.java::Cart.total", f"{MAIN}/Tax.java::Tax.rate", "calls"),
        (f"{TEST}/CartTest.java::CartTest.total", f"{MAIN}/Cart.java::Cart", "tests"),
        (f"{TEST}/CartTest.java::CartTest.total", f"{MAIN}/Cart.java::Cart.total", "tests"),
    }
    assert {s.id for s in g.symbols if s.is_test} >= {f"{TEST}/CartTest.java::CartTest.total"}
    assert not any(s.is_test for s in g.symbols if s.file.startswith("src/main"))


def test_this_call_inherited_from_a_superclass_and_super_call() -> None:
    found = edges(
        {
            "src/p/Base.java": "package p;\n\npublic abstract class Base {\n  protected void log() {}\n  void init() {}\n}\n",
            "src/p/Child.java": (
                "package p;\n\npublic class Child extends Base {\n  void init() {\n    super.init();\n    this.log();\n"
                "    log();\n  }\n}\n"
            ),
        },
        "calls",
        "inherits",
    )
    assert found == {
        ("src/p/Child.java::Child", "src/p/Base.java::Base", "inherits"),
        ("src/p/Child.java::Child.init", "src/p/Base.java::Base.init", "calls"),
        ("src/p/Child.java::Child.init", "src/p/Base.java::Base.log", "calls"),
    }


def test_implements_is_an_inherit_edge_and_calls_through_the_interface() -> None:
    g = graph_from_sources(
        {
            "src/p/Shape.java": "package p;\n\npublic interface Shape {\n  double area();\n}\n",
            "src/p/Circle.java": (
                "package p;\n\nimport java.io.Serializable;\n\npublic class Circle implements Shape, Serializable {\n"
                "  public double area() { return 3.14; }\n}\n"
            ),
            "src/p/Report.java": "package p;\n\nclass Report {\n  double sum(Shape s) { return s.area(); }\n}\n",
        }
    )
    found = {(e.source, e.target, e.kind) for e in g.edges}
    assert ("src/p/Circle.java::Circle", "src/p/Shape.java::Shape", "inherits") in found
    assert ("src/p/Report.java::Report.sum", "src/p/Shape.java::Shape.area", "calls") in found
    assert ("src/p/Shape.java::Shape.area", "src/p/Circle.java::Circle.area", "dynamic") in found
    assert not any(e.target.endswith("Serializable") for e in g.edges)


def test_constructor_call_goes_to_the_class_when_it_declares_none() -> None:
    found = edges(
        {
            "src/p/Plain.java": "package p;\n\nclass Plain {\n  void m() {}\n}\n",
            "src/p/Ctor.java": "package p;\n\nclass Ctor {\n  Ctor() {}\n  Ctor(int a) { this(); }\n}\n",
            "src/p/Use.java": "package p;\n\nclass Use {\n  void go() {\n    new Plain().m();\n    new Ctor(1);\n  }\n}\n",
        }
    )
    assert ("src/p/Use.java::Use.go", "src/p/Plain.java::Plain", "calls") in found
    # new Ctor(1): the constructor whose parameter count fits (issue 18, overload families).
    assert ("src/p/Use.java::Use.go", "src/p/Ctor.java::Ctor.Ctor#2", "calls") in found
    assert ("src/p/Use.java::Use.go", "src/p/Ctor.java::Ctor.Ctor", "calls") not in found


def test_fields_and_parameters_type_their_receivers() -> None:
    found = edges(
        {
            "src/p/Repo.java": "package p;\n\nclass Repo {\n  void save() {}\n}\n",
            "src/p/Mailer.java": "package p;\n\nclass Mailer {\n  void save() {}\n  void send() {}\n}\n",
            "src/p/Service.java": (
                "package p;\n\nclass Service {\n  private final Repo repo;\n  Service(Repo repo) { this.repo = repo; }\n"
                "  void a() { repo.save(); }\n  void b() { this.repo.save(); }\n"
                "  void c(Mailer m) { m.save(); }\n  void d() { var m = new Mailer(); m.send(); }\n}\n"
            ),
        }
    )
    assert found == {
        ("src/p/Service.java::Service.a", "src/p/Repo.java::Repo.save", "calls"),
        ("src/p/Service.java::Service.b", "src/p/Repo.java::Repo.save", "calls"),
        ("src/p/Service.java::Service.c", "src/p/Mailer.java::Mailer.save", "calls"),
        ("src/p/Service.java::Service.d", "src/p/Mailer.java::Mailer", "calls"),
        ("src/p/Service.java::Service.d", "src/p/Mailer.java::Mailer.send", "calls"),
    }


def test_unrelated_classes_with_a_common_method_name_are_not_joined() -> None:
    g = graph_from_sources(
        {
            "src/p/Cache.java": "package p;\n\nclass Cache {\n  Object get(String k) { return null; }\n}\n",
            "src/p/Config.java": "package p;\n\nclass Config {\n  Object get(String k) { return null; }\n}\n",
            "src/p/Use.java": (
                "package p;\n\nimport java.util.Map;\n\nclass Use {\n  void go(Map<String, Object> map, String s) {\n"
                '    map.get("k");\n    lookup().get("k");\n    s.length();\n    String.format("%s", s);\n  }\n}\n'
            ),
        }
    )
    assert {e for e in g.edges if e.kind == "calls"} == set()
    statuses = {(r.ref.receiver, r.ref.name): r.status for r in g.resolved}
    assert statuses[("map", "get")] == "external"
    assert statuses[("String", "format")] == "external"


def test_same_class_name_in_two_packages_follows_the_import() -> None:
    found = edges(
        {
            "src/a/Node.java": "package a;\npublic class Node {\n  public void visit() {}\n}\n",
            "src/b/Node.java": "package b;\npublic class Node {\n  public void visit() {}\n}\n",
            "src/c/Walk.java": "package c;\nimport b.Node;\nclass Walk {\n  void go(Node n) { n.visit(); }\n}\n",
        }
    )
    assert found == {("src/c/Walk.java::Walk.go", "src/b/Node.java::Node.visit", "calls")}


def test_method_reference_and_nested_class() -> None:
    g = graph_from_sources(
        {
            "src/p/Outer.java": (
                "package p;\n\nclass Outer {\n  static class Inner {\n    void act() {}\n  }\n"
                "  void go(java.util.List<Inner> xs) {\n    xs.forEach(Inner::act);\n    new Inner().act();\n  }\n}\n"
            ),
        }
    )
    found = {(e.source, e.target, e.kind) for e in g.edges}
    assert ("src/p/Outer.java::Outer.go", "src/p/Outer.java::Outer.Inner.act", "references") in found
    assert ("src/p/Outer.java::Outer.go", "src/p/Outer.java::Outer.Inner.act", "calls") in found


def test_test_file_conventions() -> None:
    g = graph_from_sources(
        {
            "src/main/java/p/A.java": "package p;\nclass A {}\n",
            "src/test/java/p/Helper.java": "package p;\nclass Helper {}\n",
            "lib/p/ATest.java": "package p;\nclass ATest {}\n",
            "lib/p/AIT.java": "package p;\nclass AIT {}\n",
        }
    )
    tests = {s.file for s in g.symbols if s.is_test and s.kind == "file"}
    assert tests == {"src/test/java/p/Helper.java", "lib/p/ATest.java", "lib/p/AIT.java"}


def test_overloads_count_as_one_name_when_matching_by_name() -> None:
    g = graph_from_sources(
        {
            "src/p/B.java": "package p;\n\nclass B {\n  B addField(int a) { return this; }\n  B addField(String s) { return this; }\n}\n",
            "src/p/U.java": "package p;\n\nclass U {\n  void go() {\n    make().addField(1);\n  }\n}\n",
        }
    )
    found = {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}
    # One name (unique-name, not ambiguous); both members take one argument, so the argument's
    # type would choose: the call binds to each (issue 18, overload families).
    assert found == {
        ("src/p/U.java::U.go", "src/p/B.java::B.addField", "unique-name"),
        ("src/p/U.java::U.go", "src/p/B.java::B.addField#2", "unique-name"),
    }


def test_superclass_with_a_constructor_in_the_same_package() -> None:
    found = edges(
        {
            "src/p/Shape.java": "package p;\n\nabstract class Shape {\n  Shape(int n) {}\n  void draw() {}\n}\n",
            "src/p/Square.java": (
                "package p;\n\nclass Square extends Shape {\n  Square() { super(4); }\n  void go() { draw(); }\n}\n"
            ),
        },
        "calls",
        "inherits",
    )
    assert found == {
        ("src/p/Square.java::Square", "src/p/Shape.java::Shape", "inherits"),
        ("src/p/Square.java::Square.go", "src/p/Shape.java::Shape.draw", "calls"),
        ("src/p/Square.java::Square.Square", "src/p/Shape.java::Shape.Shape", "calls"),  # super(4)
    }


def test_super_in_a_constructor_calls_the_superclass_constructor() -> None:
    # JLS 8.8.7.1: ``super(…)`` runs the direct superclass's constructor; the class's own
    # constructor and the superclass's methods are forbidden targets of it.
    found = edges(
        {
            f"{MAIN}/Base.java": (
                "package com.shop;\n\npublic class Base {\n  public Base(int size) {}\n  public void size() {}\n}\n"
            ),
            f"{MAIN}/Sub.java": (
                "package com.shop;\n\npublic class Sub extends Base {\n"
                "  public Sub(int size) {\n    super(size);\n  }\n}\n"
            ),
        }
    )
    assert found == {(f"{MAIN}/Sub.java::Sub.Sub", f"{MAIN}/Base.java::Base.Base", "calls")}


def test_this_in_a_constructor_calls_the_constructor_its_arguments_pick() -> None:
    # JLS 8.8.7.1: ``this(a, 0)`` runs the class's own two-parameter constructor; the
    # one-parameter constructor it is written in is a forbidden target (no self-loop).
    found = edges(
        {
            f"{MAIN}/Foo.java": (
                "package com.shop;\n\npublic class Foo {\n  public Foo(int a) {\n    this(a, 0);\n  }\n"
                "  public Foo(int a, int b) {\n  }\n}\n"
            ),
        }
    )
    assert found == {(f"{MAIN}/Foo.java::Foo.Foo", f"{MAIN}/Foo.java::Foo.Foo#2", "calls")}
