"""Which calls run a changed constructor, and what a caller is told when its call is not read.

A constructor runs at each call of its class, and of each subclass that declares none of its own
where the language inherits constructors (``dependents.constructed_through`` answers from the
graph). Where the language generates a constructor from a class's fields (a Python dataclass, a
Rust struct's expressions), the binding query reads the class itself as the definition, its fields
as the parameters. A caller whose call of the changed definition cannot be read at its line is
told why, by what changed: a guess by name that the line refutes, a class only named, a change
confined to the body (the call binds as before, read or not), or else "cannot tell". A class whose
own declaration changed is constructed through the constructor it declares, which binds as before
unless the class became abstract. Used by ``callsites.py``.
"""

from __future__ import annotations

import re

from diffreach.languages.binding import parameters_of
from diffreach.languages.spec import LanguageSpec
from diffreach.model import Change, ChangeKind, EdgeKind, NodeKind, Reached
from diffreach.review.binding import Outcome, Verdict
from diffreach.review.change_kinds import words_before
from diffreach.review.deprecations import newly_deprecated
from diffreach.review.results import Readers

_BODY_ALONE = frozenset({ChangeKind.BODY})


def generated_constructor(seed: Change, spec: LanguageSpec, read: Readers, name: str) -> bool:
    """A changed class (named ``name``) whose constructor the language generates from its fields:
    the binding query reads the class as a definition, so a call of the class binds to its fields
    as to a function's parameters."""
    rules = spec.binding_rules
    if seed.kind != NodeKind.CLASS or ChangeKind.SIGNATURE not in seed.changes:
        return False
    if rules is None or not rules.fields_make_constructors:
        return False
    source = read.new(seed.file)
    return source is not None and parameters_of(spec, source, seed.start_line, name) is not None


def through_its_constructor(seed: Change, spec: LanguageSpec, read: Readers, name: str) -> Outcome | None:
    """A call constructing a class whose declaration changed (its bases, type parameters,
    modifiers) through a constructor the class declares binds to that constructor as before (a
    change of the constructor is judged as its own seed). A class made abstract takes no
    construction any more (JLS 15.9.1; TypeScript's, C#'s abstract classes). None when the class
    declares no constructor: its call then runs an inherited one, which its new bases may change."""
    rules = spec.binding_rules
    if read.constructors is None or not read.constructors(seed.id):
        return None
    abstract = rules.abstract_words if rules is not None else frozenset()
    if abstract & set(words_before(seed.signature, name)) - set(words_before(seed.old_signature, name)):
        return Outcome(Verdict.NO_LONGER_BINDS, (f"`{name}` is abstract now: it cannot be constructed",))
    why = f"constructs `{name}` through its own constructor, which binds as before"
    return Outcome(Verdict.STILL_BINDS, (why,))


def constructing_classes(seed: Change, owner: str, read: Readers) -> list[str]:
    """The classes whose construction runs the changed constructor, its own first."""
    heirs = read.constructed_through(seed.id) if read.constructed_through is not None else frozenset()
    return [owner, *sorted(heirs - {owner})]


_PARAMETER = re.compile(r"\bparameter(s?)\b")


def in_fields(outcome: Outcome) -> Outcome:
    """An outcome at a call of a class whose constructor its fields make, told in fields: "new
    field `x` is required", not "new parameter"."""
    return Outcome(outcome.verdict, tuple(_PARAMETER.sub(r"field\1", why) for why in outcome.reasons))


def unread(seed: Change, spec: LanguageSpec, read: Readers, at: tuple[Reached, str, bool], generated: bool) -> Outcome:
    """The outcome of a caller whose call of the changed definition is not read at its line
    (``at``: the caller, the name it calls, and whether its edge is a guess by name)."""
    caller, name, guessed = at
    on = ", ".join(str(n) for n in caller.lines) or "?"
    if guessed:
        # An edge made by the name alone, and the syntax shows no call of that name there
        # (``getattr(cls, "__init__")``): nothing at the line binds to the change.
        why = f"no call of `{name}` read on line {on}, and its edge is a guess by name: not a call of it"
        return Outcome(Verdict.ANOTHER_DEFINITION, (why,))
    if generated and caller.edge != EdgeKind.CALLS:
        # The class named as a type (an annotation, a base, ``isinstance``): its fields are the
        # parameters of its constructor, which is not called here.
        why = f"names `{name}` without constructing it: its fields' change does not reach here"
        return Outcome(Verdict.NAMED_ONLY, (why,))
    if set(seed.changes) <= _BODY_ALONE and not _newly_deprecated(seed, spec, read):
        # Only the body changed: a call that bound before binds as before, read or not
        # (``x in m`` running ``__contains__``, a call through another name).
        return Outcome(Verdict.BODY_ONLY, ("body-only change: whatever calls it here binds as before",))
    return Outcome(Verdict.CANNOT_TELL, (f"no call of `{name}` read on line {on}: cannot tell",))


def _newly_deprecated(seed: Change, spec: LanguageSpec, read: Readers) -> bool:
    """Does the new body warn of a deprecation the old one did not (``deprecations.py``)?"""
    rules, old_source, new_source = spec.binding_rules, read.old(seed.file), read.new(seed.file)
    if rules is None or old_source is None or new_source is None:
        return True  # unread: not known to be free of one
    found = newly_deprecated(old_source, seed.old_start_line, new_source, seed.start_line, rules)
    return bool(found.names)


__all__ = ["constructing_classes", "generated_constructor", "in_fields", "through_its_constructor", "unread"]
