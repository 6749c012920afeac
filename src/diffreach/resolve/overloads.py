"""Overload families: which of the definitions of one name in one scope a call binds to.

The layer on ``Classes`` (see ``state.py``). The definitions of a name in one scope are one family:
ids ``path::f``, ``path::f#2``, … in source order. Lookups in scope answer with the first, the
family's name; this layer turns that answer into the members a call can run, by the language's
rules (``LanguageSpec`` fields, no branch on a language):

- stubs for type checkers (Python's ``@overload``, ``overload_stub_markers``, also through a
  module alias: ``@t.overload``) never run: the
  members without the marker do (the implementation);
- where the last member implements the signatures before it (TypeScript,
  ``overload_implementation_last``) and its parameters accept every member's argument count,
  the call runs the implementation;
- where the compiler picks the member by the call's arguments (``overload_arity_selects``), the
  members whose parameter count fits the call's argument count (``Ref.args``); of those, the ones
  without a variable-arity parameter where the language tries them first (``overload_fixed_arity_first``);
- where the members are alternatives of which one is compiled (Rust's ``#[cfg]``,
  ``overload_alternatives``), every member; likewise a top-level function of the same name in
  the package's other files where those build apart (Go's build constraints,
  ``package_alternatives``): the call's edges go to each file's definition;
- a C# extension method called on a value (``x.F()``), the members declaring its receiver type,
  the value counted as their first argument;
- otherwise, or when the count is unknown or fits several, every member that is left: the call's
  edges are marked by a confidence split among them (``split_confidence``), the resolution stays
  what found the name.

Languages with none of those fields keep the first member (today's reading of a redefinition).
A member's signature is read from the source only for names that have a family (rare).
"""

from __future__ import annotations

from dataclasses import replace

from diffreach.languages.signature_text import arity, is_stub
from diffreach.model import NodeKind, Ref, SymRow
from diffreach.resolve.classes import MAX_MEMBERS, Classes

Bounds = tuple[int, int | None] | None


class Overloads(Classes):
    def family(self, target: SymRow) -> list[SymRow]:
        """The members of ``target``'s family in source order (itself alone when it has none)."""
        base = target.id.partition("#")[0]
        if base == target.id and self.symbol(f"{base}#2") is None:
            return [target]  # the common case: one definition of the name
        return [m for m, _, _ in self._members_of(base)] or [target]

    def _members_of(self, base: str) -> tuple[tuple[SymRow, str, Bounds], ...]:
        """Each member of the family whose first id is ``base``, with its signature and bounds."""
        found = self._families.get(base)
        if found is None:
            rows = self.family_rows(base)
            spec = self._specs[rows[0].file] if rows else None
            signatures = [self.source.signature_of(r.id) for r in rows]
            found = self._families[base] = tuple(
                (r, sig, arity(sig, spec)) for r, sig in zip(rows, signatures, strict=True)
            )
        return found

    def extension_receiver(self, row: SymRow) -> str | None:
        """The receiver type a function declares (bound to ``this`` in its own scope), if any: a
        function's (Kotlin's ``fun T.f()``) or a static method's (C#'s ``static F(this T t)``)."""
        spec = self._specs[row.file]
        if row.kind != NodeKind.FUNCTION and not (
            row.kind == NodeKind.METHOD and spec.is_static(self.source.signature_of(row.id))
        ):
            return None
        bound = self._bindings_by_name(row.file)
        return next((by[row.id] for n in self._specs[row.file].self_names if row.id in (by := bound.get(n, {}))), None)

    def overload_targets(self, ref: Ref, target: SymRow) -> list[SymRow]:
        """The members of ``target``'s family a call ``ref`` can run (``[target]`` when it has no
        family or the language says nothing about overloads)."""
        if target.kind not in (NodeKind.FUNCTION, NodeKind.METHOD):
            return [target]
        spec = self._specs[target.file]
        if spec.package_alternatives and target.kind == NodeKind.FUNCTION and target.parent == target.file:
            return [target, *self._build_alternatives(target)]
        if not (
            spec.overload_stub_markers
            or spec.overload_implementation_last
            or spec.overload_arity_selects
            or spec.overload_alternatives
        ):
            return [target]
        base = target.id.partition("#")[0]
        if base == target.id and self.symbol(f"{base}#2") is None:
            return [target]
        members = self._members_of(base)
        if len(members) < 2:
            return [target]
        receiver = self.extension_receiver(target) if target.kind == NodeKind.METHOD else None
        if receiver is not None and ref.receiver and ref.receiver.rpartition(".")[2] != _class_name(target):
            # C#'s ``x.F()`` of ``F(this T t, …)``: x is the first argument, and its type chose among
            # the overloads; those declaring another receiver type are other methods. A bare call
            # or one on the class (``Helper.F(x)``) passes every argument itself.
            members = tuple(m for m in members if self.extension_receiver(m[0]) == receiver)
            ref = replace(ref, args=ref.args + 1) if ref.args >= 0 else ref
        if spec.overload_stub_markers:
            run = [m for m in members if not is_stub(m[1], spec.overload_stub_markers)]
            members = tuple(run) or members
        if spec.overload_implementation_last and len(members) > 1:
            last = members[-1][2]
            if all(_accepts(last, m[2]) for m in members[:-1]):
                return [members[-1][0]]
        if spec.overload_arity_selects and ref.args >= 0 and len(members) > 1:
            fit = tuple(m for m in members if _fits(m[2], ref.args))
            if spec.overload_fixed_arity_first:
                fit = tuple(m for m in fit if m[2] is None or m[2][1] is not None) or fit
            members = fit or members
        return [m[0] for m in members]

    def _build_alternatives(self, target: SymRow) -> list[SymRow]:
        """The same-name top-level functions of ``target``'s package in its other files."""
        others = [
            r
            for r in self._candidates(target.name)  # by name, memoised: most names have one definition
            if r.kind == NodeKind.FUNCTION and r.parent == r.file and r.file != target.file
        ]
        if not others:
            return []
        package = set(self._package_files(target.file))
        return [r for r in others if r.file in package][:MAX_MEMBERS]

    def same_overload(self, base: SymRow, override: SymRow) -> SymRow:
        """The member of ``base``'s family that ``override`` overrides: the one with its parameter
        count where the family has several (``base`` itself otherwise)."""
        first = base.id.partition("#")[0]
        if first == base.id and self.symbol(f"{first}#2") is None:
            return base
        members = self._members_of(first)
        wanted = arity(self.source.signature_of(override.id), self._specs[base.file])
        return next((m for m, _, bounds in members if bounds == wanted), base)


def _class_name(method: SymRow) -> str:
    """The simple name of the class a method is declared in ("" when it has none)."""
    return (method.parent or "").rpartition("::")[2].rpartition(".")[2]


def _fits(bounds: Bounds, count: int) -> bool:
    if bounds is None:
        return True  # no parameter list to read: it may fit
    required, maximum = bounds
    return required <= count and (maximum is None or count <= maximum)


def _accepts(outer: Bounds, inner: Bounds) -> bool:
    """Does a parameter list with ``outer`` bounds accept every count one with ``inner`` does?"""
    if outer is None or inner is None:
        return False
    if outer[0] > inner[0]:
        return False
    return outer[1] is None or (inner[1] is not None and inner[1] <= outer[1])


def split_confidence(confidence: float, members: int) -> float:
    """An edge to one of ``members`` a call may run: its confidence shared among them."""
    return round(confidence / members, 3) if members > 1 else confidence


__all__ = ["Overloads", "split_confidence"]
