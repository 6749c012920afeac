"""Hostile inputs (issue 22): oversized diffs, bad bytes, odd revisions, bare repositories and
source encodings end in an answer or in one line (CLI exit 2, MCP ``isError``), never a traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio
import pytest

from diffreach import git, worktree
from diffreach.config import Config
from diffreach.errors import GitError
from diffreach.serve.app import App
from diffreach.serve.mcp import call_tool
from tests.conftest import git as run_git
from tests.test_hostile import EDIT, FILES, cli, impact, indexed, one_line_error


@pytest.fixture
def repo(make_repo) -> Path:  # type: ignore[no-untyped-def]
    root = make_repo({**FILES, ".diffreach.toml": "max_diff_bytes = 2000\n"})
    indexed(root)
    return root


def mcp(root: Path, tool: str, arguments: dict[str, Any]) -> tuple[bool, str]:
    async def go() -> tuple[bool, str]:
        app = App(root, anyio.Lock())
        try:
            result = await call_tool(app, tool, arguments, None)
        finally:
            app.close()
        return bool(result.is_error), result.content[0].text  # type: ignore[union-attr]

    return anyio.run(go)


# -- the size of a diff -------------------------------------------------------------------------------


def test_the_diff_limit_defaults_to_20_mb() -> None:
    assert Config().max_diff_bytes == 20_000_000


def test_a_diff_over_the_limit_is_refused_before_it_is_parsed(repo: Path, tmp_path: Path) -> None:
    # Malformed as well as too long: the size is what the one line names, so nothing was parsed.
    big = EDIT + "@@ garbage\n" + "+x\n" * 1000
    path = tmp_path / "big.diff"
    path.write_text(big)
    for code, _out, err in (
        impact(repo, "--no-update", "--diff", str(path)),
        impact(repo, "--no-update", "--diff", "-", stdin=big),
    ):
        one_line_error(code, err, "max_diff_bytes", "2000")
    error, text = mcp(repo, "get_changed_symbols", {"diff": big})
    assert error and "max_diff_bytes" in text and "internal error" not in text
    code, _out, err = impact(repo, "--no-update", "--diff", "-", stdin=EDIT)
    assert code == 0, err


# -- bad bytes --------------------------------------------------------------------------------------


def test_a_nul_byte_in_a_diff_path_is_one_line(repo: Path) -> None:
    text = EDIT.replace("b/pkg/core.py", "b/pkg/co\0re.py")
    one_line_error(*impact(repo, "--no-update", "--diff", "-", stdin=text)[::2], "NUL")
    error, message = mcp(repo, "get_changed_symbols", {"diff": text})
    assert error and "NUL" in message and "internal error" not in message


def test_stdin_is_read_as_bytes_and_decoded_with_replacement(repo: Path) -> None:
    latin = EDIT.replace("+    return x + 2", "+    return 'caf\xe9' + x").encode("latin-1")
    quoted_path = EDIT.replace("diff --git a/pkg/core.py b/pkg/core.py\n", "").replace(
        "+++ b/pkg/core.py", '+++ "b/pkg/\\351.py"'
    )
    for stdin in (latin, quoted_path.encode(), b"--- a/pkg/\xff.py\n+++ b/pkg/\xff.py\n@@ -1 +1 @@\n-a\n+b\n"):
        code, out, err = impact(repo, "--no-update", "--diff", "-", stdin=stdin)  # type: ignore[arg-type]
        assert code in (0, 2) and "Traceback" not in err, err
        if code == 0:
            json.loads(out)
    code, out, err = impact(repo, "--no-update", "--diff", "-", stdin=latin)  # type: ignore[arg-type]
    assert code == 0, err
    assert [c["id"] for c in json.loads(out)["changed"]] == ["pkg/core.py::helper"]


@pytest.mark.parametrize("rev", ["HEAD\n", "main\n", "HEAD\n--output=x"])
def test_a_revision_with_a_newline_is_refused(rev: str) -> None:
    with pytest.raises(GitError):
        git.check_revision(rev)


def test_a_bare_repository_is_refused(tmp_path: Path, make_repo) -> None:  # type: ignore[no-untyped-def]
    source = make_repo(FILES)
    bare = tmp_path / "bare.git"
    run_git(tmp_path, "clone", "-q", "--bare", str(source), str(bare))
    code, _out, err = cli("index", str(bare))
    one_line_error(code, err, "bare")
    assert not (bare / ".diffreach").exists()
    code, _out, err = cli("index", str(source / ".git"))
    one_line_error(code, err, "bare")
    assert not (source / ".git" / ".diffreach").exists()


def test_a_python_coding_declaration_is_honoured(make_repo) -> None:  # type: ignore[no-untyped-def]
    root = make_repo({}, commit=False)
    (root / "latin.py").write_bytes(b"# -*- coding: latin-1 -*-\ndef caf\xe9():\n    return '\xe9'\n")
    (root / "plain.py").write_bytes(b"def caf\xc3\xa9_utf8():\n    return 1\n")
    (root / "lying.py").write_bytes(b"# coding: no-such-codec\ndef ok():\n    return '\xff'\n")
    indexed(root)
    code, out, err = cli("graph", "--root", str(root), "--json")
    assert code == 0, err
    names = {n["name"] for n in json.loads(out)["nodes"]}
    assert {"café", "café_utf8", "ok"} <= names


# -- the length of a question -------------------------------------------------------------------------


def test_a_long_question_is_cut_with_a_note(make_repo) -> None:  # type: ignore[no-untyped-def]
    assert Config().max_question_chars == 100_000
    root = make_repo({**FILES, ".diffreach.toml": "max_question_chars = 40\n"})
    indexed(root)
    code, out, err = cli("query", "--root", str(root), "--json", "helper " + "x" * 100)
    assert code == 0, err
    data = json.loads(out)
    assert data["question_cut"] == {"chars": 107, "kept": 40}
    assert len(data["query"]) == 40
    code, out, err = cli("query", "--root", str(root), "--json", "helper")
    assert "question_cut" not in json.loads(out)
    code, out, err = cli("query", "--root", str(root), "helper " + "x" * 100)
    assert "cut to its first 40 of 107 characters" in out


# -- reads of repository content ------------------------------------------------------------------------


def test_no_update_never_reads_through_a_link_that_leaves_the_root(make_repo, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(FILES)
    (root / "leak.py").write_text("def leak():\n    return 1\n")  # untracked, indexed as it is now
    indexed(root)
    outside = tmp_path / "outside.py"
    outside.write_text("def secret_outside_the_root():\n    return 'SECRET'\n")
    (root / "leak.py").unlink()
    (root / "leak.py").symlink_to(outside)
    for command in ("impact", "context"):
        code, out, err = cli(command, "--root", str(root), "--no-update", "--json")
        assert code == 0, err
        assert "SECRET" not in out and "secret_outside_the_root" not in out


def test_the_one_check_for_reading_repository_content(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "a.py").write_text("a")
    (tmp_path / "secret.py").write_text("s")
    (root / "inside_link.py").symlink_to(root / "pkg" / "a.py")
    (root / "outside_link.py").symlink_to(tmp_path / "secret.py")
    (root / "outside_dir").symlink_to(tmp_path)
    os.mkfifo(root / "fifo.py")
    assert worktree.read_file(root, "pkg/a.py") == b"a"
    assert worktree.read_file(root, "inside_link.py") == b"a"
    for path in (
        "outside_link.py",
        "outside_dir/secret.py",
        "../secret.py",
        str(tmp_path / "secret.py"),
        "pkg/\0a.py",
        "",
        "pkg",
        "fifo.py",
        "missing.py",
    ):
        assert worktree.read_file(root, path) is None, path
