"""Bind a call's arguments to a definition's parameters, by a language's rules.

The language reference's call binding made generic (Python's "Calls" section is the model:
positional arguments fill the positional parameters in order and the rest go to ``*args`` or
are too many; keywords fill parameters by name and the rest go to ``**kwargs`` or are
unexpected; a parameter filled twice is an error; one left empty without a default is
missing). ``BindingRules`` switch on what each language adds or lacks: named arguments in
position (C#, Kotlin), loose arity (JavaScript), optional parameters (TypeScript), spreads
that fill the variadic parameter (Go, Kotlin), a receiver passed by position (Rust
``Type::m(&x)``), a lambda after the parentheses (Kotlin). A spread of unknown length
(``*xs``, ``...xs``, ``**kw``) leaves the binding "cannot tell" unless what is known already
fails. Each argument kind has its handler (``_HANDLERS``); the state they share is ``_State``.
Pure: records of ``diffreach.languages.signatures`` in, a ``Binding`` out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from diffreach.languages.signatures import ArgKind, Argument, BindingRules, Parameter, ParamKind, SpreadRule


class BindStatus(StrEnum):
    BINDS = "binds"
    FAILS = "fails"
    UNKNOWN = "cannot-tell"


class BindProblem(StrEnum):
    MISSING = "missing-required"
    UNEXPECTED_KEYWORD = "unexpected-keyword"
    POSITIONAL_BY_NAME = "positional-only-by-name"
    TOO_MANY = "too-many-positional"
    DUPLICATE = "duplicate"
    OUT_OF_POSITION = "named-out-of-position"
    SPREAD_WITHOUT_VARIADIC = "spread-without-variadic"


@dataclass(frozen=True, slots=True)
class Binding:
    """How one call binds one parameter list. ``slots[i]`` is the index of the parameter
    argument ``i`` binds; None when it binds none (ignored under loose arity, a spread of
    unknown length, a positional after one, a receiver the definition does not declare)."""

    status: BindStatus
    slots: tuple[int | None, ...]
    problem: BindProblem | None = None
    subject: str = ""  # the parameter or keyword the problem names
    argument: int | None = None  # the argument at fault
    unpacked: str = ""  # the unpacking that leaves the binding unknown

    @property
    def bound(self) -> frozenset[int]:
        return frozenset(s for s in self.slots if s is not None)


class _State:  # a plain class: no dataclass methods to compile at load (speed)
    def __init__(
        self,
        params: tuple[Parameter, ...],
        args: Sequence[Argument],
        rules: BindingRules,
        queue: list[int],  # parameters filled by position, in order
        variadic: int | None,
        keywords: int | None,
        receiver: int | None,
        slots: list[int | None],
    ) -> None:
        self.params, self.args, self.rules, self.queue = params, args, rules, queue
        self.variadic, self.keywords, self.receiver, self.slots = variadic, keywords, receiver, slots
        self.cursor = 0
        self.by_name = any(p.kind is ParamKind.KEYWORD_ONLY for p in params)
        self.rest_given = False  # Rust's ``..base``: every parameter not named is given
        self.unknown_positions = False
        self.unknown_names = False
        self.whole_spread = False
        self.unpacked = ""
        self.failure: tuple[BindProblem, str, int | None] | None = None

    def take(self, i: int, p: int) -> None:
        self.slots[i] = p

    def fail(self, problem: BindProblem, subject: str, i: int | None) -> None:
        self.failure = (problem, subject, i)

    def taken(self, p: int) -> bool:
        return p in self.slots


def bind(params: Sequence[Parameter], args: Sequence[Argument], rules: BindingRules) -> Binding:
    """Bind ``args`` to ``params`` by ``rules``: which parameter each argument fills, or the
    first reason the call cannot bind, or that unpacking at the call leaves it unknown."""
    st = _start(tuple(params), args, rules)
    for i, arg in enumerate(args):
        _HANDLERS[_effective(arg, rules, st.by_name)](st, i, arg)
        if st.failure is not None:
            break
    if st.failure is None:
        _check_missing(st)
    slots = tuple(st.slots)
    if st.failure is not None:
        problem, subject, at = st.failure
        return Binding(BindStatus.FAILS, slots, problem, subject, at, st.unpacked)
    unknown = st.unknown_positions or st.unknown_names
    return Binding(BindStatus.UNKNOWN if unknown else BindStatus.BINDS, slots, unpacked=st.unpacked)


def _start(params: tuple[Parameter, ...], args: Sequence[Argument], rules: BindingRules) -> _State:
    variadic = _first(params, ParamKind.VAR_POSITIONAL)
    receiver = _first(params, ParamKind.RECEIVER)
    queue = [i for i, p in enumerate(params) if p.by_position and (variadic is None or i < variadic)]
    passed = receiver is not None and rules.receiver_by_position and not params[receiver].implicit
    if receiver is not None and passed and not any(a.kind is ArgKind.RECEIVER for a in args):
        queue.insert(0, receiver)
    return _State(
        params, args, rules, queue, variadic, _first(params, ParamKind.VAR_KEYWORD), receiver, [None] * len(args)
    )


def _first(params: tuple[Parameter, ...], kind: ParamKind) -> int | None:
    return next((i for i, p in enumerate(params) if p.kind is kind), None)


def _effective(arg: Argument, rules: BindingRules, by_name: bool) -> ArgKind:
    # Without keyword arguments a name at the call is no name (the query should not produce one),
    # unless the definition takes its parameters by name only (Rust's struct fields).
    if not rules.keyword_arguments and arg.kind is ArgKind.KEYWORD and not by_name:
        return ArgKind.POSITIONAL
    return arg.kind


def _on_receiver(st: _State, i: int, arg: Argument) -> None:
    # A receiver the definition does not declare is a qualifier (a module, a type, an object
    # whose method does not name itself): it binds nothing.
    if st.receiver is not None and not st.taken(st.receiver):
        st.take(i, st.receiver)


def _on_positional(st: _State, i: int, arg: Argument) -> None:
    if st.unknown_positions:
        return
    if st.cursor < len(st.queue):
        p = st.queue[st.cursor]
        st.cursor += 1
        if st.taken(p):
            st.fail(BindProblem.DUPLICATE, st.params[p].name, i)
        else:
            st.take(i, p)
    elif st.variadic is not None and not st.whole_spread:
        st.take(i, st.variadic)
    elif st.rules.loose_arity:
        return
    else:
        st.fail(BindProblem.TOO_MANY, arg.text, i)


def _on_spread(st: _State, i: int, arg: Argument) -> None:
    rule = st.rules.spread
    if rule is SpreadRule.UNKNOWN_LENGTH:
        st.unknown_positions = True
        st.unpacked = st.unpacked or arg.text
        return
    if st.variadic is None or st.cursor < len(st.queue):
        landing = st.params[st.queue[st.cursor]].name if st.cursor < len(st.queue) else ""
        st.fail(BindProblem.SPREAD_WITHOUT_VARIADIC, landing, i)
    elif rule is SpreadRule.WHOLE_VARIADIC and (st.taken(st.variadic) or st.whole_spread):
        st.fail(BindProblem.TOO_MANY, arg.text, i)  # Go: ``xs...`` is the variadic's only value
    else:
        st.take(i, st.variadic)
        st.whole_spread = rule is SpreadRule.WHOLE_VARIADIC


def _on_keyword(st: _State, i: int, arg: Argument) -> None:
    if st.rules.named_in_position and _positional_follows(st, i):
        at = st.queue[st.cursor] if st.cursor < len(st.queue) else None
        if at is not None and st.params[at].name == arg.name:
            st.cursor += 1
            st.take(i, at)
        else:
            st.fail(BindProblem.OUT_OF_POSITION, arg.name, i)
        return
    p = next((j for j, q in enumerate(st.params) if q.name == arg.name and _nameable(q, st.rules)), None)
    if p is not None:
        if st.taken(p):
            st.fail(BindProblem.DUPLICATE, arg.name, i)
        else:
            st.take(i, p)
    elif st.keywords is not None:
        st.take(i, st.keywords)
    elif any(q.name == arg.name and q.kind is ParamKind.POSITIONAL_ONLY for q in st.params):
        st.fail(BindProblem.POSITIONAL_BY_NAME, arg.name, i)
    else:
        st.fail(BindProblem.UNEXPECTED_KEYWORD, arg.name, i)


def _nameable(p: Parameter, rules: BindingRules) -> bool:
    return p.by_name or (rules.named_variadic and p.kind is ParamKind.VAR_POSITIONAL)


def _positional_follows(st: _State, i: int) -> bool:
    later = (_effective(a, st.rules, st.by_name) for a in st.args[i + 1 :])
    return any(k in (ArgKind.POSITIONAL, ArgKind.SPREAD) for k in later)


def _on_keyword_spread(st: _State, i: int, arg: Argument) -> None:
    if st.rules.keyword_spread_fills:
        st.rest_given = True
        return
    st.unknown_names = True
    st.unpacked = st.unpacked or arg.text


def _on_trailing(st: _State, i: int, arg: Argument) -> None:
    last = next((j for j in range(len(st.params) - 1, -1, -1) if st.params[j].kind is not ParamKind.RECEIVER), None)
    if last is None or st.taken(last):
        st.fail(BindProblem.TOO_MANY, arg.text, i)
    else:
        st.take(i, last)


_HANDLERS: dict[ArgKind, Callable[[_State, int, Argument], None]] = {
    ArgKind.RECEIVER: _on_receiver,
    ArgKind.POSITIONAL: _on_positional,
    ArgKind.SPREAD: _on_spread,
    ArgKind.KEYWORD: _on_keyword,
    ArgKind.KEYWORD_SPREAD: _on_keyword_spread,
    ArgKind.TRAILING: _on_trailing,
}


def _check_missing(st: _State) -> None:
    if st.rules.loose_arity:
        return
    open_positions = set(st.queue[st.cursor :]) if st.unknown_positions else set()
    for j, p in enumerate(st.params):
        if st.taken(j) or not _required(p, j, st):
            continue
        if j in open_positions or ((st.unknown_names or st.rest_given) and p.by_name):
            continue  # the unpacking may fill it, or fills it
        st.fail(BindProblem.MISSING, p.name, None)
        return


def _required(p: Parameter, j: int, st: _State) -> bool:
    if p.kind is ParamKind.RECEIVER:
        return j in st.queue  # passed by position: the call must supply it
    if p.catch_all:
        return False
    defaulted = st.rules.defaults and p.has_default
    return not defaulted and not (st.rules.optional_parameters and p.optional)


__all__ = ["BindProblem", "BindStatus", "Binding", "bind"]
