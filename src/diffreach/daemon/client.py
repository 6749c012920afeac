"""The command line's side: hand a read-only answer to a live daemon, or say that none answers.

``forward`` runs before click, the library or any grammar is imported (standard library only,
a few system calls): it answers only when a daemon of the repository is live, private (its
folder and socket checked by ``place``), runs the same code (``wire.version_key``) and accepts
the request; anything else (no daemon, a stale socket, another version, a refusal, a broken
connection) returns None and the command runs in this process exactly as without a daemon.
"""

from __future__ import annotations

import _socket
import io
import json
import os
import sys

from diffreach.daemon.place import Place, find_place, is_within
from diffreach.daemon.wire import MAGIC, WireError, encode, peer_uid, receive, version_key

TYPE_CHECKING = False  # typing, pathlib and socket (its enums) are most of this path's imports: left out
if TYPE_CHECKING:
    from typing import Any, BinaryIO

# The read-only answer commands: each reads the graph (bringing it up to date first, as in-process)
# and writes only to stdout and stderr.
FORWARDED = frozenset({"impact", "context", "callers", "callees", "tests", "query"})
_NOT_FORWARDED_FLAGS = frozenset({"-h", "--help", "--version"})
_REPLY_CAP = 1 << 40  # the daemon's own reply: bounded by what the command printed
# Set (to anything but "" or "0") to run every command in-process even when a daemon is live: a
# check of the daemon's answers against the plain ones, and the benchmark's "without" runs.
NO_DAEMON_VARIABLE = "DIFFREACH_NO_DAEMON"


def forward(argv: list[str]) -> int | None:
    """The exit code of ``argv`` answered by a live daemon (its stdout and stderr written here),
    or None when no daemon answers it."""
    if not argv or argv[0] not in FORWARDED or os.environ.get(NO_DAEMON_VARIABLE, "") not in ("", "0"):
        return None
    options = argv[1 : argv.index("--")] if "--" in argv else argv[1:]
    if _NOT_FORWARDED_FLAGS.intersection(options):
        return None  # help text depends on the terminal's width: in-process
    try:
        cwd = os.getcwd()
    except OSError:
        return None
    asked = [os.path.realpath(os.path.join(cwd, value)) for value in root_values(options)]
    place = find_place(asked[-1] if asked else cwd)
    if place is None or not all(is_within(p, place.root) for p in (cwd, *asked)):
        return None
    state = read_state(place)
    key = version_key()
    if state is None or state.get("key") != key:
        return None
    stdin = _read_stdin(int(state.get("max_request_bytes", 0))) if reads_stdin(options) else b""
    header = {
        "kind": "run",
        "key": key,
        "argv": argv,
        "prog": os.path.basename(sys.argv[0]) or "diffreach",
        "cwd": cwd,
        "env": dict(os.environ),
        "streams": _streams(),
    }
    try:
        reply, body = exchange(place, header, stdin)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    if reply is None or reply.get("status") != "ok":
        _replay_stdin(stdin)
        return None
    split = int(reply.get("stdout", 0))
    _write(sys.stdout, body[:split])
    _write(sys.stderr, body[split:])
    return int(reply.get("code", 1))


def exchange(place: Place, header: dict[str, Any], body: bytes = b"") -> tuple[dict[str, Any] | None, bytes]:
    """One request and its reply; (None, b"") when the daemon cannot be reached or is not ours."""
    try:
        sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
        try:
            sock.connect(place.socket)
            if peer_uid(sock) != os.getuid():
                return None, b""
            sock.sendall(encode(header, body))
            return receive(sock, _REPLY_CAP)
        finally:
            sock.close()
    except (OSError, WireError):
        return None, b""


def root_values(options: list[str]) -> list[str]:
    """Every value given to ``--root`` (as ``--root X`` or ``--root=X``), in order: click keeps the
    last, and each must be inside the daemon's root for it to answer."""
    values = []
    for i, token in enumerate(options):
        if token == "--root" and i + 1 < len(options):
            values.append(options[i + 1])
        elif token.startswith("--root="):
            values.append(token.split("=", 1)[1])
    return values


def reads_stdin(options: list[str]) -> bool:
    """Whether the command reads its diff from stdin (``--diff -``)."""
    return any(
        (token == "--diff" and options[i + 1 : i + 2] == ["-"]) or token == "--diff=-"
        for i, token in enumerate(options)
    )


def read_state(place: Place) -> dict[str, Any] | None:
    try:
        with open(place.state, "rb") as fh:
            state = json.loads(fh.read())
    except (OSError, ValueError):
        return None
    return state if isinstance(state, dict) else None


def _streams() -> dict[str, Any]:
    """What the output's bytes depend on: each stream's encoding, and whether stdout is a terminal."""
    return {
        "stdout": [sys.stdout.encoding, sys.stdout.errors],
        "stderr": [sys.stderr.encoding, sys.stderr.errors],
        "stdout_tty": sys.stdout.isatty(),
    }


def _read_stdin(cap: int) -> bytes:
    """stdin for the daemon, no more than the daemon takes in one request (the request is then
    over its cap and the command runs here, on the same bytes: ``_replay_stdin``)."""
    return sys.stdin.buffer.read(cap + 1) if cap else sys.stdin.buffer.read()


def _replay_stdin(consumed: bytes) -> None:
    """Put back what was read of stdin, ahead of the rest, for the command to run here."""
    if consumed:
        reader = io.BufferedReader(_Replayed(consumed, sys.stdin.buffer))
        sys.stdin = io.TextIOWrapper(reader, encoding=sys.stdin.encoding, errors=sys.stdin.errors)


class _Replayed(io.RawIOBase):
    """``first``, then whatever is left to read of ``rest``."""

    def __init__(self, first: bytes, rest: BinaryIO) -> None:
        self._first = first
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._first:
            count = min(len(buffer), len(self._first))
            buffer[:count] = self._first[:count]
            self._first = self._first[count:]
            return count
        data = self._rest.read1(len(buffer)) if hasattr(self._rest, "read1") else self._rest.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _write(stream: Any, data: bytes) -> None:
    if not data:
        return
    try:
        stream.flush()
        stream.buffer.write(data)
        stream.buffer.flush()
    except BrokenPipeError:  # a reader that stopped early (`| head`): as in-process, nothing more to say
        pass


__all__ = ["FORWARDED", "MAGIC", "exchange", "forward", "read_state", "reads_stdin", "root_values"]
