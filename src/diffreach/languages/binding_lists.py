"""One parameter list's or argument list's captures, gathered per node, made into records.

The binding queries capture each parameter or argument node under one or more kinds
(``languages/binding.py`` documents the vocabulary); a node's kinds and parts (its name, type,
default and their syntax forms) are gathered into an ``Entry``, and a whole list's entries
become ``Parameter`` or ``Argument`` records here: the first kind of a precedence wins, so a
general pattern and a specific one can match the same node. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable

from .signatures import ArgKind, Argument, BindingRules, Parameter, ParamKind

PARAM_PRECEDENCE = ("self", "variadic", "keywords", "default", "optional", "positional")
_SEPARATORS = ("separator.positional", "separator.keyword")
_IGNORED = ("ignore",)  # in a list but no parameter (a dataclass's ClassVar)
_ARG_PRECEDENCE = ("ignore", "keywords", "spread", "keyword", "trailing", "positional")
_ARG_KINDS = {
    "keywords": ArgKind.KEYWORD_SPREAD,
    "spread": ArgKind.SPREAD,
    "keyword": ArgKind.KEYWORD,
    "trailing": ArgKind.TRAILING,
    "positional": ArgKind.POSITIONAL,
}


class Entry:
    """The captures of one parameter or argument node, gathered over its matches. (A plain class:
    no dataclass methods to compile at load, a share of every warm answer's start.)"""

    __slots__ = ("kinds", "parts", "start")

    def __init__(self, start: int, parts: dict[str, str]) -> None:
        self.start = start
        self.kinds: set[str] = set()
        self.parts = parts


def parameters_from(
    entries: dict[tuple[int, int], Entry], no_receiver: bool, implicit_receiver: bool, rules: BindingRules
) -> tuple[Parameter, ...]:
    """One parameter list's entries, in source order, as parameters: each node's first kind by
    ``PARAM_PRECEDENCE``; ``/`` ends the positional-only ones, ``*`` or a variadic one starts
    the keyword-only ones; ``no_receiver``: its ``self`` capture is an ordinary parameter."""
    ordered = sorted(entries.values(), key=lambda e: e.start)
    kinds = [
        _first_kind(e.kinds - ({"self"} if no_receiver else set()), _SEPARATORS + _IGNORED + PARAM_PRECEDENCE)
        for e in ordered
    ]
    positional_until = kinds.index("separator.positional") if "separator.positional" in kinds else -1
    keyword_after = min((i for i, k in enumerate(kinds) if k in ("separator.keyword", "variadic")), default=len(kinds))
    out: list[Parameter] = []
    for i, (entry, kind) in enumerate(zip(ordered, kinds)):
        if kind is None or kind in _SEPARATORS or kind in _IGNORED:
            continue
        parts = entry.parts
        out.append(
            Parameter(
                name=parts.get("name", ""),
                kind=_PARAM_KINDS.get(kind) or _ordinary(i, positional_until, keyword_after, rules),
                has_default=kind == "default",
                default=parts.get("value", "") if kind == "default" else "",
                optional=kind == "optional",
                annotation=parts.get("type", ""),
                default_form=parts.get("value_form", "") if kind == "default" else "",
                annotation_form=parts.get("type_form", ""),
                implicit=kind == "self" and implicit_receiver,
            )
        )
    return tuple(out)


_PARAM_KINDS = {"self": ParamKind.RECEIVER, "variadic": ParamKind.VAR_POSITIONAL, "keywords": ParamKind.VAR_KEYWORD}


def _ordinary(i: int, positional_until: int, keyword_after: int, rules: BindingRules) -> ParamKind:
    if i > keyword_after:
        # Marked by name only: so even where functions take no names (Rust's struct fields).
        return ParamKind.KEYWORD_ONLY
    if not rules.keyword_arguments or i < positional_until:
        return ParamKind.POSITIONAL_ONLY
    return ParamKind.POSITIONAL_OR_KEYWORD


def _first_kind(kinds: set[str], precedence: Iterable[str]) -> str | None:
    return next((k for k in precedence if k in kinds), None)


def arguments_from(entries: dict[tuple[int, int], Entry]) -> tuple[Argument, ...]:
    """One argument list's entries, in source order, as arguments (comments left out)."""
    out: list[Argument] = []
    for entry in sorted(entries.values(), key=lambda e: e.start):
        kind = _first_kind(entry.kinds, _ARG_PRECEDENCE)
        if kind is None or kind == "ignore":
            continue
        out.append(Argument(_ARG_KINDS[kind], entry.parts.get("name", ""), entry.parts["text"]))
    return tuple(out)


__all__ = ["PARAM_PRECEDENCE", "Entry", "arguments_from", "parameters_from"]
