"""Find a symbol the way a person names it: an id, a qualified name, or a name."""

from __future__ import annotations

from diffreach.errors import SymbolError
from diffreach.graph.store import Store
from diffreach.model import Symbol


def find_symbol(store: Store, text: str) -> Symbol:
    """The one symbol ``text`` names, or a ``SymbolError`` listing the candidates."""
    text = text.strip()
    exact = store.symbol(text)
    if exact is not None:
        return exact
    candidates = store.symbols_named(text)
    if not candidates and "::" not in text and "." in text:
        # 'module.func' or 'pkg/mod.py:func' style: match on the qualified tail.
        tail = text.rsplit(".", 1)[-1]
        candidates = [s for s in store.symbols_named(tail) if s.id.replace("/", ".").endswith(text)]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise SymbolError(f"no symbol named {text!r} in the graph")
    ids = tuple(s.id for s in candidates)
    shown = ", ".join(ids[:10]) + (f" … ({len(ids)} in all)" if len(ids) > 10 else "")
    raise SymbolError(f"{text!r} is ambiguous: {shown}", ids)
