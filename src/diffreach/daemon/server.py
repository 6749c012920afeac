"""The daemon: one repository, one request at a time, the command line's own commands in-process.

``serve`` takes the lock (``daemon.pid``, held with ``flock`` for the process's life, so two
daemons never serve one root and a killed one leaves nothing that blocks the next), removes a
socket a crash left behind, binds the socket with mode 0600 in a private folder, publishes its
state (``daemon.json``: pid, version key, request cap) and then answers requests one by one.
Each connection's peer must be this user (SO_PEERCRED); a request over the cap is refused with
one line before it is read; a request must carry this daemon's version key, a forwarded command
and a working folder (and every ``--root``) inside the root. The command is the CLI's, given by
the caller (``Command``: this package never imports the command line), run with the request's
folder, environment, stdin and streams and then everything put back; so each answer brings the
graph up to date exactly as a plain run does, and a graph rewritten by another process is read
afresh (nothing of the store is kept between requests).

It exits on a ``stop`` request, SIGTERM, after ``idle_timeout`` seconds without a request, when
its folder (the graph's) disappears or its socket is replaced, and when the installed code
changed under it (a client of another version key asked).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import io
import json
import logging
import logging.handlers
import os
import signal
import socket
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from diffreach.daemon.client import FORWARDED, root_values
from diffreach.daemon.place import (
    SOCKET_PATH_LIMIT,
    Place,
    PlaceError,
    check_private_folder,
    is_within,
    make_private_folder,
    place_of,
)
from diffreach.daemon.wire import WireError, encode, peer_uid, receive, version_key
from diffreach.errors import DiffreachError

# The command line's entry, called as click's ``main(args=..., prog_name=..., standalone_mode=True)``.
Command = Callable[..., Any]
REQUEST_SECONDS = 30.0  # a client that sends nothing for this long is dropped (one request at a time)
_PACKAGE = Path(__file__).resolve().parent.parent
_CODE_SUFFIXES = (".py", ".scm", ".sql")


class CodeStamp:
    """The package's installed code as this process loaded it: every module, query file and the
    schema, and their folders (a file added or removed changes its folder), by size, inode and
    modification time. Checked before each answer (a stat per file, no walk): a daemon whose code
    was changed or reinstalled under it answers nothing more and exits."""

    def __init__(self, package: Path = _PACKAGE) -> None:
        self.paths = [package]
        for folder, dirs, files in os.walk(package):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            self.paths += [Path(folder, d) for d in dirs]
            self.paths += [Path(folder, f) for f in sorted(files) if f.endswith(_CODE_SUFFIXES)]
        self.value = self._stamp()

    def _stamp(self) -> tuple[tuple[int, int, int], ...]:
        return tuple(_file_stamp(path) for path in self.paths)

    def changed(self) -> bool:
        return self._stamp() != self.value

    def digest(self) -> str:
        return hashlib.blake2b(repr(self.value).encode(), digest_size=8).hexdigest()


def _file_stamp(path: Path) -> tuple[int, int, int]:
    try:
        info = os.stat(path)
    except OSError:
        return (-1, -1, -1)
    return (info.st_size, info.st_ino, info.st_mtime_ns)


@dataclass(frozen=True)
class Settings:
    idle_timeout: float
    max_request_bytes: int
    log_bytes: int


class Server:
    def __init__(self, place: Place, command: Command, settings: Settings, versions: dict[str, str]) -> None:
        self.place = place
        self.command = command
        self.settings = settings
        self.key = version_key()
        self.code = CodeStamp()
        self.versions = {**versions, **self.key, "code": self.code.digest()}
        self.started = time.time()
        self.last_request = time.monotonic()
        self.requests = 0
        self.stopping = ""
        self.log = _logger(place, settings.log_bytes)
        self._handlers: dict[str, Callable[[socket.socket, dict[str, Any], bytes], None]] = {
            "run": self._run,
            "status": self._status,
            "stop": self._stop,
        }

    # ----- the loop ------------------------------------------------------------------------------

    def loop(self, listener: socket.socket) -> str:
        """Answer until a reason to stop; that reason."""
        listener.settimeout(max(0.05, min(1.0, self.settings.idle_timeout / 4)))
        inode = os.stat(self.place.socket).st_ino
        while not self.stopping:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                self.stopping = self._reason_to_exit(inode)
                continue
            with conn:
                self._answer(conn)
        return self.stopping

    def _reason_to_exit(self, inode: int) -> str:
        if time.monotonic() - self.last_request > self.settings.idle_timeout:
            return f"idle for {self.settings.idle_timeout:g} s"
        if not os.path.isdir(self.place.folder):
            return "the graph's folder is gone"
        try:
            if os.stat(self.place.socket).st_ino != inode:
                return "the socket was replaced"
        except OSError:
            return "the socket is gone"
        return ""

    def _answer(self, conn: socket.socket) -> None:
        conn.settimeout(REQUEST_SECONDS)
        try:
            if peer_uid(conn) != os.getuid():
                self.log.warning("refused a connection from uid %s", peer_uid(conn))
                return _reply(conn, {"status": "refused", "message": "error: not this daemon's user"})
            header, body = receive(conn, self.settings.max_request_bytes)
            handler = self._handlers.get(str(header.get("kind")))
            if handler is None:
                return _reply(conn, {"status": "refused", "message": "error: unknown request"})
            handler(conn, header, body)
        except WireError as exc:
            self.log.warning("refused a request: %s", exc)
            with contextlib.suppress(OSError):
                _reply(conn, {"status": "refused", "message": f"error: {exc}"})
        except OSError as exc:  # the client went away mid-answer: nothing to tell it
            self.log.warning("lost a client: %s", exc)

    # ----- requests ------------------------------------------------------------------------------

    def _run(self, conn: socket.socket, header: dict[str, Any], body: bytes) -> None:
        if header.get("key") != self.key:
            return _reply(conn, {"status": "mismatch"})
        if self.code.changed():
            self.stopping = "the installed code changed"
            return _reply(conn, {"status": "mismatch"})
        refusal = self._refusal(header)
        if refusal:
            self.log.warning("refused: %s", refusal)
            return _reply(conn, {"status": "refused", "message": f"error: {refusal}"})
        started = time.monotonic()
        code, out, err = run_captured(self.command, header, body, self.place.root)
        self.requests += 1
        self.last_request = time.monotonic()
        self.log.info("%s: exit %d in %.0f ms", header["argv"][0], code, (self.last_request - started) * 1000)
        _reply(conn, {"status": "ok", "code": code, "stdout": len(out)}, out + err)

    def _refusal(self, header: dict[str, Any]) -> str:
        """Why this daemon will not run the request ("" when it will)."""
        argv, cwd, env = header.get("argv"), header.get("cwd"), header.get("env")
        if not (isinstance(argv, list) and argv and all(isinstance(a, str) for a in argv)):
            return "a request without a command"
        if argv[0] not in FORWARDED:
            return f"{argv[0]!r} is not a command the daemon answers"
        if not (isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())):
            return "a request without its environment"
        if not isinstance(cwd, str) or not os.path.isabs(cwd):
            return "a request without its working folder"
        options = argv[1 : argv.index("--")] if "--" in argv else argv[1:]
        paths = [os.path.realpath(cwd), *(os.path.realpath(os.path.join(cwd, v)) for v in root_values(options))]
        if not all(is_within(p, self.place.root) for p in paths):
            return f"a working folder or --root outside {self.place.root}"
        return ""

    def _status(self, conn: socket.socket, header: dict[str, Any], body: bytes) -> None:
        _reply(conn, {"status": "ok", **self.describe()})

    def _stop(self, conn: socket.socket, header: dict[str, Any], body: bytes) -> None:
        self.stopping = "asked to stop"
        _reply(conn, {"status": "ok", "pid": os.getpid()})

    def describe(self) -> dict[str, Any]:
        return {
            "pid": os.getpid(),
            "root": self.place.root,
            "socket": self.place.socket,
            "started": self.started,
            "uptime_seconds": round(time.time() - self.started, 1),
            "requests": self.requests,
            "idle_timeout": self.settings.idle_timeout,
            "max_request_bytes": self.settings.max_request_bytes,
            "key": self.key,
            "versions": self.versions,
        }


def serve(root: Path, command: Command, settings: Settings, versions: dict[str, str]) -> str:
    """Serve ``root`` until a reason to stop (returned); DiffreachError when it cannot start."""
    place = prepared_place(root)
    with held_lock(place), listening(place) as listener:
        server = Server(place, command, settings, versions)
        _publish(place, server.describe())
        previous = signal.signal(signal.SIGTERM, lambda *_: setattr(server, "stopping", "SIGTERM"))
        server.log.info("serving %s (pid %d)", root, os.getpid())
        try:
            reason = server.loop(listener)
        except KeyboardInterrupt:
            reason = "interrupted"
        finally:
            signal.signal(signal.SIGTERM, previous)
            with contextlib.suppress(OSError):
                os.unlink(place.state)
        server.log.info("exiting: %s", reason)
        return reason


def prepared_place(root: Path) -> Place:
    """The daemon's folders made (mode 0700) or checked; DiffreachError when one is not private."""
    place = place_of(root)
    if len(os.fsencode(place.socket)) > SOCKET_PATH_LIMIT:
        raise DiffreachError(
            f"the socket path {place.socket} is longer than AF_UNIX allows ({SOCKET_PATH_LIMIT} bytes):"
            " set XDG_RUNTIME_DIR to a shorter folder"
        )
    try:
        make_private_folder(place.folder)
        if os.path.dirname(place.socket) != place.folder:
            make_private_folder(os.path.dirname(place.socket))
    except (OSError, PlaceError) as exc:
        raise DiffreachError(f"cannot use the daemon folder: {exc}") from None
    return place


@contextlib.contextmanager
def held_lock(place: Place) -> Iterator[None]:
    """The root's lock for as long as the daemon lives (released by the kernel if it is killed)."""
    fd = os.open(place.lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = os.pread(fd, 32, 0).decode(errors="replace").strip()
            raise DiffreachError(f"a daemon already serves {place.root} (pid {pid})") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(fd)


def lock_is_held(place: Place) -> bool:
    """Whether a live daemon holds the root's lock (a shared lock taken and let go at once)."""
    try:
        fd = os.open(place.lock, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


@contextlib.contextmanager
def listening(place: Place) -> Iterator[socket.socket]:
    """The bound socket (mode 0600; a stale one from a crash removed first), removed at the end."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(place.socket)  # only a lock holder gets here: whatever is left is stale
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old_mask = os.umask(0o177)
    try:
        listener.bind(place.socket)
    finally:
        os.umask(old_mask)
    os.chmod(place.socket, 0o600)
    inode = os.stat(place.socket).st_ino
    listener.listen(16)
    try:
        yield listener
    finally:
        listener.close()
        with contextlib.suppress(OSError):
            if os.stat(place.socket).st_ino == inode:
                os.unlink(place.socket)


def run_captured(command: Command, header: dict[str, Any], stdin: bytes, root: str) -> tuple[int, bytes, bytes]:
    """Exit code, stdout and stderr of the command line run on the request's argv, in its folder,
    with its environment and stdin; this process's own put back afterwards."""
    streams = header.get("streams") or {}
    out = _Capture(*_encoding(streams.get("stdout")), tty=bool(streams.get("stdout_tty")))
    # stderr is never a terminal here: a progress line cannot be shown from the daemon, and in
    # a warm answer there is none to show.
    err = _Capture(*_encoding(streams.get("stderr")), tty=False)
    saved = (sys.stdin, sys.stdout, sys.stderr, dict(os.environ))
    try:
        os.environ.clear()
        os.environ.update(header["env"])
        os.chdir(header["cwd"])
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
        sys.stdout, sys.stderr = out, err
        code = _exit_code(command, header["argv"], str(header.get("prog") or "diffreach"), err)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved[:3]
        os.environ.clear()
        os.environ.update(saved[3])
        os.chdir(root)
    return code, out.value(), err.value()


def _exit_code(command: Command, argv: list[str], prog: str, err: io.TextIOWrapper) -> int:
    """What the interpreter would exit with after running the command (a traceback and 1 for an
    exception, as an uncaught one prints)."""
    try:
        command(args=argv, prog_name=prog, standalone_mode=True)
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        print(exc.code, file=err)
        return 1
    except Exception:
        traceback.print_exc(file=err)
        return 1
    return 0


class _Capture(io.TextIOWrapper):
    """A text stream into memory that says whether the client's own is a terminal."""

    def __init__(self, encoding: str, errors: str, tty: bool) -> None:
        super().__init__(io.BytesIO(), encoding=encoding, errors=errors, write_through=True)
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty

    def value(self) -> bytes:
        self.flush()
        raw = self.buffer
        assert isinstance(raw, io.BytesIO)
        return raw.getvalue()


def _encoding(given: Any) -> tuple[str, str]:
    if isinstance(given, list) and len(given) == 2 and all(isinstance(g, str) for g in given):
        with contextlib.suppress(LookupError):
            "".encode(given[0], given[1])
            return given[0], given[1]
    return "utf-8", "strict"


def _reply(conn: socket.socket, header: dict[str, Any], body: bytes = b"") -> None:
    conn.sendall(encode(header, body))


def _publish(place: Place, state: dict[str, Any]) -> None:
    """``daemon.json``, what the client reads before it connects: written whole, mode 0600."""
    check_private_folder(place.folder)
    tmp = os.path.join(place.folder, f".daemon.json.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w") as fh:
        json.dump(state, fh)
    os.replace(tmp, place.state)


def _logger(place: Place, cap: int) -> logging.Logger:
    """The daemon's log: a file in its folder, cut at ``cap`` bytes (one older file kept)."""
    log = logging.getLogger(f"diffreach.daemon.{os.getpid()}")
    log.propagate = False
    if not log.handlers:
        handler = logging.handlers.RotatingFileHandler(place.log, maxBytes=cap, backupCount=1)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
    return log
