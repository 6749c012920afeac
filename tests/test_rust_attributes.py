"""A Rust outer attribute belongs to the item after it (Rust Reference, "Attributes": an outer
attribute, ``#[…]``, applies to the thing that follows it). The grammar leaves it outside the
function's node, so it must be read as the function's own line: adding ``#[cfg(…)]`` (the item
exists only where the predicate holds, "Conditional compilation") or ``#[deprecated]`` changes the
function, and its callers are reached. Attributes that only steer diagnostics or code generation
(lint levels ``allow``/``warn``/``deny``/``forbid``/``expect``, ``inline``, ``cold``, ``doc``:
"Diagnostic attributes", "Code generation attributes") change neither what runs nor what a caller
binds: no change, no caller reached, as Java's source-only annotations are."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from diffreach.cli import main

TRACER = (
    "pub struct Tracer;\n\nimpl Tracer {\n"
    "    pub fn init() -> Result<(), String> {\n        Ok(())\n    }\n\n"
    "    pub fn other() -> u32 {\n        1\n    }\n}\n"
)
USER = "use crate::tracer::Tracer;\n\npub fn start() {\n    Tracer::init().unwrap();\n}\n"
FILES = {
    "Cargo.toml": '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/lib.rs": "pub mod tracer;\npub mod user;\n",
    "src/tracer.rs": TRACER,
    "src/user.rs": USER,
    ".diffreach.toml": "warmup_reviews = 0\n",
}
INIT = "    pub fn init()"


def _radius(root) -> dict:  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--hops", "2", "--no-history", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _changed(radius: dict) -> dict[str, list[str]]:
    return {c["id"].split("::")[-1]: c["change"] for c in radius["changed"]}


@pytest.mark.parametrize(
    "attribute",
    [
        '    #[cfg(feature = "std")]\n',
        "    #[deprecated]\n",
        '    #[deprecated(since = "0.2", note = "use start")]\n',
        "    #[cfg(unix)]\n    #[inline]\n",
    ],
)
def test_an_attribute_added_to_a_function_changes_it_and_reaches_its_callers(make_repo, attribute: str) -> None:
    root = make_repo(FILES)
    (root / "src/tracer.rs").write_text(TRACER.replace(INIT, attribute + INIT))
    radius = _radius(root)
    assert _changed(radius).get("Tracer.init") == ["decorators"]
    assert "src/user.rs::start" in {r["id"] for r in radius["callers"]}


@pytest.mark.parametrize(
    "attribute",
    [
        "    #[inline]\n",
        "    #[inline(always)]\n",
        "    #[allow(dead_code)]\n",
        "    #[allow(clippy::new_ret_no_self, dead_code)]\n    #[cold]\n",
        '    #[doc = "Installs the tracer."]\n',
        "    #[must_use]\n    #[allow(unused)]\n",
    ],
)
def test_a_diagnostic_or_code_generation_attribute_is_no_change(make_repo, attribute: str) -> None:
    root = make_repo(FILES)
    (root / "src/tracer.rs").write_text(TRACER.replace(INIT, attribute + INIT))
    radius = _radius(root)
    if "must_use" in attribute:  # a lint raised at the callers that drop the result: a change
        assert _changed(radius).get("Tracer.init") == ["decorators"]
        return
    assert "Tracer.init" not in _changed(radius)
    assert "src/user.rs::start" not in {r["id"] for r in radius["callers"]}


def test_an_attribute_belongs_to_the_function_below_it_not_the_one_above(make_repo) -> None:
    root = make_repo(FILES)
    other = "    pub fn other()"
    (root / "src/tracer.rs").write_text(TRACER.replace(other, '    #[cfg(feature = "std")]\n' + other))
    radius = _radius(root)
    changed = _changed(radius)
    assert changed.get("Tracer.other") == ["decorators"]
    assert "Tracer.init" not in changed
    assert "src/user.rs::start" not in {r["id"] for r in radius["callers"]}


def test_an_inner_attribute_is_the_enclosing_items_not_the_next_functions(make_repo) -> None:
    root = make_repo(FILES)
    (root / "src/tracer.rs").write_text("#![allow(dead_code)]\n" + TRACER)
    assert "Tracer.init" not in _changed(_radius(root))


def _caller(radius: dict, ident: str) -> dict:
    return next(r for r in radius["callers"] if r["id"] == ident)


def test_a_function_newly_compiled_only_under_a_condition_may_not_build_at_its_calls(make_repo) -> None:
    # Reference, "Conditional compilation": `#[cfg(p)]` keeps the item only where p holds; a
    # caller built without the feature no longer finds it. Whether it is built so: cannot tell.
    root = make_repo(FILES)
    (root / "src/tracer.rs").write_text(TRACER.replace(INIT, '    #[cfg(feature = "std")]\n' + INIT))
    caller = _caller(_radius(root), "src/user.rs::start")
    assert (caller["verdict"], caller["severity"]) == ("cannot-tell", "medium")
    assert 'cfg(feature = "std")' in " ".join(caller["reasons"])


def test_a_condition_removed_or_an_attribute_that_keeps_the_function_leaves_the_call_binding(make_repo) -> None:
    gated = TRACER.replace(INIT, '    #[cfg(feature = "std")]\n' + INIT)
    root = make_repo({**FILES, "src/tracer.rs": gated})
    (root / "src/tracer.rs").write_text(TRACER)  # the condition dropped: built everywhere now
    caller = _caller(_radius(root), "src/user.rs::start")
    assert (caller["verdict"], caller["severity"]) == ("still-binds", "low")
    root = make_repo(FILES)
    (root / "src/tracer.rs").write_text(TRACER.replace(INIT, "    #[track_caller]\n" + INIT))
    assert _caller(_radius(root), "src/user.rs::start")["severity"] == "low"


def test_an_attribute_written_over_several_lines_is_the_function_s_too(make_repo) -> None:
    root = make_repo(FILES)
    gate = '    #[cfg(any(\n        feature = "std",\n        feature = "alloc",\n    ))]\n'
    (root / "src/tracer.rs").write_text(TRACER.replace(INIT, gate + INIT))
    radius = _radius(root)
    assert _changed(radius).get("Tracer.init") == ["decorators"]
    caller = _caller(radius, "src/user.rs::start")
    assert caller["verdict"] == "cannot-tell"


def test_a_bracketed_line_that_opens_no_attribute_is_not_the_function_s(make_repo) -> None:
    # FORBIDDEN: an associated constant's bracketed value above a method is the impl's, not the method's.
    konst = "    const TABLE: [u8; 2] = [\n        1, 2,\n    ];\n"
    root = make_repo({**FILES, "src/tracer.rs": TRACER.replace(INIT, konst + INIT)})
    (root / "src/tracer.rs").write_text(TRACER.replace(INIT, konst.replace("1, 2", "1, 3") + INIT))
    assert "Tracer.init" not in _changed(_radius(root))
