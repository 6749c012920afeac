"""A method the crate defines for outside types is a link of a call chain too (Rust Reference,
"Method call expressions": the candidates on a receiver's type include the methods of the traits in
scope implemented for it, a blanket `impl<T> Tr for T` among them). `v.par()` on a `Vec` runs the
crate's `T.par`, as a direct call already does (``outside_type_methods``), so `v.par().total()` is
a call on what `par` returns, not a call on an outside value. A name the crate defines for outside
types several times leaves the link unknown; a name it never defines (`v.iter()`) stays outside."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

PAR = (
    "pub struct Wrap<I> { pub inner: I }\n"
    "impl<I> Wrap<I> { pub fn total(self) -> u32 { 0 } }\n"
    "pub struct Other;\n"
    "impl Other { pub fn total(&self) -> u32 { 1 } pub fn count(&self) -> usize { 1 } }\n"
    "pub trait IntoPar { fn par(&self) -> Wrap<u8>; }\n"
    "impl<T> IntoPar for T { fn par(&self) -> Wrap<u8> { Wrap { inner: 0 } } }\n"
    "pub trait TwinA { fn twin(&self) -> Wrap<u8>; }\n"
    "impl TwinA for str { fn twin(&self) -> Wrap<u8> { Wrap { inner: 0 } } }\n"
    "pub trait TwinB { fn twin(&self) -> Other; }\n"
    "impl TwinB for i32 { fn twin(&self) -> Other { Other } }\n"
    "pub trait Tune { fn tune(&mut self) -> &mut Self; }\n"
    "impl Tune for Vec<u8> { fn tune(&mut self) -> &mut Self { self } }\n"
)
USER = (
    "use crate::par::{IntoPar, Tune, TwinA, TwinB};\n"
    "pub fn chained(v: Vec<u8>) -> u32 { v.par().total() }\n"
    "pub fn twins(s: String) -> u32 { s.twin().total() }\n"
    "pub fn outside(v: Vec<u8>) -> usize { v.iter().count() }\n"
    "pub fn tuned(mut v: Vec<u8>) -> u32 { v.tune().total() }\n"
)
FILES = {
    "Cargo.toml": '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/lib.rs": "pub mod par;\npub mod user;\n",
    "src/par.rs": PAR,
    "src/user.rs": USER,
}


def _calls() -> dict[tuple[str, str], str]:
    return {(e.source, e.target): e.resolution for e in graph_from_sources(FILES).edges if e.kind == "calls"}


def test_a_method_defined_for_outside_types_carries_a_chain_on() -> None:
    calls = _calls()
    assert ("src/user.rs::chained", "src/par.rs::T.par") in calls
    assert calls.get(("src/user.rs::chained", "src/par.rs::Wrap.total")) == "type"
    # FORBIDDEN: the other type's method of that name.
    assert ("src/user.rs::chained", "src/par.rs::Other.total") not in calls


def test_a_name_defined_for_outside_types_twice_leaves_the_link_unknown() -> None:
    calls = _calls()
    assert "type" not in {r for (s, _), r in calls.items() if s == "src/user.rs::twins"}


def test_a_method_the_crate_never_defines_for_outside_types_stays_outside() -> None:
    # Vec's own iter(), then count() on what it gives: no edge to the crate's Other.count.
    assert not {t for s, t in _calls() if s == "src/user.rs::outside"}


def test_a_method_for_an_outside_type_that_returns_self_leaves_the_value_outside() -> None:
    # `Self` in `impl Tune for Vec<u8>` is Vec<u8>: `v.tune().total()` calls Vec's own `total`,
    # nothing of the crate (FORBIDDEN: the crate's `total` methods, by type or by name).
    calls = _calls()
    assert ("src/user.rs::tuned", "src/par.rs::Vec.tune") in calls
    assert not {t for s, t in calls if s == "src/user.rs::tuned" and t.endswith(".total")}
