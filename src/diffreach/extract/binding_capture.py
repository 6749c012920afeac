"""One ``@binding`` match → the binding record it makes: what a name holds in its scope.

The query files capture bindings (``languages/queries/CAPTURES.md`` documents the capture names); this
module reads one match, after ``arguments.parameter_of`` has taken a parameter's part, and says
what the bound name holds: a declared type, a called function's result, a copy of another
name, a function value (``values.py``), a declared or inferred return, or only that the scope
binds the name for itself (it hides an outer binding of the name). ``scopes.bindings`` turns
the records into types per scope.
"""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from diffreach.extract.types import (
    INFERRED,
    VALUE_OF,
    called,
    empty_calls,
    first_type_argument,
    member_path,
    type_text,
)
from diffreach.extract.values import entry_key
from diffreach.languages.jsdoc import SUPERTYPE
from diffreach.languages.spec import ASSERTED, ELEMENT, PARAMETER, RETURNS, LanguageSpec
from diffreach.model import EITHER, LOCAL_MARK, VALUE_MARK

BindingRecord = tuple[Node, str, str]  # the node whose scope binds, the bound name, what it holds


def binding_of(
    node: Node,
    captures: dict[str, list[Node]],
    preset: dict[str, str],
    spec: LanguageSpec,
    text: Callable[[Node], str],
) -> BindingRecord | None:
    returns = captures.get("binding.returns")
    if returns is not None:  # a declared return type, in the function's scope (its node is inside)
        declared = text(returns[0])
        if "binding.yields" in preset:  # a generator made a context manager: what it yields
            declared = first_type_argument(declared)
        asserted = ASSERTED if "binding.asserted" in preset else ""  # a type predicate's type
        return returns[0], RETURNS + asserted, type_text(declared, spec)
    if "binding.inferred" in preset:  # a return statement: what it returns, "" if no call
        value = captures.get("binding.returned")
        returned = member_path(text(value[0]), spec) if value else ""
        return node, INFERRED, VALUE_OF + returned if returned.isidentifier() else called(returned, spec)
    slot = captures.get("binding.slot")
    if slot is not None:
        return _slot_binding(node, slot[0], captures, spec, text)
    names = captures.get("binding.name")
    bound = preset.get("binding.name") if names is None else text(names[0])
    if bound is None:
        return None
    if "binding.local" in preset:  # a name the scope binds for itself
        return node, bound, LOCAL_MARK
    # A preset prefix ("this.") makes a field or parameter property a member binding; a
    # suffix (ELEMENT) binds the element type of a declared collection.
    bound = member_path(preset.get("binding.prefix", "") + bound + preset.get("binding.suffix", ""), spec)
    if "binding.type" in captures:  # a type_suffix (FIELD): a field of what the type names
        return node, bound, type_text(text(captures["binding.type"][0]), spec) + preset.get("binding.type_suffix", "")
    if "binding.call" in captures:  # with a key: a literal table's entry holding the call's result
        key = entry_key(captures, text, spec.spread_arguments) or ""
        call = text(captures["binding.call"][0])
        if "binding.asserted" in preset:  # the call guards the block: what its predicate asserts
            return node, bound, called(call, spec) + ASSERTED
        method = preset.get("binding.method")  # what a protocol calls on the value (``with v as c``)
        return node, bound + key, called(f"{call}.{method}()" if method else call, spec)
    if "binding.element" in captures:  # an element of a collection: typed by its path's ELEMENT binding
        # ``binding.element_suffix`` VALUES: a value the mapping holds (for v in d.values()).
        collection = empty_calls(member_path(text(captures["binding.element"][0]), spec))  # f(x) → f()
        return node, bound, collection + preset.get("binding.element_suffix", ELEMENT)
    if "binding.object" in captures:  # a property read out of an object by a pattern: its value
        read = member_path(f"{text(captures['binding.object'][0])}.{text(captures['binding.property'][0])}", spec)
        return node, bound, VALUE_MARK + read
    either = captures.get("binding.either")
    if either is not None:  # one of several values (`a or B()`, `a ?? new B()`): each a candidate
        held = (_held(text(n), spec) for n in either if text(n) not in spec.null_types)
        return node, bound, EITHER.join(h for h in held if h)
    if "binding.value" in captures:  # a copy of a name: its type is worked out in scopes.bindings
        return node, bound, VALUE_OF + member_path(text(captures["binding.value"][0]), spec)
    return _function_value(node, bound, captures, spec, text)


def doc_bindings(
    node: Node, captures: dict[str, list[Node]], spec: LanguageSpec, text: Callable[[Node], str]
) -> list[BindingRecord]:
    """The types a doc comment (``@binding.doc``) states, by the language's ``doc_types``: for the
    name the comment's declaration binds (``@binding.name``), else for the parameters and the
    result of the function whose parameter list is ``node``."""
    if spec.doc_types is None:
        return []
    names = captures.get("binding.name")
    out = []
    for typed, written in spec.doc_types(text(captures["binding.doc"][0])):
        type_name = type_text(written, spec)
        if not type_name or typed == SUPERTYPE:
            continue
        if names is not None:
            if not typed:
                out.append((node, member_path(text(names[0]), spec), type_name))
        elif typed:
            out.append((node, typed, type_name))
    return out


def _held(value: str, spec: LanguageSpec) -> str:
    """One candidate value: a call's result, or a copy of a name (worked out in scopes.bindings)."""
    path = member_path(value, spec)
    return called(value, spec) if path.endswith(")") else VALUE_OF + path


def local_binding_of(
    node: Node, captures: dict[str, list[Node]], preset: dict[str, str], text: Callable[[Node], str]
) -> BindingRecord | None:
    """``binding_of`` for a pattern whose every match only binds a name for its scope (a preset
    ``binding.local``, no parameter, return or inferred capture): the test the most frequent
    binding matches need, without the others (speed)."""
    names = captures.get("binding.name")
    bound = preset.get("binding.name") if names is None else text(names[0])
    return None if bound is None else (node, bound, LOCAL_MARK)


def second_binding_of(
    node: Node,
    captures: dict[str, list[Node]],
    preset: dict[str, str],
    spec: LanguageSpec,
    text: Callable[[Node], str],
) -> BindingRecord | None:
    """The second record of a match that makes two (``pair_binding``), beside ``binding_of``'s:
    the name bound for the scope itself (``binding.local_too``), or the rebinding of a preset
    ``binding.name`` beside an inferred return (speed: one pattern matching the node, not two)."""
    if "binding.local_too" in preset:
        return local_binding_of(node, captures, preset, text)
    rest = {k: v for k, v in preset.items() if k != "binding.inferred"}
    return binding_of(node, captures, rest, spec, text)


def pair_binding(preset: dict[str, str]) -> bool:
    """Whether a binding pattern's every match makes two records (``second_binding_of``)."""
    return "binding.local_too" in preset or ("binding.inferred" in preset and "binding.name" in preset)


def _function_value(
    node: Node, bound: str, captures: dict[str, list[Node]], spec: LanguageSpec, text: Callable[[Node], str]
) -> BindingRecord | None:
    """A name (or a literal table's entry ``name[key]``) bound to a function value: VALUE_MARK +
    the expression naming the function, or VALUE_MARK alone, a rebinding (extract/values.py)."""
    key, functions = entry_key(captures, text, spec.spread_arguments), captures.get("binding.function")
    if key is None:
        return None
    value = member_path(text(functions[0]), spec) if functions is not None else ""
    return node, bound + key, VALUE_MARK + value


def _slot_binding(
    node: Node, slot: Node, captures: dict[str, list[Node]], spec: LanguageSpec, text: Callable[[Node], str]
) -> BindingRecord | None:
    """A parameter typed by its position: ``type F = (a: A, b: B) => R`` binds ``F@1`` to B where
    F is declared; ``const f: F = (x, y) => …`` gives y, in f's own scope, the type ``F@1``."""
    names, parent = captures.get("binding.name"), slot.parent
    if names is None or parent is None:
        return None
    # The slot's position among the parameters a caller fills (``this:`` is filled by none).
    position = 0
    for sibling in parent.named_children if parent.type != "arrow_function" else ():  # x => …: the first
        if sibling == slot:
            break
        pattern = sibling.child_by_field_name("pattern")
        position += sibling.type != "comment" and (pattern is None or pattern.type != "this")
    suffix = PARAMETER.format(position)
    contextual = captures.get("binding.contextual")
    if contextual is not None:
        return slot, text(names[0]), type_text(text(contextual[0]), spec) + suffix
    types = captures.get("binding.type")
    return None if types is None else (node, text(names[0]) + suffix, type_text(text(types[0]), spec))
