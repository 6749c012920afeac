"""The command line: parse arguments, call the library (``api``), render (``present``).

``group.py`` holds the click group and what the commands share; the commands are registered
by importing their modules: ``graph_commands.py`` (index, graph, callers, callees, query,
expand, stats, watch, languages, serve) and ``review_commands.py`` (impact, tests, context,
viz, review) and ``daemon_commands.py`` (daemon start, stop, status). The console script is
``diffreach.entry``: it hands an answer command to a live daemon before this package is loaded.
"""

from __future__ import annotations

from diffreach.cli import daemon_commands, graph_commands, review_commands
from diffreach.cli.group import main

__all__ = ["daemon_commands", "graph_commands", "main", "review_commands"]
