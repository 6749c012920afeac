"""A definition's own type parameters, as a call sees them.

A call that writes no type arguments has them inferred: each type parameter a parameter's type
names takes the type of the argument given there (TypeScript's inference from arguments, Java's
JLS 18.5.1, Rust's and Kotlin's alike), so a parameter retyped to such a type parameter
(``value: unknown`` → ``value: T``) takes every argument its bound takes, and any when it has
none. Only a type parameter no parameter names takes its default or bound whatever the call
passes: a change to it is a change of the call's types ("type parameters changed"), as is any
change where the call writes its type arguments (``f<X>(…)``, ``f::<X>(…)``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from diffreach.languages.signature_text import top_level_split
from diffreach.languages.signatures import BindingRules, CallSite, Parameter

_NAME = re.compile(r"^\s*(?:const\s+|in\s+|out\s+|reified\s+)*([A-Za-z_$][\w$]*)")
# Where a declaration's bound starts (TypeScript's and Java's `extends`, Rust's, Kotlin's and
# Swift's `:`) and its default (`=`), at the top level of one declaration.
_BOUND = re.compile(r"^\s*(?:extends\b|:)\s*(.*)$", re.S)


def declared(type_parameters: str) -> dict[str, str]:
    """A generic parameter list's declarations by name, each its text without the name (its bound
    and default as written, spacing made one space); lifetimes (`'a`) are no types and are left out."""
    inner = type_parameters.strip()
    if len(inner) < 2 or inner[0] not in "<[" or inner[-1] not in ">]":
        return {}
    out: dict[str, str] = {}
    for part in top_level_split(inner[1:-1], ","):
        found = _NAME.match(part)
        if found is None or part.strip().startswith("'"):
            continue
        out[found.group(1)] = " ".join(part[found.end() :].split())
    return out


def bound_of(declaration: str) -> str:
    """The bound a declaration's text (``extends B = D``, ``: B``) states, "" for none."""
    found = _BOUND.match(declaration)
    if found is None:
        return ""
    return next(iter(top_level_split(found.group(1), "=")), "").strip()


def inferred(params: Sequence[Parameter], type_parameters: str, rules: BindingRules) -> tuple[Parameter, ...]:
    """The parameters as a call without type arguments binds them: one typed by the definition's
    own type parameter is typed by its bound, or by the language's top type when it has none
    (``BindingRules.top_types``: TypeScript's ``unknown``), so that a bound added later narrows."""
    own = declared(type_parameters)
    top = min(rules.top_types, default="")
    out = []
    for p in params:
        written = p.annotation.strip()
        if written in own:
            p = replace(p, annotation=bound_of(own[written]) or top, annotation_form="")
        elif "|" in written:  # `T | T[]`: a union takes what each member takes
            members = [m.strip() for m in top_level_split(written, "|")]
            if any(m in own and not bound_of(own[m]) for m in members):  # a union with the top type is it
                p = replace(p, annotation=top, annotation_form="")
            elif any(m in own for m in members):
                shown = " | ".join(bound_of(own[m]) if m in own else m for m in members)
                p = replace(p, annotation=shown, annotation_form="")
        out.append(p)
    return tuple(out)


def changed_for_call(before: str, after: str, new: Sequence[Parameter], site: CallSite) -> bool:
    """Do the types of this call follow a change of the type parameters: one added, removed or
    redeclared that no new parameter's type names (so no argument decides it), or any change
    where the call writes its type arguments?"""
    if "".join(before.split()) == "".join(after.split()):  # spacing never counts (`<A,B>`, `<A, B>`)
        return False
    old, now = declared(before), declared(after)
    if not now and not old:
        return True  # a list not read: as written, it changed
    callee = site.text.split("(", 1)[0]
    if "<" in callee:
        return True
    added = {n for n in now if n not in old}
    redeclared = {n for n in now if n in old and old[n] != now[n]}
    if any(n not in now for n in old):
        return True  # a type parameter removed: what the call's types were built from is gone
    # An added one an argument decides is inferred there; a redeclared one (its bound or default
    # changed) is judged through the parameters only where one is typed by it alone (``inferred``
    # gives that parameter the bound), and nested in another type (``Config<T>``) it is not.
    named = " ".join(p.annotation for p in new)
    alone = {p.annotation.strip() for p in new}
    return any(not _names(named, n) for n in added) or any(
        not _names(named, n) or _names(" ".join(a for a in alone if a != n), n) for n in redeclared
    )


def _names(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", text) is not None


__all__ = ["bound_of", "changed_for_call", "declared", "inferred"]
