"""Does a call still reach a definition whose visibility changed? The language's access rules.

A visibility word on a header (``public``, ``protected``, ``private``, none) grants access to a
scope, per language (``BindingRules.visibility_scopes``, data; ``default_visibility`` when no
word is written): the definition's own file (Java's ``private``: its top-level class), its
package (the directory: Java's package-private), its package and subclasses (Java's
``protected``), subclasses only (TypeScript's ``protected``), or everywhere. A call from where
the new scope still reaches binds as before (low); one from where it no longer reaches does not
bind (high); a subclass's reach is not known here (cannot tell, medium). Pure.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from diffreach.languages.signatures import BindingRules
from diffreach.review.outcomes import Outcome, Verdict

_WORDS = re.compile(r"[\w$]+")
FILE, PACKAGE, PACKAGE_SUBCLASS, SUBCLASS, EVERYWHERE = "file", "package", "package+subclass", "subclass", "everywhere"


def reaches(
    rules: BindingRules, headers: tuple[str, str], name: str, callee_file: str, caller_file: str
) -> Outcome | None:
    """The access verdict of a call from ``caller_file`` of a definition whose header changed
    from ``headers[0]`` to ``headers[1]`` in ``callee_file``; None when the language declares no
    scopes or the scope is the same (another word changed: ``static``, ``export``)."""
    if not rules.visibility_scopes:
        return None
    signature = headers[1]
    scope = scope_of(rules, signature, name)
    if scope == scope_of(rules, headers[0], name):
        return None
    word = next((w for w, s in rules.visibility_scopes if s == scope and w in _head(signature, name)), "")
    shown = f"`{word}`" if word else "no visibility word"
    if caller_file == callee_file or scope == EVERYWHERE:
        return Outcome(Verdict.STILL_BINDS, (f"its visibility changed ({shown}); this call is still in its reach",))
    same_package = PurePosixPath(caller_file).parent == PurePosixPath(callee_file).parent
    if same_package and scope in (PACKAGE, PACKAGE_SUBCLASS):
        why = f"its visibility changed ({shown}); this call is in its package, still in its reach"
        return Outcome(Verdict.STILL_BINDS, (why,))
    if scope in (SUBCLASS, PACKAGE_SUBCLASS):
        why = f"its visibility changed ({shown}): this call reaches it only from a subclass"
        return Outcome(Verdict.CANNOT_TELL, (why,))
    where = "its file" if scope == FILE else "its package"
    return Outcome(Verdict.NO_LONGER_BINDS, (f"`{name}` is now visible in {where} only ({shown}): not from here",))


def scope_of(rules: BindingRules, signature: str, name: str) -> str:
    """The scope a header's visibility word grants (the language's default without one)."""
    words = set(_head(signature, name))
    return next((scope for word, scope in rules.visibility_scopes if word in words), rules.default_visibility)


def _head(signature: str, name: str) -> list[str]:
    at = re.search(rf"(?<![\w$]){re.escape(name)}\s*[(<]", signature)
    return _WORDS.findall(signature[: at.start()] if at else signature)


__all__ = ["EVERYWHERE", "FILE", "PACKAGE", "PACKAGE_SUBCLASS", "SUBCLASS", "reaches", "scope_of"]
