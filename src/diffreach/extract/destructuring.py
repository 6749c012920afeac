"""Several targets assigned at once: ``a, (b, c) = f, (g, h)`` → what each name holds.

An assignment to a list of targets unpacks the value into them by position, recursively where
a target is itself a list (Python's "Assignment statements"; JavaScript's array patterns, Rust's
tuple patterns work the same way). A starred target takes the values left over between the
ones before it and the ones after it, as a new list (``a, *b, c = f, g, h, k``: ``b`` is ``[g,
h]``). The query captures the whole target list (``@binding.targets``) and the whole value list
(``@binding.values``); which node types are lists, and which are starred targets, are the spec's
(``destructure_lists``, ``destructure_rest``), the rest is generic.

Each name gets the record a plain ``name = value`` would give a function value: ``VALUE_MARK`` +
the expression when the value is a name or a member path (``f``, ``obj.m``), ``VALUE_MARK``
alone (rebound to something else) otherwise, or when the positions cannot be known (a spread
value ``*xs``, counts that differ: the assignment raises).
"""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from diffreach.extract.types import member_path
from diffreach.languages.spec import LanguageSpec
from diffreach.model import VALUE_MARK

Record = tuple[Node, str, str]


def destructured(
    node: Node, targets: Node, values: Node, spec: LanguageSpec, text: Callable[[Node], str]
) -> list[Record]:
    """The records of one assignment to a list of targets (``node`` the assignment)."""
    made: list[Record] = []
    _pair(node, targets, values, spec, text, made)
    return made


def _items(sequence: Node) -> list[Node]:
    return [child for child in sequence.named_children if not child.is_extra and child.type != "comment"]


def _pair(
    node: Node, targets: Node, values: Node, spec: LanguageSpec, text: Callable[[Node], str], made: list[Record]
) -> None:
    names, held = _items(targets), _items(values)
    rest = [i for i, target in enumerate(names) if target.type in spec.destructure_rest]
    spread = any(value.type in spec.spread_arguments for value in held)
    fits = len(names) == len(held) if not rest else len(rest) == 1 and len(held) >= len(names) - 1
    if spread or not fits:
        _unknown(node, targets, spec, text, made)
        return
    cut = rest[0] if rest else len(names)
    after = len(names) - cut - 1 if rest else 0
    for target, value in zip(names[:cut], held[:cut], strict=True):
        _one(node, target, value, spec, text, made)
    if not rest:
        return
    tail = held[len(held) - after :] if after else []
    for target, value in zip(names[cut + 1 :], tail, strict=True):
        _one(node, target, value, spec, text, made)
    # The starred target is a new list of the values between: its entries by position.
    inner = _items(names[cut])
    name = text(inner[0]) if len(inner) == 1 else ""
    if name.isidentifier():
        made.append((node, name, VALUE_MARK))
        for index, value in enumerate(held[cut : len(held) - after]):
            made.append((node, f"{name}[{index}]", _held(value, spec, text)))


def _one(
    node: Node, target: Node, value: Node, spec: LanguageSpec, text: Callable[[Node], str], made: list[Record]
) -> None:
    if target.type in spec.destructure_lists:
        if value.type in spec.destructure_lists:
            _pair(node, target, value, spec, text, made)
        else:
            _unknown(node, target, spec, text, made)
        return
    name = text(target)
    if name.isidentifier():
        made.append((node, name, _held(value, spec, text)))


def _held(value: Node, spec: LanguageSpec, text: Callable[[Node], str]) -> str:
    """A name or a member path (``f``, ``obj.m``) may hold a function; anything else does not."""
    path = member_path(text(value), spec)
    return VALUE_MARK + path if path.replace(".", "").isidentifier() else VALUE_MARK


def _unknown(node: Node, targets: Node, spec: LanguageSpec, text: Callable[[Node], str], made: list[Record]) -> None:
    """Every name of a target list rebound to a value not known here."""
    for target in _items(targets):
        if target.type in spec.destructure_lists:
            _unknown(node, target, spec, text, made)
            continue
        inner = _items(target) if target.type in spec.destructure_rest else [target]
        name = text(inner[0]) if len(inner) == 1 else ""
        if name.isidentifier():
            made.append((node, name, VALUE_MARK))
