"""A parameter written as an object pattern, and the object a call gives it.

ECMA-262's destructuring (14.3.3): ``function Panel({ mode, value })`` reads ``mode`` and
``value`` off the object the call passes; a property the object does not have binds
``undefined``, unless the pattern gives it a default (``{ mode = "ast" }``). A pattern that newly
reads a property without a default is, to a call whose object lacks it, a new parameter left
undefined (what ``LEFT_UNDEFINED`` says of a new positional parameter in JavaScript). A property
the old pattern read and the new one neither reads nor gathers (no ``...rest``) is, to a call
whose object gives it, an argument now ignored (``ARGUMENT_DROPPED``). A parameter that became a
pattern reading a property of its old name (``settings`` → ``{ settings, argv }``) reads the
value a call passes for the old one as the object holding it: the call binds differently, unless
its written-out object gives that property. The object's
keys are read only where the call writes them out: a JSX element's attributes (``<Panel
value={v} />``) or an object literal (``f({ value: v })``); a spread (``{...props}``) may give any.
"""

from __future__ import annotations

import re

from diffreach.languages.signature_text import top_level_split

_PATTERN = re.compile(r"^\s*\{(?P<inner>.*)\}\s*$", re.S)
_KEY = re.compile(r"^\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)")
_TAG = re.compile(r"^<[\w$.]+")
_ATTRIBUTE = re.compile(r"(?:^|\s)([A-Za-z_$][\w$-]*)(?=\s*=|\s|/?>|$)")


def undestructured(old_pattern: str, new_pattern: str, argument: str) -> tuple[str, ...]:
    """The properties the new pattern reads without a default, the old one did not read, and the
    call's written-out object does not give; () when either side is not read."""
    before, after = _read(old_pattern), _read(new_pattern)
    given = _given(argument)
    if before is None or after is None or given is None:
        return ()
    missing = tuple(
        name for name, defaulted in after.items() if not defaulted and name not in before and name not in given
    )
    # A property renamed in the pattern (`{ args }` → `{ options }`) that the call gave under
    # neither name was undefined before too: as many old-only properties the call lacked as new
    # ones it lacks are renames, and leave nothing newly undefined.
    renamed = [name for name, defaulted in before.items() if not defaulted and name not in after and name not in given]
    return () if len(renamed) >= len(missing) else missing


def unread(old_pattern: str, new_pattern: str, argument: str) -> tuple[str, ...]:
    """The properties the call's written-out object gives that the old pattern read and the new one
    no longer reads, nor gathers into a rest element; () when either side is not read."""
    before, after = _read(old_pattern), _read(new_pattern)
    given = _given(argument)
    if before is None or after is None or given is None or _gathers(new_pattern):
        return ()
    return tuple(sorted(name for name in given if name in before and name not in after))


def reads_old_from(old_name: str, new_pattern: str, argument: str) -> bool:
    """Does the new pattern read a property named as the old plain parameter, where the call
    passes a value not written out as an object giving it (what the old parameter took)?"""
    after = _read(new_pattern)
    if after is None or old_name not in after or not re.fullmatch(r"[A-Za-z_$][\w$]*", old_name):
        return False
    if _TAG.match(argument.strip()):
        return False  # an element passes its props object, written for the pattern
    given = _given(argument)
    return given is None or old_name not in given


def _gathers(pattern: str) -> bool:
    """Whether an object pattern ends in a rest element (``{ a, ...rest }``), which takes every
    property the others do not read."""
    found = _PATTERN.match(pattern)
    return found is not None and any(p.strip().startswith("...") for p in top_level_split(found.group("inner")))


def _opening_tag(rest: str) -> str | None:
    """The attributes' text up to the ``>`` that ends the opening tag, outside braces and quotes."""
    depth, quote = 0, ""
    for i, ch in enumerate(rest):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'" and depth == 0:
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == ">" and depth == 0:
            return rest[:i].rstrip("/")
    return None


def _read(pattern: str) -> dict[str, bool] | None:
    """An object pattern's properties: name → whether it has a default; None if not a pattern."""
    found = _PATTERN.match(pattern)
    if found is None:
        return None
    out: dict[str, bool] = {}
    for part in top_level_split(found.group("inner")):
        part = part.strip()
        key = _KEY.match(part)
        if not part or part.startswith("...") or key is None:
            continue
        name = key.group(1)
        rest = part[key.end() :].strip()
        out[name] = rest.startswith("=") or ("=" in rest and ":" in rest)  # `{ a = 1 }`, `{ a: b = 1 }`
    return out


def _given(argument: str) -> frozenset[str] | None:
    """The keys a JSX element's attributes or an object literal give; None when unread or spread."""
    text = argument.strip()
    tag = _TAG.match(text)
    if tag is not None:
        attrs = _opening_tag(text[tag.end() :])
        if attrs is None:
            return None
        if re.search(r"\{\s*\.\.\.", attrs):
            return None  # {...props}: any key
        plain = re.sub(r"\{(?:[^{}]|\{[^{}]*\})*\}|\"[^\"]*\"|'[^']*'", " ", attrs)
        return frozenset(_ATTRIBUTE.findall(plain))
    literal = _PATTERN.match(text)
    if literal is None:
        return None
    keys = set()
    for part in top_level_split(literal.group("inner")):
        part = part.strip()
        if part.startswith("..."):
            return None
        key = _KEY.match(part)
        if key is not None:
            keys.add(key.group(1))
    return frozenset(keys)


__all__ = ["reads_old_from", "undestructured", "unread"]
