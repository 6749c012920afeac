"""Rust's ``use`` trees read as text: ``a::{b, c::D as E, f::*}`` → one binding per leaf.

The extractor's ``@import`` capture holds a ``use`` declaration's tree; the spec's
``import_tree`` (``use_tree``) expands its braces (nested ones too) into (module, name, alias,
wildcard) records: ``a::{self}`` binds ``a`` itself, ``a::*`` is a wildcard of ``a``, and a
single segment (``use serde;``) binds a crate or module by its own name.
"""

from __future__ import annotations

import re

from tree_sitter import Node


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


def use_in_inline_modules(node: Node, module: str) -> str:
    """A ``use`` path written inside inline modules, from the file's module: each leading ``super``
    leaves one inline module first (the Reference, "Paths": ``super`` names the parent module), so
    ``mod tests { use super::X; }`` is the file's own X and ``super::super::X`` its parent's."""
    depth = 0
    parent = node.parent
    while parent is not None:
        depth += parent.type == "mod_item"
        parent = parent.parent
    segments = module.split("::")
    supers = next((i for i, s in enumerate(segments) if s != "super"), len(segments))
    left = min(depth, supers)
    if not left:
        return module
    rest = segments[left:]
    return "::".join(rest if supers > left else ["self", *rest])
