"""Which definition a name on the diff's changed lines means: the forward context's resolution.

A name is looked up among the graph's nodes (functions, methods, classes) and its declarations
(constants, fields, enum members, type aliases: ``graph/declarations.py``) and kept only when one
definition is meant, found in this order: the files the using file imports, the using file
itself, the files of its package (same folder, same declared package), the whole repository.
The first step with any candidate decides; several candidates there are narrowed by the names
written before the dot (``Mode.AUTO`` means the ``AUTO`` of ``Mode``), and a name still shared
is skipped: never a guess. Definitions the reader already sees are dropped: the changed symbols,
what lies inside them, and what the diff's own hunks show.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from diffreach.languages import language_for
from diffreach.model import DeclarationKind, EdgeKind, ImpactResult

__all__ = ["Candidate", "Usage", "choose", "read_usage", "visible"]

_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_ATTRIBUTES = frozenset({DeclarationKind.FIELD, DeclarationKind.MEMBER})
_MEMBER = re.compile(r"([A-Za-z_$][A-Za-z0-9_$]*)\s*(?:\.|::|->)\s*([A-Za-z_$][A-Za-z0-9_$]*)")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A definition a name may mean: a node or a declaration."""

    id: str
    name: str
    owner: str  # the last name of the class or module holding it ("" at top level)
    file: str
    start: int
    end: int
    declared: str = ""  # a declaration's kind (model.DeclarationKind); "" for a node


@dataclass
class Usage:
    """The names the diff's added lines use, per file, with what the removed lines used."""

    order: dict[str, int] = field(default_factory=dict)  # name → order of first use
    files: dict[str, set[str]] = field(default_factory=dict)  # name → files using it on added lines
    owners: dict[str, set[str]] = field(default_factory=dict)  # name → names written before its dot
    removed: dict[str, set[str]] = field(default_factory=dict)  # file → names on its removed lines

    def new(self, name: str) -> bool:
        """On added lines and on no removed line of the files using it."""
        return all(name not in self.removed.get(f, set()) for f in self.files.get(name, ()))


def _changed_lines(impact: ImpactResult) -> Iterable[tuple[str, str]]:
    """(file, line with its +/- mark) of every added or removed line of the diff."""
    texts = [(d.path, d.text) for d in impact.file_diffs if d.text]
    if not texts:
        path = ""
        for line in impact.diff_text.splitlines():
            if line.startswith("diff --git "):
                path = line.rsplit(" b/", 1)[-1]
            elif line[:1] in "+-" and not line.startswith(("+++", "---")):
                yield path, line
        return
    for path, text in texts:
        for line in text.splitlines():
            if line[:1] in "+-" and not line.startswith(("+++", "---")):
                yield path, line


def read_usage(impact: ImpactResult) -> Usage:
    """The names on the changed lines of source files (prose, such as release notes, uses nothing)."""
    usage = Usage()
    for path, line in _changed_lines(impact):
        if language_for(path) is None:
            continue
        body = line[1:]
        if line[0] != "+":
            usage.removed.setdefault(path, set()).update(_IDENT.findall(body))
            continue
        for name in _IDENT.findall(body):
            usage.order.setdefault(name, len(usage.order))
            usage.files.setdefault(name, set()).add(path)
        for owner, name in _MEMBER.findall(body):
            usage.owners.setdefault(name, set()).add(owner)
    return usage


def visible(impact: ImpactResult) -> Mapping[str, list[tuple[int, int]]]:
    """file → new-side line ranges the reader sees: the diff's hunks and the changed symbols."""
    shown: dict[str, list[tuple[int, int]]] = {}
    for d in impact.file_diffs:
        if d.new_path:
            shown.setdefault(d.new_path, []).extend(
                (h.new_start, h.new_start + h.new_count - 1) for h in d.hunks if h.new_count
            )
    for c in impact.radius.changed:
        if c.start_line and c.kind != "file" and "deleted" not in c.changes:
            shown.setdefault(c.file, []).append((c.start_line, c.end_line))
    return shown


def seen(shown: Mapping[str, list[tuple[int, int]]], file: str, start: int, end: int) -> bool:
    """Lines ``start``–``end`` of ``file`` lie inside what the reader sees."""
    return any(lo <= start and end <= hi for lo, hi in shown.get(file, ()))


class Scope:
    """Where a using file looks for a name: its imports, itself, its package."""

    def __init__(self, imports: Mapping[str, set[str]], packages: Mapping[str, tuple[str, str]]) -> None:
        self.imports = imports
        self.packages = packages

    @staticmethod
    def import_targets(edges: Iterable[tuple[str, str, str]]) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for source, target, kind in edges:
            if kind == EdgeKind.IMPORTS:
                out.setdefault(source, set()).add(target)
        return out

    def package_of(self, path: str) -> tuple[str, str] | None:
        folder = path.rsplit("/", 1)[0] if "/" in path else ""
        package = self.packages.get(path, ("", ""))[1]
        return (folder, package) if package else None


def choose(name: str, candidates: list[Candidate], using: set[str], usage: Usage, scope: Scope) -> list[Candidate]:
    """The one definition ``name`` means for the files ``using`` it, or none (see the module doc)."""
    member = name in usage.owners
    # A field or enum member is reached through an object or a type (``x.name``), or bare from
    # inside its own class (its file); a bare name elsewhere is some local variable.
    candidates = [c for c in candidates if c.declared not in _ATTRIBUTES or member or c.file in using]
    if not candidates:
        return []
    imported = set().union(*(scope.imports.get(f, set()) for f in using))
    packages = {p for p in (scope.package_of(f) for f in using) if p is not None}
    steps = (
        [c for c in candidates if c.file in imported],
        [c for c in candidates if c.file in using],
        [c for c in candidates if scope.package_of(c.file) in packages] if packages else [],
        # Anywhere: a declaration only when named as a member or capitalised (types and constants
        # are, in every supported language); a lowercase bare name is more likely a local variable.
        [c for c in candidates if not c.declared or member or name[:1].isupper()],
    )
    owners = usage.owners.get(name, set())
    for step in steps:
        if not step:
            continue
        if len(step) > 1 and owners:
            step = [c for c in step if c.owner in owners]
        return step if len(step) == 1 else []
    return []
