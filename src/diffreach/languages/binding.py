"""Parameter lists and call arguments read from the syntax tree, and each language's binding rules.

What a definition declares and what a call passes are data: one query per language under
``queries/binding/``, named like the language's main query files and joined the same way
(``ecmascript.scm`` holds what JavaScript and TypeScript share; a spec's ``query_file`` parts
without a binding file add nothing). A file is parsed once and its matches (of the whole file
or of some lines) turned into plain records (``_Facts``, cached for the last few), from which
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
  definition's name): read as a call with that one positional argument, its value used.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources

from tree_sitter import Language, Node, Query, QueryCursor

from .binding_lists import Entry, arguments_from, parameters_from
from .parsing import PARSE_CPU_SECONDS, kept_parse, parse_budget
from .signatures import ArgKind, Argument, BindingRules, CallSite, Parameter, ParamKind
from .spec import LanguageSpec
from .syntax import handled, syntax_form, value_used

_MAX_TEXT = 300  # characters of a call's text kept on its CallSite

Span = tuple[int, int]


def rules_for(spec: LanguageSpec) -> BindingRules | None:
    return spec.binding_rules


def parameters_of(
    spec: LanguageSpec, source: bytes, def_line: int, name: str | None = None, lines: tuple[int, int] | None = None
) -> tuple[Parameter, ...] | None:
    """The parameters of the definition starting at ``def_line`` (1-based; a decorator's line
    counts), receivers included; None when the language has no binding query or no definition
    starts there. With ``name``, only a definition of that name, and when none starts at the
    line the nearest one of that name; ``lines``, its extent when known, is matched first."""
    found = _definition(spec, source, def_line, name, lines)
    return found.params if found is not None else None


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


def calls_in(spec: LanguageSpec, source: bytes, first_line: int, last_line: int, callee_name: str) -> list[CallSite]:
    """The calls of ``callee_name`` starting between two lines (1-based, inclusive), a call
    spread over several lines as one, and the places the name is only passed as a value."""
    # Only these lines are matched (speed: a caller's few calls in a file of thousands of lines
    # were most of a warm review); the tree is parsed once per file for every caller in it.
    facts = _facts_of(spec, source, (first_line, last_line))
    if facts is _NOTHING:
        return []
    called = {c.name_span for c in facts.calls}
    sites = [
        (
            c.start_byte,
            CallSite(c.start_line, c.end_line, c.arguments, text=c.text, value_used=c.value_used, handled=c.handled),
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


def calls_named_on(spec: LanguageSpec, source: bytes, lines: Iterable[int]) -> list[CallSite]:
    """The calls whose callee's name stands on one of ``lines``, whatever the name (a name an
    import renamed: ``from m import f as g``), in source order."""
    wanted = set(lines)
    return [
        CallSite(c.start_line, c.end_line, c.arguments, text=c.text, value_used=c.value_used, handled=c.handled)
        for c in sorted(_facts_of(spec, source).calls, key=lambda c: c.start_byte)
        if c.name_line in wanted
    ]


# -- the facts of one file ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Definition:
    name: str
    start_line: int
    start_byte: int
    params: tuple[Parameter, ...]
    params_span: Span
    scope: Span  # the parent node's span: overloads share it
    type_parameters: str = ""  # the generic parameter list's text (``<T = unknown>``), if any
    result: str | None = None  # the result type declared before the name; None when not read
    tail: str = ""  # the header's text after the parameter list, up to the body (``-> int``, ``: T``)


@dataclass(frozen=True, slots=True)
class _Call:
    name: str
    name_span: Span
    start_line: int
    end_line: int
    start_byte: int
    arguments: tuple[Argument, ...]
    text: str
    value_used: bool = True
    handled: bool = False
    name_line: int = 0


@dataclass(frozen=True, slots=True)
class _Value:
    name: str
    span: Span
    line: int
    start_byte: int


@dataclass(frozen=True, slots=True)
class _Facts:
    definitions: tuple[_Definition, ...] = ()
    calls: tuple[_Call, ...] = ()
    values: tuple[_Value, ...] = ()


_NOTHING = _Facts()


@dataclass
class _Matches:
    text: _Text
    definitions: list[tuple[Node, Node | None, Node]] = field(default_factory=list)
    params: dict[Span, dict[Span, Entry]] = field(default_factory=dict)
    args: dict[Span, dict[Span, Entry]] = field(default_factory=dict)
    calls: dict[Span, tuple[Node, Node, Node | Argument, Node | None]] = field(default_factory=dict)
    values: list[Node] = field(default_factory=list)
    reads_all: list[Node] = field(default_factory=list)
    no_receiver: set[Span] = field(default_factory=set)
    implicit_receiver: set[Span] = field(default_factory=set)
    type_parameters: dict[Span, str] = field(default_factory=dict)  # by the definition's span
    results: dict[Span, str] = field(default_factory=dict)  # likewise


class _Text:
    def __init__(self, data: bytes) -> None:
        self._data = data

    def __call__(self, node: Node) -> str:
        return self._data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def slice(self, start: int, end: int) -> str:
        return self._data[start:end].decode("utf-8", "replace")


def _span(node: Node) -> Span:
    return node.start_byte, node.end_byte


def _definition(
    spec: LanguageSpec, source: bytes, def_line: int, name: str | None, lines: tuple[int, int] | None = None
) -> _Definition | None:
    # Speed: a caller's own lines (calls_in's, cached), not the whole file, hold its definition.
    for span in (lines, None) if lines is not None and lines[0] <= def_line <= lines[1] else (None,):
        defs = [d for d in _facts_of(spec, source, span).definitions if name is None or d.name == name]
        at_line = [d for d in defs if d.start_line == def_line]
        if at_line:
            return min(at_line, key=lambda d: d.start_byte)
    if name is None or not defs:
        return None
    return min(defs, key=lambda d: (abs(d.start_line - def_line), d.start_byte))


def _facts_of(spec: LanguageSpec, source: bytes, lines: tuple[int, int] | None = None) -> _Facts:
    """The facts of the whole file, or of the matches that meet ``lines`` (1-based, inclusive)."""
    if spec.embedded is not None:
        spec, source = spec.embedded(source)
    if spec.prepare is not None:
        source = spec.prepare(source)
    return _facts(spec, source, lines)


@lru_cache(maxsize=16)
def _facts(spec: LanguageSpec, source: bytes, lines: tuple[int, int] | None = None) -> _Facts:
    compiled = _compiled(spec)
    rules = rules_for(spec)
    if compiled is None or rules is None:
        return _NOTHING
    root = _parsed(spec, source)
    if root is None:
        return _NOTHING
    found = _Matches(_Text(source))
    cursor = QueryCursor(compiled[1])
    if lines is not None:  # matches that meet the rows, a call spread over them included
        cursor.set_point_range((max(lines[0] - 1, 0), 0), (max(lines[1], lines[0]), 0))
    for _, captures in cursor.matches(root):
        _collect(found, captures)
    return _build(found, rules)


@lru_cache(maxsize=4)
def _parsed(spec: LanguageSpec, source: bytes) -> Node | None:
    """The file's syntax tree (None past the parse budget), kept for the next lines asked of it."""
    compiled = _compiled(spec)
    assert compiled is not None
    try:
        return kept_parse(compiled[0], source, parse_budget(len(source)), PARSE_CPU_SECONDS).root_node
    except ValueError:  # past the parse budget
        return None


@cache
def _compiled(spec: LanguageSpec) -> tuple[Language, Query] | None:
    folder = resources.files("diffreach.languages").joinpath("queries", "binding")
    parts = [folder.joinpath(part) for part in spec.query_file.split("+")]
    source = "\n".join(part.read_text() for part in parts if part.is_file())
    if not source:
        return None
    language = Language(spec.grammar())
    return language, Query(language, source)


def _collect(found: _Matches, captures: dict[str, list[Node]]) -> None:
    if "definition" in captures:
        plist = captures.get("definition.parameters")
        if plist:
            name = captures.get("definition.name")
            found.definitions.append((captures["definition"][0], name[0] if name else None, plist[0]))
    if "definition.reads_all" in captures:
        found.reads_all.extend(captures["definition.reads_all"])
    if "param.no_receiver" in captures:
        found.no_receiver.update(_span(n) for n in captures["param.no_receiver"])
    for node in captures.get("definition.type_parameters", ()):
        if node.parent is not None:
            found.type_parameters[_span(node.parent)] = found.text(node)
    for node in captures.get("definition.result", ()):
        if node.parent is not None:
            found.results[_span(node.parent)] = found.text(node)
    if "param.implicit_receiver" in captures:
        found.implicit_receiver.update(_span(n) for n in captures["param.implicit_receiver"])
    if "param.list" in captures:
        _gather(found.params, "param.", captures, found.text)
    if "call" in captures and "call.name" in captures and "call.arguments" in captures:
        call = captures["call"][0]
        receiver = captures.get("call.receiver")
        found.calls.setdefault(
            _span(call),
            (call, captures["call.name"][0], captures["call.arguments"][0], receiver[0] if receiver else None),
        )
    if "arg.list" in captures:
        _gather(found.args, "arg.", captures, found.text)
    if "value" in captures:
        found.values.extend(captures["value"])
    if {"application", "application.name", "application.argument"} <= captures.keys():
        # A decorator applied to the definition below it (Python's ``@d def f``: ``f = d(f)``):
        # a call with that definition as its one positional argument, its value bound.
        node, receiver = captures["application"][0], captures.get("application.receiver")
        argument = Argument(ArgKind.POSITIONAL, text=found.text(captures["application.argument"][0]))
        found.calls.setdefault(_span(node), (node, captures["application.name"][0], argument, *(receiver or (None,))))


def _gather(table: dict[Span, dict[Span, Entry]], prefix: str, captures: dict[str, list[Node]], text: _Text) -> None:
    """One parameter's or argument's captures into the entry of its node, in its list's table."""
    entries = table.setdefault(_span(captures[prefix + "list"][0]), {})
    parts = {key[len(prefix) :]: text(nodes[0]) for key, nodes in captures.items() if key in _PART_KEYS}
    parts.update({form: syntax_form(captures[key][0], text) for key, form in _FORMS.items() if key in captures})
    for key, nodes in captures.items():
        if not key.startswith(prefix) or key in _PART_KEYS:
            continue
        node = nodes[0]
        entry = entries.setdefault(_span(node), Entry(node.start_byte, parts={"text": text(node)}))
        entry.kinds.add(key[len(prefix) :])
        for part, value in parts.items():
            entry.parts.setdefault(part, value)


_PART_KEYS = frozenset({"param.name", "param.type", "param.value", "param.list", "arg.name", "arg.list"})
_FORMS = {"param.value": "value_form", "param.type": "type_form"}


def _build(found: _Matches, rules: BindingRules) -> _Facts:
    text = found.text
    lists = {
        span: parameters_from(entries, span in found.no_receiver, span in found.implicit_receiver, rules)
        for span, entries in found.params.items()
    }
    reading = _reading_all(found)
    definitions = []
    for node, name, plist in found.definitions:
        params = lists.get(_span(plist), ())
        if _span(node) in reading and not any(p.kind is ParamKind.VAR_POSITIONAL for p in params):
            params = (*params, Parameter("arguments", ParamKind.VAR_POSITIONAL))
        line = node.start_point.row + 1
        label = text(name) if name is not None else ""
        # A function bound to a name (``const f = <T>() => …``): its generics are the function's.
        function = _span(plist.parent) if plist.parent is not None else _span(node)
        generics = found.type_parameters.get(_span(node)) or found.type_parameters.get(function, "")
        result = found.results.get(_span(node))
        tail = _tail(node, plist, text)
        definitions.append(
            _Definition(label, line, node.start_byte, params, _span(plist), _scope(node), generics, result, tail)
        )
    calls = []
    for call, name, arguments, receiver in found.calls.values():
        args = (arguments,) if isinstance(arguments, Argument) else arguments_from(found.args.get(_span(arguments), {}))
        if receiver is not None:
            args = (Argument(ArgKind.RECEIVER, text=text(receiver)), *args)
        start, end = call.start_point.row + 1, call.end_point.row + 1
        where = (value_used(call), handled(call))
        shown = text(call)[:_MAX_TEXT]
        calls.append(
            _Call(text(name), _span(name), start, end, call.start_byte, args, shown, *where, name.start_point.row + 1)
        )
    values = {_span(n): _Value(text(n), _span(n), n.start_point.row + 1, n.start_byte) for n in found.values}
    return _Facts(tuple(definitions), tuple(calls), tuple(values.values()))


def _tail(node: Node, plist: Node, text: _Text) -> str:
    """The header after the parameter list: up to the body, or to the end of a signature without one."""
    end = node.end_byte
    inner: Node | None = plist.parent
    body = inner.child_by_field_name("body") if inner is not None else None
    if body is not None and body.start_byte >= plist.end_byte:
        end = body.start_byte
    if end - plist.end_byte > _MAX_TEXT:
        return ""
    return text.slice(plist.end_byte, end)


def _reading_all(found: _Matches) -> set[Span]:
    """The definitions that read all their arguments: the innermost around each ``@definition.reads_all``."""
    spans = [_span(node) for node, _, _ in found.definitions]
    reading: set[Span] = set()
    for node in found.reads_all:
        around = [s for s in spans if s[0] <= node.start_byte and node.end_byte <= s[1]]
        if around:
            reading.add(max(around, key=lambda s: s[0]))
    return reading


def _scope(node: Node) -> Span:
    """Where a definition is declared: its parent, above wrappers of one child (``export``)."""
    parent = node.parent
    while parent is not None and parent.named_child_count == 1 and parent.parent is not None:
        parent = parent.parent
    return _span(parent) if parent is not None else (0, 0)


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
