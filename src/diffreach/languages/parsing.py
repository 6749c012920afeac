"""Parsing under a budget, safe across threads, without py-tree-sitter's read-callback leak; and
``grammar_of``, a spec's grammar loaded when first asked for.

A parse budget needs tree-sitter's progress callback, which it calls only when the
input comes through a read callback (on bytes, py-tree-sitter warns and ignores it).
py-tree-sitter 0.26.1 keeps one reference to every object a read callback returns
(its read wrapper takes a buffer view of it and never drops the call's own
reference): returning slices of the file left a copy of the file behind per parse,
which a long-lived process (the MCP server, ``watch``) accumulated without end. So
the callback returns buffers that are never freed anyway: one per power-of-two size
up to 64 KiB, refilled from the file on each read (a chunk of any length is a sum
of such sizes). A leaked reference to an immortal buffer costs nothing. The wrapper
releases its view of one chunk before it asks for the next, so a refill never
changes bytes the parser still reads.

A ``Parser`` must not be used by two threads at once (a Python callback may hand the
interpreter to another thread mid-parse), nor may the buffers. Each parse takes a
slot (buffers plus a parser per language) from a pool and gives it back: the pool
grows to the number of parses ever run at once, and no further.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from importlib import import_module

from tree_sitter import Language, Parser, Point, Range, Tree

Stop = Callable[[int, bool], bool]  # (byte offset, has_error) → True to halt the parse

_CHUNK_BITS = 16  # the largest chunk: 64 KiB
_TEXT_CHUNK = 64  # the first chunk of a node's text read after the parse (``_Source``)


class _Slot:  # a plain class: no dataclass methods to compile at load (speed)
    def __init__(self) -> None:
        self.buffers = [bytearray(1 << k) for k in range(_CHUNK_BITS + 1)]
        self.parsers: dict[Language, Parser] = {}


_free: list[_Slot] = []
_free_lock = threading.Lock()


def parse_within(language: Language, data: bytes, stop: Stop, ranges: Sequence[Range] = ()) -> Tree:
    """``data`` parsed as ``language``; ``stop`` is asked as the parse goes and halts it by
    returning True. ValueError when it was halted (the binding's word for it). ``ranges``:
    only these parts of ``data``, read as one text (byte and point offsets stay the file's)."""
    with _free_lock:
        slot = _free.pop() if _free else _Slot()
    source = _Source(data, slot.buffers)
    try:
        parser = slot.parsers.get(language)
        if parser is None:
            parser = slot.parsers[language] = Parser(language)
        try:
            if ranges:
                parser.included_ranges = list(ranges)
            return parser.parse(source, progress_callback=stop)
        except BaseException:
            parser.reset()  # the next parse starts afresh, not where this one stopped
            raise
        finally:
            if ranges:
                parser.included_ranges = []  # the whole text again, for the slot's next parse
    finally:
        source.buffers = None
        with _free_lock:
            _free.append(slot)


class _Source:
    """The parser's read callback. The tree keeps it and calls it again for a node's text
    (query predicates do): those calls come after the parse, get plain slices, which
    py-tree-sitter frees, and must not get a buffer (0.26.1 reads them as bytes).

    Speed: for a node's text py-tree-sitter copies each chunk twice and counts its newlines
    byte by byte, and asks again until it has the node's end. A predicate's capture is most
    often a name, so a text read starts with a short chunk and doubles it while the reads
    continue one another (a long node takes a few reads, never a quadratic number)."""

    __slots__ = ("buffers", "data", "text_next", "text_size", "view")

    def __init__(self, data: bytes, buffers: list[bytearray]) -> None:
        self.data, self.view = data, memoryview(data)
        self.buffers: list[bytearray] | None = buffers
        self.text_next, self.text_size = -1, _TEXT_CHUNK

    def __call__(self, offset: int, _point: Point) -> bytes | bytearray:
        if self.buffers is None:
            size = min(self.text_size << 1, 1 << _CHUNK_BITS) if offset == self.text_next else _TEXT_CHUNK
            self.text_next, self.text_size = offset + size, size
            return self.data[offset : offset + size]
        left = len(self.data) - offset
        if left <= 0:
            return b""  # the end; the empty bytes object is shared and never freed
        chunk = self.buffers[min(_CHUNK_BITS, left.bit_length() - 1)]
        chunk[:] = self.view[offset : offset + len(chunk)]
        return chunk


# The parse budget, shared by every parse of the package (extract, binding): in progress
# callbacks (one per ~100 parser operations) and in CPU seconds. Ordinary code costs about 10
# callbacks per KiB in every grammar here; a grammar that loops without end hits the count, one
# that crawls on some input (Ruby on ``f(1)f(1)…``) hits the time, and the file is reported,
# never hangs the index. CPU time, not wall time: a busy machine does not skip more files.
PARSE_BUDGET_BASE = 20_000
PARSE_BUDGET_PER_KIB = 200
PARSE_CPU_SECONDS = 5.0


def parse_budget(size: int) -> int:
    return PARSE_BUDGET_BASE + PARSE_BUDGET_PER_KIB * (size >> 10)


def budgeted_parse(
    language: Language, data: bytes, steps: int, cpu_seconds: float, ranges: Sequence[Range] = ()
) -> Tree:
    """``data`` parsed within ``steps`` progress callbacks and ``cpu_seconds``; past either the
    parse halts and ``ValueError`` is raised (``parse_within``)."""
    left = steps
    deadline = time.process_time() + cpu_seconds

    def progress(_offset: int, _has_error: bool) -> bool:
        nonlocal left
        left -= 1
        # True halts the parser; the clock is read every 32 steps (a read is a system call).
        return left < 0 or (not left & 31 and time.process_time() > deadline)

    return parse_within(language, data, progress, ranges)


@lru_cache(maxsize=4)
def kept_parse(language: Language, data: bytes, steps: int, cpu_seconds: float) -> Tree:
    """``budgeted_parse`` of a whole text, the last few trees kept (a tree is never changed
    after its parse): the change mapper (``extract``) and the call sites' reader (``binding``)
    parse the same changed file, and a parse is the same tree whoever asks (speed: the second
    parse of a 5,000-line file per side was a tenth of a warm review). A halted parse is not
    kept: it raises again."""
    return budgeted_parse(language, data, steps, cpu_seconds)


def grammar_of(package: str, function: str = "language") -> Callable[[], object]:
    """A spec's ``grammar``: its wheel imported when first asked for, so that a command that
    parses nothing loads none of the grammar libraries (speed: a share of every start-up)."""

    def grammar() -> object:
        return getattr(import_module(package), function)()

    return grammar


__all__ = [
    "PARSE_BUDGET_BASE",
    "PARSE_BUDGET_PER_KIB",
    "PARSE_CPU_SECONDS",
    "Stop",
    "budgeted_parse",
    "grammar_of",
    "kept_parse",
    "parse_budget",
    "parse_within",
]
