"""The command line: parse arguments, call the library (``api``), render (``present``).

``group.py`` holds the click group and what the commands share; the commands are registered
by importing their modules: ``graph_commands.py`` (index, graph, callers, callees, query,
expand, stats, watch, languages, serve) and ``review_commands.py`` (impact, tests, context,
viz, review).
"""

from __future__ import annotations

from diffreach.cli import graph_commands, review_commands
from diffreach.cli.group import main

__all__ = ["graph_commands", "main", "review_commands"]
