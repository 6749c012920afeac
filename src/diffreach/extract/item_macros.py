"""Items written inside a macro's braces, read as the items they are.

Rust code wraps items in macros that pass them through (``cfg_if!``-style wrappers:
``cfg_net! { mod tcp; pub use self::tcp::TcpStream; pub fn bind() {} }``). The grammar keeps a
macro's argument as a token tree, so the modules, imports and functions inside would be no
definitions and no imports at all. The language's ``item_macros`` query names such token
trees (``@items``); their insides are parsed again as the one text they make together
(tree-sitter's included ranges keep every byte and point offset the file's, so scopes and lines
come out right), a few levels deep for wrappers inside wrappers, and the file's own query reads
those trees as it reads the file. A macro that is no such wrapper parses with errors and gives
what its fragments hold. Files without such a macro pay one query pass over their top level
(a module's body included).
"""

from __future__ import annotations

from functools import cache

from tree_sitter import Language, Node, Query, QueryCursor, Range, Tree

from diffreach.languages.parsing import budgeted_parse
from diffreach.languages.spec import LanguageSpec

MAX_LEVELS = 3  # wrappers inside wrappers inside wrappers; deeper ones stay token trees
# Item macros sit at a file's top or in a top-level module's body: matches start no deeper, and
# the cursor need not walk the functions' bodies (a walk of the whole tree cost a tenth of a parse).
MAX_START_DEPTH = 1


@cache
def _query(spec: LanguageSpec) -> Query:
    return Query(Language(spec.grammar()), spec.item_macros)


def _inside(node: Node) -> Range:
    """A ``{ … }`` tree without its braces (each one byte, on its own row's column)."""
    start, end = node.start_point, node.end_point
    return Range((start.row, start.column + 1), (end.row, end.column - 1), node.start_byte + 1, node.end_byte - 1)


def item_trees(
    language: Language, data: bytes, root: Node, spec: LanguageSpec, steps: int, cpu_seconds: float
) -> list[Tree]:
    """The trees of the items inside the file's item macros, outermost level first; none when
    the language names no such macros or the file has none."""
    if not spec.item_macros:
        return []
    trees: list[Tree] = []
    for _ in range(MAX_LEVELS):
        cursor = QueryCursor(_query(spec))
        cursor.set_max_start_depth(MAX_START_DEPTH)
        found = cursor.captures(root).get("items", [])
        braced = sorted((n for n in found if data[n.start_byte : n.start_byte + 1] == b"{"), key=lambda n: n.start_byte)
        if not braced:
            break
        try:
            tree = budgeted_parse(language, data, steps, cpu_seconds, [_inside(n) for n in braced])
        except ValueError:  # past the parse budget: what the levels above found stands
            break
        trees.append(tree)
        root = tree.root_node
    return trees
