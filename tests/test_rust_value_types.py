"""Rust values typed by the language's and std's definitions: a field, parameter or local declared
as a slice, array, sequence or set of T (or a map to T) holds Ts, which a ``for`` loop over it (or
its ``iter()``/``values()``), an index, an iterator adapter's closure and an element method
(``get``, ``first``, ``pop``…, through ``unwrap``) give. Each: the edge to ``Cart.total`` as
``type``, none to the unrelated ``Noise.total``; a collection of no stated type stays by name."""

from __future__ import annotations

import pytest

from diffreach.index.build import graph_from_sources

CARGO = '[package]\nname = "shop"\nversion = "0.1.0"\nedition = "2021"\n'
CART = (
    "pub struct Cart;\nimpl Cart { pub fn total(&self) -> i32 { 1 } }\n"
    "pub struct Noise;\nimpl Noise { pub fn total(&self) -> i32 { 3 } }\n"
)
HOLDER = (
    "use crate::cart::Cart;\nuse std::collections::HashMap;\n"
    "pub struct Holder { cs: Vec<Cart>, byname: HashMap<String, Cart>, arr: [Cart; 2] }\n"
    "impl Holder {\n{body}\n}\n"
)
TYPED = {
    "for_ref": "pub fn f(&self) { for c in &self.cs { c.total(); } }",
    "for_mut_ref": "pub fn f(&mut self) { for c in &mut self.cs { c.total(); } }",
    "for_mut_local": "pub fn f(&self, mut xs: Vec<Cart>) { for c in &mut xs { c.total(); } }",
    "for_iter": "pub fn f(&self) { for c in self.cs.iter() { c.total(); } }",
    "map_values": "pub fn f(&self) { for c in self.byname.values() { c.total(); } }",
    "index": "pub fn f(&self) { self.cs[0].total(); }",
    "array_index": "pub fn f(&self) { self.arr[1].total(); }",
    "closure": "pub fn f(&self) { self.cs.iter().for_each(|c| { c.total(); }); }",
    "element_method": "pub fn f(&self) { self.cs.first().unwrap().total(); }",
    "map_get": 'pub fn f(&self) { self.byname.get("a").unwrap().total(); }',
    "slice_parameter": "pub fn f(&self, xs: &[Cart]) { for c in xs { c.total(); } }",
    "typed_local": "pub fn f(&self) { let v: Vec<Cart> = Vec::new(); v.last().unwrap().total(); }",
}


def callees_of_f(body: str) -> dict[str, str]:
    files = {
        "Cargo.toml": CARGO,
        "src/lib.rs": "pub mod cart;\npub mod holder;\n",
        "src/cart.rs": CART,
        "src/holder.rs": HOLDER.replace("{body}", body),
    }
    return {
        e.target: e.resolution
        for e in graph_from_sources(files).edges
        if e.kind == "calls" and e.source == "src/holder.rs::Holder.f" and e.target.endswith(".total")
    }


@pytest.mark.parametrize("case", sorted(TYPED))
def test_an_element_of_a_declared_collection_has_the_element_type(case: str) -> None:
    assert callees_of_f(TYPED[case]) == {"src/cart.rs::Cart.total": "type"}


def test_a_collection_of_no_stated_type_stays_matched_by_name() -> None:
    found = callees_of_f("pub fn f(&self, xs: impl Iterator) { for c in xs { c.total(); } }")
    assert found == {"src/cart.rs::Cart.total": "ambiguous-name", "src/cart.rs::Noise.total": "ambiguous-name"}
    # Elements of an outside type (u8): no method of ours runs, and none is invented.
    assert callees_of_f("pub fn f(&self, xs: Vec<u8>) { for c in xs { c.total(); } }") == {}
