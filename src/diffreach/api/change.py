"""What a change is: a diff (from git, or given as text) read into changed symbols.

The diff comes from git for a revision, a range, the staged changes or the working
tree; a diff given as text is checked against the working tree, hunk by hunk, to
tell whether it is applied there (disk is its new side) or not (disk is its old
side), and the other side is rebuilt from the hunks by the change mapper. When
the working tree is one side, source files git does not track yet count as
added: ``git diff`` leaves them out, though they are part of the change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from diffreach import git, worktree
from diffreach.config import load_config
from diffreach.errors import DiffError, PathError
from diffreach.graph.store import Store
from diffreach.graph.walk_queries import outermost_definition
from diffreach.index.walk import find_root
from diffreach.languages import language_for
from diffreach.model import Change, ChangeKind, FileDiff
from diffreach.review.callsites import Readers
from diffreach.review.changes import changed_symbols, side_bytes
from diffreach.review.diff import check_diff_size, diff_from_texts, diff_size, hunk_bodies, parse_diff

Reader = Callable[[str], bytes | None]


@dataclass(frozen=True)
class ReadChange:
    text: str
    file_diffs: tuple[FileDiff, ...]
    changed: tuple[Change, ...]
    old_rev: str | None
    head_rev: str | None
    read_new: Reader
    untracked: tuple[str, ...] = ()  # new files git does not track yet, read as added
    # The bytes of a changed file before and after the change (rebuilt from the diff where a
    # side is not on disk or in git), and of any other file as it is now: what call sites are
    # judged with.
    readers: Readers | None = None
    head: str | None = None  # HEAD when the change was read (None: no commit yet)

    def read_lines(self, path: str) -> list[str] | None:
        data = self.read_new(path)
        return data.decode("utf-8", "replace").splitlines() if data is not None else None


def read_change(
    top: Path,
    store: Store,
    base: str | None,
    staged: bool,
    diff_text: str | None,
    files: Sequence[str] | None,
    max_diff_bytes: int = 0,
    known_head: str | None = None,
    known_untracked: Sequence[str] | None = None,
) -> ReadChange:
    """The diff (from git or given), its file diffs, and the changed symbols with their kinds.
    A diff past ``max_diff_bytes`` (0: no limit) is refused before it is parsed. ``known_head``
    and ``known_untracked``: HEAD ("" for no commit yet) and the files git does not track, as
    the caller has just read them (None: read here)."""
    head = git.head(top) if known_head is None else known_head or None
    head_exists = head is not None
    left, right = _split_range(base)
    old_rev: str | None = git.merge_base(top, left, right or "HEAD") if left else ("HEAD" if head_exists else None)
    if files is not None:
        diff_text = ""
    given = diff_text is not None
    untracked: tuple[str, ...] = ()
    if diff_text is None:
        diff_text = (
            git.diff(top, base=old_rev if left else None, staged=staged, head_rev=right, has_head=head_exists)
            if head_exists
            else ""
        )
        if head_exists and right is None and not staged:
            added, untracked = _untracked_as_added(top, store, known_untracked)
            diff_text += added
    check_diff_size(diff_size(diff_text, max_diff_bytes), max_diff_bytes)
    file_diffs = parse_diff(diff_text)
    if given and files is None and diff_text.strip() and not file_diffs:
        raise DiffError("the diff holds no file diff ('--- a/… +++ b/…' and hunks): is it a unified diff?")
    read_old, read_new = _readers(top, old_rev, right, staged)
    if given:
        read_old, read_new = _sides_on_disk(file_diffs, read_new)
    changed = changed_symbols(file_diffs, read_old, read_new) if files is None else whole_file_changes(store, files)
    readers = replace(_side_readers(file_diffs, read_old, read_new), outer=partial(outermost_definition, store))
    return ReadChange(diff_text, file_diffs, changed, old_rev, right, read_new, untracked, readers, head)


def _side_readers(file_diffs: Sequence[FileDiff], read_old: Reader, read_new: Reader) -> Readers:
    """Readers of each side of the change: a changed file's side as the change mapper reads it
    (``side_bytes``), any other file the same before and after."""
    by_old = {fd.old_path: fd for fd in file_diffs if fd.old_path is not None}
    by_new = {fd.new_path: fd for fd in file_diffs if fd.new_path is not None}

    def old(path: str) -> bytes | None:
        fd = by_old.get(path)
        return side_bytes(fd, read_old, read_new, old=True) if fd is not None else read_new(path)

    def new(path: str) -> bytes | None:
        fd = by_new.get(path)
        return side_bytes(fd, read_old, read_new, old=False) if fd is not None else read_new(path)

    return Readers(old, new)


def diff_limit(root: str | Path) -> int:
    """The repository's ``max_diff_bytes``: how much of a diff a front end reads before refusing it."""
    return load_config(find_root(root)).max_diff_bytes


def whole_file_changes(store: Store, files: Sequence[str]) -> tuple[Change, ...]:
    """Each file and every symbol in it as changed, kind ``module``: "what does this file reach?"."""
    out: list[Change] = []
    for path in files:
        symbols = store.symbols_in_file(path)
        if not symbols:
            raise PathError(f"{path} is not in the graph (not indexed, or a language diffreach does not read)")
        out.extend(
            Change(s.id, s.kind, s.file, (ChangeKind.MODULE,), s.start_line, s.end_line, s.signature, s.signature)
            for s in symbols
        )
    return tuple(out)


def _split_range(base: str | None) -> tuple[str | None, str | None]:
    if base and ".." in base:
        left, _, right = base.partition("...") if "..." in base else base.partition("..")
        return left or "HEAD", right or "HEAD"
    return base, None


def _readers(root: Path, old_rev: str | None, new_rev: str | None, staged: bool) -> tuple[Reader, Reader]:
    # A file read from git is kept for the answer: the changed file's old side was asked once
    # per call site judged (a ``git show`` each, most of the subprocesses of a warm review).
    shown: dict[tuple[str, str], bytes | None] = {}

    def show(rev: str, path: str) -> bytes | None:
        if (rev, path) not in shown:
            shown[rev, path] = git.show(root, rev, path)
        return shown[rev, path]

    def read_old(path: str) -> bytes | None:
        return show(old_rev, path) if old_rev else None

    def read_new(path: str) -> bytes | None:
        if new_rev:
            return show(new_rev, path)
        if staged:
            return show("", path)  # ':path' is the index
        return worktree.read_file(root, path)

    return read_old, read_new


def _sides_on_disk(file_diffs: tuple[FileDiff, ...], read_disk: Reader) -> tuple[Reader, Reader]:
    """For a diff given as text: is it applied in the working tree (disk = new side) or not
    (disk = old side)? The other side is rebuilt from the hunks by the change mapper."""
    applied: dict[str, bool] = {}
    for fd in file_diffs:
        path = fd.new_path or fd.old_path or ""
        data = read_disk(path)
        if data is None:
            applied[path] = fd.new_path is None  # a deleted file is gone from disk when applied
            continue
        lines = data.decode("utf-8", "replace").splitlines()
        ok = True
        for hunk, body in zip(fd.hunks, hunk_bodies(fd)):
            n = hunk.new_start
            for tag, text in body:
                if tag in " +":
                    if n > len(lines) or lines[n - 1].rstrip("\r") != text.rstrip("\r"):
                        ok = False
                        break
                    n += 1
            if not ok:
                break
        applied[path] = ok

    def read_old(path: str) -> bytes | None:
        return None if applied.get(path, True) else read_disk(path)

    def read_new(path: str) -> bytes | None:
        return read_disk(path) if applied.get(path, True) else None

    return read_old, read_new


def _untracked_as_added(top: Path, store: Store, known: Sequence[str] | None) -> tuple[str, tuple[str, ...]]:
    """New-file diffs of the untracked, not ignored files the graph holds, and their paths.
    The graph's files are those the index's rules admit (size, binary, vendored folders:
    an un-ignored virtualenv is not a change), so they are not judged again here. ``known``:
    the untracked files as the graph's update has just listed them (None: git is asked)."""
    parts: list[str] = []
    paths: list[str] = []
    untracked = git.untracked(top) if known is None else sorted(known)
    for path in store.file_states([p for p in untracked if language_for(p) is not None]):
        data = worktree.read_file(top, path)  # the graph may be older than a link put there since
        if data is None:
            continue
        parts.append(diff_from_texts(path, None, data.decode("utf-8", "replace")))
        paths.append(path)
    return "".join(parts), tuple(paths)
