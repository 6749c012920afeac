"""What a new user meets on a first run: a folder outside git, a diff that is not one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from tests.conftest import write_files

SOURCE = {
    "app/core.py": "def parse(text):\n    return text.strip()\n",
    "app/api.py": "from app.core import parse\n\n\ndef handle(t):\n    return parse(t)\n",
}


def test_impact_outside_git_is_one_line_error_and_writes_no_graph(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    write_files(plain, SOURCE)
    result = CliRunner().invoke(main, ["impact", "--root", str(plain)])
    assert result.exit_code == 2
    assert result.output.strip().startswith("error: ")
    assert len(result.output.strip().splitlines()) == 1
    assert "not a git repository" in result.output
    assert not (plain / ".diffreach").exists()  # nothing indexed behind the user's back


def test_index_of_a_plain_directory_by_path_still_works(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    write_files(plain, SOURCE)
    result = CliRunner().invoke(main, ["index", str(plain), "--json"])
    assert result.exit_code == 0, result.output
    assert (plain / ".diffreach" / "graph.db").exists()


def test_impact_outside_git_with_a_diff_still_answers(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    write_files(plain, SOURCE)
    diff = plain / "change.diff"
    diff.write_text(
        "--- a/app/core.py\n+++ b/app/core.py\n@@ -1,2 +1,2 @@\n def parse(text):\n-    return text\n+    return text.strip()\n"
    )
    result = CliRunner().invoke(main, ["impact", "--root", str(plain), "--diff", str(diff), "--json"])
    assert result.exit_code == 0, result.output
    assert "app/core.py::parse" in result.output


def test_a_diff_without_a_hunk_is_an_error(make_repo: Callable[..., Path]) -> None:
    root = make_repo(SOURCE)
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--diff", "-"], input="garbage\nmore garbage\n")
    assert result.exit_code == 2
    assert result.output.startswith("error: ") and "no file diff" in result.output
    assert "no supported symbols changed" not in result.output


def test_an_empty_diff_is_no_change_not_an_error(make_repo: Callable[..., Path]) -> None:
    root = make_repo(SOURCE)
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--diff", "-"], input="")
    assert result.exit_code == 0, result.output


def test_a_diff_touching_no_indexed_file_says_so(make_repo: Callable[..., Path]) -> None:
    root = make_repo(SOURCE)
    diff = "--- a/other/gone.py\n+++ b/other/gone.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n"
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--diff", "-", "--json"], input=diff)
    assert result.exit_code == 0, result.output
    assert any("touches no file in the graph" in n for n in __import__("json").loads(result.output)["notes"])
