"""A default that names a constant of its own file: the value that constant is bound to.

A parameter's default written as a literal (``max_length=0``) and rewritten as a name
(``max_length=ZLIB_MAX_LENGTH_UNLIMITED``) gives a call that leaves it out the same value when
the file binds that name once, at its top level, to that literal (``ZLIB_MAX_LENGTH_UNLIMITED =
0``): the default is evaluated to the constant's value, whatever the spelling. Read from the new
version of the callee's file: a top-level line that binds the name (after declaration words such
as ``const``, ``static final int``, ``pub const N: u32``) to one literal (a number, a quoted string
without quotes inside, or the language's own constants ``True``, ``None``, ``null``, ``nil``, …).
A name bound more than once, or to anything else, is left as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from diffreach.languages.signatures import Parameter

_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_LITERAL = re.compile(
    r"-?\d[\w.]*|\"[^\"\\]*\"|'[^'\\]*'|True|False|None|true|false|null|nil|undefined",
)


def with_constant_defaults(old: Sequence[Parameter], new: Sequence[Parameter], source: bytes) -> tuple[Parameter, ...]:
    """The new parameters, each default that names a top-level constant bound to the literal the
    old parameter of that name had as its default written as that literal (the same value)."""
    old_defaults = {p.name: p for p in old if p.name and p.default}
    result: list[Parameter] = []
    for q in new:
        p = old_defaults.get(q.name)
        if p is not None and q.default and _NAME.fullmatch(q.default.strip()) and q.default != p.default:
            value = _bound_literal(source, q.default.strip())
            if value is not None and _spelled(value) == _spelled(p.default):
                q = replace(q, default=p.default, default_form=p.default_form)
        result.append(q)
    return tuple(result)


def _bound_literal(source: bytes, name: str) -> str | None:
    """The literal a top-level line binds ``name`` to, when exactly one line binds it."""
    text = source.decode("utf-8", "replace")
    pattern = re.compile(
        rf"^(?:[\w$<>\[\]]+\s+)*{re.escape(name)}\s*(?::\s*[\w$.\[\]<>]+\s*)?=\s*(.+?)\s*;?\s*(?:(?:#|//).*)?$",
        re.MULTILINE,
    )
    found = pattern.findall(text)
    if len(found) != 1:
        return None
    value = found[0].strip()
    return value if _LITERAL.fullmatch(value) else None


def _spelled(literal: str) -> str:
    """A literal with its quotes made one: ``'x'`` and ``"x"`` are one value."""
    literal = literal.strip()
    if len(literal) >= 2 and literal[0] in "'\"" and literal[-1] == literal[0]:
        return '"' + literal[1:-1] + '"'
    return literal


__all__ = ["with_constant_defaults"]
