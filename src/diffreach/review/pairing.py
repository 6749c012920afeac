"""Which definition of a file's old version is which of its new one: the language's identity.

Ids are positional inside a family, the definitions that share a qualified name (overloads,
``@overload`` stubs, TypeScript overload signatures, a property's getter and setter): the second
one is ``name#2`` (``extract/scopes.py``). Paired by id, an overload added before the others
takes ``f`` and shifts the old ``f`` to ``f#2``, so the untouched member looks changed and the
new one looks renamed. What makes two definitions one is the language's own identity of an
overload: the same name in the same scope with the same parameter list, the types when written
(the names where none is, as in an untyped stub or a setter), the receiver left out. Members of a
family with equal signatures pair first, in source order; the members left pair by nearest
signature (share of equal parameters, then nearest position); what is still left is an
addition or a removal. Members with equal signatures are not always one definition: methods of
several anonymous classes (Java's ``new T() { ... }``, JLS 15.9.5) are filed under the class around
them, all with the base's parameters; one added before the others would pair with the next one's
old self and shift every later pair, so the untouched ones look changed. Among equal signatures a
member whose text is unchanged is that member: those pair first. A family of one member on each
side is that member, whatever changed.
A stub for type checkers (Python's ``@overload``, under any module alias: ``@t.overload``) is
never the same definition as one that runs: when a function gains stubs, it pairs with the
implementation that follows them, and the stubs are additions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from difflib import SequenceMatcher

from diffreach.languages.binding import parameters_of
from diffreach.languages.signature_text import is_stub, top_level_split
from diffreach.languages.signatures import ParamKind
from diffreach.languages.spec import LanguageSpec
from diffreach.model import NodeKind, Symbol

Key = tuple[str, ...]
STUB = "@stub"  # the first element of a stub's key

NEAREST_PAIRS = 400  # unmatched old × new members compared by nearness; beyond, paired in order


def family_of(sym_id: str) -> str:
    """A definition's family: its qualified name without the ordinal (the path left out, so
    a moved file's definitions meet their old selves)."""
    return sym_id.split("::", 1)[-1].partition("#")[0]


def signature_key(sym: Symbol, source: bytes, spec: LanguageSpec) -> Key:
    """What makes a definition itself among its family: each parameter's kind and written type
    (its name when no type is written), the receiver left out."""
    params = (
        # Speed: the definition's own lines are matched first, not the whole file (as for a caller).
        parameters_of(spec, source, sym.start_line, sym.name, (sym.start_line, sym.end_line))
        if sym.kind in (NodeKind.FUNCTION, NodeKind.METHOD)
        else None
    )
    stub = (STUB,) if is_stub(sym.signature, spec.overload_stub_markers) else ()
    if params is None:  # no parameter query for the language: the parameter list's text
        text = spec.parameters(sym.signature) if sym.signature else None
        parts = top_level_split(text) if text is not None else (sym.signature,)
        return stub + tuple("".join(p.split()) for p in parts if p.strip())
    return stub + tuple(f"{p.kind}:{p.annotation_form or p.name}" for p in params if p.kind != ParamKind.RECEIVER)


def pair_definitions(
    old: Iterable[Symbol],
    new: Iterable[Symbol],
    old_key: Callable[[Symbol], Key],
    new_key: Callable[[Symbol], Key],
    text: Callable[[Symbol, bool], str] = lambda sym, is_new: "",
) -> dict[str, str]:
    """old id → new id for every definition present in both versions (``text(sym, is_new)``: a
    definition's text, which pairs members of equal signature that did not change)."""
    families: dict[str, tuple[list[Symbol], list[Symbol]]] = {}
    for sym in old:
        families.setdefault(family_of(sym.id), ([], []))[0].append(sym)
    for sym in new:
        families.setdefault(family_of(sym.id), ([], []))[1].append(sym)
    out: dict[str, str] = {}
    for before, after in families.values():
        if len(before) == 1 and len(after) == 1:
            out[before[0].id] = after[0].id
        elif before and after:
            out.update(_pair_family(before, after, old_key, new_key, text))
    return out


def _pair_family(
    before: list[Symbol],
    after: list[Symbol],
    old_key: Callable[[Symbol], Key],
    new_key: Callable[[Symbol], Key],
    text: Callable[[Symbol, bool], str],
) -> dict[str, str]:
    old_keys = [old_key(s) for s in before]
    new_keys = [new_key(s) for s in after]
    out: dict[str, str] = {}
    taken: set[int] = set()
    shared = set(old_keys) & set(new_keys)
    old_texts = {i: text(s, False) for i, s in enumerate(before) if old_keys[i] in shared}
    new_texts = {j: text(s, True) for j, s in enumerate(after) if new_keys[j] in shared}
    for same_text in (True, False):  # the same signature: the same definition, unchanged ones first
        for i, key in enumerate(old_keys):
            if before[i].id in out:
                continue
            j = next(
                (
                    j
                    for j, k in enumerate(new_keys)
                    if j not in taken and k == key and (not same_text or old_texts[i] == new_texts[j])
                ),
                None,
            )
            if j is not None:
                taken.add(j)
                out[before[i].id] = after[j].id
    left_old = [i for i in range(len(before)) if before[i].id not in out]
    left_new = [j for j in range(len(after)) if j not in taken]
    if len(left_old) * len(left_new) > NEAREST_PAIRS:  # a generated family: by position
        return out | {before[i].id: after[j].id for i, j in zip(left_old, left_new)}
    scored = sorted(
        (-_nearness(old_keys[i], new_keys[j]), abs(i - j), i, j)
        for i in left_old
        for j in left_new
        if (old_keys[i][:1] == (STUB,)) == (new_keys[j][:1] == (STUB,))  # a stub is never what runs
    )
    done_old: set[int] = set()
    for _, _, i, j in scored:  # the rest by nearest signature: a member whose signature changed
        if i not in done_old and j not in taken:
            done_old.add(i)
            taken.add(j)
            out[before[i].id] = after[j].id
    return out


def _nearness(a: Key, b: Key) -> float:
    if not a and not b:
        return 1.0
    return SequenceMatcher(None, a, b, autojunk=False).ratio()


def free_id(sym: Symbol, taken: set[str]) -> str:
    """The id a removed definition is reported under: its own, or, when another definition of
    the new version now holds that ordinal, the first ordinal of its family nobody holds (so
    the removal never names, nor walks the callers of, a definition that is still there)."""
    if sym.id not in taken:
        return sym.id
    base = sym.id.partition("#")[0]
    n = 2
    while f"{base}#{n}" in taken:
        n += 1
    return f"{base}#{n}"


__all__ = ["family_of", "free_id", "pair_definitions", "signature_key"]
