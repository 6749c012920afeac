"""Bytes of one file → symbols, raw references, imports and bindings.

One tree-sitter query pass per file (creating Python node objects is the main
cost, so we never walk the whole tree). The query file of the language says
what is a definition, a call, an import; this module only turns captures into
records: ``scopes.py`` nests the definitions by byte range, names them, and
attributes every reference to its innermost enclosing definition; ``symbols.py``
makes their records. It knows nothing of other files and never resolves a name.

The Python here runs once per match, nearly one per line of code, so it is kept
lean: what a pattern's matches mean is decided once per query (``plans.py``), texts
are sliced from a string decoded once, and records are made in bulk after the
pass. bench/extract_profile.py measures it against the parse + query floor.

Each symbol also gets ``notes``, prose for query ranking, from the ``@comment`` and
``@doc`` captures of the same pass (``notes.py`` decides whose each one is).

``extract_symbols`` makes the symbols alone, with a query of only the patterns they are made
of (definitions, comments, docstrings, imports; ``plans.query_patterns`` splits a query file); without
their notes, of fewer still (no imports): what the change mapper reads of a changed file's two
versions. Compiling a query is slow (Python's
whole query costs a warm review more than any other step; its symbol patterns a few percent
of that), and a process compiles each once.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from tree_sitter import Language, Node, Query, QueryCursor, Tree

from diffreach.extract.arguments import argument_bindings
from diffreach.extract.declarations import declarations_of
from diffreach.extract.gc_pause import collector_paused
from diffreach.extract.handlers import (
    Found,
    Step,
    Text,
)
from diffreach.extract.item_macros import item_trees
from diffreach.extract.notes import MAX_NOTES, note_owners, note_text, outside
from diffreach.extract.plans import SHAPE_GROUPS, SYMBOL_GROUPS, item_plan, language_of, passes
from diffreach.extract.scopes import Scopes, nest
from diffreach.extract.symbols import file_symbol, symbol
from diffreach.extract.words import file_words
from diffreach.languages import parsing
from diffreach.languages.spec import LanguageSpec
from diffreach.model import FileExtract, Symbol

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


def _texter(data: bytes) -> Text:
    """Node → its text, sliced from the file's bytes. A tree parsed through a read
    callback (which the parse budget needs) keeps no source: ``node.text`` would
    read it again through the callback, far slower. An ASCII file (most are) is
    decoded once and sliced as a string: byte and character offsets agree."""
    if data.isascii():
        source = data.decode("ascii")
        return lambda node: source[node.start_byte : node.end_byte]
    return lambda node: data[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _parse(language: Language, data: bytes, cpu_seconds: float) -> Tree:
    """Parse within the operation and time budget; ``ParseLimitExceeded`` past it."""
    try:
        # Parsed through a read callback (see ``parsing.parse_within``): node texts come from
        # the bytes we hold, never from the tree (see ``_texter``).
        return parsing.kept_parse(language, data, parse_budget(len(data)), cpu_seconds)
    except ValueError as exc:  # the binding's word for a halted parse
        raise ParseLimitExceeded(
            f"parse stopped past {parse_budget(len(data))} steps or {cpu_seconds:g} CPU seconds"
        ) from exc


def compile_language(spec: LanguageSpec) -> None:
    """Compile a language's parser, query and match plan now (they are kept): a process
    about to fork workers does it once for all of them (a large query, TypeScript's, is slow to compile)."""
    passes(spec)


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


def extract_symbols(
    path: str,
    data: bytes,
    spec: LanguageSpec,
    comment_spans: list[tuple[int, int]] | None = None,
    notes: bool = True,
) -> tuple[Symbol, ...]:
    """``extract(path, data, spec, comment_spans=…).symbols``, the same records, matched by the
    query's symbol patterns alone (``SYMBOL_GROUPS``). ``notes=False``: every symbol's notes
    empty, and the import patterns left out of the query (``SHAPE_GROUPS``): what the change
    mapper reads, which never looks at notes."""
    try:
        return _symbols_checked(path, data, spec, comment_spans, notes)
    except ParseLimitExceeded:
        return (file_symbol(path, data, spec.is_test_path(path)),)


def _symbols_checked(
    path: str, data: bytes, spec: LanguageSpec, comment_spans: list[tuple[int, int]] | None, notes: bool
) -> tuple[Symbol, ...]:
    if spec.embedded is not None:  # as in extract_checked
        inner, code = spec.embedded(data)
        return _symbols_checked(path, code, inner, comment_spans, notes)
    with collector_paused():  # speed: see gc_pause.py
        data = _prepared(data, spec)
        found = _matched(data, spec, PARSE_CPU_SECONDS, SYMBOL_GROUPS if notes else SHAPE_GROUPS)[0]
        return tuple(_symbols(path, data, spec, found, MAX_NOTES if notes else 0, comment_spans)[0])


def _extract(
    path: str,
    data: bytes,
    spec: LanguageSpec,
    cpu_seconds: float,
    max_notes: int,
    comment_spans: list[tuple[int, int]] | None = None,
) -> FileExtract:
    digest = content_hash(data)  # of the file as it is, before ``prepare`` (same length)
    data = _prepared(data, spec)
    found, root = _matched(data, spec, cpu_seconds, None)
    symbols, scopes = _symbols(path, data, spec, found, max_notes, comment_spans)
    text = found.text
    refs = scopes.refs(found.refs.values())
    known_outside = {i.alias for i in found.imports}
    if spec.global_paths:  # a.b.m(): a function's own a hides the global a (resolve/names.py's global paths)
        known_outside.update(r.receiver.partition(".")[0] for r in refs if "." in r.receiver)
    bindings = scopes.bindings(found.bindings, spec, known_outside)
    if found.import_names:
        bindings.extend(scopes.import_bindings(found.import_names))
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
        declarations=declarations_of(found.declarations, scopes, text, data, found.defs, spec.name_sigils),
        words=file_words(data),
    )


def _matched(data: bytes, spec: LanguageSpec, cpu_seconds: float, groups: frozenset[str] | None) -> tuple[Found, Node]:
    """The file parsed and matched by the language's query (or its symbol patterns): what the
    matches captured, and the tree's root."""
    language = language_of(spec)
    (query, plan), rooted = passes(spec, groups)
    root = _parse(language, data, cpu_seconds).root_node
    found = Found(_texter(data))
    # Items inside a wrapper macro first: where both passes see a call, the items' own tree wins.
    for items in item_trees(language, data, root, spec, parse_budget(len(data)), cpu_seconds):
        _collect(items.root_node, query, item_plan(spec, groups), found)
        if rooted is not None:
            _collect(items.root_node, *rooted, found, 0)
    _collect(root, query, plan, found)
    if rooted is not None:
        _collect(root, *rooted, found, 0)
    return found, root


def _symbols(
    path: str,
    data: bytes,
    spec: LanguageSpec,
    found: Found,
    max_notes: int,
    comment_spans: list[tuple[int, int]] | None,
) -> tuple[list[Symbol], Scopes]:
    """The file's symbols (its own first) with their notes, and the scopes of its definitions."""
    if comment_spans is not None:
        comment_spans.extend((start, end) for start, end, _, is_comment in found.comments if is_comment)
    ordered = nest(sorted(found.defs.values(), key=lambda d: (d.start, -d.end)), path, spec.global_paths)
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
    is_test = spec.is_test_path(path)
    symbols = [file_symbol(path, data, is_test, note_text(notes.get(-1), "", max_notes))]
    symbols.extend(
        symbol(d, ordered, path, data, found.text, is_test, notes.get(i), max_notes, spec)
        for i, d in enumerate(ordered)
    )
    return symbols, scopes


def _prepared(data: bytes, spec: LanguageSpec) -> bytes:
    """The bytes the grammar reads: UTF-8, and rewritten by the spec's ``prepare`` hook."""
    encoding = spec.source_encoding(data) if spec.source_encoding is not None else "utf-8"
    if encoding != "utf-8":  # a declared encoding (PEP 263): the grammar reads UTF-8; lines stay the file's
        data = data.decode(encoding, "replace").encode("utf-8")
    return spec.prepare(data) if spec.prepare is not None else data


def _collect(
    root: Node, query: Query, plan: tuple[Step | None, ...], found: Found, depth: int = MAX_QUERY_DEPTH
) -> None:
    cursor = QueryCursor(query)
    # Matching costs grow with the square of the tree's depth (generated chains of nested
    # calls take seconds); no real definition or reference sits 1,000 levels down, generated chains do.
    cursor.set_max_start_depth(depth)
    for pattern, captures in cursor.matches(root):
        step = plan[pattern]
        if step is not None:
            step.handler(found, step, captures)
