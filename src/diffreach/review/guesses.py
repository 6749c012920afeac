"""What a call on an edge found by name alone (no import, scope or type) may say about its callee.

Such an edge is a guess, and the call's arguments are the only evidence for or against it: a
call that fits neither the old nor the new parameters refutes it (``callsites.py``). Where the
name is one of several definitions' (``ambiguous-name``) or a call on a receiver of unknown type
(``name``), an outcome that rests on no evidence from the call says nothing about this callee: a
changed return (used, or new and ignored), raise or default, a binding the call's unpacking or the callee's decorators
leave open (cannot tell), the symbol only passed as a value. Each is ``GUESSED_CALLEE``, low.
Two things the call does show stay as they are: arguments the new parameters refuse, and a
value the call uses where the callee now returns none (``result_gone``): a call written for a
result meets a definition that gives none, as a call written for the old parameters meets new
ones it does not fit.

A call on a receiver of unknown type whose name the language's own types define too
(``builtin_methods``: ``d.values()``, ``it.map(f)``) is tied to a definition of the repository by
that name only, unless the calling function's own header names the class or trait that defines
it (``names_owner``: a parameter of that type, a generic bounded by that trait, ``T: Pixel``):
then a receiver of that type is evident where the call stands (in Rust a trait's methods are
found on a value whose type is bounded by it), and the call is judged as any other.
"""

from __future__ import annotations

import re

from diffreach.review.outcomes import Outcome, Verdict

# What a call's arguments neither confirm nor refute: on a guessed edge, not this call's evidence.
UNCONFIRMED = frozenset(
    {
        Verdict.RETURN_USED,
        Verdict.RESULT_IGNORED,
        Verdict.RAISES_UNHANDLED,
        Verdict.CHANGED_DEFAULT,
        Verdict.CANNOT_TELL,
        Verdict.PASSED_AS_VALUE,
    }
)


def unconfirmed(outcome: Outcome, name: str) -> Outcome:
    """An outcome on an edge that is one guess of several by name, which the call neither confirms
    nor refutes: its arguments bind the others alike; nothing says it runs this one (low, with
    what changed)."""
    why = f"its edge to `{name}` is a guess by name among others, and nothing at the call picks this one: "
    return Outcome(Verdict.GUESSED_CALLEE, (why + outcome.reasons[0],) if outcome.reasons else (why.rstrip(": "),))


def names_owner(header: str, owner: str) -> bool:
    """Does a calling function's header name the class or trait that defines the called method
    (a parameter's type, a generic's bound)? Its name after the function's own parameter list
    opens, or in its generic parameters: the header's text past the function's name."""
    if not owner or not header:
        return False
    return re.search(rf"(?<![\w$]){re.escape(owner)}(?![\w$])", _past_name(header)) is not None


def _past_name(header: str) -> str:
    """The header from its generic parameters or parameter list on: ``fn f<T: A>(x: B) -> C``."""
    opening = [i for i in (header.find("<"), header.find("(")) if i >= 0]
    return header[min(opening) :] if opening else ""


def a_common_name(name: str, owner: str, header: str, builtin_methods: frozenset[str]) -> Outcome | None:
    """``d.values()``, ``it.map(f)`` on an edge made by the name alone: the language's own types
    define the name too, resolution never binds those by name, and nothing at the call says it
    runs this one (unless the caller's header names its class, ``owner``)."""
    if name not in builtin_methods or names_owner(header, owner):
        return None
    why = f"`{name}` is also a method of the language's own types; this call on a receiver of unknown type matched it by name only"
    return Outcome(Verdict.ANOTHER_DEFINITION, (why,))


__all__ = ["UNCONFIRMED", "a_common_name", "names_owner", "unconfirmed"]
