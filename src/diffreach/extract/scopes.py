"""Definitions nested by byte range; references and bindings attributed to them.

A helper of ``core.py``. The query pass finds definitions in no useful order;
``nest`` gives each, in source order, its parent, kind, qualified name and id, and
``Scopes`` attributes every reference and binding to the innermost definition
that holds it (the file at module level), making the ``Ref`` records in bulk.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, fields

from tree_sitter import Node

from diffreach.extract.types import INFERRED, VALUE_OF, stated_types_first
from diffreach.extract.values import kept_values
from diffreach.languages.spec import RETURNS, LanguageSpec
from diffreach.model import EITHER, IMPORT_MARK, LOCAL_MARK, NARROWED, VALUE_MARK, Binding, NodeKind, Ref, RefKind

# A reference's owner that says: the scope around the definition holding it (a decorator is
# called where the definition it decorates is made).
OUTER = "^"
CLASS_CAPTURES = frozenset({"class", "interface", "struct", "enum", "trait", "module", "type"})
MAX_RECEIVER = 120  # longer receiver texts (generated chains) are stored as "?"
_PLAIN_NAME = re.compile(r"[\w$]+(?:\[\]|\{\})?\Z")  # a variable, or its elements or values (``xs[]``, ``d{}``)


@dataclass(slots=True)
class Definition:
    """A definition the query found; ``nest`` fills in the fields after ``end``."""

    node: Node
    name: str
    capture: str
    receiver: str
    start: int
    end: int
    parent: int = -1
    test: bool = False
    id: str = ""
    kind: str = ""
    qualname: str = ""
    name_start: int = -1  # where its name starts (extract/arguments.py: whose parameters)


class Scopes:
    """Attributes a node to its innermost enclosing definition (the file at module level)."""

    def __init__(self, ordered: list[Definition], path: str) -> None:
        self.ordered = ordered
        self.path = path
        self.starts = [d.start for d in ordered]

    def index_of(self, node: Node) -> int:
        i = bisect_right(self.starts, node.start_byte) - 1
        while i >= 0 and self.ordered[i].end <= node.start_byte:
            i = self.ordered[i].parent
        return i

    def id_of(self, i: int) -> str:
        return self.ordered[i].id if i >= 0 else self.path

    def refs(self, raw: Iterable[tuple[Node, str, str, str, str, int]]) -> list[Ref]:
        # ``@owner``: a reference written outside the class it belongs to (impl Trait for Foo), or
        # outside the constructor function it belongs to (JavaScript's F.prototype = Object.create(…)).
        # A class of the name comes before a function of it.
        owners = {d.qualname: d.id for d in reversed(self.ordered) if d.kind == NodeKind.FUNCTION}
        owners.update((d.qualname, d.id) for d in reversed(self.ordered) if d.kind == NodeKind.CLASS)
        # Speed: ``index_of`` inlined over plain lists, and rows sorted as tuples
        # (the running number keeps the order of equal keys, as a stable sort by key did).
        starts, ends = self.starts, [d.end for d in self.ordered]
        parents, ids = [d.parent for d in self.ordered], [d.id for d in self.ordered]
        rows = []
        for seq, (node, kind, name, receiver, owner, args) in enumerate(raw):
            if len(receiver) > MAX_RECEIVER:
                receiver = "?"
            scope = (owners.get(owner) or owners.get(owner.rsplit(".", 1)[-1])) if owner and owner != OUTER else None
            if not scope:
                at = node.start_byte
                i = bisect_right(starts, at) - 1
                while i >= 0 and ends[i] <= at:
                    i = parents[i]
                if owner == OUTER and i >= 0:
                    i = parents[i]
                scope = ids[i] if i >= 0 else self.path
            # A class's bases keep their written order (the lookup order: Python's MRO, Java's
            # superclass before its interfaces); other references on a line are ordered by name.
            column = node.start_point.column if kind == RefKind.INHERIT else 0
            rows.append((node.start_point.row + 1, kind, column, name, receiver, seq, scope, args))
        rows.sort()
        return make_refs(rows)

    def bindings(self, raw: Iterable[tuple[Node, str, str]], spec: LanguageSpec, imported: set[str]) -> list[Binding]:
        out = []
        # Flow in straight-line code: each scope's names as bound so far, in the file's order,
        # so that a copy (``self.cart = cart``) takes the type its source has at that point.
        known: dict[tuple[int, str], str] = {}
        returned: dict[int, list[tuple[str, int]]] = {}  # a function's return statements
        rows = sorted(kept_values(stated_types_first(raw)), key=lambda b: b[0].start_byte)
        # The module's own object (``exports``) is known outside every function too, and so are the
        # language's globals (``document``): a parameter of that name hides them as it hides ours.
        at = [self.index_of(row[0]) for row in rows]  # each row's scope, asked once (speed)
        known_outside = imported | spec.builtins | {n.partition(".")[0] for n in spec.own_module_names}
        hiding = self._hiding(rows, at, known_outside)
        for (node, name, type_name), i in zip(rows, at):
            if type_name == LOCAL_MARK:
                if (i, name) in hiding:
                    hiding.discard((i, name))  # one per scope and name says it
                    out.append(Binding(self.id_of(i), name, LOCAL_MARK, node.start_point.row + 1))
                continue
            if type_name.startswith(VALUE_OF) or EITHER in type_name:
                held = (self._copied(t, i, known, spec) for t in type_name.split(EITHER))
                type_name = EITHER.join(dict.fromkeys(h for h in held if h))  # candidates known, once each
            if name == INFERRED:
                returned.setdefault(i, []).append((type_name, node.start_point.row + 1))
                continue
            if not type_name:
                continue
            narrowing = type_name.endswith(NARROWED)
            # A function value is no type to copy; a narrowing holds in its block only, not at a copy.
            if not type_name.startswith(VALUE_MARK) and not narrowing:
                known[(i, name)] = type_name
            if "." in name and name.split(".", 1)[0] in spec.self_names:
                # self.x = Foo() in any method binds x for the whole class.
                while i >= 0 and self.ordered[i].kind != NodeKind.CLASS:
                    i = self.ordered[i].parent
            line = node.start_point.row + 1
            out.append(Binding(self.id_of(i), name, type_name, line, self._block_end(node, i, name, spec, narrowing)))
        # A return type stated nowhere: inferred when every return gives the same call's result.
        for i, values in returned.items():
            types = {t for t, _ in values}
            if i >= 0 and len(types) == 1 and "" not in types and (i, RETURNS) not in known:
                out.append(Binding(self.id_of(i), RETURNS, values[0][0], values[0][1]))
        return out

    def _block_end(self, node: Node, i: int, name: str, spec: LanguageSpec, narrowing: bool = False) -> int:
        """The last line of the innermost block around a declaration in a function, where the
        language's declarations hold to the end of their block (``binding_blocks``); 0 elsewhere:
        the binding holds in its whole scope (a class's field, a function's return type, a derived
        name another function's resolution reads: a parameter's slot ``F@1``, ``f=>``). A narrowing
        holds in its ``narrowing_blocks`` one: its binding's node when that is one (the guarded body),
        else the innermost around it; outside a function it is never read (resolve/blocks.py)."""
        blocks = spec.narrowing_blocks if narrowing else spec.binding_blocks
        wide = frozenset() if narrowing else spec.function_wide_bindings
        if not blocks or i < 0 or not _PLAIN_NAME.match(name):
            return 0
        if self.ordered[i].kind not in (NodeKind.FUNCTION, NodeKind.METHOD):
            return 0
        around: Node | None = node
        while around is not None and around.type not in blocks:
            if around.type in wide:  # ``var x``, ``x = …``: no block bounds it
                return 0
            around = around.parent
        return around.end_point.row + 1 if around is not None else 0

    def _copied(self, type_name: str, i: int, known: dict[tuple[int, str], str], spec: LanguageSpec) -> str:
        """A candidate as bound so far: a copy of a name takes that name's type in scope ``i``
        (``return self``: an instance of the class); "" when the copied name has none."""
        if not type_name.startswith(VALUE_OF):
            return type_name
        copied = type_name[len(VALUE_OF) :]
        found = known.get((i, copied), "")
        return self._own_class(i) if not found and copied in spec.self_names else found

    def _own_class(self, i: int) -> str:
        """The qualified name of the class around definition ``i`` ("" outside one)."""
        while i >= 0 and self.ordered[i].kind != NodeKind.CLASS:
            i = self.ordered[i].parent
        return self.ordered[i].qualname if i >= 0 else ""

    def import_bindings(self, names: Iterable[tuple[Node, str, int]]) -> list[Binding]:
        """An import statement inside a function binds its names in that function only (Python's
        ``def f(): from .m import g``, a block's ``use`` in Rust): one ``IMPORT_MARK`` binding per
        name, on the import's line. Imports at the top level or in a class body make none."""
        out = []
        for node, alias, line in names:
            i = self.index_of(node)
            if i >= 0 and self.ordered[i].kind in _FUNCTIONS:
                out.append(Binding(self.ordered[i].id, alias, IMPORT_MARK, line))
        return out

    def _hiding(self, rows: list[tuple[Node, str, str]], at: list[int], outside: set[str]) -> set[tuple[int, str]]:
        """The (function, name) pairs whose ``LOCAL_MARK`` is worth storing: a name a function binds
        for itself that the file also knows outside it (a typed binding, a definition, ``outside``:
        an import, the module's own object, a global of the language),
        and that the function gives no type of its own. Any other local hides nothing. The object
        a definition is given to (``o`` of ``o.m = function () {…}``) is known outside too."""
        outer = {name for _, name, t in rows if t and t != LOCAL_MARK and not t.startswith(VALUE_MARK)}
        outer.update(d.name for d in self.ordered)
        outer.update(d.receiver.partition(".")[0] for d in self.ordered if d.receiver)
        outer.update(outside)
        marked: set[tuple[int, str]] = set()
        typed: set[tuple[int, str]] = set()
        for (_, name, type_name), i in zip(rows, at):
            if name not in outer:
                continue
            if i < 0 or self.ordered[i].kind not in _FUNCTIONS:
                continue
            if type_name == LOCAL_MARK:
                marked.add((i, name))
            elif type_name and not type_name.startswith((VALUE_MARK, VALUE_OF)):
                typed.add((i, name))
        return marked - typed


_FUNCTIONS = (NodeKind.FUNCTION, NodeKind.METHOD)


# Speed: a frozen dataclass's ``__init__`` sets each field through
# ``object.__setattr__``, and a Ref is made per reference, the most numerous record;
# setting the slots directly makes the same record in half the time. Only while
# Ref's fields are these six and it has no ``__post_init__``; otherwise its own
# constructor is used.
_REF_FIELDS = ("scope", "kind", "name", "receiver", "line", "args")
_REF_SLOTS = (
    tuple(getattr(Ref, name).__set__ for name in _REF_FIELDS)
    if tuple(f.name for f in fields(Ref)) == _REF_FIELDS and not hasattr(Ref, "__post_init__")
    else None
)


def make_refs(rows: list[tuple[int, str, int, str, str, int, str, int]]) -> list[Ref]:
    if _REF_SLOTS is None:
        return [Ref(scope, kind, name, receiver, line, args) for line, kind, _, name, receiver, _, scope, args in rows]
    new = object.__new__
    set_scope, set_kind, set_name, set_receiver, set_line, set_args = _REF_SLOTS
    out = []
    for line, kind, _, name, receiver, _, scope, args in rows:
        ref = new(Ref)
        set_scope(ref, scope)
        set_kind(ref, kind)
        set_name(ref, name)
        set_receiver(ref, receiver)
        set_line(ref, line)
        set_args(ref, args)
        out.append(ref)
    return out


def nest(ordered: list[Definition], path: str, global_paths: bool = False) -> list[Definition]:
    """Give each definition its parent, kind, qualified name and unique id. With ``global_paths``
    (LanguageSpec), a definition given to a path the file does not define is named by the whole
    path (``a.b.C = class``: ``a.b.C``), which every script reaches by that path."""
    stack: list[int] = []
    seen: dict[str, int] = {}
    by_qualname: dict[str, int] = {}
    for i, d in enumerate(ordered):
        while stack and ordered[stack[-1]].end <= d.start:
            stack.pop()
        d.parent = stack[-1] if stack else -1
        parent = ordered[d.parent] if d.parent >= 0 else None
        if d.capture in CLASS_CAPTURES:
            d.kind = NodeKind.CLASS
        elif d.capture == "method" or d.receiver or (parent is not None and parent.kind == NodeKind.CLASS):
            d.kind = NodeKind.METHOD
        else:
            d.kind = NodeKind.FUNCTION
        if d.receiver and parent is None:
            # Out of line (Go receivers, void ns::Foo::bar()): the owner by its
            # last segment when the file defines it; otherwise the resolver pairs it.
            owner = d.receiver if global_paths else d.receiver.rsplit(".", 1)[-1]
            d.parent = by_qualname.get(d.receiver, by_qualname.get(owner, -1))
            d.qualname = f"{ordered[d.parent].qualname if d.parent >= 0 else owner}.{d.name}"
            d.test = d.test or (d.parent >= 0 and ordered[d.parent].test)
        else:
            d.qualname = f"{parent.qualname}.{d.name}" if parent else d.name
            d.test = d.test or (parent is not None and parent.test)
        count = seen.get(d.qualname, 0) + 1
        seen[d.qualname] = count
        # A second definition of one name (property setters, conditional defs)
        # gets an ordinal so ids stay unique and stable while the order holds.
        d.id = f"{path}::{d.qualname}" if count == 1 else f"{path}::{d.qualname}#{count}"
        by_qualname.setdefault(d.qualname, i)
        stack.append(i)
    return ordered
