"""Java chooses a member that takes the call's arguments without expanding a variable-arity
parameter before one that needs the expansion (JLS 15.12.2: phases 1 and 2 before phase 3):
``format("a")`` runs ``format(String)``, ``format("a", 1)`` the variable-arity member. A change
of the fixed one reaches only its own calls."""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main

FILES = {
    ".diffreach.toml": "warmup_reviews = 0\n",
    "p/Fmt.java": (
        "package p;\npublic class Fmt {\n"
        "  public static String format(String f, Object... xs) { return f; }\n"
        "  public static String format(String f) { return f; }\n}\n"
    ),
    "p/Use.java": (
        "package p;\npublic class Use {\n"
        '  static String one() { return Fmt.format("a"); }\n'
        '  static String many() { return Fmt.format("a", 1, 2); }\n'
        '  static String none() { return Fmt.format("a", new Object[0]); }\n}\n'
    ),
}


def _callees(root, name: str) -> set[str]:
    return {r["id"] for r in api.callees_of(root, f"p/Use.java::Use.{name}")["callees"]}


def test_a_fixed_arity_member_is_chosen_before_a_variable_arity_one(make_repo) -> None:
    root = make_repo(FILES)
    api.index(root)
    assert _callees(root, "one") == {"p/Fmt.java::Fmt.format#2"}  # not the variable-arity format
    assert _callees(root, "many") == {"p/Fmt.java::Fmt.format"}
    assert _callees(root, "none") == {"p/Fmt.java::Fmt.format"}  # two arguments: only it takes them


def test_a_change_of_the_fixed_member_reaches_its_calls_only(make_repo) -> None:
    root = make_repo(FILES)
    text = FILES["p/Fmt.java"].replace("format(String f) { return f; }", "format(String f) { return f.trim(); }")
    (root / "p/Fmt.java").write_text(text)
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    callers = {r["id"] for r in json.loads(result.output)["callers"]}
    assert "p/Use.java::Use.one" in callers
    assert not callers & {"p/Use.java::Use.many", "p/Use.java::Use.none"}
