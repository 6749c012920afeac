"""A default the body gives: what a parameter left out holds once the function starts.

A header may give a parameter no default, or the language's "not given" (``None``,
``undefined``), and the body's first lines give it its value then: ``o = o || {}``, ``n ??= 10``,
``if key is None: key = []``; or reads it in a way made for its absence (``o?.x``: a call leaving
it out gives the language's "not given", ``undefined``, which the body expects). To a call that
leaves the argument out that value is the default, as much as ``o = {}`` in the header would be:
moving it from the body to the header (or back) changes nothing for such a call, and changing it
changes what the call gets. The patterns are
the language's (``BindingRules.body_defaults``); only the body's first ``max_lines`` lines are
read, where a function settles its parameters before it uses them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from diffreach.languages.binding import body_after_parameters
from diffreach.languages.signatures import BindingRules, Parameter, ParamKind
from diffreach.languages.spec import LanguageSpec

MAX_LINES = 12
_NOT_FILLED = frozenset({ParamKind.RECEIVER, ParamKind.VAR_POSITIONAL, ParamKind.VAR_KEYWORD})


def with_body_defaults(
    spec: LanguageSpec,
    params: Sequence[Parameter],
    source: bytes,
    line: int,
    name: str,
    max_lines: int = MAX_LINES,
) -> tuple[Parameter, ...]:
    """``params``, each one a call may leave out with no value from the header (none, or the
    language's "not given") that the body's first lines give one, with that value as its default."""
    rules = spec.binding_rules
    if rules is None or not rules.body_defaults:
        return tuple(params)
    open_ = [p for p in params if p.name and p.kind not in _NOT_FILLED and _left_open(p, rules)]
    if not open_:
        return tuple(params)
    body = body_after_parameters(spec, source, line, name)
    if body is None:
        return tuple(params)
    head = "\n".join(body.splitlines()[:max_lines])
    absent = min(rules.not_given, default="")  # what a pattern with an empty value leaves it: not given
    given = {p.name: v or absent for p in open_ if (v := _given(head, p.name, rules.body_defaults)) is not None}
    return tuple(
        replace(p, has_default=True, default=given[p.name], default_form="") if p.name in given else p for p in params
    )


def _left_open(p: Parameter, rules: BindingRules) -> bool:
    """Can a call leave ``p`` out and have the body give it its value: its default is the
    language's "not given", it is optional (``p?``), or every parameter may be left out
    (``loose_arity``: JavaScript) and it has no default of its own."""
    if p.has_default:
        return p.default.strip() in rules.not_given
    return p.optional or rules.loose_arity


def _given(text: str, name: str, patterns: tuple[str, ...]) -> str | None:
    for pattern in patterns:
        found = re.search(pattern.replace("{p}", re.escape(name)), text, re.MULTILINE)
        if found is not None:
            return found.group("value").strip()
    return None


__all__ = ["MAX_LINES", "with_body_defaults"]
