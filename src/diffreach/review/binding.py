"""Judge a call against the old and the new signature of what it calls.

``judge`` binds one call twice (``binder.bind``: the language's call binding rules, made
generic), against the old and the new parameters, and says what the change does to that call,
with a reason a reviewer can act on: it no longer binds ("`nl=` no longer exists", "`message`
is now required"); an argument lands on another parameter, is dropped, goes into a catch-all
or lands on a renamed one (by position: the same value in the same place, low, unless its
default or declared type changed too, or the rename is no respelling and the value is named for
the old parameter: ``get(authority)`` after ``authority`` became ``host``, medium; by the old
name: it no longer binds); it relies on a default or a parameter type that changed;
unpacking at the call leaves it unknown (unless it only unpacks the caller's own parameters,
``f(*args, **kwargs)``: it hands on what its callers pass, low); or it binds as before. A call the old parameters did
not take either, or that the new ones refuse while a sibling overload takes it, is
``choice.py``'s to explain. Each verdict has one severity (``SEVERITY`` in ``outcomes.py``,
data), and high and medium are what the review labels ``behavior-change``.
This is the review's front door to binding: ``bind`` and the records of
``diffreach.languages.signatures`` are re-exported here. Pure functions; no syntax, no language
names (the languages package reads parameter and argument lists from the tree and holds each
language's ``BindingRules``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from diffreach.languages.signature_text import top_level_split
from diffreach.languages.signatures import (
    ArgKind,
    Argument,
    BindingRules,
    CallSite,
    Parameter,
    ParamKind,
    SpreadRule,
)
from diffreach.review.annotations import dropped_optional, retyped
from diffreach.review.binder import Binding, BindProblem, BindStatus, bind
from diffreach.review.choice import fits_new_only, literal_fits, no_longer_fits, removed_sibling
from diffreach.review.destructured import reads_old_from, undestructured, unread
from diffreach.review.failures import keyword_spelling
from diffreach.review.outcomes import RANK, SEVERITY, Outcome, Severity, Verdict, Where, most_severe

# -- judging ------------------------------------------------------------------------------------


def judge(
    old: Sequence[Parameter],
    new: Sequence[Parameter],
    args: Sequence[Argument],
    rules: BindingRules,
    overloads: Sequence[Sequence[Parameter]] = (),
    where: Where | None = None,
    old_overloads: Sequence[Sequence[Parameter]] = (),
) -> Outcome:
    """What the change from ``old`` to ``new`` parameters does to one call with ``args``.
    ``overloads``: the other parameter lists of the same name in the new version (Java, C#,
    Kotlin, TS), which a call that no longer fits this one may now select, and ``old_overloads``
    those of the old version (a call that fits neither list is explained only by a sibling that
    takes it in both); ``where``: what is known around the call."""
    where = where or Where()
    before, after = bind(old, args, rules), bind(new, args, rules)
    if after.status is BindStatus.FAILS:
        return no_longer_fits(before, after, (old, new), args, rules, (old_overloads, overloads), where)
    if BindStatus.UNKNOWN in (before.status, after.status):
        if passes_all_on(args, where.own):
            why = "only unpacks its own parameters: its callers' arguments reach the changed ones through it"
            return Outcome(Verdict.FORWARDS_ALL, (why,))
        unpacked = after.unpacked or before.unpacked
        typed = rules.typed_arguments and any(retyped(a, b, rules) for a, b in zip(old, new, strict=False))
        if same_shape(old, new) and not typed:
            why = f"unpacks at the call (`{unpacked}`), and the parameters take arguments exactly as before"
            return Outcome(Verdict.STILL_BINDS, (why,))
        return Outcome(Verdict.CANNOT_TELL, (f"unpacking at the call (`{unpacked}`): cannot tell how it binds",))
    if before.status is BindStatus.FAILS:
        return fits_new_only(args, rules, overloads, where)
    ambiguous = removed_sibling(old, args, rules, (old_overloads, (new, *overloads)))
    if ambiguous is not None:
        return ambiguous
    findings = _argument_changes(before, after, old, new, args, rules) + _unfilled_changes(
        before, after, old, new, rules, forwards(args, where.own)
    )
    if not findings:
        return Outcome(Verdict.STILL_BINDS, ("binds as before",))
    findings.sort(key=lambda f: RANK[SEVERITY[f[0]]])
    return Outcome(findings[0][0], tuple(reason for _, reason in findings))


def same_shape(old: Sequence[Parameter], new: Sequence[Parameter]) -> bool:
    """Do two parameter lists take every call's arguments alike: the same kinds in the same order,
    the same names where a call can name them, the same defaults and optionality? A collecting
    parameter's own name (``*args``, ``**kwargs``) no call can use. Types aside."""
    if len(old) != len(new):
        return False
    collecting = (ParamKind.VAR_POSITIONAL, ParamKind.VAR_KEYWORD)
    return all(
        a.kind == b.kind
        and (a.name == b.name or a.kind in collecting)
        and (a.has_default, a.default_form or a.default, a.optional)
        == (b.has_default, b.default_form or b.default, b.optional)
        for a, b in zip(old, new, strict=True)
    )


def judge_call(
    old: Sequence[Parameter],
    new: Sequence[Parameter],
    site: CallSite,
    rules: BindingRules,
    overloads: Sequence[Sequence[Parameter]] = (),
    where: Where | None = None,
    old_overloads: Sequence[Sequence[Parameter]] = (),
) -> Outcome:
    """``judge`` for a call site read from the tree; a symbol passed as a value cannot be bound."""
    where = where or Where()
    if site.passed_as_value:
        return Outcome(Verdict.PASSED_AS_VALUE, ("passed as a value (a callback or a reference): not checked here",))
    if site.constructs:
        old, new = strip_receiver(old), strip_receiver(new)
    args = as_written(old, site.arguments, rules, where.owner)
    return judge(old, new, args, rules, overloads, where, old_overloads)


def as_written(
    old: Sequence[Parameter], args: Sequence[Argument], rules: BindingRules, owner: str = ""
) -> Sequence[Argument]:
    """A call's arguments as the call is written: through an instance (``obj.m(x)``: the
    receiver fills the declared receiver) or through the class (``Base.__init__(self, x)``,
    ``Cls.m(obj)``, C#'s ``Ext.M(obj)``: the name left of the dot is a qualifier and the first
    argument fills the declared receiver), in a language where the receiver may name the class
    (``receiver_may_be_class``). The reading is the one the old parameters accept (the code ran before the
    change); when both do, the class reading only if the receiver names the callee's own class.
    A receiver the class fills itself (a class method's ``cls``) is never an argument."""
    receiver = next((a for a in args if a.kind is ArgKind.RECEIVER), None)
    declared = next((p for p in old if p.kind is ParamKind.RECEIVER), None)
    if receiver is None or declared is None or declared.implicit or not rules.receiver_may_be_class:
        return args
    through_class = tuple(a for a in args if a.kind is not ArgKind.RECEIVER)
    if bind(old, through_class, rules).status is BindStatus.FAILS:
        return args
    named = bool(owner) and receiver.text.rsplit(".", 1)[-1].strip() == owner
    if named or bind(old, args, rules).status is BindStatus.FAILS:
        return through_class
    return args


def strip_receiver(params: Sequence[Parameter]) -> tuple[Parameter, ...]:
    """A constructor's parameters as its callers see them: ``Foo(a)`` passes no ``self``."""
    return tuple(p for p in params if p.kind is not ParamKind.RECEIVER)


# -- comparing the two bindings of a call --------------------------------------------------------

_Finding = tuple[Verdict, str]


def _argument_changes(
    before: Binding,
    after: Binding,
    old: Sequence[Parameter],
    new: Sequence[Parameter],
    args: Sequence[Argument],
    rules: BindingRules,
) -> list[_Finding]:
    """Per argument: does it fill the same parameter (by name; by position when unnamed)?"""
    old_keys = {_key(old, j) for j in range(len(old))}
    new_keys = {_key(new, j) for j in range(len(new))}
    found: list[_Finding] = []
    ordinal = 0
    for i, arg in enumerate(args):
        ordinal += arg.kind is ArgKind.POSITIONAL
        if arg.kind is ArgKind.RECEIVER:
            continue
        a, b = before.slots[i], after.slots[i]
        desc = _describe(arg, ordinal)
        if a is None and b is None:
            continue
        if b is None:
            found.append((Verdict.ARGUMENT_DROPPED, f"{desc} is now ignored (`{old[a or 0].name}` was removed)"))
        elif a is None:
            found.append((Verdict.BINDS_DIFFERENTLY, f"{desc} was ignored and now binds `{new[b].name}`"))
        else:
            finding = _moved(desc, (old, a), (new, b), old_keys, new_keys, rules, arg.text)
            if finding is not None:
                found.append(finding)
    return found


def _moved(
    desc: str,
    was: tuple[Sequence[Parameter], int],
    now: tuple[Sequence[Parameter], int],
    old_keys: set[str],
    new_keys: set[str],
    rules: BindingRules,
    text: str = "",
) -> _Finding | None:
    p, q = was[0][was[1]], now[0][now[1]]
    pk, qk = _key(*was), _key(*now)
    # The declared type of the parameter the argument fills changed and may refuse its value (a
    # compiler or a type checker reads it: Go, Java, TypeScript, Python's annotations); a widened type
    # refuses nothing, and a literal the new type takes still fills it (an untyped constant).
    changed = retyped(p, q, rules) and not literal_fits(text, q, rules)
    if pk == qk:
        dropped = dropped_optional(p, q, rules) if changed else frozenset()
        keys = literal_keys(text) if dropped else None
        if keys is not None:  # an object literal: refused only where it names a dropped property
            named = sorted(dropped & keys)
            if not named:
                return None
            why = f"its object names `{named[0]}`, which the type of `{q.name}` no longer has: a literal may name only known properties"
            return Verdict.NO_LONGER_BINDS, why
        if changed:
            return Verdict.CHANGED_TYPE, f"argument type changed: `{p.annotation}` → `{q.annotation}` ({_label(*now)})"
        return None
    if p.catch_all or q.catch_all:
        return Verdict.CATCH_ALL, f"{desc} now goes to `{_spelled(q)}`, was `{_spelled(p)}`"
    if pk not in new_keys and qk not in old_keys:
        # Renamed, and its default changed too: another parameter took the place of the old;
        # unless the new name extends the old and its declared type still admits every value the
        # old one did (``fn: Callable`` → ``excinfo_or_fn: Union[ExceptionInfo, Callable]``): the
        # same parameter widened, whose default concerns only calls that leave it out.
        widened = bool(p.annotation and q.annotation) and not changed and respelled(p.name, q.name)
        if rules.defaults and _default_changed(p, q, rules) and not widened:
            shown = f"default {_shown(p)} → {_shown(q)}"
            return Verdict.BINDS_DIFFERENTLY, f"{desc} now binds `{q.name}`, was `{p.name}` ({shown})"
        # A plain parameter that became a pattern reading its old name: the value is read anew.
        if reads_old_from(p.name, q.name, text):
            why = f"{desc} is now read for its `{p.name}` property: `{p.name}` became `{_spelled(q)}`"
            return Verdict.BINDS_DIFFERENTLY, why
        # An object pattern that no longer reads a property the call's object gives: ignored at run
        # time whatever the types say (a props type may keep the property the pattern dropped).
        ignored = unread(p.name, q.name, text)
        if ignored:
            shown = ", ".join(f"`{m}`" for m in ignored)
            return Verdict.ARGUMENT_DROPPED, f"{desc} gives {shown}, which the parameter no longer reads: now ignored"
        missing = undestructured(p.name, q.name, text) if rules.loose_arity else ()
        if missing:  # an object pattern that newly reads properties the call's object lacks
            shown = ", ".join(f"`{m}`" for m in missing)
            return Verdict.LEFT_UNDEFINED, f"{desc} now gives {shown} as undefined: read from it, not given"
        if not changed and named_for(text, p.name) and not respelled(p.name, q.name):
            why = f"{desc} binds `{q.name}`, renamed from `{p.name}`: the value it passes is named for the old meaning"
            return Verdict.RENAMED_MEANING, why
        if not changed:
            return Verdict.RENAMED_PARAMETER, f"{desc} binds `{q.name}` by position; it was `{p.name}`"
        return Verdict.CHANGED_TYPE, f"{desc} now binds `{q.name}: {q.annotation}`, was `{p.name}: {p.annotation}`"
    gone = " (removed)" if pk not in new_keys else ""
    return Verdict.BINDS_DIFFERENTLY, f"{desc} now binds `{q.name}`, was `{p.name}`{gone}"


def literal_keys(text: str) -> frozenset[str] | None:
    """The property names an object literal argument writes (``{a: 1, b, "c": 2, m() {}}``); None
    when the text is no object literal, or a spread or a computed key leaves its names unknown."""
    text = text.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return None
    keys: set[str] = set()
    for part in top_level_split(text[1:-1], ","):
        part = part.strip()
        if not part:
            continue
        if part.startswith(("...", "[")):
            return None
        key = re.match(r"""(?:async\s+|get\s+|set\s+)?["']?([\w$]+)""", part)
        if key is None:
            return None
        keys.add(key.group(1))
    return frozenset(keys)


def named_for(text: str, name: str) -> bool:
    """Does an argument's text name ``name`` as an identifier of its own (``route``,
    ``request.url.authority``, ``text + "\\n"``), in any case: the same word capitalised is the
    same name to a reader (Go's exported ``i.DryRun`` passed to ``dryRun``, a property ``URL``)?"""
    found = re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", text, re.IGNORECASE) if name else None
    return found is not None


def respelled(old: str, new: str) -> bool:
    """Is one name the other respelled, shortened or extended (``cb`` → ``callback``, ``opts``
    → ``options``, ``exc_class`` → ``exc_class_or_status_code``): its letters in order in the other?"""
    a, b = old.lower().replace("_", ""), new.lower().replace("_", "")
    return _in_order(a, b) or _in_order(b, a)


def _in_order(short: str, long: str) -> bool:
    rest = iter(long)
    return all(c in rest for c in short)


def forwards(args: Sequence[Argument], own: frozenset[str]) -> bool:
    """Does the call pass on its caller's own parameters, as a wrapper or a delegate does: two
    arguments or more, each one of the caller's parameters by name (``f(a, b)``, ``f(a, key=key)``)?"""
    passed = [a for a in args if a.kind is not ArgKind.RECEIVER]
    return len(passed) >= 2 and all(value_text(a) in own for a in passed)


_SPREADS = frozenset({ArgKind.SPREAD, ArgKind.KEYWORD_SPREAD})


def passes_all_on(args: Sequence[Argument], own: frozenset[str]) -> bool:
    """Is every argument an unpacking of one of the caller's own parameters (``f(*args,
    **kwargs)``, ``f(...rest)``, ``f(xs...)``)? Such a call hands on exactly what its caller was
    given: nothing at it is the caller's own to change; its callers' arguments bind the changed
    parameters through it, as a call of theirs would."""
    passed = [a for a in args if a.kind is not ArgKind.RECEIVER]
    return bool(passed) and all(a.kind in _SPREADS and a.text.strip(" *.") in own for a in passed)


def value_text(arg: Argument) -> str:
    """What an argument passes: a keyword argument's value without its name."""
    if arg.kind is ArgKind.KEYWORD:
        rest = arg.text[len(arg.name) :].lstrip() if arg.text.startswith(arg.name) else ""
        return rest[1:].strip() if rest[:1] in ("=", ":") else ""
    return arg.text.strip()


def _unfilled_changes(
    before: Binding,
    after: Binding,
    old: Sequence[Parameter],
    new: Sequence[Parameter],
    rules: BindingRules,
    wrapper: bool = False,
) -> list[_Finding]:
    """Per parameter the call leaves empty: a default it relies on that changed, (loose arity)
    a new parameter it leaves undefined, or a new one a wrapper does not pass on (a call that
    passes on its caller's own parameters pins the new one to its default for every caller)."""
    old_at = {_key(old, j): j for j in range(len(old))}
    found: list[_Finding] = []
    for j, q in enumerate(new):
        if j in after.bound or q.catch_all or q.kind is ParamKind.RECEIVER:
            continue
        i = old_at.get(_key(new, j))
        if i is None:
            if rules.loose_arity and not (q.has_default or q.optional):
                found.append((Verdict.LEFT_UNDEFINED, f"new parameter `{q.name}` is left undefined by this call"))
            elif wrapper and q.name:
                why = f"new parameter `{q.name}` is not passed on: this call forwards its caller's own parameters"
                found.append((Verdict.NOT_FORWARDED, why))
            continue
        p = old[i]
        if i not in before.bound and rules.defaults and _default_changed(p, q, rules):
            found.append((Verdict.CHANGED_DEFAULT, f"relies on the default of `{q.name}`: {_shown(p)} → {_shown(q)}"))
    return found


def _default_changed(p: Parameter, q: Parameter, rules: BindingRules) -> bool:
    if p.has_default != q.has_default:
        return True
    if not (p.default and q.default):
        return False
    if p.default_form and q.default_form:
        return _run_time(p.default_form, rules) != _run_time(q.default_form, rules)
    # One read from a body (body_defaults.py).
    return _run_time(_spelled_alike(p.default), rules) != _run_time(_spelled_alike(q.default), rules)


def _spelled_alike(text: str) -> str:
    return "".join(text.split()).replace("'", '"')


# Type arguments written before a call's arguments (``new Map<K, V>()``, ``f<T>()``).
_CALL_TYPE_ARGUMENTS = re.compile(r"\s*<(?:[^<>()]|<(?:[^<>()]|<[^<>()]*>)*>)*>\s*(?=\()")


def _run_time(form: str, rules: BindingRules) -> str:
    """A default as the program runs it: where the language erases type arguments
    (``BindingRules.erased_type_arguments``: TypeScript's are types only, Kotlin's and Java's are
    erased), ``new Map<string, A>()`` and ``new Map<string, B>()`` make the same value."""
    return _CALL_TYPE_ARGUMENTS.sub("", form) if rules.erased_type_arguments else form


def _shown(p: Parameter) -> str:
    if not p.has_default:
        return "undefined" if p.optional else "no default"
    return f"`{p.default}`" if p.default else "a default"


def _key(params: Sequence[Parameter], j: int) -> str:
    return params[j].name or f"#{j}"


def _label(params: Sequence[Parameter], j: int) -> str:
    return f"`{params[j].name}`" if params[j].name else f"parameter {j + 1}"


def _spelled(p: Parameter) -> str:
    stars = {ParamKind.VAR_POSITIONAL: "*", ParamKind.VAR_KEYWORD: "**"}.get(p.kind, "")
    return stars + p.name


def _describe(arg: Argument, ordinal: int) -> str:
    if arg.kind is ArgKind.KEYWORD:
        return f"`{keyword_spelling(arg)}`"
    if arg.kind is ArgKind.TRAILING:
        return "the trailing lambda"
    text = _norm(arg.text)
    shown = f" `{text[:37]}…`" if len(text) > 40 else (f" `{text}`" if text else "")
    if arg.kind is ArgKind.POSITIONAL:
        return f"the {_ordinal(ordinal)} argument{shown}"
    return shown.strip() or "the spread"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _norm(text: str) -> str:
    return " ".join(text.split())


__all__ = [
    "SEVERITY",
    "ArgKind",
    "Argument",
    "BindProblem",
    "BindStatus",
    "Binding",
    "BindingRules",
    "CallSite",
    "Outcome",
    "ParamKind",
    "Parameter",
    "Severity",
    "SpreadRule",
    "Verdict",
    "Where",
    "as_written",
    "bind",
    "forwards",
    "judge",
    "judge_call",
    "most_severe",
    "strip_receiver",
    "value_text",
]
