"""Bindings that hold in a block only (``Binding.end_line``): which of a name's bindings a line sees.

Where a language's declarations are block-scoped (``LanguageSpec.binding_blocks``: Rust's ``let``
and patterns, Go's type switch clauses), one function may bind a name several ways, each in its
own block or after the one before (``match c { A(cmd) => cmd.run(), B(cmd) => cmd.run() }``,
``let x = x.parse()``). Read per scope those bindings disagree and type nothing; read at the use's
line, the binding in force there decides: the last one begun before the line whose block holds it.
A narrowing (TypeScript's ``if (isCart(x)) {…}``, a type ending in ``RETURNS + ASSERTED``; a test of
the class, ``isinstance(x, C)`` or Kotlin's ``x is C``, ending in ``NARROWED``) holds in its block only,
and is always read by line.
"""

from __future__ import annotations

from diffreach.languages.spec import ASSERTED, RETURNS
from diffreach.model import EITHER, LOCAL_MARK, NARROWED

Bound = tuple[int, int, str]  # a binding's first line, its block's last line (0: the whole scope), its type


def shadowed(bindings: dict[str, dict[str, list[Bound]]]) -> dict[str, dict[str, tuple[Bound, ...]]]:
    """name → scope → its typed bindings, for the names a scope binds in blocks with different
    types or narrows: the only ones whose reading depends on the line."""
    out: dict[str, dict[str, tuple[Bound, ...]]] = {}
    for name, by_scope in bindings.items():
        for scope, bound in by_scope.items():
            if len({t for _, end, t in bound if end}) > 1 or any(_narrows(t) for _, _, t in bound):
                out.setdefault(name, {})[scope] = tuple(bound)
    return out


def visible_at(bound: tuple[Bound, ...], line: int) -> str:
    """The types ``line`` sees: the block-bound ones begun last before it whose block holds it
    (two on one line are one declaration's, ``&``-joined as ``state.py`` joins them), beside any
    bound for the whole scope, or alone where it is a test of the class (``NARROWED``: the value is a C
    there, whatever else the scope binds it to). Where no block-bound one holds: "" (the scope's reading, every
    binding a candidate) when none narrows, else every one but the narrowings, each line's
    ``&``-joined (``LOCAL_MARK`` if none is left: the name is the scope's own, its type unknown)."""
    holding = [(start, t) for start, end, t in bound if end and start <= line <= end]
    if not holding:
        if not any(_narrows(t) for _, _, t in bound):
            return ""
        lines: dict[int, dict[str, None]] = {}
        for start, _, t in bound:
            if not _narrows(t):
                lines.setdefault(start, {})[t] = None
        return EITHER.join(dict.fromkeys("&".join(types) for types in lines.values())) or LOCAL_MARK
    last = max(start for start, _ in holding)
    in_force = [t for start, t in holding if start == last]
    declared = "&".join(dict.fromkeys(in_force))
    if all(t.endswith(NARROWED) for t in in_force):  # a test of the class: there the value is a C
        return declared
    return EITHER.join(dict.fromkeys([declared, *(t for _, end, t in bound if not end)]))


def _narrows(type_name: str) -> bool:
    return type_name.endswith((RETURNS + ASSERTED, NARROWED))


__all__ = ["Bound", "shadowed", "visible_at"]
