"""What may be opened as the graph: the data folder, whose database it is, and whose checkout.

The repository under review is untrusted, and so is whatever it commits or plants under
``.diffreach``. Before ``Store`` connects, this module decides:

- The folder: ``.diffreach`` must be a real directory (never a symbolic link, which could send
  every read, write or delete outside the root), and each file the tool keeps in it a regular
  file; the tool creates the folder itself (``make_folder``). Anything else is refused.
- Git: a data folder that git tracks is a graph someone committed; it is refused with the cure
  (``refuse_tracked``), so a pull request that ships a crafted graph fails loudly.
- Whose database: ours carries ``APPLICATION_ID`` in its header (or, written before the id was
  set, a ``meta`` table with a schema version). Another program's file, or one that cannot be
  read at all, is refused and never deleted (``identify``).
- Whose checkout: at creation a random id is written into the database (meta ``store_id``) and
  into a file inside this checkout's git directory (``STORE_ID_FILE``), where no commit, clone
  or copy of the working tree carries it. A database whose id is not this checkout's was made
  elsewhere: readers refuse it, ``index`` rebuilds it (``stored_id`` / ``bind``).
- An unfinished write: every write transaction holds ``WRITE_MARKER`` in the folder while it runs
  (``Store.atomic``). Found by a writer that holds the write lock, it was left by a writer that
  died; then a ``PRAGMA quick_check`` decides whether the database is rebuilt (``check_after_crash``).
"""

from __future__ import annotations

import os
import sqlite3
import stat
from contextlib import suppress
from pathlib import Path

from diffreach import git
from diffreach.errors import StoreError
from diffreach.graph.meta import read_meta

DIR_NAME = ".diffreach"
DB_NAME = "graph.db"
WRITE_MARKER = "write-in-progress"
STORE_ID_FILE = "diffreach-store-id"
# The opt-in daemon's own folder (daemon/place.py): the one directory allowed here, and only as the
# user's real directory of mode 0700 (git checks folders out 0755 and a tracked one is refused anyway).
DAEMON_DIR = "daemon"
APPLICATION_ID = 0x64726368  # "drch", in the database header (PRAGMA application_id)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def data_folder(root: str | Path) -> Path:
    return Path(root) / DIR_NAME


def check_folder(root: str | Path) -> bool:
    """Whether the data folder exists; StoreError when it, or anything in it, is a symbolic
    link or not what the tool would have made (a directory of regular files)."""
    folder = data_folder(root)
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(mode):
        raise StoreError(
            f"{folder} is a symbolic link; diffreach keeps its graph only in a real folder it creates"
            " inside the repository: remove the link (and any commit of it), then run 'diffreach index'"
        )
    if not stat.S_ISDIR(mode):
        raise StoreError(f"{folder} is not a directory; remove it, then run 'diffreach index'")
    # Every entry, not only the tool's own names: caches of other modules live here too
    # (the query's rank-graph.v5.npz), and none of them may be read or written through a link.
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_symlink():
                raise StoreError(f"{folder / entry.name} is a symbolic link; diffreach never follows one: remove it")
            if entry.name == DAEMON_DIR and _is_private_folder(entry):
                continue
            if not entry.is_file(follow_symlinks=False):
                raise StoreError(f"{folder / entry.name} is not a regular file; remove it")
    return True


def _is_private_folder(entry: os.DirEntry[str]) -> bool:
    info = entry.stat(follow_symlinks=False)
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not stat.S_IMODE(info.st_mode) & 0o077


def refuse_tracked(root: str | Path) -> None:
    """StoreError when git tracks anything under the data folder: a committed graph is not trusted."""
    tracked = git.tracked_under(root, DIR_NAME)
    if tracked:
        raise StoreError(
            f"git tracks {tracked[0]}{f' and {len(tracked) - 1} more' if len(tracked) > 1 else ''}:"
            f" a committed graph is not trusted; run 'git rm -r --cached {DIR_NAME}' and commit,"
            " then 'diffreach index'"
        )


def make_folder(root: str | Path) -> None:
    """Create the data folder (not through a link: ``mkdir`` fails on anything already there)
    and its ``.gitignore``, which keeps the folder out of ``git status`` and ``git add -A``."""
    folder = data_folder(root)
    try:
        folder.mkdir()
    except FileExistsError:
        check_folder(root)  # something appeared since the last look
    ignore = folder / ".gitignore"
    if not ignore.exists():
        write_private(ignore, "# diffreach graph: a cache, never committed\n*\n")


def write_private(path: Path, text: str) -> None:
    """Write ``path`` whole (a temporary file renamed over it); the temporary file is created
    new (``O_EXCL``), so nothing planted under its name is followed or overwritten."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o644)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def identify(conn: sqlite3.Connection, path: Path) -> str:
    """``"ours"`` or ``"empty"`` (no table: a new or 0-byte file); StoreError for another
    program's database or a file that cannot be read. Reads only: nothing is written or deleted."""
    try:
        app = conn.execute("PRAGMA application_id").fetchone()[0]
        if app == APPLICATION_ID:
            return "ours"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if app == 0 and not tables:
            return "empty"
        if app == 0 and "meta" in tables and read_meta(conn, "schema_version"):
            return "ours"  # written before the application id was set
        reason = "another program's database"
    except sqlite3.DatabaseError as exc:
        reason = f"it cannot be read: {exc}"
    raise StoreError(
        f"{path} is not a diffreach graph database ({reason}); diffreach never deletes a file it did"
        " not write: move it away, then run 'diffreach index'"
    )


def _id_file(root: str | Path) -> Path | None:
    return git.private_path(root, STORE_ID_FILE)


def stored_id(root: str | Path) -> tuple[Path, str] | None:
    """This checkout's store id and where it is kept; None outside a git repository (no place
    outside the working tree to keep it)."""
    path = _id_file(root)
    if path is None:
        return None
    try:
        return path, path.read_text().strip()
    except OSError:
        return path, ""


def is_bound(conn: sqlite3.Connection, root: str | Path) -> bool:
    """Whether the database was made in this checkout (always, outside a git repository)."""
    kept = stored_id(root)
    if kept is None:
        return True
    ours = read_meta(conn, "store_id")
    return bool(ours) and ours == kept[1]


def new_store_id(root: str | Path) -> str:
    """A new random id, written into this checkout's git directory first (a process killed
    before the database records it leaves a mismatch: a rebuild, never a false match)."""
    token = os.urandom(16).hex()
    kept = stored_id(root)
    if kept is not None:
        try:
            write_private(kept[0], token + "\n")
        except OSError as exc:
            raise StoreError(f"cannot write {kept[0]} ({exc.strerror or exc})") from exc
    return token


def marker(root: str | Path) -> Path:
    return data_folder(root) / WRITE_MARKER


def mark_writing(root: str | Path) -> None:
    with suppress(FileNotFoundError):  # no data folder (a test's own path): nothing to mark
        os.close(os.open(marker(root), os.O_WRONLY | os.O_CREAT | _NOFOLLOW, 0o644))


def unmark_writing(root: str | Path) -> None:
    marker(root).unlink(missing_ok=True)


def check_after_crash(conn: sqlite3.Connection, root: str | Path, path: Path) -> str | None:
    """When a writer died inside a write (its marker is still there), ``PRAGMA quick_check``;
    the problem it found, or None. Takes the write lock first: a marker seen then is no live
    writer's (each clears its own before it commits, while it still holds the lock)."""
    if not marker(root).exists():
        return None
    conn.execute("BEGIN IMMEDIATE")
    try:
        if not marker(root).exists():
            return None
        # On a connection of its own: the check's sorts open ``conn``'s temporary database,
        # whose storage a streamed build then cannot move to disk inside its transaction.
        check = sqlite3.connect(str(path), isolation_level=None)
        try:
            verdict = str(check.execute("PRAGMA quick_check(1)").fetchone()[0])
        except sqlite3.DatabaseError as exc:
            verdict = str(exc)
        finally:
            check.close()
        unmark_writing(root)
        return None if verdict == "ok" else verdict
    finally:
        conn.execute("ROLLBACK")
