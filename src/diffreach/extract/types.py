"""Type and call texts as bindings store them: one spelling for what resolution reads.

A declared type is read down to the one class a value has: generics erased to
their base (``List[Cart]`` is ``List``), a wrapper the language reads through
(``Optional[Cart]``, ``Box<Db>``: the spec's ``transparent_types``) replaced by
its first argument, a union reduced to its one member that is not null
(``Cart | None``, ``Union[Cart, None]``); a union of two real types says nothing (""). A call is kept as
its callee chain with every argument list emptied (``a.b(x).c(y)`` →
``a.b().c()``), so that the resolver can follow constructors and return types
link by link and an update can find it by the callee's name (``c()``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

from tree_sitter import Node

from diffreach.languages.signature_text import top_level_split
from diffreach.languages.spec import LanguageSpec
from diffreach.model import IMPLEMENTS, LOCAL_MARK, VALUE_MARK

# type_name prefix: a copy of the named value (see scopes.bindings), never stored; not
# model.VALUE_MARK ("="), which marks a function value and is stored.
VALUE_OF: Final = "~"
# The binding name of one return statement's value (``binding.inferred``), folded by
# scopes.bindings into the function's return type when every return agrees; never stored.
INFERRED: Final = "(return)"
SPACES = re.compile(r"\s+")
# A reference's lifetime (``&'a mut T``): a quote never closed after the reference mark.
_LIFETIME = re.compile(r"(?<=&)'\w+\s*")
# Rust's ``mut`` after a reference or pointer mark (``&mut T``, ``*mut T``): a keyword, so a word
# of its own; a name that merely starts so (Kotlin's ``mutableListOf``) keeps its letters.
_MUTABLE = re.compile(r"(?<=[&*])\s*mut\s+")


def squeeze(text: str) -> str:
    """``text`` without whitespace. Speed: most texts have none, and every whitespace
    character but the space is unprintable, so two C scans usually spare the regex."""
    return text if text.isprintable() and " " not in text else SPACES.sub("", text)


def member_path(text: str, spec: LanguageSpec) -> str:
    """A receiver or name as one dotted path: whitespace out, the language's other member
    separators (``::``, ``->``) made ``.``; a leading construction keyword (``new X()``) left out."""
    word = spec.construction_keyword
    if word and text.startswith(word) and text[len(word) : len(word) + 1].isspace():
        text = text[len(word) :]
    text = squeeze(text)
    if spec.module_self_prefix:
        text = text.removeprefix(spec.module_self_prefix)
    for sep in spec.member_separators:
        text = text.replace(sep, ".")
    for postfix in spec.value_postfixes:
        text = text.replace(postfix, "")
    return text


def token_receiver(name: Node, spec: LanguageSpec, text: Callable[[Node], str]) -> str | None:
    """The receiver of a call written as loose tokens (a Rust macro's arguments: ``self.a.f(``,
    ``m::f(``): the names and member separators right before the name, as one dotted path; ""
    when the name stands alone; None when a separator follows something that is no name
    (``f().g(``: the value of an expression, not known here)."""
    parts: list[str] = []
    node = name.prev_sibling
    while node is not None and (node.type == "." or node.type in spec.member_separators):
        left = node.prev_sibling
        if left is None or not left.is_named or left.child_count:
            return None
        parts.append(text(left))
        node = left.prev_sibling
    return ".".join(reversed(parts))


def receiver_class(text: str, spec: LanguageSpec) -> str:
    """The class a receiver or owner text names: pointers, ``new``, generics, calls and
    optional marks left out."""
    text = member_path(text, spec).lstrip("*&")
    for stop in "[<({":
        text = text.split(stop, 1)[0]
    return text.strip("?!.")


def type_text(text: str, spec: LanguageSpec) -> str:
    """A declared type → the name of the one class its values have; "" when none is stated.
    A qualified type (``&dyn Tr``, ``Box<dyn Tr>``) gives the trait marked ``IMPLEMENTS``."""
    qualifiers = spec.type_qualifier_pattern
    if qualifiers is not None:
        text = qualifiers.sub(IMPLEMENTS, text)
    if "&'" in text:
        text = _LIFETIME.sub("", text)
    if "mut" in text:
        text = _MUTABLE.sub("", text)
    text = member_path(text, spec).strip("'\"")
    for _ in range(4):  # Optional[Box[...]]: a few wrappers deep at most
        members = [m for m in top_level_split(text, "|") if m and m not in spec.null_types]
        if len(members) != 1 or members[0] in spec.dynamic_types:
            return ""
        text = members[0].lstrip("*&")
        head, bracket, rest = _first_bracket(text)
        if bracket and head in spec.union_wrappers:  # Union[Cart, None]: the members, as Cart | None
            text = "|".join(top_level_split(rest[:-1]))
            continue
        if bracket and head.rpartition(".")[2] in spec.transparent_types:  # std::sync::MutexGuard<T> too
            # The first type argument; a Rust lifetime ('a: a quote never closed) is none.
            arguments = [a for a in top_level_split(rest[:-1]) if not (a[:1] == "'" and a[-1:] != "'")]
            text = (arguments or [""])[0].strip("'\"")
            continue
        break
    for stop in "[<({":
        text = text.split(stop, 1)[0]
    return text.strip("?!.")


def first_type_argument(text: str) -> str:
    """``Iterator[Cart]``, ``"Generator[Cart, None, None]"`` → ``Cart``; "" when no argument is
    written."""
    _, bracket, rest = _first_bracket(text.strip().strip("'\""))
    arguments = list(top_level_split(rest.rstrip()[:-1])) if bracket else []
    return arguments[0] if arguments else ""


def _first_bracket(text: str) -> tuple[str, str, str]:
    for i, ch in enumerate(text):
        if ch in "[<":
            return text[:i], ch, text[i + 1 :]
    return text, "", ""


def empty_calls(text: str) -> str:
    """``a.b(x, y).c(z)`` → ``a.b().c()``: what was passed does not change what is returned.
    A group that is no call (``(x.y).z``) is kept; unbalanced text is returned as it is."""
    if "(" not in text:
        return text
    # Speed: jumps from bracket to bracket (str.find, one regex) rather than a loop per character.
    out: list[str] = []
    last, i = "", 0  # the last character written, where the text not yet written starts
    while (j := text.find("(", i)) >= 0:
        if j > i:
            out.append(text[i:j])
            last = text[j - 1]
        if not last or not (last.isalnum() or last in "_)]>$"):  # a group, not a call: kept
            out.append("(")
            last, i = "(", j + 1
            continue
        depth = 0
        for bracket in _BRACKETS.finditer(text, j):
            depth += 1 if bracket.group() == "(" else -1
            if depth == 0:
                break
        if depth:
            return text
        out.append("()")
        last, i = ")", bracket.end()
    out.append(text[i:])
    return "".join(out)


_BRACKETS = re.compile(r"[()]")


def called(text: str, spec: LanguageSpec) -> str:
    """A call expression → its callee chain with emptied argument lists, ending in ``()``.
    Generic arguments (``make<Cart>()``, ``Vec::<u8>::new()``) are dropped as well."""
    text = empty_calls(member_path(text, spec))
    if not text.endswith("()"):
        return ""
    text = re.sub(r"<[^<>()]*>", "", text).replace("..", ".")
    return text if text[:1].isidentifier() or text[:1] in ".$" else ""


def stated_types_first(rows: Iterable[tuple[Node, str, str]]) -> list[tuple[Node, str, str]]:
    """Bindings, the call result of a declaration that also states the name's type after the
    stated type (``const c: Cart = make()``; ``x = Object.create(o)``, whose query states o):
    both are kept, joined as ``stated&call()`` (resolve/state.py); the resolver takes the value's
    class where it descends from the stated one (the object that runs), else what is stated
    (the checker types the name by it, whatever the call returns: types.py ``_declared``)."""
    rows = list(rows)
    stated = {(node.start_byte, name) for node, name, held in rows if _stated(held)}
    if not stated:
        return rows
    return sorted(rows, key=lambda row: row[2].endswith("()") and (row[0].start_byte, row[1]) in stated)


def _stated(held: str) -> bool:
    return bool(held) and not held.endswith("()") and held[0] not in (VALUE_MARK, LOCAL_MARK, VALUE_OF)
