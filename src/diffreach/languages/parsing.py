"""The parse budget, shared by every tree-sitter parse of the package (extract, binding).

A budget in tree-sitter progress callbacks (one per ~100 parser operations) and in CPU
seconds. Ordinary code costs about 10 callbacks per KiB in every grammar here and parses at
megabytes per second; a grammar that loops without end hits the count, one that crawls on some
input (Ruby on ``f(1)f(1)…``) hits the time, and the file is reported, never hangs the index.
CPU time, not wall time: a busy machine does not skip more files.
"""

from __future__ import annotations

import time

from tree_sitter import Parser, Tree

PARSE_BUDGET_BASE = 20_000
PARSE_BUDGET_PER_KIB = 200
PARSE_CPU_SECONDS = 5.0
_READ_CHUNK = 1 << 16


def parse_budget(size: int) -> int:
    return PARSE_BUDGET_BASE + PARSE_BUDGET_PER_KIB * (size >> 10)


def budgeted_parse(parser: Parser, data: bytes, steps: int, cpu_seconds: float) -> Tree:
    """Parse ``data`` within ``steps`` progress callbacks and ``cpu_seconds``; past either,
    tree-sitter halts and the binding raises ``ValueError`` (the caller resets the parser)."""
    left = steps
    deadline = time.process_time() + cpu_seconds

    def progress(_offset: int, _has_error: bool) -> bool:
        nonlocal left
        left -= 1
        # True halts the parser; the clock is read every 32 steps (a read is a system call).
        return left < 0 or (not left & 31 and time.process_time() > deadline)

    # A read callback, because tree-sitter ignores progress callbacks on byte input;
    # node texts come from the bytes the caller holds, never from the tree.
    return parser.parse(lambda offset, _point: data[offset : offset + _READ_CHUNK], progress_callback=progress)


__all__ = ["PARSE_BUDGET_BASE", "PARSE_BUDGET_PER_KIB", "PARSE_CPU_SECONDS", "budgeted_parse", "parse_budget"]
