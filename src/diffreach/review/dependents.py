"""What a change reaches beside the callers the graph binds to it: the walk's other edges.

A changed contract (deleted, renamed, a new signature or return) may break call sites that
resolution left unbound under its name; they are listed by name, capped per name. A changed file's
importers depend on it, but an importer that takes only its classes and functions does not depend on
its module-level code (those definitions are seeds of their own when they change). Subclasses depend
on a changed class, and on a changed method they inherit without overriding it, a few levels down.
Code that constructs a class whose declaration changed (its bases, type parameters, modifiers)
depends on it too: resolution binds ``new C()``, ``C()`` to the constructor the class declares, so
those calls reach the class through its constructors. Each function returns edges pointing at the
changed symbol, for ``impact.py``'s walk to add to the hop's callers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from diffreach.graph.store import Store
from diffreach.graph.walk_queries import (
    declares_receiver,
    declaring_files,
    edges_of_calls_named,
    imports_on_line,
    unbound_calls,
)
from diffreach.languages import language_for
from diffreach.model import Change, ChangeKind, Edge, EdgeKind, NodeKind, RefStatus, Resolution
from diffreach.review.families import family_members

_CONTRACT = frozenset({ChangeKind.DELETED, ChangeKind.RENAMED, ChangeKind.SIGNATURE, ChangeKind.RETURN})


def orphan_callers(store: Store, changed: list[Change], cap: int, notes: list[str]) -> list[Edge]:
    """Call sites that may bind to a changed contract but that resolution could not bind.

    A deleted symbol has no node any more: the references left unresolved under its
    name were its callers. A changed signature or return of a method called through a
    receiver of unknown type (duck typing) may break such call sites too. They are listed with
    resolution ``name``; past ``cap`` sites for one name in code they are left out, with a
    note; sites in tests are listed when every site fits the cap, else counted in a note.
    """
    edges: list[Edge] = []
    subclasses: dict[tuple[str, ...], set[str]] = {}  # per answer: many sites share an owner and a receiver
    for c in changed:
        if "::" not in c.id or not _CONTRACT & set(c.changes) or c.kind not in (NodeKind.FUNCTION, NodeKind.METHOD):
            continue
        name = c.id.rsplit("::", 1)[-1].rsplit(".", 1)[-1].split("#", 1)[0]
        gone = ChangeKind.DELETED in c.changes
        statuses = (RefStatus.UNRESOLVED, RefStatus.AMBIGUOUS) if gone else (RefStatus.UNRESOLVED,)
        rows = unbound_calls(store, name, statuses)
        # A function changed in place keeps its resolved callers; only methods on
        # unknown receivers are guessed at, never bare names. A function declared with a
        # receiver (an extension function) is called as a member of that receiver's type:
        # a call through a receiver the new declaration no longer takes is left unbound.
        member = c.kind == NodeKind.METHOD or _declares_receiver(store, c.id)
        rows = [r for r in rows if gone or (member and r[2] and r[2] != "?")]
        rows = [r for r in rows if not _called_elsewhere(store, r[0], r[2], c.id, subclasses)]
        # The cap bounds what a reviewer reads: code. Sites in tests (a test suite calls a
        # common name hundreds of times) are listed only when all fit; past it they are counted.
        code = [r for r in rows if not r[3]]
        listed = rows if len(rows) <= cap else code
        left = len(rows) - len(listed) if len(code) <= cap else len(rows)
        if left:
            where = "" if len(code) > cap else " in tests"
            sites = "call site" if left == 1 else "call sites"
            notes.append(f"{left} {sites}{where} of '{name}' on receivers of unknown type not listed (cap {cap})")
        if len(code) > cap:
            continue
        edges.extend(
            Edge(scope, c.id, EdgeKind.CALLS, Resolution.NAME, 0.5 if gone else 0.3, line)
            for scope, line, _, _ in listed
        )
    return edges


def _declares_receiver(store: Store, function: str) -> bool:
    spec = language_for(function.split("::", 1)[0])
    return spec is not None and declares_receiver(store, function, spec.self_names)


def _called_elsewhere(
    store: Store, scope: str, receiver: str, method: str, known: dict[tuple[str, ...], set[str]]
) -> bool:
    """Is an unbound call ``receiver.m()`` in ``scope`` surely not a call of ``method``? A call
    through a class (``Base.m(self)``, Java's ``Util.m()``) runs the ``m`` of that class's method
    resolution order: it can reach ``method`` only if one class of that name in the repository
    derives from ``method``'s class. ``super().m()`` (Java ``super.m()``) runs the ``m`` of the
    class after the calling one in the order of the instance's class: one of the caller's own
    bases (left unbound, so none in the repository defines ``m``), or, under multiple inheritance,
    a class that a subclass of the caller also derives from; so only where that class and the
    caller's share a subclass (either may be it). A receiver naming no class of the repository
    (an instance, a module, an outside class) stays a guess."""
    spec = language_for(scope.split("::", 1)[0])
    path, _, qualified = method.partition("::")
    if spec is None or "." not in qualified:
        return False
    owner = f"{path}::{qualified.split('#', 1)[0].rsplit('.', 1)[0]}"
    if receiver in spec.super_names:
        file, _, chain = scope.partition("::")
        parts = chain.split(".")
        enclosing = [f"{file}::{'.'.join(parts[:i])}" for i in range(len(parts) - 1, 0, -1)]
        return bool(enclosing) and not _subclasses_of(store, (owner,), known) & _subclasses_of(
            store, tuple(enclosing), known
        )
    if _NAME.fullmatch(receiver) is None:
        return False
    classes = {s.id for s in store.symbols_named(receiver) if s.kind == NodeKind.CLASS}
    return bool(classes) and not classes & _subclasses_of(store, (owner,), known)


_NAME = re.compile(r"[A-Za-z_$][\w$]*")


def _subclasses_of(
    store: Store, classes: tuple[str, ...], known: dict[tuple[str, ...], set[str]], depth: int = 8
) -> set[str]:
    """The classes given and every class that derives from one of them, ``depth`` levels down
    (kept in ``known``: the graph does not change during an answer)."""
    if classes in known:
        return known[classes]
    seen = set(classes)
    frontier = list(classes)
    for _ in range(depth):
        frontier = [e.source for e in store.edges_to(frontier, (EdgeKind.INHERITS,)) if e.source not in seen]
        if not frontier:
            break
        seen.update(frontier)
    known[classes] = seen
    return seen


def importer_edges(store: Store, files: list[Change], read_lines: Callable[[str], list[str] | None]) -> list[Edge]:
    """Importers of changed files. When only a file's module-level lines changed, an importer
    that takes nothing from it but its classes and functions is left out: it depends on those
    definitions, which are seeds of their own when they change, not on the module-level code.
    Importers of the whole module, of a wildcard, or of a name the file does not define as a
    class or function (a constant, a re-export) stay."""
    if not files:
        return []
    edges = store.edges_to([c.id for c in files], (EdgeKind.IMPORTS,))
    module_only = {c.id for c in files if c.changes == (ChangeKind.MODULE,)}
    return [e for e in edges if e.target not in module_only or not _takes_only_definitions(store, e, read_lines)]


def _takes_only_definitions(store: Store, edge: Edge, read_lines: Callable[[str], list[str] | None]) -> bool:
    rows = imports_on_line(store, edge.source.split("::", 1)[0], edge.line)
    # A row with neither name nor alias beside named ones is the statement's own record
    # (``import { a } from "./m"`` writes one); alone, it is a side-effect import of the module.
    if any(name for name, _, _ in rows):
        rows = [r for r in rows if r[0] or r[1]]
    if not rows or any(wildcard for _, _, wildcard in rows):
        return False
    if any(not name for name, _, _ in rows):
        # A module of one file: its module-level code is the module's own (kept). A package of
        # several files (Go's): the importer depends on this one file only through what it reads.
        package = [e for e in store.edges_from([edge.source], (EdgeKind.IMPORTS,)) if e.line == edge.line]
        if len(package) < 2:
            return False
        return _reads_only_definitions(store, edge, {alias for name, alias, _ in rows if not name}, read_lines)
    for name, _, _ in rows:
        own = store.symbol(f"{edge.target}::{name}")
        if own is not None:
            continue  # a definition of the changed file
        # Defined elsewhere (another module imported on the same line), or nowhere: then it
        # is a module-level name of the changed file, which its module-level change may touch.
        if not any(s.file != edge.target and s.kind != NodeKind.FILE for s in store.symbols_named(name)):
            return False
    return True


def _reads_only_definitions(
    store: Store, edge: Edge, aliases: set[str], read_lines: Callable[[str], list[str] | None]
) -> bool:
    """Whether an importer of a whole package reads nothing through its name (``alias.x``) that the
    changed file's module-level code may hold: every name it reads is a definition (a node) or a
    declaration of another file of the package. One that reads nothing through it (a side-effect
    import, or types only) or a name known nowhere stays, as does one reading a constant or variable
    of the changed file. Where every import must be used (``imports_used``), one that reads no name
    uses only types. The names are read from the importer's text (``alias.x`` anywhere, comments
    too: a mention keeps it), since a selector outside a call is no reference of the graph."""
    importer = edge.source.split("::", 1)[0]
    lines = read_lines(importer)
    if lines is None or not all(aliases) or "_" in aliases:
        return False
    # Not after a `.` or `/`: a field of that name, or the import path itself (`"x/validator.v9"`).
    selector = re.compile(rf"(?<![\w./])(?:{'|'.join(map(re.escape, sorted(aliases)))})\s*\.\s*([A-Za-z_]\w*)")
    names = {m.group(1) for line in lines for m in selector.finditer(line)}
    if not names:
        spec = language_for(importer)
        return spec is not None and spec.imports_used
    declared = declaring_files(store, names)
    for name in names:
        files = declared.get(name, set())
        if edge.target in files:
            return False
        if not files and not any(s.kind != NodeKind.FILE for s in store.symbols_named(name)):
            return False
    return True


def subclass_edges(store: Store, frontier: list[str], seeds: dict[str, Change], depth: int) -> list[Edge]:
    """Subclasses of changed classes, and of classes whose changed method they inherit."""
    if depth < 1:
        return []
    out: list[Edge] = []
    syms = store.symbols(frontier)
    for sid in frontier:
        sym = syms.get(sid)
        if sym is None:
            continue
        if sym.kind == NodeKind.CLASS and sid in seeds:
            out.extend(_subclasses(store, sid, depth))
        elif sym.kind == NodeKind.METHOD and sid in seeds and sym.parent:
            for e in _subclasses(store, sym.parent, depth):
                own = store.symbol(f"{e.source}.{sym.name}")
                if own is None:  # inherits the changed method without overriding it
                    out.append(Edge(e.source, sid, EdgeKind.INHERITS, e.resolution, e.confidence, e.line))
    return out


def _subclasses(store: Store, cls: str, depth: int) -> list[Edge]:
    out: list[Edge] = []
    frontier = [cls]
    for _ in range(depth):
        edges = [
            Edge(e.source, cls, e.kind, e.resolution, e.confidence, e.line)
            for e in store.edges_to(frontier, (EdgeKind.INHERITS,))
        ]
        out.extend(edges)
        frontier = [e.source for e in edges]
    return out


def constructing_edges(store: Store, seeds: Iterable[Change], kinds: tuple[str, ...]) -> list[Edge]:
    """The calls that construct each class whose own declaration changed, retargeted at the
    class: the calls of the constructors it declares (``class_constructors``), or, where it
    declares none and inherits its base's (Python's ``__init__``, JavaScript's ``constructor``),
    the calls written with its name that resolution bound to that inherited constructor."""
    out: list[Edge] = []
    for c in seeds:
        if c.kind != NodeKind.CLASS or ChangeKind.SIGNATURE not in c.changes:
            continue
        own = class_constructors(store, c.id)
        if own:
            found = store.edges_to(own, kinds)
        else:
            inherited = set(_inherited_constructors(store, c.id))
            name = c.id.rsplit("::", 1)[-1].rsplit(".", 1)[-1]
            found = [e for e in edges_of_calls_named(store, name, kinds) if e.target in inherited] if inherited else []
        out.extend(
            Edge(e.source, c.id, e.kind, e.resolution, e.confidence, e.line)
            for e in found
            if e.source != c.id and not e.source.startswith(f"{c.id}.")
        )
    return out


def _inherited_constructors(store: Store, cls: str, depth: int = 8) -> tuple[str, ...]:
    """The constructors a class that declares none runs: those of its nearest bases that declare
    one (a bounded walk up), where the language inherits constructors (not Java's or C#'s)."""
    spec = language_for(cls.split("::", 1)[0])
    if spec is None or spec.constructor_is_class_name:
        return ()
    seen, frontier = {cls}, [cls]
    for _ in range(depth):
        bases = sorted({e.target for e in store.edges_from(frontier, (EdgeKind.INHERITS,))} - seen)
        found = tuple(k for base in bases for k in class_constructors(store, base))
        if found or not bases:
            return found
        seen.update(bases)
        frontier = bases
    return ()


def class_constructors(store: Store, cls: str) -> tuple[str, ...]:
    """The constructors class ``cls`` declares: the members its language names so (``__init__``,
    ``constructor``; the class's own name in Java or C#), each overload of them."""
    spec = language_for(cls.split("::", 1)[0])
    if spec is None:
        return ()
    names = (cls.rsplit("::", 1)[-1].rsplit(".", 1)[-1],) if spec.constructor_is_class_name else spec.constructor_names
    first = [f"{cls}.{n}" for n in names]
    found = store.symbols(first)
    return tuple(m for k in first for m in ([k] if k in found else []) + family_members(store, k))


def constructed_through(store: Store, constructor: str) -> frozenset[str]:
    """The names of the classes whose construction runs ``constructor``: its own class, and every
    subclass down the tree that defines no constructor of its own. Where the language names its
    constructors (Python's ``__init__``, JavaScript's ``constructor``), a class without one inherits
    its base's by the language's member lookup, as resolution binds ``Sub()`` (``classes.py``);
    where a constructor is named after its class (Java, C#), none is inherited."""
    spec = language_for(constructor.split("::", 1)[0])
    method = store.symbol(constructor)
    if spec is None or spec.constructor_is_class_name or method is None or not method.parent:
        return frozenset()
    if method.name not in spec.constructor_names:
        return frozenset()
    names: set[str] = set()
    seen, frontier = {method.parent}, [method.parent]
    while frontier:
        names.update(sid.rsplit("::", 1)[-1].rsplit(".", 1)[-1] for sid in frontier)
        heirs = {e.source for e in store.edges_to(frontier, (EdgeKind.INHERITS,))} - seen
        seen |= heirs
        frontier = sorted(h for h in heirs if not any(store.symbol(f"{h}.{n}") for n in spec.constructor_names))
    return frozenset(names)


__all__ = [
    "class_constructors",
    "constructed_through",
    "constructing_edges",
    "importer_edges",
    "orphan_callers",
    "subclass_edges",
]
