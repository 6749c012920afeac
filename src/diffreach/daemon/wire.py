"""The daemon's wire format and its version key (standard library only: the client loads it).

A message is ``MAGIC``, its length (8 bytes, big-endian) and then a header (4 bytes of length,
JSON) followed by a body of raw bytes (a request's stdin; a reply's stdout and then stderr, split
at the header's ``stdout`` length). The receiver reads the 12 bytes first and refuses a length
over its cap before reading any more, so a request can never make the daemon hold more than the
cap.

The version key says whether a daemon runs the same code as the client: the package version and
the Python executable (two virtual environments on one repository never share a daemon). The
daemon checks the rest itself before each answer (``server.CodeStamp``: the package's installed
files unchanged since it loaded them; a change of ``EXTRACTION_VERSION`` or of the schema is a
change of those files), so the client computes nothing but these two.
"""

from __future__ import annotations

import _socket  # socket.py adds enums this path does not need (its imports are the client's cost)
import json
import struct
import sys

from diffreach import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAGIC = b"DRD1"
_LENGTH = struct.Struct(">Q")
_HEADER = struct.Struct(">I")
PREFIX_BYTES = len(MAGIC) + _LENGTH.size


class WireError(Exception):
    """A message that is malformed, cut short, or over the receiver's cap."""


def version_key() -> dict[str, str]:
    """What must be equal between a client and a daemon for the daemon to answer for it (the
    daemon also checks, before each answer, that its own code is still the installed code)."""
    return {"version": __version__, "python": sys.executable}


def encode(header: dict[str, Any], body: bytes = b"") -> bytes:
    head = json.dumps(header, separators=(",", ":")).encode()
    payload = _HEADER.pack(len(head)) + head + body
    return MAGIC + _LENGTH.pack(len(payload)) + payload


def read_prefix(sock: _socket.socket, cap: int) -> int:
    """The length of the message on ``sock``; WireError when malformed or over ``cap`` bytes."""
    prefix = read_exactly(sock, PREFIX_BYTES)
    if prefix[: len(MAGIC)] != MAGIC:
        raise WireError("not a diffreach daemon message")
    (length,) = _LENGTH.unpack(prefix[len(MAGIC) :])
    if length > cap:
        raise WireError(f"a message of {length:,} bytes is over the limit of {cap:,} bytes (daemon_max_request_bytes)")
    return int(length)


def read_payload(sock: _socket.socket, length: int) -> tuple[dict[str, Any], bytes]:
    payload = read_exactly(sock, length)
    if len(payload) < _HEADER.size:
        raise WireError("a message without a header")
    (head_length,) = _HEADER.unpack(payload[: _HEADER.size])
    head_end = _HEADER.size + head_length
    try:
        header = json.loads(payload[_HEADER.size : head_end])
    except ValueError:
        raise WireError("a message whose header is not JSON") from None
    if not isinstance(header, dict) or head_end > len(payload):
        raise WireError("a message whose header is not an object")
    return header, payload[head_end:]


def receive(sock: _socket.socket, cap: int) -> tuple[dict[str, Any], bytes]:
    return read_payload(sock, read_prefix(sock, cap))


def read_exactly(sock: _socket.socket, count: int) -> bytes:
    chunks: list[bytes] = []
    left = count
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            raise WireError("the other side closed the connection mid-message")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def peer_uid(sock: _socket.socket) -> int:
    """The user id of the process at the other end of an AF_UNIX socket (SO_PEERCRED: pid, uid, gid)."""
    creds = sock.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, struct.calcsize("3i"))
    return int(struct.unpack("3i", creds)[1])
