"""Classes that can have no instances, so that dispatch never runs their methods.

Where the language makes objects only by construction (``LanguageSpec.instances_by_construction``:
Java's ``new C(…)`` and ``C::new``, an enum's constants), a class that code outside its package
cannot name (its visibility scope, or an enclosing class's, is its file or its package: JLS 6.6.1)
has an instance only if code of the repository constructs it or a subclass of it. The graph says
where: a ``calls``, ``references`` or ``tests`` edge to the class or to one of its constructors from
anywhere but those constructors themselves (``this(…)``), a class literal (``C.class``: a
``references`` edge), or a string literal or comment naming it (reflection: ``Class.forName``). A call on an interface or base type
reaches the override of such a class through no object, so the dispatch pair is not made (the
readers in index/dispatch.py, the walk in review/impact.py); the call edge to the method the code
names stays, whatever its class. Frameworks that find classes by scanning (dependency injection,
service files) and deserialization make objects that no code names: outside this static view;
test classes, which a test framework makes by reflection, are never taken to have none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from diffreach.graph.store import Store
from diffreach.graph.walk_queries import call_receivers
from diffreach.languages import language_for
from diffreach.model import EdgeKind, NodeKind, Symbol

_WORDS = re.compile(r"[\w$]+")
_CLOSED_SCOPES = frozenset({"file", "package"})
_CONSTRUCTING = (EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.TESTS)
MAX_DEPTH = 6  # subclass levels followed downwards (as the dispatch readers' base chains)


def idle_overrides(store: Store, pairs: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (base method, override) pairs among ``pairs`` where no object runs the override: its
    class descends from the base's and has no instances (see the module text). An override
    outside the base's hierarchy (a method of an anonymous class, filed under the class around
    it; one inherited from another base) is left alone: its class says nothing of its objects."""
    empty: dict[str, bool] = {}
    out = set()
    for base, override, cls, _, descends in _with_classes(store, pairs):
        if not descends:
            continue
        if cls not in empty:
            empty[cls] = not _may_exist(store, cls)
        if empty[cls]:
            out.add((base, override))
    return out


def idle_methods(store: Store, methods: Iterable[str]) -> set[str]:
    """The methods among ``methods`` that no object runs: an object runs the method its own class
    finds by lookup (JLS 15.12.4.4), and neither the method's class nor any subclass that inherits
    it without an override can have an object of its own (see the module text). A call bound to
    such a method binds to it (its signature is the call's) and runs an override in its place,
    unless an override calls it explicitly (``super.m()``), which keeps it. Static methods and
    constructors are left alone: they run on no object."""
    out = set()
    syms = store.symbols(list(methods))
    for method in sorted(syms):
        sym = syms[method]
        cls = store.symbol(sym.parent) if sym.kind == NodeKind.METHOD and sym.parent else None
        if cls is None or sym.name == cls.name or not _closed(store, cls) or _static(sym):
            continue
        family = [cls.id, *_descendants(store, cls.id)]
        overriding = {o.parent for o in store.symbols(overrides_of(store, method)).values() if o.parent}
        if not overriding:
            continue  # nothing runs in its place: dispatch has nothing to say
        callers = store.symbols(e.source for e in store.edges_to([method], _CONSTRUCTING))
        if any(c.parent in family[1:] for c in callers.values()):
            continue  # called from inside the hierarchy (``super.m()``): it may run there
        found_by = [k for k in family if k not in overriding and not (class_ancestors(store, k) & overriding)]
        members = store.symbols(found_by)
        if not any(k not in members or _owns_objects(store, members[k]) for k in found_by):
            out.add(method)
    return out


def _static(sym: Symbol) -> bool:
    spec = language_for(sym.file)
    return spec is None or not spec.static_modifiers.isdisjoint(_WORDS.findall(sym.signature.split("(", 1)[0]))


def overrides_of(store: Store, method: str) -> list[str]:
    """The methods that ``dynamic`` edges lead to from ``method``, ``MAX_DEPTH`` levels down."""
    seen: list[str] = []
    todo = [method]
    for _ in range(MAX_DEPTH):
        todo = sorted({e.target for e in store.edges_from(todo, (EdgeKind.DYNAMIC,))} - {method, *seen})
        if not todo:
            break
        seen.extend(todo)
    return seen


def _owns_objects(store: Store, sym: Symbol) -> bool:
    """Whether objects whose class is ``sym`` itself may exist (not only of its subclasses)."""
    return not _closed(store, sym) or _constructed(store, sym) or _named_in_text(store, sym)


def static_super_receivers(path: str) -> frozenset[str]:
    """The receivers naming the superclass in ``path``'s language where a call on them binds
    statically, to the method the superclass's lookup finds (JLS 15.12.4.1; ECMA-262's ``super.m``
    reads the home object's prototype; C#'s ``base``): every language here but Python, whose
    cooperative ``super()`` follows the object's MRO (``c3_lookup``); empty there."""
    spec = language_for(path)
    return spec.super_names if spec is not None and not spec.c3_lookup else frozenset()


def on_other_objects(store: Store, calls: Iterable[tuple[Symbol, int, str]]) -> set[tuple[str, int, str]]:
    """The (caller, line, name) among ``calls`` (a method's calls bound to a base method) written on
    another object: a receiver that is neither the object the method runs on (``self``, ``this``,
    a bare name), nor ``super``, nor one of the caller's class's own ancestors named as a class
    (``Base.m(self)``). Such a call is virtual wherever it stands (JLS 15.12.4.4): an object of
    the caller's own class may receive it, whose override then runs."""
    calls = list(calls)
    receivers = call_receivers(store, [(c.id, line, name) for c, line, name in calls])
    out = set()
    names: dict[str, set[str]] = {}
    for caller, line, name in calls:
        written = receivers.get((caller.id, line, name), set())
        spec = language_for(caller.file)
        if not written or spec is None or caller.parent is None:
            continue
        own = spec.self_names | spec.super_names | ({""} if spec.implicit_self else frozenset())
        if caller.parent not in names:
            names[caller.parent] = {
                a.rpartition("::")[2].rpartition(".")[2] for a in class_ancestors(store, caller.parent)
            }
        if not written & (own | names[caller.parent]):
            out.add((caller.id, line, name))
    return out


def foreign_overrides(store: Store, pairs: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (base method, override) pairs among ``pairs`` whose override is filed under a class
    that does not descend from the base's: a method of an anonymous class body (JLS 15.9.5),
    filed under the class around the ``new T() { ... }`` expression."""
    return {
        (base, override)
        for base, override, cls, base_cls, descends in _with_classes(store, pairs)
        if not descends and base_cls != cls
    }


def _with_classes(store: Store, pairs: Iterable[tuple[str, str]]) -> Iterator[tuple[str, str, str, str, bool]]:
    """Each pair whose two methods have classes: (base, override, the override's class, the base's
    class, whether the override's class descends from the base's)."""
    pairs = list(dict.fromkeys(pairs))
    syms = store.symbols({i for pair in pairs for i in pair})
    ancestors: dict[str, set[str]] = {}
    for base, override in pairs:
        b, o = syms.get(base), syms.get(override)
        if b is None or o is None or not b.parent or not o.parent:
            continue
        if o.parent not in ancestors:
            ancestors[o.parent] = class_ancestors(store, o.parent)
        yield base, override, o.parent, b.parent, b.parent in ancestors[o.parent]


def _may_exist(store: Store, cls: str) -> bool:
    family = [cls, *_descendants(store, cls)]
    syms = store.symbols(family)
    for member in family:
        sym = syms.get(member)
        if sym is None or not _closed(store, sym) or _constructed(store, sym) or _named_in_text(store, sym):
            return True
    return False


def _closed(store: Store, sym: Symbol) -> bool:
    """Whether ``sym`` is a class of a language that makes objects by construction only, not an
    enum, and hidden from code outside its package (or an enclosing class is)."""
    spec = language_for(sym.file)
    # Test code is run by a test framework, which makes the test classes' objects by reflection.
    if spec is None or not spec.instances_by_construction or sym.kind != NodeKind.CLASS or sym.is_test:
        return False
    rules = spec.binding_rules
    head = _header_words(sym)
    if rules is None or not rules.visibility_scopes or not spec.self_instantiating_words.isdisjoint(head):
        return False
    current: Symbol | None = sym
    for _ in range(MAX_DEPTH):
        if current is None or current.kind != NodeKind.CLASS:
            return current is not None  # a class declared in a function: named inside it only
        words = _header_words(current)
        scope = next((s for w, s in rules.visibility_scopes if w in words), rules.default_visibility)
        if scope in _CLOSED_SCOPES:
            return True
        current = store.symbol(current.parent) if current.parent and current.parent != current.file else None
    return False


def _header_words(sym: Symbol) -> list[str]:
    """The words of a class header before the class's name (``public final class C<T> …``)."""
    at = re.search(rf"(?<![\w$]){re.escape(sym.name)}(?![\w$])", sym.signature)
    return _WORDS.findall(sym.signature[: at.start()] if at else sym.signature)


def _constructed(store: Store, sym: Symbol) -> bool:
    constructors = [s.id for s in store.symbols_in_file(sym.file) if s.parent == sym.id and s.name == sym.name]
    own = set(constructors)
    return any(e.source not in own for e in store.edges_to([sym.id, *constructors], _CONSTRUCTING))


def class_ancestors(store: Store, cls: str) -> set[str]:
    """The classes ``cls`` descends from (``inherits`` edges), ``MAX_DEPTH`` levels up."""
    seen: set[str] = set()
    todo = [cls]
    for _ in range(MAX_DEPTH):
        todo = sorted({e.target for e in store.edges_from(todo, (EdgeKind.INHERITS,))} - seen)
        if not todo:
            break
        seen.update(todo)
    return seen


def _named_in_text(store: Store, sym: Symbol) -> bool:
    """Whether a string literal or a comment outside the class names it: reflection makes objects
    of a class given by its name (``Class.forName("a.b.C")``). The class's own text (its
    documentation, ``return "C"``) does not count: it runs only once an object or the class does."""
    like = "%" + sym.name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    inside = sym.id + "."
    word = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(sym.name)}(?![A-Za-z0-9_])")  # a$B names B too
    rows = store.conn.execute(
        "SELECT text FROM notes WHERE text LIKE ? ESCAPE '\\' AND node != ? AND substr(node, 1, ?) != ?",
        (like, sym.id, len(inside), inside),
    )
    return any(word.search(text) for (text,) in rows)


def _descendants(store: Store, cls: str) -> list[str]:
    seen: list[str] = []
    todo = [cls]
    for _ in range(MAX_DEPTH):
        todo = sorted({e.source for e in store.edges_to(todo, (EdgeKind.INHERITS,))} - {cls, *seen})
        if not todo:
            break
        seen.extend(todo)
    return seen


__all__ = [
    "class_ancestors",
    "idle_methods",
    "idle_overrides",
    "on_other_objects",
    "overrides_of",
    "static_super_receivers",
]
