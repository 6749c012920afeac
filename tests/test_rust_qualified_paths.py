"""Spec: a qualified path ``<T as Tr>::f(x)`` calls T's associated ``f``.

In Rust, ``<T as Tr>::f`` and ``<T>::f`` are paths whose first segment is a type (the Reference,
"Paths", qualified paths): the call runs T's own ``f`` or T's implementation of ``Tr``'s ``f``,
exactly as ``T::f(x)`` does, and the receiver is passed as the first argument. Where T is a type
parameter bounded by the trait, the call is the trait's method, dispatched to its implementations.
So the call binds to that one implementation, never to another type's ``f`` found by its name."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from tests.test_callsites import Make, _label, _radius

_CARGO = '[package]\nname = "demo"\nversion = "0.1.0"\n'
_LIB = """\
pub trait Eval {
    fn eval(&self, x: i32) -> i32;
}

pub struct A;
pub struct B;

impl Eval for A {
    fn eval(&self, x: i32) -> i32 { x }
}

impl Eval for B {
    fn eval(&self, x: i32) -> i32 { x + 1 }
}

pub struct Evaluator;

impl Evaluator {
    pub fn eval(&self, src: &str, cursor: Option<usize>) -> i32 { 0 }
}
"""
_USE = """\
use crate::eval::{A, Eval};

pub fn qualified(a: &A) -> i32 {
    <A as Eval>::eval(a, 1)
}

pub fn turbofish(a: &A) -> i32 {
    <A as Eval>::eval::<>(a, 1)
}

pub fn bracketed(a: &A) -> i32 {
    <A>::eval(a, 1)
}

pub fn generic<T: Eval>(t: &T) -> i32 {
    <T as Eval>::eval(t, 1)
}
"""
_FILES = {
    "Cargo.toml": _CARGO,
    "src/lib.rs": "pub mod eval;\npub mod usage;\n",
    "src/eval.rs": _LIB,
    "src/usage.rs": _USE,
}


def _calls() -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(_FILES).edges if e.kind == "calls"}


def test_a_qualified_path_calls_the_named_types_implementation() -> None:
    calls = _calls()
    for caller in ("qualified", "turbofish", "bracketed"):
        assert (f"src/usage.rs::{caller}", "src/eval.rs::A.eval") in calls, caller
        # Forbidden: another type's method of that name, and the unrelated inherent `eval`.
        assert (f"src/usage.rs::{caller}", "src/eval.rs::B.eval") not in calls, caller
        assert (f"src/usage.rs::{caller}", "src/eval.rs::Evaluator.eval") not in calls, caller


def test_a_qualified_path_on_a_type_parameter_is_the_bounds_method() -> None:
    calls = _calls()
    assert ("src/usage.rs::generic", "src/eval.rs::Eval.eval") in calls
    assert ("src/usage.rs::generic", "src/eval.rs::Evaluator.eval") not in calls


def test_a_signature_change_of_another_types_method_does_not_flag_the_qualified_call(make_repo: Make) -> None:
    new_lib = _LIB.replace("src: &str, cursor: Option<usize>", "src: &str")
    got = _radius(make_repo, _FILES, {"src/eval.rs": new_lib})
    assert "src/usage.rs::qualified" not in got


def test_a_qualified_call_is_judged_with_its_receiver_passed_first(make_repo: Make) -> None:
    new_lib = _LIB.replace("impl Eval for A {\n    fn eval(&self, x: i32)", "impl Eval for A {\n    fn eval(&self)")
    got = _radius(make_repo, _FILES, {"src/eval.rs": new_lib})
    assert _label(got["src/usage.rs::qualified"]) == "behavior-change", got["src/usage.rs::qualified"].reasons
