"""Functions passed as arguments, at extraction: which parameters a function calls, and what
a call passes that may be a function (the formats are extract/values.py's; resolve/values.py
joins the two across files).

A parameter is one of a definition's own when its parameter list is the ``parameters`` field of
a function node that names the definition (the name inside it, or just before it: ``const f =
(cb) => …``); a function expression, an arrow function or a lambda is no definition, and its
parameters are nobody's (a call inside it is the enclosing function's call, as any of its code).
A call of a bare name that is such a parameter, in the function or in a function nested in it,
with no other binding of the name on the way and no function expression around the call that
has a parameter of that name (by lines: a ``Ref`` has no column), is a call of the parameter;
so is a call of an entry of it (``opts["done"]()``, and ``opts.done()`` where a literal table's
entries are its members) and a call of a name a destructuring parameter binds (``function
f({done})``, one level): their slot carries the entry's key or index. Positions are counted
as a call passes arguments: the receiver a parameter list declares (Python's ``self``) is not
one, and a declaration naming several parameters (Go's ``a, b func()``) counts each.

A call's argument is kept only when it can name a function of the repository: a definition or
an import of the file, a name the file binds to a function value, a member named as a function
the file defines, a member of an import or of a class of the file; where a package's files share one scope (Go), also a name
the file binds nowhere. Anything else (most arguments are plain variables) would only grow the
bindings table. An entry of a literal table passed as an argument (``run({done: f})``,
``run([f])``, ``run(opts={"done": f})``) is passed in the table's slot under its key or index.
A decorator over a definition is a call made where the definition is made,
passing it: the last decorator passes it as argument 0 (an earlier one gets what the later
returns).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tree_sitter import Node

from diffreach.extract.scopes import Scopes
from diffreach.extract.types import member_path
from diffreach.extract.values import (
    CALLS_PARAMETER,
    PASSES_PARAMETER,
    Parameter,
    Passed,
    argument_name,
    entry_key,
)
from diffreach.languages.spec import LanguageSpec
from diffreach.model import LOCAL_MARK, VALUE_MARK, Binding, Import, NodeKind, Ref, RefKind

_FUNCTIONS = (NodeKind.FUNCTION, NodeKind.METHOD)
# The position of a parameter after a variadic one: far past any argument's, so that only its
# keyword can reach it.
_KEYWORD_ONLY = 1 << 20
# A decorator over a definition: (the decorator, the definition's name, the decorator's name).
Decoration = tuple[Node, Node, str]


def argument_bindings(
    params: list[Parameter],
    passes: list[Passed],
    decorations: list[Decoration],
    raw: list[tuple[Node, str, str]],
    imports: Iterable[Import],
    refs: list[Ref],
    scopes: Scopes,
    spec: LanguageSpec,
    text: Callable[[Node], str],
) -> list[Binding]:
    """The bindings a file states about functions passed as arguments (see the module's doc)."""
    out = _parameter_calls(params, passes, raw, refs, scopes, spec, text) if params else []
    if passes:
        out.extend(_passed(passes, raw, imports, scopes, spec, text))
    for decorator, decorated, name in decorations:
        after = decorator.next_named_sibling
        if after is None or not after.start_byte <= decorated.start_byte < after.end_byte:
            continue  # not the last decorator: it decorates what the next one returns
        i = scopes.index_of(decorator)
        outer = scopes.ordered[i].parent if i >= 0 else -1
        line = decorator.start_point.row + 1
        out.append(Binding(scopes.id_of(outer), argument_name(name, "0"), VALUE_MARK + text(decorated), line))
    return out


def _parameter_calls(
    params: list[Parameter],
    passes: list[Passed],
    raw: list[tuple[Node, str, str]],
    refs: list[Ref],
    scopes: Scopes,
    spec: LanguageSpec,
    text: Callable[[Node], str],
) -> list[Binding]:
    # Each use of a name: (scope, line, the entry called, "" or the call it is passed on to).
    uses: dict[str, set[tuple[str, int, str, str]]] = {}
    named = {text(name_node) for _, _, name_node, _ in params}
    for name, calls in _calls_of_names(refs, spec, named).items():
        uses.setdefault(name, set()).update((scope, line, member, "") for scope, line, member in calls)
    for name, onward in _passes_on([p for p in passes if p[3] in named], scopes, spec, text).items():
        uses.setdefault(name, set()).update((scope, line, "", via) for scope, line, via in onward)
    owned: dict[tuple[int, str], tuple[int, str]] = {}  # (definition, parameter name) → position, key
    made: set[tuple[int, str]] = set()  # the bindings the parameters themselves made
    shadows: dict[str, list[tuple[int, int]]] = {}  # a function expression's parameters: its lines
    lists: dict[int, tuple[int, dict[int, int]] | None] = {}  # a parameter list read once (_own_parameter)
    for binding, entry, name_node, key in params:
        name = text(name_node)
        if name not in uses:
            continue
        made.add((binding.id, name))
        found = _own_parameter(entry, name_node, scopes, spec, text, lists)
        if found is not None:
            owned.setdefault((found[0], name), (found[1], key))
        elif entry.parent is not None and entry.parent.parent is not None:
            function = entry.parent.parent
            shadows.setdefault(name, []).append((function.start_point.row + 1, function.end_point.row + 1))
    if not owned:
        return []
    names = {name for _, name in owned}
    # A local's mark (LOCAL_MARK) says the function binds the name, as its parameter does: no rebinding.
    rebound = {
        (scopes.index_of(node), name)
        for node, name, held in raw
        if name in names and (node.id, name) not in made and held != LOCAL_MARK
    }
    index = {d.id: i for i, d in enumerate(scopes.ordered)}
    out: set[tuple[int, int, str, str, int, str, int]] = set()
    for name in sorted(names):
        for scope, line, member, via in sorted(uses[name]):
            if any(first <= line <= last for first, last in shadows.get(name, ())):
                continue  # the call may be of the function expression's own parameter
            caller = i = index.get(scope, -1)
            while i >= 0 and scopes.ordered[i].kind in _FUNCTIONS and (i, name) not in rebound:
                parameter = owned.get((i, name))
                if parameter is not None:
                    out.add((i, parameter[0], name, parameter[1] + member, caller, via, line if via else 0))
                    break
                i = scopes.ordered[i].parent
    return [_parameter_binding(scopes, *use) for use in sorted(out)]


def _parameter_binding(
    scopes: Scopes, owner: int, position: int, name: str, key: str, caller: int, via: str, line: int
) -> Binding:
    """One use of a parameter as a binding of its function: called (``CALLS_PARAMETER``), or passed
    on to another call (``PASSES_PARAMETER``, on that call's line)."""
    definition = scopes.ordered[owner]
    if via:
        held = f"{VALUE_MARK}{position}{key}:{name}:{via}:{scopes.ordered[caller].id}"
        return Binding(definition.id, PASSES_PARAMETER, held, line)
    by = "" if caller == owner else f":{scopes.ordered[caller].id}"
    line = definition.node.start_point.row + 1
    return Binding(definition.id, CALLS_PARAMETER, f"{VALUE_MARK}{position}{key}:{name}{key}{by}", line)


def _passes_on(
    passes: list[Passed], scopes: Scopes, spec: LanguageSpec, text: Callable[[Node], str]
) -> dict[str, set[tuple[str, int, str]]]:
    """Name → (scope, line, ``callee(slot)``) of each call passing a plain name (a parameter's)
    as an argument, where the callee is a name or a member path: a parameter passed on is called
    where it goes."""
    found: dict[str, set[tuple[str, int, str]]] = {}
    for callee_node, argument, keyword, value in passes:
        if callee_node is None or not value.isidentifier():
            continue
        callee = member_path(text(callee_node), spec)
        last = callee.rpartition(".")[2]
        # len(x), x.append(cb): the language's own functions and common methods run nothing of ours.
        if last in spec.builtin_methods or (last == callee and last in spec.builtins):
            continue
        slot = text(keyword) if keyword is not None else _position(argument, spec)
        if not slot or not callee.replace(".", "").isidentifier():
            continue
        line = (callee_node.parent or callee_node).start_point.row + 1
        found.setdefault(value, set()).add((scopes.id_of(scopes.index_of(callee_node)), line, f"{callee}({slot})"))
    return found


def _calls_of_names(refs: list[Ref], spec: LanguageSpec, named: set[str]) -> dict[str, set[tuple[str, int, str]]]:
    """Name → (scope, line, key) of each call of it, or of an entry of it: ``cb()`` (key ""),
    ``opts["done"]()`` and, where a literal table's entries are its members, ``opts.done()``
    (key ``[done]``); where a function value is called through its interface's method, ``cb.run()``
    (key ""). Only the ``named`` names (the parameters'): no other is asked for."""
    called: dict[str, set[tuple[str, int, str]]] = {}
    for ref in refs:
        if ref.kind != RefKind.CALL:
            continue
        if not ref.receiver:
            name, bracket, rest = ref.name.partition("[")
            if name in named:
                called.setdefault(name, set()).add((ref.scope, ref.line, bracket + rest))
        elif ref.receiver not in named or not ref.receiver.isidentifier() or ref.receiver in spec.self_names:
            continue
        elif spec.value_members:
            called.setdefault(ref.receiver, set()).add((ref.scope, ref.line, f"[{ref.name}]"))
        elif spec.functional_non_abstract is not None and ref.name not in spec.functional_non_abstract:
            called.setdefault(ref.receiver, set()).add((ref.scope, ref.line, ""))  # r.run(): r's function
    return called


def _own_parameter(
    entry: Node,
    name_node: Node,
    scopes: Scopes,
    spec: LanguageSpec,
    text: Callable[[Node], str],
    lists: dict[int, tuple[int, dict[int, int]] | None],
) -> tuple[int, int] | None:
    """(the definition, the position) of a parameter of a definition's own list; None for a
    parameter of a function expression, a lambda, or a receiver list. ``lists`` keeps each list
    read (speed: a list is read once, not once for each of its parameters)."""
    listed = entry.parent
    if listed is None:
        return None
    if listed.id not in lists:
        lists[listed.id] = _own_list(listed, scopes, spec, text)
    read = lists[listed.id]
    if read is None or entry.id not in read[1]:
        return None
    named = [n.id for n in entry.children_by_field_name("name")]
    return read[0], read[1][entry.id] + (named.index(name_node.id) if name_node.id in named else 0)


def _own_list(
    listed: Node, scopes: Scopes, spec: LanguageSpec, text: Callable[[Node], str]
) -> tuple[int, dict[int, int]] | None:
    """A definition's own parameter list: (the definition, each entry's position); None for the
    list of a function expression, a lambda, or a receiver list."""
    function = listed.parent
    if function is None:
        return None
    field = function.child_by_field_name("parameters")
    if field is None or field.id != listed.id:
        return None
    i = scopes.index_of(function)
    if i < 0 or scopes.ordered[i].kind not in _FUNCTIONS:
        return None
    at = scopes.ordered[i].name_start
    before = function.prev_named_sibling
    if not (function.start_byte <= at < function.end_byte or (before and before.start_byte <= at < before.end_byte)):
        return None  # a function expression inside the definition, not the definition
    positions: dict[int, int] = {}
    position = 0
    first = True
    for child in listed.named_children:
        if child.is_extra:
            continue
        positions[child.id] = position
        if spec.variadic_prefixes and text(child).startswith(spec.variadic_prefixes):
            position = _KEYWORD_ONLY
        elif not (first and text(child) in spec.self_names):  # Python's self: the call's receiver
            position += len(child.children_by_field_name("name")) or 1
        first = False
    return i, positions


def _passed(
    passes: list[Passed],
    raw: list[tuple[Node, str, str]],
    imports: Iterable[Import],
    scopes: Scopes,
    spec: LanguageSpec,
    text: Callable[[Node], str],
) -> list[Binding]:
    defined = {d.name for d in scopes.ordered}
    imported = {i.alias for i in imports if i.alias}
    valued = {name for _, name, held in raw if len(held) > 1 and held.startswith(VALUE_MARK)}
    bound = {name for _, name, _ in raw} if spec.package_scope else set()
    out = []
    for passed in passes:
        value = passed[3]
        head, _, last = value.rpartition(".")
        if head:
            root = head.partition(".")[0]
            if not (
                last in defined
                or root in imported
                or root in defined
                or root in spec.self_names  # this::inherited
                or (spec.package_scope and root not in bound)  # Util::twice of the package
            ):
                continue
        elif not (
            value in defined or value in imported or value in valued or (spec.package_scope and value not in bound)
        ):
            continue
        slotted = _slot(passed, spec, text)
        if slotted is None:
            continue
        callee_node, slot = slotted
        callee = member_path(text(callee_node), spec)
        name = callee.rpartition(".")[2]
        # A built-in function calls nothing of the repository, unless the language takes a
        # function passed outside the repository to be called (``callback_keepers``).
        if not name.isidentifier() or (name == callee and name in spec.builtins and spec.callback_keepers is None):
            continue
        # The call's line, as its reference has it: a callee named after its receiver
        # (``obj\n.run(this::h)``) starts on a later line than the call.
        line = (callee_node.parent or callee_node).start_point.row + 1
        scope = scopes.id_of(scopes.index_of(callee_node))
        out.append(Binding(scope, argument_name(name, slot), VALUE_MARK + value, line))
    return out


def _slot(passed: Passed, spec: LanguageSpec, text: Callable[[Node], str]) -> tuple[Node, str] | None:
    """(the callee, the slot) a name is passed in: an argument's position or keyword, or for an
    entry of a literal table passed as an argument (``run({done: f})``, ``run([f])``, a keyword
    argument's table), the table's slot and the entry's key or index."""
    callee, argument, keyword, _ = passed
    if callee is not None:
        slot = text(keyword) if keyword is not None else _position(argument, spec)
        return (callee, slot) if slot else None
    if keyword is None:  # a list's entry: its index
        table, key = argument.parent, _position(argument, spec)
    else:  # a pair's key, or a shorthand entry that is its own key
        table = argument.parent if keyword.id == argument.id else (keyword.parent and keyword.parent.parent)
        key = text(keyword).strip("\"'`")
    listed = table.parent if table is not None else None
    if table is None or listed is None or not (key.isidentifier() or key.isdigit()):
        return None
    name, value = listed.child_by_field_name("name"), listed.child_by_field_name("value")
    outer = text(name) if name is not None and value is not None and value.id == table.id else ""
    if outer:  # run(opts={"done": f}): the table is a keyword argument's value
        listed = listed.parent
    call = listed.parent if listed is not None else None
    arguments = call.child_by_field_name("arguments") if call is not None else None
    if call is None or arguments is None or listed is None or arguments.id != listed.id:
        return None
    function = call.child_by_field_name("function") or call.child_by_field_name("constructor")
    slot = outer or _position(table, spec)
    return (function, f"{slot}[{key}]") if function is not None and slot else None


def _position(argument: Node, spec: LanguageSpec) -> str:
    """An argument's position in its list, "" when a spread before it makes it unknown."""
    listed = argument.parent
    position = 0
    for child in listed.named_children if listed is not None else ():
        if child.id == argument.id:
            return str(position)
        if child.type in spec.spread_arguments:
            return ""
        if not child.is_extra:
            position += 1
    return ""


def argument_count(node: Node, spec: LanguageSpec) -> int:
    """The arguments in a captured argument list; -1 when a spread makes the count unknown.
    Comments are extras of the tree, not arguments."""
    if node.named_child_count == 0:  # speed: an empty list (most are) makes no child nodes
        return 0
    count = 0
    for child in node.named_children:
        if child.is_extra:
            continue
        if child.type in spec.spread_arguments:
            return -1
        count += 1
    return count


def passed_name(captures: dict[str, list[Node]], receiver: str, text: Callable[[Node], str]) -> Passed:
    """A name in an argument (``@argument``, its ``@callee``, its ``@keyword``) or a literal table's entry."""
    callees, keywords, name = captures.get("callee"), captures.get("keyword"), text(captures["name"][0])
    value = f"{receiver}.{name}" if receiver else name
    return (callees[0] if callees else None, captures["argument"][0], keywords[0] if keywords else None, value)


def parameter_of(
    params: list[Parameter],
    node: Node,
    captures: dict[str, list[Node]],
    text: Callable[[Node], str],
    spec: LanguageSpec,
) -> dict[str, list[Node]]:
    """Record a parameter (``@binding.parameter``); the captures left for its plain binding: a
    destructured parameter's key (``{done}``, ``[first]``) is its own, the name is bound plainly."""
    key = entry_key(captures, text, spec.spread_arguments) or ""
    params.append((node, captures["binding.parameter"][0], captures["binding.name"][0], key))
    return {k: v for k, v in captures.items() if k not in ("binding.key", "binding.index")} if key else captures
