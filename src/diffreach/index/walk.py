"""Which files to index: git's list (or a plain walk honouring .gitignore), filtered.

Tracked files plus untracked ones git does not ignore; in a plain directory,
every file not matched by a ``.gitignore`` on the way. Files of no supported
language are passed over silently; source files left out are counted with the
reason (vendored, excluded, too large, unreadable, outside the root through a
link, a name SQLite cannot hold). Files that steer import resolution (go.mod,
package.json, …) are reported apart: their change forces a full build.
"""

from __future__ import annotations

import os
import stat
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from diffreach import git
from diffreach.config import Config
from diffreach.errors import PathError
from diffreach.languages import language_for, resolution_configs

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec


class Candidate(NamedTuple):
    """A file to index as the walk found it. A named tuple, not a dataclass: defining one compiles
    no generated methods when the module loads, and one is made per file on every walk (speed)."""

    path: str
    size: int
    mtime_ns: int


def find_root(path: str | Path) -> Path:
    p = Path(path).resolve()
    if not p.exists():
        raise PathError(f"path does not exist: {path}")
    if not p.is_dir():
        raise PathError(f"not a directory: {path}")
    top = git.toplevel(p)
    return top.resolve() if top else p


def walk(
    root: Path,
    config: Config,
    configs: list[str] | None = None,
    is_git: bool | None = None,
    verdicts: dict[str, str] | None = None,
    untracked: list[str] | None = None,
) -> tuple[list[Candidate], dict[str, str]]:
    """Source files to index, and the skipped ones with a reason. Files that steer
    import resolution (go.mod, package.json, …) are appended to ``configs``. ``is_git``
    saves asking git again when the caller already knows; ``verdicts`` keeps what a path's
    name alone decides between walks with the same config (see ``_verdict``). The files git
    does not track (and does not ignore) are appended to ``untracked`` when git listed them."""
    if git.is_repo(root) if is_git is None else is_git:
        paths, others = git.listed(root)
        if untracked is not None:
            untracked.extend(others)
    else:
        paths = _walk_plain(root)
    if configs is not None:
        names = resolution_configs()
        configs.extend(p for p in paths if p.rpartition("/")[2] in names)
    vendored = set(config.vendored_dirs)
    out: list[Candidate] = []
    skipped: dict[str, str] = {}
    real_dirs: dict[str, bool] = {}
    top = str(root)
    verdicts = {} if verdicts is None else verdicts
    # Plain strings and os calls below: pathlib objects per file were most of a no-op run.
    for path in paths:
        verdict = verdicts.get(path)
        if verdict is None:
            verdict = verdicts[path] = _verdict(path, vendored, config.exclude)
        if verdict:
            if verdict != _NOT_SOURCE:
                # A name that is not valid UTF-8 is counted under a printable one (SQLite cannot hold it).
                skipped[_printable(path) if verdict == "bad-filename" else path] = verdict
            continue
        found = _candidate(top, path, real_dirs, config)
        if isinstance(found, Candidate):
            out.append(found)
        elif found:
            skipped[path] = found
    return out, skipped


def _candidate(top: str, path: str, real_dirs: dict[str, bool], config: Config) -> Candidate | str | None:
    """The file to index, the reason it is skipped, or None (not a regular file)."""
    full = f"{top}/{path}"
    try:
        # Any component may be a link (a tracked directory replaced by a symlink):
        # never read through one that leaves the root.
        # One lstat per file: it is the file's stat unless the file is a link.
        st = os.lstat(full)
        if not _inside(top, full, real_dirs, stat.S_ISLNK(st.st_mode)):
            return "outside-root"
        if stat.S_ISLNK(st.st_mode):
            st = os.stat(full)
    except (OSError, RuntimeError):
        return "unreadable"
    if not stat.S_ISREG(st.st_mode):
        return None
    if st.st_size > config.max_file_bytes:
        return "too-large"
    if ".min." in path.rpartition("/")[2]:
        return "minified"
    return Candidate(path, st.st_size, st.st_mtime_ns)


_NOT_SOURCE = "-"


def _verdict(path: str, vendored: set[str], exclude: tuple[str, ...]) -> str:
    """What the path's name alone decides: '' (a candidate), _NOT_SOURCE, or a skip reason."""
    if language_for(path) is None:
        return _NOT_SOURCE
    if not _storable(path):
        return "bad-filename"
    if not vendored.isdisjoint(path.split("/")[:-1]):  # a folder on the way is vendored
        return "vendored"
    if exclude and any(fnmatch(path, pattern) for pattern in exclude):
        return "excluded"
    return ""


def _inside(top: str, full: str, real_dirs: dict[str, bool], is_link: bool) -> bool:
    """Whether ``full`` really lies under ``top``, following every link on the way.

    Directories are answered once each, from the root down: one is inside when its
    parent is and it is no link that leaves the root. (A ``realpath`` per directory
    lstats every component again, for every file of a deep tree.) The file itself is
    resolved only when it is a link.
    """
    inside = _dir_inside(top, full.rpartition("/")[0], real_dirs)
    if inside and is_link:
        return _under(os.path.realpath(full), top)
    return inside


def _dir_inside(top: str, directory: str, real_dirs: dict[str, bool]) -> bool:
    inside = real_dirs.get(directory)
    if inside is None:
        if directory == top:
            inside = _under(os.path.realpath(top), top)
        elif len(directory) <= len(top):  # not below the root: never for paths git lists
            inside = _under(os.path.realpath(directory), top)
        else:
            inside = _dir_inside(top, directory.rpartition("/")[0], real_dirs) and (
                not os.path.islink(directory) or _under(os.path.realpath(directory), top)
            )
        real_dirs[directory] = inside
    return inside


def _under(path: str, top: str) -> bool:
    return path == top or path.startswith(top.rstrip("/") + "/")


def _storable(path: str) -> bool:
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _printable(path: str) -> str:
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _walk_plain(root: Path) -> list[str]:
    """A directory that is not a git repository: honour the .gitignore files on the way, by
    git's rules (pathspec's ``GitIgnoreSpec``): a file's patterns are relative to its folder,
    the last pattern that matches decides, a deeper file over a higher one, ``!`` re-includes.
    An ignored folder is not entered, so nothing inside it comes back (as in git)."""
    out: list[str] = []
    rules: dict[str, list[_Rules]] = {}  # folder → the .gitignore files that apply in it, root first
    for dirpath, dirnames, filenames in os.walk(root):
        rel = Path(dirpath).relative_to(root).as_posix()
        rel = "" if rel == "." else rel
        here = rules[rel] = (rules[rel.rpartition("/")[0]] if rel else []) + _gitignore(root, rel)
        prefix = f"{rel}/" if rel else ""
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".git") and not _ignored(f"{prefix}{d}/", here))
        out.extend(prefix + name for name in sorted(filenames) if not _ignored(prefix + name, here))
    return out


# A folder ('' for the root) and the patterns of its .gitignore.
_Rules = tuple[str, "GitIgnoreSpec"]


def _gitignore(root: Path, rel: str) -> list[_Rules]:
    f = root / rel / ".gitignore"
    if not f.is_file():
        return []
    # Imported here: only a folder outside git is walked by hand, and pathspec is ~25 ms of every
    # command's start-up in a git repository (git ls-files applies the ignore rules there).
    from pathspec import GitIgnoreSpec

    return [(rel, GitIgnoreSpec.from_lines(f.read_text(errors="replace").splitlines()))]


def _ignored(path: str, rules: list[_Rules]) -> bool:
    """Whether git would ignore ``path`` (a folder's ends with '/'), under ``rules`` that apply to it."""
    ignored = False
    for base, spec in rules:
        verdict = spec.check_file(path[len(base) + 1 :] if base else path).include
        if verdict is not None:
            ignored = verdict
    return ignored
