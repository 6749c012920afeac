"""Which definition a call takes when the changed one's parameters do not explain it.

A call that fits neither the old nor the new parameter list did not run this definition before
the change either, if the code ran. What it calls instead is said only when it is found: a
sibling of the family (an overload, chosen per call by its arguments) that takes the call in the
old version and in the new one called it all along (low). An edge that is itself only a guess
by name (a receiver of unknown type, an ambiguous name) is refuted by a call that fits neither
list, or only the new one: it called another definition (low). Otherwise the binding cannot tell (medium, said so): a
decorator may change what the call passes, or the parameters were read wrong. A call that fits only the new list, in
a language whose overloads are chosen per call, selects this member now; one that no longer fits
selects the sibling that takes it, if any; and a call of a removed member that a surviving
sibling takes runs that sibling now (each medium, the sibling named). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from diffreach.languages.signatures import Argument, BindingRules, Parameter, ParamKind
from diffreach.review.binder import Binding, BindStatus, bind
from diffreach.review.failures import explain_failure
from diffreach.review.outcomes import Outcome, Verdict, Where

Family = Sequence[Sequence[Parameter]]


def taking(args: Sequence[Argument], rules: BindingRules, family: Family) -> Sequence[Parameter] | None:
    """The first member of ``family`` the call binds, in source order."""
    return next((m for m in family if bind(m, args, rules).status is BindStatus.BINDS), None)


def listed(params: Sequence[Parameter]) -> str:
    return ", ".join(p.name or p.annotation for p in params)


def fits_neither(
    args: Sequence[Argument], rules: BindingRules, families: tuple[Family, Family], where: Where
) -> Outcome:
    """A call that binds neither the old nor the new parameters of the changed definition."""
    before, after = taking(args, rules, families[0]), taking(args, rules, families[1])
    if before is not None and after is not None:
        why = f"fits neither the old nor the new parameters: it calls the overload ({listed(after)}), before and after"
        return Outcome(Verdict.NOT_THIS_OVERLOAD, (why,))
    if where.decorated:
        why = "fits neither the old nor the new parameters: its decorators may change what a call passes"
        return Outcome(Verdict.CANNOT_TELL, (why,))
    if where.guessed:
        why = "fits neither the old nor the new parameters, and its edge is a guess by name: another definition"
        return Outcome(Verdict.ANOTHER_DEFINITION, (why,))
    why = "fits neither the old nor the new parameters, and no other overload takes it: cannot tell what it calls"
    return Outcome(Verdict.CANNOT_TELL, (why,))


def fits_new_only(args: Sequence[Argument], rules: BindingRules, overloads: Family, where: Where) -> Outcome:
    if where.guessed:  # refuted as fits_neither's is: had it run this definition, it failed before
        why = "did not fit the old parameters, and its edge is a guess by name: it called another definition"
        return Outcome(Verdict.ANOTHER_DEFINITION, (why,))
    if not rules.overloads:
        return Outcome(Verdict.FITS_NEW_ONLY, ("fits the new parameters only: updated in this change?",))
    if taking(args, rules, overloads) is not None:
        return Outcome(Verdict.CANNOT_TELL, ("fits this overload now and another by arity: the argument types choose",))
    return Outcome(Verdict.OTHER_OVERLOAD, ("now selects this overload; it did not fit the old parameters",))


def no_longer_fits(
    before: Binding,
    after: Binding,
    params: tuple[Sequence[Parameter], Sequence[Parameter]],
    args: Sequence[Argument],
    rules: BindingRules,
    families: tuple[Family, Family],
    where: Where,
) -> Outcome:
    """A call the new parameters refuse (``after`` failed); ``params``: the old and the new
    parameters; ``families``: the other members of the name's family in the old and the new
    version."""
    if before.status is BindStatus.FAILS:
        return fits_neither(args, rules, families, where)
    if rules.overloads:
        other = taking(args, rules, families[1])
        if other is not None:
            return Outcome(Verdict.OTHER_OVERLOAD, (f"no longer fits; now selects the overload ({listed(other)})",))
    return Outcome(Verdict.NO_LONGER_BINDS, (explain_failure(after, before, *params, args),))


def removed_sibling(
    old: Sequence[Parameter], args: Sequence[Argument], rules: BindingRules, families: tuple[Family, Family]
) -> Outcome | None:
    """A call the old parameters take while a sibling the new version no longer has (no member
    left with its parameter types) takes it as well by arity: where overloads are chosen by the
    arguments' types (Java, C#, Kotlin), those types chose which one it called, and they are not
    read here. It may have called the removed one (medium, said so). Not where every signature
    runs one implementation (``shared_implementation``): the call, which the new parameters take,
    runs that implementation still."""
    if not rules.overloads or rules.shared_implementation:
        return None
    kept = {_types(m) for m in families[1]}
    gone = [m for m in families[0] if _types(m) not in kept and _types(m) != _types(old)]
    other = taking(args, rules, gone)
    if other is None:
        return None
    shown = ", ".join(f"{p.annotation} {p.name}".strip() for p in other)
    why = f"fits the removed overload ({shown}) by arity too: its argument types chose which one it called"
    return Outcome(Verdict.CANNOT_TELL, (why,))


_TYPE_VARIABLE = re.compile(r"[A-Z]\d?")


def literal_refusal(params: Sequence[Parameter], args: Sequence[Argument], rules: BindingRules) -> str:
    """Why ``params`` cannot take the call: a literal argument whose type converts to none of
    its parameter's simple type (``BindingRules.literal_types``); "" when none is refused."""
    if not rules.literal_types:
        return ""
    binding = bind(params, args, rules)
    if binding.status is not BindStatus.BINDS:
        return ""
    for arg, slot in zip(args, binding.slots, strict=False):
        if slot is None:
            continue
        taking = next(
            (types for pattern, types in rules.literal_types if re.fullmatch(pattern, arg.text.strip())), None
        )
        declared = _simple_type(params[slot])
        if taking is not None and declared and not _TYPE_VARIABLE.fullmatch(declared) and declared not in taking:
            return f"the literal `{arg.text.strip()}` does not fit `{declared} {params[slot].name}`".rstrip()
    return ""


def literal_fits(text: str, p: Parameter, rules: BindingRules) -> bool:
    """Is ``text`` a literal that a parameter of ``p``'s simple type takes (``literal_types``:
    Java's ``0`` fills an ``int`` or a ``long``; Go's untyped constant ``0`` any numeric type)?"""
    taking = next((types for pattern, types in rules.literal_types if re.fullmatch(pattern, text.strip())), None)
    declared = _simple_type(p) if taking is not None else ""
    return bool(declared) and declared in (taking or ())


def _simple_type(p: Parameter) -> str:
    """A parameter's declared type as one simple name (``java.util.List<T>`` → ``List``; a
    variadic's element type), or "" where it is no simple name (an array, a function type)."""
    text = p.annotation.strip()
    if p.kind is ParamKind.VAR_POSITIONAL:
        text = text.removesuffix("...").strip()
    text = re.sub(r"<.*>", "", text).strip()
    if not re.fullmatch(r"[\w$.]+", text):
        return ""
    return text.rsplit(".", 1)[-1]


def _types(params: Sequence[Parameter]) -> tuple[str, ...]:
    return tuple(" ".join((p.annotation_form or p.annotation).split()) for p in params)


def removed(name: str, args: Sequence[Argument], rules: BindingRules, survivors: Family) -> Outcome:
    """A call of a removed member: a surviving sibling of its family that takes the call runs
    now (named; where every signature runs one implementation, the call binds as before, low);
    with none, the call no longer binds."""
    other = taking(args, rules, survivors) if rules.overloads else None
    if other is not None and rules.shared_implementation:
        why = f"this `{name}` signature was removed; the call fits `{name}({listed(other)})`, which runs the same body"
        return Outcome(Verdict.STILL_BINDS, (why,))
    if other is not None:
        why = f"this `{name}` was removed; the call now selects the remaining `{name}({listed(other)})`"
        return Outcome(Verdict.OTHER_OVERLOAD, (why,))
    if survivors and rules.overloads:
        return Outcome(
            Verdict.NO_LONGER_BINDS, (f"this `{name}` was removed and no remaining `{name}` takes the call",)
        )
    return Outcome(Verdict.NO_LONGER_BINDS, (f"`{name}` no longer exists (deleted or renamed)",))


__all__ = [
    "Family",
    "fits_neither",
    "fits_new_only",
    "listed",
    "literal_fits",
    "literal_refusal",
    "no_longer_fits",
    "removed",
    "removed_sibling",
    "taking",
]
