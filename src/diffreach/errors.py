"""The one exception hierarchy.

Every error a user can cause is a ``DiffreachError`` whose message is one
sentence they can act on; the CLI prints it as ``error: …`` and exits 2, the MCP
server returns it as an ``isError`` result. Anything else is a bug.
"""

from __future__ import annotations


class DiffreachError(Exception):
    """Base of all errors meant for the user."""


class ConfigError(DiffreachError):
    """A bad configuration key or value."""


class GitError(DiffreachError):
    """git failed, or a revision or path was refused."""


class DiffError(DiffreachError):
    """A diff that cannot be parsed."""


class NotIndexedError(DiffreachError):
    """The repository has no graph yet."""


class SymbolError(DiffreachError):
    """An unknown or ambiguous symbol name."""

    def __init__(self, message: str, candidates: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.candidates = candidates


class PathError(DiffreachError):
    """A path that does not exist or lies outside the repository."""


class StoreError(DiffreachError):
    """The graph database is unusable."""
