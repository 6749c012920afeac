"""Reading the working tree: the one check every read of repository content goes through.

A repository under review is untrusted: a committed or untracked symbolic link can point
anywhere (``leak.py -> ~/.ssh/id_rsa``), a path in a diff can climb out (``../x``) or be
absolute, and a named pipe blocks whoever reads it. ``read_file`` resolves the real path of a
repository-relative path and reads it only when it is a regular file inside the root, links
followed, the same rule the indexer's walk applies to what it indexes.
"""

from __future__ import annotations

import os
from pathlib import Path


def real_path_inside(root: str | Path, path: str) -> Path | None:
    """The real path of ``path`` (relative to ``root``) when it lies inside ``root`` with every link
    followed; None when it leaves the root, is the root itself, or cannot be a path (a NUL byte)."""
    if not path or "\0" in path:
        return None
    top = os.path.realpath(root)
    full = os.path.realpath(os.path.join(top, path))
    if os.path.commonpath((top, full)) != top or full == top:
        return None
    return Path(full)


def read_file(root: str | Path, path: str) -> bytes | None:
    """The bytes of the regular file ``path`` inside ``root`` (see ``real_path_inside``); None
    when it is missing, unreadable, not a regular file, or outside the root."""
    full = real_path_inside(root, path)
    if full is None:
        return None
    try:
        if not full.is_file():  # a directory, a named pipe, a device
            return None
        return full.read_bytes()
    except OSError:
        return None
