"""JavaScript and TypeScript: what an arrow function returns without ``return``
(review/change_kinds.py).

ECMA-262 15.3 (arrow function definitions): an arrow whose body is an expression, not a block
(``(a) => a * 2``), returns that expression's value; a body in braces returns only by
``return``, which change_kinds reads itself. The arrow is the definition's own: the first
function the definition's text opens (through ``export``, ``const f =``, ``exports.f =``, a
class field), never one nested in a block. The text is the expression as written;
change_kinds reads its form.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from tree_sitter import Language, Node

from .parsing import PARSE_CPU_SECONDS, budgeted_parse, parse_budget

# Functions whose body returns only by ``return``: the definition is one of these, not an arrow.
_OTHER_FUNCTIONS = frozenset(
    {
        "function_declaration",
        "function_expression",
        "generator_function",
        "generator_function_declaration",
        "method_definition",
        "statement_block",
        "class_declaration",
        "class",
    }
)


def arrow_values(grammar: Callable[[], object]) -> Callable[[str], tuple[str, ...]]:
    """``returned_values`` for a language whose grammar is ``grammar``."""

    @cache
    def language() -> Language:
        return Language(grammar())

    def returned_values(text: str) -> tuple[str, ...]:
        arrow = _first_function_of(language(), text)
        body = arrow.child_by_field_name("body") if arrow is not None else None
        if body is None or body.type == "statement_block" or body.text is None:
            return ()
        return (body.text.decode("utf-8", "replace"),)

    return returned_values


def _first_function_of(language: Language, text: str) -> Node | None:
    """The definition's first function. A class member's text does not parse alone (``public
    m(x: () => T) {…}`` reads as a call with an arrow in it): an arrow under a syntax error is
    looked for again with the text read as a class member, and is none if it is still one."""
    for wrapped in (text, f"class _ {{\n{text}\n}}"):
        source = wrapped.encode("utf-8", "replace")
        try:
            tree = budgeted_parse(language, source, parse_budget(len(source)), PARSE_CPU_SECONDS)
        except ValueError:  # past the parse budget
            return None
        found = _first_function(tree.root_node)
        if found is None or not _under_error(found):
            return found
    return None


def _under_error(node: Node) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type == "ERROR":
            return True
        parent = parent.parent
    return False


def _first_function(root: Node) -> Node | None:
    """The first function the text opens, breadth first: an arrow, or None when another kind
    of function (or a block) comes first."""
    queue = list(root.named_children)
    while queue:
        node = queue.pop(0)
        if node.type == "arrow_function":
            return node
        if node.type in _OTHER_FUNCTIONS:
            return None
        queue.extend(node.named_children)
    return None


__all__ = ["arrow_values"]
