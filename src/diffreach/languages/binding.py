"""Parameter lists and call arguments read from the syntax tree, and each language's binding rules.

What a definition declares and what a call passes are data: one query per language under
``queries/binding/``, named like the language's main query files and joined the same way
(``ecmascript.scm`` holds what JavaScript and TypeScript share; a spec's ``query_file`` parts
without a binding file add nothing). A file is parsed once and its matches (of the whole file
or of some lines) turned into plain records (``Facts``, cached for the last few), from which
``parameters_of``, ``overloads_of`` and ``calls_in`` answer; a language without a binding query
answers None and no calls. Each language's ``BindingRules`` are its spec's ``binding_rules``.

Capture vocabulary (the contract with the query files):

- ``@definition`` a function, method or constructor, with ``@definition.name`` and
  ``@definition.parameters``, its parameter list node (the node ``@param.list`` names).
  ``@definition.type_parameters``, a generic parameter list (``<T = unknown>``), a child of the
  definition's node or of the function bound to its name (``const f = <T>(x: T) => x``), in a
  match of its own; ``@definition.result`` likewise, the result type a header declares before
  the name (Java's and C#'s ``int f()``, where reading the text after the parameters finds none).
  ``@definition.reads_all`` (JavaScript's ``arguments``) inside a definition: it takes any
  number of arguments (a var-positional ``arguments`` is added to its parameters).
- One parameter per match, inside ``@param.list``, captured by kind: ``@param.positional``,
  ``@param.default`` (with ``@param.value``, the default's text), ``@param.optional``
  (TypeScript ``b?``), ``@param.variadic`` (``*args``, ``...rest``, ``xs ...T``, ``T... xs``,
  ``vararg``, ``params``), ``@param.keywords`` (``**kwargs``), ``@param.self`` (a receiver the
  list declares: Python's first method parameter, Rust's ``self`` forms, C#'s ``this``,
  TypeScript's ``this:``); ``@param.name`` and ``@param.type`` name it and its type. When one
  node has several kinds the first of ``PARAM_PRECEDENCE`` (``binding_lists.py``) wins, so a general pattern
  (every child is positional) and a specific one (this child has a default) can coexist.
  ``@param.ignore`` marks a node of the list that is no parameter (a dataclass's ``ClassVar``).
  Parameters are ordered by the kind node's position. ``@param.separator.positional`` (``/``)
  ends the positional-only ones and ``@param.separator.keyword`` (``*``) starts the keyword-only
  ones; parameters after a variadic one are keyword-only too (Python, Kotlin). In a language
  without keyword arguments every ordinary parameter is positional-only.
  ``@param.no_receiver`` on a list: its ``@param.self`` is an ordinary parameter (a static method);
  ``@param.implicit_receiver``: its ``@param.self`` is filled by what the call goes through,
  even a class named at the call (a class method's ``cls``).
  A default's and a type's syntax are kept as a form without spelling (``syntax_form``).
- ``@call`` a call, with ``@call.name`` (the callee's name node), ``@call.arguments`` (the node
  ``@arg.list`` names) and ``@call.receiver`` (the object left of the dot, when it is one).
- One argument per match, inside ``@arg.list``: ``@arg.positional``, ``@arg.keyword`` with
  ``@arg.name``, ``@arg.spread``, ``@arg.keywords`` (``**kw``), ``@arg.trailing`` (Kotlin's
  lambda after the parentheses), ``@arg.ignore`` (a comment); precedence as for parameters.
- ``@value`` a name used as a value, not called: a callback, a method reference, a table entry.
- ``@application`` a decorator applied to a definition (Python's ``@d def f``: ``f = d(f)``),
  with ``@application.name``, ``@application.receiver`` and ``@application.argument`` (the
  definition's name): read as a call with that one positional argument, its value used;
  ``@application.deferred`` on it: its value is not the callee's result (a JSX element: the
  renderer calls the component later), so the call uses none of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from importlib import resources

from tree_sitter import Language, Node, Query, QueryCursor, Range

from .binding_facts import NOTHING, Call, Definition, Facts, Matches, Text, build, collect
from .parsing import PARSE_CPU_SECONDS, budgeted_parse, kept_parse, parse_budget
from .signatures import BindingRules, CallSite, Parameter
from .spec import LanguageSpec
from .syntax import syntax_form


def rules_for(spec: LanguageSpec) -> BindingRules | None:
    return spec.binding_rules


def parameters_of(
    spec: LanguageSpec,
    source: bytes,
    def_line: int,
    name: str | None = None,
    lines: tuple[int, int] | None = None,
    within: tuple[int, int] | None = None,
) -> tuple[Parameter, ...] | None:
    """The parameters of the definition starting at ``def_line`` (1-based; a decorator's line
    counts), receivers included; None when the language has no binding query or no definition
    starts there. With ``name``, only a definition of that name, and when none starts at the
    line the nearest one of that name; ``lines``, its extent when known, is matched first (and
    ``within``, as ``calls_in`` takes it)."""
    found = _definition(spec, source, def_line, name, lines, within)
    return found.params if found is not None else None


def body_after_parameters(spec: LanguageSpec, source: bytes, def_line: int, name: str | None = None) -> str | None:
    """The text of the definition ``parameters_of`` finds, from the end of its parameter list to
    its end (its result, its body); None when no definition is found."""
    found = _definition(spec, source, def_line, name)
    if found is None or found.end_byte <= found.params_span[1]:
        return None
    return source[found.params_span[1] : found.end_byte].decode("utf-8", "replace")


def type_parameters_of(spec: LanguageSpec, source: bytes, def_line: int, name: str | None = None) -> str | None:
    """The generic parameter list of the definition ``parameters_of`` finds, as written ("" for
    none); None when no definition is found."""
    found = _definition(spec, source, def_line, name)
    return found.type_parameters if found is not None else None


def result_of(spec: LanguageSpec, source: bytes, def_line: int, name: str | None = None) -> str | None:
    """The result type declared before the name of the definition ``parameters_of`` finds, as
    written; None when none is found or the language's query does not read one there."""
    found = _definition(spec, source, def_line, name)
    return found.result if found is not None else None


def overloads_of(
    spec: LanguageSpec, source: bytes, def_line: int, name: str | None = None
) -> tuple[tuple[Parameter, ...], ...]:
    """The parameter lists of the other definitions of the same name in the same scope (Java,
    C#, Kotlin overloads; TypeScript overload signatures), in source order."""
    found = _definition(spec, source, def_line, name)
    if found is None:
        return ()
    siblings = {
        d.params_span: d.params
        for d in _facts_of(spec, source).definitions
        if d.name == found.name and d.scope == found.scope and d.params_span != found.params_span
    }
    return tuple(params for _, params in sorted(siblings.items()))


def family_of(
    spec: LanguageSpec, source: bytes, def_line: int, name: str | None = None
) -> tuple[tuple[tuple[Parameter, ...], str, bool], ...]:
    """The definition ``parameters_of`` finds and the others of its name in its scope, in source
    order: each one's parameters, the header's text after them (where a result is declared:
    ``-> int``, ``: T``) and whether it is the one found."""
    found = _definition(spec, source, def_line, name)
    if found is None:
        return ()
    members = {
        d.params_span: (d.params, " ".join(d.tail.split()), d.params_span == found.params_span)
        for d in _facts_of(spec, source).definitions
        if (d.name == found.name and d.scope == found.scope) or d.params_span == found.params_span
    }
    return tuple(member for _, member in sorted(members.items()))


def calls_in(
    spec: LanguageSpec,
    source: bytes,
    first_line: int,
    last_line: int,
    callee_name: str,
    within: tuple[int, int] | None = None,
) -> list[CallSite]:
    """The calls of ``callee_name`` starting between two lines (1-based, inclusive), a call
    spread over several lines as one, and the places the name is only passed as a value.
    ``within``: the lines of the top-level definition holding those lines, in a file whose parse
    had no syntax error, where the language parses such a definition alone
    (``top_level_parses_alone``): only those lines are parsed; the same sites."""
    # Only these lines are matched (speed: a caller's few calls in a file of thousands of lines
    # were most of a warm review); the tree is parsed once per file for every caller in it.
    facts = _facts_of(spec, source, (first_line, last_line), within)
    if facts is NOTHING:
        return []
    called = {c.name_span for c in facts.calls}
    sites = [
        (
            c.start_byte,
            _site(c),
        )
        for c in facts.calls
        if c.name == callee_name and first_line <= c.start_line <= last_line
    ]
    sites += [
        (v.start_byte, CallSite(v.line, v.line, passed_as_value=True, text=v.name))
        for v in facts.values
        if v.name == callee_name and first_line <= v.line <= last_line and v.span not in called
    ]
    return [site for _, site in sorted(sites, key=lambda s: s[0])]


def _site(c: Call) -> CallSite:
    return CallSite(
        c.start_line,
        c.end_line,
        c.arguments,
        text=c.text,
        value_used=c.value_used,
        handled=c.handled,
        awaited=c.awaited,
    )


def calls_named_on(spec: LanguageSpec, source: bytes, lines: Iterable[int]) -> list[CallSite]:
    """The calls whose callee's name stands on one of ``lines``, whatever the name (a name an
    import renamed: ``from m import f as g``), in source order."""
    wanted = set(lines)
    return [
        _site(c) for c in sorted(_facts_of(spec, source).calls, key=lambda c: c.start_byte) if c.name_line in wanted
    ]


def _definition(
    spec: LanguageSpec,
    source: bytes,
    def_line: int,
    name: str | None,
    lines: tuple[int, int] | None = None,
    within: tuple[int, int] | None = None,
) -> Definition | None:
    # Speed: a caller's own lines (calls_in's, cached), not the whole file, hold its definition.
    for span in (lines, None) if lines is not None and lines[0] <= def_line <= lines[1] else (None,):
        defs = [
            d
            for d in _facts_of(spec, source, span, within if span else None).definitions
            if name is None or d.name == name
        ]
        at_line = [d for d in defs if d.start_line == def_line]
        if at_line:
            return min(at_line, key=lambda d: d.start_byte)
    if name is None or not defs:
        return None
    return min(defs, key=lambda d: (abs(d.start_line - def_line), d.start_byte))


def _facts_of(
    spec: LanguageSpec, source: bytes, lines: tuple[int, int] | None = None, within: tuple[int, int] | None = None
) -> Facts:
    """The facts of the whole file, or of the matches that meet ``lines`` (1-based, inclusive),
    from a parse of ``within`` only where that is the same tree there (``_alone``)."""
    if spec.embedded is not None:
        spec, source = spec.embedded(source)
    if spec.prepare is not None:
        source = spec.prepare(source)
    alone = within if lines is not None and within is not None and _alone(spec, source, lines, within) else None
    return _facts(spec, source, lines, alone)


def _alone(spec: LanguageSpec, source: bytes, lines: tuple[int, int], within: tuple[int, int]) -> bool:
    """Whether ``within``, holding ``lines``, may be parsed alone: the language says a top-level
    definition parses so, and its first line starts at column 0 (no indentation: at the top)."""
    if not spec.top_level_parses_alone or not within[0] <= lines[0] <= lines[1] <= within[1]:
        return False
    start = _line_offsets(source, within[0], within[0])[0]
    return start < len(source) and source[start : start + 1] not in b" \t\r\n\f"


@lru_cache(maxsize=16)
def _facts(
    spec: LanguageSpec, source: bytes, lines: tuple[int, int] | None = None, alone: tuple[int, int] | None = None
) -> Facts:
    compiled = _compiled(spec)
    rules = rules_for(spec)
    if compiled is None or rules is None:
        return NOTHING
    root = _parsed(spec, source, alone)
    if root is None:
        return NOTHING
    found = Matches(Text(source))
    cursor = QueryCursor(compiled[1])
    if lines is not None:  # matches that meet the rows, a call spread over them included
        cursor.set_point_range((max(lines[0] - 1, 0), 0), (max(lines[1], lines[0]), 0))
    for _, captures in cursor.matches(root):
        collect(found, captures)
    return build(found, rules)


@lru_cache(maxsize=4)
def _parsed(spec: LanguageSpec, source: bytes, alone: tuple[int, int] | None = None) -> Node | None:
    """The file's syntax tree (None past the parse budget), kept for the next lines asked of it;
    with ``alone``, the tree of those lines only (offsets and rows stay the file's), unless that
    parse finds a syntax error: then the whole file's."""
    compiled = _compiled(spec)
    assert compiled is not None
    budget = parse_budget(len(source))
    try:
        if alone is not None:
            start, end = _line_offsets(source, alone[0], alone[1])
            last_row = source.count(b"\n", 0, end)  # the row ``end`` stands on
            at = Range((alone[0] - 1, 0), (last_row, end - (source.rfind(b"\n", 0, end) + 1)), start, end)
            tree = budgeted_parse(compiled[0], source, budget, PARSE_CPU_SECONDS, (at,))
            if not tree.root_node.has_error:
                return tree.root_node
        return kept_parse(compiled[0], source, budget, PARSE_CPU_SECONDS).root_node
    except ValueError:  # past the parse budget
        return None


def _line_offsets(source: bytes, first: int, last: int) -> tuple[int, int]:
    """The byte offsets where line ``first`` starts and where line ``last`` ends, its newline
    included (1-based lines; past the end: the end)."""
    # Split in C, not a find per line in Python (a file of thousands of lines, asked per caller).
    head = source.split(b"\n", first - 1)
    if len(head) < first:
        return len(source), len(source)
    start = len(source) - len(head[-1])
    tail = head[-1].split(b"\n", last - first + 1)
    if len(tail) < last - first + 2:
        return start, len(source)
    return start, len(source) - len(tail[-1])


@cache
def _compiled(spec: LanguageSpec) -> tuple[Language, Query] | None:
    folder = resources.files("diffreach.languages").joinpath("queries", "binding")
    parts = [folder.joinpath(part) for part in spec.query_file.split("+")]
    source = "\n".join(part.read_text() for part in parts if part.is_file())
    if not source:
        return None
    language = Language(spec.grammar())
    return language, Query(language, source)


__all__ = [
    "calls_in",
    "calls_named_on",
    "family_of",
    "overloads_of",
    "parameters_of",
    "result_of",
    "rules_for",
    "syntax_form",
    "type_parameters_of",
]
