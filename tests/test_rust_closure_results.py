"""Calling a value whose type states its result gives that result (Rust Reference, "Call
expressions": a call of a value that is no function item goes through `Fn`/`FnMut`/`FnOnce`, whose
`Output` the bound `F: FnOnce(A) -> R` sets; "Function pointer types": `fn(A) -> R`). So in
`fn f<F: FnOnce() -> M, M: Tr>(make: F) { make().m() }` the value `make()` is an M, a value of the
trait Tr, and `m` is Tr's method: the same for `make: impl Fn() -> M`, `make: fn() -> M`,
`make: &dyn Fn() -> M`, and a bound written in a `where` clause. A closure that states no result,
or a value of a type parameter with no closure bound, gives nothing known: no edge by type."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

TRAIT = (
    "pub trait Tr: Sized {\n"
    "    fn m(self) -> u32 { 0 }\n"
    "    fn wrap(self) -> Wrap<Self> { Wrap { inner: self } }\n"
    "}\n"
    "pub struct Wrap<I> { pub inner: I }\n"
    "impl<I: Tr> Tr for Wrap<I> {}\n"
    "pub struct Other;\n"
    "impl Other { pub fn m(&self) -> u32 { 1 } }\n"
)
USER = (
    "use crate::tr::Tr;\n"
    "pub fn bound<F: FnOnce(u8) -> M, M: Tr>(make: F) -> u32 { make(1).m() }\n"
    "pub fn clause<F, M>(make: F) -> u32 where F: FnMut() -> M + Sync, M: Tr { make().m() }\n"
    "pub fn chained<F, M>(make: F) -> u32 where F: Fn() -> M, M: Tr { make().wrap().m() }\n"
    "pub fn opaque<M: Tr>(make: impl FnOnce() -> M) -> u32 { make().m() }\n"
    "pub fn pointer(make: fn() -> crate::tr::Wrap<u8>) -> u32 { make().m() }\n"
    "pub fn dynamic<M: Tr>(make: &dyn Fn() -> M) -> u32 { make().m() }\n"
    "pub fn no_result<F: FnOnce(), M: Tr>(make: F, x: M) -> u32 { make(); 0 }\n"
    "pub fn unbounded<F, M: Tr>(make: F) -> u32 { make().m() }\n"
)
FILES = {
    "Cargo.toml": '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/lib.rs": "pub mod tr;\npub mod user;\n",
    "src/tr.rs": TRAIT,
    "src/user.rs": USER,
}


def _calls() -> dict[tuple[str, str], str]:
    return {(e.source, e.target): e.resolution for e in graph_from_sources(FILES).edges if e.kind == "calls"}


def test_calling_a_value_of_a_closure_bound_type_gives_the_bound_result() -> None:
    calls = _calls()
    for caller in ("bound", "clause", "chained", "opaque", "dynamic"):
        assert calls.get((f"src/user.rs::{caller}", "src/tr.rs::Tr.m")) == "type", caller
        # FORBIDDEN: the other type with a method of that name.
        assert (f"src/user.rs::{caller}", "src/tr.rs::Other.m") not in calls, caller
    assert calls.get(("src/user.rs::chained", "src/tr.rs::Tr.wrap")) == "type"


def test_calling_a_function_pointer_gives_its_stated_result() -> None:
    calls = _calls()
    # Wrap<u8> has no method m of its own: its impl of Tr gives Tr's.
    assert calls.get(("src/user.rs::pointer", "src/tr.rs::Tr.m")) == "type"
    assert ("src/user.rs::pointer", "src/tr.rs::Other.m") not in calls


def test_a_value_of_a_type_with_no_closure_bound_stays_unknown() -> None:
    calls = _calls()
    # F has no bound: make() is of no known type, and m is matched by name at best, never by type.
    assert "type" not in {r for (s, _), r in calls.items() if s == "src/user.rs::unbounded"}
    assert not {t for s, t in calls if s == "src/user.rs::no_result"}
