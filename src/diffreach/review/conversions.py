"""A parameter retyped to a conversion bound: what the standard library converts, it takes.

Rust's ``x: impl AsRef<Path>`` (or ``x: P`` with ``P: AsRef<Path>``) takes every argument whose
type implements ``AsRef<Path>``: ``&Path`` does (the blanket ``impl AsRef<U> for &T``), so a call
passing what ``x: &Path`` took still binds. The traits and the types each takes are the
language's (``BindingRules.conversions``: a trait's templates over its argument, ``{}``, and
``conversion_pairs``: one type the standard library converts to one bound, ``&str`` to
``Into<String>``). A bound of several traits (``AsRef<str> + Send``) takes a type one of its
conversion traits takes (the others are read as met).
"""

from __future__ import annotations

import re

from diffreach.languages.signature_text import top_level_split
from diffreach.languages.signatures import BindingRules

_GENERIC = re.compile(r"^([\w:]+)<(.*)>$")
_LIFETIME = re.compile(r"'\s*\w+|\"\s*_")  # `'a` as written, `"_` as a syntax form spells it


def converts(member: str, bound: str, rules: BindingRules) -> bool:
    """Does a value of type ``member`` fill a parameter whose type is the bound ``bound``?"""
    if not rules.conversions and not rules.conversion_pairs:
        return False
    written = _plain(member)
    text = bound.strip()
    text = text[len("impl") :] if re.match(r"impl\b", text) else text
    templates = dict(rules.conversions)
    for part in top_level_split(text, "+"):
        trait = _plain(part)
        if (trait, written) in rules.conversion_pairs:
            return True
        generic = _GENERIC.match(trait)
        if generic is None:
            continue
        name, argument = generic.group(1).rsplit("::", 1)[-1], generic.group(2)
        argument = argument.split("=", 1)[1] if argument.startswith("Item=") else argument
        if any(t.format(argument) == written for t in templates.get(name, ())):
            return True
    return False


def _plain(text: str) -> str:
    """A type without lifetimes and spaces: one spelling to compare."""
    return re.sub(r"\s+", "", _LIFETIME.sub("", text))


__all__ = ["converts"]
