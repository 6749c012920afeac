"""What each query match makes: the handlers ``core.py``'s plan assigns to patterns.

One handler per main capture (``@definition.*``, ``@reference.*``, ``@binding``…), called once
per match, so each is kept lean (see core.py's docstring); ``Found`` gathers what one pass over
a file captured, before ``scopes.py`` nests and attributes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from tree_sitter import Node

from diffreach.extract.arguments import Decoration, argument_count, parameter_of, passed_name
from diffreach.extract.binding_capture import binding_of, doc_bindings, local_binding_of, second_binding_of
from diffreach.extract.destructuring import destructured
from diffreach.extract.imports import imports_of
from diffreach.extract.notes import Piece
from diffreach.extract.protocols import SyntaxPlan, protocol_refs
from diffreach.extract.scopes import OUTER, Definition
from diffreach.extract.types import empty_calls, member_path, receiver_class, squeeze, token_receiver
from diffreach.extract.values import Parameter, Passed
from diffreach.languages.jsdoc import SUPERTYPE
from diffreach.languages.spec import LanguageSpec
from diffreach.model import Import, RefKind

MAIN_PREFIXES = ("definition.", "reference.", "declaration.")
MAIN_PLAIN = frozenset({"import", "binding", "package", "comment", "doc"})
_ONE_NAME = re.compile(r"\s*[A-Za-z_][A-Za-z0-9_]*\s*")  # a declaration's ``@renamed`` value that only renames


Text = Callable[[Node], str]

REF_KINDS = {
    "call": RefKind.CALL,
    "value": RefKind.VALUE,
    "inherit": RefKind.INHERIT,
    "protocol": RefKind.PROTOCOL,
    "override": RefKind.OVERRIDE,
    "doc": RefKind.INHERIT,  # the supertypes a doc comment declares (on_doc_supertypes)
}


@dataclass(frozen=True, slots=True)
class Step:
    """What to do with a match of one pattern, decided once per pattern (speed:
    finding the main capture among a match's keys was a loop per match)."""

    handler: Callable[[Found, Step, dict[str, list[Node]]], None]
    main: str  # the pattern's main capture ("" when it has several: found per match)
    kind: str  # reference kind, for ``@reference.*``
    preset: dict[str, str]
    spec: LanguageSpec
    keyed: bool = False  # a reference whose name takes a ``@key`` or a preset ``suffix``
    protocols: dict[str, SyntaxPlan] = field(default_factory=dict)  # the language's, for ``@reference.protocol``


@dataclass(slots=True)
class Found:
    """What one query pass over a file captured, before nesting and scoping."""

    text: Text
    defs: dict[int, Definition] = field(default_factory=dict)  # by the name node's start byte
    refs: dict[tuple[str, int], tuple[Node, str, str, str, str, int]] = field(default_factory=dict)
    imports: list[Import] = field(default_factory=list)
    bindings: list[tuple[Node, str, str]] = field(default_factory=list)
    package: str = ""
    comments: list[Piece] = field(default_factory=list)
    import_spans: list[tuple[int, int]] = field(default_factory=list)  # of @import matches
    # Each import's (statement, alias, line): an import inside a function binds there (scopes.import_bindings).
    import_names: list[tuple[Node, str, int]] = field(default_factory=list)
    # Functions passed as arguments (extract/arguments.py): parameters, arguments, decorators.
    params: list[Parameter] = field(default_factory=list)
    passes: list[Passed] = field(default_factory=list)
    decorations: list[Decoration] = field(default_factory=list)
    declarations: list[tuple[Node, str, Node]] = field(default_factory=list)  # @declaration.* (declarations.py)


def main_capture(captures: dict[str, list[Node]]) -> str | None:
    for key in captures:
        if key.startswith(MAIN_PREFIXES) or key in MAIN_PLAIN:
            return key
    return None


def on_any(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    """A pattern naming several main captures: the first one the match has decides."""
    main = main_capture(captures)
    if main is None:
        return
    group = main.split(".", 1)[0]
    kind = REF_KINDS.get(main[10:], "") if group == "reference" else ""
    if group != "reference" or kind:
        (HANDLERS.get(main) or HANDLERS[group])(found, replace(step, main=main, kind=kind), captures)


def on_definition(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    nodes = captures.get(step.main)
    names = captures.get("name")
    if nodes is None or names is None:
        return
    node = nodes[0]
    key = names[0].start_byte
    known = found.defs.get(key)
    start, end = node.start_byte, node.end_byte
    if known is None or (end - start) > (known.end - known.start):
        receivers = captures.get("receiver")
        receiver = receiver_class(found.text(receivers[0]), step.spec) if receivers else ""
        known = found.defs[key] = Definition(
            node, found.text(names[0]), step.main[11:], receiver, start, end, test=known is not None and known.test
        )
        known.name_start = key
    # Several patterns may match one definition; any of them may mark it a test.
    known.test = known.test or "test" in captures


def on_declaration(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    nodes, names = captures.get(step.main), captures.get("name")
    if nodes is None or names is None:
        return
    renamed = captures.get("renamed")
    # A value that is one name only renames it (``#define f f_REAL``): no declaration of its own.
    # Read here, not by a query predicate, which would decode the text as strict UTF-8.
    if renamed is not None and _ONE_NAME.fullmatch(found.text(renamed[0])):
        return
    found.declarations.append((nodes[0], step.main[12:], names[0]))


def on_reference(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    # The hot loop (three matches in four are references): no work for a repeat,
    # none for an absent receiver or owner, no call where a loop or test will do.
    names = captures.get("name")
    if names is None:
        return
    # A keyed reference shares its name node with a plain one (make()() and make()).
    key = (step.kind + "[]" if step.keyed else step.kind, names[0].start_byte)
    if key in found.refs:
        if "factory" in step.preset:  # @retry(3): the call's match came first, made inside the definition
            found.refs[key] = (*found.refs[key][:4], OUTER, found.refs[key][5])
        return
    nodes = captures.get(step.main)
    if nodes is None:
        return
    text = found.text
    receivers = captures.get("receiver")
    receiver = ""
    if receivers is not None:
        # receiver.suffix: what the receiver's text stands for (``cast(T, v).m()``: an instance, "T()")
        receiver = member_path(text(receivers[0]), step.spec) + step.preset.get("receiver.suffix", "")
        if "(" in receiver:  # make().total(): what a call returns does not depend on its arguments
            receiver = empty_calls(receiver)
    elif "tokens" in step.preset:  # a call written as loose tokens (a macro's arguments)
        loose = token_receiver(names[0], step.spec, text)
        if loose is None:
            return
        receiver = loose
    owners = captures.get("owner")
    owner = receiver_class(text(owners[0]), step.spec) if owners else ""
    if step.kind == RefKind.VALUE and "argument" in captures:  # an argument or a table's entry: a function, perhaps
        found.passes.append(passed_name(captures, receiver, text))
    arguments = captures.get("arguments")
    args = argument_count(arguments[0], step.spec) if arguments is not None else -1
    name = step.preset.get("name") or text(names[0])
    if step.keyed:  # a call through a table entry or a returned value: TABLE["x"](), make()()
        keys = captures.get("key")
        name += (f"[{text(keys[0])}]" if keys is not None else "") + step.preset.get("suffix", "")
    if "decorated" in captures:  # a decorator: called where the definition is made
        owner = OUTER
        if "factory" not in step.preset:  # a decorator factory's own call passes nothing
            found.decorations.append((nodes[0], captures["decorated"][0], name))
    # A base is placed at its name: one base list holds several, whose written order is the lookup order.
    at = names[0] if step.kind == RefKind.INHERIT else nodes[0]
    found.refs[key] = (at, step.kind, name, receiver, owner, args)


def on_doc_supertypes(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    """The supertypes a doc comment declares for the class it precedes (JSDoc's ``@implements
    {a.I}``): a base of the class ``@owner`` names, each placed at the comment."""
    nodes, owners = captures.get(step.main), captures.get("owner")
    if nodes is None or owners is None or step.spec.doc_types is None:
        return
    owner = receiver_class(found.text(owners[0]), step.spec)
    written = [t for typed, t in step.spec.doc_types(found.text(nodes[0])) if typed == SUPERTYPE]
    for i, type_name in enumerate(written):
        receiver, _, name = member_path(type_name, step.spec).partition("<")[0].rpartition(".")
        found.refs[(step.kind, nodes[0].start_byte + i)] = (nodes[0], step.kind, name, receiver, owner, -1)


def on_protocol(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    protocol_refs(found.refs, found.text, step.spec, step.protocols, step.preset, captures)


def on_import(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    nodes = captures.get(step.main)
    if nodes is not None:
        made = imports_of(captures, step.spec, step.preset, found.text)
        found.imports.extend(made)
        found.import_spans.append((nodes[0].start_byte, nodes[0].end_byte))
        found.import_names.extend((nodes[0], i.alias, i.line) for i in made if i.alias and not i.wildcard)


def on_binding(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    nodes = captures.get(step.main)
    if nodes is None:
        return
    if "binding.parameter" in captures and "binding.name" in captures:  # extract/arguments.py
        captures = parameter_of(found.params, nodes[0], captures, found.text, step.spec)
    if "binding.doc" in captures:  # a doc comment's types (JSDoc)
        found.bindings.extend(doc_bindings(nodes[0], captures, step.spec, found.text))
        return
    if "binding.targets" in captures and "binding.values" in captures:
        targets, values = captures["binding.targets"][0], captures["binding.values"][0]
        found.bindings.extend(destructured(nodes[0], targets, values, step.spec, found.text))
        return
    made = binding_of(nodes[0], captures, step.preset, step.spec, found.text)
    if made is not None:
        found.bindings.append(made)


def on_pair_binding(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    """``on_binding`` for a pattern whose every match makes two records (binding_capture.pair_binding)."""
    on_binding(found, step, captures)
    nodes = captures.get(step.main)
    if nodes is not None and (made := second_binding_of(nodes[0], captures, step.preset, step.spec, found.text)):
        found.bindings.append(made)


def on_local_binding(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    """``on_binding`` for a pattern that only binds a name for its scope (speed: the most frequent)."""
    nodes = captures.get(step.main)
    if nodes is not None and (made := local_binding_of(nodes[0], captures, step.preset, found.text)) is not None:
        found.bindings.append(made)


def on_package(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    if step.main in captures and "package.name" in captures:
        found.package = squeeze(found.text(captures["package.name"][0]))


def on_comment(found: Found, step: Step, captures: dict[str, list[Node]]) -> None:
    nodes = captures.get(step.main)
    if nodes is not None:
        node = nodes[0]
        found.comments.append((node.start_byte, node.end_byte, found.text(node), step.main == "comment"))


# Main capture (its first dotted part) → what to do with a match.
HANDLERS = {
    "definition": on_definition,
    "declaration": on_declaration,
    "reference": on_reference,
    "reference.protocol": on_protocol,
    "reference.doc": on_doc_supertypes,
    "import": on_import,
    "binding": on_binding,
    "package": on_package,
    "comment": on_comment,
    "doc": on_comment,
}
