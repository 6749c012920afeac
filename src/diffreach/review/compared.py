"""The old and the new parameters a call is judged against, each read as a call sees it.

Both lists come from the syntax tree of each version of the changed definition's file
(``languages/binding.py``), then what the header leaves to the rest of the file is filled in: a
default the body gives a parameter a call may leave out (``body_defaults.py``), a parameter the
doc comment declares optional (``doc_optional.py``), a type named by an alias or type variable of
the file and a type inferred from a literal default (``type_aliases.py``), and a new default that
names a constant bound to the old literal (``constants.py``). The old list a call saw is an overload signature where the language hides the
implementation behind its signatures. And the signatures of a removed member's family the new
version still shows, and the parameters renamed to an object that holds what they took (``mode`` →
``options.mode``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from diffreach.languages.binding import body_after_parameters, family_of, overloads_of, parameters_of
from diffreach.languages.signatures import Argument, CallSite, Parameter
from diffreach.languages.spec import LanguageSpec
from diffreach.review.binder import BindStatus, bind
from diffreach.review.body_defaults import with_body_defaults
from diffreach.review.constants import with_constant_defaults
from diffreach.review.doc_optional import with_doc_optional
from diffreach.review.outcomes import Outcome, Verdict
from diffreach.review.results import Readers
from diffreach.review.type_aliases import with_aliases, with_default_types
from diffreach.review_records import Change

Compared = tuple[tuple[Parameter, ...], tuple[Parameter, ...]]


def compared_parameters(seed: Change, spec: LanguageSpec, read: Readers, name: str) -> Compared | str:
    """(old, new) parameters of ``name``, or why they cannot be read."""
    old_source, new_source = read.old(seed.file), read.new(seed.file)
    if spec.binding_rules is None or old_source is None or new_source is None:
        return "the old or new version of the definition could not be read"
    old_line = seed.old_start_line or seed.start_line
    old = parameters_of(spec, old_source, old_line, name)
    new = parameters_of(spec, new_source, seed.start_line, name)
    if old is None or new is None:
        return f"the parameters of `{name}` could not be read: cannot tell"
    old = with_body_defaults(spec, old, old_source, old_line, name)  # ``o = o || {}`` in the body
    new = with_body_defaults(spec, new, new_source, seed.start_line, name)
    old = with_doc_optional(spec, old, old_source, old_line)  # JSDoc's ``@param {T} [p]``
    new = with_doc_optional(spec, new, new_source, seed.start_line)
    old, new = with_aliases(spec, old, old_source), with_aliases(spec, new, new_source)  # ``PathLike = Union[…]``
    old, new = with_default_types(spec, old), with_default_types(spec, new)  # ``count = Infinity``: a number
    new = with_constant_defaults(old, new, new_source)  # ``n=0`` → ``n=UNLIMITED`` (``UNLIMITED = 0``)
    return old, new


def seen_signature(
    seed: Change, spec: LanguageSpec, read: Readers, name: str, old: tuple[Parameter, ...], args: Sequence[Argument]
) -> tuple[Parameter, ...]:
    """The old parameters a call saw: where the old version showed overload signatures over one
    implementation (``overload_implementation_last``: TypeScript), a call saw the first signature
    that takes it, never the implementation's own list (the handbook: the implementation's
    signature is not visible from outside). ``old`` where that is not so, or none takes it."""
    rules, old_source = spec.binding_rules, read.old(seed.file)
    if rules is None or not rules.shared_implementation or not spec.overload_implementation_last or old_source is None:
        return old
    family = family_of(spec, old_source, seed.old_start_line or seed.start_line, name)
    if len(family) < 2 or not family[-1][2]:
        return old  # no signatures, or the one read is a signature itself
    taking = (params for params, _, _ in family[:-1] if bind(params, args, rules).status is BindStatus.BINDS)
    return next(taking, old)


def surviving_signatures(
    seed: Change, spec: LanguageSpec, read: Readers, name: str
) -> tuple[tuple[Parameter, ...], ...]:
    """The members of a removed definition's family (its siblings in the old version) that the
    new version still has: the same parameter list among the definitions of that name there;
    where one implementation runs for every signature, each signature the new version shows."""
    old_source, new_source = read.old(seed.file), read.new(seed.file)
    if old_source is None or new_source is None:
        return ()
    line = seed.old_start_line or seed.start_line
    rules = spec.binding_rules
    if rules is not None and rules.shared_implementation:
        # Every signature runs one implementation: what the new version shows a call is its
        # signatures (the implementation's own only where it stands alone), whatever was removed.
        family = [params for params, _, _ in family_of(spec, new_source, line, name)]
        hidden = spec.overload_implementation_last and len(family) > 1
        return tuple(family[:-1] if hidden else family)
    before = overloads_of(spec, old_source, line, name)
    nearest = parameters_of(spec, new_source, line, name)
    after = {*overloads_of(spec, new_source, line, name), *((nearest,) if nearest is not None else ())}
    return tuple(m for m in before if m in after)


def now_an_object(seed: Change, spec: LanguageSpec, read: Readers, name: str, compared: Compared) -> dict[int, str]:
    """Positions whose parameter was renamed and is now read as an object holding the old one:
    the new body reads ``options.mode`` (or ``options["mode"]``) where the old one took ``mode``
    and read no property of it. A call passing what ``mode`` took passes it where an object is
    read now. Position → the new body's read, for the reason."""
    old, new = compared
    old_source, new_source = read.old(seed.file), read.new(seed.file)
    if old_source is None or new_source is None:
        return {}
    renamed = [(i, p.name, q.name) for i, (p, q) in enumerate(zip(old, new, strict=False)) if p.name != q.name]
    if not renamed or not all(_plain(n) for _, a, b in renamed for n in (a, b)):
        return {}
    before = body_after_parameters(spec, old_source, seed.old_start_line or seed.start_line, name) or ""
    after = body_after_parameters(spec, new_source, seed.start_line, name) or ""
    out: dict[int, str] = {}
    for i, was, now in renamed:
        read_off = re.search(
            rf"(?<![\w$.]){re.escape(now)}\s*(?:\.\s*{re.escape(was)}|\[\s*[\"']{re.escape(was)}[\"']\s*\])(?![\w$])",
            after,
        )
        if read_off is not None and not re.search(rf"(?<![\w$.]){re.escape(was)}\s*[.\[]", before):
            out[i] = read_off.group()
    return out


def _plain(name: str) -> bool:
    return re.fullmatch(r"[A-Za-z_$][\w$]*", name) is not None


def scalar_for_object(
    seed: Change, spec: LanguageSpec, read: Readers, name: str, site: CallSite, compared: Compared
) -> Outcome | None:
    """A call that passes, at a position renamed to an object holding the old parameter, what the
    old parameter took (not an object literal): the body reads a property of it now."""
    rules = spec.binding_rules
    wrapped = now_an_object(seed, spec, read, name, compared) if rules is not None and not site.passed_as_value else {}
    if not wrapped or rules is None:
        return None
    binding = bind(compared[1], site.arguments, rules)
    for arg, slot in zip(site.arguments, binding.slots, strict=False):
        if slot in wrapped and not arg.text.strip().startswith("{"):
            why = f"passes `{arg.text.strip()}` where `{compared[1][slot].name}` is now read as an object (`{wrapped[slot]}`)"
            return Outcome(Verdict.BINDS_DIFFERENTLY, (why,))
    return None


__all__ = ["Compared", "compared_parameters", "now_an_object", "scalar_for_object", "surviving_signatures"]
