"""A Rust crate reaches only itself and the crates its manifest declares, and theirs in turn (The
Cargo Book, "Specifying Dependencies"): a call matched by name never binds to a method of a
workspace package the caller's package cannot reach. Expected: the matches in the caller's own
crate and in the crates below it (declared directly, by a renamed or table-form dependency, or
reached through one); forbidden: a sibling plugin's method of the same name."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from diffreach.languages.rust_crates import declared_dependencies

FILES = {
    "Cargo.toml": '[workspace]\nmembers = ["core", "plug-a", "plug-b", "app"]\n',
    "core/Cargo.toml": '[package]\nname = "core"\nedition = "2021"\n',
    "core/src/lib.rs": "pub trait Render { fn render(&self); }\n",
    "plug-a/Cargo.toml": '[package]\nname = "plug-a"\nedition = "2021"\n\n[dependencies]\ncore = { path = "../core" }\n',
    "plug-a/src/lib.rs": "pub struct A;\nimpl A { pub fn render(&self) {} }\npub fn use_it() { let w = make(); w.render(); }\n",
    "plug-b/Cargo.toml": '[package]\nname = "plug-b"\nedition = "2021"\n\n[dependencies.core]\npath = "../core"\n',
    "plug-b/src/lib.rs": "pub struct B;\nimpl B { pub fn render(&self) {} }\npub fn use_it() { let w = make(); w.render(); }\n",
    "app/Cargo.toml": (
        '[package]\nname = "app"\nedition = "2021"\n\n[dependencies]\nplug_a = { path = "../plug-a", package = "plug-a" }\n'
    ),
    "app/src/main.rs": "fn main() { let w = make(); w.render(); }\n",
}


def test_a_match_by_name_stays_within_the_crates_the_caller_can_reach() -> None:
    calls = {(e.source, e.target) for e in graph_from_sources(FILES).edges if e.kind == "calls"}
    render = "core/src/lib.rs::Render.render"
    assert {
        ("plug-a/src/lib.rs::use_it", "plug-a/src/lib.rs::A.render"),
        ("plug-a/src/lib.rs::use_it", render),
    } <= calls
    assert {
        ("plug-b/src/lib.rs::use_it", "plug-b/src/lib.rs::B.render"),
        ("plug-b/src/lib.rs::use_it", render),
    } <= calls
    # app declares plug-a (renamed), which declares core: both reachable, plug-b not.
    assert {("app/src/main.rs::main", "plug-a/src/lib.rs::A.render"), ("app/src/main.rs::main", render)} <= calls
    assert not {(s, t) for s, t in calls if s.startswith("plug-a/") and t.startswith("plug-b/")}
    assert not {(s, t) for s, t in calls if s.startswith("plug-b/") and t.startswith("plug-a/")}
    assert ("app/src/main.rs::main", "plug-b/src/lib.rs::B.render") not in calls


def test_the_dependency_tables_a_manifest_declares() -> None:
    manifest = (
        '[package]\nname = "x"\n\n[dependencies]\nserde = "1"\nmy-core = { path = "../core" }\n'
        'alias = { package = "real-name", path = "../real" }\nshared.workspace = true\n\n'
        '[dev-dependencies]\ntester = "0.1"\n\n[target.\'cfg(unix)\'.build-dependencies]\ncc = "1"\n\n'
        '[dependencies.tabled]\npath = "../tabled"\n\n[workspace.dependencies]\nnot-mine = "2"\n\n[features]\nfast = []\n'
    )
    assert declared_dependencies(manifest) == {"serde", "my_core", "real_name", "shared", "tester", "cc", "tabled"}
