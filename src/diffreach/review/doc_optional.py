"""Parameters a definition's doc comment declares optional (JSDoc's ``@param {T} [p]``).

A JavaScript header has no way to say a parameter may be left out but a default; its JSDoc does
(``[p]``, ``[p=value]``, a type ending in ``=``), and TypeScript's checking of JavaScript reads
that as ``p?``: a call leaving such a parameter out is no error, and the body is written for its
absence. So a new parameter the doc marks optional leaves the calls that omit it binding as the
function intends, as an optional one in a TypeScript header does. The patterns are the
language's (``BindingRules.doc_optional``); the comment read is the one right above the
definition, at most ``max_lines`` lines of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from diffreach.languages.signatures import Parameter
from diffreach.languages.spec import LanguageSpec

MAX_LINES = 80


def with_doc_optional(
    spec: LanguageSpec, params: Sequence[Parameter], source: bytes, line: int, max_lines: int = MAX_LINES
) -> tuple[Parameter, ...]:
    """``params``, each one with no default that the doc comment above ``line`` (1-based, the
    definition's first line) declares optional marked so."""
    rules = spec.binding_rules
    if rules is None or not rules.doc_optional or not any(p.name and not _open(p) for p in params):
        return tuple(params)
    doc = comment_above(source, line, max_lines)
    if not doc:
        return tuple(params)
    return tuple(replace(p, optional=True) if _marked(p, doc, rules.doc_optional) else p for p in params)


def _open(p: Parameter) -> bool:
    return p.optional or p.has_default or p.catch_all


def _marked(p: Parameter, doc: str, patterns: tuple[str, ...]) -> bool:
    return (
        bool(p.name) and not _open(p) and any(re.search(pat.replace("{p}", re.escape(p.name)), doc) for pat in patterns)
    )


def comment_above(source: bytes, line: int, max_lines: int = MAX_LINES) -> str:
    """The block comment (``/** … */``) that ends right above ``line``, or ""."""
    lines = source.decode("utf-8", errors="replace").splitlines()
    end = line - 2  # the line above, 0-based
    if end < 0 or end >= len(lines) or not lines[end].rstrip().endswith("*/"):
        return ""
    for start in range(end, max(-1, end - max_lines), -1):
        if "/*" in lines[start]:
            return "\n".join(lines[start : end + 1])
    return ""


__all__ = ["MAX_LINES", "comment_above", "with_doc_optional"]
