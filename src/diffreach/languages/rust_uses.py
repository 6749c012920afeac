"""Rust's ``use`` trees read as text: ``a::{b, c::D as E, f::*}`` → one binding per leaf.

The extractor's ``@import`` capture holds a ``use`` declaration's tree; the spec's
``import_tree`` (``use_tree``) expands its braces (nested ones too) into (module, name, alias,
wildcard) records: ``a::{self}`` binds ``a`` itself, ``a::*`` is a wildcard of ``a``, and a
single segment (``use serde;``) binds a crate or module by its own name.
"""

from __future__ import annotations

import re


def use_tree(text: str) -> list[tuple[str, str, str, bool]]:
    """``a::{b, c::D as E, f::*}`` → (module, name, alias, wildcard) per binding."""
    out: list[tuple[str, str, str, bool]] = []
    _expand("", re.sub(r"\s*([{},:])\s*", r"\1", re.sub(r"\s+", " ", text.strip())), out)
    return out


def _expand(prefix: str, text: str, out: list[tuple[str, str, str, bool]]) -> None:
    def join(p: str) -> str:
        return f"{prefix}::{p}" if prefix and p else prefix or p

    brace = text.find("{")
    if brace != -1 and text.endswith("}"):
        base = join(text[:brace].rstrip(":"))
        for part in _split_top(text[brace + 1 : -1]):
            _expand(base, part, out)
        return
    path, alias = text, ""
    if " as " in text:
        path, alias = text.split(" as ", 1)
    full = join(path)
    if full.endswith("::*") or full == "*":
        out.append((full[:-3] or prefix, "", "", True))
        return
    module, _, name = full.rpartition("::")
    if name == "self":  # a::{self} binds a itself
        module, _, name = module.rpartition("::")
    if not module:
        out.append((name, "", alias or name, False))
    elif name:
        out.append((module, name, alias or name, False))


def _split_top(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "{"
        depth -= ch == "}"
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p for p in parts if p]
