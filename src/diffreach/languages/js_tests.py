"""Jest, Vitest and Mocha tests: titled calls, not functions (``describe('sum', () => {
it('adds', …) })``), so no node of the graph names one. A runner selects them by their titles
joined with spaces (``jest FILE -t '^sum adds$'``, ``vitest run FILE -t …``), read here from the
syntax tree around the line where the test reaches the change.
"""

from __future__ import annotations

from functools import lru_cache

from tree_sitter import Language, Node

from .parsing import PARSE_CPU_SECONDS, budgeted_parse, parse_budget
from .spec import LanguageSpec
from .test_ids import TestRunner

# The functions of Jest, Vitest and Mocha (BDD and TDD) that title a block of tests, and the
# modifiers called on them (``it.only``, ``describe.skip``, ``test.concurrent``).
_BLOCKS = frozenset(
    {"describe", "context", "suite", "it", "test", "specify", "bench", "fdescribe", "fit", "xdescribe", "xit", "xtest"}
)
_MODIFIERS = frozenset({"only", "skip", "concurrent", "todo", "fails", "sequential", "shuffle"})


def block_titles(spec: LanguageSpec, source: bytes, line: int) -> tuple[str, ...]:
    """The titles of the test blocks around ``line`` (1-based), outermost first; () outside any."""
    if spec.embedded is not None:  # a test lives in a .js/.ts file, not in a component
        return ()
    if spec.prepare is not None:
        source = spec.prepare(source)
    root = _parsed(spec, source)
    if root is None:
        return ()
    lines = source.split(b"\n")
    if not 0 < line <= len(lines):
        return ()
    text = lines[line - 1]
    column = len(text) - len(text.lstrip())
    node: Node | None = root.descendant_for_point_range((line - 1, column), (line - 1, column))
    titles: list[str] = []
    while node is not None:
        title = _title(node)
        if title is not None:
            titles.append(title)
        node = node.parent
    return tuple(reversed(titles))


@lru_cache(maxsize=4)
def _parsed(spec: LanguageSpec, source: bytes) -> Node | None:
    """The file's syntax tree, kept for the other lines asked of it (None past the parse budget)."""
    try:
        return budgeted_parse(Language(spec.grammar()), source, parse_budget(len(source)), PARSE_CPU_SECONDS).root_node
    except ValueError:
        return None


def _title(node: Node) -> str | None:
    """The title of a test block's call (``it('adds', fn)``), or None for any other node."""
    if node.type != "call_expression":
        return None
    callee = node.child_by_field_name("function")
    if callee is not None and callee.type == "member_expression":
        prop = callee.child_by_field_name("property")
        if prop is None or prop.text is None or prop.text.decode() not in _MODIFIERS:
            return None
        callee = callee.child_by_field_name("object")
    if callee is None or callee.type != "identifier" or callee.text is None or callee.text.decode() not in _BLOCKS:
        return None
    args = node.child_by_field_name("arguments")
    first = args.named_children[0] if args is not None and args.named_children else None
    if first is None or first.type not in ("string", "template_string") or first.text is None:
        return None
    if any(c.type == "template_substitution" for c in first.named_children):
        return None  # a title made at run time
    return first.text.decode("utf-8", "replace")[1:-1]


# Jest and Vitest: the file, and -t the titles of the blocks around the test, as one name.
JEST = TestRunner(line="{file} -t {pattern}", whole="{file}", join=" ", names_tests=False, scopes_at=block_titles)

__all__ = ["JEST", "block_titles"]
