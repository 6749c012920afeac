"""Calls a change updated to pass a new parameter, and the calls of the same function it left.

A change that gives a function a new parameter a call may leave out (a default, an optional
one, any parameter where the language binds every call) and edits some of the function's
existing calls to pass it says, in its own edits, what those calls needed. The calls it left as
they were still bind, to the parameter's default, exactly as before: by the arguments alone they
are reach. The change's edits are the evidence that they may need the same update, so each is
flagged (``passed-elsewhere``, medium) with the call that passes it.

Only for parameters added to the list (every old parameter's name kept: a rename is the
binder's to judge), and only from calls that update an existing call: the calling file called
the function at least as often before the change as after it. A call that is new in the change
(a new use of the option) says nothing about the others, nor does one that passes on its own
caller's parameter (a delegate threading the option through).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from diffreach.languages import language_for
from diffreach.languages.binding import calls_in, parameters_of
from diffreach.languages.signatures import CallSite, Parameter, ParamKind
from diffreach.languages.spec import LanguageSpec
from diffreach.model import Change, ChangeKind, EdgeKind, Reached
from diffreach.review.binder import BindStatus, bind
from diffreach.review.binding import value_text
from diffreach.review.callsites import simple_name
from diffreach.review.compared import compared_parameters
from diffreach.review.outcomes import Outcome, Verdict
from diffreach.review.results import Readers

_WHOLE_FILE = 10**9


class PassedNew(NamedTuple):
    """The new parameters the change passes at calls it updated: index in the new list → where
    (``file:line``), and the new list itself."""

    at: dict[int, str]
    new: tuple[Parameter, ...]


def added_optional(old: Sequence[Parameter], new: Sequence[Parameter], loose_arity: bool) -> tuple[int, ...]:
    """The indices of parameters the new list adds that a call may leave out, where the old
    list's named parameters are all kept (else a rename may hide among them)."""
    new_names = {p.name for p in new if p.name}
    if any(p.name and p.name not in new_names for p in old if p.kind is not ParamKind.RECEIVER):
        return ()
    old_names = {p.name for p in old}
    return tuple(
        j
        for j, p in enumerate(new)
        if p.name
        and p.name not in old_names
        and p.kind is not ParamKind.RECEIVER
        and not p.catch_all
        and (p.has_default or p.optional or loose_arity)
    )


def passed_new(seed: Change, changed: Sequence[Change], callers: Sequence[Reached], read: Readers) -> PassedNew | None:
    """The added parameters (``added_optional``) some updated call of ``seed`` passes, with the
    first such call; None when there are none. An edited call makes the definition around it a
    changed one, so the calls are read in the other changed definitions, on the lines where the
    graph has them call ``seed``, and in its direct callers (a caller the change did not otherwise
    touch)."""
    spec = language_for(seed.file)
    if spec is None or spec.binding_rules is None or ChangeKind.SIGNATURE not in seed.changes:
        return None
    name = simple_name(seed.id)
    compared = compared_parameters(seed, spec, read, name)
    if isinstance(compared, str):
        return None
    old, new = compared
    added = frozenset(added_optional(old, new, spec.binding_rules.loose_arity))
    if not added:
        return None
    calling = read.call_lines or (lambda _caller, _callee: ())
    places = [(c.id, c.file, c.start_line, c.end_line, calling(c.id, seed.id)) for c in changed if c.id != seed.id]
    places += [
        (r.id, r.file, r.start_line, r.end_line, r.lines)
        for r in callers
        if r.via == seed.id and r.hop == 1 and r.edge == EdgeKind.CALLS and r.end_line
    ]
    at: dict[int, str] = {}
    updated: dict[str, bool] = {}  # per file: several changed definitions share one
    for holder, file, first, last, lines in places:
        if lines and file not in updated:
            updated[file] = _updates(file, name, read)
        if not lines or not updated[file]:
            continue
        own = _own_names(holder, file, first, read)
        for site in _sites(file, first, last, lines, name, read):
            b = bind(new, site.arguments, spec.binding_rules)
            if b.status is not BindStatus.BINDS:
                continue
            for i, j in enumerate(b.slots):
                if j in added and value_text(site.arguments[i]) not in own:
                    at.setdefault(j, f"{file}:{site.start_line}")
    return PassedNew(at, new) if at else None


def left_out(seed: Change, caller: Reached, passed: PassedNew, read: Readers) -> Outcome | None:
    """``passed-elsewhere`` when a call of ``seed`` in ``caller`` binds and leaves out every new
    parameter the change passes at the calls it updated; None otherwise."""
    spec = language_for(caller.file)
    rules = spec.binding_rules if spec is not None else None
    if rules is None:
        return None
    wanted = frozenset(passed.at)
    sites = _sites(caller.file, caller.start_line, caller.end_line, caller.lines, simple_name(seed.id), read)
    for site in sites:
        b = bind(passed.new, site.arguments, rules)
        if b.status is BindStatus.BINDS and not b.bound & wanted:
            j = min(wanted)
            why = (
                f"new parameter `{passed.new[j].name}` is left to its default here; "
                f"this change passes it at a call it updated ({passed.at[j]})"
            )
            return Outcome(Verdict.PASSED_ELSEWHERE, (why,))
    return None


def _sites(file: str, first: int, last: int, lines: Sequence[int], name: str, read: Readers) -> list[CallSite]:
    """The calls of ``name`` between two lines of the new side, on one of ``lines`` (the graph's
    edges to the changed definition: a call of another definition of the name is not one)."""
    spec, source = language_for(file), read.new(file)
    if spec is None or source is None or not last:
        return []
    found = [s for s in calls_in(spec, source, first, last, name) if not s.passed_as_value]
    return [s for s in found if any(s.start_line <= n <= s.end_line for n in lines)]


def _own_names(holder: str, file: str, line: int, read: Readers) -> frozenset[str]:
    """The parameter names of the definition holding an updated call: a call that passes one of
    them on threads its caller's own option through (a delegate), which asks nothing of the
    function's other calls."""
    spec, source = language_for(file), read.new(file)
    params = parameters_of(spec, source, line, simple_name(holder)) if spec and source else None
    return frozenset(p.name for p in params or () if p.name)


def _updates(file: str, name: str, read: Readers) -> bool:
    """Did the change edit ``file``, which called ``name`` at least as often before the change
    as after it (its calls edited, not added)?"""
    spec = language_for(file)
    before, after = read.old(file), read.new(file)
    if spec is None or before is None or after is None or before == after:
        return False
    return len(_calls(spec, before, name)) >= len(_calls(spec, after, name)) > 0


def _calls(spec: LanguageSpec, source: bytes, name: str) -> list[CallSite]:
    return [s for s in calls_in(spec, source, 1, _WHOLE_FILE, name) if not s.passed_as_value]


__all__ = ["PassedNew", "added_optional", "left_out", "passed_new"]
