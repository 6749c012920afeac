"""A kept process per repository (opt-in): the command line's answers without its start-up.

A plain ``diffreach impact`` spends most of a warm answer loading the interpreter's modules,
click, the grammars and compiling queries (docs/benchmarks.md, session 14). ``diffreach daemon
start`` runs one process per repository that keeps all of that loaded; the read-only answer
commands (``FORWARDED``) hand their argv, working folder, environment and stdin to it over an
AF_UNIX socket, and it runs the very same click command in-process and sends back stdout, stderr
and the exit code. Nothing here is imported by the library: ``place`` and ``wire`` and
``client`` use the standard library only, so that the forwarding check costs a few system calls
before click or any grammar is loaded; ``server`` and ``lifecycle`` are loaded by the daemon and
by the ``daemon`` commands.
"""

from __future__ import annotations
