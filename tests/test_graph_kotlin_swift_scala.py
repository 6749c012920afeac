"""Kotlin, Swift, Scala: definitions, calls, imports by package, inheritance, tests."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from diffreach.languages.jvm_imports import dotted_imports

KOTLIN = {
    "src/main/kotlin/shop/core/Cart.kt": (
        "package com.shop.core\nimport com.shop.util.Helper\n"
        "class Cart(val n: Int) : Base(), Runnable {\n"
        "  fun add(x: Int) {\n    this.total()\n    Helper.make()\n    super.save()\n    thing.frob()\n  }\n"
        "  fun total() = 1\n}\n"
    ),
    "src/main/kotlin/shop/core/Base.kt": "package com.shop.core\nopen class Base {\n  fun save() {}\n}\ninterface Runnable {\n  fun run()\n}\n",
    "src/main/kotlin/shop/util/Helper.kt": "package com.shop.util\nobject Helper {\n  fun make() {}\n}\n",
    "src/main/kotlin/shop/other/Helper.kt": "package com.shop.other\nobject Helper {\n  fun make() {}\n}\n",
    "src/main/kotlin/shop/a/Frob.kt": "package com.shop.a\nclass A {\n  fun frob() {}\n}\nclass B {\n  fun frob() {}\n}\n",
    "src/test/kotlin/CartTest.kt": "package com.shop.core\nclass CartTest {\n  @Test\n  fun adds() {\n    Cart(1).total()\n    Cart(2)\n  }\n}\n",
}


def edge_set(files: dict[str, str]) -> set[tuple[str, str, str]]:
    return {(e.source, e.target, e.kind) for e in graph_from_sources(files).edges}


def test_kotlin_imports_by_package_this_super_and_inheritance() -> None:
    edges = edge_set(KOTLIN)
    add = "src/main/kotlin/shop/core/Cart.kt::Cart.add"
    assert (add, "src/main/kotlin/shop/util/Helper.kt::Helper.make", "calls") in edges
    assert (add, "src/main/kotlin/shop/other/Helper.kt::Helper.make", "calls") not in edges
    assert (add, "src/main/kotlin/shop/core/Cart.kt::Cart.total", "calls") in edges
    assert (add, "src/main/kotlin/shop/core/Base.kt::Base.save", "calls") in edges
    assert ("src/main/kotlin/shop/core/Cart.kt::Cart", "src/main/kotlin/shop/core/Base.kt::Base", "inherits") in edges
    assert (
        "src/main/kotlin/shop/core/Cart.kt::Cart",
        "src/main/kotlin/shop/core/Base.kt::Runnable",
        "inherits",
    ) in edges
    assert not [
        e
        for e in edges
        if e[0] == add
        and e[1].endswith("frob")
        and e[2] == "calls"
        and e[1] != "src/main/kotlin/shop/a/Frob.kt::A.frob"
        and e[1] != "src/main/kotlin/shop/a/Frob.kt::B.frob"
    ]


def test_kotlin_test_folder_and_same_package_without_import() -> None:
    g = graph_from_sources(KOTLIN)
    assert (
        "src/test/kotlin/CartTest.kt::CartTest.adds",
        "src/main/kotlin/shop/core/Cart.kt::Cart",
        "tests",
    ) in g.edge_set("tests")
    assert next(s for s in g.symbols if s.id == "src/test/kotlin/CartTest.kt::CartTest.adds").is_test


SWIFT = {
    "Sources/Shop/Cart.swift": (
        "import Foundation\nclass Cart: Base, Runnable {\n  func add() {\n    self.total()\n    Helper.make()\n"
        "    super.save()\n    more()\n  }\n  func total() -> Int { return 1 }\n}\n"
        "protocol Runnable { func run() }\n"
    ),
    "Sources/Shop/Cart+More.swift": "extension Cart {\n  func more() {}\n}\n",
    "Sources/Shop/Base.swift": "class Base {\n  func save() {}\n}\n",
    "Sources/Util/Helper.swift": "class Helper {\n  static func make() {}\n}\n",
    "Tests/ShopTests/CartTests.swift": "import XCTest\n@testable import Shop\nclass CartTests: XCTestCase {\n  func testAdd() {\n    Cart().add()\n    let c = Cart()\n    c.add()\n  }\n}\n",
}


def test_swift_types_extensions_and_tests() -> None:
    edges = edge_set(SWIFT)
    add = "Sources/Shop/Cart.swift::Cart.add"
    assert (add, "Sources/Shop/Cart.swift::Cart.total", "calls") in edges
    assert (add, "Sources/Util/Helper.swift::Helper.make", "calls") in edges
    assert (add, "Sources/Shop/Base.swift::Base.save", "calls") in edges
    assert (add, "Sources/Shop/Cart+More.swift::Cart.more", "calls") in edges  # extension in another file
    assert ("Sources/Shop/Cart.swift::Cart", "Sources/Shop/Base.swift::Base", "inherits") in edges
    assert ("Tests/ShopTests/CartTests.swift::CartTests.testAdd", add, "tests") in edges


SCALA = {
    "src/main/scala/shop/core/Cart.scala": (
        "package shop.core\nimport shop.util.{Helper, Other => O}\n"
        "class Cart(n: Int) extends Base with Runnable {\n"
        "  def add(x: Int): Unit = {\n    this.total()\n    Helper.make()\n    save()\n  }\n"
        "  def total(): Int = 1\n}\ntrait Runnable { def run(): Unit }\n"
    ),
    "src/main/scala/shop/core/Base.scala": "package shop.core\nclass Base {\n  def save(): Unit = {}\n}\n",
    "src/main/scala/shop/util/Helper.scala": "package shop.util\nobject Helper {\n  def make(): Unit = {}\n}\n",
    "src/main/scala/shop/misc/Helper.scala": "package shop.misc\nobject Helper {\n  def make(): Unit = {}\n}\n",
    "src/test/scala/CartSpec.scala": "package shop.core\nclass CartSpec {\n  def adds(): Unit = {\n    val c = new Cart(1)\n    c.add(2)\n  }\n}\n",
}


def test_scala_import_selectors_inheritance_and_tests() -> None:
    edges = edge_set(SCALA)
    add = "src/main/scala/shop/core/Cart.scala::Cart.add"
    assert (add, "src/main/scala/shop/util/Helper.scala::Helper.make", "calls") in edges
    assert (add, "src/main/scala/shop/misc/Helper.scala::Helper.make", "calls") not in edges
    assert (add, "src/main/scala/shop/core/Base.scala::Base.save", "calls") in edges  # inherited
    assert (
        "src/main/scala/shop/core/Cart.scala::Cart",
        "src/main/scala/shop/core/Cart.scala::Runnable",
        "inherits",
    ) in edges
    assert ("src/test/scala/CartSpec.scala::CartSpec.adds", add, "tests") in edges


def test_dotted_imports() -> None:
    assert dotted_imports("import a.b.{C, D => E, _}") == [
        ("a.b", "C", "C", False),
        ("a.b", "D", "E", False),
        ("a.b", "", "", True),
    ]
    assert dotted_imports("import a.b.C as D") == [("a.b", "C", "D", False)]
    assert dotted_imports("import a.b.*") == [("a.b", "", "", True)]
