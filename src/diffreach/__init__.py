"""diffreach: review only what a change can reach.

The public API is the library's front door, ``diffreach.api``; its main functions are named
here too (``diffreach.blast_radius(...)``) and loaded on first use, so that ``import
diffreach`` (and ``diffreach --version``) costs nothing of the pipeline. The CLI and the MCP
server are thin shells over the same functions.
"""

from __future__ import annotations

from diffreach.errors import DiffreachError

# ``typing`` is a tenth of the imports of a command a daemon answers (daemon/client.py): the
# annotations below are strings (PEP 563), so it is loaded for the type checker only.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__version__ = "0.1.0"

# ``index``, ``query``, ``graph`` and ``languages`` are subpackages' names here: those four
# functions are called as ``diffreach.api.index(...)`` and so on.
_API = ("blast_radius", "callees_of", "callers_of", "expand", "radius_json", "review_context", "stats")

__all__ = ["DiffreachError", "__version__", *_API]


def __getattr__(name: str) -> Any:
    if name in _API:
        # The library's import graph (parsers, resolver, SQLite) is loaded by the first call,
        # not by `import diffreach`: the package's own modules import their neighbours at the top.
        from diffreach import api

        return getattr(api, name)
    raise AttributeError(f"module 'diffreach' has no attribute {name!r}")
