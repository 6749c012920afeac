"""Hostile and odd input through the CLI: each case ends in a one-line error
(exit 2) or a counted skip, never a traceback, never a read outside the
repository, never a half-written file under .diffreach/."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from diffreach.cli import main
from tests.conftest import commit_all, git

FILES = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def helper(x):\n    return x + 1\n\n\ndef main():\n    return helper(2)\n",
    "pkg/use.py": "from pkg.core import helper\n\n\ndef run():\n    return helper(3)\n",
}
EDIT = (
    "diff --git a/pkg/core.py b/pkg/core.py\n--- a/pkg/core.py\n+++ b/pkg/core.py\n"
    "@@ -1,2 +1,2 @@\n def helper(x):\n-    return x + 1\n+    return x + 2\n"
)


def cli(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a traceback is a failure of this test, shown as one
    return result.exit_code, result.stdout, result.stderr


def one_line_error(code: int, err: str, *words: str) -> None:
    assert code == 2, (code, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    for word in words:
        assert word in err, err


def indexed(root: Path) -> dict:  # type: ignore[type-arg]
    code, out, err = cli("index", str(root), "--json")
    assert code == 0, err
    assert "Traceback" not in err
    return json.loads(out)


def clean_store(root: Path) -> None:
    store = root / ".diffreach"
    if store.exists():
        assert {p.name for p in store.iterdir()} <= {"graph.db", "graph.db-wal", "graph.db-shm", ".gitignore"}


def impact(root: Path, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
    return cli("impact", "--root", str(root), "--json", *args, stdin=stdin)


# -- diffs -----------------------------------------------------------------------------------------


@pytest.fixture
def repo(make_repo) -> Path:  # type: ignore[no-untyped-def]
    root = make_repo(FILES)
    indexed(root)
    return root


@pytest.mark.parametrize(
    "text, words",
    [
        ("--- a/pkg/core.py\n+++ b/pkg/core.py\n@@ -1,2 +1,2 @@\n-x\n", ["malformed diff", "ends inside"]),
        ("@@ -1 +1 @@\n-a\n+b\n", ["malformed diff", "before any file header"]),
        ("--- a/x.py\n+++ b/x.py\n@@ -1,1 +1,1 @@\n-a\n+b\n+c\n+d\n", ["malformed diff"]),
        ('diff --git "a/unterminated b/x\n', ["malformed diff", "quoted path"]),
        ("--- a/x.py\n+++ b/x.py\n@@ -a,b +c,d @@\n", ["malformed diff", "bad hunk header"]),
    ],
)
def test_malformed_and_truncated_diffs_are_one_line_errors(repo: Path, text: str, words: list[str]) -> None:
    one_line_error(*impact(repo, "--no-update", "--diff", "-", stdin=text)[::2], *words)
    clean_store(repo)


def test_a_truncated_real_diff_at_every_line_is_an_answer_or_one_line(repo: Path) -> None:
    lines = EDIT.splitlines(keepends=True)
    for cut in range(len(lines) + 1):
        code, _out, err = impact(repo, "--no-update", "--diff", "-", stdin="".join(lines[:cut]))
        assert code == 0 or (code == 2 and err.count("\n") == 1 and err.startswith("error:")), (cut, err)


def test_a_diff_for_files_not_in_the_repo_is_read_from_the_diff(repo: Path) -> None:
    text = (
        "diff --git a/elsewhere/ghost.py b/elsewhere/ghost.py\nnew file mode 100644\n--- /dev/null\n"
        "+++ b/elsewhere/ghost.py\n@@ -0,0 +1,2 @@\n+def ghost():\n+    return 1\n"
    )
    code, out, err = impact(repo, "--no-update", "--diff", "-", stdin=text)
    assert code == 0, err
    assert [c["id"] for c in json.loads(out)["changed"]] == ["elsewhere/ghost.py", "elsewhere/ghost.py::ghost"]


def test_binary_patches_are_noted_not_analysed(repo: Path) -> None:
    text = (
        "diff --git a/logo.png b/logo.png\nindex 1111111..2222222 100644\nGIT binary patch\n"
        "literal 4\nLcmZ?wbhF3\n\nliteral 0\nHcmV?d00001\n\n" + EDIT
    )
    code, out, err = impact(repo, "--no-update", "--diff", "-", stdin=text)
    assert code == 0, err
    data = json.loads(out)
    assert [c["id"] for c in data["changed"]] == ["pkg/core.py::helper"]
    assert any("logo.png" in note for note in data["notes"])


def test_crlf_and_no_newline_at_end_of_file_diffs(repo: Path) -> None:
    for text in (EDIT.replace("\n", "\r\n"), EDIT + "\\ No newline at end of file\n"):
        code, out, err = impact(repo, "--no-update", "--diff", "-", stdin=text)
        assert code == 0, err
        assert [c["id"] for c in json.loads(out)["changed"]] == ["pkg/core.py::helper"]


# -- revisions and paths ----------------------------------------------------------------------------


def test_unknown_revisions_are_one_line_errors(repo: Path) -> None:
    one_line_error(*impact(repo, "--no-update", "--base", "no-such-branch")[::2], "unknown revision")
    one_line_error(*impact(repo, "--no-update", "--base", "HEAD~40")[::2], "unknown revision")


@pytest.mark.parametrize("rev", ["--output=/tmp/diffreach-pwned", "-p", "--exec=touch x", "HEAD..--all"])
def test_revisions_starting_with_a_dash_never_reach_git_as_options(repo: Path, rev: str) -> None:
    code, _, err = impact(repo, "--no-update", f"--base={rev}")
    one_line_error(code, err, "revision")
    assert not Path("/tmp/diffreach-pwned").exists()
    assert not (repo / "x").exists()


def test_files_named_like_options_are_plain_files(make_repo) -> None:
    root = make_repo({"-rf.py": "def dash():\n    pass\n", "--output=x.py": "def opt():\n    pass\n"})
    data = indexed(root)
    assert data["symbols"]["function"] == 2
    code, out, err = cli("callers", "--root", str(root), "--json", "--", "-rf.py::dash")
    assert code == 0, err
    (root / "-rf.py").write_text("def dash():\n    return 1\n")
    code, out, err = impact(root)
    assert code == 0, err
    assert [c["id"] for c in json.loads(out)["changed"]] == ["-rf.py::dash"]
    one_line_error(*cli("index", "--", "-no-such-dir")[::2], "does not exist")


def test_diff_paths_outside_the_root_are_never_read(repo: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.py"
    secret.write_text("def secret_fn():\n    return 'password'\n" * 3)
    for path in ("../secret.py", str(secret).lstrip("/"), "pkg/../../secret.py"):
        text = f"--- a/{path}\n+++ b/{path}\n@@ -1,2 +1,2 @@\n def visible():\n-    return 1\n+    return 2\n"
        code, out, err = impact(repo, "--no-update", "--diff", "-", stdin=text)
        assert code == 0, err
        assert "secret_fn" not in out and "password" not in out


def test_symlinks_leaving_the_root_and_symlink_loops_are_skipped(make_repo, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "stolen.py").write_text("def stolen():\n    pass\n")
    root = make_repo(FILES, commit=False)
    (root / "link.py").symlink_to(outside / "stolen.py")
    (root / "inner.py").symlink_to(root / "pkg" / "core.py")  # inside the root: fine
    (root / "loop.py").symlink_to(root / "loop.py")
    (root / "a.py").symlink_to(root / "b.py")
    (root / "b.py").symlink_to(root / "a.py")
    (root / "lib").mkdir()
    (root / "lib" / "mod.py").write_text("def was_here():\n    pass\n")
    commit_all(root)
    # A tracked directory replaced by a link out of the root: git still lists its files.
    (root / "lib" / "mod.py").unlink()
    (root / "lib").rmdir()
    (outside / "mod.py").write_text("def stolen_too():\n    pass\n")
    (root / "lib").symlink_to(outside)
    data = indexed(root)
    _code, out, _ = cli("graph", "--root", str(root), "--json")
    assert "stolen" not in out
    assert data["skipped"].get("outside-root") == 2, data["skipped"]
    assert data["skipped"].get("unreadable") == 3, data["skipped"]
    assert "inner.py::helper" in out


def test_unreadable_files_are_skipped(make_repo) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads files whatever their mode (CI runs as root)")
    root = make_repo(FILES)
    (root / "pkg" / "use.py").chmod(0)
    try:
        data = indexed(root)
    finally:
        (root / "pkg" / "use.py").chmod(0o644)
    assert data["skipped"] == {"unreadable": 1}


def test_a_file_unreadable_at_read_time_is_a_counted_skip(make_repo, monkeypatch) -> None:
    """The same path without needing a non-root user: the read itself fails."""
    root = make_repo(FILES)
    real = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if self.name == "use.py":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    assert indexed(root)["skipped"] == {"unreadable": 1}


# -- sizes and encodings ----------------------------------------------------------------------------


def test_a_50_mb_file_is_skipped_and_a_100k_line_file_is_indexed(make_repo) -> None:
    root = make_repo(FILES)
    (root / "big.py").write_bytes(b"x = 1\n" * (50 * 1024 * 1024 // 6))
    (root / "long.py").write_bytes(b"def f():\n    pass\n" + b"y = 2\n" * 99_998)
    data = indexed(root)
    assert data["skipped"] == {"too-large": 1}
    _code, out, _err = cli("graph", "--root", str(root), "--json")
    nodes = {n["id"]: n for n in json.loads(out)["nodes"]}
    assert nodes["long.py"]["end_line"] == 100_000 and "long.py::f" in nodes


def test_a_generated_module_is_indexed_and_a_minified_one_skipped(make_repo) -> None:
    """A file that says it is generated is still code the repository imports and calls: a
    regenerated function reaches its hand-written callers. Minified code (one huge line, or
    ``.min.`` in its name) is skipped: no one calls into it by its own names."""
    root = make_repo(
        {
            "external/conv.js": (
                "/* THIS FILE IS GENERATED - DO NOT EDIT */\nexport function convert(src, css) {\n  return src;\n}\n"
            ),
            "src/use.js": 'import { convert } from "../external/conv.js";\n'
            "export function paint(a) {\n  return convert(a, true);\n}\n",
            "vendor.min.js": "function tiny(){return 1}\n",
            "bundle.js": "var a=1;" * 600 + "\n",
        }
    )
    data = indexed(root)
    assert data["skipped"] == {"minified": 2}
    code, out, err = cli("callers", "external/conv.js::convert", "--root", str(root))
    assert code == 0, err
    assert "src/use.js::paint" in out


def test_non_utf8_and_mixed_encodings_index(make_repo) -> None:
    root = make_repo(FILES)
    (root / "latin.py").write_bytes(
        "# café\ndef caf\u00e9():\n    return 'é'\n\ndef plain():\n    pass\n".encode("latin-1")
    )
    (root / "utf16.py").write_bytes("def wide():\n    pass\n".encode("utf-16"))
    (root / "mixed.py").write_bytes(b"def ok():\n    return '\xe9\xff\xfe'\n# \xe2\x82\xac \x80\n")
    data = indexed(root)
    _code, out, _err = cli("graph", "--root", str(root), "--json")
    ids = {n["id"] for n in json.loads(out)["nodes"]}
    assert {"latin.py::plain", "mixed.py::ok"} <= ids
    assert data["skipped"] == {"binary": 1}  # UTF-16 has NUL bytes


def test_file_names_with_spaces_newlines_and_non_ascii(make_repo) -> None:
    names = ["with space.py", "new\nline.py", "ünï cødé.py", "日本.py"]
    root = make_repo({name: f"def f{i}():\n    pass\n" for i, name in enumerate(names)})
    data = indexed(root)
    assert data["files"] == 4 and data["skipped"] == {}
    (root / "ünï cødé.py").write_text("def f2():\n    return 1\n")
    code, out, err = impact(root)
    assert code == 0, err
    assert [c["id"] for c in json.loads(out)["changed"]] == ["ünï cødé.py::f2"]


def test_a_file_name_that_is_not_utf8_is_counted_not_fatal(make_repo) -> None:
    root = make_repo(FILES)
    with open(os.path.join(os.fsencode(root), b"bad\xff.py"), "wb") as fh:
        fh.write(b"def bad():\n    pass\n")
    data = indexed(root)
    assert data["skipped"] == {"bad-filename": 1}


# -- repository shapes ------------------------------------------------------------------------------


def test_an_empty_repository_and_one_with_no_commits(make_repo) -> None:
    empty = make_repo({}, commit=False)
    assert indexed(empty)["files"] == 0
    code, out, err = impact(empty)
    assert code == 0 and json.loads(out)["changed"] == [], err
    fresh = make_repo(FILES, commit=False)
    assert indexed(fresh)["files"] == 3
    code, out, err = impact(fresh)
    assert code == 0, err
    one_line_error(*impact(fresh, "--base", "HEAD")[::2], "unknown revision")


def test_detached_head_and_a_shallow_clone(make_repo, tmp_path: Path) -> None:
    root = make_repo(FILES)
    (root / "pkg" / "core.py").write_text(FILES["pkg/core.py"].replace("x + 1", "x + 5"))
    commit_all(root)
    git(root, "checkout", "-q", "--detach", "HEAD")
    indexed(root)
    code, out, err = impact(root, "--base", "HEAD~1")
    assert code == 0, err
    assert [c["id"] for c in json.loads(out)["changed"]] == ["pkg/core.py::helper"]
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{root}", str(shallow)], check=True)
    assert indexed(shallow)["files"] == 3
    one_line_error(*impact(shallow, "--base", "HEAD~1")[::2], "unknown revision")
    code, out, err = impact(shallow)
    assert code == 0, err


def test_submodules_are_not_entered(make_repo) -> None:
    sub = make_repo({"lib.py": "def in_submodule():\n    pass\n"})
    root = make_repo(FILES)
    git(root, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub), "ext")
    commit_all(root)
    data = indexed(root)
    assert data["files"] == 3
    code, out, err = cli("graph", "--root", str(root), "--json")
    assert "in_submodule" not in out
    code, out, err = impact(root)
    assert code == 0, err
