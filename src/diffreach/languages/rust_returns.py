"""Rust: what a function returns without the ``return`` keyword (review/change_kinds.py).

The Rust reference: the value of a block is its final expression, written without a
semicolon; a function's body is a block, so that expression is what the function returns.
An ``if``/``else`` or ``match`` in that place gives the final expressions of its branches and
arms (an ``if`` without ``else`` is of type ``()``: no value), a nested ``{ … }`` or
``unsafe { … }`` block its own. The ``?`` operator returns early with the error (or ``None``)
of the operand: each one outside a closure or an async block, which it returns from instead, is
given as ``?``. The texts are the expressions as written; change_kinds reads their forms.
"""

from __future__ import annotations

from functools import cache

from tree_sitter import Language, Node

from .parsing import PARSE_CPU_SECONDS, budgeted_parse, parse_budget
from .spec import grammar_of

# Where a ``?`` returns from something other than the function (it is that thing's own exit).
_OWN_EXITS = frozenset({"closure_expression", "async_block", "function_item", "try_block"})
_BLOCKS = frozenset({"block", "unsafe_block"})
TRY = "?"


@cache
def _language() -> Language:
    return Language(grammar_of("tree_sitter_rust")())


def returned_values(text: str) -> tuple[str, ...]:
    """The expressions the first function in ``text`` gives without ``return`` (its body's tail
    values, in order) and a ``?`` per early return by the try operator; () when it has none or
    does not parse within the budget."""
    source = text.encode("utf-8", "replace")
    try:
        tree = budgeted_parse(_language(), source, parse_budget(len(source)), PARSE_CPU_SECONDS)
    except ValueError:  # past the parse budget
        return ()
    function = next((n for n in tree.root_node.named_children if n.type == "function_item"), None)
    body = function.child_by_field_name("body") if function is not None else None
    if body is None:
        return ()
    values: list[str] = []
    _tails(body, values)
    values.extend(TRY for _ in _tries(body))
    return tuple(values)


def _tails(node: Node, out: list[str]) -> None:
    """The final expressions ``node`` (an expression in tail position) gives, appended."""
    kind = node.type
    if kind in _BLOCKS:
        block = node if kind == "block" else next((c for c in node.named_children if c.type == "block"), None)
        last = _last_item(block) if block is not None else None
        if last is None:
            return
        if last.type == "expression_statement":
            if last.children[-1].type == ";":  # a statement: the block's value is ()
                return
            last = last.named_children[0]
        if last.type.endswith(("_declaration", "_item")) or last.type == "attribute_item":
            return
        _tails(last, out)
    elif kind == "if_expression":
        alternative = node.child_by_field_name("alternative")
        if alternative is None:  # no else: of type ()
            return
        for branch in (node.child_by_field_name("consequence"), *alternative.named_children):
            if branch is not None:
                _tails(branch, out)
    elif kind == "match_expression":
        arms = node.child_by_field_name("body")
        for arm in arms.named_children if arms is not None else ():
            value = arm.child_by_field_name("value")
            if value is not None:
                _tails(value, out)
    elif kind == "parenthesized_expression" and node.named_child_count == 1:
        _tails(node.named_children[0], out)
    elif kind not in ("return_expression", "loop_expression", "for_expression", "while_expression"):
        text = node.text
        if text is not None:
            out.append(text.decode("utf-8", "replace"))


def _last_item(block: Node) -> Node | None:
    items = [c for c in block.named_children if c.type not in ("line_comment", "block_comment")]
    return items[-1] if items else None


def _tries(body: Node) -> list[Node]:
    """The ``?`` operators that return from the function whose body is ``body``."""
    found: list[Node] = []
    stack = list(body.named_children)
    while stack:
        node = stack.pop()
        if node.type in _OWN_EXITS:
            continue
        if node.type == "try_expression":
            found.append(node)
        stack.extend(node.named_children)
    return found
