"""What a definition's body now deprecates: the function, or passing one of its parameters.

A deprecation a header does not declare (Java's ``@Deprecated`` is read in ``results.py``) is
written in the body as a warning of a deprecation category (``BindingRules.deprecation_warnings``:
Python's ``DeprecationWarning``, Node's ``"DeprecationWarning"``). Where it stands says what it
deprecates: under a condition (``BindingRules.condition_words``) that names a parameter (``if
safe_conversion is not None:``, ``if "cls" in kwargs:``), passing that parameter; at the top of
the body, under no condition, every call. The statement around a line is found by indentation
(a statement's continuation lines are indented deeper than its first line, a block's statements
deeper than the line that opens it), so this reads formatted code of any language with
indented blocks or braces. A deprecation the old body already had is not new.

At a call: one that passes a newly deprecated parameter, or calls a newly deprecated function,
is asked to move (``deprecated``, medium, as a Java call of a newly ``@Deprecated`` method);
one that relies on the default of a parameter it is now deprecated to pass does what the
deprecation asks (its changed default is the sentinel of "not given", low).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from diffreach.languages.signatures import ArgKind, BindingRules, CallSite, Parameter, ParamKind
from diffreach.review.binder import bind

_WORD = re.compile(r"[A-Za-z_$][\w$]*")
WHOLE = "*"  # the deprecated set's mark for the function itself
_MAX_LINES = 400  # lines of a body read at most


class Deprecated(NamedTuple):
    """What the new body deprecates that the old did not: parameter names, and WHOLE for the function.
    A named tuple: no dataclass methods compiled when the module loads (speed of a warm answer)."""

    names: frozenset[str]

    @property
    def function(self) -> bool:
        return WHOLE in self.names


def newly_deprecated(old: bytes, old_line: int, new: bytes, new_line: int, rules: BindingRules) -> Deprecated:
    """What the definition starting at ``new_line`` of ``new`` deprecates that the one at
    ``old_line`` of ``old`` did not."""
    if not rules.deprecation_warnings or not rules.condition_words:
        return Deprecated(frozenset())
    words, conditions = tuple(sorted(rules.deprecation_warnings)), rules.condition_words
    before = _deprecated(old, old_line, words, conditions) if old_line else frozenset()
    after = _deprecated(new, new_line, words, conditions)
    return Deprecated(after - before)


@lru_cache(maxsize=64)
def _deprecated(source: bytes, line: int, words: tuple[str, ...], conditions: tuple[str, ...]) -> frozenset[str]:
    """The guards of the deprecation warnings in the body of the definition at ``line``: the
    identifiers and quoted names of each condition over one, or WHOLE for one under none."""
    lines = source.decode("utf-8", "replace").splitlines()
    if not 0 < line <= len(lines):
        return frozenset()
    body = _body(lines, line - 1)
    found: set[str] = set()
    for i in body:
        if not any(re.search(rf"(?<![\w$]){re.escape(w)}(?![\w$])", lines[i]) for w in words):
            continue
        guard = _guard(lines, _statement(lines, i, body[0]), body[0], conditions)
        if guard is None:
            found.add(WHOLE)
        elif guard:
            found.update(guard)
    return frozenset(found)


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


def _body(lines: list[str], start: int) -> list[int]:
    """The lines after the header's first line, up to the first non-blank line at or left of
    its indentation that does not close it (a ``}``, a ``)`` of a header over lines)."""
    depth = _indent(lines[start])
    out: list[int] = []
    for i in range(start + 1, min(len(lines), start + 1 + _MAX_LINES)):
        text = lines[i]
        if text.strip() and _indent(text) <= depth:
            if text.strip()[:1] in ")]":
                continue  # the end of a header over lines
            break
        out.append(i)
    return out


def _statement(lines: list[str], i: int, first: int) -> int:
    """The first line of the statement line ``i`` belongs to: back over continuation lines."""
    at = i
    for j in range(i - 1, first - 1, -1):
        text = lines[j]
        if not text.strip():
            continue
        if _indent(text) < _indent(lines[at]) and text.rstrip().endswith(("(", "[", "{", ",")):
            at = j  # an open call or literal continues on the line below
        elif _indent(text) < _indent(lines[at]):
            break
    return at


def _guard(lines: list[str], at: int, first: int, conditions: tuple[str, ...]) -> frozenset[str] | None:
    """The names in the condition that opens the block holding line ``at``; None when no block
    does (the statement is the body's own), an empty set when another kind of block does."""
    depth = _indent(lines[at])
    for j in range(at - 1, first - 1, -1):
        text = lines[j]
        if not text.strip() or _indent(text) >= depth:
            continue
        head = text.strip().lstrip("}").strip()
        if head.startswith("else "):
            head = head[5:].strip()
        word = _WORD.match(head)
        if word is not None and word.group() in conditions:
            return frozenset(_WORD.findall(head)) | frozenset(re.findall(r"[\"']([\w$]+)[\"']", head))
        return frozenset()
    return None


def passes(params: Sequence[Parameter], site: CallSite, rules: BindingRules, names: frozenset[str]) -> str:
    """The name of a parameter in ``names`` that the call passes (by name, or by position as the
    old parameters bind it); "" when it passes none."""
    for arg in site.arguments:
        if arg.kind is ArgKind.KEYWORD and arg.name in names:
            return arg.name
    binding = bind(params, site.arguments, rules)
    for slot in binding.slots:
        p = params[slot] if slot is not None else None
        if p is not None and p.name in names and p.kind is not ParamKind.RECEIVER and not p.catch_all:
            return p.name
    return ""


def optional_names(old: Sequence[Parameter], new: Sequence[Parameter]) -> frozenset[str]:
    """The parameters a call may leave out or no longer has by name: those with a default (or
    optional) in the new list, and those the new list dropped (moved to a ``**kwargs``). Only
    passing such a parameter can be deprecated: a required one is passed by every call."""
    kept = {p.name for p in new}
    dropped = {p.name for p in old if p.name not in kept and not p.catch_all}
    return frozenset({p.name for p in new if (p.has_default or p.optional) and not p.catch_all} | dropped)


__all__ = ["WHOLE", "Deprecated", "newly_deprecated", "optional_names", "passes"]
