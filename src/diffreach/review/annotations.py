"""Declared types compared: may a value of the old parameter type still fill the new one?

A parameter's declared type (its syntax form, ``Parameter.annotation_form``) is read as the set
of types a value may have: the members of a union (``A | B``, and the union and optional
wrappers a language names in its ``BindingRules``: Python's ``Union[A, B]``, ``Optional[A]``),
each with the language's alias spellings made one (Python's ``typing.List`` is ``list``) and a
quoted forward reference read as the type it names, within a union or optional too. The new type
refuses nothing the old one allowed when it holds every old member, or is a top type (``Any``,
``unknown``): widening is no change to a caller; nor is naming the same types with or without their module
(``typing.AsyncIterable`` → ``AsyncIterable``), nor giving a generic written bare its type arguments
(``Sequence`` → ``Sequence[int]``: a bare generic takes any). Pure; the rules are data from the languages package.
A call written in a language whose calls no compiler checks (JavaScript calling a TypeScript
declaration, ``LanguageSpec.unchecked_types``) is judged with the types erased, as it runs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from diffreach.languages import language_for
from diffreach.languages.signature_text import top_level_split
from diffreach.languages.signatures import BindingRules, Parameter
from diffreach.review.conversions import converts

_GENERIC = re.compile(r"([\w.]+)\[(.*)\]")


def types_checked(caller_file: str) -> bool:
    """Does a compiler or checker read the calls written in ``caller_file``'s language?"""
    spec = language_for(caller_file) if caller_file else None
    return spec is None or not spec.unchecked_types


def erased(parameters: tuple[Parameter, ...]) -> tuple[Parameter, ...]:
    """The parameters as a call no checker reads sees them: their declared types left out."""
    return tuple(replace(p, annotation="", annotation_form="") if p.annotation else p for p in parameters)


def retyped(p: Parameter, q: Parameter, rules: BindingRules) -> bool:
    """Does the declared type of an argument's parameter change from ``p``'s to ``q``'s in a way
    that may refuse the value (both declared, and the new type not a widening of the old)?"""
    if not p.annotation or not q.annotation:
        return False
    old, new = members(p, rules), members(q, rules)
    if old == new or {m.rsplit(".", 1)[-1] for m in new} & rules.top_types:
        return False
    return not all(_covered(m, new, rules) for m in old) and not _requalified(old, new)


def _covered(member: str, new: frozenset[str], rules: BindingRules) -> bool:
    """Does a value of type ``member`` still fill one of the ``new`` types: the same type, or a
    supertype of it the language declares (``Path`` → ``os.PathLike[str]``, ``list[int]`` →
    ``Sequence[int]``), with the same type arguments where the old one had any?"""
    if member in new:
        return True
    if any(_wider_object(member, other) or converts(member, other, rules) for other in new):
        return True
    base, args = _split_generic(member)
    supers = {sup for sub, sup in rules.subtypes if sub == base}
    for other in new:
        other_base, other_args = _split_generic(other)
        if other_base in supers and (not args or args == other_args):
            return True
        # A generic written bare takes any type arguments (PEP 484: ``Sequence`` is
        # ``Sequence[Any]``), and ``Any`` fits whatever the other side names.
        if bool(args) != bool(other_args) and _written_name(member) == _written_name(other):
            return True
    return False


def _wider_object(old: str, new: str) -> bool:
    """Does the object type ``new`` take every value of the object type ``old`` (TypeScript's
    ``{a: T}`` → ``{a: T; b?: U}``): each old property kept with its type, none made required,
    and every property it adds optional? Structural typing: an object lacking an optional
    property has the type."""
    before, after = _properties(old), _properties(new)
    if before is None or after is None:
        return False
    for name, (optional, kind) in before.items():
        if name not in after or after[name][1] != kind or (optional and not after[name][0]):
            return False
    return all(optional for name, (optional, _) in after.items() if name not in before)


def dropped_optional(p: Parameter, q: Parameter, rules: BindingRules) -> frozenset[str]:
    """The optional properties ``q``'s object type no longer has, where dropping them is all that
    changed from ``p``'s (TypeScript: ``{a?: T; b?: U}`` → ``{a?: T}``); empty otherwise. A value
    lacking them had the old type and has the new one; an object literal naming one of them is
    refused (an object literal may name only known properties: excess property checking)."""
    old, new = members(p, rules), members(q, rules)
    if len(old) != 1 or len(new) != 1:
        return frozenset()
    before, after = _properties(next(iter(old))), _properties(next(iter(new)))
    if before is None or after is None or any(before.get(name) != kind for name, kind in after.items()):
        return frozenset()
    gone = frozenset(before) - frozenset(after)
    return gone if all(before[name][0] for name in gone) else frozenset()


_PROPERTY = re.compile(r"^(?:readonly)?([\w$]+)(\??):(.+)$")


def _properties(text: str) -> dict[str, tuple[bool, str]] | None:
    """An object type literal's properties (spaces already gone): name → (optional, type)."""
    if not (text.startswith("{") and text.endswith("}")):
        return None
    out: dict[str, tuple[bool, str]] = {}
    for part in top_level_split(text[1:-1].replace(";", ","), ","):
        if not part:
            continue
        found = _PROPERTY.match(part)
        if found is None:
            return None  # a method, an index signature, a spread: not read
        out[found.group(1)] = (bool(found.group(2)), found.group(3))
    return out


def _written_name(member: str) -> str:
    """A type's name as written, with its module and without its type arguments."""
    generic = _GENERIC.fullmatch(member)
    return generic.group(1) if generic else member


def _split_generic(member: str) -> tuple[str, str]:
    generic = _GENERIC.fullmatch(member)
    name, args = (generic.group(1), generic.group(2)) if generic else (member, "")
    return name.rsplit(".", 1)[-1], args


# A module path before a name: ``typing.``, Rust's ``std::fmt::``.
_QUALIFIER = re.compile(r"(?<![\w.:])((?:\w+(?:\.|::))+)(?=\w)")


def _requalified(old: frozenset[str], new: frozenset[str]) -> bool:
    """The same types, one side naming some through their module (``typing.AsyncIterable`` and
    ``AsyncIterable``, another import of one name), or through a longer path to the same module
    (``fmt::Formatter`` and ``std::fmt::Formatter``): equal without qualifiers, and no type named
    through two different modules."""
    if {_QUALIFIER.sub("", m) for m in old} != {_QUALIFIER.sub("", m) for m in new}:
        return False
    before = {q for m in old for q in _QUALIFIER.findall(m)}
    after = {q for m in new for q in _QUALIFIER.findall(m)}
    return not before or not after or _within(before, after) or _within(after, before)


def same_type(a: str, b: str) -> bool:
    """Do two declared types, written as text (a result: ``fmt::Result``, ``std::fmt::Result``),
    name the same types: the same text without spaces, or the same through a module's path?"""
    one, two = _SPACES.sub("", a), _SPACES.sub("", b)
    return one == two or _requalified(frozenset({one}), frozenset({two}))


def _within(short: set[str], long: set[str]) -> bool:
    """Is each of ``short``'s module paths one of ``long``'s or a tail of one (``fmt::`` of
    ``std::fmt::``)?"""
    return all(any(q == p or (p.endswith(q) and p[-len(q) - 1] in ".:") for p in long) for q in short)


def members(p: Parameter, rules: BindingRules) -> frozenset[str]:
    """The types a value of ``p``'s declared type may have, spelled one way."""
    form = p.annotation_form or p.annotation
    if rules.string_annotations and len(form) > 4 and form[:2] == '" ' and form[-2:] == ' "':
        form = form[2:-2]  # a forward reference: the type it names
    if rules.lifetimes:  # a lifetime is a quote and a name in a syntax form: ``& " a mut T``
        form = _LIFETIME.sub('"_', form)
    # Spaces go, but one between two words stays: Rust's ``&mut fmt::Formatter`` keeps its path apart.
    text = _SPACES.sub("", form)
    if rules.function_type_this:  # ``(this: T, v) => R`` takes what ``(v) => R`` takes
        text = re.sub(rf"\(\s*{re.escape(rules.function_type_this)}\s*:[^,()]*(?:,|(?=\)))", "(", text)
    return frozenset(_members(text, rules))


_LIFETIME = re.compile(r'"\s*(?!static\b)\w+')


_SPACES = re.compile(r" +(?!(?<=\w )\w)")


def _members(text: str, rules: BindingRules) -> Iterator[str]:
    for part in top_level_split(text, "|"):
        if rules.string_annotations and len(part) > 2 and part[0] == part[-1] == '"':
            yield from _members(part[1:-1], rules)  # a forward reference within: ``Optional["A"]``
            continue
        if _grouped(part):  # ``(A | B)``: the members it groups (a tuple's commas are no group)
            yield from _members(part[1:-1], rules)
            continue
        generic = _GENERIC.fullmatch(part)
        name = generic.group(1).rsplit(".", 1)[-1] if generic else ""
        if generic and name in rules.union_types:
            for arg in top_level_split(generic.group(2)):
                yield from _members(arg, rules)
        elif generic and name in rules.optional_types:
            yield from _members(generic.group(2), rules)
            yield rules.null_type
        else:
            yield _aliased(part, rules)


def _grouped(part: str) -> bool:
    """Is ``part`` one type in parentheses, which only group it (not a tuple's ``(A, B)``)?"""
    if len(part) < 3 or part[0] != "(" or part[-1] != ")":
        return False
    depth = 0
    for i, ch in enumerate(part):
        depth += ch in "([{<"
        depth -= ch in ")]}>"
        if depth == 0 and i < len(part) - 1:
            return False  # the first parenthesis closes early: ``(a) => (b)``
    return len(list(top_level_split(part[1:-1]))) == 1


def _aliased(text: str, rules: BindingRules) -> str:
    for alias, name in rules.type_aliases:
        text = re.sub(rf"(?<![\w.])(?:\w+\.)*{re.escape(alias)}(?!\w)", name, text)
    return text


__all__ = ["members", "retyped", "same_type"]
