"""One file's binding query matches made into plain records (``Facts``): its definitions with
their parameter lists, its calls with their arguments, and the names it uses as values.

``binding.py`` runs the query (over the whole file or some lines) and keeps the records of the
last few; ``collect`` gathers one match's captures, ``build`` makes the records (the lists
themselves by ``binding_lists.py``). The capture vocabulary is ``binding.py``'s docstring.
"""

from __future__ import annotations

from typing import NamedTuple

from tree_sitter import Node

from .binding_lists import Entry, arguments_from, parameters_from
from .signatures import ArgKind, Argument, BindingRules, Parameter, ParamKind
from .syntax import awaited, handled, syntax_form, value_used

MAX_TEXT = 300  # characters of a call's text kept on its CallSite

Span = tuple[int, int]

# Internal records as named tuples and a plain class, not dataclasses: a dataclass compiles its
# generated methods when the module loads, a share of every warm answer's start (speed).


class Definition(NamedTuple):
    name: str
    start_line: int
    start_byte: int
    params: tuple[Parameter, ...]
    params_span: Span
    scope: Span  # the parent node's span: overloads share it
    type_parameters: str = ""  # the generic parameter list's text (``<T = unknown>``), if any
    result: str | None = None  # the result type declared before the name; None when not read
    tail: str = ""  # the header's text after the parameter list, up to the body (``-> int``, ``: T``)
    end_byte: int = 0  # where the definition ends (its body's end)


class Call(NamedTuple):
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
    awaited: str = ""  # ``syntax.awaited``


class Value(NamedTuple):
    name: str
    span: Span
    line: int
    start_byte: int


class Facts(NamedTuple):
    definitions: tuple[Definition, ...] = ()
    calls: tuple[Call, ...] = ()
    values: tuple[Value, ...] = ()


NOTHING = Facts()


class Matches:
    def __init__(self, text: Text) -> None:
        self.text = text
        self.definitions: list[tuple[Node, Node | None, Node]] = []
        self.params: dict[Span, dict[Span, Entry]] = {}
        self.args: dict[Span, dict[Span, Entry]] = {}
        self.calls: dict[Span, tuple[Node, Node, Node | Argument, Node | None]] = {}
        self.values: list[Node] = []
        self.reads_all: list[Node] = []
        self.no_receiver: set[Span] = set()
        self.implicit_receiver: set[Span] = set()
        self.type_parameters: dict[Span, str] = {}  # by the definition's span
        self.results: dict[Span, str] = {}  # likewise
        self.deferred: set[Span] = set()  # applications whose value is not the callee's result


class Text:
    def __init__(self, data: bytes) -> None:
        self._data = data

    def __call__(self, node: Node) -> str:
        return self._data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def slice(self, start: int, end: int) -> str:
        return self._data[start:end].decode("utf-8", "replace")


def span(node: Node) -> Span:
    return node.start_byte, node.end_byte


def collect(found: Matches, captures: dict[str, list[Node]]) -> None:
    if "definition" in captures:
        plist = captures.get("definition.parameters")
        if plist:
            name = captures.get("definition.name")
            found.definitions.append((captures["definition"][0], name[0] if name else None, plist[0]))
    if "definition.reads_all" in captures:
        found.reads_all.extend(captures["definition.reads_all"])
    if "param.no_receiver" in captures:
        found.no_receiver.update(span(n) for n in captures["param.no_receiver"])
    for node in captures.get("definition.type_parameters", ()):
        if node.parent is not None:
            found.type_parameters[span(node.parent)] = found.text(node)
    for node in captures.get("definition.result", ()):
        if node.parent is not None:
            found.results[span(node.parent)] = found.text(node)
    if "param.implicit_receiver" in captures:
        found.implicit_receiver.update(span(n) for n in captures["param.implicit_receiver"])
    if "param.list" in captures:
        _gather(found.params, "param.", captures, found.text)
    if "call" in captures and "call.name" in captures and "call.arguments" in captures:
        call = captures["call"][0]
        receiver = captures.get("call.receiver")
        found.calls.setdefault(
            span(call),
            (call, captures["call.name"][0], captures["call.arguments"][0], receiver[0] if receiver else None),
        )
    if {"application", "application.name", "application.argument"} <= captures.keys():
        # A decorator applied to the definition below it (Python's ``@d def f``: ``f = d(f)``):
        # a call with that definition as its one positional argument, its value bound.
        node, receiver = captures["application"][0], captures.get("application.receiver")
        argument = Argument(ArgKind.POSITIONAL, text=found.text(captures["application.argument"][0]))
        found.calls.setdefault(span(node), (node, captures["application.name"][0], argument, *(receiver or (None,))))
        if "application.deferred" in captures:
            found.deferred.add(span(node))
    if "arg.list" in captures:
        _gather(found.args, "arg.", captures, found.text)
    if "value" in captures:
        found.values.extend(captures["value"])


def _gather(table: dict[Span, dict[Span, Entry]], prefix: str, captures: dict[str, list[Node]], text: Text) -> None:
    """One parameter's or argument's captures into the entry of its node, in its list's table."""
    entries = table.setdefault(span(captures[prefix + "list"][0]), {})
    parts = {key[len(prefix) :]: text(nodes[0]) for key, nodes in captures.items() if key in _PART_KEYS}
    parts.update({form: syntax_form(captures[key][0], text) for key, form in _FORMS.items() if key in captures})
    for key, nodes in captures.items():
        if not key.startswith(prefix) or key in _PART_KEYS:
            continue
        node = nodes[0]
        entry = entries.setdefault(span(node), Entry(node.start_byte, parts={"text": text(node)}))
        entry.kinds.add(key[len(prefix) :])
        for part, value in parts.items():
            entry.parts.setdefault(part, value)


_PART_KEYS = frozenset({"param.name", "param.type", "param.value", "param.list", "arg.name", "arg.list"})
_FORMS = {"param.value": "value_form", "param.type": "type_form"}


def build(found: Matches, rules: BindingRules) -> Facts:
    text = found.text
    lists = {
        span: parameters_from(entries, span in found.no_receiver, span in found.implicit_receiver, rules)
        for span, entries in found.params.items()
    }
    reading = _reading_all(found)
    definitions = []
    for node, name, plist in found.definitions:
        params = lists.get(span(plist), ())
        if span(node) in reading and not any(p.kind is ParamKind.VAR_POSITIONAL for p in params):
            params = (*params, Parameter("arguments", ParamKind.VAR_POSITIONAL))
        line = node.start_point.row + 1
        label = text(name) if name is not None else ""
        # A function bound to a name (``const f = <T>() => …``): its generics are the function's.
        function = span(plist.parent) if plist.parent is not None else span(node)
        generics = found.type_parameters.get(span(node)) or found.type_parameters.get(function, "")
        result = found.results.get(span(node))
        tail = _tail(node, plist, text)
        definitions.append(
            Definition(
                label, line, node.start_byte, params, span(plist), _scope(node), generics, result, tail, node.end_byte
            )
        )
    calls = []
    for call, name, arguments, receiver in found.calls.values():
        args = (arguments,) if isinstance(arguments, Argument) else arguments_from(found.args.get(span(arguments), {}))
        if receiver is not None:
            args = (Argument(ArgKind.RECEIVER, text=text(receiver)), *args)
        start, end = call.start_point.row + 1, call.end_point.row + 1
        where = (value_used(call) and span(call) not in found.deferred, handled(call))
        shown = text(call)[:MAX_TEXT]
        calls.append(
            Call(
                text(name),
                span(name),
                start,
                end,
                call.start_byte,
                args,
                shown,
                *where,
                name.start_point.row + 1,
                awaited(call),
            )
        )
    values = {span(n): Value(text(n), span(n), n.start_point.row + 1, n.start_byte) for n in found.values}
    return Facts(tuple(definitions), tuple(calls), tuple(values.values()))


def _tail(node: Node, plist: Node, text: Text) -> str:
    """The header after the parameter list: up to the body, or to the end of a signature without one."""
    end = node.end_byte
    inner: Node | None = plist.parent
    body = inner.child_by_field_name("body") if inner is not None else None
    if body is not None and body.start_byte >= plist.end_byte:
        end = body.start_byte
    if end - plist.end_byte > MAX_TEXT:
        return ""
    return text.slice(plist.end_byte, end)


def _reading_all(found: Matches) -> set[Span]:
    """The definitions that read all their arguments: the innermost around each ``@definition.reads_all``."""
    spans = [span(node) for node, _, _ in found.definitions]
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
    return span(parent) if parent is not None else (0, 0)
