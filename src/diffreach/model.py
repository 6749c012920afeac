"""Frozen records that flow between the stages of the pipeline.

Every stage takes and returns these records and nothing else, so a stage can be tested alone with
hand-made inputs and never reaches into another's internals. Ids are readable strings: a file's id is
its repo-relative path, a symbol's is ``path::Qualified.name``. Line numbers are 1-based and inclusive.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

# The review's records, apart to keep this module small; imported from here like the rest.
from diffreach.review_records import (
    Change,
    CoChange,
    CoChanged,
    ContextBlock,
    FileDiff,
    Hunk,
    ImpactResult,
    IndexState,
    Radius,
    Reached,
)


class NodeKind(StrEnum):
    FILE = "file"
    CLASS = "class"  # also interface, struct, enum, trait
    FUNCTION = "function"
    METHOD = "method"


class RefKind(StrEnum):
    """Raw reference kinds: what the extractor saw."""

    CALL = "call"
    VALUE = "value"  # a function or class used as a value: passed, decorated with
    INHERIT = "inherit"
    # Syntax that runs a method of its operand's type (``a[i]``, ``with a``, ``a + b``): named by
    # the language's table (``LanguageSpec.protocol_methods``), bound only through a known type.
    PROTOCOL = "protocol"
    # A method of an anonymous class body (Java's ``new Base() { int m() {…} }``, JLS 15.9.5),
    # filed under the class around it: ``receiver`` is the class it extends or implements, ``name``
    # the method; bound, it makes the dispatch edge Base.m → the method, never a call.
    OVERRIDE = "override"


class EdgeKind(StrEnum):
    """What resolution made of a reference (``contains`` is derived from each node's parent)."""

    CALLS = "calls"
    REFERENCES = "references"
    IMPORTS = "imports"
    INHERITS = "inherits"
    TESTS = "tests"
    CONTAINS = "contains"
    DYNAMIC = "dynamic"


class Resolution(StrEnum):
    """How an edge's target was found, strongest first."""

    IMPORT = "import"
    SCOPE = "scope"
    TYPE = "type"  # through a receiver whose type is declared or inferred
    UNIQUE_NAME = "unique-name"
    AMBIGUOUS_NAME = "ambiguous-name"
    DYNAMIC = "dynamic"
    VALUE = "value"  # a function value followed from where it is bound to where it is called
    NAME = "name"  # the review's guess: a call on a receiver of unknown type, matched by its name
    CALLBACK = "callback"  # f passed to an outside callee (``arr.forEach(f)``), taken to call it


class RefStatus(StrEnum):
    """What became of a raw reference."""

    RESOLVED = "resolved"
    AMBIGUOUS = "ambiguous"
    EXTERNAL = "external"  # bound to an import that leaves the repository
    BUILTIN = "builtin"
    UNRESOLVED = "unresolved"


class ChangeKind(StrEnum):
    """How a changed symbol differs between the old and the new version."""

    ADDED = "added"
    DELETED = "deleted"
    RENAMED = "renamed"
    SIGNATURE = "signature"
    RETURN = "return"
    RAISES = "raises"
    DECORATORS = "decorators"
    VISIBILITY = "visibility"
    BODY = "body"
    MODULE = "module"


class DeclarationKind(StrEnum):
    """Definitions that are no node of the graph (``Declaration``): what the forward context shows
    when the changed lines use them, and what call resolution and query ranking never see."""

    CONSTANT = "constant"  # a module-level or static constant (``MAX = 3``, ``const``, ``static final``)
    FIELD = "field"  # a field or property of a class, struct or record
    MEMBER = "member"  # an enum member
    ALIAS = "alias"  # a type alias or union (``type X = …``, ``X: TypeAlias = …``)


# The confidence of an edge, by how its target was found.
CONFIDENCE = {
    Resolution.IMPORT: 0.95,
    Resolution.SCOPE: 0.9,
    Resolution.TYPE: 0.85,
    Resolution.DYNAMIC: 0.6,
    Resolution.UNIQUE_NAME: 0.5,
    Resolution.AMBIGUOUS_NAME: 0.2,
    Resolution.VALUE: 0.7,
    Resolution.CALLBACK: 0.6,
}


@dataclass(frozen=True, slots=True)
class Symbol:
    """A node of the graph: a file, class, function or method."""

    id: str
    kind: str
    name: str
    qualname: str  # "" for a file
    file: str
    start_line: int
    end_line: int
    signature: str = ""
    doc: str = ""
    is_test: bool = False
    parent: str | None = None  # id of the enclosing symbol; None for a file
    # A method declared without a body for its implementations (``LanguageSpec.bodiless_runs``):
    # a call bound to it runs an implementation, never it.
    abstract: bool = False
    # Prose about the symbol for query ranking: the rest of its docstring, and the comments and
    # string literals of its own body (a nested symbol's are its own), whitespace collapsed and
    # capped; a file's holds its module docstring and top-level comments and strings. Stored
    # apart from the node (the ``notes`` table).
    notes: str = ""

    def as_json(self) -> dict[str, object]:
        """The symbol as callers and callees list it (the graph dump lists fewer fields)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "file": self.file,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "signature": self.signature,
            "is_test": self.is_test,
            **({"abstract": True} if self.abstract else {}),
        }


@dataclass(frozen=True, slots=True)
class SymRow:
    """The few columns of a symbol that resolution reads."""

    id: str
    kind: str
    name: str
    file: str
    parent: str | None
    is_test: bool = False


@dataclass(frozen=True, slots=True)
class Ref:
    """A name used in code, before resolution. ``receiver`` is the text left of the final dot
    (``self``, ``os.path``, ``client``) or "" for a bare name; ``scope`` is the innermost
    enclosing symbol id (the file id at module level)."""

    scope: str
    kind: str
    name: str
    receiver: str
    line: int
    # How many arguments a call passes (its query captured the argument list); -1 when not
    # counted: not a call, a spread or splat argument, no capture. Overloads are chosen by it.
    args: int = -1


@dataclass(frozen=True, slots=True)
class Import:
    """One name bound by an import statement. ``module`` is the spec as written (``..pkg.mod``,
    ``./util``, ``fmt``); ``name`` is the imported member, or "" when the module itself is bound;
    ``alias`` is the local name ("" for a side-effect import); ``wildcard`` marks ``from m
    import *`` / ``export * from``; ``program_wide`` an import that binds in every file of the
    program, not in its own only (C#'s ``global using``)."""

    module: str
    name: str
    alias: str
    line: int
    wildcard: bool = False
    program_wide: bool = False


# A binding whose type_name starts with this holds a function value (``h = f`` → "=f"), or, alone,
# marks the name rebound to a value that is not one (resolve/values.py).
VALUE_MARK = "="
# A binding whose type_name is this: the scope binds the name itself (a parameter, a local, a loop
# variable) with no type stated; inside a function it hides any outer binding (resolve/resolver.py).
LOCAL_MARK = "?"
# A type_name prefix: a value of some type implementing the trait named (Rust's ``dyn Tr``, ``impl Tr``).
IMPLEMENTS = "^"
# A binding whose type_name is this: an import statement inside the function (the scope) binds
# the name for that function only; the file's import of the name on the binding's line says
# what it binds (Python's ``def f(): from .m import g``; resolve/resolver.py).
IMPORT_MARK = "<"
# After a name or field path: a value a mapping holds (Python's dict[K, V], TypeScript's Map<K, V> and
# Record<K, V>), which an index, the mapping's value methods and a loop over its values() read; a
# loop over the mapping itself reads its keys (ELEMENT, not this).
VALUES = "{}"
# After a class's name: what a test of the value's class narrows it to (``isinstance(x, C)``, Kotlin's
# ``x is C``), in the block its binding holds in (``LanguageSpec.narrowing_blocks``: extract/scopes.py),
# read by line there only (resolve/blocks.py).
NARROWED = "<is>"
# Between the candidates of a type_name: the name holds a value of one of them (``a or B()``, or
# bound on several lines of one scope); resolve/types.py keeps the class they share.
EITHER = "|"


@dataclass(frozen=True, slots=True)
class Binding:
    """A variable whose type the code states: ``x = Foo()``, ``x: Foo``, ``Foo x``. ``end_line``:
    the last line of the block that bounds it where the language's declarations are block-scoped
    (``LanguageSpec.binding_blocks``); 0 where it holds in its whole scope."""

    scope: str
    name: str
    type_name: str
    line: int
    end_line: int = 0


@dataclass(frozen=True, slots=True)
class Declaration:
    """A constant, field, enum member or type alias (``DeclarationKind``): its name, the id of
    the definition holding it (the file at top level), its lines, and its text clipped to a few
    lines (a constant's value, an alias's type)."""

    scope: str
    name: str
    kind: str
    line: int
    end_line: int
    text: str


@dataclass(frozen=True, slots=True)
class FileExtract:
    """Everything the extractor learned from one file; no knowledge of other files."""

    path: str
    language: str
    content_hash: str
    size: int
    symbols: tuple[Symbol, ...]
    refs: tuple[Ref, ...]
    imports: tuple[Import, ...]
    bindings: tuple[Binding, ...]
    parse_errors: int = 0
    package: str = ""  # a declared package/namespace, where the language has one
    declarations: tuple[Declaration, ...] = ()  # constants, fields, enum members, type aliases
    # Every identifier-like token of the file's text, counted (extract/words.py): the file read as one
    # document by the query ranking.
    words: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    target: str
    kind: str
    resolution: str
    confidence: float
    line: int = 0

    def as_json(self) -> dict[str, object]:
        """The edge as the graph dump lists it (callers and callees give the line)."""
        return {
            "source": self.source,
            "target": self.target,
            "kind": self.kind,
            "resolution": self.resolution,
            "confidence": self.confidence,
        }


@dataclass(frozen=True, slots=True)
class ResolvedRef:
    """A raw reference with its outcome: the edges it made (none when unresolved)."""

    ref: Ref
    file: str
    status: str
    edges: tuple[Edge, ...] = ()


@dataclass(frozen=True, slots=True)
class Skipped:
    path: str
    reason: str


class Phase(StrEnum):
    """The named phases of work long enough to show progress for (``Progress``)."""

    EXTRACTING = "extracting"
    RESOLVING = "resolving"
    WRITING = "writing the graph"
    INTERFACES = "linking interfaces"
    COUNTING = "counting"
    TERMS = "building the term index"
    GRAPH = "loading the graph for ranking"


# ``progress(phase, done, total)``: the one way long work reports how far it is; ``total`` 0 when a
# phase is not counted (it started, and says so). The caller decides whether to show it (a terminal).
Progress = Callable[[Phase, int, int], None]

__all__ = [
    "CONFIDENCE",
    "IMPLEMENTS",
    "IMPORT_MARK",
    "LOCAL_MARK",
    "VALUE_MARK",
    "Binding",
    "Change",
    "ChangeKind",
    "CoChange",
    "CoChanged",
    "ContextBlock",
    "Declaration",
    "DeclarationKind",
    "Edge",
    "EdgeKind",
    "FileDiff",
    "FileExtract",
    "Hunk",
    "ImpactResult",
    "Import",
    "IndexState",
    "NodeKind",
    "Phase",
    "Progress",
    "Radius",
    "Reached",
    "Ref",
    "RefKind",
    "RefStatus",
    "Resolution",
    "ResolvedRef",
    "Skipped",
    "SymRow",
    "Symbol",
]
