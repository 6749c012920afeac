"""Spec: a Rust struct's fields are what its struct expressions must give (issue 19).

The Rust Reference, "Struct expressions": an expression of a struct with named fields names
every field, unless `..base` (functional update syntax) gives the rest; a tuple struct is built
like a call, its fields in order. So a field added breaks every expression that names them all
and none built with `..base`; a field removed breaks every expression that names it. A struct
expression is judged as a call whose arguments are named. Through the whole pipeline:
expected and forbidden verdicts and labels per caller."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_CARGO = '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n'
_CONF = """\
#[derive(Debug, Clone)]
pub struct Config {
    pub name: String,
    pub level: u8,
}

impl Default for Config {
    fn default() -> Self {
        Config { name: String::new(), level: 0 }
    }
}

pub struct Pair(pub u8, pub u8);
"""
_USES = """\
use crate::conf::{Config, Pair};

pub fn full() -> Config {
    let name = "a".to_string();
    Config { name, level: 1 }
}

pub fn updated() -> Config {
    Config { level: 2, ..Default::default() }
}

pub fn qualified() -> Config {
    crate::conf::Config { name: String::new(), level: 3 }
}

pub fn pair() -> Pair {
    Pair(1, 2)
}

pub fn named(c: &Config) -> u8 {
    let Config { level, .. } = c;
    *level
}
"""


def _files() -> dict[str, str]:
    return {
        "Cargo.toml": _CARGO,
        "src/lib.rs": "pub mod conf;\npub mod uses;\n",
        "src/conf.rs": _CONF,
        "src/uses.rs": _USES,
    }


def test_a_field_added_breaks_the_expressions_that_name_every_field(make_repo: Make) -> None:
    new = _CONF.replace("    pub level: u8,\n", "    pub level: u8,\n    pub verbose: bool,\n")
    got = _radius(make_repo, _files(), {"src/conf.rs": new})
    for caller in ("src/uses.rs::full", "src/uses.rs::qualified", "src/conf.rs::Config.default"):
        assert (got[caller].verdict, _label(got[caller])) == ("no-longer-binds", "behavior-change"), caller
    assert got["src/uses.rs::full"].reasons == ("new field `verbose` is required and not passed",)
    # Forbidden: `..base` gives the new field; a pattern destructuring it builds nothing.
    assert (got["src/uses.rs::updated"].verdict, _label(got["src/uses.rs::updated"])) == ("still-binds", "reach")
    assert "src/uses.rs::named" not in got or _label(got["src/uses.rs::named"]) == "reach"


def test_a_field_removed_breaks_the_expressions_that_name_it(make_repo: Make) -> None:
    new = _CONF.replace("    pub level: u8,\n", "").replace(", level: 0 }", " }")
    got = _radius(make_repo, _files(), {"src/conf.rs": new})
    assert got["src/uses.rs::updated"].verdict == "no-longer-binds"  # names `level`
    assert got["src/uses.rs::full"].verdict == "no-longer-binds"


def test_a_tuple_struct_is_built_by_position(make_repo: Make) -> None:
    new = _CONF.replace("pub struct Pair(pub u8, pub u8);", "pub struct Pair(pub u8, pub u8, pub u8);")
    got = _radius(make_repo, _files(), {"src/conf.rs": new})
    assert (got["src/uses.rs::pair"].verdict, _label(got["src/uses.rs::pair"])) == (
        "no-longer-binds",
        "behavior-change",
    )
