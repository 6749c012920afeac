"""What a changed header says about a call's result and standing, besides its parameters.

A call that binds as before may still meet another contract: the result it uses changed (its
returned forms, or the type the header declares: after the parameter list in most languages,
before the name in Java and C#, read there from the tree), a result it ignores is new (``void``
→ ``boolean``, Go's added ``error``), the result's nullness annotation changed, or the
definition is newly marked deprecated (Java's ``@Deprecated``). Nullness is read as a level:
marked nullable, unmarked, marked non-null; a result whose level rises may now be null where
the caller used it (medium), one whose level falls refuses the caller nothing (low). The
readers give the bytes of a file before and after the change. Used by ``callsites.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from diffreach.languages.binding import body_after_parameters, family_of, result_of
from diffreach.languages.signatures import Argument, BindingRules
from diffreach.languages.spec import LanguageSpec
from diffreach.model import Change, ChangeKind
from diffreach.review.binding import BindStatus, CallSite, Outcome, Verdict, bind
from diffreach.review.change_kinds import words_before

Reader = Callable[[str], bytes | None]


@dataclass(frozen=True, slots=True)
class Readers:
    old: Reader
    new: Reader
    # Does the new version define something of this name anywhere (the graph's answer)?
    defined: Callable[[str], bool] | None = None
    # The lines of the outermost definition holding a node, and its file's content hash as
    # indexed, where that file parsed without a syntax error (the graph's answer): what a
    # caller's call sites may be read from alone (``binding.calls_in``'s ``within``).
    outer: Callable[[str], tuple[int, int, str] | None] | None = None
    # The names of the classes whose construction runs a constructor: its class and the
    # subclasses that inherit it (the graph's answer; ``dependents.constructed_through``).
    constructed_through: Callable[[str], frozenset[str]] | None = None
    # The constructors a class declares (the graph's answer; ``dependents.class_constructors``).
    constructors: Callable[[str], tuple[str, ...]] | None = None
    # The lines where one symbol calls another: its ``calls`` edges to it (the graph's answer).
    call_lines: Callable[[str, str], tuple[int, ...]] | None = None


def annotated(seed: Change, spec: LanguageSpec, site: CallSite, name: str) -> list[Outcome]:
    """What changed annotations on the header do to a call: its result's nullness, deprecation."""
    found: list[Outcome] = []
    before, after = _nullness(spec, seed.old_signature, name), _nullness(spec, seed.signature, name)
    if before != after:
        found.append(_null_result(spec, before, after, site, name))
    if _deprecated(spec, seed.signature, name) and not _deprecated(spec, seed.old_signature, name):
        why = f"`{name}` is now deprecated: the compiler warns at this call, which is expected to move off it"
        found.append(Outcome(Verdict.DEPRECATED, (why,)))
    return found


def raised(seed: Change, spec: LanguageSpec, site: CallSite, name: str) -> Outcome:
    """Changed raises: medium where the call does not handle them. In a language whose compiler
    checks the exceptions a header declares (Java's ``throws``, JLS 11.2), a raise changed in the
    body under the same declared clause is unchecked: the compiler asks nothing of the call (low)."""
    if site.handled:
        return Outcome(Verdict.RAISES_HANDLED, ("raises differently; this call is inside a try with a handler",))
    rules = spec.binding_rules
    if rules is not None and rules.checked_raises:
        before, after = _declared_raises(spec, seed.old_signature), _declared_raises(spec, seed.signature)
        if before == after:
            why = (
                f"`{name}` raises differently, unchecked: it declares the same exceptions, the call compiles as before"
            )
            return Outcome(Verdict.RAISES_UNCHECKED, (why,))
    return Outcome(Verdict.RAISES_UNHANDLED, (f"`{name}` raises differently and this call does not handle it",))


def _declared_raises(spec: LanguageSpec, signature: str) -> frozenset[str]:
    """The exceptions a header declares after a raise keyword (``throws A, B``), by simple name."""
    words = "|".join(re.escape(k) for k in spec.raise_keywords)
    found = re.search(rf"(?<![\w$])(?:{words})(?![\w$])(.*)$", signature.split(")")[-1]) if words else None
    if found is None:
        return frozenset()
    return frozenset(n.rsplit(".", 1)[-1] for n in re.findall(r"[\w$.]+", found.group(1)))


def _nullness(spec: LanguageSpec, signature: str, name: str) -> frozenset[str]:
    """The nullness annotations a header puts on the method's result: those before its name (a
    declaration annotation or a type-use one on the return type), not a parameter's."""
    rules = spec.binding_rules
    return _annotations(spec, signature, name) & rules.nullness_annotations if rules else frozenset()


def _deprecated(spec: LanguageSpec, signature: str, name: str) -> bool:
    """Does the header mark the definition deprecated (Java's ``@Deprecated``)?"""
    rules = spec.binding_rules
    return rules is not None and bool(_annotations(spec, signature, name) & rules.deprecation_annotations)


def _annotations(spec: LanguageSpec, signature: str, name: str) -> frozenset[str]:
    """The simple names of the annotations a header carries before the definition's name."""
    prefix = spec.decorator_prefix
    if not prefix or not signature:
        return frozenset()
    at = re.search(rf"(?<![\w$]){re.escape(name)}\s*\(", signature)
    head = signature[: at.start()] if at else signature
    return frozenset(m.rsplit(".", 1)[-1] for m in re.findall(rf"{re.escape(prefix)}([\w.]+)", head))


def _null_result(
    spec: LanguageSpec, before: frozenset[str], after: frozenset[str], site: CallSite, name: str
) -> Outcome:
    """A result whose nullness annotation changed: a call that uses the value must now expect a
    null (medium) unless the result only became less nullable (low); one that discards it does
    not care (low)."""
    shown = f"`{_marks(before)}` → `{_marks(after)}`"
    if site.value_used and _level(spec, after) < _level(spec, before):
        why = f"`{name}`'s result is no longer marked as maybe null ({shown}): what this call did with it still works"
        return Outcome(Verdict.STILL_BINDS, (why,))
    if site.value_used:
        return Outcome(
            Verdict.RETURN_USED, (f"the nullness of `{name}`'s result changed ({shown}); this call uses it",)
        )
    return Outcome(Verdict.RETURN_DISCARDED, (f"the nullness of `{name}`'s result changed ({shown}); unused here",))


def _level(spec: LanguageSpec, marks: frozenset[str]) -> int:
    """How nullable a result is by its marks: 2 marked nullable, 1 unmarked, 0 marked non-null."""
    rules = spec.binding_rules
    if rules is None or not marks:
        return 1
    return 0 if marks <= rules.non_null_annotations else 2


def _marks(names: frozenset[str]) -> str:
    return " ".join(f"@{n}" for n in sorted(names)) or "none"


def returned(seed: Change, spec: LanguageSpec, site: CallSite, read: Readers, name: str) -> Outcome:
    """A changed return: what the call does with the value. A call that uses a value the header
    no longer declares (``-> T`` dropped) meets none now (high). A call that discards it because
    there was none before ignores the new result (in Go and Rust, how errors are reported)."""
    awaited = _awaiting(seed, spec, site, name)
    if awaited is not None:
        return awaited
    old, new = _declared_results(seed, spec, read, name)
    rules = spec.binding_rules
    if rules is not None and rules.results_optional and not _annotated(spec, seed.signature):
        new = None  # a header that stopped declaring its result takes no result away
    if site.value_used and old and new == "":
        return Outcome(Verdict.RESULT_GONE, (f"uses the value `{name}` returned (`{old}`); it now declares none",))
    if site.value_used:
        return Outcome(Verdict.RETURN_USED, (f"uses the value `{name}` returns, and its return changed",))
    if (
        old == ""
        and new
        and not (rules is not None and rules.results_optional and _gave_a_value(seed, spec, read, name))
    ):
        return Outcome(Verdict.RESULT_IGNORED, (f"now returns `{new}`; this call ignores it",))
    return Outcome(Verdict.RETURN_DISCARDED, ("its return changed; this call discards the value",))


def _awaiting(seed: Change, spec: LanguageSpec, site: CallSite, name: str) -> Outcome | None:
    """A function made async or plain, judged by what the call does with its value
    (``BindingRules.awaitable_words``, ``lazy_awaitables``); None where that says nothing."""
    rules = spec.binding_rules
    if rules is None or not rules.awaitable_words:
        return None
    was, now = (
        bool(rules.awaitable_words & set(words_before(sig, name))) for sig in (seed.old_signature, seed.signature)
    )
    if was == now:
        return None
    if now and site.awaited == "awaited":
        return Outcome(Verdict.STILL_BINDS, (f"`{name}` is now async and this call awaits it",))
    if not rules.lazy_awaitables:
        if now and not site.awaited and not site.value_used:
            why = (
                f"`{name}` is now async and this call does not await it: the caller goes on before its work ends,"
                " and what it throws no longer reaches the caller"
            )
            return Outcome(Verdict.UNAWAITED, (why,))
        return None  # the body runs at the call either way: what it gives is the return's change
    if now and site.awaited == "passed":
        why = f"`{name}` is now async: this call passes its awaitable on, which runs only where awaited"
        return Outcome(Verdict.RETURN_USED, (why,))
    if now:
        why = f"`{name}` is now async: this call does not await it, so its body never runs"
        return Outcome(Verdict.NOT_AWAITED, (why,))
    if site.awaited == "awaited":
        return Outcome(Verdict.AWAITS_A_VALUE, (f"awaits `{name}`, which is no longer async",))
    return None


def _gave_a_value(seed: Change, spec: LanguageSpec, read: Readers, name: str) -> bool:
    """Did the old body return a value, where its header declared none (an optional annotation
    left out: the result was there, only unannotated)?"""
    source = read.old(seed.file)
    body = body_after_parameters(spec, source, seed.old_start_line or seed.start_line, name) if source else None
    if body is None:
        return True  # unread: as if it did, the weaker claim
    none = spec.binding_rules.null_type if spec.binding_rules is not None else ""
    for line in body.splitlines():
        words = line.strip().rstrip(";").split(None, 1)
        if len(words) == 2 and words[0] in spec.return_keywords and words[1].strip() not in ("", none):
            return True
    return False


def kept_result(
    seed: Change, spec: LanguageSpec, site: CallSite, read: Readers, name: str, caller_file: str = ""
) -> Outcome | None:
    """A changed return that this call does not see, where results are declared per signature
    (``BindingRules.results_by_signature``): the signatures of the family it selects declare the
    same result before and after (an overload added or changed that this call does not select),
    or a boolean before and after (``TypeGuard[T]`` → ``TypeIs[T]``: the same ``bool`` at run
    time, only what a type checker narrows with it changed), unless the call's lines silence the
    type checker (``# type: ignore``: its view there is what the line was written for). None when
    it may see it."""
    rules = spec.binding_rules
    old_source, new_source = read.old(seed.file), read.new(seed.file)
    if rules is None or not rules.results_by_signature or old_source is None or new_source is None:
        return None
    old_line = seed.old_start_line or seed.start_line
    before = _selected_results(spec, old_source, old_line, name, site.arguments, rules)
    after = _selected_results(spec, new_source, seed.start_line, name, site.arguments, rules)
    if before is None or after is None:
        return None
    (was, old_family), (now, new_family) = before, after
    if len(was) == 1 and was == now and (old_family or new_family):
        why = f"the signature this call selects declares the same result as before (`{next(iter(now))}`)"
        return Outcome(Verdict.STILL_BINDS, (why,))
    boolean = rules.boolean_result
    if boolean and all(re.fullmatch(boolean, r) for r in was | now) and not _silenced(site, read, caller_file, rules):
        shown = f"`{' | '.join(sorted(was))}` → `{' | '.join(sorted(now))}`"
        why = f"a boolean before and after ({shown}): only what a type checker narrows with it changed"
        return Outcome(Verdict.STILL_BINDS, (why,))
    return None


def _silenced(site: CallSite, read: Readers, caller_file: str, rules: BindingRules) -> bool:
    """Does a comment silencing the type checker stand on the call's lines or the line before?"""
    source = read.new(caller_file) if caller_file and rules.type_check_silencers else None
    if source is None:
        return False
    lines = source.decode("utf-8", "replace").splitlines()[max(site.start_line - 2, 0) : site.end_line]
    return any(re.search(marker, line) for line in lines for marker in rules.type_check_silencers)


def _selected_results(
    spec: LanguageSpec, source: bytes, line: int, name: str, args: tuple[Argument, ...], rules: BindingRules
) -> tuple[frozenset[str], bool] | None:
    """The results the signatures a call may select declare (the first that binds wins at the
    type checker; without types, every one that binds may be it), and whether the definition has
    signatures of its own (a family); None when unknown (a signature's binding cannot tell, or
    one declares no result)."""
    family = family_of(spec, source, line, name)
    signatures = family[:-1] if len(family) > 1 else family
    results: set[str] = set()
    for params, tail, _ in signatures:
        status = bind(params, args, rules).status
        if status is BindStatus.UNKNOWN:
            return None
        if status is BindStatus.BINDS:
            results.add(_declared(tail))
    if not results or "" in results:
        return None
    return frozenset(results), len(family) > 1


def _declared(tail: str) -> str:
    """The result a header's tail declares (``-> int:`` → ``int``, ``: T;`` → ``T``)."""
    text = " ".join(tail.split())
    for end in (":", ";", "{", "=>"):
        text = text.removesuffix(end).strip()
    for arrow in _ARROWS:
        text = text.removeprefix(arrow).strip()
    return text


def retyped_result(seed: Change, spec: LanguageSpec, read: Readers, kinds: set[str], name: str) -> bool:
    """A signature change that declares another result type before the name (Java's ``void f()``
    → ``boolean f()``): the header's text after the parameters, where a return change is read,
    does not show it. Only where the tree reads such a result: a result after the parameters is
    the return change's (``change_kinds.py``), and a header's text read here may begin with a
    decorator's own parentheses."""
    if ChangeKind.SIGNATURE not in kinds:
        return False
    old_source, new_source = read.old(seed.file), read.new(seed.file)
    if old_source is None or new_source is None:
        return False
    old = result_of(spec, old_source, seed.old_start_line or seed.start_line, name)
    new = result_of(spec, new_source, seed.start_line, name)
    return old is not None and new is not None and old.split() != new.split()


def _declared_results(seed: Change, spec: LanguageSpec, read: Readers, name: str) -> tuple[str | None, str | None]:
    """The result the old and the new header declare ("" for none): read from the tree where the
    language declares it before the name, else from the text after the parameter list."""
    old_source, new_source = read.old(seed.file), read.new(seed.file)
    old_line = seed.old_start_line or seed.start_line
    old = result_of(spec, old_source, old_line, name) if old_source is not None else None
    new = result_of(spec, new_source, seed.start_line, name) if new_source is not None else None
    if old is None or new is None:
        return _result(spec, seed.old_signature), _result(spec, seed.signature)
    return _no_result(old), _no_result(new)


def _no_result(declared: str) -> str:
    return "" if declared.strip() in _NO_RESULT else declared.strip()


# What a header may end with after the parameter list, and the results that are none.
_HEADER_ENDS = ("{", ":", "=>", "=")
_ARROWS = ("->", ":")
_NO_RESULT = frozenset({"", "None", "()", "Unit", "void"})


def _annotated(spec: LanguageSpec, signature: str) -> bool:
    """Whether a header declares a result after its parameter list (``-> None`` does)."""
    tail = _tail(spec, signature)
    return tail is None or bool(tail)  # unread: as declared, the way it was judged before


def _result(spec: LanguageSpec, signature: str) -> str | None:
    """The result a header declares after its parameter list ("" for none); None if unread."""
    tail = _tail(spec, signature)
    if tail is None:
        return None
    for arrow in _ARROWS:
        tail = tail.removeprefix(arrow).strip()
    return "" if tail in _NO_RESULT else tail


def _tail(spec: LanguageSpec, signature: str) -> str | None:
    """A header's text after its parameter list, without what opens the body; None if unread."""
    inner = spec.parameters(signature)
    at = signature.find(f"({inner})") if inner is not None else -1
    if inner is None or at < 0:
        return None
    tail = signature[at + len(inner) + 2 :].strip()
    for end in _HEADER_ENDS:
        tail = tail.removesuffix(end).strip()
    return tail


__all__ = ["Reader", "Readers", "annotated", "kept_result", "raised", "returned", "retyped_result"]
