"""JSDoc: the types a JavaScript doc comment states (``LanguageSpec.doc_types``).

JavaScript states no types in its syntax; its doc comments do, in the JSDoc tags that the Closure
Compiler and TypeScript's ``checkJs`` read as declarations: ``@param {T} name`` types a parameter,
``@return {T}``/``@returns {T}`` the function's result, and ``@type {T}`` (or Closure's
``@private {T}``, ``@const {T}``, …) the variable or field the comment precedes, and ``@extends {T}``/
``@implements {T}`` the supertypes of the class it precedes (Closure declares interfaces so). A type is
kept where it names one class: Closure's non-null ``!T`` and nullable ``?T`` marks and an optional
parameter's ``T=`` are left out, a union with ``null``/``undefined`` is its other member; records,
function types, ``*`` and unions of two classes state nothing usable (the caller's ``type_text``
drops what names no single class).
"""

from __future__ import annotations

import re

from .spec import RETURNS

# A tag and its braced type; nested braces (record types) are not matched, and state no class.
_TAG = re.compile(r"@(\w+)\s*\{([^{}]*)\}\s*(\[?[\w$.]*)")
_DECLARING = frozenset({"type", "private", "protected", "public", "package", "const", "define", "export"})
_RETURNING = frozenset({"return", "returns"})
_SUPER = frozenset({"extends", "implements", "augments"})  # a class's supertypes (Closure: @interface's implementers)
SUPERTYPE = "^"  # what ``doc_types`` pairs with a supertype the comment declares for the class it precedes


def doc_types(comment: str) -> list[tuple[str, str]]:
    """(what is typed, its type) for each tag of ``comment`` that states a class: a parameter's
    name, ``RETURNS`` for the result, "" for the declaration the comment precedes, ``SUPERTYPE`` for a
    class the class the comment precedes extends or implements."""
    out: list[tuple[str, str]] = []
    for tag, written, name in _TAG.findall(comment):
        type_name = _plain(written)
        if not type_name:
            continue
        name = name.lstrip("[")  # an optional parameter: [name] or [name=default]
        if tag == "param" and name and "." not in name:  # not a property of a parameter (opts.x)
            out.append((name, type_name))
        elif tag in _RETURNING:
            out.append((RETURNS, type_name))
        elif tag in _DECLARING:
            out.append(("", type_name))
        elif tag in _SUPER:
            out.append((SUPERTYPE, type_name))
    return out


def _plain(written: str) -> str:
    """``!a.B``, ``?a.B``, ``a.B=``, ``(a.B|null)`` → ``a.B``; "" for a rest parameter (``...T``),
    a function type or anything with no class name of its own."""
    text = written.strip().strip("()").strip()
    if text.startswith(("...", "function")):
        return ""
    members = [m.strip().lstrip("!?").rstrip("=").strip() for m in text.split("|")]
    kept = [m for m in members if m and m not in ("null", "undefined")]
    return kept[0] if len(kept) == 1 and kept[0] != "*" else ""
