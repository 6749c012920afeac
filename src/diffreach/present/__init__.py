"""What people see: terminal text (``text``), the pull-request comment (``pr_comment``) and the
self-contained HTML page (``html``). Each turns data from ``api`` into a string; none computes.

Each is loaded on first use (PEP 562): a command that prints JSON loads none of them."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from diffreach.present import html, pr_comment, text

__all__ = ["html", "pr_comment", "text"]


def __getattr__(name: str) -> ModuleType:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return import_module(f"{__name__}.{name}")  # sets the package's attribute: asked once
