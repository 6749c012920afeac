"""Bytes of one file → symbols, raw references, imports and bindings.

One tree-sitter query pass per file (creating Python node objects is the main
cost, so we never walk the whole tree). The query file of the language says
what is a definition, a call, an import; this module only turns captures into
records: ``scopes.py`` nests the definitions by byte range, names them, and
attributes every reference to its innermost enclosing definition; ``symbols.py``
makes their records. It knows nothing of other files and never resolves a name.

The Python here runs once per match, nearly one per line of code, so it is kept
lean: what a pattern's matches mean is decided once per query (``_plan``), texts
are sliced from a string decoded once, and records are made in bulk after the
pass. bench/extract_profile.py measures it against the parse + query floor.

Each symbol also gets ``notes``, prose for query ranking, from the ``@comment`` and
``@doc`` captures of the same pass (``notes.py`` decides whose each one is).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache

from tree_sitter import Language, Node, Query, QueryCursor, Tree

from diffreach.extract.arguments import Decoration, argument_bindings, argument_count, parameter_of, passed_name
from diffreach.extract.binding_capture import binding_of, local_binding_of, pair_binding, second_binding_of
from diffreach.extract.declarations import declarations_of
from diffreach.extract.gc_pause import collector_paused
from diffreach.extract.imports import imports_of
from diffreach.extract.item_macros import item_trees
from diffreach.extract.notes import MAX_NOTES, Piece, note_owners, note_text, outside
from diffreach.extract.protocols import SyntaxPlan, protocol_refs, syntax_plans
from diffreach.extract.scopes import OUTER, Definition, Scopes, nest
from diffreach.extract.symbols import file_symbol, symbol
from diffreach.extract.types import (
    empty_calls,
    member_path,
    receiver_class,
    squeeze,
    token_receiver,
)
from diffreach.extract.values import Parameter, Passed
from diffreach.languages import parsing
from diffreach.languages.spec import LanguageSpec
from diffreach.model import FileExtract, Import, RefKind

_REF_KINDS = {
    "call": RefKind.CALL,
    "value": RefKind.VALUE,
    "inherit": RefKind.INHERIT,
    "protocol": RefKind.PROTOCOL,
}
_MAIN_PREFIXES = ("definition.", "reference.", "declaration.")
_MAIN_PLAIN = frozenset({"import", "binding", "package", "comment", "doc"})
# The parse budget (languages/parsing.py), named here too: its tests lower it on this module.
PARSE_BUDGET_BASE = parsing.PARSE_BUDGET_BASE
PARSE_BUDGET_PER_KIB = parsing.PARSE_BUDGET_PER_KIB
PARSE_CPU_SECONDS = parsing.PARSE_CPU_SECONDS
MAX_QUERY_DEPTH = 1_000


class ParseLimitExceeded(Exception):
    """A file whose parse went past its operation budget (see ``parse_budget``)."""


def parse_budget(size: int) -> int:
    return PARSE_BUDGET_BASE + PARSE_BUDGET_PER_KIB * (size >> 10)


def content_hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


@cache
def _parser_and_query(spec: LanguageSpec) -> tuple[Language, Query]:
    language = Language(spec.grammar())
    return language, Query(language, spec.query_source)


@cache
def _presets(spec: LanguageSpec) -> tuple[dict[str, str], ...]:
    """Per pattern, capture texts the query states with ``(#set! capture "text")``:
    for what no node spells (a JS ``require`` binds the module's ``default``)."""
    query = _parser_and_query(spec)[1]
    return tuple({k: v or "" for k, v in query.pattern_settings(i).items()} for i in range(query.pattern_count))


_Text = Callable[[Node], str]


@dataclass(frozen=True, slots=True)
class _Step:
    """What to do with a match of one pattern, decided once per pattern (speed:
    finding the main capture among a match's keys was a loop per match)."""

    handler: Callable[[_Found, _Step, dict[str, list[Node]]], None]
    main: str  # the pattern's main capture ("" when it has several: found per match)
    kind: str  # reference kind, for ``@reference.*``
    preset: dict[str, str]
    spec: LanguageSpec
    keyed: bool = False  # a reference whose name takes a ``@key`` or a preset ``suffix``
    protocols: dict[str, SyntaxPlan] = field(default_factory=dict)  # the language's, for ``@reference.protocol``


def _main_candidates(source: bytes, query: Query, pattern: int) -> set[str]:
    """The main-capture names a pattern's text mentions (``@definition.class`` …)."""
    text = source[query.start_byte_for_pattern(pattern) : query.end_byte_for_pattern(pattern)]
    names = {m.decode() for m in re.findall(rb"@([\w.-]+)", text)}
    return {n for n in names if n.startswith(_MAIN_PREFIXES) or n in _MAIN_PLAIN}


def _mentions(source: bytes, query: Query, pattern: int, capture: bytes) -> bool:
    text = source[query.start_byte_for_pattern(pattern) : query.end_byte_for_pattern(pattern)]
    return re.search(re.escape(capture) + rb"\b(?![.\w])", text) is not None


@cache
def _plan(spec: LanguageSpec) -> tuple[_Step | None, ...]:
    """Per pattern, its step; None for a pattern whose matches make nothing."""
    query = _parser_and_query(spec)[1]
    source = spec.query_source.encode()
    steps: list[_Step | None] = []
    plans = syntax_plans(spec)
    for pattern, preset in enumerate(_presets(spec)):
        mains = _main_candidates(source, query, pattern)
        if len(mains) != 1:  # every query here has one per pattern; stay correct without
            steps.append(_Step(_on_any, "", "", preset, spec, protocols=plans))
            continue
        main = mains.pop()
        group = main.split(".", 1)[0]
        kind = _REF_KINDS.get(main[10:], "") if group == "reference" else ""
        skip = group == "reference" and not kind
        keyed = group == "reference" and ("suffix" in preset or _mentions(source, query, pattern, b"@key"))
        handler = _HANDLERS.get(main) or _HANDLERS[group]
        if main == "binding" and _local_only(source, query, pattern, preset):
            handler = _on_local_binding
        elif main == "binding" and pair_binding(preset):
            handler = _on_pair_binding
        steps.append(None if skip else _Step(handler, main, kind, preset, spec, keyed, plans))
    return tuple(steps)


def _local_only(source: bytes, query: Query, pattern: int, preset: dict[str, str]) -> bool:
    """A binding pattern whose every match is a name the scope binds for itself (``_on_binding``)."""
    captures = (b"@binding.parameter", b"@binding.returns")
    local = "binding.local" in preset and "binding.inferred" not in preset
    return local and not any(_mentions(source, query, pattern, c) for c in captures)


@cache
def _item_plan(spec: LanguageSpec) -> tuple[_Step | None, ...]:
    """The plan for a macro's items (item_macros.py): their comments and strings are the file's already."""
    return tuple(None if step is None or step.handler is _on_comment else step for step in _plan(spec))


def _texter(data: bytes) -> _Text:
    """Node → its text, sliced from the file's bytes. A tree parsed through a read
    callback (which the parse budget needs) keeps no source: ``node.text`` would
    read it again through the callback, far slower. An ASCII file (most are) is
    decoded once and sliced as a string: byte and character offsets agree."""
    if data.isascii():
        source = data.decode("ascii")
        return lambda node: source[node.start_byte : node.end_byte]
    return lambda node: data[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _main_capture(captures: dict[str, list[Node]]) -> str | None:
    for key in captures:
        if key.startswith(_MAIN_PREFIXES) or key in _MAIN_PLAIN:
            return key
    return None


def _parse(language: Language, data: bytes, cpu_seconds: float) -> Tree:
    """Parse within the operation and time budget; ``ParseLimitExceeded`` past it."""
    try:
        # Parsed through a read callback (see ``parsing.parse_within``): node texts come from
        # the bytes we hold, never from the tree (see ``_texter``).
        return parsing.budgeted_parse(language, data, parse_budget(len(data)), cpu_seconds)
    except ValueError as exc:  # the binding's word for a halted parse
        raise ParseLimitExceeded(
            f"parse stopped past {parse_budget(len(data))} steps or {cpu_seconds:g} CPU seconds"
        ) from exc


def compile_language(spec: LanguageSpec) -> None:
    """Compile a language's parser, query and match plan now (they are kept): a process
    about to fork workers does it once for all of them (a large query, TypeScript's, is slow to compile)."""
    _parser_and_query(spec)
    _plan(spec)


def extract(
    path: str,
    data: bytes,
    spec: LanguageSpec,
    max_notes: int = MAX_NOTES,
    comment_spans: list[tuple[int, int]] | None = None,
) -> FileExtract:
    """Extract one file. Never raises on bad input: tree-sitter recovers from
    syntax errors (counted in ``parse_errors``) and bytes decode with replacement;
    a parse past its budget gives the file node alone, with one parse error.
    ``comment_spans``, when given, receives the byte spans of the file's comments
    (``@comment`` captures, not docstrings): the change mapper's, from the same parse."""
    try:
        return extract_checked(path, data, spec, max_notes=max_notes, comment_spans=comment_spans)
    except ParseLimitExceeded:
        return FileExtract(
            path=path,
            language=spec.name,
            content_hash=content_hash(data),
            size=len(data),
            symbols=(file_symbol(path, data, spec.is_test_path(path)),),
            refs=(),
            imports=(),
            bindings=(),
            parse_errors=1,
        )


def extract_checked(
    path: str,
    data: bytes,
    spec: LanguageSpec,
    cpu_seconds: float = PARSE_CPU_SECONDS,
    max_notes: int = MAX_NOTES,
    comment_spans: list[tuple[int, int]] | None = None,
) -> FileExtract:
    """``extract``, but a parse past its budget raises ``ParseLimitExceeded``
    (the indexer counts such a file as skipped, with the reason)."""
    if spec.embedded is not None:  # code in blocks of another format (Vue, Svelte); offsets kept
        inner, code = spec.embedded(data)
        return replace(
            extract_checked(path, code, inner, cpu_seconds, max_notes, comment_spans), content_hash=content_hash(data)
        )
    with collector_paused():  # speed: see gc_pause.py
        return _extract(path, data, spec, cpu_seconds, max_notes, comment_spans)


def _extract(
    path: str,
    data: bytes,
    spec: LanguageSpec,
    cpu_seconds: float,
    max_notes: int,
    comment_spans: list[tuple[int, int]] | None = None,
) -> FileExtract:
    digest = content_hash(data)  # of the file as it is, before ``prepare`` (same length)
    encoding = spec.source_encoding(data) if spec.source_encoding is not None else "utf-8"
    if encoding != "utf-8":  # a declared encoding (PEP 263): the grammar reads UTF-8; lines stay the file's
        data = data.decode(encoding, "replace").encode("utf-8")
    if spec.prepare is not None:
        data = spec.prepare(data)
    language, query = _parser_and_query(spec)
    tree = _parse(language, data, cpu_seconds)
    root = tree.root_node
    is_test = spec.is_test_path(path)
    text = _texter(data)
    found = _Found(text)
    # Items inside a wrapper macro first: where both passes see a call, the items' own tree wins.
    for items in item_trees(language, data, root, spec, parse_budget(len(data)), cpu_seconds):
        _collect(items.root_node, query, _item_plan(spec), found)
    _collect(root, query, _plan(spec), found)
    if comment_spans is not None:
        comment_spans.extend((start, end) for start, end, _, is_comment in found.comments if is_comment)
    ordered = nest(sorted(found.defs.values(), key=lambda d: (d.start, -d.end)), path)
    scopes = Scopes(ordered, path)
    notes = (
        note_owners(
            outside(found.comments, found.import_spans),
            scopes.starts,
            [d.end for d in ordered],
            [d.parent for d in ordered],
            data,
        )
        if max_notes > 0
        else {}
    )
    symbols = [file_symbol(path, data, is_test, note_text(notes.get(-1), "", max_notes))]
    symbols.extend(
        symbol(d, ordered, path, data, text, is_test, notes.get(i), max_notes, spec) for i, d in enumerate(ordered)
    )
    refs = scopes.refs(found.refs.values())
    bindings = scopes.bindings(found.bindings, spec, {i.alias for i in found.imports})
    if found.params or found.passes or found.decorations:  # functions passed as arguments
        passed = (found.params, found.passes, found.decorations)
        bindings.extend(argument_bindings(*passed, found.bindings, found.imports, refs, scopes, spec, text))
    return FileExtract(
        path=path,
        language=spec.name,
        content_hash=digest,
        size=len(data),
        symbols=tuple(symbols),
        refs=tuple(refs),
        imports=tuple(found.imports),
        bindings=tuple(bindings),
        parse_errors=1 if root.has_error else 0,
        package=found.package,
        declarations=declarations_of(found.declarations, scopes, text, data, found.defs),
    )


@dataclass(slots=True)
class _Found:
    """What one query pass over a file captured, before nesting and scoping."""

    text: _Text
    defs: dict[int, Definition] = field(default_factory=dict)  # by the name node's start byte
    refs: dict[tuple[str, int], tuple[Node, str, str, str, str, int]] = field(default_factory=dict)
    imports: list[Import] = field(default_factory=list)
    bindings: list[tuple[Node, str, str]] = field(default_factory=list)
    package: str = ""
    comments: list[Piece] = field(default_factory=list)
    import_spans: list[tuple[int, int]] = field(default_factory=list)  # of @import matches
    # Functions passed as arguments (extract/arguments.py): parameters, arguments, decorators.
    params: list[Parameter] = field(default_factory=list)
    passes: list[Passed] = field(default_factory=list)
    decorations: list[Decoration] = field(default_factory=list)
    declarations: list[tuple[Node, str, Node]] = field(default_factory=list)  # @declaration.* (declarations.py)


def _collect(root: Node, query: Query, plan: tuple[_Step | None, ...], found: _Found) -> None:
    cursor = QueryCursor(query)
    # Matching costs grow with the square of the tree's depth (generated chains of nested
    # calls take seconds); no real definition or reference sits 1,000 levels down, generated chains do.
    cursor.set_max_start_depth(MAX_QUERY_DEPTH)
    for pattern, captures in cursor.matches(root):
        step = plan[pattern]
        if step is not None:
            step.handler(found, step, captures)


def _on_any(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
    """A pattern naming several main captures: the first one the match has decides."""
    main = _main_capture(captures)
    if main is None:
        return
    group = main.split(".", 1)[0]
    kind = _REF_KINDS.get(main[10:], "") if group == "reference" else ""
    if group != "reference" or kind:
        (_HANDLERS.get(main) or _HANDLERS[group])(found, replace(step, main=main, kind=kind), captures)


def _on_definition(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
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


def _on_declaration(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
    nodes, names = captures.get(step.main), captures.get("name")
    if nodes is not None and names is not None:
        found.declarations.append((nodes[0], step.main[12:], names[0]))


def _on_reference(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
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
        receiver = member_path(text(receivers[0]), step.spec)
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
    found.refs[key] = (nodes[0], step.kind, name, receiver, owner, args)


def _on_protocol(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
    protocol_refs(found.refs, found.text, step.spec, step.protocols, step.preset, captures)


def _on_import(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
    nodes = captures.get(step.main)
    if nodes is not None:
        found.imports.extend(imports_of(captures, step.spec, step.preset, found.text))
        found.import_spans.append((nodes[0].start_byte, nodes[0].end_byte))


def _on_binding(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
    nodes = captures.get(step.main)
    if nodes is None:
        return
    if "binding.parameter" in captures and "binding.name" in captures:  # extract/arguments.py
        captures = parameter_of(found.params, nodes[0], captures, found.text, step.spec)
    made = binding_of(nodes[0], captures, step.preset, step.spec, found.text)
    if made is not None:
        found.bindings.append(made)


def _on_pair_binding(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
    """``_on_binding`` for a pattern whose every match makes two records (binding_capture.pair_binding)."""
    _on_binding(found, step, captures)
    nodes = captures.get(step.main)
    if nodes is not None and (made := second_binding_of(nodes[0], captures, step.preset, step.spec, found.text)):
        found.bindings.append(made)


def _on_local_binding(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
    """``_on_binding`` for a pattern that only binds a name for its scope (speed: the most frequent)."""
    nodes = captures.get(step.main)
    if nodes is not None and (made := local_binding_of(nodes[0], captures, step.preset, found.text)) is not None:
        found.bindings.append(made)


def _on_package(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
    if step.main in captures and "package.name" in captures:
        found.package = squeeze(found.text(captures["package.name"][0]))


def _on_comment(found: _Found, step: _Step, captures: dict[str, list[Node]]) -> None:
    nodes = captures.get(step.main)
    if nodes is not None:
        node = nodes[0]
        found.comments.append((node.start_byte, node.end_byte, found.text(node), step.main == "comment"))


# Main capture (its first dotted part) → what to do with a match.
_HANDLERS = {
    "definition": _on_definition,
    "declaration": _on_declaration,
    "reference": _on_reference,
    "reference.protocol": _on_protocol,
    "import": _on_import,
    "binding": _on_binding,
    "package": _on_package,
    "comment": _on_comment,
    "doc": _on_comment,
}
