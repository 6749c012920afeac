"""Function values at extraction: the key of a literal table's entry, and which bindings of a
file to keep.

A query states what a name is bound to (``@binding.value``, see languages/queries/CAPTURES.md); the
extractor stores it as a binding whose type is ``VALUE_MARK`` + the expression, and an entry of
a literal table (``T = {"x": f}``, ``A = [f, g]``) under the name ``T[x]``, ``A[1]``. A binding
with neither a type nor a value says the name was rebound to something else: resolve/values.py
needs it to stop following an older value, and nothing else does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tree_sitter import Node

from diffreach.model import LOCAL_MARK, VALUE_MARK


def entry_key(captures: dict[str, list[Node]], text: Callable[[Node], str], spreads: frozenset[str]) -> str | None:
    """``[key]`` for an entry of a literal table (its key, or its position in a list), ""
    for a plain name; None when a spread before the entry makes its position unknown."""
    keys = captures.get("binding.key")
    if keys is not None:
        return f"[{text(keys[0])}]"
    entries = captures.get("binding.index")
    if entries is None:
        return ""
    entry = entries[0]
    parent = entry.parent
    position = 0
    for child in parent.named_children if parent is not None else ():
        if child.id == entry.id:
            return f"[{position}]"
        if child.type in spreads:
            return None
        if not child.is_extra:
            position += 1
    return None


def kept_values(raw: Iterable[tuple[Node, str, str]]) -> list[tuple[Node, str, str]]:
    """The bindings, with each bare VALUE_MARK (a name bound to something that is not a function
    value) kept only where it can matter: where no other binding of the same node names the
    same thing (``x = f`` is also an assignment of anything), and where the file binds a
    function value to that name (or to an entry ``name[k]`` of it; a function's return is the
    name "()"). Most assignments bind no function value: keeping them all would grow the
    bindings table for nothing."""
    rows = list(raw)
    told = {(node.start_byte, name) for node, name, type_name in rows if type_name not in (VALUE_MARK, LOCAL_MARK)}
    # A table's entry holding a call's result (``{"a": make()}``) may hold a function too.
    valued = {
        name.partition("[")[0]
        for _, name, type_name in rows
        if (len(type_name) > 1 and type_name.startswith(VALUE_MARK))
        or (name.endswith("]") and not name.endswith("[]") and type_name != LOCAL_MARK)
    }
    return [
        row
        for row in rows
        if row[2] != VALUE_MARK or ((row[0].start_byte, row[1]) not in told and row[1].partition("[")[0] in valued)
    ]


# ----- functions passed as arguments ------------------------------------------------------------
#
# Two facts per file, stored as value bindings (resolve/values.py joins them across files):
#
# - what a function calls of its own parameters: a binding named ``CALLS_PARAMETER`` in the
#   function's scope, ``=<position>:<name>`` (``:<caller id>`` after it when a function nested in
#   it makes the call: a decorator's wrapper calling the decorated function); an entry of a
#   parameter called (``opts.done()``, ``opts["done"]()``, a destructured ``{done}``) puts its key
#   after both, ``=0[done]:opts[done]``;
# - what a call passes that may be a function: a binding named ``callee(slot)`` (the callee's last
#   name; the slot an argument's position or a keyword, with ``[key]`` for an entry of a literal
#   table passed, ``run({done: f})``) in the caller's scope, on the call's line, holding ``=`` +
#   the argument. Only an argument that can name a function of the
#   repository is kept (a definition or an import of the file, a name bound to a function value,
#   a member of ``self``, a module's member; in a language whose files share their package's
#   scope, also a name the file binds nowhere): most arguments are plain variables.

CALLS_PARAMETER = "(*)"
# A parameter passed on to another call (``def outer(cb): inner(cb)``): a binding in the
# function's scope on that call's line, ``=<position>:<name>:<callee>(<slot>):<calling scope>``;
# what ``inner`` calls of its slot, ``outer``'s callers' functions reach (resolve/values.py).
PASSES_PARAMETER = "(>)"

# A parameter: (the node its binding was captured on, its entry in the parameter list, its name,
# its key in a destructuring pattern, ``[k]``/``[i]``, or "").
Parameter = tuple[Node, Node, Node, str]
# A name that may be a function, passed: (the callee expression, or None for an entry of a literal
# table, ``run({done: f})``; the argument or entry; its keyword or key; its text).
Passed = tuple[Node | None, Node, Node | None, str]


def argument_name(callee: str, slot: str) -> str:
    return f"{callee}({slot})"


def argument_of(name: str) -> tuple[str, str] | None:
    """(callee, slot) of a binding named by ``argument_name``; None for any other binding."""
    if not name.endswith(")"):
        return None
    # run(0[done]): the slot holds no parenthesis; make()(0): what make returns is called.
    callee, _, slot = name[:-1].rpartition("(")
    return (callee, slot) if slot and callee.removesuffix("()").isidentifier() else None


def called_parameter(type_name: str, owner: str) -> tuple[str, str, str]:
    """(the function that calls, the parameter's position, its name) of a ``CALLS_PARAMETER``
    binding of the function ``owner``."""
    position, _, rest = type_name[len(VALUE_MARK) :].partition(":")
    name, _, caller = rest.partition(":")
    return caller or owner, position, name


def passed_on(type_name: str) -> tuple[str, str, str, str, str]:
    """(position, name, callee, slot, calling scope) of a ``PASSES_PARAMETER`` binding."""
    position, name, via, caller = type_name[len(VALUE_MARK) :].split(":", 3)
    callee, _, slot = via[:-1].partition("(")
    return position, name, callee, slot, caller


def passing_on(rows: Iterable[tuple[str, str]], names: set[str]) -> set[str]:
    """The names of the functions that pass a parameter on to a function named in ``names``,
    and of those passing on to them, from the ``(scope, type)`` of ``PASSES_PARAMETER`` bindings:
    their callers' edges depend on what the function passed to calls (index/update.py)."""
    by_callee: dict[str, set[str]] = {}
    for scope, type_name in rows:
        callee = passed_on(type_name)[2].rpartition(".")[2]
        by_callee.setdefault(callee, set()).add(scope.rpartition("::")[2].rpartition(".")[2])
    found: set[str] = set()
    todo = [n for n in names if n in by_callee]
    while todo:
        for function in by_callee.get(todo.pop(), ()):
            if function and function not in found and function not in names:
                found.add(function)
                todo.append(function)
    return found
