"""What a language's query means, worked out once per process: its patterns and their plan.

A query file is compiled once per language (and once more per subset of its patterns: the
symbol patterns alone, ``SYMBOL_GROUPS``; without the import patterns, ``SHAPE_GROUPS``);
``query_patterns`` splits its text as tree-sitter numbers the patterns, so a subset is cut
from the text. Each pattern's plan is its ``Step``: the handler of its one main capture
(``handlers.py``), chosen here so that ``core.py`` looks nothing up per match. The declaration
patterns rooted at the tree's root move to a pass of their own (``passes``). Everything here
is cached: compiling a query is slow, and its answers do not change while a process runs.
"""

from __future__ import annotations

import re
from functools import cache

from tree_sitter import Language, Query

from diffreach.extract.binding_capture import pair_binding
from diffreach.extract.handlers import (
    HANDLERS,
    MAIN_PLAIN,
    MAIN_PREFIXES,
    REF_KINDS,
    Step,
    on_any,
    on_comment,
    on_declaration,
    on_local_binding,
    on_pair_binding,
)
from diffreach.extract.protocols import syntax_plans
from diffreach.languages import parsing
from diffreach.languages.spec import LanguageSpec

# The main captures whose matches make symbols: definitions, and the comments, docstrings
# and import spans (comments inside an import are no notes) their notes are read from.
SYMBOL_GROUPS = frozenset({"definition", "comment", "doc", "import"})
# Without notes, import spans are not needed (they only keep an import's comments out of the
# notes): the change mapper's query leaves the import patterns out (speed: they are nearly half
# of TypeScript's symbol patterns, and compiling them a tenth of a warm review's CPU on ky).
SHAPE_GROUPS = SYMBOL_GROUPS - {"import"}


@cache
def language_of(spec: LanguageSpec) -> Language:
    return Language(spec.grammar())


@cache
def _source(spec: LanguageSpec, groups: frozenset[str] | None) -> str:
    """The language's query, or only its patterns of ``groups`` (``SYMBOL_GROUPS``, ``SHAPE_GROUPS``)."""
    if groups is None:
        return spec.query_source
    kept = (p for p in query_patterns(spec.query_source) if _groups(p.encode()) & groups)
    return "\n".join(kept)


@cache
def _parser_and_query(spec: LanguageSpec, groups: frozenset[str] | None = None) -> tuple[Language, Query]:
    language = language_of(spec)
    return language, Query(language, _source(spec, groups))


def query_patterns(source: str) -> list[str]:
    """The top-level patterns of a query file's text, in order, each with the captures and
    quantifiers written after it (predicates are inside a pattern's parentheses); comments
    between patterns are dropped. Tree-sitter numbers patterns the same way (a test holds it)."""
    patterns: list[str] = []
    depth, start, i, n = 0, -1, 0, len(source)
    while i < n:
        c = source[i]
        if c == ";":  # a comment, to the end of the line
            end = source.find("\n", i)
            i = n if end < 0 else end
            continue
        if depth == 0 and not c.isspace() and c not in "@*+?" and start >= 0:
            patterns.append(source[start:i].rstrip())
            start = -1
        if depth == 0 and start < 0 and not c.isspace():
            start = i
        if c == '"':  # a string: its brackets and semicolons are text
            i += 1
            while i < n and source[i] != '"':
                i += 2 if source[i] == "\\" else 1
        elif c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "@" and depth == 0:  # a capture's name, which may hold anything but space and brackets
            while i + 1 < n and not source[i + 1].isspace() and source[i + 1] not in "()[];":
                i += 1
        i += 1
    if start >= 0:
        patterns.append(source[start:].rstrip())
    return patterns


def _groups(pattern: bytes) -> set[str]:
    """The groups (``definition``, ``reference``, …) of the main captures a pattern's text names."""
    return {name.split(".", 1)[0] for name in _names(pattern)}


def _names(pattern: bytes) -> set[str]:
    names = {m.decode() for m in re.findall(rb"@([\w.-]+)", pattern)}
    return {n for n in names if n.startswith(MAIN_PREFIXES) or n in MAIN_PLAIN}


@cache
def _presets(spec: LanguageSpec, groups: frozenset[str] | None = None) -> tuple[dict[str, str], ...]:
    """Per pattern, capture texts the query states with ``(#set! capture "text")``:
    for what no node spells (a JS ``require`` binds the module's ``default``)."""
    query = _parser_and_query(spec, groups)[1]
    return tuple({k: v or "" for k, v in query.pattern_settings(i).items()} for i in range(query.pattern_count))


def _main_candidates(source: bytes, query: Query, pattern: int) -> set[str]:
    """The main-capture names a pattern's text mentions (``@definition.class`` …)."""
    return _names(source[query.start_byte_for_pattern(pattern) : query.end_byte_for_pattern(pattern)])


def _mentions(source: bytes, query: Query, pattern: int, capture: bytes) -> bool:
    text = source[query.start_byte_for_pattern(pattern) : query.end_byte_for_pattern(pattern)]
    return re.search(re.escape(capture) + rb"\b(?![.\w])", text) is not None


@cache
def _plan(spec: LanguageSpec, groups: frozenset[str] | None = None) -> tuple[Step | None, ...]:
    """Per pattern, its step; None for a pattern whose matches make nothing."""
    query = _parser_and_query(spec, groups)[1]
    source = _source(spec, groups).encode()
    steps: list[Step | None] = []
    plans = syntax_plans(spec)
    for pattern, preset in enumerate(_presets(spec, groups)):
        mains = _main_candidates(source, query, pattern)
        if len(mains) != 1:  # every query here has one per pattern; stay correct without
            steps.append(Step(on_any, "", "", preset, spec, protocols=plans))
            continue
        main = mains.pop()
        group = main.split(".", 1)[0]
        kind = REF_KINDS.get(main[10:], "") if group == "reference" else ""
        skip = group == "reference" and not kind
        keyed = group == "reference" and ("suffix" in preset or _mentions(source, query, pattern, b"@key"))
        handler = HANDLERS.get(main) or HANDLERS[group]
        if main == "binding" and _local_only(source, query, pattern, preset):
            handler = on_local_binding
        elif main == "binding" and pair_binding(preset):
            handler = on_pair_binding
        steps.append(None if skip else Step(handler, main, kind, preset, spec, keyed, plans))
    return tuple(steps)


def _local_only(source: bytes, query: Query, pattern: int, preset: dict[str, str]) -> bool:
    """A binding pattern whose every match is a name the scope binds for itself (``on_binding``)."""
    captures = (b"@binding.parameter", b"@binding.returns")
    local = "binding.local" in preset and "binding.inferred" not in preset
    return local and not any(_mentions(source, query, pattern, c) for c in captures)


@cache
def item_plan(spec: LanguageSpec, groups: frozenset[str] | None = None) -> tuple[Step | None, ...]:
    """The plan for a macro's items (item_macros.py): their comments and strings are the file's already."""
    return tuple(None if step is None or step.handler is on_comment else step for step in _plan(spec, groups))


@cache
def _root_type(spec: LanguageSpec) -> str:
    """The type of a tree's root in this language (``module``, ``program``, ``source_file``)."""
    return parsing.parse_within(language_of(spec), b"", lambda _at, _error: False).root_node.type


Pass = tuple[Query, tuple[Step | None, ...]]


@cache
def passes(spec: LanguageSpec, groups: frozenset[str] | None = None) -> tuple[Pass, Pass | None]:
    """The query and plan of the pass over the whole tree, and of a pass over the root alone
    (``core.py``'s ``_collect`` with start depth 0) for the declaration patterns rooted at the tree's root,
    which the first has disabled; None when there are none.

    Speed: a pattern rooted at the root node keeps a state open while the cursor walks the whole
    file, looked at on every node (Python's three module-level declaration patterns were 5% of
    its matching); in a pass that starts at the root only, the cursor goes no deeper than their
    steps. Only declarations move: ``declarations_of`` keys each by its name node, so the order
    of their matches, which the move changes, decides nothing."""
    language, query = _parser_and_query(spec, groups)
    plan = _plan(spec, groups)
    source = _source(spec, groups)
    rooted = re.compile(r"\(+" + re.escape(_root_type(spec)) + r"(?![\w.-])")
    parts = query_patterns(source)
    moved = [
        i
        for i, step in enumerate(plan)
        if step is not None and step.handler is on_declaration and rooted.match(parts[i])
    ]
    if not moved:
        return (query, plan), None
    for i in moved:
        query.disable_pattern(i)
    return (query, plan), (Query(language, "\n".join(parts[i] for i in moved)), tuple(plan[i] for i in moved))


__all__ = ["SHAPE_GROUPS", "SYMBOL_GROUPS", "Pass", "item_plan", "language_of", "passes", "query_patterns"]
