"""Protocol references: syntax that runs a method of its operand's type.

``a[i]`` runs ``type(a).__getitem__``, ``with a`` its ``__enter__`` and ``__exit__``, ``a + b``
its ``__add__``, ``a.p`` the getter ``p`` when ``p`` is a property and ``a.p = v`` its setter
(the table's ``{}`` and ``{}=``: the member written, ``@name``; ``m().n``: the method ``n`` of what
``m`` returns, ``for x in a`` running ``__next__`` on ``a.__iter__()``). A query names the syntax (``@reference.protocol`` with a preset ``protocol`` key
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
from typing import NamedTuple

from tree_sitter import Node

from diffreach.extract.types import empty_calls, member_path
from diffreach.languages.spec import LanguageSpec
from diffreach.model import RefKind

# What core.py keeps per reference: (node, kind, name, receiver, owner, argument count).
RawRef = tuple[Node, str, str, str, str, int]


class SyntaxPlan(NamedTuple):  # a named tuple: no dataclass methods to compile at load (speed)
    """What a match of one protocol syntax makes, worked out once per language (speed: the
    references' keys were formatted anew for every match, 64k on Django)."""

    methods: tuple[tuple[str, str], ...]  # (the reference's key, the method it names)
    standing: tuple[str, ...]  # keys whose presence on the operand means this match makes nothing
    stood_for: tuple[str, ...]  # keys this match takes the place of
    written: bool  # a method names the member written ("{}")


def syntax_plans(spec: LanguageSpec) -> dict[str, SyntaxPlan]:
    """Per protocol syntax of the language's table with methods, its plan."""
    standing, stood_for = spec.protocol_precedence
    table = spec.protocol_table
    return {
        syntax: SyntaxPlan(
            tuple((_kind(syntax, method), method) for method in methods),
            tuple(_kind(other, table.get(other, ("",))[0]) for other in standing.get(syntax, ())),
            tuple(_kind(other, method) for other in stood_for.get(syntax, ()) for method in table.get(other, ())),
            any("{}" in method for method in methods),
        )
        for syntax, methods in table.items()
        if methods
    }


def protocol_refs(
    refs: dict[tuple[str, int], RawRef],
    text: Callable[[Node], str],
    spec: LanguageSpec,
    plans: dict[str, SyntaxPlan],
    preset: dict[str, str],
    captures: dict[str, list[Node]],
) -> None:
    """Add the references one ``@reference.protocol`` match makes to ``refs`` (keyed by syntax,
    method and the operand's start, apart from every other reference on the same node);
    ``plans``: ``syntax_plans(spec)``."""
    names, mains, receivers = captures.get("name"), captures.get("reference.protocol"), captures.get("receiver")
    if names is None or mains is None or receivers is None:
        return
    operators = captures.get("protocol")
    plan = plans.get(preset.get("protocol") or (text(operators[0]) if operators is not None else ""))
    if plan is None:
        return
    start = names[0].start_byte
    if any((key, start) in refs for key in plan.standing):
        return  # the key that stands for this one is here already
    for key in plan.stood_for:
        refs.pop((key, start), None)
    receiver = member_path(text(receivers[0]), spec)
    if "(" in receiver:  # make()[0]: what a call returns does not depend on its arguments
        receiver = empty_calls(receiver)
    written = text(names[0]) if plan.written else ""
    for key, method in plan.methods:
        name = method.replace("{}", written) if plan.written else method  # {}: the member written (a property)
        on = receiver
        if ")." in name:  # "__iter__().__next__": a method of what the first one returns (the iterator)
            call, _, name = name.rpartition(".")
            on = f"{receiver}.{call}"
        refs[(key, start)] = (mains[0], RefKind.PROTOCOL, name, on, "", -1)


def _kind(syntax: str, method: str) -> str:
    return f"{RefKind.PROTOCOL} {syntax} {method}"
