"""Java values typed by the language's and the JDK's definitions: a collection's element methods
(List.get, Deque.peek, Optional.get/orElse, Iterator.next) give an element of the declared type
argument, a Map's get its value type (the second argument), a try-with-resources variable its
declared type (JLS 14.20.3). Each: the edge to ``Cart.total`` as ``type``, none to the unrelated
``Noise.total``; where nothing is declared, the call stays matched by name."""

from __future__ import annotations

import pytest

from diffreach.index.build import graph_from_sources

CART = "package shop;\npublic class Cart implements AutoCloseable {\n  public int total() { return 1; }\n  public void close() {}\n}\n"
NOISE = "package shop;\npublic class Noise { public int total() { return 3; } }\n"
TYPED = {
    "list_get": "void f(List<Cart> cs) { cs.get(0).total(); }",
    "deque_peek": "void f(Deque<Cart> cs) { cs.peekFirst().total(); }",
    "optional": "void f(Optional<Cart> oc) { oc.orElseThrow().total(); }",
    "iterator": "void f(Iterator<Cart> it) { it.next().total(); }",
    "map_get": 'private final Map<String, Cart> byName = new HashMap<>();\n  void f() { byName.get("x").total(); }',
    "local_map": 'void f() { Map<String, Cart> m = new TreeMap<>(); m.get("a").total(); }',
    "resource": "void f() { try (Cart c = new Cart()) { c.total(); } }",
}


def callees_of_f(member: str) -> dict[str, str]:
    use = f"package shop;\nimport java.util.*;\npublic class Use {{\n  {member}\n}}\n"
    files = {"src/shop/Cart.java": CART, "src/shop/Noise.java": NOISE, "src/shop/Use.java": use}
    return {
        e.target: e.resolution
        for e in graph_from_sources(files).edges
        if e.kind == "calls" and e.source == "src/shop/Use.java::Use.f" and e.target.endswith(".total")
    }


@pytest.mark.parametrize("case", sorted(TYPED))
def test_an_element_or_resource_has_its_declared_type(case: str) -> None:
    assert callees_of_f(TYPED[case]) == {"src/shop/Cart.java::Cart.total": "type"}


@pytest.mark.parametrize(
    "member",
    [
        "void f(List cs) { cs.get(0).total(); }",  # a raw type states no element
        "void f(Map<Cart, Object> m) { m.keySet().iterator().next().total(); }",  # not get
    ],
)
def test_with_no_element_type_stated_the_call_stays_matched_by_name(member: str) -> None:
    found = callees_of_f(member)
    assert set(found) == {"src/shop/Cart.java::Cart.total", "src/shop/Noise.java::Noise.total"}
    assert set(found.values()) == {"ambiguous-name"}
