"""Classes: base lists, members through the bases, the class of a scope, constructors.

The layer on ``Imports`` (see ``state.py``). A member is looked up in the
class, then in members defined outside its body (out-of-line methods, other
pieces of an open class), then through the resolved bases in their written
order: along the C3 linearization where the language defines one (Python's MRO,
``LanguageSpec.c3_lookup``), else depth-first (Java's superclass, written first,
before its interfaces: a class's method wins over an interface's default). Base lists are
memoised per class with a guard against inheritance cycles; a member's answer is
memoised for the file being resolved only while no base list is being worked
out, since only then is every base list it reads final.
"""

from __future__ import annotations

from diffreach.model import NodeKind, SymRow
from diffreach.resolve.imports import Imports
from diffreach.resolve.records import MAX_DEPTH, UNKNOWN
from diffreach.resolve.records import qualname as _qualname

_MAX_DEPTH = MAX_DEPTH
# Members of a family read at most (a generated file with thousands of ``f#N``).
MAX_MEMBERS = 64


class Classes(Imports):
    def bases(self, cls: SymRow) -> tuple[SymRow, ...]:
        found = self._bases.get(cls.id)
        if found is not None:
            self._member_cycles += cls.id in self._bases_ids_open
            return found
        self._bases[cls.id] = ()  # guards against inheritance cycles
        self._bases_open += 1
        self._bases_ids_open.add(cls.id)
        cycles = self._member_cycles
        out: list[SymRow] = []
        try:
            for ref in self.source.inherit_refs_of(cls.id):
                target = self._resolve_expr(cls.file, cls.parent or cls.file, ref.receiver, ref.name)
                if isinstance(target, SymRow) and self.can_be_base(target) and target.id != cls.id:
                    out.append(target)
        finally:
            self._bases_open -= 1
            self._bases_ids_open.discard(cls.id)
        if self._member_cycles == cycles:
            self._bases[cls.id] = tuple(out)
        else:  # cut short by a cycle: depends on where it was entered, not reused
            del self._bases[cls.id]
        return tuple(out)

    def can_be_base(self, row: SymRow) -> bool:
        """A class, or a top-level function where functions are constructors (JavaScript: ``class
        B extends F``, ``B.prototype = Object.create(F.prototype)``; ECMA-262 lets any constructor
        be a base, and a function declaration is one)."""
        if row.kind == NodeKind.CLASS:
            return True
        return row.kind == NodeKind.FUNCTION and row.parent == row.file and bool(self._specs[row.file].prototype_names)

    def member(self, cls: SymRow, name: str, depth: int = 0) -> SymRow | None:
        """A member of a class or of its ancestors (depth-first, like a simple MRO).
        Memoised for the file being resolved while no class's bases are being worked out
        (then every base list it reads is final, and so is the answer)."""
        if depth or self._bases_open:
            return self._member(cls, name, depth)
        key = (cls.id, name)
        found = self._file_members.get(key, UNKNOWN)
        if found is UNKNOWN:
            found = self._file_members[key] = self._member(cls, name, 0)
        return found

    def _member(self, cls: SymRow, name: str, depth: int) -> SymRow | None:
        found = self.child(cls.id, name) or self._detached_member(cls, name)
        if found is None and self._specs[cls.file].merged_declarations:
            found = next((m for other in self._merged_with(cls) if (m := self.child(other.id, name))), None)
        if found is not None or depth > _MAX_DEPTH:
            return found
        order = self.linearization(cls) if depth == 0 and self._specs[cls.file].c3_lookup else None
        if order is not None:
            return next((m for k in order[1:] if (m := self.child(k.id, name) or self._detached_member(k, name))), None)
        for base in self.bases(cls):
            found = self.member(base, name, depth + 1)
            if found is not None:
                return found
        return None

    def family_rows(self, base: str) -> list[SymRow]:
        """The definitions of one name in one scope, ``base``, ``base#2``, … in source order."""
        rows = []
        for n in range(1, MAX_MEMBERS + 1):
            row = self.symbol(base if n == 1 else f"{base}#{n}")
            if row is None:
                break
            rows.append(row)
        return rows

    def _merged_with(self, cls: SymRow) -> list[SymRow]:
        """The other classes of ``cls``'s family, whose members merge with its own where the
        language merges declarations."""
        return [r for r in self.family_rows(cls.id.partition("#")[0]) if r.id != cls.id and r.kind == NodeKind.CLASS]

    def linearization(self, cls: SymRow, depth: int = 0) -> tuple[SymRow, ...] | None:
        """The class and its ancestors in C3 order (Python's MRO): the class, then the merge of
        its bases' linearizations and of the base list itself, each step taking the first head
        that is in no list's tail. None when there is none (Python rejects such a class) or the
        hierarchy is deeper than followed; the caller then looks depth-first."""
        found = self._linearizations.get(cls.id, UNKNOWN) if not self._bases_open else UNKNOWN
        if found is not UNKNOWN:
            return found
        cycles = self._member_cycles
        bases = self.bases(cls)
        lists = [self.linearization(b, depth + 1) for b in bases] if depth <= _MAX_DEPTH else [None]
        merged: tuple[SymRow, ...] | None = None
        if all(lists):
            merged = _c3_merge(cls, [list(x or ()) for x in lists] + [list(bases)])
        if not self._bases_open and depth == 0 and self._member_cycles == cycles:
            self._linearizations[cls.id] = merged
        return merged

    def enclosing_class(self, scope: str) -> SymRow | None:
        current: str | None = scope
        while current and "::" in current:
            row = self.symbol(current)
            if row is None:
                return None
            if row.kind == NodeKind.CLASS or self.constructor_function(row):
                return row
            if row.kind == NodeKind.METHOD and row.parent:
                parent = self.symbol(row.parent)
                if parent is not None and parent.kind == NodeKind.FUNCTION:
                    return parent  # F.prototype.m = function () {}: `this` is an F (a constructor function)
            owner = self.owner_class(row)
            if owner is not None:
                return owner
            current = row.parent
        return None

    def sibling_member(self, scope: str, name: str) -> SymRow | None:
        """``this.name`` in a method given out of line to an object that is no class of the
        repository (JavaScript's ``app.init = function () {…}`` on ``app = {}``): called as
        ``app.init()``, ``this`` is ``app``, so its member is the ``app.name`` the same file gives."""
        row = self.symbol(scope)  # the method's own body: a function nested in it has a `this` of its own
        if row is None or row.kind != NodeKind.METHOD or row.parent != row.file or self.owner_class(row):
            return None
        owner = _qualname(row.id).rpartition(".")[0]
        found = self.child(row.file, f"{owner}.{name}") if owner else None
        return found if found is not None and found.kind == NodeKind.METHOD else None

    def sibling_owner(self, scope: str) -> str:
        """The name of the plain object a method was given to out of line (``app`` of ``app.init =
        function () {…}``), "" when the method belongs to a class or is none."""
        row = self.symbol(scope)
        if row is None or row.kind != NodeKind.METHOD or row.parent != row.file or self.owner_class(row):
            return ""
        return _qualname(row.id).rpartition(".")[0]

    def constructor_function(self, row: SymRow) -> bool:
        """Whether ``row`` is a function with methods of its own (JavaScript's ``F.prototype.m =
        function () {}``, ``F.m = …``): a class before ``class``, whose ``new F()`` makes instances
        (ECMA-262: their prototype is ``F.prototype``). A function with nested functions only is none."""
        # A function a path is given (a.b.F = function () {…}) is a method by its name; in a language
        # of constructor functions it constructs as one declared by name does.
        if row.kind != NodeKind.FUNCTION and not (
            row.kind == NodeKind.METHOD and self._specs[row.file].prototype_names
        ):
            return False
        owners = self._method_owners.get(row.file)
        if owners is None:
            rows = self._syms(row.file)[0].values()
            owners = frozenset(r.parent for r in rows if r.kind == NodeKind.METHOD and r.parent)
            self._method_owners[row.file] = owners
        return row.id in owners

    def _implicit_member(self, cls: SymRow, name: str) -> SymRow | None:
        # Inside its class, the class's own name is the class, not its constructor;
        # nor is a base's constructor a member (class B extends A: a bare A is the class).
        if name == cls.name:
            return cls
        found = self.member(cls, name)
        if found is not None and found.kind == NodeKind.METHOD and self._specs[cls.file].constructor_is_class_name:
            owner = self.symbol(found.parent) if found.parent else None
            if owner is not None and owner.name == found.name:
                return None
        return found

    def owner_class(self, row: SymRow) -> SymRow | None:
        """The class of a method defined out of line in another file than its class
        (``void Foo::bar()`` beside ``foo.h``, a Go receiver, a Rust ``impl``): a class
        with the qualifier's name in the method's file, a file it imports, or its package."""
        if row.kind != NodeKind.METHOD or row.parent != row.file:
            return None
        owner = _qualname(row.id).rpartition(".")[0]
        if not owner:
            return None
        lang = self.source.language_of(row.file)
        found = [
            c
            for c in self._candidates(owner.rsplit(".", 1)[-1])
            if c.kind == NodeKind.CLASS and _qualname(c.id) == owner and self.source.language_of(c.file) == lang
        ]
        visible = self._visible_files(row.file)
        for c in sorted(found, key=lambda c: (c.file != row.file, c.file not in visible, c.id)):
            if c.file == row.file or c.file in visible or len(found) == 1:
                return c
        return None

    def _visible_files(self, path: str) -> set[str]:
        files = {f for imp in self._file_imports(path) if imp.module for f in self.import_files(path, imp)}
        if self._specs[path].package_scope:
            files.update(self._package_files(path))
        return files

    def _detached_member(self, cls: SymRow, name: str) -> SymRow | None:
        """A member defined outside the class body: out of line, or in another piece
        of an open class."""
        detached = self._detached.get(name)
        if detached is None:
            # Scanning every definition of a common name (``get``, ``__init__``) on each
            # member lookup was the hottest loop of a full build; filter once per name,
            # by qualified name, in the candidates' order.
            detached = self._detached[name] = {}
            for row in self._candidates(name):
                if row.kind == NodeKind.METHOD and row.parent == row.file:
                    detached.setdefault(_qualname(row.id), []).append(row)
        if detached:  # empty for most names: few languages define methods out of their class
            for row in detached.get(f"{_qualname(cls.id)}.{name}", ()):
                owner = self.owner_class(row)
                if owner is not None and owner.id == cls.id:
                    return row
        if self._specs[cls.file].open_classes:
            qual = _qualname(cls.id)
            package = self.source.package_of(cls.file)
            for piece in self._candidates(cls.name):
                if (
                    piece.kind == NodeKind.CLASS
                    and piece.id != cls.id
                    and _qualname(piece.id) == qual
                    and self.source.language_of(piece.file) == self.source.language_of(cls.file)
                    and self.source.package_of(piece.file) == package
                ):
                    found = self.child(piece.id, name)
                    if found is not None:
                        return found
        return None

    def _constructor(self, cls: SymRow) -> SymRow:
        spec = self._specs[cls.file]
        names = spec.constructor_names + ((cls.name,) if spec.constructor_is_class_name else ())
        for name in names:
            found = self.child(cls.id, name) if spec.constructor_is_class_name else self.member(cls, name)
            if found is not None and found.kind == NodeKind.METHOD:
                return found
        return cls


def _c3_merge(cls: SymRow, lists: list[list[SymRow]]) -> tuple[SymRow, ...] | None:
    out = [cls]
    lists = [x for x in lists if x]
    while lists:
        tails = {r.id for x in lists for r in x[1:]}
        head = next((x[0] for x in lists if x[0].id not in tails), None)
        if head is None:
            return None  # no consistent order (class D(A, B) with B(A))
        out.append(head)
        lists = [x[1:] if x[0].id == head.id else x for x in lists]
        lists = [x for x in lists if x]
    return tuple(out)
