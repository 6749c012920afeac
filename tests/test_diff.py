"""Unified-diff parsing: each form of diff in, the expected FileDiff records out."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from diffreach.errors import DiffError
from diffreach.model import FileDiff, Hunk
from diffreach.review.diff import diff_from_texts, hunk_bodies, parse_diff


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout


def write_files(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).write_text(text)


def by_path(diffs: tuple[FileDiff, ...]) -> dict[str, FileDiff]:
    return {fd.path: fd for fd in diffs}


def test_empty_input_gives_nothing() -> None:
    assert parse_diff("") == ()
    assert parse_diff("\n\n") == ()


def test_real_git_diff_of_every_kind_of_file_change(make_repo: Callable[..., Path]) -> None:
    root = make_repo(
        {
            "edit.py": "a = 1\nb = 2\nc = 3\n",
            "gone.py": "x = 1\n",
            "old_name.py": "".join(f"line_{i} = {i}\n" for i in range(20)),
            "my file.py": "s = 1\n",
            "caf\u00e9.py": "e = 1\n",
            "run.sh": "echo hi\n",
            "eol.py": "n = 1\n",
        }
    )
    write_files(
        root,
        {
            "edit.py": "a = 1\nb = 20\nc = 3\nd = 4\n",
            "added.py": "new = 1\n",
            "my file.py": "s = 2\n",
            "caf\u00e9.py": "e = 2\n",
        },
    )
    (root / "eol.py").write_text("n = 2")  # no newline at end of file
    (root / "gone.py").unlink()
    (root / "blob.bin").write_bytes(b"\x00\x01\x02")
    (root / "run.sh").chmod(0o755)
    git(root, "mv", "old_name.py", "new_name.py")
    with (root / "new_name.py").open("a") as fh:
        fh.write("extra = 1\n")
    git(root, "add", "-A")
    diffs = by_path(parse_diff(git(root, "diff", "--cached", "-M")))

    assert diffs["edit.py"].hunks == (Hunk(1, 3, 1, 4, removed=(2,), added=(2, 4)),)
    assert (diffs["added.py"].old_path, diffs["added.py"].new_path) == (None, "added.py")
    assert (diffs["gone.py"].old_path, diffs["gone.py"].new_path) == ("gone.py", None)
    assert diffs["gone.py"].hunks[0].removed == (1,)
    renamed = diffs["new_name.py"]
    assert (renamed.old_path, renamed.new_path) == ("old_name.py", "new_name.py")
    assert renamed.hunks[0].added == (21,)
    assert diffs["my file.py"].old_path == "my file.py"
    assert diffs["caf\u00e9.py"].hunks[0].added == (1,)
    assert diffs["eol.py"].hunks == (Hunk(1, 1, 1, 1, removed=(1,), added=(1,)),)
    assert diffs["blob.bin"].binary and diffs["blob.bin"].old_path is None
    assert diffs["run.sh"].hunks == () and not diffs["run.sh"].binary
    assert set(diffs) == {
        "edit.py",
        "added.py",
        "gone.py",
        "new_name.py",
        "my file.py",
        "caf\u00e9.py",
        "eol.py",
        "blob.bin",
        "run.sh",
    }


def test_git_show_with_binary_patch_and_commit_message(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"a.py": "x = 1\n"})
    write_files(root, {"a.py": "x = 2\n"})
    (root / "img.bin").write_bytes(bytes(range(256)))
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "subject\n\n    indented body line\n+ plus line in message")
    diffs = by_path(parse_diff(git(root, "show", "--binary", "HEAD")))
    assert diffs["img.bin"].binary and diffs["img.bin"].old_path is None
    assert diffs["a.py"].hunks == (Hunk(1, 1, 1, 1, removed=(1,), added=(1,)),)


def test_each_file_keeps_its_own_raw_text() -> None:
    text = diff_from_texts("a.py", "x\n", "y\n") + diff_from_texts("b.py", "p\n", "q\n")
    a, b = parse_diff(text)
    assert a.text == diff_from_texts("a.py", "x\n", "y\n")
    assert parse_diff(a.text + b.text) == (a, b)


def test_plain_diff_u_with_timestamps_strips_prefixes_only_when_both_sides_have_them() -> None:
    text = (
        "--- a/pkg/mod.py\t2024-01-01 10:00:00.000000000 +0100\n"
        "+++ b/pkg/mod.py\t2024-01-02 10:00:00.000000000 +0100\n"
        "@@ -2 +2,2 @@\n-old\n+new\n+more\n"
        "--- a/x.py\t2024-01-01\n"
        "+++ x.py\t2024-01-01\n"
        "@@ -1 +1 @@\n-1\n+2\n"
    )
    first, second = parse_diff(text)
    assert (first.old_path, first.new_path) == ("pkg/mod.py", "pkg/mod.py")
    assert first.hunks == (Hunk(2, 1, 2, 2, removed=(2,), added=(2, 3)),)
    assert (second.old_path, second.new_path) == ("a/x.py", "x.py")


def test_real_diff_u_output_including_a_new_file(tmp_path: Path) -> None:
    if shutil.which("diff") is None:
        pytest.fail("the diff program is needed for this test")
    (tmp_path / "o.txt").write_text("a\nb\nc\n")
    (tmp_path / "n.txt").write_text("a\nc\nd\n")
    run = subprocess.run(["diff", "-uN", "o.txt", "n.txt"], cwd=tmp_path, capture_output=True, text=True)
    (fd,) = parse_diff(run.stdout)
    assert (fd.old_path, fd.new_path) == ("o.txt", "n.txt")
    assert [(h.removed, h.added) for h in fd.hunks] == [((2,), (3,))]
    run = subprocess.run(["diff", "-uN", "missing.txt", "n.txt"], cwd=tmp_path, capture_output=True, text=True)
    (fd,) = parse_diff(run.stdout)
    assert (fd.old_path, fd.new_path) == (None, "n.txt")


def test_dev_null_sides_and_rename_and_mode_headers() -> None:
    text = (
        "diff --git a/new.py b/new.py\nnew file mode 100644\nindex 0000000..1111111\n"
        "--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n+a\n+b\n"
        "diff --git a/src/old.py b/lib/new.py\nsimilarity index 100%\n"
        "rename from src/old.py\nrename to lib/new.py\n"
        "diff --git a/tool b/tool\nold mode 100644\nnew mode 100755\n"
        "diff --git a/dead.py b/dead.py\ndeleted file mode 100644\nindex 1111111..0000000\n"
        "--- a/dead.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\n"
    )
    new, moved, mode, dead = parse_diff(text)
    assert (new.old_path, new.new_path, new.hunks[0].added) == (None, "new.py", (1, 2))
    assert (moved.old_path, moved.new_path, moved.hunks) == ("src/old.py", "lib/new.py", ())
    assert (mode.old_path, mode.new_path, mode.hunks) == ("tool", "tool", ())
    assert (dead.old_path, dead.new_path, dead.hunks[0].removed) == ("dead.py", None, (1,))


def test_copy_is_an_added_file() -> None:
    text = (
        "diff --git a/a.py b/b.py\nsimilarity index 90%\ncopy from a.py\ncopy to b.py\n"
        "--- a/a.py\n+++ b/b.py\n@@ -1 +1 @@\n-x\n+y\n"
    )
    (fd,) = parse_diff(text)
    assert (fd.old_path, fd.new_path) == (None, "b.py")


def test_quoted_paths_with_escapes_and_spaces() -> None:
    text = (
        'diff --git "a/dir/\\303\\244 \\"q\\".py" "b/dir/\\303\\244 \\"q\\".py"\n'
        '--- "a/dir/\\303\\244 \\"q\\".py"\n+++ "b/dir/\\303\\244 \\"q\\".py"\n@@ -1 +1 @@\n-a\n+b\n'
        "diff --git a/has space.py b/has space.py\n"
        "--- a/has space.py\t\n+++ b/has space.py\t\n@@ -1 +1 @@\n-a\n+b\n"
    )
    quoted, spaced = parse_diff(text)
    assert quoted.new_path == 'dir/\u00e4 "q".py'
    assert spaced.old_path == spaced.new_path == "has space.py"


def test_removed_line_that_looks_like_a_file_header_is_counted_as_body() -> None:
    text = "--- a/notes.md\n+++ b/notes.md\n@@ -1,3 +1,2 @@\n keep\n--- not a header\n+++ not a header either\n-last\n"
    (fd,) = parse_diff(text)
    assert fd.hunks == (Hunk(1, 3, 1, 2, removed=(2, 3), added=(2,)),)


def test_crlf_line_endings_and_no_newline_marker() -> None:
    text = (
        "diff --git a/w.py b/w.py\r\n--- a/w.py\r\n+++ b/w.py\r\n@@ -1,2 +1,2 @@\r\n"
        " a\r\n-b\r\n\\ No newline at end of file\r\n+c\r\n\\ No newline at end of file\r\n"
    )
    (fd,) = parse_diff(text)
    assert fd.path == "w.py"
    assert fd.hunks == (Hunk(1, 2, 1, 2, removed=(2,), added=(2,)),)
    assert hunk_bodies(fd) == (((" ", "a"), ("-", "b"), ("+", "c")),)


def test_hunk_header_without_counts_means_one_line() -> None:
    (fd,) = parse_diff("--- a/f\n+++ b/f\n@@ -5 +5 @@ ctx\n-x\n+y\n")
    assert fd.hunks == (Hunk(5, 1, 5, 1, removed=(5,), added=(5,)),)


def test_diff_from_texts_marks_a_missing_final_newline() -> None:
    text = diff_from_texts("f.py", "a\nb", "a\nc")
    assert "\\ No newline at end of file" in text
    (fd,) = parse_diff(text)
    assert fd.hunks[0].removed == (2,) and fd.hunks[0].added == (2,)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # fewer body lines than the header announces, and the diff ends
        ("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n", 3),
        # more body lines than announced
        ("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n+c\n", 6),
        # garbage where a hunk header is expected
        ("--- a/f\n+++ b/f\nhello\n", 3),
        ("diff --git a/f b/f\n--- a/f\n+++ b/f\n", 4),
        # garbage inside a hunk
        ("--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n?b\n+c\n", 5),
        # a malformed hunk header
        ("--- a/f\n+++ b/f\n@@ -x +1 @@\n", 3),
        # a hunk before any file
        ("@@ -1 +1 @@\n-a\n+b\n", 1),
        # '---' of a git file without '+++'
        ("diff --git a/f b/f\n--- a/f\n@@ -1 +1 @@\n", 3),
        # the next file header inside a hunk that still expects lines
        ("--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\ndiff --git a/g b/g\n", 5),
        ("diff --cc f.py\nindex 1,2..3\n", 1),
    ],
)
def test_malformed_diffs_name_the_line(text: str, line: int) -> None:
    with pytest.raises(DiffError, match=rf"^malformed diff at line {line}: [^\n]+$"):
        parse_diff(text)


_VALID = (
    diff_from_texts("pkg/a.py", "def f():\n    return 1\n\nx = 2\n", "def f():\n    return 2\n\nx = 3\ny = 4\n")
    + diff_from_texts("b.py", None, "new\n")
    + "diff --git a/c.bin b/c.bin\nBinary files a/c.bin and b/c.bin differ\n"
    + '--- "a/\\303\\251"\t2024\n+++ "b/\\303\\251"\t2024\n@@ -1 +1 @@\n-\n+x\n\\ No newline at end of file\n'
)


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    lines = _VALID.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["drop", "dup", "swap", "chars", "digits", "junk"]))
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif op == "chars":
            lines[i] = draw(st.text(alphabet=' +-@\\"/\t\r\nab019,', max_size=12)) + lines[i][1:]
        elif op == "digits":
            lines[i] = re.sub(r"\d+", lambda _m: str(draw(st.integers(0, 99))), lines[i])
        else:
            lines[i] = draw(st.text(max_size=30))
        if not lines:
            break
    return "\n".join(lines)


@seed(20261129)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_mutated(), st.text(max_size=200), st.binary(max_size=200).map(lambda b: b.decode("latin-1"))))
def test_fuzz_only_diff_errors(text: str) -> None:
    try:
        diffs = parse_diff(text)
    except DiffError as exc:
        assert str(exc).startswith("malformed diff at line ")
        return
    for fd in diffs:  # whatever parses is self-consistent
        for hunk in fd.hunks:
            assert len(hunk.removed) <= hunk.old_count and len(hunk.added) <= hunk.new_count
        assert parse_diff(fd.text)[0].hunks == fd.hunks


def test_long_input_parses_in_one_pass() -> None:
    rng = random.Random(4)
    body = "".join(rng.choice(["-", "+"]) + "x\n" for _ in range(50_000))
    removed = body.count("-x")
    added = body.count("+x")
    (fd,) = parse_diff(f"--- a/f\n+++ b/f\n@@ -1,{removed} +1,{added} @@\n{body}")
    assert len(fd.hunks[0].removed) == removed and len(fd.hunks[0].added) == added
