"""Spec: what a Rust function returns without ``return`` (issue 19). The Rust reference: a block's
value is its final expression written without a semicolon, through ``if``/``else`` branches and
``match`` arms; ``?`` returns the error early. A change in those forms is a return change; the
same forms returned another way (``return Err(e);`` → ``Err(e)``) or another value in the same
form stay a body change. Old and new definition in, change kinds (or each caller's verdict) out."""

from __future__ import annotations

import pytest

from diffreach.model import ChangeKind
from tests.test_callsites import Make, _label, _radius
from tests.test_changes import kinds

SOME = "pub fn f(x: u8) -> Option<u8> {\n    let y = x;\n    Some(y)\n}\n"
OK = "pub fn f(x: u8) -> Result<u8, E> {\n    let y = load(x);\n    Ok(y)\n}\n"


def _kinds(old: str, new: str) -> tuple[str, ...]:
    return kinds(old, new, "src/lib.rs")["src/lib.rs::f"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a tail None anew, in an if/else branch
        (
            SOME,
            "pub fn f(x: u8) -> Option<u8> {\n    if x > 9 {\n        None\n    } else {\n        Some(x)\n    }\n}\n",
        ),
        # a tail Err anew, in a match arm
        (
            OK,
            "pub fn f(x: u8) -> Result<u8, E> {\n    match x {\n        0 => Err(E),\n        _ => Ok(load(x)),\n    }\n}\n",
        ),
        # an early return by `?` anew
        (OK, "pub fn f(x: u8) -> Result<u8, E> {\n    let y = load(x)?;\n    Ok(y)\n}\n"),
        # a tail inside unsafe { } in the else branch
        (SOME, "pub fn f(x: u8) -> Option<u8> {\n    if x > 9 { Some(x) } else { unsafe { None } }\n}\n"),
    ],
)
def test_a_new_tail_form_or_early_return_is_a_return_change(old: str, new: str) -> None:
    assert ChangeKind.RETURN in _kinds(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the same form, written with `return` instead of as the tail
        (OK, "pub fn f(x: u8) -> Result<u8, E> {\n    let y = load(x);\n    return Ok(y);\n}\n"),
        # another value in the same form
        (SOME, "pub fn f(x: u8) -> Option<u8> {\n    let y = x + 1;\n    Some(y + 1)\n}\n"),
        # a `?` inside a closure returns from the closure, not from f
        (OK, "pub fn f(x: u8) -> Result<u8, E> {\n    let y = load(x);\n    let g = |z| load(z)?;\n    Ok(y)\n}\n"),
        # the last call of a loop's block, or of an if without else, is no value of f
        (
            "pub fn f(x: u8) {\n    for i in 0..x { a(i) }\n    if x > 1 { b() }\n}\n",
            "pub fn f(x: u8) {\n    for i in 0..x { None }\n    if x > 1 { Err(E) }\n}\n",
        ),
    ],
)
def test_the_same_forms_or_no_value_of_the_function_stay_a_body_change(old: str, new: str) -> None:
    assert _kinds(old, new) == (ChangeKind.BODY,)


CALLERS = (
    "use crate::a::f;\n\npub fn uses() -> Option<u8> {\n    let v = f(1);\n    v\n}\n\npub fn drops() {\n    f(2);\n}\n"
)


def test_a_tail_none_anew_is_medium_where_the_value_is_used(make_repo: Make) -> None:
    old = {
        "Cargo.toml": '[package]\nname = "t"\n',
        "src/lib.rs": "mod a;\nmod b;\n",
        "src/a.rs": SOME,
        "src/b.rs": CALLERS,
    }
    new = {
        "src/a.rs": "pub fn f(x: u8) -> Option<u8> {\n    if x > 9 {\n        None\n    } else {\n        Some(x)\n    }\n}\n"
    }
    got = _radius(make_repo, old, new)
    assert (got["src/b.rs::uses"].verdict, _label(got["src/b.rs::uses"])) == ("return-used", "behavior-change")
    assert (got["src/b.rs::drops"].verdict, _label(got["src/b.rs::drops"])) == ("return-discarded", "reach")


@pytest.mark.parametrize(
    ("new_type", "verdict", "label"),
    [
        # the same module written from a longer path: the same type (the Reference's paths)
        ("std::fmt::Formatter", "still-binds", "reach"),
        # another module's type of the same name: the type changed
        ("crate::out::Formatter", "changed-type", "behavior-change"),
    ],
)
def test_a_type_named_through_a_longer_path_to_its_module_is_the_same_type(
    make_repo: Make, new_type: str, verdict: str, label: str
) -> None:
    def lib(type_name: str) -> str:
        return f"use std::fmt;\npub mod out;\npub fn show(f: &mut {type_name}<'_>, n: u8) -> u8 {{\n    n\n}}\n"

    old = {
        "Cargo.toml": '[package]\nname = "t"\n',
        "src/lib.rs": lib("fmt::Formatter"),
        "src/out.rs": "pub struct Formatter<'a> { s: &'a str }\n",
        "src/b.rs": "use crate::show;\n\npub fn calls(f: &mut std::fmt::Formatter<'_>) -> u8 {\n    show(f, 1)\n}\n",
    }
    old["src/lib.rs"] += "mod b;\n"
    got = _radius(make_repo, old, {"src/lib.rs": lib(new_type) + "mod b;\n"})
    assert (got["src/b.rs::calls"].verdict, _label(got["src/b.rs::calls"])) == (verdict, label)


def test_a_call_in_a_macros_arguments_is_bound_like_any_call(make_repo: Make) -> None:
    # Macro arguments are token trees to the grammar, but `check!(Thing::new(1))` passes an
    # expression the macro evaluates: a name followed by a (…) tree is a call there (as the graph
    # reads it), with one argument per top-level comma. A call that no longer binds is flagged;
    # one already written for the new parameters is not ("cannot tell" was both).
    lib = "pub mod b;\npub struct Thing;\nimpl Thing {\n    pub fn new(PARAMS) -> Thing {\n        Thing\n    }\n}\n"
    callers = (
        "use crate::Thing;\n\nmacro_rules! check {\n    ($e:expr) => { let _ = $e; };\n}\n\n"
        "pub fn old_arity() {\n    check!(Thing::new(1));\n}\n\n"
        "pub fn new_arity(x: &mut u8) {\n    check!(Thing::new(&mut *x, [1, 2].len() as u8));\n}\n"
    )
    old = {"Cargo.toml": '[package]\nname = "t"\n', "src/lib.rs": lib.replace("PARAMS", "n: u8"), "src/b.rs": callers}
    got = _radius(make_repo, old, {"src/lib.rs": lib.replace("PARAMS", "n: u8, m: u8")})
    assert (got["src/b.rs::old_arity"].verdict, _label(got["src/b.rs::old_arity"])) == (
        "no-longer-binds",
        "behavior-change",
    )
    assert _label(got["src/b.rs::new_arity"]) == "reach"


def test_a_result_named_through_a_longer_path_is_no_return_change() -> None:
    old = "pub fn f(x: u8) -> fmt::Result {\n    g(x)\n}\n"
    got = kinds(old, old.replace("fmt::Result", "std::fmt::Result"), "src/lib.rs")
    assert ChangeKind.RETURN not in got.get("src/lib.rs::f", ())
    assert ChangeKind.RETURN in _kinds(old, old.replace("fmt::Result", "io::Result"))


@pytest.mark.parametrize(
    ("new_type", "verdict"),
    [
        ("&'d mut String", "still-binds"),  # a lifetime renamed: the same values fill it
        ("&'static mut String", "changed-type"),  # now only a borrow for the whole program
        ("&'d mut str", "changed-type"),
    ],
)
def test_a_renamed_lifetime_is_the_same_type(make_repo: Make, new_type: str, verdict: str) -> None:
    def lib(type_name: str) -> str:
        return f"pub mod b;\npub fn fill<'a, 'd>(dst: {type_name}) -> u8 {{\n    1\n}}\n"

    old = {
        "Cargo.toml": '[package]\nname = "t"\n',
        "src/lib.rs": lib("&'a mut String"),
        "src/b.rs": "use crate::fill;\n\npub fn calls(s: &mut String) -> u8 {\n    fill(s)\n}\n",
    }
    got = _radius(make_repo, old, {"src/lib.rs": lib(new_type)})
    assert got["src/b.rs::calls"].verdict == verdict
