"""A signature read as text: its parenthesised parameter list, its arity, a list split at its
top-level separators. The spec's ``parameters`` field defaults to ``parameter_list``; a language
whose list is found otherwise (Go's receiver before it) brings its own."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the spec holds these readers as its defaults: a type, not an import cycle
    from .spec import LanguageSpec


def parameter_list(signature: str, skip: int = 0) -> str | None:
    """The text inside a signature's parenthesised group number ``skip`` (0: the first),
    brackets of every kind nested in it; None when there is no such group."""
    start, end = -1, -1
    for _ in range(skip + 1):
        start = signature.find("(", end + 1)
        if start < 0:
            return None
        end = _closing(signature, start)
        if end < 0:
            return None
    return signature[start + 1 : end]


def arity(signature: str, spec: LanguageSpec | None = None) -> tuple[int, int | None] | None:
    """(required, maximum or None for variadic) from a signature's parameter list, which
    the language's spec finds (the first parenthesised group when there is no spec)."""
    text = (spec.parameters if spec is not None else parameter_list)(signature)
    if text is None:
        return None
    params = [p.strip() for p in top_level_split(text) if p.strip()]
    params = [
        p
        for p in params
        if p not in ("self", "cls", "this", "/", "*") and not p.startswith(("self:", "&self", "&mut self"))
    ]
    required, maximum = 0, 0
    variadic = False
    for p in params:
        if p.startswith(("**", "*")) or "..." in p:
            variadic = True
            continue
        maximum += 1
        if "=" not in p and "?" not in p.split(":")[0]:
            required += 1
    return required, (None if variadic else maximum)


def top_level_split(text: str, separator: str = ",") -> Iterable[str]:
    """The parts of ``text`` split at ``separator`` outside brackets (of every kind, nested): a
    list's items at its commas, a union's members at its ``|``."""
    depth, last = 0, 0
    for i, ch in enumerate(text):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        elif ch == separator and depth == 0:
            yield text[last:i]
            last = i + 1
    yield text[last:]


def _closing(text: str, start: int) -> int:
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
            if depth == 0:
                return i
    return -1


def marked(signature: str, markers: tuple[str, ...]) -> bool:
    """Whether one of ``markers`` starts a word of ``signature``: first, or after modifiers and
    other decorators (``public get x()``, ``static get``, ``@abstractmethod @property``)."""
    return any(signature.startswith(m) or f" {m}" in signature or f"\n{m}" in signature for m in markers)


def is_getter(spec: LanguageSpec, signature: str, name: str) -> bool:
    """Whether the method ``name`` with this signature is a property's getter: marked so (a word
    of ``property_markers``: ``@property``, ``get``) or, where a property is a declaration with no
    parameter list (``parameterless_properties``: C#), declared without one."""
    if spec.parameterless_properties:
        return not has_parameter_list(signature, name)
    return marked(signature, spec.property_markers)


def has_parameter_list(signature: str, name: str) -> bool:
    """Whether the declaration of ``name`` states a parameter list after its name (``Run()``,
    ``Make<T>(int a)``), read before any body (``{ get; }``, ``=> Make()``): a C# property states
    none, whatever its type (``(int, int) Pair { get; }``) or value."""
    head = signature.partition("=>")[0].partition("{")[0]
    return re.search(rf"\b{re.escape(name)}\s*(<[^()]*>)?\s*\(", head) is not None


def is_stub(signature: str, markers: tuple[str, ...]) -> bool:
    """Does a header carry a stub marker (Python's ``@overload``), spelled as listed or through a
    module alias (``@t.overload`` after ``import typing as t``)?"""
    return bool(markers) and any(w in markers or f"@{w.rsplit('.', 1)[-1]}" in markers for w in signature.split())
