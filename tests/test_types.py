"""Receivers bound by declared and returned types (issue 18): a small repository in, edges out.

Each repository has two unrelated classes with a method of the same name, so that a match by
name would be ambiguous: where a type is declared (a parameter, a field, a return type, a call
it was bound to), the call binds to that class's method only, resolved as ``type``; where no
type is stated anywhere, the reference stays as it was (ambiguous by name).
"""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from diffreach.model import Resolution

AMBIGUOUS = Resolution.AMBIGUOUS_NAME


def calls(files: dict[str, str]) -> set[tuple[str, str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target, str(e.resolution)) for e in g.edges if e.kind == "calls"}


def test_python_parameters_fields_returns_and_chains() -> None:
    found = calls(
        {
            "shop/cart.py": "class Cart:\n    def total(self):\n        return 1\n",
            "shop/order.py": "class Order:\n    def total(self):\n        return 2\n",
            "shop/make.py": "from shop.cart import Cart\n\ndef make_cart() -> Cart:\n    return Cart()\n",
            "shop/use.py": (
                "from typing import Optional\nfrom shop.cart import Cart\nfrom shop.make import make_cart\n\n"
                "class Checkout:\n    def __init__(self, cart: Cart):\n        self.cart = cart\n\n"
                "    def run(self):\n        self.cart.total()\n\n"
                "def bound():\n    x = make_cart()\n    x.total()\n\n"
                "def chained():\n    make_cart().total()\n\n"
                "def optional(o: Optional[Cart], p: 'Cart | None'):\n    o.total()\n    p.total()\n\n"
                "def unknown(u):\n    u.total()\n"
            ),
        }
    )
    cart, order = "shop/cart.py::Cart.total", "shop/order.py::Order.total"
    for caller in ("Checkout.run", "bound", "chained", "optional"):
        assert (f"shop/use.py::{caller}", cart, "type") in found
        assert not any(s == f"shop/use.py::{caller}" and t == order for s, t, _ in found)
    # Declared nowhere: as before, both by name.
    assert {(t, r) for s, t, r in found if s == "shop/use.py::unknown"} == {(cart, AMBIGUOUS), (order, AMBIGUOUS)}


def test_python_return_type_of_an_outside_type_is_external_not_a_name_match() -> None:
    found = calls(
        {
            "a.py": "class A:\n    def strip(self):\n        pass\n",
            "b.py": "class B:\n    def strip(self):\n        pass\n",
            "c.py": "def name() -> str:\n    return 'x'\n\ndef use():\n    n = name()\n    n.strip()\n",
        }
    )
    assert not any(s == "c.py::use" and t.endswith(".strip") for s, t, _ in found)


def test_python_a_return_type_naming_an_unknown_type_stays_as_today() -> None:
    files = {
        "a.py": "class A:\n    def go(self):\n        pass\n",
        "b.py": "class B:\n    def go(self):\n        pass\n",
        "c.py": "def make():\n    return thing()\n\ndef use():\n    x = make()\n    x.go()\n",
    }
    found = {(t, r) for s, t, r in calls(files) if s == "c.py::use" and t.endswith(".go")}
    assert found == {("a.py::A.go", AMBIGUOUS), ("b.py::B.go", AMBIGUOUS)}


def test_typescript_properties_returns_unions_and_chains() -> None:
    found = calls(
        {
            "src/cart.ts": "export class Cart {\n  total(): number { return 1; }\n}\n",
            "src/order.ts": "export class Order {\n  total(): number { return 2; }\n}\n",
            "src/make.ts": "import { Cart } from './cart';\nexport function makeCart(): Cart { return new Cart(); }\n",
            "src/use.ts": (
                "import { Cart } from './cart';\nimport { makeCart } from './make';\n"
                "export class Checkout {\n  constructor(private cart: Cart) {}\n  run() { this.cart.total(); }\n}\n"
                "function bound() { const x = makeCart(); x.total(); }\n"
                "function chained() { makeCart().total(); }\n"
                "function nullable(o: Cart | null) { o.total(); }\n"
                "function unknown(u) { u.total(); }\n"
            ),
        }
    )
    cart, order = "src/cart.ts::Cart.total", "src/order.ts::Order.total"
    for caller in ("Checkout.run", "bound", "chained", "nullable"):
        assert (f"src/use.ts::{caller}", cart, "type") in found
        assert not any(s == f"src/use.ts::{caller}" and t == order for s, t, _ in found)
    assert {(t, r) for s, t, r in found if s == "src/use.ts::unknown"} == {(cart, AMBIGUOUS), (order, AMBIGUOUS)}


def test_javascript_local_bound_to_a_constructor_or_a_call() -> None:
    found = calls(
        {
            "cart.js": "export class Cart {\n  total() { return 1; }\n}\nexport function make() { return 1; }\n",
            "order.js": "export class Order {\n  total() { return 2; }\n}\n",
            "use.js": (
                "import { Cart, make } from './cart.js';\n"
                "function built() { const c = new Cart(); c.total(); }\n"
                "function untyped() { const m = make(); m.total(); }\n"
            ),
        }
    )
    assert ("use.js::built", "cart.js::Cart.total", "type") in found
    assert ("use.js::built", "order.js::Order.total", AMBIGUOUS) not in found
    # make() states no type: as today, by name.
    assert ("use.js::untyped", "order.js::Order.total", AMBIGUOUS) in found


def test_go_constructor_function_fields_and_chains() -> None:
    found = calls(
        {
            "go.mod": "module example.com/shop\n\ngo 1.22\n",
            "store/store.go": (
                "package store\n\ntype Store struct{}\n\nfunc NewStore() *Store { return &Store{} }\n\n"
                "func Open() (*Store, error) { return &Store{}, nil }\n\nfunc (s *Store) Fetch() int { return 1 }\n"
            ),
            "cache/cache.go": "package cache\n\ntype Cache struct{}\n\nfunc (c *Cache) Fetch() int { return 2 }\n",
            "app/app.go": (
                'package app\n\nimport "example.com/shop/store"\n\n'
                "type App struct {\n\tdb *store.Store\n}\n\n"
                "func (a *App) Run() {\n\ta.db.Fetch()\n}\n\n"
                "func Main() {\n\ts := store.NewStore()\n\ts.Fetch()\n}\n\n"
                "func Both() {\n\ts, _ := store.Open()\n\ts.Fetch()\n}\n\n"
                "func Chain() {\n\tstore.NewStore().Fetch()\n}\n\n"
                "func Unknown(x interface{ Fetch() int }) {\n\tx.Fetch()\n}\n"
            ),
        }
    )
    fetch = "store/store.go::Store.Fetch"
    for caller in ("App.Run", "Main", "Both", "Chain"):
        assert (f"app/app.go::{caller}", fetch, "type") in found
        assert (f"app/app.go::{caller}", "cache/cache.go::Cache.Fetch", AMBIGUOUS) not in found


def test_rust_struct_fields_self_returns_and_free_functions() -> None:
    found = calls(
        {
            "Cargo.toml": '[package]\nname = "shop"\n',
            "src/lib.rs": "pub mod db;\npub mod cache;\npub mod app;\n",
            "src/db.rs": (
                "pub struct Db {}\n\nimpl Db {\n    pub fn new() -> Self { Db {} }\n"
                "    pub fn query(&self) -> i32 { 1 }\n}\n\npub fn open() -> Db { Db {} }\n"
            ),
            "src/cache.rs": "pub struct Cache {}\n\nimpl Cache {\n    pub fn query(&self) -> i32 { 2 }\n}\n",
            "src/app.rs": (
                "use crate::db::{Db, open};\n\npub struct App {\n    db: Box<Db>,\n}\n\n"
                "impl App {\n    pub fn run(&self) {\n        self.db.query();\n    }\n}\n\n"
                "pub fn main() {\n    let d = Db::new();\n    d.query();\n    let e = open();\n    e.query();\n}\n\n"
                "pub fn chained() {\n    open().query();\n}\n"
            ),
        }
    )
    query = "src/db.rs::Db.query"
    for caller in ("App.run", "main", "chained"):
        assert (f"src/app.rs::{caller}", query, "type") in found
        assert not any(s == f"src/app.rs::{caller}" and t == "src/cache.rs::Cache.query" for s, t, _ in found)


def test_java_fields_and_return_types() -> None:
    found = calls(
        {
            "src/shop/Cart.java": "package shop;\n\npublic class Cart {\n  public int total() { return 1; }\n}\n",
            "src/shop/Order.java": "package shop;\n\npublic class Order {\n  public int total() { return 2; }\n}\n",
            "src/shop/Maker.java": "package shop;\n\npublic class Maker {\n  public static Cart make() { return new Cart(); }\n}\n",
            "src/shop/Use.java": (
                "package shop;\n\npublic class Use {\n  private Cart cart;\n  void field() { this.cart.total(); }\n"
                "  void bound() { var x = Maker.make(); x.total(); }\n  void chained() { Maker.make().total(); }\n}\n"
            ),
        }
    )
    for caller in ("field", "bound", "chained"):
        assert (f"src/shop/Use.java::Use.{caller}", "src/shop/Cart.java::Cart.total", "type") in found
        assert not any(
            s == f"src/shop/Use.java::Use.{caller}" and t == "src/shop/Order.java::Order.total" for s, t, _ in found
        )


def test_a_class_named_directly_stays_a_scope_or_import_edge() -> None:
    found = calls(
        {
            "a.py": "class A:\n    @staticmethod\n    def make():\n        pass\n",
            "b.py": "from a import A\n\ndef use():\n    A.make()\n",
        }
    )
    assert found == {("b.py::use", "a.py::A.make", "import")} or found == {("b.py::use", "a.py::A.make", "scope")}


def test_python_return_type_inferred_when_every_return_constructs_one_class() -> None:
    files = {
        "a.py": "class A:\n    def go(self):\n        pass\n",
        "b.py": "class B:\n    def go(self):\n        pass\n",
        "make.py": (
            "from a import A\nfrom b import B\n\n"
            "def only_a(flag):\n    if flag:\n        return A()\n    x = A()\n    return x\n\n"
            "def via():\n    return only_a(1)\n\n"
            "def mixed(flag):\n    if flag:\n        return A()\n    return B()\n\n"
            "def maybe(flag):\n    if flag:\n        return A()\n    return None\n"
        ),
        "use.py": (
            "from make import only_a, via, mixed, maybe\n\n"
            "def one():\n    only_a(0).go()\n\ndef two():\n    v = via()\n    v.go()\n\n"
            "def three():\n    mixed(0).go()\n\ndef four():\n    maybe(0).go()\n"
        ),
    }
    found = calls(files)
    for caller in ("one", "two"):
        assert (f"use.py::{caller}", "a.py::A.go", "type") in found
        assert not any(s == f"use.py::{caller}" and t == "b.py::B.go" for s, t, _ in found)
    # Returns that disagree (another class, None): no type inferred, as today by name.
    for caller in ("three", "four"):
        assert {(t, r) for s, t, r in found if s == f"use.py::{caller}" and t.endswith(".go")} == {
            ("a.py::A.go", AMBIGUOUS),
            ("b.py::B.go", AMBIGUOUS),
        }


def test_python_a_name_bound_to_two_classes_in_one_scope_is_not_typed() -> None:
    files = {
        "a.py": "class A:\n    def go(self):\n        pass\n\n    @classmethod\n    def create(cls):\n        return cls()\n",
        "b.py": "class B:\n    def go(self):\n        pass\n",
        "use.py": (
            "from a import A\nfrom b import B\n\n"
            "def two(flag):\n    x = A()\n    if flag:\n        x = B()\n    x.go()\n\n"
            "def one_known():\n    y = A()\n    y = unknown()\n    y.go()\n\n"
            "def made():\n    A.create().go()\n"
        ),
    }
    found = calls(files)
    assert {(t, r) for s, t, r in found if s == "use.py::two" and t.endswith(".go")} == {
        ("a.py::A.go", AMBIGUOUS),
        ("b.py::B.go", AMBIGUOUS),
    }
    # A binding whose type is unknown does not undo the one that is known.
    assert {(t, r) for s, t, r in found if s == "use.py::one_known" and t.endswith(".go")} == {("a.py::A.go", "type")}
    assert ("use.py::made", "a.py::A.go", "type") in found


def test_awaited_promises_and_rust_results_give_their_value_type() -> None:
    ts = calls(
        {
            "src/cart.ts": "export class Cart {\n  total(): number { return 1; }\n}\n",
            "src/order.ts": "export class Order {\n  total(): number { return 2; }\n}\n",
            "src/use.ts": (
                "import { Cart } from './cart';\n"
                "async function load(): Promise<Cart> { return new Cart(); }\n"
                "async function use() { const c = await load(); c.total(); }\n"
            ),
        }
    )
    assert ("src/use.ts::use", "src/cart.ts::Cart.total", "type") in ts
    assert not any(s == "src/use.ts::use" and t == "src/order.ts::Order.total" for s, t, _ in ts)
    rs = calls(
        {
            "Cargo.toml": '[package]\nname = "shop"\n',
            "src/lib.rs": "pub mod db;\npub mod cache;\n\nuse crate::db::Db;\n\n"
            "pub fn main() -> Result<(), String> {\n    let d = Db::open()?;\n    d.query();\n    Ok(())\n}\n",
            "src/db.rs": (
                "pub struct Db {}\n\nimpl Db {\n    pub fn open() -> Result<Db, String> { Ok(Db {}) }\n"
                "    pub fn query(&self) -> i32 { 1 }\n}\n"
            ),
            "src/cache.rs": "pub struct Cache {}\n\nimpl Cache {\n    pub fn query(&self) -> i32 { 2 }\n}\n",
        }
    )
    assert ("src/lib.rs::main", "src/db.rs::Db.query", "type") in rs
    assert not any(s == "src/lib.rs::main" and t == "src/cache.rs::Cache.query" for s, t, _ in rs)
