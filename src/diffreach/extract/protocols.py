"""Protocol references: syntax that runs a method of its operand's type.

``a[i]`` runs ``type(a).__getitem__``, ``with a`` its ``__enter__`` and ``__exit__``, ``a + b``
its ``__add__``, ``a.p`` the getter ``p`` when ``p`` is a property and ``a.p = v`` its setter
(the table's ``{}`` and ``{}=``: the member written, ``@name``). A query names the syntax (``@reference.protocol`` with a preset ``protocol`` key
or an operator captured as ``@protocol``) and the operand (``@receiver``); the language's table
(``LanguageSpec.protocol_methods``) says which methods that syntax runs. Each method becomes one
reference of kind ``protocol`` on the operand, which resolution binds only through the operand's
known type (``resolve/resolver.py``): nothing here knows a language.

One operand may be matched by two patterns of which only one is true of it (a subscript assigned
to is not also read; ``async with`` is not also ``with``): ``protocol_overrides`` says which key
stands for which, and the one standing for the other wins whichever pattern matched first.
"""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from diffreach.extract.types import empty_calls, member_path
from diffreach.languages.spec import LanguageSpec
from diffreach.model import RefKind

# What core.py keeps per reference: (node, kind, name, receiver, owner, argument count).
RawRef = tuple[Node, str, str, str, str, int]


def protocol_refs(
    refs: dict[tuple[str, int], RawRef],
    text: Callable[[Node], str],
    spec: LanguageSpec,
    preset: dict[str, str],
    captures: dict[str, list[Node]],
) -> None:
    """Add the references one ``@reference.protocol`` match makes to ``refs`` (keyed by syntax,
    method and the operand's start, apart from every other reference on the same node)."""
    names, mains, receivers = captures.get("name"), captures.get("reference.protocol"), captures.get("receiver")
    if names is None or mains is None or receivers is None:
        return
    operators = captures.get("protocol")
    syntax = preset.get("protocol") or (text(operators[0]) if operators is not None else "")
    methods = spec.protocol_table.get(syntax)
    if not methods:
        return
    start = names[0].start_byte
    standing, stood_for = spec.protocol_precedence  # computed once per language, not per match
    if any(_key(spec, other, start) in refs for other in standing.get(syntax, ())):
        return  # the key that stands for this one is here already
    for other in stood_for.get(syntax, ()):
        for method in spec.protocol_table.get(other, ()):
            refs.pop((_kind(other, method), start), None)
    receiver = member_path(text(receivers[0]), spec)
    if "(" in receiver:  # make()[0]: what a call returns does not depend on its arguments
        receiver = empty_calls(receiver)
    for method in methods:
        name = method.replace("{}", text(names[0]))  # {}: the member written (a property)
        refs[(_kind(syntax, method), start)] = (mains[0], RefKind.PROTOCOL, name, receiver, "", -1)


def _kind(syntax: str, method: str) -> str:
    return f"{RefKind.PROTOCOL} {syntax} {method}"


def _key(spec: LanguageSpec, syntax: str, start: int) -> tuple[str, int]:
    methods = spec.protocol_table.get(syntax, ("",))
    return (_kind(syntax, methods[0]), start)
