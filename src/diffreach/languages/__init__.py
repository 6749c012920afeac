"""The registry of supported languages: one spec module per language.

Adding a language means adding a module here that defines ``SPEC`` and a query
file under ``queries/``, then listing the module in ``_MODULES``
(see docs/adding-a-language.md).
"""

from __future__ import annotations

import hashlib
import importlib
from functools import cache

from .spec import LanguageSpec

_MODULES = (
    "python",
    "javascript",
    "typescript",
    "go",
    "java",
    "rust",
    "c",
    "cpp",
    "csharp",
    "ruby",
    "php",
    "kotlin",
    "swift",
    "scala",
    "vue",
    "svelte",
)

# What the extractor writes for the same source. Bump it when a change of code (not of a query
# file: those are hashed) changes the records extraction or resolution produce: a graph written
# under another key is rebuilt, since an update would re-read only the files that changed and
# leave the rest as the old code wrote them.
# 2: module paths in imports are not notes; 3: a call's argument count; 4: return types, call
# bindings, receivers with emptied calls; 5: function values (bindings marked VALUE_MARK, calls
# through table entries and returned functions); 6: a qualified type (Rust's `dyn Tr`) marked IMPLEMENTS;
# 7: an import inside a function binds its names there (IMPORT_MARK)
# 8: the signature of a wrapped definition (`export function f(` over lines) reads its whole header
# 9: no declaration local to a function; a declaration ending with its newline ends on its line; name sigils
# 10: declaration files linked to the JavaScript they declare (index/declared_modules.py); TypeScript
# aliases of named and intersection types are nodes
# 11: Java: a method without a body is a declaration (whole signature, marked abstract); Rust aliases of
# named types are nodes; paths from Rust's prelude, primitives and std/core/alloc are external; a Rust
# module file is never its own child; JavaScript classes assigned to members are classes; Python target
# lists bind by position, `dict.update` writes table entries
# 12: C#: an abstract or interface method without a body is a declaration (marked abstract)
# 13: Rust: a `use` inside an inline module leaves it first on a leading `super`; Python modules named from
# src/ and from the directories above a package chain (PEP 420 namespace packages); Rust crates without a
# manifest read as 2015 (resolution: graphs built again)
# 14: Go: a top-level function declared in two files of a package (build constraints) is called in both
# (resolution: graphs built again); Python: a function passed to a callee outside the repository is
# called from the passing code, unless the callee only keeps or marks it (callback_keepers: typing.overload,
# abc.abstractmethod and the like are not calls of what they decorate); JavaScript: x.m() of x = new F()
# runs what F.prototype.m = g holds, F with no methods of its own too
# 15: JavaScript: prototype inheritance written out (F.prototype = Object.create(G.prototype),
# Object.setPrototypeOf, util.inherits) is a base of F; F.prototype = {m: g} holds g as m; m.set("k", f)
# is the entry m[k], m.get("k")() calls it; export default {p: f} exports f as p; Rust: $crate:: in a
# macro body is the defining crate (resolution: graphs built again)
# 16: JavaScript: an exported object carries the members and entries its module gives it; a folder
# loads by its package.json's entry; a path into absent build output names its source; calling what a
# wrapper returns calls the function it was given (resolution: graphs built again)
# 17: Java: super(…) and this(…) in a constructor call the constructor they run; Rust: a struct
# expression with a path (crate::m::T { … }) refers to T; calling a value whose type states its result
# (F: FnOnce() -> R) gives it; a crate's method for outside types carries a call chain on (resolution:
# graphs built again)
# 18: TypeScript: a method an interface declares again over the class it extends runs the class's
# (the dynamic edge goes from the redeclaration to the class's member); JavaScript/TypeScript: a
# package that installs a name from the registry imports the published copy, not the repository's
# source; Python: a submodule a package's own file loads is its attribute, through star imports too
# (resolution: graphs built again)
# 19: a file marked generated ("DO NOT EDIT", "@generated") is indexed; only minified code is skipped
# 20: TypeScript: a class with every method of an interface implements it, named or not (structural
# typing; the dynamic edges Go's interfaces get)
# 21: Java, Kotlin and Scala share one namespace of packages: imports and package scope cross the
# languages, a Kotlin file's classes found by the package it declares (resolution: graphs built again);
# Rust: a path opened by self:: is the current module's, not the instance's (self::m::f())
# 22: Rust: a qualified path <T as Tr>::f(x) calls T's f (was: no reference, or a name-only guess);
# Python, JavaScript: a member of an outside value has an unknown type (resolution: graphs built again)
# 23: Rust: a file a #[path] names is its declaring module's child (super:: there); Python: Any states
# no type; a name bound to `a or b`, `a ?? b`, `a || b`, `x if c else y` holds either; isinstance and
# instanceof narrow; mappings' values typed; an imported module-level variable holds its module's
# value, a module's own export of an instance is that instance; Kotlin extension functions are
# called as members; TypeScript objects under satisfies/as are namespaces (resolution: graphs
# built again)
# 24: TypeScript: an alias of an object type is an interface (its signatures are its members, not
# the module's functions); an object literal declared with, checked or asserted against a type
# implements it; a signature leaves out the comments among its parameters; Python, Ruby and PHP
# constructors pair with no subclass's (no dispatch edge); an interface's typed property (an object
# type alias's too) is its values' field
# 25: Kotlin: a function's declared return type, a local holding a call's result, T? read as T;
# a name that merely starts with `new` or `mut` is read whole; a Python generator made a context
# manager by @contextmanager returns, entered, what it yields; a Kotlin class, interface or object
# the grammar gave up on keeps the members it recovered; Python's `cls(…)` constructs the class;
# a loop over a call holds an element of its declared result (Python, TypeScript, Go, Kotlin);
# Kotlin's declared collections type their elements; C#, C++, PHP and Scala read `new T()` as Java
# (resolution: graphs built again)
# 26: Python's `type(x)(…)` and `x.__class__(…)` construct x's class
# 27: Python's `type[C]` is the class C; Kotlin's callable references passed as arguments (resolution too:
# Kotlin's `import a.b.Obj.member`)
# 28: a parameter or local hides the language's global of its name (JavaScript's `document`); C#'s
# `global using` binds in every file of its project (imports.program_wide); resolution: C#'s
# `using C = A.B.Type;` binds the type; Rust's function paths with generic arguments passed as values
# 29: JavaScript and TypeScript: an awaited import() declared binds the module (namespace, named
# exports); C#: method and property return types, `var x = Make()`; resolution: an import inside a
# function is not hidden by its own declaration; a C# property read gives its declared type; a Rust
# path never starts at a local (`store::flush(&store)`); C#: extension methods (`static F(this T t)`);
# Kotlin: `val x by lazy { f() }` holds what f returns
# 30: resolution: an entry of an object that names a module is followed (`crypto.cfb.encrypt()` of
# `const mod = {cfb}`); a name an import binds to a module of ours is never the global of that name;
# Kotlin, Swift and Scala: a nested supertype (`Outer.Inner`) is found on its outer type
# Go: a defined type of a slice, array or map (`type Items []*Item`) has its underlying type's elements
# 31: JavaScript: a definition given to a path from a global (`a.b.C = class`) is named by the whole path;
# JSDoc's @param/@return/@type are declared types, its @extends/@implements supertypes; resolution: a
# path from a global reaches that definition from every file; a local copying a path of names (`const
# C = a.b.C`) holds the class it ends at
# 32: JavaScript: an object of functions or a `new function () {…}` given to a path is a namespace at
# the path; `this.m = function` in a function expression named by a variable or a path (not a prototype's
# method) gives its instances m; resolution: a function given to a path with methods is a constructor;
# a JavaScript import from '/' reads the project's root; Rust: a file of an inline module (`mod h {
# mod a; }`) has that module as its parent (`super::b`); a pattern binding a positional field (`E::V(x)`,
# `S(x)`) holds the field's declared type
# 33: bindings hold in their blocks (`Binding.end_line`); TypeScript's type predicates narrow in a block
# 34: JavaScript: a property given to the global object (`self.chef = new Chef()`) holds its value
# 35: a test of a value's class narrows it in a block: Python's `isinstance`, Kotlin's `is` (smart casts)
EXTRACTION_VERSION = 35


@cache
def extraction_key() -> str:
    """``EXTRACTION_VERSION`` and every language's query text, as one short hash."""
    h = hashlib.blake2b(str(EXTRACTION_VERSION).encode(), digest_size=8)
    for spec in all_languages():
        h.update(spec.name.encode() + b"\0" + spec.query_source.encode() + b"\0")
    return h.hexdigest()


@cache
def resolution_configs() -> frozenset[str]:
    """The file names that steer import resolution in some language (``go.mod``,
    ``package.json``, …): a change of one forces a full build."""
    return frozenset(name for spec in all_languages() for name in spec.resolution_configs)


@cache
def all_languages() -> tuple[LanguageSpec, ...]:
    specs: list[LanguageSpec] = []
    for module in _MODULES:
        try:
            mod = importlib.import_module(f"{__name__}.{module}")
        except ModuleNotFoundError as exc:  # a language whose module is not written yet
            if exc.name and exc.name.startswith(__name__):
                continue
            raise
        specs.extend(getattr(mod, "SPECS", None) or (mod.SPEC,))
    return tuple(specs)


@cache
def _by_extension() -> dict[str, LanguageSpec]:
    table: dict[str, LanguageSpec] = {}
    for spec in all_languages():
        for ext in spec.extensions:
            table.setdefault(ext, spec)
    return table


def language_for(path: str) -> LanguageSpec | None:
    """The language of a file by its extension (longest match), or None."""
    table = _by_extension()
    name = path.rsplit("/", 1)[-1]
    dot = name.find(".")
    while dot != -1:
        spec = table.get(name[dot:])
        if spec is not None:
            return spec
        dot = name.find(".", dot + 1)
    return None


def get_language(name: str) -> LanguageSpec:
    for spec in all_languages():
        if spec.name == name:
            return spec
    raise KeyError(name)
