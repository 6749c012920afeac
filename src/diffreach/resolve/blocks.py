"""Bindings that hold in a block only (``Binding.end_line``): which of a name's bindings a line sees.

Where a language's declarations are block-scoped (``LanguageSpec.binding_blocks``: Rust's ``let``
and patterns, Go's type switch clauses), one function may bind a name several ways, each in its
own block or after the one before (``match c { A(cmd) => cmd.run(), B(cmd) => cmd.run() }``,
``let x = x.parse()``). Read per scope those bindings disagree and type nothing; read at the use's
line, the binding in force there decides: the last one begun before the line whose block holds it.
"""

from __future__ import annotations

from diffreach.model import EITHER

Bound = tuple[int, int, str]  # a binding's first line, its block's last line (0: the whole scope), its type


def shadowed(bindings: dict[str, dict[str, list[Bound]]]) -> dict[str, dict[str, tuple[Bound, ...]]]:
    """name → scope → its typed bindings, for the names a scope binds in blocks with different
    types: the only ones whose reading depends on the line."""
    out: dict[str, dict[str, tuple[Bound, ...]]] = {}
    for name, by_scope in bindings.items():
        for scope, bound in by_scope.items():
            if len({t for _, end, t in bound if end}) > 1:
                out.setdefault(name, {})[scope] = tuple(bound)
    return out


def visible_at(bound: tuple[Bound, ...], line: int) -> str:
    """The types ``line`` sees: the block-bound ones begun last before it whose block holds it
    (two on one line are one declaration's, ``&``-joined as ``state.py`` joins them), beside any
    bound for the whole scope; "" when no block-bound one holds there."""
    holding = [(start, t) for start, end, t in bound if end and start <= line <= end]
    if not holding:
        return ""
    last = max(start for start, _ in holding)
    declared = "&".join(dict.fromkeys(t for start, t in holding if start == last))
    return EITHER.join(dict.fromkeys([declared, *(t for _, end, t in bound if not end)]))


__all__ = ["Bound", "shadowed", "visible_at"]
