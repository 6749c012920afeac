"""A call written through a type's path names the type whose function it runs.

``MatcherBuilder::new(MatchingWords::new(v), t)`` holds two calls named ``new`` on one line:
Rust's ``T::f`` (Java's, C#'s and Kotlin's ``T.f``, Python's ``T.f``) is the function ``f`` of
``T``. A changed ``MatchingWords::new`` is called by the inner one only; the outer names another
type, so binding it against the changed parameters judges another function's call. A call on an
instance (a lowercase receiver), through ``Self``/``self`` or with no receiver is kept: its type
is not written there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from diffreach.languages.signatures import CallSite

# A type's name: capitalised and not all capitals (`RED` in `Color.RED.name()` is a constant).
_SEGMENT = re.compile(r"[A-Z][\w$]*[a-z][\w$]*")


def through_this_type(sites: Sequence[CallSite], owner: str, name: str, own: frozenset[str]) -> list[CallSite]:
    """The ``sites`` (calls named ``name``) less those written through another type's path than
    ``owner``'s; all of them when none is left (an alias may spell the type anew)."""
    if not owner or len(sites) < 2:
        return list(sites)
    kept = [s for s in sites if not _names_another(s.text, owner, name, own)]
    return kept or list(sites)


def _names_another(text: str, owner: str, name: str, own: frozenset[str]) -> bool:
    callee = "".join(text.split("(", 1)[0].split())
    if not callee.endswith(name):
        return False
    path = re.split(r"::|\.", callee[: -len(name)].rstrip(":."))
    segment = path[-1] if path else ""
    return bool(_SEGMENT.fullmatch(segment)) and segment != owner and segment not in own


__all__ = ["through_this_type"]
