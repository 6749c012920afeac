"""What a change does to one call: a verdict, its severity, the reasons a reviewer reads.

Every verdict has one severity (``SEVERITY``, data): high and medium are what the review labels
``behavior-change``, low is reach. ``Outcome`` is the record a judged call carries; a caller takes
the most severe of its calls (``most_severe``). The verdicts come from binding a call to the old
and the new parameters (``binding.py``), from which definition a call that does not fit them
takes (``choice.py``), and from the rest of the contract at the call site (``callsites.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple


class Verdict(StrEnum):
    NO_LONGER_BINDS = "no-longer-binds"
    BINDS_DIFFERENTLY = "binds-differently"
    ARGUMENT_DROPPED = "argument-dropped"
    RENAMED_PARAMETER = "renamed-parameter"
    RENAMED_MEANING = "renamed-meaning"
    CATCH_ALL = "catch-all"
    CHANGED_DEFAULT = "changed-default"
    CHANGED_TYPE = "changed-type"
    LEFT_UNDEFINED = "left-undefined"
    OTHER_OVERLOAD = "other-overload"
    FITS_NEW_ONLY = "fits-new-only"
    CANNOT_TELL = "cannot-tell"
    PASSED_AS_VALUE = "passed-as-value"
    NOT_THIS_OVERLOAD = "not-this-overload"
    ANOTHER_DEFINITION = "another-definition"
    STILL_BINDS = "still-binds"
    RETURN_USED = "return-used"  # these six: the rest of the contract, for a call that binds (callsites.py)
    RETURN_DISCARDED = "return-discarded"
    RAISES_UNHANDLED = "raises-unhandled"
    RAISES_HANDLED = "raises-handled"
    RAISES_UNCHECKED = "raises-unchecked"  # the declared (checked) exceptions are the same
    BODY_ONLY = "body-only"
    RESULT_IGNORED = "result-ignored"
    NOT_FORWARDED = "not-forwarded"
    INHERITED = "inherited"  # a subclass that inherits the changed method: no call of it there
    DISPATCHES = "dispatches"  # a base method whose calls may run the changed override
    NAMED_ONLY = "named-only"  # names a class whose constructor changed (a type, a base), constructs none
    DEPRECATED = "deprecated"  # the definition now asks its callers to move off it
    GUESSED_CALLEE = "guessed-callee"  # a changed return, raise or default on an edge that is one guess of several
    RESULT_GONE = "result-gone"  # the call uses the value; the callee now declares no result
    FORWARDS_ALL = "forwards-all"  # ``f(*args, **kwargs)``, the caller's own: its callers' arguments pass through
    NOT_AWAITED = "not-awaited"  # now async where the body runs only when awaited; this call does not await it
    UNAWAITED = "unawaited"  # now async where the body starts at the call; this call neither awaits nor uses it
    AWAITS_A_VALUE = "awaits-a-value"  # no longer async; this call awaits what it now returns
    PASSED_ELSEWHERE = "passed-elsewhere"  # binds as before; the change passes a new parameter at calls it updated


class Severity(StrEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


# One severity per verdict, so a finding's weight is data.
# - A parameter renamed in place receives the same value from a positional argument: the call
#   binds exactly as before, so it is low. The issue's own measure says so ("every call that
#   still binds is reach", its synthetic change renames a parameter), and a rename that also
#   changes what the value means is invisible at the call. Other evidence raises it: the default
#   changed too (another parameter took the place: binds differently, high) or the declared type
#   (changed type, medium). A call that names the old parameter fails instead (high): that is
#   what "relies on a renamed parameter" means at a call site. A rename that is no respelling
#   (``authority`` → ``host``, not ``opts`` → ``options``) says the parameter takes another
#   thing now; a call whose value is named for the old one (``get(url.authority)``) still passes
#   the old thing (medium, ``RENAMED_MEANING``).
# - A call that fits neither the old nor the new parameters is explained only by what is found:
#   a sibling of the family that takes it before and after (``NOT_THIS_OVERLOAD``, low), or an
#   edge that was only a guess by name, which the call refutes (``ANOTHER_DEFINITION``, low);
#   otherwise the binding cannot tell what it calls (``CANNOT_TELL``, medium, said so).
# - A call of a removed member that a surviving sibling overload takes selects it now (medium),
#   named in the reason.
# - A definition newly marked deprecated (Java's ``@Deprecated``) still binds every call, but
#   its contract now says to stop calling it: the compiler warns at each call (an error under
#   ``-Werror``), and a change that deprecates one moves its own callers off it. Medium.
# - Where the compiler checks declared exceptions (Java), a raise that changed in the body under
#   the same ``throws`` clause is unchecked: every call compiles and none had to change (low).
#   A changed clause is the checked contract (medium where the call does not handle it).
# - An edge that is one guess among several definitions of the name (``ambiguous-name``) or a call
#   on a receiver of unknown type left unbound (``name``) is checked against the parameters, which
#   the call's arguments can refute or confirm; a changed return, raise or default is no such
#   evidence: nothing at the call says it runs this definition (``GUESSED_CALLEE``, low), and
#   neither is a binding the call's unpacking leaves open or the symbol only passed as a value.
# - A call that uses the value of a definition whose header now declares no result (``-> T``
#   dropped, Java's ``void``) was written for a result the callee no longer gives: the value is
#   gone, which the call itself shows, as arguments the new parameters refuse are (high, on a
#   guessed edge too: ``RESULT_GONE``).
# - Where an async function's body runs only when its awaitable is awaited (Python's coroutines,
#   Rust's futures), a function made async no longer runs at a call that does not await it (high;
#   one that passes the awaitable on may have it run: medium), and one made plain is awaited by a
#   call that awaits it (high: Python's TypeError, Rust's compile error). Where the body starts at the
#   call and runs up to its first ``await`` (ECMAScript's async functions), a call made a statement of
#   its own, unawaited, no longer waits for the rest of the work, and what the body throws rejects
#   the promise it drops instead of reaching the caller (AsyncFunctionStart): medium (``UNAWAITED``).
# - A call that binds as before is low, with one exception the change itself gives: where it gives
#   the function a new parameter a call may leave out and edits existing calls to pass it, a call
#   it left as it was may need the same edit (``updated_calls.py``; medium, ``PASSED_ELSEWHERE``).
#   Without such an edit in the change, a new optional parameter leaves every call reach.
# - In JavaScript every call binds (a parameter left out is undefined), so a new parameter
#   declared without a default is the language's way to say it wants a value: a call that
#   leaves it undefined gives the function a value it did not plan for, medium.
SEVERITY: dict[Verdict, Severity] = {
    Verdict.NO_LONGER_BINDS: Severity.HIGH,
    Verdict.BINDS_DIFFERENTLY: Severity.HIGH,
    Verdict.ARGUMENT_DROPPED: Severity.HIGH,
    Verdict.RESULT_GONE: Severity.HIGH,
    Verdict.NOT_AWAITED: Severity.HIGH,
    Verdict.AWAITS_A_VALUE: Severity.HIGH,
    Verdict.CATCH_ALL: Severity.MEDIUM,
    Verdict.UNAWAITED: Severity.MEDIUM,
    Verdict.CHANGED_DEFAULT: Severity.MEDIUM,
    Verdict.CHANGED_TYPE: Severity.MEDIUM,
    Verdict.LEFT_UNDEFINED: Severity.MEDIUM,
    Verdict.NOT_FORWARDED: Severity.MEDIUM,
    Verdict.OTHER_OVERLOAD: Severity.MEDIUM,
    Verdict.CANNOT_TELL: Severity.MEDIUM,
    Verdict.PASSED_AS_VALUE: Severity.MEDIUM,
    Verdict.DEPRECATED: Severity.MEDIUM,
    Verdict.RENAMED_MEANING: Severity.MEDIUM,
    Verdict.PASSED_ELSEWHERE: Severity.MEDIUM,
    Verdict.RENAMED_PARAMETER: Severity.LOW,
    Verdict.NOT_THIS_OVERLOAD: Severity.LOW,
    Verdict.ANOTHER_DEFINITION: Severity.LOW,
    Verdict.FITS_NEW_ONLY: Severity.LOW,  # it binds: already written for the new parameters
    Verdict.STILL_BINDS: Severity.LOW,
    **dict.fromkeys((Verdict.RETURN_USED, Verdict.RAISES_UNHANDLED, Verdict.RESULT_IGNORED), Severity.MEDIUM),
    **dict.fromkeys((Verdict.RETURN_DISCARDED, Verdict.RAISES_HANDLED, Verdict.BODY_ONLY), Severity.LOW),
    Verdict.RAISES_UNCHECKED: Severity.LOW,
    Verdict.GUESSED_CALLEE: Severity.LOW,
    Verdict.FORWARDS_ALL: Severity.LOW,
    **dict.fromkeys((Verdict.INHERITED, Verdict.DISPATCHES, Verdict.NAMED_ONLY), Severity.LOW),
}
RANK = {Severity.HIGH: 0, Severity.MEDIUM: 1, Severity.LOW: 2}


@dataclass(frozen=True, slots=True)
class Outcome:
    verdict: Verdict
    reasons: tuple[str, ...]  # the most severe first

    @property
    def severity(self) -> Severity:
        return SEVERITY[self.verdict]

    @property
    def reason(self) -> str:
        return self.reasons[0] if self.reasons else ""

    @property
    def behavior_change(self) -> bool:
        return self.severity is not Severity.LOW

    def as_json(self) -> dict[str, object]:
        return {
            "verdict": str(self.verdict),
            "severity": str(self.severity),
            "reason": self.reason,
            "reasons": list(self.reasons),
        }


class Where(NamedTuple):  # a named tuple: no dataclass methods to compile at load (speed)
    """What is known around a call besides its arguments."""

    owner: str = ""  # the name of the class that defines the callee, if any
    own: frozenset[str] = frozenset()  # the calling function's parameter names (a wrapper passes them on)
    decorated: bool = False  # the callee has decorators, which may change what a call passes
    guessed: bool = False  # the edge to the callee was matched by its name only (no import, scope or type)
    # ... and the name is no unique definition's: one of several of that name, or a call on a
    # receiver of unknown type that resolution left unbound (``ambiguous-name``, ``name``)
    one_of_several: bool = False
    caller_file: str = ""  # where the call stands (a changed visibility is judged from there)


def most_severe(outcomes: Iterable[Outcome]) -> Outcome | None:
    """The outcome a caller takes from its call sites: the most severe, the first among equals."""
    return min(outcomes, key=lambda o: RANK[o.severity], default=None)


__all__ = ["RANK", "SEVERITY", "Outcome", "Severity", "Verdict", "Where", "most_severe"]
