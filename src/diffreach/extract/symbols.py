"""A definition's ``Symbol`` record: its lines, signature and doc.

A helper of ``core.py``. The signature is the definition's text up to its body,
whitespace folded; the doc is the first line of a docstring (as the language's
spec defines one) or of the comment right above the definition.
"""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from diffreach.extract.imports import QUOTES
from diffreach.extract.notes import note_text
from diffreach.extract.scopes import Definition
from diffreach.languages.spec import LanguageSpec
from diffreach.model import NodeKind, Symbol

MAX_SIGNATURE = 300
MAX_DOC = 200


def file_symbol(path: str, data: bytes, is_test: bool, notes: str = "") -> Symbol:
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    return Symbol(
        id=path,
        kind=NodeKind.FILE,
        name=path.rsplit("/", 1)[-1],
        qualname="",
        file=path,
        start_line=1,
        end_line=max(lines, 1),
        is_test=is_test,
        notes=notes,
    )


def symbol(
    d: Definition,
    ordered: list[Definition],
    path: str,
    data: bytes,
    text: Callable[[Node], str],
    is_test: bool,
    notes: list[str] | None,
    max_notes: int,
    spec: LanguageSpec,
) -> Symbol:
    parent = ordered[d.parent].id if d.parent >= 0 else path
    node = d.node
    body = _body(node)
    doc = _doc(node, body, text, spec)
    # A method without a body is a declaration: its whole text is its header.
    bodiless = (
        body is None
        and d.kind == NodeKind.METHOD
        and spec.bodiless_runs is not None
        and not any(node.child_by_field_name(f) is not None for f in spec.body_alternatives)
    )
    signature = _signature(node, body, data, whole=bodiless)
    return Symbol(
        id=d.id,
        kind=d.kind,
        name=d.name,
        qualname=d.qualname,
        file=path,
        start_line=node.start_point.row + 1,
        end_line=node.end_point.row + 1,
        signature=signature,
        doc=doc,
        is_test=is_test or d.test,
        parent=parent,
        abstract=bodiless and not _modified(node, d.name_start, data, spec.bodiless_runs or frozenset()),
        notes=note_text(notes, doc, max_notes),
    )


# Fields through which a definition's node wraps the one that holds the body: a decorated
# definition, an export (``export function f(…)``), a binding (``const f = (…) => …``,
# ``exports.f = function (…) {…}``).
_WRAPPED = ("definition", "declaration", "value", "right")


def _body(node: Node) -> Node | None:
    inner: Node | None = node
    for _ in range(4):  # export → const → declarator → function, at most
        if inner is None:
            return None
        body = inner.child_by_field_name("body")
        if body is not None:
            return body
        wrapped = next((c for f in _WRAPPED if (c := inner.child_by_field_name(f)) is not None), None)
        if wrapped is None and inner.named_child_count == 1:
            wrapped = inner.named_child(0)  # ``const f = …``: one declarator, no field
        inner = wrapped
    return None


def _modified(node: Node, name_start: int, data: bytes, words: frozenset[str]) -> bool:
    """Does the definition's text before its name hold one of ``words`` (its modifiers)?"""
    head = data[node.start_byte : name_start if name_start > node.start_byte else node.end_byte]
    return any(w in words for w in head.decode("utf-8", "replace").split())


def _signature(node: Node, body: Node | None, data: bytes, whole: bool = False) -> str:
    if whole:  # a declaration without a body: all of it, less the ``;`` that ends it
        raw = data[node.start_byte : node.end_byte]
        return " ".join(raw.decode("utf-8", "replace").split()).rstrip(";").strip()[:MAX_SIGNATURE]
    if body is not None:
        # A comment written first in the body may sit outside the body's node (Python puts
        # ``# why`` after ``def f():`` there): the header ends before it.
        end = body.start_byte
        before = body.prev_sibling
        while before is not None and "comment" in before.type:
            end = before.start_byte
            before = before.prev_sibling
        raw = data[node.start_byte : end]
        if any(marker in raw for marker in _COMMENT_MARKS):
            raw = _uncommented(node, end, data)
    else:  # the first line; b"\n" is never part of a multi-byte character, so cut before decoding
        raw = data[node.start_byte : node.end_byte].split(b"\n", 1)[0]
    # split/join is the regex's "runs of whitespace to one space, then strip": both use str.isspace.
    text = " ".join(raw.decode("utf-8", "replace").split()).rstrip("{:").strip()
    return text[:MAX_SIGNATURE]


# Where a header may hold a comment (a parameter's note): only then is its tree searched (speed).
_COMMENT_MARKS = (b"#", b"//", b"/*", b"--")


def _uncommented(node: Node, end: int, data: bytes) -> bytes:
    """The header's bytes, ``node``'s start to ``end``, less the comments written in it (``# why``
    after a parameter): a signature states what a call passes, and a note is none of it."""
    cuts: list[tuple[int, int]] = []
    stack = [c for c in node.children if c.start_byte < end]
    while stack:
        child = stack.pop()
        if "comment" in child.type:
            cuts.append((child.start_byte, min(child.end_byte, end)))
        elif child.child_count:
            stack.extend(c for c in child.children if c.start_byte < end)
    if not cuts:
        return data[node.start_byte : end]
    kept, at = [], node.start_byte
    for start, stop in sorted(cuts):
        kept.append(data[at:start])
        at = max(at, stop)
    kept.append(data[at:end])
    return b" ".join(kept)


def _doc(node: Node, body: Node | None, text: Callable[[Node], str], spec: LanguageSpec) -> str:
    if spec.docstring is not None and body is not None and body.named_child_count:
        # ``named_child(0)``, not ``named_children[0]``: a class body's children are many nodes.
        first = body.named_child(0)
        statement, literal = spec.docstring
        if first is not None and first.type == statement and first.named_child_count:
            string = first.named_child(0)
            if string is not None and string.type == literal:
                return _first_line(text(string).strip(QUOTES + spec.string_prefixes))
    prev = node.prev_named_sibling
    if prev is not None and "comment" in prev.type and prev.end_point.row >= node.start_point.row - 1:
        return _first_line(text(prev).lstrip("/*#! ").rstrip("*/ "))
    return ""


def _first_line(text: str) -> str:
    for line in text.strip().splitlines():
        line = line.strip().lstrip("*").strip()
        if line:
            return line[:MAX_DOC]
    return ""
