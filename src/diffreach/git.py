"""The only module that runs git.

Arguments are passed as a list (never a shell), revisions are checked before
they reach git so that one starting with ``-`` can never be read as an option,
and paths are given after ``--``. Failures become ``GitError`` with git's own
first line of complaint.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
from pathlib import Path

from diffreach.errors import GitError

_REV_OK = re.compile(r"[A-Za-z0-9_./~^@{}:+-]+")
_OBJECT_ID = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")


def check_revision(rev: str) -> str:
    # fullmatch: '$' would also match before a final newline ('HEAD\n').
    if not rev or rev.startswith("-") or not _REV_OK.fullmatch(rev):
        raise GitError(f"refusing revision {rev!r}: not a plain revision name")
    return rev


def run(root: str | Path, *args: str, input_bytes: bytes | None = None, check: bool = True) -> bytes:
    try:
        proc = subprocess.run(
            ["git", "-C", str(root), *args], input=input_bytes, capture_output=True, check=False, env=_env()
        )
    except FileNotFoundError as exc:
        raise GitError("git is not installed or not on PATH") from exc
    if check and proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        command = next((a for a in args if not a.startswith("-") and "=" not in a), args[0])  # skip -c k=v
        raise GitError(f"git {command} failed: {message[0] if message else 'exit ' + str(proc.returncode)}")
    return proc.stdout


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("GIT_TERMINAL_PROMPT", "0")
    env["GIT_OPTIONAL_LOCKS"] = "0"  # never take index.lock for read-only commands
    return env


def toplevel(path: str | Path) -> Path | None:
    """The work tree holding ``path``; None outside any repository. A bare repository, or a path
    inside a git directory, has no work tree to index: GitError (the data folder would otherwise
    be written into git's own directory).

    A work tree found is kept for the process while its ``.git`` is there: one command asked
    five times (a subprocess each, a tenth of a warm answer); "no repository" is asked again."""
    key = os.path.abspath(path)  # a relative path means another folder after a chdir
    kept = _TOPLEVELS.get(key)
    if kept is not None and os.path.lexists(kept / ".git"):
        return kept
    found = _toplevel(path)
    if found is not None:
        _TOPLEVELS[key] = found
    return found


_TOPLEVELS: dict[str, Path] = {}


def _toplevel(path: str | Path) -> Path | None:
    try:
        # The private paths every command then asks for, in the same subprocess (see _PRIVATE).
        asked = [arg for name in PRIVATE_NAMES for arg in ("--git-path", name)]
        out = run(path, "rev-parse", "--show-toplevel", *asked, check=True)
    except GitError:
        try:
            inside = run(path, "rev-parse", "--is-inside-git-dir", check=False).strip()
        except GitError:  # git is not installed: a plain folder
            return None
        if inside == b"true":
            raise GitError(
                f"{path} is a bare repository or inside a git directory: give a work tree (a checkout)"
            ) from None
        return None
    lines = out.split(b"\n")
    if len(lines) != len(PRIVATE_NAMES) + 2 or lines[-1]:  # a newline in a path: asked alone
        return Path(run(path, "rev-parse", "--show-toplevel").decode().strip())
    top = Path(lines[0].decode().strip())
    if os.path.abspath(path) == str(top):  # relative paths git gave are relative to ``path``: the root's
        for name, line in zip(PRIVATE_NAMES, lines[1:]):
            _PRIVATE[(str(top), name)] = _private_from(str(top), line)
    return top


def is_repo(path: str | Path) -> bool:
    return toplevel(path) is not None


def listed(root: str | Path) -> tuple[list[str], list[str]]:
    """Tracked files plus untracked ones git does not ignore, and the untracked ones among them,
    repo-relative and sorted. One listing: git finds untracked files by walking the tree (on a
    large repository the costliest git call of a warm review), so a change read right after the
    graph's walk takes them from it instead of asking ``untracked`` again."""
    out = run(root, "ls-files", "-z", "-t", "--cached", "--others", "--exclude-standard")
    everything: set[str] = set()
    others: list[str] = []
    for entry in out.decode("utf-8", "surrogateescape").split("\0"):
        tag, path = entry[:1], entry[2:]  # "H path", "? path" (untracked), "M path" (unmerged)…
        if path:
            everything.add(path)
            if tag == "?":
                others.append(path)
    return sorted(everything), sorted(others)


def untracked(root: str | Path) -> list[str]:
    """Files git does not track and does not ignore, repo-relative (new files not yet added)."""
    out = run(root, "ls-files", "-z", "--others", "--exclude-standard")
    return sorted(p for p in out.decode("utf-8", "surrogateescape").split("\0") if p)


def head(root: str | Path) -> str | None:
    try:
        return run(root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}").decode().strip() or None
    except GitError:
        return None


def resolve_revision(root: str | Path, rev: str) -> str:
    check_revision(rev)
    if (str(root), rev) in _COMMITS:
        return rev
    try:
        sha = run(root, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}").decode().strip()
    except GitError as exc:
        raise GitError(f"unknown revision {rev!r}") from exc
    _COMMITS.add((str(root), sha))
    return sha


# Commit ids git named as commits in this process: a commit stays one, so a full id met again
# (the merge base, passed on to diff and history) needs no subprocess to be checked.
_COMMITS: set[tuple[str, str]] = set()


def merge_base(root: str | Path, rev: str, other: str = "HEAD") -> str:
    check_revision(rev)
    check_revision(other)
    try:
        # One subprocess when both name commits that share history (merge-base peels them as
        # ``^{commit}`` would); otherwise the steps below, which say which revision is unknown.
        sha = run(root, "merge-base", rev, other).decode().strip()
    except GitError:
        sha = ""
    if _OBJECT_ID.fullmatch(sha):
        _COMMITS.add((str(root), sha))
        return sha
    a, b = _resolve_pair(root, rev, other)
    try:
        sha = run(root, "merge-base", a, b).decode().strip()
    except GitError:
        return a
    _COMMITS.add((str(root), sha))
    return sha


def _resolve_pair(root: str | Path, rev: str, other: str) -> tuple[str, str]:
    """Both revisions as commit ids, in one subprocess; the one unknown named when either is."""
    check_revision(rev)
    check_revision(other)
    try:
        # Both checked above (no option can pass); "--": names, not paths. It is echoed back.
        out = run(root, "rev-parse", f"{rev}^{{commit}}", f"{other}^{{commit}}", "--").decode().split()[:-1]
    except GitError:
        out = []
    if len(out) != 2 or not all(_OBJECT_ID.fullmatch(sha) for sha in out):
        return resolve_revision(root, rev), resolve_revision(root, other)  # says which is unknown
    _COMMITS.update((str(root), sha) for sha in out)
    return out[0], out[1]


def is_dirty(root: str | Path) -> bool:
    with dirty_check(root) as check:
        return check.dirty()


class DirtyCheck:
    """Whether tracked files differ from HEAD, asked when made and read by ``dirty``: git stats
    the whole tree, and it does so beside the caller's own work instead of after it. Used as a
    context manager, so that the process is reaped even when the answer is never read."""

    def __init__(self, root: str | Path) -> None:
        args = ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"]
        try:
            self._proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=_env())
        except FileNotFoundError as exc:
            raise GitError("git is not installed or not on PATH") from exc
        self._answer: bool | None = None

    def dirty(self) -> bool:
        if self._answer is None:
            out, _ = self._proc.communicate()
            self._answer = bool(out.strip())
        return self._answer

    def __enter__(self) -> DirtyCheck:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._answer is None:
            self._proc.kill()
            self._proc.communicate()


def dirty_check(root: str | Path) -> DirtyCheck:
    return DirtyCheck(root)


def status(root: str | Path) -> bytes:
    """``git status --porcelain -z`` with untracked files: the working tree's changes, as one value
    to compare (the MCP server's "does the graph still reflect the tree")."""
    return run(root, "status", "--porcelain", "-z", "--untracked-files=all", check=False)


def diff(
    root: str | Path,
    base: str | None = None,
    staged: bool = False,
    head_rev: str | None = None,
    has_head: bool | None = None,
) -> str:
    """A unified diff with zero context lines folded in by callers as needed.

    No base: working tree against HEAD (staged and unstaged); ``staged``: the
    index against HEAD; ``base``: the working tree against ``base``; with
    ``head_rev`` too: ``base..head_rev`` (two commits, no working tree). ``has_head``: whether
    HEAD exists, when the caller has just asked (None: asked here).
    """
    args = ["diff", "--no-color", "--no-ext-diff", "--find-renames", "-U3"]
    if not staged and not (head(root) is not None if has_head is None else has_head):
        return ""
    if staged:
        args.append("--cached")
    if base:
        args.append(resolve_revision(root, base))
    elif not staged:
        args.append("HEAD")
    if head_rev:
        args.append(resolve_revision(root, head_rev))
    return run(root, *args, "--").decode("utf-8", "replace")


def show(root: str | Path, rev: str, path: str) -> bytes | None:
    """A file's bytes at a revision ("" for the index), or None when it did not exist there."""
    if rev:
        check_revision(rev)
    try:
        return run(root, "show", f"{rev}:{path}")
    except GitError:
        return None


def first_parent_commits(
    root: str | Path, rev: str, paths: list[str], max_commits: int
) -> tuple[list[tuple[str, tuple[str, ...]]], bool]:
    """First-parent commits among the last ``max_commits`` up to ``rev`` that touch ``paths``.

    Each comes with every file it changed against its first parent (a merged pull
    request is one change), newest first, renames not followed. The window ends at
    ``rev`` and never reads past it. Returns the commits and whether older history
    was cut off by ``max_commits``.
    """
    sha = resolve_revision(root, rev)
    if not paths or max_commits <= 0:
        return [], max_commits <= 0 and bool(paths)
    commits, cut = _first_parent_window(str(root), sha, tuple(paths), max_commits)
    return list(commits), cut


# The history up to a commit id never changes: a kept process (the daemon, the MCP server)
# answering review after review of one change reads it once, a short history's refused window
# included. Bounded.
@functools.lru_cache(maxsize=32)
def _first_parent_window(
    root: str, sha: str, paths: tuple[str, ...], max_commits: int
) -> tuple[tuple[tuple[str, tuple[str, ...]], ...], bool]:
    # The window cuts older history when ``sha~max_commits`` exists (the first-parent line holds
    # more than ``max_commits`` commits): the windowed log is asked first, and a history too
    # short for it (git refuses the range) is read whole. Speed: counting the line first
    # (``rev-list --count``) walked it once more, a third of a warm review's git time.
    try:
        return _first_parent_log(root, f"{sha}~{max_commits}..{sha}", paths), True
    except GitError:
        return _first_parent_log(root, sha, paths), False


def _first_parent_log(root: str, window: str, paths: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    # quotePath off: non-ASCII names come back as themselves (paths with newlines stay quoted).
    out = run(
        root,
        "-c",
        "core.quotePath=false",
        "log",
        "--first-parent",
        "--diff-merges=first-parent",
        "--no-renames",
        "--full-diff",
        "--name-only",
        "--no-color",
        "--format=%x00%H",
        window,
        "--",
        *(f":(literal){p}" for p in paths),
    )
    commits: list[tuple[str, tuple[str, ...]]] = []
    for chunk in out.decode("utf-8", "surrogateescape").split("\0")[1:]:
        lines = [line for line in chunk.splitlines() if line]
        if lines:
            commits.append((lines[0], tuple(lines[1:])))
    return tuple(commits)


def tracked_under(root: str | Path, folder: str) -> list[str]:
    """The files git tracks under ``folder`` (repository-relative); empty outside a git repository.
    Asked again only when git's index file changed (what git tracks lives there): a server that
    opens the store on every call saves a subprocess each time (docs/reliability.md)."""
    index = private_path(root, "index")
    try:
        st = os.stat(index) if index is not None else None
    except OSError:
        st = None
    key = (str(root), folder)
    stamp = (st.st_mtime_ns, st.st_size, st.st_ino) if st is not None else None
    kept = _TRACKED.get(key)
    if stamp is not None and kept is not None and kept[0] == stamp:
        return kept[1]
    try:
        out = run(root, "ls-files", "-z", "--cached", "--", f":(literal){folder}")
    except GitError:
        return []
    found = sorted(p for p in out.decode("utf-8", "surrogateescape").split("\0") if p)
    if stamp is not None:
        _TRACKED[key] = (stamp, found)
    return found


_TRACKED: dict[tuple[str, str], tuple[tuple[int, int, int], list[str]]] = {}


def private_path(root: str | Path, name: str) -> Path | None:
    """A path inside this checkout's git directory (``git rev-parse --git-path``: per worktree),
    which git never tracks, checks out or clones; None outside a git repository."""
    key = (str(root), name)
    if key not in _PRIVATE:
        try:
            _PRIVATE[key] = _private_from(str(root), run(root, "rev-parse", "--git-path", name))
        except GitError:
            _PRIVATE[key] = None
    return _PRIVATE[key]


def _private_from(root: str, out: bytes) -> Path | None:
    text = out.decode("utf-8", "surrogateescape").strip()
    return Path(root) / text if text else None


# The names opening a store asks for (git's index, the store's id: graph/opening.py), found with
# the work tree in one subprocess. Kept per process: a checkout's git directory does not move
# under a running server, and a subprocess on every open of the store would cost more than the
# rest of the opening.
PRIVATE_NAMES = ("index", "diffreach-store-id")
_PRIVATE: dict[tuple[str, str], Path | None] = {}
