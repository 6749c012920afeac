"""The ``diffreach`` console script: a live daemon answers first, else the command line runs here.

``daemon.client.forward`` needs the standard library only, so a command a daemon answers never
loads click, the library or a grammar in this process; every other command (and every answer
command without a live daemon of the same version) runs the command line as before.
"""

from __future__ import annotations

import sys

from diffreach.daemon.client import forward


def main() -> None:
    code = forward(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    # The whole command line (click, the library's front door): loaded only when no daemon answered.
    from diffreach.cli import main as command_line

    command_line()
