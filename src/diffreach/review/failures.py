"""Why a call no longer binds, in words a reviewer can act on.

One phrasing per binding problem (``_FAILURE_REASONS``, keyed by ``BindProblem``), each given
the failed binding to the new parameters and the binding to the old ones, so it can name what
took the place of what the argument bound before ("`nl=` no longer exists (now `newline`?)",
"`message` is now required", "`b` is keyword-only now: pass it as `b=`"). Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from diffreach.languages.signatures import ArgKind, Argument, Parameter, ParamKind
from diffreach.review.binder import Binding, BindProblem


def explain_failure(
    after: Binding, before: Binding, old: Sequence[Parameter], new: Sequence[Parameter], args: Sequence[Argument]
) -> str:
    """Why ``args`` no longer bind ``new`` (``after`` failed), knowing how they bound ``old``."""
    explain = _FAILURE_REASONS[after.problem or BindProblem.MISSING]
    return explain(_Failure(after, before, old, new, args))


class _Failure(NamedTuple):  # internal: no dataclass methods to compile at load (speed)
    after: Binding  # the failed binding to the new parameters
    before: Binding  # the binding to the old ones
    old: Sequence[Parameter]
    new: Sequence[Parameter]
    args: Sequence[Argument]

    @property
    def subject(self) -> str:
        return self.after.subject

    def argument(self) -> Argument:
        return self.args[self.after.argument] if self.after.argument is not None else Argument()

    def successor(self) -> Parameter | None:
        """The new parameter that took the place of the one the argument at fault bound before:
        the same name, or, when that name is gone, the new parameter in its position."""
        at = self.after.argument
        slot = self.before.slots[at] if at is not None and at < len(self.before.slots) else None
        if slot is None:
            return None
        took = self.old[slot]
        same = next((p for p in self.new if p.name == took.name), None)
        return same or (self.new[slot] if slot < len(self.new) else None)


def _unexpected(f: _Failure) -> str:
    names = [p.name for p in f.old]
    spelled = keyword_spelling(f.argument())
    if f.subject not in names:
        return f"no parameter takes `{spelled}` any more"
    at = names.index(f.subject)
    successor = f.new[at].name if at < len(f.new) and f.new[at].name not in names else ""
    hint = f" (now `{successor}`?)" if successor else ""
    return f"`{spelled}` no longer exists{hint}"


def _missing(f: _Failure) -> str:
    before = next((p for p in f.old if p.name == f.subject), None)
    if before is None:
        return f"new parameter `{f.subject}` is required and not passed"
    if before.has_default or before.optional:
        return f"`{f.subject}` is now required"
    return f"`{f.subject}` gets no value any more"


def _too_many(f: _Failure) -> str:
    arg = f.argument()
    if arg.kind is ArgKind.TRAILING:
        return "the trailing lambda has no parameter left to bind"
    if arg.kind is ArgKind.SPREAD:
        return f"`{arg.text}` must be the variadic parameter's only value"
    now = f.successor()
    if now is not None and now.kind is ParamKind.KEYWORD_ONLY:
        return f"`{now.name}` is keyword-only now: pass it as `{now.name}=`"
    capacity = sum(p.by_position for p in f.new)
    given = sum(a.kind is ArgKind.POSITIONAL for a in f.args)
    return f"too many positional arguments: takes {capacity}, given {given}"


def _duplicate(f: _Failure) -> str:
    return f"`{f.subject}` gets two values (by position and by name)"


def _by_name(f: _Failure) -> str:
    return f"`{f.subject}` is positional-only now: `{f.subject}=` is refused"


def _out_of_position(f: _Failure) -> str:
    return f"`{f.subject}` is named out of its position, before positional arguments"


def _spread(f: _Failure) -> str:
    text = f.argument().text or "the spread"
    if f.subject:
        return f"`{text}` would fill `{f.subject}`, which is not variadic"
    return f"`{text}` needs a variadic parameter; there is none any more"


_FAILURE_REASONS: dict[BindProblem, Callable[[_Failure], str]] = {
    BindProblem.UNEXPECTED_KEYWORD: _unexpected,
    BindProblem.MISSING: _missing,
    BindProblem.TOO_MANY: _too_many,
    BindProblem.DUPLICATE: _duplicate,
    BindProblem.POSITIONAL_BY_NAME: _by_name,
    BindProblem.OUT_OF_POSITION: _out_of_position,
    BindProblem.SPREAD_WITHOUT_VARIADIC: _spread,
}


def keyword_spelling(arg: Argument) -> str:
    """A named argument as the caller spells it: ``nl=``, ``html:`` (C#), ``port=`` (Kotlin)."""
    rest = arg.text[len(arg.name) :].lstrip() if arg.text.startswith(arg.name) else ""
    return arg.name + (rest[:1] if rest[:1] in (":", "=") else "=")


__all__ = ["explain_failure", "keyword_spelling"]
