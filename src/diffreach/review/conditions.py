"""A definition newly compiled only under a condition: what its calls can no longer count on.

Some attributes decide whether a definition exists at all (``BindingRules.conditional_attributes``:
Rust's ``#[cfg(p)]``, Reference, "Conditional compilation"). A condition added, or rewritten, leaves
a call with nothing to bind in every build where it fails, and the call site does not say how it
is built: "cannot tell" (medium). A condition dropped only makes the definition exist in more
builds, so every call binds as before. The attributes are read from the lines above each
version's header (the grammar leaves them outside the definition's node; ``changes.py`` extends a
changed definition over them), never guessed from its name.
"""

from __future__ import annotations

import re

from diffreach.languages.spec import LanguageSpec
from diffreach.model import Change, ChangeKind
from diffreach.review.change_kinds import split_decorators
from diffreach.review.outcomes import Outcome, Verdict
from diffreach.review.results import Readers


def conditioned(seed: Change, spec: LanguageSpec, read: Readers, name: str) -> list[Outcome]:
    """The outcome of a condition new on the definition (none when none is new)."""
    rules = spec.binding_rules
    if rules is None or not rules.conditional_attributes or not spec.decorator_prefix:
        return []
    if ChangeKind.DECORATORS not in seed.changes:
        return []  # the attribute lines are the same: no condition is new (and no file is read per call)
    old_source, new_source = read.old(seed.file), read.new(seed.file)
    if old_source is None or new_source is None:
        return []
    old_line = seed.old_start_line or seed.start_line
    before = _conditions(old_source, old_line, spec.decorator_prefix, rules.conditional_attributes)
    after = _conditions(new_source, seed.start_line, spec.decorator_prefix, rules.conditional_attributes)
    new = sorted(after - before)
    if not new:
        return []
    shown = ", ".join(f"`{c}`" for c in new)
    why = f"`{name}` is now compiled only where {shown} holds: this call may not build where it does not"
    return [Outcome(Verdict.CANNOT_TELL, (why,))]


def _conditions(source: bytes, start: int, prefix: str, names: frozenset[str]) -> frozenset[str]:
    """The conditional attributes written above the header at line ``start`` (1-based), each as
    written with its spacing squeezed (`cfg(feature = "std")`)."""
    lines = source.decode("utf-8", "replace").splitlines()[max(start - 1, 0) :]
    decorators, _ = split_decorators(lines, prefix)
    text = " ".join(" ".join(line.split()) for line in decorators)
    found = set()
    for body in _bodies(text, prefix):
        word = _WORD.match(body)
        if word is not None and word.group(0) in names:
            found.add(body)
    return frozenset(found)


_WORD = re.compile(r"[\w:]+")


def _bodies(text: str, prefix: str) -> list[str]:
    """Each attribute's body: after the prefix, up to the bracket that closes the one the prefix
    opens (`#[cfg(all(unix, any(a, b)))]` → `cfg(all(unix, any(a, b)))`), nested brackets counted."""
    out: list[str] = []
    at = text.find(prefix)
    while at >= 0:
        depth, i = 1, at + len(prefix)
        while i < len(text) and depth:
            depth += {"[": 1, "(": 1, "]": -1, ")": -1}.get(text[i], 0)
            i += 1
        out.append(text[at + len(prefix) : i - 1].strip())
        at = text.find(prefix, i)
    return out


__all__ = ["conditioned"]
