"""Which definition a name on the diff's changed lines means: the forward context's resolution.

A name is looked up among the graph's nodes (functions, methods, classes) and its declarations
(constants, fields, enum members, type aliases: ``graph/declarations.py``) and kept only when one
definition is meant, found in this order: the files the using file imports, the files those
re-export the name from (``index.ts``'s ``export {X} from``, a package ``__init__``), the using file
itself, the files of its package (same folder, same declared package), the whole repository.
The first step with any candidate decides; several candidates there are narrowed by the names
written before the dot (``Mode.AUTO`` means the ``AUTO`` of ``Mode``), and a name still shared
is skipped: never a guess. Definitions the reader already sees are dropped: the changed symbols,
what lies inside them, and what the diff's own hunks show. Where languages differ, their specs say
so: enum members named bare (C), a member after a lone dot (Swift's ``.fast``), declarations seen
only through includes (C, C++: no repository-wide match), a folder as the package.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from diffreach.languages import language_for
from diffreach.model import DeclarationKind, EdgeKind, ImpactResult

__all__ = ["Candidate", "Usage", "choose", "named_in_docs", "read_usage", "visible"]

_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_ATTRIBUTES = frozenset({DeclarationKind.FIELD, DeclarationKind.MEMBER})
REEXPORT_DEPTH = 4  # files a name is followed through past the using file's own imports (index → folder index → file)
_BACKTICKED = re.compile(r"`+([^`\n]+)`+")
# A code name in prose: ``name``, ``Owner.name``, ``a::b::C``, ``Class#method``, a call's empty parentheses.
_CODE_PATH = re.compile(r"([A-Za-z_$][A-Za-z0-9_$]*(?:(?:\.|::|#)[A-Za-z_$][A-Za-z0-9_$]*)*)(?:\(\))?")
# A member named after a lone dot, its type the one the context expects (Swift's ``.fast``).
_IMPLICIT = re.compile(r"(?:^|(?<=[\s(\[{,:=<>&|+\-*/]))\.([A-Za-z_][A-Za-z0-9_]*)")
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
    docs: dict[str, int] = field(default_factory=dict)  # name in backticks on added prose lines → order
    doc_owners: dict[str, set[str]] = field(default_factory=dict)  # ``Owner.name`` in backticks → Owner
    members: set[str] = field(default_factory=set)  # named as a member of a type the context implies (``.fast``)

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
    """The names on the changed lines of source files; of prose (release notes, a guide), only the
    code a line names in backticks (`` `Router` ``, `` `Request.url_for()` ``): what a docs change
    is checked against."""
    usage = Usage()
    for path, line in _changed_lines(impact):
        spec = language_for(path)
        if spec is None:
            if line[0] == "+":
                _read_prose(line[1:], usage)
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
        if spec.implicit_members:
            usage.members.update(_IMPLICIT.findall(body))
    return usage


def _read_prose(line: str, usage: Usage) -> None:
    for span in _BACKTICKED.findall(line):
        path = _CODE_PATH.fullmatch(span.strip())
        if path is None:
            continue
        parts = _IDENT.findall(path.group(1))
        usage.docs.setdefault(parts[-1], len(usage.docs))
        if len(parts) > 1:
            usage.doc_owners.setdefault(parts[-1], set()).add(parts[-2])


def named_in_docs(name: str, candidates: list[Candidate], usage: Usage) -> list[Candidate]:
    """The one definition a name written in backticks in prose means, or none. Prose imports
    nothing, so only a name with one definition in the repository (narrowed by the owner written
    before its dot) is meant; a declaration only when capitalised or owned, as in ``choose``."""
    owners = usage.doc_owners.get(name, set())
    found = [c for c in candidates if not c.declared or owners or name[:1].isupper()]
    if len(found) > 1 and owners:
        found = [c for c in found if c.owner in owners]
    return found if len(found) == 1 else []


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
    """Where a using file looks for a name: its imports (and the files they re-export it from),
    itself, its package. ``edges_of`` and ``bindings_of`` read more of the graph on demand: the
    import targets of files, and the names their imports bind (``graph.declarations.import_bindings``)."""

    def __init__(
        self,
        imports: Mapping[str, set[str]],
        packages: Mapping[str, tuple[str, str]],
        edges_of: Callable[[set[str]], Mapping[str, set[str]]] = lambda files: {},
        bindings_of: Callable[[set[str]], Mapping[str, tuple[frozenset[str], bool]]] = lambda files: {},
    ) -> None:
        self.imports = dict(imports)
        self.packages = packages
        self._edges_of = edges_of
        self._bindings_of = bindings_of
        self._bindings: dict[str, tuple[frozenset[str], bool]] = {}
        self._read: set[str] = set()  # files whose import targets and bindings are loaded

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
        if package:
            return (folder, package)
        # No package declared: where files of one folder share their names (``package_scope``:
        # a Swift target's files see each other), the folder is the package.
        spec = language_for(path)
        return (folder, "") if spec is not None and spec.package_scope else None

    def _load(self, files: set[str]) -> None:
        todo = files - self._read
        if todo:
            self._read |= todo
            for f, targets in self._edges_of(todo).items():
                self.imports.setdefault(f, set()).update(targets)
            self._bindings.update(self._bindings_of(todo))

    def _binds(self, file: str, names: set[str]) -> bool:
        bound, wildcard = self._bindings.get(file, (frozenset(), False))
        return wildcard or not names.isdisjoint(bound)

    def reexported(self, name: str, owners: set[str], using: set[str]) -> set[str]:
        """The files beyond the direct imports that a name imported by ``using`` comes from: an
        imported file that imports the name itself (``export {X} from``, ``from .x import X``,
        ``pub use``) or a wildcard passes it on from its own imports, up to ``REEXPORT_DEPTH``
        files deep. Only a using file that imports the name, or the module written before its dot,
        is followed: a name it does not import is none of this."""
        self._load(using)
        start = {f for f in using if self._binds(f, {name} | owners)}
        frontier = set().union(*(self.imports.get(f, set()) for f in start)) if start else set()
        seen = set(frontier)
        found: set[str] = set()
        for _ in range(REEXPORT_DEPTH):
            self._load(frontier)
            passing = {f for f in frontier if self._binds(f, {name})}
            frontier = set().union(*(self.imports.get(f, set()) for f in passing)) - seen if passing else set()
            seen |= frontier
            found |= frontier
            if not frontier:
                break
        return found


def choose(name: str, candidates: list[Candidate], using: set[str], usage: Usage, scope: Scope) -> list[Candidate]:
    """The one definition ``name`` means for the files ``using`` it, or none (see the module doc)."""
    member = name in usage.owners or name in usage.members
    # A field or enum member is reached through an object or a type (``x.name``), or bare from
    # inside its own class (its file), or where its language names enum members bare (C); a bare
    # name elsewhere is some local variable.
    candidates = [c for c in candidates if c.declared not in _ATTRIBUTES or member or c.file in using or _bare(c)]
    if not candidates:
        return []
    owners = usage.owners.get(name, set())
    for step in _steps(name, candidates, using, owners, scope):
        if not step:
            continue
        if len(step) > 1 and owners:
            step = [c for c in step if c.owner in owners]
        return step if len(step) == 1 else []
    return []


def _bare(c: Candidate) -> bool:
    """An enum member its language names bare (``LanguageSpec.bare_enum_members``)."""
    spec = language_for(c.file) if c.declared == DeclarationKind.MEMBER else None
    return spec is not None and spec.bare_enum_members


def _steps(
    name: str, candidates: list[Candidate], using: set[str], owners: set[str], scope: Scope
) -> Iterator[list[Candidate]]:
    """The candidates of each step in turn, each read only when the steps before found none."""
    imported = set().union(*(scope.imports.get(f, set()) for f in using))
    yield [c for c in candidates if c.file in imported]
    reexported = scope.reexported(name, owners, using) - imported
    yield [c for c in candidates if c.file in reexported]
    yield [c for c in candidates if c.file in using]
    packages = {p for p in (scope.package_of(f) for f in using) if p is not None}
    if packages:
        yield [c for c in candidates if scope.package_of(c.file) in packages]
    # Anywhere: a declaration only when named as a member or capitalised (types and constants
    # are, in every supported language); a lowercase bare name is more likely a local variable.
    # Never one its language shows only to the files including it (C's macros and typedefs).
    yield [c for c in candidates if not c.declared or ((owners or name[:1].isupper()) and not _included_only(c))]


def _included_only(c: Candidate) -> bool:
    spec = language_for(c.file)
    return spec is not None and spec.declarations_included_only
