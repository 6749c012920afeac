"""Spec: a path that opens with ``self::`` names the current module, not the instance.

In Rust, ``self::model::define(x)`` is the function ``define`` of the module ``model`` that the
current module declares (the Reference, "Paths": ``self`` at the start of a path resolves relative
to the current module); only ``self.model`` (a field expression) reads the receiver. So the call
binds to ``model``'s function, never to a method ``define`` of some type found by its name."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

_FILES = {
    "Cargo.toml": '[package]\nname = "demo"\nversion = "0.1.0"\n',
    "src/lib.rs": """\
pub mod model;

pub struct Scope {
    model: Scope2,
}

pub struct Scope2;

impl Scope2 {
    pub fn define(&self) {}
}

impl Scope {
    pub fn define(&mut self, x: i32) {}

    fn run(&mut self) {
        self::model::define(self);
        self.model.define();
    }
}

fn global(scope: &mut Scope) {
    self::model::define(scope);
}
""",
    "src/model/mod.rs": """\
use crate::Scope;

pub fn define(global: &mut Scope) {
    global.define(1);
}
""",
}


def _calls() -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(_FILES).edges if e.kind == "calls"}


def test_a_self_path_in_a_function_calls_the_submodules_function() -> None:
    calls = _calls()
    assert ("src/lib.rs::global", "src/model/mod.rs::define") in calls
    # Forbidden: the method of that name the name alone would find.
    assert ("src/lib.rs::global", "src/lib.rs::Scope.define") not in calls


def test_a_self_path_in_a_method_is_the_module_and_self_dot_the_instance() -> None:
    calls = _calls()
    assert ("src/lib.rs::Scope.run", "src/model/mod.rs::define") in calls
    assert ("src/lib.rs::Scope.run", "src/lib.rs::Scope2.define") in calls  # self.model: the field
    assert ("src/lib.rs::Scope.run", "src/lib.rs::Scope.define") not in calls
