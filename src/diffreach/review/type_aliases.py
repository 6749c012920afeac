"""A parameter's type written as a name the file gives a type: compared as what it names.

A file may name a type at its top level (Python's ``PathLike = Union[str, Path]``,
``X: TypeAlias = …``, ``type X = …``; TypeScript's ``type X = A | B``) or a type variable with its
bound or constraints (``D = TypeVar("D", bound="Database")``: whatever a call passes must be a
``Database``; ``TypeVar("S", str, bytes)``: one of them; no bound: anything). A parameter
retyped from ``bytes`` to ``PathLike``, or from ``Database`` to ``D``, accepts every value it did;
read as names alone they look unrelated. Each name is read in the version of the file its
parameters come from, and replaced where it stands as a whole word of the annotation, up to
``MAX_DEPTH`` times (an alias of an alias). The patterns are the language's
(``BindingRules.type_alias_lines``, ``type_variable_lines``). Likewise a parameter declared without
a type whose default is a literal has the literal's type where the language infers it so
(TypeScript: ``count = Infinity`` is a ``number``; ``BindingRules.default_types``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from diffreach.languages.signature_text import top_level_split
from diffreach.languages.signatures import BindingRules, Parameter
from diffreach.languages.spec import LanguageSpec

MAX_DEPTH = 3
_WORD = re.compile(r"(?<![\w.$])[A-Za-z_$][\w$]*(?![\w$])")
_BOUND = re.compile(r"^\s*bound\s*=\s*(?P<bound>.+?)\s*$")


def with_aliases(spec: LanguageSpec, params: Sequence[Parameter], source: bytes) -> tuple[Parameter, ...]:
    """``params``, each annotation naming a type alias or type variable of the file written out."""
    rules = spec.binding_rules
    if rules is None or not (rules.type_alias_lines or rules.type_variable_lines):
        return tuple(params)
    if not any(p.annotation for p in params):
        return tuple(params)
    table = _names(source, rules)
    if not table:
        return tuple(params)
    out = []
    for p in params:
        written = _expanded(p.annotation, table) if p.annotation else p.annotation
        out.append(replace(p, annotation=written, annotation_form="") if written != p.annotation else p)
    return tuple(out)


def with_default_types(spec: LanguageSpec, params: Sequence[Parameter]) -> tuple[Parameter, ...]:
    """``params``, each declared without a type but with a literal default typed by that literal
    where the language infers it so (``BindingRules.default_types``: ``count = Infinity`` is a
    ``number``)."""
    rules = spec.binding_rules
    if rules is None or not rules.default_types:
        return tuple(params)
    out = []
    for p in params:
        typed = p.annotation or not p.default
        found = (
            None
            if typed
            else next((t for pattern, t in rules.default_types if re.fullmatch(pattern, p.default.strip())), None)
        )
        out.append(replace(p, annotation=found, annotation_form="") if found else p)
    return tuple(out)


def _expanded(text: str, table: dict[str, str]) -> str:
    for _ in range(MAX_DEPTH):
        after = _WORD.sub(lambda m: f"({table[m.group()]})" if m.group() in table else m.group(), text)
        if after == text:
            break
        text = after
    return _unparenthesised(text)


def _unparenthesised(text: str) -> str:
    """``(A | B) | C`` → ``A | B | C``: a union's members spelled flat, as the comparison reads them."""
    parts = []
    for part in top_level_split(text, "|"):
        part = part.strip()
        while part.startswith("(") and part.endswith(")") and _balanced(part[1:-1]):
            part = part[1:-1].strip()
        parts.append(part)
    return " | ".join(parts)


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if depth < 0:
            return False
    return depth == 0


@lru_cache(maxsize=32)
def _names(source: bytes, rules: BindingRules) -> dict[str, str]:
    """Name → the type it stands for, from the file's top-level lines."""
    text = source.decode("utf-8", "replace")
    table: dict[str, str] = {}
    for pattern in rules.type_alias_lines:
        for m in re.finditer(pattern, text, re.MULTILINE):
            table.setdefault(m.group("name"), m.group("value").strip())
    for pattern in rules.type_variable_lines:
        for m in re.finditer(pattern, text, re.MULTILINE):
            table.setdefault(m.group("name"), _variable(m.group("value"), rules))
    return table


def _variable(arguments: str, rules: BindingRules) -> str:
    """What a type variable admits: its bound, the union of its constraints, else anything."""
    args = [a.strip() for a in top_level_split(arguments) if a.strip()]
    bound = next((m.group("bound") for a in args if (m := _BOUND.match(a))), None)
    if bound is not None:
        return bound.strip("\"'")
    constraints = [a.strip("\"'") for a in args if "=" not in a]
    if constraints:
        return " | ".join(constraints)
    return next(iter(sorted(rules.top_types)), "object")


__all__ = ["MAX_DEPTH", "with_aliases", "with_default_types"]
