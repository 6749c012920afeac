"""A file's interface: what other files' resolution can depend on in it, and what a change of it affects.

``interface`` reads it from a file's records (symbol ids, kinds and parents; imports; class-level
and package-level bindings; declared return types; function values; base-class references;
properties), never its lines or bodies, so that an edit inside a body leaves it as it was. The
update compares a file's stored interface with its new one; ``affected_names`` turns the
difference into the names, attributes and classes whose references elsewhere are re-resolved
(``*``: a change too wide to follow by name, everything), and ``member_attributes`` names the
attributes a file's member bindings type (``self.h = make()``), read elsewhere as ``obj.h``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from diffreach.extract.values import argument_of
from diffreach.languages import language_for
from diffreach.languages.signature_text import is_getter, marked
from diffreach.languages.spec import ASSERTED, ELEMENT, PARAMETER, RETURNS
from diffreach.model import VALUE_MARK, Binding, Import, NodeKind, Ref, Symbol

_SLOT = PARAMETER.partition("{")[0]


def interface(
    symbols: Iterable[Symbol],
    imports: Iterable[Import],
    bindings: Iterable[Binding],
    inherits: Iterable[Ref],
    file_info: tuple[object, ...],
) -> frozenset[tuple[object, ...]]:
    """What other files' resolution can depend on in one file (not lines, not bodies)."""
    items: set[tuple[object, ...]] = {("file", *file_info)}
    symbols = list(symbols)
    items.update(("sym", s.id, s.kind, s.name, s.parent or "") for s in symbols)
    # An import of the whole program (C#'s global using) is read by every file: followed as a wildcard.
    items.update(("imp", i.module, i.name, i.alias, 2 if i.program_wide else i.wildcard) for i in imports)
    # self.x = Foo() and fields declared with a type: seen from other files as obj.x; a top-level
    # variable where the package shares its top level (Go's package block): as x in its other files.
    classes = {s.id for s in symbols if s.kind == NodeKind.CLASS}
    items.update(
        ("bind" if "." in b.name or b.scope in classes else "top", b.scope, b.name, b.type_name)
        for b in bindings
        if ("." in b.name or b.scope in classes or _package_top(b.scope)) and argument_of(b.name) is None
    )
    # Declared return types (and what a type predicate asserts): seen from other files through
    # make().x, x = make() and if (isT(x)) x.m(). The function values its returns name share the
    # binding name, told apart by VALUE_MARK.
    items.update(
        ("ret", b.scope, b.name, b.type_name)
        for b in bindings
        if b.name in (RETURNS, RETURNS + ASSERTED) and not b.type_name.startswith(VALUE_MARK)
    )
    # Function values (resolve/values.py): what a name, a table entry or a function's return
    # holds, and which parameters a function calls, are seen from other files through the name,
    # or through a call of the function. What a call passes is read by its own file only.
    items.update(
        ("val", b.scope, b.name, b.type_name)
        for b in bindings
        if b.type_name.startswith(VALUE_MARK) and argument_of(b.name) is None
    )
    # A function type's parameter types (``F@1``): typing the parameters of functions given F in
    # any file that imports it (rarely edited: everything is re-resolved).
    items.update(("slot", b.scope, b.name, b.type_name) for b in bindings if _SLOT in b.name)
    items.update(("inh", r.scope, r.name, r.receiver) for r in inherits)
    # Properties (``@property``, setters): reading or assigning one elsewhere (``a.p``) runs it.
    spec = language_for(symbols[0].file) if symbols else None
    if spec is not None and (spec.property_markers or spec.parameterless_properties):
        items.update(
            ("prop", s.id, s.name)
            for s in symbols
            if s.kind == NodeKind.METHOD
            and (
                is_getter(spec, s.signature, s.name)
                or marked(s.signature, tuple(m.format(s.name) for m in spec.setter_markers))
            )
        )
    return frozenset(items)


def _package_top(scope: str) -> bool:
    """Whether a binding's scope is its file's top level, in a language whose package shares it."""
    spec = None if "::" in scope else language_for(scope)
    return spec is not None and spec.package_variables


def affected_names(changes: Iterable[tuple[object, ...]]) -> tuple[set[str], set[str], set[str]]:
    """From interface differences: names to re-resolve, attributes, and classes whose shape moved."""
    names: set[str] = set()
    attributes: set[str] = set()
    classes: set[str] = set()
    for item in changes:
        tag = item[0]
        if tag == "sym":
            _, sid, kind, name, parent = item
            names.add(str(name))
            if kind in (NodeKind.FUNCTION, NodeKind.METHOD, NodeKind.CLASS):
                # x = make(), make().total(), a.make().b: bound to what calling the name gives.
                names.add(f"{name}()")
                attributes.add(f"{name}()")
            if kind == NodeKind.CLASS:
                classes.add(str(sid))
            if "::" in str(parent):
                classes.add(str(parent))
        elif tag == "imp":
            names.update(str(n).rsplit(".", 1)[-1] for n in item[2:4] if n)
            if item[4]:
                names.add("*")
        elif tag == "bind":
            attributes.add(str(item[2]).rsplit(".", 1)[-1])
            if str(item[2]).endswith(ELEMENT) or str(item[2]).rpartition(".")[2].isdigit():
                names.add("*")  # an element's type, a positional field's: read through patterns and copies anywhere
        elif tag in ("ret", "slot"):
            # A return type is followed through chains, copies and fields in any file: too
            # wide to follow by name (and rarely edited), so everything is re-resolved.
            names.add("*")
        elif tag == "top":
            names.add(str(item[2]))
        elif tag == "prop":  # a.p read, a.p = v assigned (extract/protocols.py)
            names.update((str(item[2]), f"{item[2]}="))
        elif tag == "member":
            attributes.add(str(item[1]))
        elif tag == "val":
            _, scope, name, _ = item
            bound, _, key = str(name).partition("[")
            names.update((bound, bound.rpartition(".")[2]))  # F.prototype.m = g, o.m = g: read elsewhere as x.m()
            if key:  # F.prototype = {m: g}: read elsewhere as x.m() too, and {cfb} as x.cfb.encrypt()
                names.add(key.partition("]")[0])
                attributes.add(key.partition("]")[0])
            function = str(scope).rpartition("::")[2].rpartition(".")[2]
            if function:  # make()() and x = make(); x() see what make returns
                names.update((function, f"{function}()"))
        elif tag == "inh":
            # New bases change what every member lookup through the class finds.
            classes.add(str(item[1]))
            names.add("*")
        elif tag == "file":
            names.add("*")
    # h = f binds the value "=f": the files binding one of these names as a value are in sight.
    names |= {VALUE_MARK + n for n in names if n != "*"}
    return names, attributes, classes


def member_attributes(bindings: Iterable[Binding], is_class: Callable[[str], bool]) -> set[str]:
    """The attribute names of member bindings (``self.h``, a field in its class's scope)."""
    return {
        b.name.rsplit(".", 1)[-1]
        for b in bindings
        if b.name != RETURNS
        and argument_of(b.name) is None
        and ("." in b.name or ("::" in b.scope and is_class(b.scope)))
    }


__all__ = ["affected_names", "interface", "member_attributes"]
