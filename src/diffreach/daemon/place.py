"""Where a repository's daemon lives, and the checks that keep a hostile checkout out of it.

Everything of a daemon is in ``<root>/.diffreach/daemon/``, a folder of mode 0700 owned by the
user: the lock file (``daemon.pid``), the state the client reads (``daemon.json``), the log and
the socket. An AF_UNIX path is limited (108 bytes on Linux, NUL included): when the socket's path
there would be longer, the socket goes to a per-user runtime folder (``$XDG_RUNTIME_DIR/diffreach``,
else ``$TMPDIR/diffreach-<uid>``, checked the same way) under a hash of the root. A folder is
accepted only as the user's own real directory (not a link) with no group or other permission
bits, and a socket only as the user's own socket (``lstat``): a repository cannot commit a
folder or a link that either side would trust (git checks out folders 0755 and cannot store a
socket). Standard library only, and paths as strings (``pathlib`` would be a tenth of the
client's imports): the client's forwarding check runs this before anything else.
"""

from __future__ import annotations

import os
import stat

from diffreach.errors import DiffreachError

GRAPH_DIR = ".diffreach"  # graph/opening.DIR_NAME; repeated because the client must not load the graph layer
DAEMON_DIR = "daemon"
SOCKET_NAME = "daemon.sock"
# sun_path of Linux's sockaddr_un is 108 bytes, the terminating NUL included.
SOCKET_PATH_LIMIT = 107


class PlaceError(DiffreachError):
    """A daemon folder or socket that is not safe to use; the message says which and why."""


class Place:
    """A daemon's files, as absolute paths (a plain class: ``dataclasses`` would load ``inspect``)."""

    __slots__ = ("folder", "root", "socket")

    def __init__(self, root: str, folder: str, socket: str) -> None:
        self.root = root
        self.folder = folder  # <root>/.diffreach/daemon
        self.socket = socket

    @property
    def lock(self) -> str:
        return os.path.join(self.folder, "daemon.pid")

    @property
    def state(self) -> str:
        return os.path.join(self.folder, "daemon.json")

    @property
    def log(self) -> str:
        return os.path.join(self.folder, "daemon.log")


def place_of(root: str | os.PathLike[str]) -> Place:
    """The daemon's files for the repository at ``root`` (an absolute, resolved path)."""
    root = os.fspath(root)
    folder = os.path.join(root, GRAPH_DIR, DAEMON_DIR)
    socket = os.path.join(folder, SOCKET_NAME)
    if len(os.fsencode(socket)) > SOCKET_PATH_LIMIT:
        # hashlib loads OpenSSL (a tenth of the client's imports): only a path this long needs it.
        import hashlib

        digest = hashlib.sha256(os.fsencode(root)).hexdigest()[:24]
        socket = os.path.join(runtime_folder(), f"{digest}.sock")
    return Place(root, folder, socket)


def runtime_folder() -> str:
    """The per-user folder for sockets whose path inside the repository would be too long."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isabs(runtime):
        return os.path.join(runtime, "diffreach")
    return os.path.join(os.environ.get("TMPDIR") or "/tmp", f"diffreach-{os.getuid()}")


def check_private_folder(folder: str) -> None:
    """PlaceError unless ``folder`` is a real directory of the user's with mode 0700 (no group or other bits)."""
    try:
        info = os.lstat(folder)
    except OSError as exc:
        raise PlaceError(f"{folder}: {exc.strerror}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise PlaceError(f"{folder} is not a directory (a link or a file): refused")
    if info.st_uid != os.getuid():
        raise PlaceError(f"{folder} belongs to uid {info.st_uid}, not to this user: refused")
    if stat.S_IMODE(info.st_mode) & 0o077:
        raise PlaceError(f"{folder} has mode {stat.S_IMODE(info.st_mode):04o}, not 0700: refused")


def check_socket(path: str) -> None:
    """PlaceError unless ``path`` is a socket of the user's in a private folder."""
    check_private_folder(os.path.dirname(path))
    try:
        info = os.lstat(path)
    except OSError as exc:
        raise PlaceError(f"{path}: {exc.strerror}") from None
    if not stat.S_ISSOCK(info.st_mode) or info.st_uid != os.getuid():
        raise PlaceError(f"{path} is not a socket of this user's: refused")


def make_private_folder(folder: str) -> None:
    """Create ``folder`` with mode 0700 when missing (its parents as usual), then check it: an
    existing folder of another mode or owner is refused, never repaired (who made it so?)."""
    os.makedirs(os.path.dirname(folder), exist_ok=True)
    if not os.path.lexists(folder):
        os.mkdir(folder, 0o700)
    check_private_folder(folder)


def find_place(start: str) -> Place | None:
    """The daemon place of the nearest folder at or above ``start`` (absolute) that has a daemon
    folder (a repository's root; its subfolders ask the same daemon), checked; None when there is
    none or it is not safe."""
    folder = start
    while True:
        if os.path.lexists(os.path.join(folder, GRAPH_DIR, DAEMON_DIR)):
            place = place_of(folder)
            try:
                check_private_folder(place.folder)
                check_socket(place.socket)
            except PlaceError:
                return None
            return place
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def is_within(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")
