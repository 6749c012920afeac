"""The lines of a function's text that belong to a function nested in it.

Every language here gives ``return`` one meaning: it leaves the innermost function around it (a
closure, a lambda, a local function, an anonymous class's method, a Rust async block), never the
one that function is written in. So a return statement inside a nested function is no return of
the outer one: what a call of the outer function receives does not change with it (a Go method
whose body builds a table of ``func() (Runner, error) { return … }`` closures). The node types
that start a function of their own are the language's (``BindingRules.function_nodes``); the
text is parsed alone, as far as the grammar reads it (a method without its class).
"""

from __future__ import annotations

import textwrap
from functools import cache

from tree_sitter import Language, Node

from .parsing import PARSE_CPU_SECONDS, budgeted_parse, parse_budget
from .spec import LanguageSpec


def nested_function_lines(spec: LanguageSpec, lines: list[str], body_row: int) -> frozenset[int]:
    """The rows of ``lines`` (0-based) after the first row of a function that starts in the body
    (at a row past ``body_row``, where the body begins), through its last row."""
    rules = spec.binding_rules
    kinds = rules.function_nodes if rules is not None else frozenset()
    if not kinds or not any(line.strip() for line in lines[body_row + 1 :]):
        return frozenset()
    source = textwrap.dedent("\n".join(lines)).encode("utf-8", "replace")
    try:
        tree = budgeted_parse(_language(spec), source, parse_budget(len(source)), PARSE_CPU_SECONDS)
    except ValueError:  # past the parse budget
        return frozenset()
    rows: set[int] = set()
    todo: list[Node] = [tree.root_node]
    while todo:
        node = todo.pop()
        if node.type in kinds and node.start_point[0] > body_row:
            rows.update(range(node.start_point[0] + 1, node.end_point[0] + 1))
            continue  # the rows of what it nests are its own already
        todo.extend(node.named_children)
    return frozenset(rows)


@cache
def _language(spec: LanguageSpec) -> Language:
    return Language(spec.grammar())


__all__ = ["nested_function_lines"]
