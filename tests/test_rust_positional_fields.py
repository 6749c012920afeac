"""Rust: a pattern that binds a positional field holds that field's declared type.

The Reference ("Tuple struct patterns", "Enumerations"): ``E::V(x)`` matches the variant ``V(T)`` of
the enum ``E`` and binds ``x`` to its first field, a ``T``; ``S(x)`` does so for the tuple struct
``struct S(T)``, whose first field is also read as ``s.0``. So ``x.run()`` is ``T::run``, not every
``run`` of the crate. A path that names no enum or struct of ours (``Some(x)``) types nothing.
A small repository in, the expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from tests.test_incremental import assert_updates_equal_rebuilds

FLAGS = (
    "pub struct Diagnostics { pub quiet: bool }\n"
    "pub struct Parse { pub n: u32 }\n"
    "pub enum Cmd {\n    Diagnostics(Diagnostics),\n    Parse(Parse, u32),\n    Quit,\n}\n"
    "pub struct Wrapper(pub Parse);\n"
)
RUN = (
    "use crate::flags;\n"
    "impl flags::Diagnostics {\n    pub fn run(self) -> u32 { 0 }\n}\n"
    "impl flags::Parse {\n    pub fn run(self) -> u32 { self.n }\n}\n"
    "impl flags::Cmd {\n    pub fn go(self) -> u32 {\n        match self {\n"
    "            Self::Parse(ref p, _) => p.run(),\n            _ => 0,\n        }\n    }\n}\n"
)
MAIN = (
    "mod flags;\nmod run;\n"
    "fn dispatch(command: flags::Cmd) -> u32 {\n    match command {\n"
    "        flags::Cmd::Diagnostics(diag) => diag.run(),\n"
    "        flags::Cmd::Parse(parse, _) => parse.run(),\n"
    "        flags::Cmd::Quit => 0,\n    }\n}\n"
    "fn wrapped(w: flags::Wrapper) -> u32 {\n    let flags::Wrapper(inner) = w;\n    inner.run()\n}\n"
    "fn field(w: flags::Wrapper) -> u32 {\n    w.0.run()\n}\n"
    "fn option(o: Option<flags::Parse>) -> u32 {\n    if let Some(found) = o { found.run() } else { 0 }\n}\n"
    "fn main() {}\n"
)
FILES = {
    "Cargo.toml": '[package]\nname = "tool"\nedition = "2021"\n',
    "src/flags.rs": FLAGS,
    "src/run.rs": RUN,
    "src/main.rs": MAIN,
}
DIAG_RUN = "src/run.rs::Diagnostics.run"
PARSE_RUN = "src/run.rs::Parse.run"


def calls(files: dict[str, str]) -> set[tuple[str, str, str]]:
    return {(e.source, e.target, e.resolution) for e in graph_from_sources(files).edges if e.kind == "calls"}


def test_a_variant_pattern_binds_the_variant_s_field_type() -> None:
    edges = calls(FILES)
    dispatch = {(t, r) for s, t, r in edges if s == "src/main.rs::dispatch"}
    assert {(DIAG_RUN, "type"), (PARSE_RUN, "type")} <= dispatch
    assert not {r for _, r in dispatch if r == "ambiguous-name"}  # each arm's run is its own type's


def test_self_names_the_enum_in_its_own_impl() -> None:
    assert ("src/run.rs::Cmd.go", PARSE_RUN, "type") in calls(FILES)


def test_a_tuple_struct_s_field_by_pattern_and_by_position() -> None:
    edges = calls(FILES)
    assert ("src/main.rs::wrapped", PARSE_RUN, "type") in edges
    assert ("src/main.rs::field", PARSE_RUN, "type") in edges
    assert ("src/main.rs::wrapped", DIAG_RUN, "ambiguous-name") not in edges


def test_a_path_that_names_nothing_of_ours_types_nothing() -> None:
    # Some(found): the standard library's variant; its field's type is not read here.
    assert not {(t, r) for s, t, r in calls(FILES) if s == "src/main.rs::option" and r == "type"}


def test_a_local_named_as_the_module_leaves_the_pattern_s_path_to_the_module() -> None:
    # `let flags = …;` then `flags::Cmd::Parse(p, _)`: a path never starts at a local (the Reference,
    # "Paths in expressions"), so the pattern still names the module's enum.
    main = MAIN.replace(
        "fn dispatch(command: flags::Cmd) -> u32 {\n    match command {",
        "fn dispatch(command: flags::Cmd) -> u32 {\n    let flags = flags::parsed(command);\n    match flags.cmd {",
    )
    flags = FLAGS + "pub struct Top { pub cmd: Cmd }\npub fn parsed(cmd: Cmd) -> Top { Top { cmd } }\n"
    files = {**FILES, "src/main.rs": main, "src/flags.rs": flags}
    dispatch = {(t, r) for s, t, r in calls(files) if s == "src/main.rs::dispatch"}
    assert {(DIAG_RUN, "type"), (PARSE_RUN, "type")} <= dispatch


def test_positional_fields_an_update_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    steps = [
        {"src/flags.rs": FLAGS.replace("Diagnostics(Diagnostics)", "Diagnostics(Parse)")},
        {"src/flags.rs": FLAGS.replace("pub struct Wrapper(pub Parse)", "pub struct Wrapper(pub Diagnostics)")},
        {"src/flags.rs": FLAGS},
    ]
    assert_updates_equal_rebuilds(make_repo(FILES), tmp_path, steps)
