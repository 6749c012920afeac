"""Rust: an incremental update equals a full rebuild (calls in macros, items in wrapper macros, a
module and a function of one name, trait objects and bounded type parameters, #[cfg] alternatives, a trait for an outside type, an impl's bound,
across files)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diffreach.config import Config
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild, assert_equals_a_rebuild, dump, write

NAMES = ["alpha", "beta", "gamma"]
MODULES = ["src/a.rs", "src/b.rs", "src/job/mod.rs"]
BODIES = [
    "{n}();",
    "crate::a::{n}();",
    'println!("{{}}", b::{n}());',
    "assert_eq!(job::{n}(), vec![{n}()]);",
    "job::job();",
    "job();",
    "t.tm();",
    "T::make();",
    "let d: &dyn Tr = &Thing; d.tm();",
    'format!("{{}}", t.tm());',
    "let w: &dyn std::fmt::Debug = &t; w.tm();",
    "let s: String = String::new(); s.shout();",
]


def render(spec: dict[str, list[tuple[str, int, bool]]]) -> dict[str, str]:
    files = {
        "Cargo.toml": '[package]\nname = "prop"\nedition = "2021"\n',
        "src/lib.rs": "mod a;\nmod b;\nmod job;\n"
        "pub trait Tr { fn tm(&self) -> u8; fn make() -> Self; }\n"
        "pub struct Thing;\nimpl Tr for Thing { fn tm(&self) -> u8 { 0 } fn make() -> Self { Thing } }\n"
        "pub trait Loud { fn shout(&self); }\n",
    }
    for path, funcs in spec.items():
        lines = ["use crate::{a, b, job, Thing, Tr};\n"]
        if path == "src/job/mod.rs" and len(funcs) % 2:  # the function of the module's name, re-exported
            lines.append("mod job;\npub use self::job::job;\n")
            files["src/job/job.rs"] = "pub fn job() -> u8 { 1 }\n"
        else:
            lines.append("use crate::job::job;\n")
        for name, body, generic in funcs:
            text = BODIES[body % len(BODIES)].format(n=NAMES[(body + 1) % len(NAMES)])
            params = "<T: Tr>(t: T)" if generic else "(t: &dyn Tr)"
            lines.append(f"pub fn {name}{params} -> u8 {{\n    {text}\n    0\n}}\n")
        if path == "src/a.rs" and len(funcs) % 2:  # a #[cfg] alternative of the first function
            lines.append(f"#[cfg(windows)]\npub fn {funcs[0][0]}<T: Tr>(t: T) -> u8 {{ t.tm() }}\n")
        if path == "src/b.rs" and len(funcs) == 2:  # a method of the crate's trait for an outside type
            lines.append("impl crate::Loud for String { fn shout(&self) {} }\n")
        if path == "src/job/mod.rs" and len(funcs) > 1:  # an impl block's bound types its field
            lines.append(
                "pub struct Holder<R> { r: R }\nimpl<R: Tr> Holder<R> { fn get(&self) -> u8 { self.r.tm() } }\n"
            )
        if path == "src/b.rs" and len(funcs) % 2:  # items inside a wrapper macro (extract/item_macros.py)
            lines[1:] = ["cfg_os! {", *lines[1:], "}"]
        files[path] = "\n".join(lines)
    for path in MODULES:
        files.setdefault(path, "")
    if "src/job/job.rs" not in files:
        files["src/job/mod.rs"] = "pub fn job() -> u8 { 2 }\n" + files["src/job/mod.rs"].replace(
            "use crate::job::job;\n", ""
        )
    return files


func = st.tuples(st.sampled_from(NAMES), st.integers(0, len(BODIES) - 1), st.booleans())
state = st.dictionaries(st.sampled_from(MODULES), st.lists(func, max_size=3, unique_by=lambda f: f[0]), min_size=1)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(state, min_size=2, max_size=4))
def test_rust_incremental_update_equals_full_rebuild(tmp_path_factory, steps) -> None:  # type: ignore[no-untyped-def]
    work = tmp_path_factory.mktemp("inc")
    fresh = tmp_path_factory.mktemp("full")
    config = Config(workers=1)
    for i, step in enumerate(steps):
        write(work, render(step), "*.rs", touch=True)
        ix = Indexer(work, config)
        report = ix.run()
        ix.close()
        assert report.mode in (("full",) if i == 0 else ("incremental", "unchanged"))
        assert_equals_a_rebuild(work, fresh, report, config)


def test_the_rendered_crate_has_the_edges_the_rules_make(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # The property above is only worth something if the rules fire in the crates it builds.
    files = render(
        {
            "src/a.rs": [("gamma", 7, True), ("alpha", 3, False), ("beta", 4, True)],
            "src/job/mod.rs": [("beta", 0, False), ("alpha", 1, False), ("gamma", 2, False)],
            "src/b.rs": [("alpha", 11, False), ("beta", 0, False)],
        }
    )
    write(tmp_path, files, "*.rs", touch=True)
    ix = Indexer(tmp_path, Config(workers=1))
    ix.run()
    ix.close()
    calls = {(e[0], e[1]) for e in dump(tmp_path)["edges"] if e[2] == "calls"}  # type: ignore[union-attr]
    assert ("src/a.rs::alpha", "src/job/mod.rs::beta") in calls  # assert_eq!(job::beta(), …)
    assert ("src/a.rs::beta", "src/job/job.rs::job") in calls  # job::job(): the function, not the module
    assert ("src/a.rs::gamma", "src/lib.rs::Tr.make") in calls  # T::make() of T: Tr
    assert ("src/b.rs::alpha", "src/b.rs::String.shout") in calls  # a method of Loud for String
    assert ("src/job/mod.rs::Holder.get", "src/lib.rs::Tr.tm") in calls  # impl<R: Tr> Holder<R>
    assert ("src/job/mod.rs::alpha", "src/a.rs::gamma#2") in calls  # crate::a::gamma(): its #[cfg] alternative too


def test_a_trait_object_follows_its_trait_across_files_after_an_update(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # `&dyn a::Tr` is typed by the trait while Tr is the crate's own; when a.rs makes Tr an
    # outside trait (or back), user.rs's call is resolved anew as a rebuild resolves it.
    ours = "pub trait Tr { fn tm(&self); }\npub struct Thing;\nimpl Tr for Thing { fn tm(&self) {} }\n"
    outside = "pub use std::fmt::Debug as Tr;\n"
    root = make_repo(
        {
            "Cargo.toml": '[package]\nname = "dyn"\nedition = "2021"\n',
            "src/lib.rs": "mod a;\nmod b;\nmod user;\n",
            "src/a.rs": ours,
            "src/b.rs": "pub struct O;\nimpl O { pub fn tm(&self) {} }\n",
            "src/user.rs": "fn by_ref(d: &dyn crate::a::Tr) { d.tm(); }\nfn boxed(d: Box<dyn crate::a::Tr>) { d.tm(); }\n",
        }
    )
    ix = Indexer(root, Config(workers=1))
    ix.run()
    try:
        assert_each_step_equals_a_rebuild(ix, root, tmp_path, [{"src/a.rs": outside}, {"src/a.rs": ours}])
    finally:
        ix.close()
