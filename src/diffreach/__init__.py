"""diffreach: review only what a change can reach.

The library API; the CLI and the MCP server are thin shells over it.
"""

from __future__ import annotations

__version__ = "0.1.0"

from diffreach.errors import DiffreachError

__all__ = ["DiffreachError", "__version__"]
