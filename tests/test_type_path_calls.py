"""Spec: a call written through a type's path (`T::f(…)`, `T.f(…)`) names the type whose function
runs. Among several calls of one name at the caller's line, one through another type's path is
another function's call and is not judged against the changed one's parameters."""

from __future__ import annotations

from diffreach.languages.signatures import CallSite
from diffreach.review.type_paths import through_this_type
from tests.test_callsites import Make, _label, _radius


def test_rust_a_nested_call_of_another_types_new_is_not_judged(make_repo: Make) -> None:
    lib = (
        "pub mod b;\n"
        "pub struct Words(u8);\n"
        "impl Words {\n    pub fn new(n: u8) -> Words {\n        Words(n)\n    }\n}\n"
        "pub struct Builder(Words, u8);\n"
        "impl Builder {\n    pub fn new(w: Words, t: u8) -> Builder {\n        Builder(w, t)\n    }\n}\n"
    )
    caller = "use crate::{Builder, Words};\n\npub fn make() -> Builder {\n    Builder::new(Words::new(1), 2)\n}\n"
    old = {"Cargo.toml": '[package]\nname = "t"\n', "src/lib.rs": lib, "src/b.rs": caller}
    # Words::new(n) → new(count): a rename a positional call never sees. Builder::new(…, 2) on the
    # line has two arguments and fits neither Words::new list: it is Builder's call, not a
    # "cannot tell" of this one.
    renamed = lib.replace(
        "pub fn new(n: u8) -> Words {\n        Words(n)", "pub fn new(count: u8) -> Words {\n        Words(count)"
    )
    got = _radius(make_repo, old, {"src/lib.rs": renamed})
    r = got["src/b.rs::make"]
    assert _label(r) == "reach" and r.verdict != "cannot-tell", (r.verdict, r.reasons)
    # A parameter added to Words::new: the inner call no longer binds.
    added = lib.replace("pub fn new(n: u8) -> Words", "pub fn new(n: u8, m: u8) -> Words")
    got = _radius(make_repo, old, {"src/lib.rs": added})
    r = got["src/b.rs::make"]
    assert (r.verdict, _label(r)) == ("no-longer-binds", "behavior-change"), r.reasons


def _site(text: str) -> CallSite:
    return CallSite(start_line=1, end_line=1, text=text)


def test_sites_through_another_types_path_are_left_out() -> None:
    sites = [_site("Builder::new(Words::new(1), 2)"), _site("Words::new(1)"), _site("w.new(3)"), _site("Self::new(4)")]
    kept = [s.text for s in through_this_type(sites, "Words", "new", frozenset({"self", "Self"}))]
    assert kept == ["Words::new(1)", "w.new(3)", "Self::new(4)"]
    # Forbidden: dropping every site (an alias may spell the type anew): all are kept.
    only = [_site("Alias::new(1)"), _site("Other::new(2)")]
    assert through_this_type(only, "Words", "new", frozenset()) == only
    # A constant in capitals is no type: `Color.RED.name()` stays.
    constants = [_site("Color.RED.name()"), _site("Shade.name()")]
    assert through_this_type(constants, "Shade", "name", frozenset()) == constants
    # Java's and Python's dotted paths alike.
    dotted = [_site("Factory.create(a)"), _site("Parser.create(a, b)")]
    assert [s.text for s in through_this_type(dotted, "Parser", "create", frozenset())] == ["Parser.create(a, b)"]
