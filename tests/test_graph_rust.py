"""Rust: a small crate in, the expected edges out."""

from __future__ import annotations

import pytest

from diffreach.index.build import graph_from_sources
from diffreach.languages.rust import use_tree
from diffreach.model import Import
from diffreach.resolve.imports import _MAX_CHAIN, Imports
from diffreach.resolve.records import Target

CRATE = {
    "Cargo.toml": '[package]\nname = "my-lib"\nversion = "0.1.0"\n',
    "src/lib.rs": (
        "pub mod util;\nmod shapes;\npub use shapes::Circle;\nuse crate::util::helper;\n"
        "pub fn top() {\n    helper();\n    util::other();\n    crate::util::other();\n}\n"
    ),
    "src/util.rs": "pub fn helper() {}\npub fn other() {}\n",
    "src/shapes/mod.rs": (
        "use super::util;\n"
        "pub trait Shape { fn area(&self) -> f64; }\n"
        "pub struct Circle { r: f64 }\n"
        "impl Circle {\n"
        "    pub fn new(r: f64) -> Self { Self::check(); Circle { r } }\n"
        "    fn check() {}\n"
        "    pub fn grow(&mut self) { self.area(); util::helper(); }\n"
        "}\n"
        "impl Shape for Circle { fn area(&self) -> f64 { 1.0 } }\n"
        "#[cfg(test)]\n"
        "mod tests {\n    use super::*;\n"
        "    #[test]\n    fn it_works() { let c = Circle::new(1.0); c.grow(); }\n}\n"
    ),
    "tests/api.rs": "use my_lib::Circle;\n\n#[test]\nfn builds() {\n    let c = Circle::new(2.0);\n    my_lib::top();\n}\n",
}


def edges(files: dict[str, str], *kinds: str) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind in kinds}


def test_a_tests_rs_module_file_is_test_code_and_a_lookalike_name_is_not() -> None:
    files = {
        **CRATE,
        "src/lib.rs": CRATE["src/lib.rs"] + "#[cfg(test)]\nmod tests;\nmod contests;\n",
        "src/tests.rs": "use super::*;\n\n#[test]\nfn tops() {\n    top();\n}\n",
        "src/contests.rs": "pub fn contest() {}\n",
    }
    g = graph_from_sources(files)
    flags = {s.id: s.is_test for s in g.symbols}
    assert flags["src/tests.rs"] and flags["src/tests.rs::tops"]
    assert not flags["src/contests.rs"] and not flags["src/contests.rs::contest"]
    assert ("src/tests.rs::tops", "src/lib.rs::top") in edges(files, "tests")


def test_use_paths_mod_files_and_crate_paths() -> None:
    calls = edges(CRATE, "calls")
    assert ("src/lib.rs::top", "src/util.rs::helper") in calls  # use crate::util::helper
    assert ("src/lib.rs::top", "src/util.rs::other") in calls  # util::other via `pub mod util;`
    assert ("src/shapes/mod.rs::Circle.grow", "src/util.rs::helper") in calls  # use super::util


def test_impl_methods_self_and_trait_impls() -> None:
    g = graph_from_sources(CRATE)
    all_edges = {(e.source, e.target, e.kind) for e in g.edges}
    assert ("src/shapes/mod.rs::Circle.new", "src/shapes/mod.rs::Circle.check", "calls") in all_edges
    assert ("src/shapes/mod.rs::Circle.grow", "src/shapes/mod.rs::Circle.area", "calls") in all_edges
    assert ("src/shapes/mod.rs::Circle", "src/shapes/mod.rs::Shape", "inherits") in all_edges
    assert ("src/shapes/mod.rs::Shape.area", "src/shapes/mod.rs::Circle.area", "dynamic") in all_edges


def test_cfg_test_module_test_attribute_and_tests_folder_are_tests() -> None:
    g = graph_from_sources(CRATE)
    tests = {s.id for s in g.symbols if s.is_test}
    assert "src/shapes/mod.rs::it_works" in tests
    assert "tests/api.rs::builds" in tests
    assert "src/shapes/mod.rs::Circle.grow" not in tests
    assert ("src/shapes/mod.rs::it_works", "src/shapes/mod.rs::Circle.new") in edges(CRATE, "tests")
    # A test crate reaches the library by its Cargo.toml name, through the re-export.
    assert ("tests/api.rs::builds", "src/shapes/mod.rs::Circle.new") in edges(CRATE, "tests")
    assert ("tests/api.rs::builds", "src/lib.rs::top") in edges(CRATE, "tests")


def test_same_name_in_two_modules_follows_the_use() -> None:
    calls = edges(
        {
            "src/lib.rs": "mod a;\nmod b;\nuse b::load;\nfn go() { load(); }\n",
            "src/a.rs": "pub fn load() {}\n",
            "src/b.rs": "pub fn load() {}\n",
        },
        "calls",
    )
    assert calls == {("src/lib.rs::go", "src/b.rs::load")}


def test_unknown_receiver_and_external_crate_are_not_connected() -> None:
    g = graph_from_sources(
        {
            "src/lib.rs": "mod a;\nuse std::collections::HashMap;\nfn go(x: Thing) { x.get(1); x.frobnicate(); HashMap::new(); }\n",
            "src/a.rs": "pub struct P;\nimpl P { pub fn get(&self, k: u8) {} pub fn frobnicate(&self) {} }\n"
            "pub struct Q;\nimpl Q { pub fn frobnicate(&self) {} }\n",
        }
    )
    statuses = {r.ref.name: r.status for r in g.resolved if r.ref.scope == "src/lib.rs::go"}
    assert statuses == {"get": "unresolved", "frobnicate": "ambiguous", "new": "external"}
    assert {e.resolution for e in g.edges if e.source == "src/lib.rs::go"} == {"ambiguous-name"}


def test_use_tree_expansion() -> None:
    assert use_tree("crate::a::{b, c::D, e as f, g::*}") == [
        ("crate::a", "b", "b", False),
        ("crate::a::c", "D", "D", False),
        ("crate::a", "e", "f", False),
        ("crate::a::g", "", "", True),
    ]
    assert use_tree("std::io::{self, Read}") == [("std", "io", "io", False), ("std::io", "Read", "Read", False)]


def test_workspace_crate_names_resolve_in_a_real_index_and_after_an_update(make_repo) -> None:
    # graph_from_sources hands Cargo.toml over as a text; a real index only lists source files,
    # so the manifests must be found on disk.
    from diffreach.config import Config
    from diffreach.graph.store import Store
    from diffreach.index.indexer import Indexer

    root = make_repo(
        {
            "Cargo.toml": '[workspace]\nmembers = ["complete"]\n',
            "complete/Cargo.toml": '[package]\nname = "clap-complete"\nversion = "0.1.0"\n',
            "complete/src/lib.rs": "pub mod aot;\npub use aot::generate;\n",
            "complete/src/aot/mod.rs": "mod generator;\npub use generator::*;\n",
            "complete/src/aot/generator/mod.rs": "pub fn generate(name: &str) -> usize {\n    name.len()\n}\n",
            "complete/examples/completion.rs": 'use clap_complete::generate;\n\nfn main() {\n    generate("x");\n}\n',
        }
    )
    target = "complete/src/aot/generator/mod.rs::generate"
    indexer = Indexer(root, Config(workers=1))
    try:
        for edit in (False, True):
            if edit:  # an incremental update resolves through the same manifests
                (root / "complete/examples/completion.rs").write_text(
                    'use clap_complete::generate;\n\nfn main() {\n    generate("y");\n}\n'
                )
            indexer.run()
            store = Store.open(root, create=False)
            try:
                callers = {e.source for e in store.edges_to([target], ("calls",))}
            finally:
                store.close()
            assert callers == {"complete/examples/completion.rs::main"}
    finally:
        indexer.close()


MACROS = {
    "src/lib.rs": (
        "mod a;\nmod b;\nuse a::helper;\n"
        "pub struct Holder { t: a::Thing }\n"
        "impl Holder {\n"
        '    fn show(&self) { println!("{} {}", self.t.run(1), helper(2)); }\n'
        "    fn check(&self) { assert_eq!(a::make(), vec![b::other(3)]); }\n"
        '    fn chain(&self, s: a::Thing) { format!("{}", s.run(0).len()); }\n'
        "}\n"
        '#[cfg(all(feature = "x", not(test)))]\n'
        "fn gated() {}\n"
    ),
    "src/a.rs": (
        "pub fn helper(x: i32) -> i32 { x }\npub fn make() -> i32 { 1 }\npub struct Thing;\n"
        "impl Thing { pub fn run(&self, x: i32) -> String { String::new() } }\n"
    ),
    "src/b.rs": (
        "pub fn other(x: i32) -> i32 { x }\npub fn len() -> usize { 0 }\npub fn not(x: bool) -> bool { !x }\n"
        "pub fn all() {}\npub struct Other;\nimpl Other { pub fn run(&self, x: i32) {} }\n"
    ),
}


def test_calls_inside_macro_arguments_are_calls() -> None:
    # println!, assert_eq!, vec!, format!: the grammar keeps their arguments as token trees.
    calls = edges(MACROS, "calls")
    assert ("src/lib.rs::Holder.show", "src/a.rs::Thing.run") in calls  # self.t.run(1): t's declared type
    assert ("src/lib.rs::Holder.show", "src/a.rs::helper") in calls  # a name brought by `use`
    assert ("src/lib.rs::Holder.check", "src/a.rs::make") in calls  # a::make(): a path
    assert ("src/lib.rs::Holder.check", "src/b.rs::other") in calls  # nested: vec![…] inside assert_eq!(…)
    assert ("src/lib.rs::Holder.chain", "src/a.rs::Thing.run") in calls  # s: a::Thing
    # Not calls: `.len()` on a call's result is no free function `len`; the other type's `run`;
    # cfg's operators in an attribute.
    assert ("src/lib.rs::Holder.chain", "src/b.rs::len") not in calls
    assert ("src/lib.rs::Holder.show", "src/b.rs::Other.run") not in calls
    assert not {t for s, t in calls if t in ("src/b.rs::not", "src/b.rs::all")}


def test_dollar_crate_in_a_macro_body_is_the_crate_defining_the_macro() -> None:
    # The Rust Reference (Macros By Example, hygiene): `$crate` in a macro_rules! body names the
    # crate that defines the macro, so `$crate::private::format_err(…)` is that crate's function
    # (the macro's file calls it), not another crate's nor a same-named one elsewhere.
    calls = edges(
        {
            "Cargo.toml": '[package]\nname = "anyhow"\nedition = "2018"\n',
            "src/lib.rs": "mod macros;\nmod other;\npub mod private {\n    pub fn format_err(a: u32) -> u32 { a }\n}\n",
            "src/other.rs": "pub fn format_err(a: u32) -> u32 { a }\n",
            "src/macros.rs": (
                "#[macro_export]\nmacro_rules! anyhow {\n    ($msg:literal $(,)?) => ({\n"
                "        let error = $crate::private::format_err($msg);\n        error\n    });\n}\n"
            ),
        },
        "calls",
    )
    assert ("src/macros.rs", "src/lib.rs::format_err") in calls
    assert ("src/macros.rs", "src/other.rs::format_err") not in calls


def test_a_call_takes_the_function_where_a_module_of_the_same_name_is_bound_too() -> None:
    # Modules and functions live in two namespaces: `mod job; pub use self::job::job;` binds both.
    files = {
        "src/lib.rs": "mod exec;\nmod walk;\n",
        "src/exec/mod.rs": "mod job;\npub use self::job::job;\npub fn run() { job(); }\n",
        "src/exec/job.rs": "pub fn job() {}\npub fn helper() {}\n",
        "src/walk.rs": "use crate::exec;\nuse crate::exec::job;\n"
        "fn scan() { exec::job(); }\nfn walk() { job(); }\nfn module() { exec::helper(); }\n",
    }
    calls = edges(files, "calls")
    assert ("src/walk.rs::scan", "src/exec/job.rs::job") in calls
    assert ("src/walk.rs::walk", "src/exec/job.rs::job") in calls
    assert ("src/exec/mod.rs::run", "src/exec/job.rs::job") in calls
    # helper is not re-exported: exec::helper() names nothing.
    assert not {t for s, t in calls if s == "src/walk.rs::module"}


def test_a_module_importing_its_own_submodule_is_read_once_per_call(monkeypatch: pytest.MonkeyPatch) -> None:
    # `use crate::signature::decode` inside signature/mod.rs names the module decode (type
    # namespace) and, through `pub use decode::function::decode`, the function (value namespace).
    # Looking for the function leads back to signature/mod.rs itself: a question already asked,
    # not a level deeper (walked level by level up to the chain cap, a large workspace took hours).
    files = {
        "src/lib.rs": "pub mod signature;\npub mod read;\n",
        "src/signature/mod.rs": "mod _ref {\n    use crate::signature::decode;\n"
        "    pub fn parse(data: &[u8]) { decode(data); }\n}\n\npub mod decode;\npub use decode::function::decode;\n",
        "src/signature/decode.rs": "pub mod function {\n    pub fn decode(data: &[u8]) {}\n}\n",
        "src/read.rs": "use crate::signature::decode;\nfn read(data: &[u8]) { decode(data); }\n",
    }
    asked: list[tuple[str, Import]] = []
    import_target = Imports.import_target

    def counted(self: Imports, path: str, imp: Import, depth: int = 0) -> Target | None:
        asked.append((path, imp))
        return import_target(self, path, imp, depth)

    monkeypatch.setattr(Imports, "import_target", counted)
    calls = edges(files, "calls")
    assert ("src/read.rs::read", "src/signature/decode.rs::decode") in calls
    assert ("src/signature/mod.rs::parse", "src/signature/decode.rs::decode") in calls
    assert len(asked) < _MAX_CHAIN


def test_use_paths_start_at_the_crate_root_in_the_2015_edition_only() -> None:
    # Rust 2015: `use output;` in src/walk.rs is crate::output. No `edition` key means 2015.
    files = {
        "Cargo.toml": '[package]\nkeywords = [\n    "find",\n]\nname = "old-crate"\n',
        "src/main.rs": "mod output;\nmod walk;\n",
        "src/output.rs": "pub fn print_entry() {}\n",
        "src/walk.rs": "use output;\nfn scan() { output::print_entry(); }\n",
    }
    assert ("src/walk.rs::scan", "src/output.rs::print_entry") in edges(files, "calls")
    # From 2018 on, such a path would name an external crate `output`: not ours.
    modern = {**files, "Cargo.toml": '[package]\nname = "new-crate"\nedition = "2021"\n'}
    assert ("src/walk.rs::scan", "src/output.rs::print_entry") not in edges(modern, "calls")


def test_a_crate_without_a_manifest_is_of_the_2015_edition() -> None:
    # rustc's default edition is 2015: a crate built without Cargo (no Cargo.toml beside src/)
    # has `use sample;` start at the crate root. A crate of another root's manifest keeps its own.
    files = {
        "src/lib.rs": "mod sample;\npub mod pixels;\n",
        "src/sample.rs": "pub fn vertical() {}\n",
        "src/pixels.rs": "use sample;\npub fn resize() { sample::vertical(); }\n",
        "modern/Cargo.toml": '[package]\nname = "modern"\nedition = "2021"\n',
        "modern/src/lib.rs": "mod sample;\nmod walk;\n",
        "modern/src/sample.rs": "pub fn vertical() {}\n",
        "modern/src/walk.rs": "use sample;\nfn scan() { sample::vertical(); }\n",
    }
    found = edges(files, "calls")
    assert ("src/pixels.rs::resize", "src/sample.rs::vertical") in found
    assert not {t for s, t in found if s == "modern/src/walk.rs::scan"}


TRAITS = {
    "src/lib.rs": (
        "mod a;\nmod b;\nuse a::Tr;\n"
        "fn by_ref(t: &dyn a::Tr) { t.tm(); }\n"
        "fn boxed(t: Box<dyn Tr>) { t.tm(); }\n"
        "fn opaque(t: impl Tr) { t.tm(); }\n"
        "fn generic<X: a::Tr + Clone>(t: &mut X) { t.tm(); X::make(); }\n"
        "fn bounded<Y>(t: Y) where Y: Tr { t.tm(); }\n"
        "fn unbounded<Z>(t: Z) { t.tm(); }\n"
    ),
    "src/a.rs": (
        "pub trait Tr { fn tm(&self); fn make() -> Self; }\npub struct Thing;\n"
        "impl Tr for Thing { fn tm(&self) {} fn make() -> Self { Thing } }\n"
    ),
    "src/b.rs": "pub struct Other;\nimpl Other { pub fn tm(&self) {} }\n",
}


def test_trait_objects_opaque_types_and_bounded_type_parameters_call_the_trait() -> None:
    g = graph_from_sources(TRAITS)
    calls = {(e.source, e.target): e.resolution for e in g.edges if e.kind == "calls"}
    for caller in ("by_ref", "boxed", "opaque", "generic", "bounded"):
        assert calls.get((f"src/lib.rs::{caller}", "src/a.rs::Tr.tm")) == "type", caller
        # Not the unrelated type that has a method of the same name.
        assert (f"src/lib.rs::{caller}", "src/b.rs::Other.tm") not in calls, caller
    assert calls.get(("src/lib.rs::generic", "src/a.rs::Tr.make")) == "type"  # X::make() of X: Tr
    # The trait's method reaches its implementations (dispatch), as for any interface.
    assert ("src/a.rs::Tr.tm", "src/a.rs::Thing.tm") in edges(TRAITS, "dynamic")
    # No bound, no type: matched by name only, and said so.
    assert {r for (s, _), r in calls.items() if s == "src/lib.rs::unbounded"} == {"ambiguous-name"}


def test_a_bound_by_an_outside_trait_leaves_the_value_unknown_and_matched_by_name() -> None:
    # `S: serde::Serializer` says only that S implements an outside trait; S may be the
    # crate's own implementation of it, so the call is matched by name, as with no bound.
    files = {
        "Cargo.toml": '[package]\nname = "ser"\nedition = "2021"\n',
        "src/lib.rs": "mod ours;\nmod value;\n",
        "src/ours.rs": (
            "use serde::Serializer;\npub struct Ours;\n"
            "impl Serializer for Ours { fn serialize_bool(self, v: bool) {} }\n"
        ),
        "src/value.rs": (
            "use serde::Serializer;\nuse std::fmt::Debug;\n"
            "fn write<S: Serializer>(s: S) { s.serialize_bool(true); }\n"
            "fn show<D: Debug>(d: D) { d.unrelated(); }\n"
        ),
    }
    calls = {(e.source, e.target): e.resolution for e in graph_from_sources(files).edges if e.kind == "calls"}
    assert calls.get(("src/value.rs::write", "src/ours.rs::Ours.serialize_bool")) == "unique-name"
    # A bound by the crate's own trait still types the value (the test above); a name no
    # definition has is no edge.
    assert not {t for s, t in calls if s == "src/value.rs::show"}


WRAPPERS = {
    "Cargo.toml": '[package]\nname = "wrap"\nedition = "2021"\n',
    "src/lib.rs": (
        "mod a;\nmod b;\nuse a::Thing;\nuse std::sync::{Arc, Mutex};\n"
        "pub struct Holder { t: Arc<Mutex<Thing>>, o: Option<Thing> }\n"
        "impl Holder {\n"
        "    fn locked(&self) { self.t.lock().unwrap().run(); }\n"
        "    fn optional(&self) { self.o.as_ref().unwrap().run(); }\n"
        "    fn tried(&self) -> Result<(), ()> { a::make()?.run(); Ok(()) }\n"
        "    async fn awaited(&self) { a::later().await.run(); }\n"
        "    fn stated(&self) { let t: Thing = Default::default(); t.run(); }\n"
        "    fn own(&self) { self.o.as_ref().unwrap().read().run(); }\n"
        "    fn guarded(&self, g: std::sync::MutexGuard<'_, Thing>) { g.run(); }\n"
        "}\n"
    ),
    "src/a.rs": (
        "use crate::b::Other;\npub struct Thing;\n"
        "impl Thing { pub fn run(&self) {} pub fn read(&self) -> Other { Other } }\n"
        "pub fn make() -> Result<Thing, ()> { Ok(Thing) }\npub async fn later() -> Thing { Thing }\n"
    ),
    "src/b.rs": "pub struct Other;\nimpl Other { pub fn run(&self) {} }\n",
}


def test_wrappers_postfix_operators_and_stated_types_keep_the_value_type() -> None:
    # Arc<Mutex<T>>.lock().unwrap(), Option<T>.as_ref().unwrap(), `?` on a Result, `.await`:
    # the value inside, of the type the declaration states.
    g = graph_from_sources(WRAPPERS)
    calls = {(e.source, e.target): e.resolution for e in g.edges if e.kind == "calls"}
    for caller in ("locked", "optional", "tried", "awaited", "stated", "guarded"):
        assert calls.get((f"src/lib.rs::Holder.{caller}", "src/a.rs::Thing.run")) == "type", caller
        assert (f"src/lib.rs::Holder.{caller}", "src/b.rs::Other.run") not in calls, caller
    # A method the type defines is that method, even under a wrapper's method name: read() gives Other.
    assert calls.get(("src/lib.rs::Holder.own", "src/b.rs::Other.run")) == "type"
    assert ("src/lib.rs::Holder.own", "src/a.rs::Thing.run") not in calls


def test_a_field_is_no_bare_name_in_a_method() -> None:
    # Rust reads a struct's fields through self only: a local named like a field is its own value.
    files = {
        "src/lib.rs": "mod a;\nmod b;\n"
        "pub struct Layer { expected: Vec<b::Other> }\n"
        "impl Layer {\n"
        "    fn on_event(&self, e: Option<a::Expected>) { if let Some(expected) = e { expected.scope_mut(); } }\n"
        "    fn direct(&self) { self.expected.len(); }\n"
        "}\n",
        "src/a.rs": "pub struct Expected;\nimpl Expected { pub fn scope_mut(&mut self) {} }\n",
        "src/b.rs": "pub struct Other;\n",
    }
    g = graph_from_sources(files)
    statuses = {r.ref.name: r.status for r in g.resolved if r.ref.scope == "src/lib.rs::Layer.on_event"}
    assert statuses["scope_mut"] == "resolved"  # by its name (unique), not "external" through Vec
    assert ("src/lib.rs::Layer.on_event", "src/a.rs::Expected.scope_mut") in edges(files, "calls")


def test_2015_paths_from_the_root_and_crates_named_in_the_crate_root() -> None:
    files = {
        "Cargo.toml": '[workspace]\nmembers = [\n    "core",\n]\n\n[package]\nname = "trace"\n',
        "core/Cargo.toml": '[package]\nname = "trace-core"\n',
        "core/src/lib.rs": "pub mod dispatcher;\n",
        "core/src/dispatcher.rs": "pub fn with_default() {}\n",
        "src/lib.rs": "extern crate trace_core;\nmod subscriber;\npub use self::trace_core::dispatcher;\n",
        "src/subscriber.rs": "pub fn run() { ::dispatcher::with_default(); }\n",
        "examples/demo.rs": "extern crate trace;\nfn main() { trace::dispatcher::with_default(); }\n",
    }
    calls = edges(files, "calls")
    assert ("src/subscriber.rs::run", "core/src/dispatcher.rs::with_default") in calls  # ::a is crate::a
    assert ("examples/demo.rs::main", "core/src/dispatcher.rs::with_default") in calls  # self::trace_core


def test_items_inside_wrapper_macros_and_modules_reached_through_a_re_export() -> None:
    # cfg_if!-style wrappers pass their items through; the grammar sees a token tree.
    files = {
        "Cargo.toml": '[package]\nname = "poll"\nedition = "2021"\n',
        "src/lib.rs": "mod sys;\nmod net;\nmacro_rules! cfg_os { ($($i:item)*) => { $($i)* } }\n",
        "src/sys/mod.rs": "cfg_os! {\n    mod unix;\n    pub use self::unix::*;\n}\n",
        "src/sys/unix/mod.rs": "cfg_os! {\n    pub(crate) mod tcp;\n}\n",
        "src/sys/unix/tcp.rs": "cfg_os! {\n    pub fn listen() -> u8 {\n        helper()\n    }\n}\nfn helper() -> u8 { 0 }\n",
        "src/net.rs": "use crate::sys::tcp::listen;\n\npub fn bind() {\n    listen();\n}\n",
    }
    g = graph_from_sources(files)
    ids = {s.id: s for s in g.symbols}
    assert "src/sys/unix/tcp.rs::listen" in ids and ids["src/sys/unix/tcp.rs::listen"].start_line == 2
    calls = edges(files, "calls")
    assert ("src/net.rs::bind", "src/sys/unix/tcp.rs::listen") in calls
    assert ("src/sys/unix/tcp.rs::listen", "src/sys/unix/tcp.rs::helper") in calls  # the body's own call
    assert ("src/sys/unix/tcp.rs", "src/sys/unix/tcp.rs::helper") not in calls  # not the file's


def test_a_path_through_an_inline_module_names_the_file_s_item() -> None:
    files = {
        "src/lib.rs": "mod derive;\nmod item;\n",
        "src/derive.rs": "pub(crate) mod parsing {\n    pub(crate) fn data_enum() {}\n}\n"
        "fn local() { parsing::data_enum(); }\n",
        "src/item.rs": "use crate::derive;\nfn parse() { derive::parsing::data_enum(); }\nfn other() { derive::nothing::data_enum(); }\n",
    }
    calls = edges(files, "calls")
    assert ("src/item.rs::parse", "src/derive.rs::data_enum") in calls
    assert ("src/derive.rs::local", "src/derive.rs::data_enum") in calls
    assert not {t for s, t in calls if s == "src/item.rs::other"}  # no module `nothing` there


def test_a_trait_object_or_opaque_type_of_an_outside_trait_is_matched_by_name() -> None:
    # `&mut dyn Write`, `Box<dyn Write>`, `impl Write` of std's Write: the value is of some type
    # that implements it, maybe the crate's own (`impl Write for Sink`); an outside *type*
    # (String) is still outside.
    files = {
        "Cargo.toml": '[package]\nname = "sink"\nedition = "2021"\n',
        "src/lib.rs": "mod ours;\nmod user;\n",
        "src/ours.rs": "use std::io::Write;\npub struct Sink;\nimpl Write for Sink { fn write_all(&mut self) {} }\n",
        "src/user.rs": (
            "use std::io::Write;\n"
            "fn by_ref(w: &mut dyn Write) { w.write_all(); }\n"
            "fn boxed(w: Box<dyn Write + Send>) { w.write_all(); }\n"
            "fn opaque(w: impl Write) { w.write_all(); }\n"
            "fn made() -> Box<dyn std::io::Write> { todo!() }\n"
            "fn returned() { made().write_all(); }\n"
            "fn plain(s: String) { s.write_all(); }\n"
        ),
    }
    calls = {(e.source, e.target): e.resolution for e in graph_from_sources(files).edges if e.kind == "calls"}
    for caller in ("by_ref", "boxed", "opaque", "returned"):
        assert calls.get((f"src/user.rs::{caller}", "src/ours.rs::Sink.write_all")) == "unique-name", caller
    assert ("src/user.rs::plain", "src/ours.rs::Sink.write_all") not in calls


def test_items_of_one_name_under_different_cfgs_are_each_called() -> None:
    # Rust has no overloading: two `fn imp` in one module (or one impl) are #[cfg] alternatives,
    # one compiled per target; a call may run either. Another module's `imp` is no alternative.
    files = {
        "Cargo.toml": '[package]\nname = "alt"\nedition = "2021"\n',
        "src/lib.rs": "mod a;\nmod b;\n",
        "src/a.rs": (
            "#[cfg(unix)]\nfn imp() -> u8 { 1 }\n#[cfg(not(unix))]\nfn imp() -> u8 { 2 }\n"
            "pub struct S;\nimpl S {\n    #[cfg(unix)]\n    fn m(&self) {}\n    #[cfg(windows)]\n    fn m(&self) {}\n"
            "    pub fn run(&self) { imp(); self.m(); }\n}\n"
        ),
        "src/b.rs": "fn imp() -> u8 { 3 }\n",
    }
    calls = edges(files, "calls")
    for target in ("src/a.rs::imp", "src/a.rs::imp#2", "src/a.rs::S.m", "src/a.rs::S.m#2"):
        assert ("src/a.rs::S.run", target) in calls, target
    assert ("src/a.rs::S.run", "src/b.rs::imp") not in calls


def test_a_method_the_crate_defines_for_an_outside_type_is_called_on_its_values() -> None:
    # `impl StrExt for str`, a blanket `impl<T: Clone> Poke for T`: a call on a value of an outside
    # type (String, Vec) may run them; a struct's own method of the name may not, nor a common
    # trait method (`from`, written for outside types everywhere).
    files = {
        "Cargo.toml": '[package]\nname = "ext"\nedition = "2021"\n',
        "src/lib.rs": "mod ext;\nmod other;\nmod user;\n",
        "src/ext.rs": (
            "pub trait StrExt { fn shout(&self) -> String; }\n"
            "impl StrExt for String { fn shout(&self) -> String { todo!() } }\n"
            "pub trait Poke { fn poke(&self); }\nimpl<T: Clone> Poke for T { fn poke(&self) {} }\n"
            "pub struct Mine;\nimpl From<Mine> for String { fn from(m: Mine) -> String { todo!() } }\n"
        ),
        "src/other.rs": "pub struct Loud;\nimpl Loud { pub fn shout(&self) -> String { todo!() } }\n",
        "src/user.rs": (
            "use crate::ext::{Poke, StrExt};\n"
            "pub fn run(s: String, v: Vec<u8>) { s.shout(); v.poke(); }\n"
            "pub fn conv(m: crate::ext::Mine) { String::from(m); }\n"
        ),
    }
    calls = edges(files, "calls")
    assert ("src/user.rs::run", "src/ext.rs::String.shout") in calls
    assert ("src/user.rs::run", "src/ext.rs::T.poke") in calls
    assert ("src/user.rs::run", "src/other.rs::Loud.shout") not in calls
    assert not {t for s, t in calls if s == "src/user.rs::conv"}


READER = {
    "Cargo.toml": '[package]\nname = "de"\nedition = "2021"\n',
    "src/lib.rs": "mod read;\nmod de;\nmod other;\n",
    "src/read.rs": (
        "pub trait Read { fn next(&mut self) -> u8; }\n"
        "pub struct SliceRead;\nimpl Read for SliceRead { fn next(&mut self) -> u8 { 0 } }\n"
        "impl<'a> Read for &'a [u8] { fn next(&mut self) -> u8 { 1 } }\n"
    ),
    "src/de.rs": (
        "use crate::read::Read;\npub struct De<R> { read: R }\n"
        "impl<R: Read> De<R> { fn peek(&mut self) { self.read.next(); } }\n"
        "impl<R> De<R> where R: Read { fn take(&mut self, r: R) { r.next(); } }\n"
        "pub struct Io<R>(R);\n"
        "impl<R> De<Io<R>> where R: std::io::Read { fn other(&mut self, r: R) { r.next(); } }\n"
    ),
    "src/other.rs": "pub struct Other;\nimpl Other { pub fn next(&mut self) -> u8 { 2 } }\n",
}


def test_an_impl_block_s_bound_types_its_methods_values_and_dispatch_reaches_impls_for_outside_types() -> None:
    # `impl<R: Read> De<R>`: `self.read` (read: R) and `r: R` are values of the crate's trait Read;
    # the call reaches Read::next, which dispatches to every implementation, `impl Read for &[u8]` too.
    g = graph_from_sources(READER)
    calls = {(e.source, e.target): e.resolution for e in g.edges if e.kind == "calls"}
    assert calls.get(("src/de.rs::De.peek", "src/read.rs::Read.next")) == "type"
    assert calls.get(("src/de.rs::De.take", "src/read.rs::Read.next")) == "type"
    assert ("src/de.rs::De.peek", "src/other.rs::Other.next") not in calls
    # `impl<R> De<Io<R>> where R: std::io::Read`: that R is not De's; its bound is not the file's R.
    assert ("src/de.rs::De.other", "src/read.rs::Read.next") not in calls
    dynamic = edges(READER, "dynamic")
    assert ("src/read.rs::Read.next", "src/read.rs::SliceRead.next") in dynamic
    assert ("src/read.rs::Read.next", "src/read.rs::'a.next") in dynamic  # impl Read for &'a [u8]
    assert not {t for s, t in dynamic if t.startswith("src/other.rs")}


def test_a_path_attribute_binds_a_module_to_the_file_it_names() -> None:
    # `#[path = "crates/core/app.rs"] mod app;` in build.rs: app is that file, relative to the
    # directory of the file that declares it; without the attribute, the usual file (src/b.rs).
    files = {
        "Cargo.toml": '[package]\nname = "pa"\nedition = "2021"\n',
        "build.rs": '#[path = "crates/core/app.rs"]\nmod app;\nfn main() { app::build(); }\n',
        "crates/core/app.rs": "pub fn build() {}\n",
        "src/lib.rs": '#[path = "gen/helper.rs"]\nmod helper;\nmod b;\npub fn top() { helper::h(); b::build(); }\n',
        "src/gen/helper.rs": "pub fn h() {}\n",
        "src/b.rs": "pub fn build() {}\n",
    }
    calls = edges(files, "calls")
    assert ("build.rs::main", "crates/core/app.rs::build") in calls
    assert ("src/lib.rs::top", "src/gen/helper.rs::h") in calls
    assert ("src/lib.rs::top", "src/b.rs::build") in calls
    assert ("build.rs::main", "src/b.rs::build") not in calls


def test_super_in_a_file_a_path_attribute_names_is_the_declaring_module() -> None:
    # "The path attribute": `#[path = "unit/tab_tests.rs"] mod tab_tests;` in src/tab/mod.rs makes
    # that file the module crate::tab::tab_tests, so its `super::` is crate::tab, whatever its own
    # directory holds (src/tab/unit/ has a mod.rs of its own here, with a Tab of its own).
    files = {
        "Cargo.toml": '[package]\nname = "z"\nedition = "2021"\n',
        "src/lib.rs": "pub mod tab;\npub mod screen;\n",
        "src/tab/mod.rs": (
            "pub mod unit;\npub struct Tab;\nimpl Tab { pub fn render(&self) {} }\n"
            '#[cfg(test)]\n#[path = "./unit/tab_tests.rs"]\nmod tab_tests;\n'
        ),
        "src/tab/unit/mod.rs": "pub struct Tab;\nimpl Tab { pub fn render(&self) {} }\n",
        "src/tab/unit/tab_tests.rs": (
            "use super::Tab;\nfn new_tab() -> Tab { Tab }\n"
            "#[test]\nfn renders() { let tab = new_tab(); tab.render(); }\n"
            "#[test]\nfn through_the_path() { crate::tab::tab_tests::new_tab().render(); }\n"
        ),
        "src/screen.rs": "pub struct Screen;\nimpl Screen { pub fn render(&self) {} }\n",
    }
    calls = edges(files, "calls", "tests")
    assert ("src/tab/unit/tab_tests.rs::renders", "src/tab/mod.rs::Tab.render") in calls
    assert ("src/tab/unit/tab_tests.rs::through_the_path", "src/tab/unit/tab_tests.rs::new_tab") in calls
    assert not {(s, t) for s, t in calls if t in ("src/tab/unit/mod.rs::Tab.render", "src/screen.rs::Screen.render")}


def test_a_2015_use_of_a_bare_name_takes_the_crate_roots_item() -> None:
    # Rust 2015: `use {Config, open};` and `use Config;` are `::Config`, the crate root's items (a
    # re-export there); a field typed by it types `self.config.read()`. From 2018 on such a path
    # names an outside crate: nothing of ours.
    files = {
        "Cargo.toml": '[package]\nname = "book"\n',
        "src/lib.rs": "mod conf;\nmod book;\npub use conf::Config;\npub fn open() {}\n",
        "src/conf.rs": "pub struct Config;\nimpl Config { pub fn read(&self) {} }\n",
        "src/other.rs": "pub struct Other;\nimpl Other { pub fn read(&self) {} }\n",
        "src/book.rs": (
            "use {Config, open};\n"
            "pub struct Book { config: Config }\n"
            "impl Book { pub fn load(&self) { self.config.read(); open(); } }\n"
        ),
    }
    calls = edges(files, "calls")
    assert ("src/book.rs::Book.load", "src/conf.rs::Config.read") in calls
    assert ("src/book.rs::Book.load", "src/lib.rs::open") in calls
    assert ("src/book.rs::Book.load", "src/other.rs::Other.read") not in calls
    modern = {**files, "Cargo.toml": '[package]\nname = "book"\nedition = "2018"\n'}
    assert ("src/book.rs::Book.load", "src/lib.rs::open") not in edges(modern, "calls")


def test_a_binarys_modules_sit_beside_its_root_under_src_bin() -> None:
    # Cargo's targets: src/bin/NAME.rs (or a [[bin]]'s path) is a crate root of its own, and its
    # `mod watch;` is src/bin/watch.rs; `use watch;` (2015) and `crate::watch` start there, not
    # at the library's src/lib.rs (which has a `watch` module of its own here).
    lib = {
        "src/lib.rs": "pub mod watch;\n",
        "src/watch.rs": "pub fn trigger() {}\n",
        "src/bin/watch.rs": "pub fn trigger() {}\n",
        "src/bin/serve.rs": "use watch;\npub fn execute() { watch::trigger(); }\n",
    }
    declared = {
        **lib,
        "Cargo.toml": '[package]\nname = "bk"\n\n[[bin]]\nname = "bk"\npath = "src/bin/main.rs"\n',
        "src/bin/main.rs": "mod serve;\nmod watch;\nfn main() { serve::execute(); }\n",
    }
    calls = edges(declared, "calls")
    assert ("src/bin/serve.rs::execute", "src/bin/watch.rs::trigger") in calls
    assert ("src/bin/serve.rs::execute", "src/watch.rs::trigger") not in calls
    assert ("src/bin/main.rs::main", "src/bin/serve.rs::execute") in calls
    # From 2018 on Cargo also finds src/bin/NAME/main.rs; its modules are in its own directory.
    found = {
        **lib,
        "Cargo.toml": '[package]\nname = "bk"\nedition = "2021"\n',
        "src/bin/tool/main.rs": "mod watch;\nmod serve;\nfn main() { serve::execute(); }\n",
        "src/bin/tool/watch.rs": "pub fn trigger() {}\n",
        "src/bin/tool/serve.rs": "pub fn execute() { crate::watch::trigger(); super::watch::trigger(); }\n",
    }
    calls = edges(found, "calls")
    assert ("src/bin/tool/serve.rs::execute", "src/bin/tool/watch.rs::trigger") in calls
    assert ("src/bin/tool/serve.rs::execute", "src/watch.rs::trigger") not in calls
    assert ("src/bin/tool/main.rs::main", "src/bin/tool/serve.rs::execute") in calls


def test_modules_declared_inside_an_inline_module_sit_in_its_directory() -> None:
    # "Module source filenames" and "The path attribute": `mod gen { mod helper; }` in lib.rs is
    # src/gen/helper.rs, and a #[path] inside it is relative to src/gen/; in a file that is no
    # mod.rs (src/parse.rs) the inline module's directory is under src/parse/.
    files = {
        "Cargo.toml": '[package]\nname = "gen"\nedition = "2021"\n',
        "src/lib.rs": (
            "mod parse;\n"
            'mod gen {\n    #[path = "../gen_helper.rs"]\n    mod helper;\n    mod inner;\n'
            "    pub fn run() { helper::assist(); inner::work(); }\n}\n"
        ),
        "src/gen_helper.rs": "pub fn assist() {}\n",
        "src/helper.rs": "pub fn assist() {}\n",
        "src/gen/inner.rs": "pub fn work() {}\n",
        "src/inner.rs": "pub fn work() {}\n",
        "src/parse.rs": "mod deep {\n    mod leaf;\n    pub fn go() { leaf::grow(); }\n}\n",
        "src/parse/deep/leaf.rs": "pub fn grow() {}\n",
        "src/deep/leaf.rs": "pub fn grow() {}\n",
    }
    calls = edges(files, "calls")
    assert ("src/lib.rs::run", "src/gen_helper.rs::assist") in calls
    assert ("src/lib.rs::run", "src/gen/inner.rs::work") in calls
    assert ("src/parse.rs::go", "src/parse/deep/leaf.rs::grow") in calls
    assert not {
        (s, t) for s, t in calls if t in ("src/helper.rs::assist", "src/inner.rs::work", "src/deep/leaf.rs::grow")
    }


def test_a_file_of_an_inline_module_reaches_its_siblings_through_super() -> None:
    # `mod handlers { mod call; mod alias; }` in lib.rs: handlers has no file of its own, so the
    # parent of src/handlers/alias.rs is that inline module, and `super::call` is src/handlers/call.rs
    # (as `crate::handlers::call` is from anywhere); a file holding no module of the name is none.
    files = {
        "Cargo.toml": '[package]\nname = "assists"\nedition = "2021"\n',
        "src/lib.rs": (
            "mod handlers {\n    pub(crate) mod call;\n    mod alias;\n}\n"
            "pub fn top() { crate::handlers::call::split(1); }\n"
        ),
        "src/handlers/call.rs": "pub(super) fn split(x: u32) -> u32 { x }\n",
        "src/handlers/alias.rs": (
            "use super::call::split;\npub(crate) fn inline_alias() { let f = |id| split(id); f(1); }\n"
            "fn none() { super::missing::split(2); }\n"
        ),
        "src/call.rs": "pub fn split(x: u32) -> u32 { x }\n",
    }
    calls = edges(files, "calls")
    assert ("src/handlers/alias.rs::inline_alias", "src/handlers/call.rs::split") in calls
    assert ("src/lib.rs::top", "src/handlers/call.rs::split") in calls
    assert not {(s, t) for s, t in calls if t == "src/call.rs::split"}
    assert not {(s, t) for s, t in calls if s == "src/handlers/alias.rs::none"}


def test_a_path_from_the_prelude_a_primitive_or_a_standard_crate_is_the_languages() -> None:
    # The Reference's preludes: `Box`, `Vec`, the primitive types and the crates std, core and
    # alloc are in scope in every module; a path from one that the crate does not bind itself
    # names the language's item (external), neither an unresolved call nor one of ours.
    files = {
        "Cargo.toml": '[package]\nname = "p"\nversion = "0.1.0"\nedition = "2018"\n',
        "src/lib.rs": (
            "pub mod core_like;\npub struct Chan;\nimpl Chan { pub fn new(d: u32) -> Self { Chan } }\n"
            "pub trait Le { fn to_le(self) -> u32; }\nimpl Le for u32 { fn to_le(self) -> u32 { self } }\n"
            "pub fn f() {\n    let b = Box::new(1);\n    let v: Vec<u8> = Vec::with_capacity(3);\n"
            "    let c = ::core::cell::Cell::new(1);\n    std::mem::drop(b);\n    let w = u32::to_le(7);\n"
            "    let k = Chan::new(1);\n    core_like::go();\n}\n"
        ),
        "src/core_like.rs": "pub fn go() {}\n",
    }
    g = graph_from_sources(files)
    status = {(r.ref.receiver, r.ref.name): r.status for r in g.resolved if r.ref.scope == "src/lib.rs::f"}
    for site in (("Box", "new"), ("Vec", "with_capacity"), (".core.cell.Cell", "new"), ("std.mem", "drop")):
        assert status[site] == "external", site
    calls = edges(files, "calls")
    assert ("src/lib.rs::f", "src/lib.rs::u32.to_le") in calls  # the crate's method for u32
    assert ("src/lib.rs::f", "src/lib.rs::Chan.new") in calls
    assert ("src/lib.rs::f", "src/core_like.rs::go") in calls
    # Forbidden: a `new` of the standard library's types taken for one of ours.
    assert not {t for s, t in calls if s == "src/lib.rs::f"} - {
        "src/lib.rs::u32.to_le",
        "src/lib.rs::Chan.new",
        "src/core_like.rs::go",
    }


def test_a_crate_root_beside_its_modules_is_never_its_own_module() -> None:
    # "Module source filenames": a module's file is the parent's directory + its name; a file
    # cannot hold itself. An integration test named like the crate (tests/toml.rs) or a binary
    # at bus.rs that writes `use toml::x` / `use bus::Bus` names the crate, not its own file.
    files = {
        "Cargo.toml": '[package]\nname = "toml"\nversion = "0.1.0"\nedition = "2018"\n',
        "src/lib.rs": "pub mod de;\npub use de::parse;\n",
        "src/de.rs": "pub fn parse(s: &str) -> u32 { 1 }\n",
        "src/other.rs": "pub fn parse(s: &str) -> u32 { 2 }\n",
        "tests/toml.rs": 'use toml::parse;\n\n#[test]\nfn t() {\n    parse("x");\n    toml::de::parse("y");\n}\n',
    }
    got = {(e.source, e.target, e.resolution) for e in graph_from_sources(files).edges if e.kind == "tests"}
    assert ("tests/toml.rs::t", "src/de.rs::parse", "import") in got
    assert not any(t == "src/other.rs::parse" for _, t, _ in got)  # forbidden: a guess by name


def test_a_type_alias_s_associated_functions_and_methods_are_the_aliased_types() -> None:
    # "Type aliases": `type Pcg32 = Lcg64;` names Lcg64 by another name, so `Pcg32::new()` and a
    # value `x: Pcg32` reach Lcg64's items, through a path from another crate too. An alias of a
    # function type or of an outside type names none of ours.
    files = {
        "Cargo.toml": '[package]\nname = "pcg"\nversion = "0.1.0"\nedition = "2018"\n',
        "src/lib.rs": (
            "mod lcg;\npub use lcg::Lcg64;\npub type Pcg32 = Lcg64;\npub type Pcg64 = crate::lcg::Wide<u64>;\n"
            "pub type Handler = fn(u8) -> u8;\npub type Res<T> = std::result::Result<T, ()>;\n"
        ),
        "src/lcg.rs": (
            "pub struct Lcg64;\nimpl Lcg64 {\n    pub fn new(seed: u64) -> Self { Lcg64 }\n    pub fn step(&mut self) {}\n}\n"
            "pub struct Wide<T> { t: T }\nimpl<T> Wide<T> {\n    pub fn new(t: T) -> Self { Wide { t } }\n}\n"
            "pub struct Other;\nimpl Other {\n    pub fn new(seed: u64) -> Self { Other }\n    pub fn step(&mut self) {}\n}\n"
        ),
        "tests/use.rs": (
            "use pcg::Pcg32;\n\n#[test]\nfn t() {\n    let mut r = Pcg32::new(1);\n    r.step();\n"
            "    let w = pcg::Pcg64::new(2);\n}\n\nfn typed(x: &mut Pcg32) {\n    x.step();\n}\n"
        ),
    }
    got = edges(files, "calls", "tests")
    assert ("tests/use.rs::t", "src/lcg.rs::Lcg64.new") in got
    assert ("tests/use.rs::t", "src/lcg.rs::Lcg64.step") in got
    assert ("tests/use.rs::t", "src/lcg.rs::Wide.new") in got
    assert ("tests/use.rs::typed", "src/lcg.rs::Lcg64.step") in got
    # Forbidden: the same names of another type.
    assert not {t for _, t in got if t.startswith("src/lcg.rs::Other")}


def test_super_in_an_inline_module_leaves_the_inline_module_first() -> None:
    # `super` names the parent module (the Reference, "Paths"): inside `mod tests { }` of
    # jpeg/encoder.rs, `super` is encoder.rs and `super::super` is jpeg, not codecs.
    files = {
        "Cargo.toml": '[package]\nname = "img"\nedition = "2021"\n',
        "src/lib.rs": "pub mod codecs;\n",
        "src/codecs/mod.rs": (
            "pub mod jpeg;\npub struct JpegDecoder;\nimpl JpegDecoder {\n    pub fn new() -> JpegDecoder { JpegDecoder }\n}\n"
        ),
        "src/codecs/jpeg/mod.rs": "mod decoder;\nmod encoder;\npub use self::decoder::JpegDecoder;\n",
        "src/codecs/jpeg/decoder.rs": (
            "pub struct JpegDecoder;\nimpl JpegDecoder {\n    pub fn new() -> JpegDecoder { JpegDecoder }\n}\n"
        ),
        "src/codecs/jpeg/encoder.rs": (
            "pub fn encode() {}\n#[cfg(test)]\nmod tests {\n    use super::super::JpegDecoder;\n    use super::*;\n"
            "    #[test]\n    fn decode() { let d = JpegDecoder::new(); encode(); }\n}\n"
        ),
    }
    found = edges(files, "calls", "tests")
    assert ("src/codecs/jpeg/encoder.rs::decode", "src/codecs/jpeg/decoder.rs::JpegDecoder.new") in found
    assert ("src/codecs/jpeg/encoder.rs::decode", "src/codecs/mod.rs::JpegDecoder.new") not in found
    assert ("src/codecs/jpeg/encoder.rs::decode", "src/codecs/jpeg/encoder.rs::encode") in found


def test_a_paths_head_names_the_module_where_a_function_has_the_same_name() -> None:
    # Rust keeps functions (value namespace) and modules (type namespace) apart, and a path's head
    # is read in the type namespace: in `pub mod parse; pub fn parse()`, `parse::url()` is the
    # module's url, inside the function parse as anywhere else, and `use crate::parse` binds both.
    files = {
        "src/lib.rs": "pub mod parse;\n\npub fn parse(input: &str) {\n    parse::url(input);\n}\n\n"
        "fn other(input: &str) {\n    parse::url(input);\n}\n",
        "src/parse.rs": "pub(crate) fn url(input: &str) {}\n",
        "src/fetch.rs": "fn url() {}\n",
        "src/read.rs": "use crate::parse;\n\nfn read(input: &str) {\n    parse(input);\n    parse::url(input);\n}\n",
    }
    calls = edges(files, "calls")
    assert {("src/read.rs::read", "src/lib.rs::parse"), ("src/read.rs::read", "src/parse.rs::url")} <= calls
    assert ("src/lib.rs::parse", "src/parse.rs::url") in calls
    assert ("src/lib.rs::other", "src/parse.rs::url") in calls
    assert ("src/lib.rs::parse", "src/fetch.rs::url") not in calls


def test_a_function_passed_with_generic_arguments_is_the_function() -> None:
    # Reference, "Paths in expressions": `record::post::<DB>` names the function item `post`, as
    # `record::post` does; passed as a value, it is referenced where it is passed.
    files = {
        "Cargo.toml": '[package]\nname = "srv"\nversion = "0.1.0"\nedition = "2021"\n',
        "src/lib.rs": "pub mod handlers;\npub mod other;\npub mod router;\n",
        "src/handlers.rs": "pub fn post<DB>(x: u32) -> u32 { x }\npub fn parse<T>(x: u32) -> u32 { x }\n",
        "src/other.rs": "pub fn post<DB>(x: u32) -> u32 { x }\n",  # a namesake the path does not name
        "src/router.rs": (
            "use crate::handlers;\nuse crate::handlers::parse;\n\n"
            "fn route(f: fn(u32) -> u32) -> u32 { f(1) }\n\n"
            "pub fn router<DB>() {\n    route(handlers::post::<DB>);\n    route(parse::<DB>);\n}\n"
        ),
    }
    found = edges(files, "references", "calls")
    assert ("src/router.rs::router", "src/handlers.rs::post") in found
    assert ("src/router.rs::router", "src/handlers.rs::parse") in found
    assert ("src/router.rs::router", "src/other.rs::post") not in found


def test_a_path_never_starts_at_a_local_of_the_same_name() -> None:
    # Reference, "Paths in expressions": `store::open()` names an item through the module `store`,
    # even where a local `store` is bound (by that very statement, or by a pattern before it); the
    # local's own fields and methods stay the local's.
    files = {
        "Cargo.toml": '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n',
        "src/lib.rs": "pub mod store;\npub mod other;\npub mod main_loop;\n",
        "src/store.rs": (
            "pub struct Store { pub name: u32 }\n"
            "impl Store {\n    pub fn open() -> Store { Store { name: 1 } }\n    pub fn close(&self) {}\n}\n"
            "pub fn flush(s: &Store) {}\n"
        ),
        "src/other.rs": "pub fn open() -> u32 { 1 }\npub fn flush(x: u32) {}\npub fn close() {}\n",
        "src/main_loop.rs": (
            "use crate::store;\n\n"
            "pub fn run(maybe: Option<store::Store>) {\n"
            "    let store = store::Store::open();\n"
            "    store::flush(&store);\n"
            "    store.close();\n"
            "    let Some(s) = maybe else { return };\n"
            "}\n"
        ),
    }
    found = edges(files, "calls")
    assert {
        ("src/main_loop.rs::run", "src/store.rs::Store.open"),
        ("src/main_loop.rs::run", "src/store.rs::flush"),
        ("src/main_loop.rs::run", "src/store.rs::Store.close"),
    } <= found
    assert (
        not {
            ("src/main_loop.rs::run", "src/other.rs::open"),
            ("src/main_loop.rs::run", "src/other.rs::flush"),
            ("src/main_loop.rs::run", "src/other.rs::close"),
        }
        & found
    )
