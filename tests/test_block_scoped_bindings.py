"""A name bound in a block holds there only, and a later binding of it shadows the one before.

Rust (the Reference, "Scopes"): a `let` holds from its statement to the end of its block, a
pattern's bindings in their match arm (or `if let`, `for`, closure), a parameter in its function,
and a later `let` of the same name shadows the earlier one. So when every arm of a `match` binds
`cmd` to a different variant's field, `cmd.run()` in each arm is that field type's `run`, and
`let x = x.convert()` makes the following `x.run()` the new type's. Go ("Blocks", "Type switches"):
each clause of a type switch is an implicit block in which the switch's variable has the type the
clause lists. Java (JLS 6.3, 6.4): a local holds to the end of its block, a loop variable in its
loop; locals never shadow locals, so only sibling blocks bind one name twice. TypeScript and
JavaScript (ECMA-262 14.2, 14.3, 14.7): `let`, `const` and a loop's variable hold in their block or
loop, a callback's parameter in its function; `var` and an assignment hold in the whole function,
so `let v = new A(); if (c) { v = new B(); } v.run()` may run either. Read per function, those bindings disagree and type nothing (every `run` of the
repository, by name); read at the call's line they decide. A small repository in, the expected and
the forbidden edges out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from diffreach.api import index
from diffreach.graph.store import Store
from diffreach.index.build import graph_from_sources
from tests.test_incremental import assert_updates_equal_rebuilds
from tests.test_migrations import written_at

FLAGS = (
    "pub struct Diagnostics { pub quiet: bool }\n"
    "pub struct Parse { pub n: u32 }\n"
    "pub enum Cmd {\n    Diagnostics(Diagnostics),\n    Parse(Parse, u32),\n    Quit,\n}\n"
    "pub fn parse() -> Parse { Parse { n: 1 } }\n"
    "pub fn diagnostics() -> Diagnostics { Diagnostics { quiet: true } }\n"
)
RUN = (
    "use crate::flags;\n"
    "impl flags::Diagnostics {\n    pub fn run(self) -> u32 { 0 }\n}\n"
    "impl flags::Parse {\n    pub fn run(self) -> u32 { self.n }\n}\n"
)
MAIN = """mod flags;
mod run;
fn dispatch(command: flags::Cmd) -> u32 {
    match command {
        flags::Cmd::Diagnostics(cmd) => cmd.run(),
        flags::Cmd::Parse(cmd, _) => cmd.run(),
        flags::Cmd::Quit => 0,
    }
}
fn shadowed(x: flags::Parse) -> u32 {
    let n = x.run();
    let x = flags::diagnostics();
    n + x.run()
}
fn inner() -> u32 {
    let x = flags::parse();
    let n = {
        let x = flags::diagnostics();
        x.run()
    };
    n + x.run()
}
fn closures() -> u32 {
    let f = |c: flags::Parse| c.run();
    let g = |c: flags::Diagnostics| c.run();
    f(flags::parse()) + g(flags::diagnostics())
}
fn main() {}
"""
GO = """package main

type A struct{}

func (A) Run() int { return 1 }

type B struct{}

func (B) Run() int { return 2 }

type C struct{}

func (C) Run() int { return 3 }

func dispatch(v interface{}) int {
	switch x := v.(type) {
	case A:
		return x.Run()
	case B:
		return x.Run()
	}
	return 0
}
"""
JAVA_MAIN = """package app;

import java.util.List;

class Main {
    int each(List<A> as, List<B> bs) {
        int n = 0;
        for (A item : as) {
            n += item.run();
        }
        for (B item : bs) {
            n += item.run();
        }
        return n;
    }

    int blocks() {
        int n = 0;
        {
            A x = new A();
            n += x.run();
        }
        {
            B x = new B();
            n += x.run();
        }
        return n;
    }
}
"""
TS_MAIN = """import { A } from "./a";
import { B } from "./b";

export function each(as: A[], bs: B[]): number {
    let n = 0;
    as.forEach(item => {
        n += item.run();
    });
    bs.forEach(item => {
        n += item.run();
    });
    for (const x of as) {
        n += x.run();
    }
    for (const x of bs) {
        n += x.run();
    }
    return n;
}

export function reassigned(c: boolean): number {
    let v = new A();
    if (c) {
        v = new B();
    }
    return v.run();
}

export function legacy(c: boolean): number {
    if (c) {
        var w = new A();
    } else {
        var w = new B();
    }
    return w.run();
}
"""
FILES = {
    "Cargo.toml": '[package]\nname = "tool"\nedition = "2021"\n',
    "src/flags.rs": FLAGS,
    "src/run.rs": RUN,
    "src/main.rs": MAIN,
    "go.mod": "module example.com/m\n\ngo 1.21\n",
    "main.go": GO,
    "src/app/A.java": "package app;\n\nclass A {\n    int run() { return 1; }\n}\n",
    "src/app/B.java": "package app;\n\nclass B {\n    int run() { return 2; }\n}\n",
    "src/app/Main.java": JAVA_MAIN,
    "package.json": '{"name": "m"}\n',
    "web/a.ts": "export class A {\n    run(): number { return 1; }\n}\n",
    "web/b.ts": "export class B {\n    run(): number { return 2; }\n}\n",
    "web/main.ts": TS_MAIN,
}
DIAG, PARSE = "src/run.rs::Diagnostics.run", "src/run.rs::Parse.run"


def runs(files: dict[str, str], function: str) -> set[tuple[str, int, str]]:
    """(target, line, resolution) of the calls ``function`` makes of a run method."""
    return {
        (e.target, e.line, e.resolution)
        for e in graph_from_sources(files).edges
        if e.kind == "calls" and e.source == function and e.target.lower().endswith(".run")
    }


def test_each_match_arm_s_binding_types_the_calls_in_that_arm() -> None:
    assert runs(FILES, "src/main.rs::dispatch") == {(DIAG, 5, "type"), (PARSE, 6, "type")}


def test_a_later_let_shadows_a_parameter_from_its_line_on() -> None:
    assert runs(FILES, "src/main.rs::shadowed") == {(PARSE, 11, "type"), (DIAG, 13, "type")}


def test_a_let_in_an_inner_block_holds_to_the_block_s_end() -> None:
    assert runs(FILES, "src/main.rs::inner") == {(DIAG, 19, "type"), (PARSE, 21, "type")}


def test_each_closure_s_parameter_holds_in_that_closure() -> None:
    assert runs(FILES, "src/main.rs::closures") == {(PARSE, 24, "type"), (DIAG, 25, "type")}


def test_a_type_switch_clause_types_its_variable_as_the_clause_lists() -> None:
    # C.Run is listed in no clause: no call reaches it, as every Run would by name.
    assert runs(FILES, "main.go::dispatch") == {("main.go::A.Run", 18, "type"), ("main.go::B.Run", 20, "type")}


def test_java_sibling_blocks_each_type_their_own_variable() -> None:
    a_run, b_run = "src/app/A.java::A.run", "src/app/B.java::B.run"
    assert runs(FILES, "src/app/Main.java::Main.each") == {(a_run, 9, "type"), (b_run, 12, "type")}
    assert runs(FILES, "src/app/Main.java::Main.blocks") == {(a_run, 21, "type"), (b_run, 25, "type")}


def test_typescript_let_const_and_callback_parameters_hold_in_their_block() -> None:
    a_run, b_run = "web/a.ts::A.run", "web/b.ts::B.run"
    expected = {(a_run, 7, "type"), (b_run, 10, "type"), (a_run, 13, "type"), (b_run, 16, "type")}
    assert runs(FILES, "web/main.ts::each") == expected


def test_typescript_an_assignment_or_a_var_in_a_block_holds_past_it() -> None:
    # v may be either class at the return, and so may w: both runs stay reachable.
    assert {t for t, line, _ in runs(FILES, "web/main.ts::reassigned") if line == 26} == {
        "web/a.ts::A.run",
        "web/b.ts::B.run",
    }
    assert {t for t, line, _ in runs(FILES, "web/main.ts::legacy") if line == 35} == {
        "web/a.ts::A.run",
        "web/b.ts::B.run",
    }


def test_one_binding_per_scope_keeps_its_whole_scope() -> None:
    # A name bound once (or always the same way) is read as before, wherever the call is.
    single = dict(FILES, **{"src/main.rs": MAIN.replace("let x = flags::diagnostics();\n    n", "n")})
    assert (PARSE, 12, "type") in runs(single, "src/main.rs::shadowed")


def test_block_scoped_bindings_an_update_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    steps = [
        {"src/main.rs": MAIN.replace("Parse(cmd, _) => cmd.run()", "Parse(_, _) => 0")},
        {"main.go": GO.replace("case B:", "case C:"), "src/app/Main.java": JAVA_MAIN.replace("B item", "A item")},
        {"web/main.ts": TS_MAIN.replace("for (const x of bs)", "for (const x of as)")},
        {"src/main.rs": MAIN, "main.go": GO},
    ]
    assert_updates_equal_rebuilds(make_repo(FILES), tmp_path, steps)


def test_a_database_of_schema_6_is_migrated_and_its_blocks_read(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    index(root)
    written_at(
        root,
        6,
        "ALTER TABLE bindings DROP COLUMN end_line",
        "DELETE FROM migrations WHERE name = 'm6_to_7_binding_blocks'",
    )
    index(root)
    store = Store.open(root, create=False)
    try:
        rows = store.conn.execute(
            "SELECT source, target, line FROM edges WHERE kind = 'calls' AND source = 'src/main.rs::dispatch'"
        ).fetchall()
        assert set(rows) == {("src/main.rs::dispatch", DIAG, 5), ("src/main.rs::dispatch", PARSE, 6)}
    finally:
        store.close()
