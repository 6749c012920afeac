"""An override left out of step with its base's new parameters.

A method override must accept every call its base accepts (Liskov's substitution; the typing
spec's rule for overrides, which type checkers report as an incompatible override): code that
calls through the base cannot know which class it holds. So where a changed method's parameter
list now takes a call the old one did not (a parameter added, a new ``*args``/``**kwargs``), an
override that calls it on its base (``super().m(…)``, ``super(C, self).m(…)``, ``Base.m(self,
…)``) and still has the base's old parameters is out of step: a call through the base may pass it
what it cannot take (medium). Read where the override is reached at hop 1, as a caller of the
changed method through its base; its own calls are judged as any caller's.
"""

from __future__ import annotations

from collections.abc import Sequence

from diffreach.languages.binding import parameters_of
from diffreach.languages.signatures import ArgKind, CallSite, Parameter, ParamKind
from diffreach.languages.spec import LanguageSpec
from diffreach.model import Change, ChangeKind, Reached
from diffreach.review.outcomes import Outcome, Verdict
from diffreach.review.results import Readers


def out_of_step(
    seed: Change, spec: LanguageSpec, caller: tuple[Reached, str], sites: Sequence[CallSite], read: Readers
) -> tuple[CallSite, Outcome] | None:
    """The outcome of an override (``caller`` and its simple name) of ``seed`` that keeps the
    base's old parameters while the new ones take a call it does not; None otherwise."""
    reached, name = caller
    qualified = seed.id.rsplit("::", 1)[-1].split("#", 1)[0]
    owner = qualified.rsplit(".", 2)[-2] if "." in qualified else ""
    if not owner or name != qualified.rsplit(".", 1)[-1] or ChangeKind.SIGNATURE not in seed.changes:
        return None
    site = next((s for s in sites if _through_base(s, spec, owner)), None)
    old_source, new_source, source = read.old(seed.file), read.new(seed.file), read.new(reached.file)
    if site is None or old_source is None or new_source is None or source is None:
        return None
    old = parameters_of(spec, old_source, seed.old_start_line or seed.start_line, name)
    new = parameters_of(spec, new_source, seed.start_line, name)
    own = parameters_of(spec, source, reached.start_line, name, (reached.start_line, reached.end_line))
    if old is None or new is None or own is None or _shape(own) != _shape(old) or _shape(old) == _shape(new):
        return None
    kinds, names = {p.kind for p in own}, {p.name for p in own}
    lacking = [
        p.name or str(p.kind)
        for p in new
        if _filled(p) and (p.kind not in kinds if p.catch_all else p.name not in names)
    ]
    if not lacking:
        return None
    why = f"overrides `{name}` with its old parameters: a call through the base may now pass `{lacking[0]}`"
    return site, Outcome(Verdict.OVERRIDE_OUT_OF_STEP, (why,))


def _through_base(site: CallSite, spec: LanguageSpec, owner: str) -> bool:
    """``super().m(…)``, ``super(C, self).m(…)`` or ``Base.m(self, …)``."""
    receiver = next((a.text.strip() for a in site.arguments if a.kind is ArgKind.RECEIVER), "")
    return bool(receiver) and (receiver.split("(", 1)[0] + "()" in spec.super_names or receiver == owner)


def _filled(p: Parameter) -> bool:
    """Filled by a call's arguments (not ``self``, not what the call goes through)."""
    return not p.implicit and p.kind is not ParamKind.RECEIVER


def _shape(params: Sequence[Parameter]) -> tuple[tuple[str, str], ...]:
    return tuple((p.name, str(p.kind)) for p in params if _filled(p))


__all__ = ["out_of_step"]
