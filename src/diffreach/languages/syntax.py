"""Small readings of syntax nodes that the binding facts keep (``binding.py``).

An expression's form without its spelling (``syntax_form``: a default or a declared type compared
as syntax, not text), and where a call stands: whether its value is used (``value_used``) and
whether it stands in the body of a try with a handler (``handled``). Node types that several
grammars here share; pure functions of a node.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tree_sitter import Node

# A string's delimiter, with its prefix (Python ``f"``, ``rb'``): one spelling of the same value.
_QUOTE = re.compile(r"([A-Za-z]*)(\"\"\"|'''|\"|')")
_TRAILING_COMMA = re.compile(r" ,(?= [)\]}])")


def syntax_form(node: Node, text: Callable[[Node], str]) -> str:
    """An expression's syntax without its spelling: the tokens of its tree, one space apart,
    string delimiters as one quote, redundant parentheses, comments and a trailing comma left
    out. Two defaults with one form are one value (``'x'`` and ``"x"``, ``(1)`` and ``1``)."""
    tokens: list[str] = []
    _tokens(node, text, tokens)
    return _TRAILING_COMMA.sub("", " ".join(tokens))


def _tokens(node: Node, text: Callable[[Node], str], out: list[str]) -> None:
    if node.type == "comment":
        return
    named = [c for c in node.named_children if c.type != "comment"]
    if node.type == "parenthesized_expression" and len(named) == 1:
        _tokens(named[0], text, out)
    elif node.child_count == 0:
        token = text(node)
        quote = _QUOTE.fullmatch(token)
        out.append(quote.group(1).lower() + '"' if quote else token)
    else:
        for child in node.children:
            _tokens(child, text, out)


# Where a call stands, by node types the grammars here share: a call that is a statement of its
# own (through ``await`` and parentheses) discards its value; one in the body of a try statement
# with a handler clause (not in the handler or the finally) has its raises handled.
_STATEMENT = "expression_statement"
_TRANSPARENT = frozenset({"await", "await_expression", "parenthesized_expression"})
_TRIES = frozenset({"try_statement", "try_expression", "try_with_resources_statement"})
_HANDLERS = frozenset({"except_clause", "except_group_clause", "catch_clause", "catch_block"})
_AFTER_BODY = _HANDLERS | {"finally_clause", "finally_block", "else_clause"}


def value_used(call: Node) -> bool:
    node = call
    while node.parent is not None and node.parent.type in _TRANSPARENT:
        node = node.parent
    return node.parent is None or node.parent.type != _STATEMENT


_AWAITS = frozenset({"await", "await_expression"})
_ARGUMENT_LISTS = frozenset({"argument_list", "arguments"})


def awaited(call: Node) -> str:
    """What becomes of the call's value, through parentheses: ``"awaited"`` (Python's ``await f()``,
    ECMAScript's ``await f()``, Rust's ``f().await``), ``"passed"`` (an argument of another call,
    ``asyncio.create_task(f())``, which may run it), else ``""``."""
    node = call
    while node.parent is not None and node.parent.type == "parenthesized_expression":
        node = node.parent
    parent = node.parent
    if parent is not None and parent.type in _AWAITS:
        return "awaited"
    return "passed" if parent is not None and parent.type in _ARGUMENT_LISTS else ""


def handled(call: Node) -> bool:
    child, node = call, call.parent
    while node is not None:
        if node.type in _TRIES and child.type not in _AFTER_BODY and any(c.type in _HANDLERS for c in node.children):
            return True
        child, node = node, node.parent
    return False


__all__ = ["awaited", "handled", "syntax_form", "value_used"]
