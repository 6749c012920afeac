"""What people see: terminal text (``text``), the pull-request comment (``pr_comment``) and the
self-contained HTML page (``html``). Each turns data from ``api`` into a string; none computes."""

from __future__ import annotations

from diffreach.present import html, pr_comment, text

__all__ = ["html", "pr_comment", "text"]
