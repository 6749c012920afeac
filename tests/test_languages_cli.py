"""`diffreach languages`: every registered language, its extensions and resolution."""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach.cli import main
from diffreach.languages import all_languages, language_for


def test_languages_json_lists_every_spec_with_extensions() -> None:
    result = CliRunner().invoke(main, ["languages", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.output)}
    for name in ("python", "rust", "c", "cpp", "csharp", "ruby", "php", "kotlin", "swift", "scala"):
        assert name in rows
        assert rows[name]["resolution"]
    assert rows["rust"]["extensions"] == [".rs"]
    assert ".h" in rows["cpp"]["extensions"]


def test_languages_text_names_each_language() -> None:
    result = CliRunner().invoke(main, ["languages"])
    assert result.exit_code == 0
    assert {spec.name for spec in all_languages()} <= set(result.output.split())


def test_each_extension_maps_to_one_language() -> None:
    assert language_for("a/b/foo.h").name == "cpp"  # headers: the grammar that reads C and C++
    assert language_for("lib/x.rb").name == "ruby"
    assert language_for("src/X.cs").name == "csharp"
    assert language_for("README.md") is None
