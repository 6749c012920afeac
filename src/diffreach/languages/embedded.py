"""Script blocks inside markup: the ``<script>`` of Vue and Svelte components.

A single-file component holds markup, styles and one or more ``<script>``
blocks (Vue's ``<script setup>`` beside a plain ``<script>``, Svelte's
``<script context="module">``). We index the scripts as JavaScript or
TypeScript by blanking every byte outside their bodies with spaces, newlines
kept: the parser sees one program whose byte offsets and line numbers are the
file's own, so nothing has to be mapped back. Several blocks become one
program, which is what they are to the component (names of one block are seen
by the other). A block whose ``lang`` (or ``type``) names TypeScript makes the
whole file TypeScript, since the TypeScript grammar also reads plain JS; a
block in a language we cannot parse (CoffeeScript, a JSON or template
``type``) is left out. A file with no script block parses as an empty
program: its file node alone. Template expressions are not indexed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .spec import LanguageSpec

# Comments first, so a commented-out <script> is skipped; attribute values may hold '>'.
_BLOCK = re.compile(
    rb"<!--.*?-->|<script\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>(.*?)</script\s*>",
    re.DOTALL | re.IGNORECASE,
)
_LANG = re.compile(rb"""\b(lang|type)\s*=\s*["']?([\w/+.-]+)""", re.IGNORECASE)
# Every byte becomes a space except line breaks, which keep the rows.
_BLANK = bytes(b if b in b"\r\n" else 0x20 for b in range(256))

JS, TS, TSX = "js", "ts", "tsx"
_DIALECTS = {
    "": JS,
    "js": JS,
    "javascript": JS,
    "jsx": JS,
    "mjs": JS,
    "module": JS,
    "text/javascript": JS,
    "application/javascript": JS,
    "text/babel": JS,
    "ts": TS,
    "typescript": TS,
    "text/typescript": TS,
    "tsx": TSX,
}
# The widest dialect wins: a TSX block makes the file TSX, a TS block TypeScript.
_RANK = {JS: 0, TS: 1, TSX: 2}


def script_blocks(data: bytes) -> list[tuple[int, int, str]]:
    """(start, end, dialect) of the body of each script block we can parse."""
    blocks = []
    for m in _BLOCK.finditer(data):
        if m.group(2) is None:  # an HTML comment
            continue
        dialect = _dialect(m.group(1))
        if dialect is not None:
            blocks.append((m.start(2), m.end(2), dialect))
    return blocks


def _dialect(attributes: bytes) -> str | None:
    found = JS
    for m in _LANG.finditer(attributes):
        value = m.group(2).decode("ascii", "replace").lower()
        dialect = _DIALECTS.get(value)
        if dialect is None:
            return None
        if m.group(1).lower() == b"lang" or _RANK[dialect] > _RANK[found]:
            found = dialect
    return found


def blank_outside(data: bytes, spans: list[tuple[int, int]]) -> bytes:
    """``data`` with every byte outside the spans blanked; same length and lines."""
    out = bytearray(data.translate(_BLANK))
    for start, end in spans:
        out[start:end] = data[start:end]
    return bytes(out)


def script_code(js: LanguageSpec, ts: LanguageSpec, tsx: LanguageSpec) -> Callable[[bytes], tuple[LanguageSpec, bytes]]:
    """The ``embedded`` hook of a component format: its scripts, with the spec to parse them."""
    specs = {JS: js, TS: ts, TSX: tsx}

    def code(data: bytes) -> tuple[LanguageSpec, bytes]:
        blocks = script_blocks(data)
        dialect = max((d for _, _, d in blocks), key=_RANK.__getitem__, default=JS)
        return specs[dialect], blank_outside(data, [(s, e) for s, e, _ in blocks])

    return code
