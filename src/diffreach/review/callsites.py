"""Each direct caller's call sites, judged against what its seed's change did to them.

For a caller reached at hop 1 from a changed function or method, its calls of that symbol are
read from the syntax tree (``languages.binding.calls_in``: a call over several lines is one,
a symbol only passed as a value is said so) and judged by what changed: a changed parameter
list binds each call against the old and the new parameters (``review.binding.judge_call``);
a changed return matters where the call uses the value, and so does a changed nullness
annotation on the result (the language's ``nullness_annotations``: Java's ``@Nullable``; other
annotations are metadata, reach); changed raises where the call is not inside a try with a
handler; a body-only change is reach. A deleted symbol no longer binds, unless a surviving
sibling of its family takes the call (``choice.removed`` names it). A subclass reached because
it inherits a changed method is judged at its own calls of it (``self.m(x)``, Java's bare
``m(x)``: the language's method lookup runs the base method), as a direct caller is; one that
only inherits it is reach. A member added to a family whose overloads are chosen per call (Java, C#, Kotlin)
is judged at its siblings' calls: one it fits may select it now. The caller takes its most
severe call (``most_severe``) and every call carrying that severity is named, with its reason. None when the language has no binding query, or the
change is not one a call site can show (another added symbol, a module, a class).

The three readers give the bytes of a file before the change, after it, and of the caller
(the new side: the graph is built on it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from diffreach.extract.core import content_hash
from diffreach.languages import language_for
from diffreach.languages.binding import calls_in, calls_named_on, overloads_of, parameters_of, type_parameters_of
from diffreach.languages.spec import LanguageSpec
from diffreach.model import Change, ChangeKind, EdgeKind, NodeKind, Reached, Resolution
from diffreach.review.access import reaches
from diffreach.review.annotations import erased, types_checked
from diffreach.review.binding import (
    ArgKind,
    BindingRules,
    BindStatus,
    CallSite,
    Outcome,
    Parameter,
    Severity,
    Verdict,
    Where,
    bind,
    judge_call,
)
from diffreach.review.choice import literal_refusal, removed
from diffreach.review.compared import compared_parameters, scalar_for_object, seen_signature, surviving_signatures
from diffreach.review.conditions import conditioned
from diffreach.review.constructors import (
    constructing_classes,
    generated_constructor,
    in_fields,
    through_its_constructor,
    unread,
)
from diffreach.review.deprecations import newly_deprecated, optional_names, passes
from diffreach.review.generics import changed_for_call, inferred
from diffreach.review.guesses import UNCONFIRMED, a_common_name, unconfirmed
from diffreach.review.results import Readers, annotated, kept_result, raised, returned, retyped_result
from diffreach.review.type_paths import through_this_type

_CALLABLE = frozenset({NodeKind.FUNCTION, NodeKind.METHOD})
_PARAMETERS = frozenset({ChangeKind.SIGNATURE})
_CONTRACT_WORDS = {
    ChangeKind.DECORATORS: "its decorators changed: cannot tell what a call receives",
    ChangeKind.VISIBILITY: "its visibility changed: this call may no longer reach it",
}
_JUDGED = (
    _PARAMETERS | set(_CONTRACT_WORDS) | {ChangeKind.DELETED, ChangeKind.RETURN, ChangeKind.RAISES, ChangeKind.BODY}
)
# Edges found by name only (no import, scope or type): a guess the call's arguments may refute.
_GUESSED = frozenset({Resolution.UNIQUE_NAME, Resolution.AMBIGUOUS_NAME, Resolution.NAME})
_ONE_OF_SEVERAL = frozenset({Resolution.AMBIGUOUS_NAME, Resolution.NAME})
# Where a method's result may carry a nullness annotation (Java: on the method or its return type).
_ANNOTATED = frozenset({ChangeKind.DECORATORS, ChangeKind.SIGNATURE})
_RANK = {Severity.HIGH: 0, Severity.MEDIUM: 1, Severity.LOW: 2}
_NO_CALL: dict[str, tuple[Verdict, str]] = {
    EdgeKind.INHERITS: (Verdict.INHERITED, "inherits `{name}`, not a call of it: its callers are judged in their turn"),
    EdgeKind.DYNAMIC: (Verdict.DISPATCHES, "its calls may run the changed `{name}`: they are judged at its callers"),
}


class CallerOutcome(NamedTuple):  # a named tuple: no dataclass methods to compile at load (speed)
    """A caller's outcome: the most severe of its calls, and the lines that carry it."""

    outcome: Outcome
    reasons: tuple[str, ...]
    lines: tuple[int, ...]


def simple_name(symbol_id: str) -> str:
    return symbol_id.rsplit("::", 1)[-1].rsplit(".", 1)[-1].split("#", 1)[0]


def owner_name(symbol_id: str) -> str:
    """The class a method is defined in, by its simple name ("" for a function)."""
    qualified = symbol_id.rsplit("::", 1)[-1].split("#", 1)[0]
    return qualified.rsplit(".", 1)[0].rsplit(".", 1)[-1] if "." in qualified else ""


def caller_outcome(seed: Change, caller: Reached, read: Readers) -> CallerOutcome | None:
    """What ``seed``'s change does to the calls of it in ``caller`` (a hop-1 caller)."""
    spec = language_for(seed.file)
    caller_spec = language_for(caller.file)
    kinds = set(seed.changes)
    if spec is None or caller_spec is None or spec.binding_rules is None:
        return None
    name = simple_name(seed.id)
    generated = seed.kind not in _CALLABLE and generated_constructor(seed, spec, read, name)
    if seed.kind == NodeKind.CLASS and not generated and caller.edge == EdgeKind.CALLS:
        built = through_its_constructor(seed, spec, read, name) if ChangeKind.SIGNATURE in kinds else None
        return CallerOutcome(built, built.reasons, caller.lines) if built is not None else None
    if seed.kind not in _CALLABLE and not generated:
        return None
    if not kinds & _JUDGED and not (ChangeKind.ADDED in kinds and _selected_by_arguments(spec)):
        return None
    common = caller.resolution == Resolution.NAME and a_common_name(  # guesses.py
        name, owner_name(seed.id), caller.signature, caller_spec.builtin_methods
    )
    if common:
        return CallerOutcome(common, common.reasons, caller.lines)
    source = read.new(caller.file)
    inherited = _inherited_calls(caller_spec, source, caller, name) if caller.edge == EdgeKind.INHERITS else []
    if caller.edge in _NO_CALL and not inherited:
        # A subclass inheriting the method without calling it, a base method dispatching to it: no
        # call to read; the calls that reach the change are their callers', judged in their turn.
        kind, words = _NO_CALL[str(caller.edge)]
        why = words.format(name=name)
        return CallerOutcome(Outcome(kind, (why,)), (why,), ())
    owner = owner_name(seed.id)
    within = _outer(caller_spec, source, caller, read)
    sites = inherited or (_sites(caller_spec, source, caller, name, within) if source is not None else [])
    sites = through_this_type(sites, owner, name, caller_spec.self_names)  # type_paths.py
    if ChangeKind.DELETED in kinds:
        if caller.resolution in _GUESSED and _named_elsewhere(seed, spec, read, name):
            why = f"`{name}` was removed, and this call on a receiver of unknown type matched it by name only: {_ELSEWHERE}"
            return CallerOutcome(Outcome(Verdict.ANOTHER_DEFINITION, (why,)), (why,), caller.lines)
        return _deleted(seed, spec, sites, read, name, caller.lines)
    if source is not None and owner and name in spec.constructor_names:
        # A constructor is called through its class: ``Foo(a)`` runs ``Foo.__init__(self, a)``,
        # and through each subclass that inherits it: ``Sub(a)`` runs it too.
        sites += [
            replace(s, constructs=True)
            for cls in constructing_classes(seed, owner, read)
            for s in _sites(caller_spec, source, caller, cls, within)
            if not s.passed_as_value
        ]
    if not sites and source is not None and not inherited and caller.edge == EdgeKind.CALLS:
        # The name the caller calls it by is another (an import alias): the one call named there.
        # (Not for a reference: the one call on its line is another's, ``Line(mode=self.mode)``.)
        named = calls_named_on(caller_spec, source, caller.lines)
        if len(named) == 1:
            sites = [replace(named[0], constructs=bool(owner) and name in spec.constructor_names)]
    if not sites:
        verdict = unread(seed, spec, read, (caller, name, caller.resolution in _GUESSED), generated)
        return CallerOutcome(verdict, verdict.reasons, caller.lines)
    own = _own_parameters(caller_spec, source, caller, within) if source is not None else frozenset()
    where = _where(caller, owner, own)
    judged = [(site, _judge_site(seed, spec, site, read, kinds, name, where)) for site in sites]
    return _combine([(site, in_fields(o)) for site, o in judged] if generated else judged)


def _where(caller: Reached, owner: str, own: frozenset[str]) -> Where:
    at, guessed, several = caller.file, caller.resolution in _GUESSED, caller.resolution in _ONE_OF_SEVERAL
    return Where(owner, own, guessed=guessed, caller_file=at, one_of_several=several)


def _outer(spec: LanguageSpec, source: bytes | None, caller: Reached, read: Readers) -> tuple[int, int] | None:
    """The lines of the top-level definition holding the caller, where its language parses one
    alone and these are the very bytes the graph parsed without a syntax error (its hash):
    the call sites are read from a parse of those lines only (speed; ``binding.calls_in``)."""
    if source is None or read.outer is None or not spec.top_level_parses_alone or not caller.end_line:
        return None
    found = read.outer(caller.id)
    return (found[0], found[1]) if found is not None and found[2] == content_hash(source) else None


def _sites(
    spec: LanguageSpec, source: bytes, caller: Reached, name: str, within: tuple[int, int] | None = None
) -> list[CallSite]:
    """The calls of ``name`` in the caller that cover one of its edge lines."""
    first, last = (caller.start_line, caller.end_line) if caller.end_line else (1, 10**9)
    found = calls_in(spec, source, first, last, name, within)
    return [s for s in found if any(s.start_line <= n <= s.end_line for n in caller.lines)]


def _inherited_calls(spec: LanguageSpec, source: bytes | None, caller: Reached, name: str) -> list[CallSite]:
    """A subclass that inherits the changed method and calls it on itself (``self.m(x)``,
    ``super().m(x)``, Java's bare ``m(x)``): by the language's method lookup those calls run the
    base method, so they are judged as direct calls are."""
    if source is None or not caller.end_line:
        return []
    own = spec.self_names | spec.super_names
    found = calls_in(spec, source, caller.start_line, caller.end_line, name)
    return [s for s in found if not s.passed_as_value and _on_itself(s, own, spec.implicit_self)]


def _on_itself(site: CallSite, own: frozenset[str], implicit: bool) -> bool:
    receiver = next((a for a in site.arguments if a.kind is ArgKind.RECEIVER), None)
    return implicit if receiver is None else receiver.text.strip() in own


def _deleted(
    seed: Change, spec: LanguageSpec, sites: Sequence[CallSite], read: Readers, name: str, lines: tuple[int, ...]
) -> CallerOutcome:
    """A removed member's calls: each no longer binds, unless a surviving sibling of its family
    takes it (``choice.removed`` names it)."""
    rules = spec.binding_rules or BindingRules()
    survivors = surviving_signatures(seed, spec, read, name) if rules.overloads else ()
    judged = [(s, removed(name, s.arguments, rules, () if s.passed_as_value else survivors)) for s in sites]
    if not judged:
        verdict = removed(name, (), rules, ())
        return CallerOutcome(verdict, verdict.reasons, lines)
    return _combine(judged)


_ELSEWHERE = "another definition of that name remains, which it may call"


def _named_elsewhere(seed: Change, spec: LanguageSpec, read: Readers, name: str) -> bool:
    """Does a definition of the removed one's name remain: a constructor (every class has one,
    declared or implicit), another definition of the name anywhere in the new version (the
    graph's answer), or in the new version of its file (another class's method)?"""
    if name in spec.constructor_names or (read.defined is not None and read.defined(name)):
        return True
    source = read.new(seed.file)
    return source is not None and parameters_of(spec, source, seed.start_line, name) is not None


def _own_parameters(
    spec: LanguageSpec, source: bytes, caller: Reached, within: tuple[int, int] | None = None
) -> frozenset[str]:
    """The names of the calling function's own parameters, its receiver's too (``self``)."""
    if caller.kind not in _CALLABLE:
        return frozenset()
    lines = (caller.start_line, caller.end_line) if caller.end_line else None  # as ``_sites`` reads them
    params = parameters_of(spec, source, caller.start_line, simple_name(caller.id), lines, within) or ()
    return frozenset(p.name for p in params if p.name)


def _judge_site(
    seed: Change, spec: LanguageSpec, site: CallSite, read: Readers, kinds: set[str], name: str, where: Where
) -> Outcome:
    if ChangeKind.ADDED in kinds:
        return _added(seed, spec, site, read, name)
    if where.guessed and not site.passed_as_value:
        # An edge made by the name alone, refuted by the call: it fits neither the old nor the
        # new parameters (``choice.fits_neither``), so it calls another definition, and what
        # else changed in this one (its return, its raises) is not this call's either.
        bound = _bind(seed, spec, site, read, name, where)
        if bound.verdict is Verdict.ANOTHER_DEFINITION:
            return bound
    outcomes: list[Outcome] = []
    if kinds & _PARAMETERS:
        outcomes.append(_bind(seed, spec, site, read, name, where))
    if not site.passed_as_value and (ChangeKind.RETURN in kinds or retyped_result(seed, spec, read, kinds, name)):
        kept = kept_result(seed, spec, site, read, name, where.caller_file)
        outcomes.append(kept or returned(seed, spec, site, read, name))
    if ChangeKind.RAISES in kinds and not site.passed_as_value:
        outcomes.append(raised(seed, spec, site, name))
    if kinds & _ANNOTATED and not site.passed_as_value:
        outcomes += [*annotated(seed, spec, site, name), *conditioned(seed, spec, read, name)]
    for kind, why in _CONTRACT_WORDS.items():
        if kind in kinds:
            outcomes.append(_contract(spec, kind, why, (seed, where.caller_file)))
    if site.passed_as_value and not kinds & _PARAMETERS and kinds & _SEEN_BY_VALUE:
        # What calls it later sees a changed result, raise or wrapper; a body-only change is as
        # invisible there as at a call.
        outcomes.append(
            Outcome(Verdict.PASSED_AS_VALUE, ("passed as a value (a callback or a reference): not checked here",))
        )
    if kinds & _DEPRECATING and not site.passed_as_value:
        outcomes = _deprecations(seed, spec, site, read, name, outcomes)
    if not outcomes:
        outcomes.append(Outcome(Verdict.BODY_ONLY, ("body-only change: the call binds as before",)))
    if where.one_of_several:
        outcomes = [unconfirmed(o, name) if o.verdict in UNCONFIRMED else o for o in outcomes]
    return min(outcomes, key=lambda o: _RANK[o.severity])


_DEPRECATING = frozenset({ChangeKind.BODY, ChangeKind.SIGNATURE})
_SEEN_BY_VALUE = frozenset({ChangeKind.RETURN, ChangeKind.RAISES, ChangeKind.DECORATORS, ChangeKind.VISIBILITY})
_RELIES_ON = re.compile(r"relies on the default of `([\w$]+)`")


def _deprecations(
    seed: Change, spec: LanguageSpec, site: CallSite, read: Readers, name: str, outcomes: list[Outcome]
) -> list[Outcome]:
    """What a deprecation new in the body (``deprecations.py``) does to this call: it calls a
    deprecated function or passes a deprecated parameter (medium); a default it relies on that
    changed is the "not given" of a parameter it is now deprecated to pass (low)."""
    rules, old_source, new_source = spec.binding_rules, read.old(seed.file), read.new(seed.file)
    if rules is None or old_source is None or new_source is None:
        return outcomes
    found = newly_deprecated(old_source, seed.old_start_line, new_source, seed.start_line, rules)
    if not found.names:
        return outcomes
    if found.function:
        why = f"`{name}` now warns that it is deprecated: this call is expected to move off it"
        return [*outcomes, Outcome(Verdict.DEPRECATED, (why,))]
    old = parameters_of(spec, old_source, seed.old_start_line or seed.start_line, name) or ()
    new = parameters_of(spec, new_source, seed.start_line, name) or ()
    names = found.names & optional_names(old, new)
    passed = passes(old, site, rules, names) if names else ""
    if passed:
        why = f"passes `{passed}`, which `{name}` now warns is deprecated"
        return [*outcomes, Outcome(Verdict.DEPRECATED, (why,))]
    kept: list[Outcome] = []
    for o in outcomes:
        relied = {m.group(1) for r in o.reasons if (m := _RELIES_ON.search(r))}
        if o.verdict is Verdict.CHANGED_DEFAULT and relied and relied <= names:
            shown = ", ".join(f"`{n}`" for n in sorted(relied))
            o = Outcome(Verdict.STILL_BINDS, (f"leaves out {shown}, which it is now deprecated to pass",))
        kept.append(o)
    return kept


def _contract(spec: LanguageSpec, kind: str, why: str, at: tuple[Change, str]) -> Outcome:
    """A changed part of the contract no call site shows. Annotations that are metadata (the
    language's decorators do not wrap the function) leave every call binding as before; a
    changed visibility is judged by the language's access rules from where the call stands
    (``at``: the changed definition and the caller's file)."""
    rules = spec.binding_rules
    if kind == ChangeKind.DECORATORS and rules is not None and not rules.decorators_wrap:
        return Outcome(Verdict.STILL_BINDS, ("its annotations changed; they do not wrap it: the call binds as before",))
    seed, caller_file = at
    if kind == ChangeKind.VISIBILITY and rules is not None and caller_file:
        found = reaches(rules, (seed.old_signature, seed.signature), simple_name(seed.id), seed.file, caller_file)
        if found is not None:
            return found
    return Outcome(Verdict.CANNOT_TELL, (why,))


def _bind(seed: Change, spec: LanguageSpec, site: CallSite, read: Readers, name: str, where: Where) -> Outcome:
    rules = spec.binding_rules
    compared = compared_parameters(seed, spec, read, name)
    old_source, new_source = read.old(seed.file), read.new(seed.file)
    if isinstance(compared, str) or rules is None or old_source is None or new_source is None:
        why = compared if isinstance(compared, str) else "the old or new version of the definition could not be read"
        return Outcome(Verdict.CANNOT_TELL, (why,))
    old, new = compared
    old = seen_signature(seed, spec, read, name, old, site.arguments)  # TypeScript: not the hidden implementation
    checked = types_checked(where.caller_file)  # else the types are erased, as the call runs
    old, new = (old, new) if checked else (erased(old), erased(new))
    old_line = seed.old_start_line or seed.start_line
    wrapped = scalar_for_object(seed, spec, read, name, site, (old, new))
    if wrapped is not None:
        return wrapped
    # A type checker's stub (Python's ``@overload``) is one member of a family whose other stubs
    # and implementation take the calls it does not: a call fitting neither its old nor its new
    # parameters is another member's, as a sibling overload's is.
    family = rules.overloads or _is_stub(spec, seed)
    overloads = overloads_of(spec, new_source, seed.start_line, name) if family else ()
    old_overloads = overloads_of(spec, old_source, old_line, name) if family else ()
    kept = next((o for o in overloads if o == old), None) if rules.overloads else None
    if kept is not None and not site.passed_as_value:
        if rules.shared_implementation and bind(kept, site.arguments, rules).status is BindStatus.BINDS:
            shown = ", ".join(p.name or p.annotation for p in kept)
            why = f"fits `{name}({shown})` as before; every signature runs one implementation"
            return Outcome(Verdict.STILL_BINDS, (why,))
        return _split(new, kept, site, rules, name, (old, *old_overloads))
    signature = seed.old_signature or seed.signature
    decorated = rules.decorators_wrap and bool(spec.decorator_prefix) and signature.startswith(spec.decorator_prefix)
    # A parameter typed by the definition's own type parameter takes what its bound takes (generics.py).
    before = (checked and type_parameters_of(spec, old_source, old_line, name)) or ""
    after = (checked and type_parameters_of(spec, new_source, seed.start_line, name)) or ""
    typed = (inferred(old, before, rules), inferred(new, after, rules)) if before or after else (old, new)
    outcome = judge_call(*typed, site, rules, overloads, where._replace(decorated=decorated), old_overloads)
    if outcome.verdict is Verdict.STILL_BINDS and changed_for_call(before, after, new, site):
        shown = f"`{before or 'none'}` → `{after or 'none'}`"
        return Outcome(Verdict.CHANGED_TYPE, (f"type parameters changed: {shown}; this call's types follow them",))
    return outcome


def _is_stub(spec: LanguageSpec, seed: Change) -> bool:
    markers = spec.overload_stub_markers
    return bool(markers) and any(s.startswith(markers) for s in (seed.old_signature, seed.signature) if s)


def _selected_by_arguments(spec: LanguageSpec) -> bool:
    """Overloads with bodies of their own, one chosen per call by its arguments (Java, C#,
    Kotlin); not signatures in front of one implementation (TypeScript), which still runs."""
    rules = spec.binding_rules
    return rules is not None and rules.overloads and not spec.overload_implementation_last


def _added(seed: Change, spec: LanguageSpec, site: CallSite, read: Readers, name: str) -> Outcome:
    """A member added to a family (a caller of a sibling reached through the family): the call
    selects it now when it fits it, unless a fixed-arity sibling it fits still comes first."""
    rules, source = spec.binding_rules, read.new(seed.file)
    new = parameters_of(spec, source, seed.start_line, name) if source is not None else None
    if rules is None or source is None or new is None:
        return Outcome(Verdict.CANNOT_TELL, (f"the parameters of the new `{name}` could not be read: cannot tell",))
    if site.passed_as_value:
        return Outcome(Verdict.PASSED_AS_VALUE, ("passed as a value (a method reference): not checked here",))
    siblings = overloads_of(spec, source, seed.start_line, name)
    kept = next((m for m in siblings if bind(m, site.arguments, rules).status is BindStatus.BINDS), None)
    if kept is not None and _variadic(new) and not _variadic(kept):
        return Outcome(Verdict.STILL_BINDS, ("binds its fixed-arity overload, chosen before the new variadic one",))
    return _split(new, kept or (), site, rules, name, siblings)


def _variadic(params: Sequence[Parameter]) -> bool:
    return any(p.catch_all for p in params)


def _split(
    new: Sequence[Parameter],
    kept: Sequence[Parameter],
    site: CallSite,
    rules: BindingRules,
    name: str,
    before: Sequence[Sequence[Parameter]],
) -> Outcome:
    """An overload split off: the old parameter list lives on as a sibling. A call the changed
    definition now fits selects it instead (the more specific one, by the overload rules of
    Java, C# and Kotlin); one that fits only the kept list binds as before; one that fit no
    member of the old family (``before``) binds now, for the first time."""
    if bind(new, site.arguments, rules).status is BindStatus.FAILS:
        return Outcome(Verdict.STILL_BINDS, ("binds the overload with the old parameters, as before",))
    refused = literal_refusal(new, site.arguments, rules)
    if refused:  # not applicable (JLS 15.12.2.2): the call keeps the overload it bound
        return Outcome(Verdict.STILL_BINDS, (f"{refused}: it binds the overload it did",))
    if not any(bind(members, site.arguments, rules).status is BindStatus.BINDS for members in before):
        return Outcome(Verdict.FITS_NEW_ONLY, ("fits the new parameters only: no overload took it before",))
    listed = ", ".join(p.name or p.annotation for p in new)
    was = ", ".join(p.name or p.annotation for p in kept)
    return Outcome(
        Verdict.OTHER_OVERLOAD, (f"now selects `{name}({listed})`; it called `{name}({was})`, which remains",)
    )


def _combine(judged: Sequence[tuple[CallSite, Outcome]]) -> CallerOutcome:
    top = min((o for _, o in judged), key=lambda o: _RANK[o.severity])
    worst = [(site, o) for site, o in judged if o.severity is top.severity]
    reasons: list[str] = []
    for _, o in worst:
        for reason in o.reasons[:1]:
            if reason not in reasons:
                reasons.append(reason)
    lines = tuple(sorted({site.start_line for site, _ in worst}))
    return CallerOutcome(top, tuple(reasons), lines)


__all__ = ["CallerOutcome", "Readers", "caller_outcome", "simple_name"]
