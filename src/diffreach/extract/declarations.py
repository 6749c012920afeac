"""``@declaration.*`` captures → ``Declaration`` records: constants, fields, enum members, aliases.

These are definitions a reviewer asks about (the constant a change compares with, the enum a
function now returns a member of, the property it reads) that are no node of the graph: calls
never resolve to them and query ranking never sees them, so call edges and rankings stay what
they were. Each gets the id of the definition holding it (``Scopes``, the file at top level), its
lines, and its text clipped to ``MAX_LINES`` lines of at most ``MAX_CHARS`` characters: a
constant's value, an alias's type, a field's declared type. A name the same pass captured as a
definition (``const f = () => …`` is a function) is not declared twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tree_sitter import Node

from diffreach.extract.scopes import Scopes
from diffreach.model import Declaration, DeclarationKind

__all__ = ["MAX_CHARS", "MAX_LINES", "declarations_of"]

MAX_LINES = 3  # a longer declaration keeps its first lines and says it goes on
MAX_CHARS = 160  # per line

_KINDS = {k.value: k for k in DeclarationKind}
# Two patterns may capture one name with one node (a class attribute of an Enum is a member, a
# ``static final`` field a constant, an annotated ``TypeAlias`` an alias): the narrower kind wins.
_RANK = {DeclarationKind.FIELD: 0, DeclarationKind.CONSTANT: 1, DeclarationKind.MEMBER: 2, DeclarationKind.ALIAS: 3}
_CALLABLE = frozenset({"function", "method"})


def declarations_of(
    raw: list[tuple[Node, str, Node]],
    scopes: Scopes,
    text: Callable[[Node], str],
    data: bytes,
    defined: Iterable[int],
    sigils: str = "",
) -> tuple[Declaration, ...]:
    """``raw`` is (declaration node, capture suffix, name node) per match; ``defined`` the start
    bytes of the definitions' name nodes; ``sigils`` what a name node may hold before the name
    (the spec's ``name_sigils``). One record per name node: the widest match, then the narrower
    kind. Its text is its source lines (``const`` and ``export`` included), clipped. A constant,
    member or alias declared inside a function is one of its locals, which no other code can
    name: none is kept."""
    if not raw:
        return ()
    taken = set(defined)
    best: dict[int, tuple[int, int, Node, str, Node]] = {}
    for node, suffix, name in raw:
        kind = _KINDS.get(suffix)
        key = name.start_byte
        if kind is None or key in taken:
            continue
        candidate = (node.end_byte - node.start_byte, _RANK[kind], node, suffix, name)
        known = best.get(key)
        if known is None or candidate[:2] > known[:2]:
            best[key] = candidate
    lines = data.decode("utf-8", "replace").splitlines()
    out: list[Declaration] = []
    for _, _, node, suffix, name in (best[k] for k in sorted(best)):
        scope = _scope(scopes, node, _KINDS[suffix])
        if scope is None:
            continue
        first, last = node.start_point.row, node.end_point.row
        if last > first and node.end_point.column == 0:  # a node that ends with its line's newline (``#define``)
            last -= 1
        out.append(
            Declaration(
                scope=scope,
                name=text(name).lstrip(sigils) if sigils else text(name),
                kind=_KINDS[suffix],
                line=first + 1,
                end_line=last + 1,
                text=clip(lines[first : last + 1]),
            )
        )
    return tuple(out)


def _scope(scopes: Scopes, node: Node, kind: DeclarationKind) -> str | None:
    """The definition holding it; a field assigned in a method (``self.x = …`` in ``__init__``,
    a constructor's parameter property) belongs to the method's class. None for any other
    declaration inside a function or method: a local."""
    i = scopes.index_of(node)
    while kind == DeclarationKind.FIELD and i >= 0 and scopes.ordered[i].capture in _CALLABLE:
        i = scopes.ordered[i].parent
    if i >= 0 and scopes.ordered[i].capture in _CALLABLE:
        return None
    return scopes.id_of(i)


def clip(lines: list[str]) -> str:
    """The first ``MAX_LINES`` lines, dedented, each cut at ``MAX_CHARS``; `` …`` when cut."""
    shown = [line.rstrip() for line in lines[:MAX_LINES]] or [""]
    indent = min((len(s) - len(s.lstrip()) for s in shown if s.strip()), default=0)
    kept = [s[indent:] if len(s) - indent <= MAX_CHARS else s[indent : indent + MAX_CHARS - 1] + "…" for s in shown]
    if len(lines) > MAX_LINES:
        kept[-1] += " …"
    return "\n".join(kept)
