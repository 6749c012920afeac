"""What a language is, as data.

A ``LanguageSpec`` names the grammar, the query file and the few facts the generic extractor
and resolver need (what ``self`` is called, whether bare names inside a method can be members,
whether files of one directory share a scope). The only code a language may bring is a
``ModuleResolver``: turning an import spec into the repository files it names. Nothing outside
this package branches on a language's name. The capture names the query files use (the contract
with ``extract/``) are in ``queries/CAPTURES.md``.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cached_property
from importlib import resources
from pathlib import PurePosixPath
from typing import Final

from tree_sitter import Node

from .parsing import grammar_of as grammar_of
from .repo_files import ModuleResolver as ModuleResolver
from .repo_files import RepoFiles as RepoFiles
from .signature_text import parameter_list
from .signatures import BindingRules
from .test_ids import TestRunner

RETURNS: Final = "()"  # the binding name of a function's declared return type (``@binding.returns``)
ELEMENT: Final = "[]"  # after a name or field path: an element of what it holds (``@binding.element``)
CALLED: Final = "=>"  # after a value's or type's name: what calling it gives (Rust's `F: FnOnce() -> R`)
# After a function type's name: its parameter N (``F@1``), the type a function given that type takes for
# its parameter N without stating one (``@binding.slot``; not an argument's binding, extract/values.py).
PARAMETER: Final = "@{}"
# After RETURNS: what a type predicate asserts of the argument (TypeScript's ``x is T``); after a call's
# callee: that type, for the argument where the call guards (``if (isT(x)) {…}``: extract/binding_capture.py).
ASSERTED: Final = "is"
FIELD: Final = "#"  # after a pattern's path: the positional field it binds (Rust's ``E::V(x)`` is ``E.V#0``)

ResolverFactory = Callable[["RepoFiles", "LanguageSpec"], ModuleResolver]


@dataclass(frozen=True)
class LanguageSpec:
    name: str
    extensions: tuple[str, ...]
    grammar: Callable[[], object]  # returns the grammar capsule from its wheel
    query_file: str
    resolver: ResolverFactory
    # Globs on the repo-relative path (fnmatch, '/' separated) that mark test code.
    test_globs: tuple[str, ...] = ()
    # Receivers that mean "this object" and "the base class".
    self_names: frozenset[str] = frozenset()
    super_names: frozenset[str] = frozenset()
    # The parameter holding the class a method was called on (Python's ``cls``): a call constructs it.
    class_parameters: frozenset[str] = frozenset()
    # Member names that construct an instance; a call to a class goes there.
    constructor_names: tuple[str, ...] = ()
    # A constructor named like its class (Java, C#, C++).
    constructor_is_class_name: bool = False
    # Bare names inside a method may be members of its class (Java, C#, C++).
    implicit_self: bool = False
    # Files of one directory share their top-level names (Go packages).
    package_scope: bool = False
    # ...and files declaring the same package share them wherever they live
    # (Java: src/main/java/a/b and src/test/java/a/b are one package).
    package_spans_directories: bool = False
    # ...and code in package a.b.c sees a.b's and a's members (C#'s enclosing namespaces, ECMA-334 14.5).
    enclosing_packages: bool = False
    # A file's imports bind names in that file only (C#'s using directives, ECMA-334 14.5.1): a module's
    # members are its declarations, not what its files import.
    private_imports: bool = False
    # Languages whose files share this one's packages, imports and package scope alike (the JVM's
    # one namespace of classes: Java imports a Kotlin class by its package and name).
    package_languages: tuple[str, ...] = ()
    # Names that are part of the language or its standard library.
    builtins: frozenset[str] = frozenset()
    # Method names too common on built-in types (list.append, map.get) to match by name on a receiver of unknown type.
    builtin_methods: frozenset[str] = frozenset()
    # Separator inside a module spec ('.' for Python/Java, '/' for JS/Go).
    module_separator: str = "."
    # File stems that stand for their folder: importing the folder names this file (``__init__``, ``index``, ``mod``).
    package_index_names: frozenset[str] = frozenset()
    # File names (in any folder) that steer this language's import resolution
    # (go.mod, package.json, …): a change of one forces a full build.
    resolution_configs: tuple[str, ...] = ()
    # The local name a plain ``import spec`` binds (Python: the dotted path, Go: the last path segment).
    import_alias: Callable[[str], str] = str
    # Separators between a receiver and its member other than '.' ('::', '->'): the extractor
    # rewrites them to '.' so the resolver sees one form...
    member_separators: tuple[str, ...] = ()
    # ...and leaves out this prefix naming the current module (Rust's ``self::a::f`` is ``a::f`` as
    # the module sees it; ``self.a`` is the instance's field).
    module_self_prefix: str = ""
    # Receiver heads that start a module path (Rust 'crate', 'super'): such a receiver is resolved by
    # the module resolver, longest prefix first; when set, an unbound receiver is tried as one too.
    path_roots: frozenset[str] = frozenset()
    # Expands the text captured as ``@import.tree`` (a Rust or PHP use tree) into (module, name, alias, wildcard).
    import_tree: Callable[[str], list[tuple[str, str, str, bool]]] | None = None
    # A module path of such a tree as the file's own scope reads it, given the tree's node: Rust's leading
    # ``super`` leaves an inline ``mod tests { }`` before the file's module (whose items are the file's own).
    import_tree_scope: Callable[[Node, str], str] | None = None
    # A class may be declared in pieces across files of one package (C# partial classes, reopened Ruby classes,
    # Swift extensions): members are looked up in every piece with the same qualified name.
    open_classes: bool = False
    namespace_receivers: bool = False  # an unknown receiver may be a namespace (C++ ``ns::f()``): its member, bare
    # Types satisfy interfaces without naming them (Go): the word after a type's name that makes it
    # an interface. Each interface method is linked to the methods of every type having all of its
    # methods (``index/interfaces.py``), as an override to the method it overrides; so too where
    # ``interfaces_by_shape`` (TypeScript), for interfaces of ``shape_min_methods`` methods or more.
    interface_word: str = ""
    # A package's own file, where loading a submodule binds it as an attribute (Python reference 5.4.2:
    # ``from pkg.sub.x import *`` in ``pkg/__init__.py`` binds ``sub`` on ``pkg``): a name defined nowhere else.
    package_init_files: tuple[str, ...] = ()
    # The words that declare an interface (TypeScript's `interface`; `type` of an object type alias,
    # the one alias with members). One may extend a class (it inherits the class's members; one it
    # declares again, to retype it, has no body): linked to the class's member as to an implementation.
    interface_keywords: frozenset[str] = frozenset()
    functional_interface_words: frozenset[str] = frozenset()  # a method reference converts to (index/functional.py)
    interfaces_by_shape: bool = False
    shape_min_methods: int = 1  # TypeScript: 2, one shared method name says nothing of a shape
    # Declaration files and the modules they declare (TypeScript: ``x.d.ts`` declares the
    # JavaScript ``x.js`` beside it; a package.json's ``types`` declares its ``main``), from the
    # repository's files: each declared function or method is linked to the implementation of
    # the same qualified name (``index/declared_modules.py``), as an interface method to its
    # implementation, so a changed implementation reaches the callers bound to its declaration.
    declared_modules: Callable[[RepoFiles], list[tuple[str, str]]] | None = None
    # Class names are global (Ruby constants, Swift's types): an unbound receiver is the class of its name when unique.
    global_types: bool = False
    # A script's unbound name is the global object's (ECMAScript): ``a.b.C = class`` names ``a.b.C`` for every file.
    global_paths: bool = False
    doc_types: Callable[[str], list[tuple[str, str]]] | None = None  # a doc comment → (name, RETURNS or "", type)
    # Class methods that construct an instance (Ruby's ``Foo.new``).
    constructor_methods: frozenset[str] = frozenset()
    # One line for `diffreach languages`: what import/module resolution does.
    resolution: str = ""
    # A file format that holds this language's code in blocks (Vue's and Svelte's ``<script>``): file bytes → the
    # spec to parse them with and bytes of the same length, everything outside the blocks blanked (newlines kept) so
    # lines and offsets stay the file's own. The extract then carries the returned spec's name.
    embedded: Callable[[bytes], tuple[LanguageSpec, bytes]] | None = None
    # Source text the grammar cannot read, rewritten before parsing into bytes of the
    # same length (blanks where words were), so offsets, lines and the content hash of
    # the file stay its own: C++'s export macros (``class LIB_EXPORT Foo``) made the
    # whole class an error node, its methods top-level functions.
    prepare: Callable[[bytes], bytes] | None = None
    # Words that open a statement, for classifying a change (changes.py): a changed line starting
    # with a return keyword is a `return` change, with a raise keyword a `raises` change ('throws'
    # also marks a declared-exceptions clause in a header); a header word among the visibility
    # words is a `visibility` change; lines opened by the decorator prefix are decorators.
    return_keywords: tuple[str, ...] = ("return",)
    raise_keywords: tuple[str, ...] = ("raise", "throw", "throws")
    visibility_words: tuple[str, ...] = ("public", "private", "protected", "export", "static", "pub", "internal")
    decorator_prefix: str = "@"
    # Annotations the compiler discards (Java's ``@Override``, ``@SuppressWarnings``: source
    # retention, JLS 9.6.4.2, 9.6.4.4, 9.6.4.5): adding, removing or moving one changes neither what
    # runs nor what a caller binds, so it is no change of the definition (review/change_kinds.py);
    # so are Rust's diagnostic and code-generation attributes (`#[allow(…)]`, `#[inline]`).
    source_only_annotations: tuple[str, ...] = ()
    # A signature → the text of its parameter list, None when it has none: what a call
    # must bind (behavior.py counts it). The first parenthesised group unless a language
    # writes another first (Go's method receiver).
    parameters: Callable[[str], str | None] = parameter_list
    # A docstring: a string literal written as the first statement of a body, as
    # (statement node type, string node type). Its text is read without quotes and
    # without the letters of ``string_prefixes`` (Python's r, b, u). Otherwise a
    # definition's doc is the comment right above it.
    docstring: tuple[str, str] | None = None
    string_prefixes: str = ""
    # The encoding a file declares in the language's own way (Python's PEP 263 ``coding:``
    # comment): file bytes → a codec name. Without a hook, or when it says UTF-8, the bytes are
    # parsed as they are; otherwise they are decoded with it and parsed as UTF-8.
    source_encoding: Callable[[bytes], str] | None = None
    # Overload families: the definitions of one name in one scope (ids ``f``, ``f#2``, …). A call
    # captures its argument list (``@arguments``); an argument of one of these node types spreads a
    # sequence (``*args``, ``...xs``), and the call's count is then unknown.
    spread_arguments: frozenset[str] = frozenset()
    # Signature prefixes that mark a member as a stub for type checkers, never run (Python's
    # ``@overload``): calls bind to the members without one, the implementation.
    overload_stub_markers: tuple[str, ...] = ()
    # The last member of a family implements the ones before it, which are signatures only, when
    # its parameters accept every member's argument count (TypeScript: overload signatures are
    # followed by one implementation, whose parameter list must be compatible with each).
    overload_implementation_last: bool = False
    # The compiler picks the member by the call's arguments (Java, C#, Kotlin, C++, TypeScript's
    # signatures): a call binds to the members whose parameter count fits its argument count.
    overload_arity_selects: bool = False
    # A member that takes the call's arguments without a variable-arity parameter's expansion is
    # chosen before one that needs it (Java, JLS 15.12.2: phases 1 and 2 before phase 3; C#
    # 12.6.4.3, normal form before expanded; Kotlin likewise): ``f("a")`` runs ``f(String)``, not
    # ``f(String, Object...)``.
    overload_fixed_arity_first: bool = False
    # Declared types, read through to the type a receiver has (resolve/types.py): a type naming
    # the enclosing class (Python's ``Self``; ``self_names`` count too), wrappers whose first type
    # argument is the value's type (``Optional[T]``, ``Box<T>``), the members a union drops (``T |
    # None`` is T; ``Union[T, None]`` is read as ``T | None``), and the types that allow any member
    # (Python's ``Any``): a value of one has no stated type, so its members are bound by name.
    self_types: frozenset[str] = frozenset()
    transparent_types: frozenset[str] = frozenset()
    union_wrappers: frozenset[str] = frozenset()
    null_types: frozenset[str] = frozenset()
    dynamic_types: frozenset[str] = frozenset()
    # Node types whose extent bounds a declaration in a function (Rust's blocks, match arms): it holds
    # there from its line on, hiding those begun before it (shadowing; resolve/blocks.py). Met first on
    # the way up, a ``function_wide_bindings`` type holds in the whole function (JavaScript's ``var``).
    binding_blocks: frozenset[str] = frozenset()
    function_wide_bindings: frozenset[str] = frozenset()
    # Blocks a narrowing (``model.NARROWED``) holds in from its line: its binding's node, else the one around it.
    narrowing_blocks: frozenset[str] = frozenset()
    # How a call binds to a definition (``signatures.BindingRules``, each rule from the
    # language's definition); None: calls are not bound (no binding query either).
    binding_rules: BindingRules | None = None
    # An entry of a literal table is read as a member too (JavaScript's ``T.x()`` of
    # ``const T = {x: f}``), not only with a literal key (resolve/values.py).
    value_members: bool = False
    # What a module's own export of one object is bound as (JavaScript's ``default``): resolver.py.
    exported_object: str = ""
    # Several targets assigned at once (``a, (b, c) = f, (g, h)``, extract/destructuring.py): the
    # node types of a list of targets or of values, and of a starred target that takes the values
    # left over as a new list (``*rest``).
    destructure_lists: frozenset[str] = frozenset()
    destructure_rest: frozenset[str] = frozenset()
    # Protocol methods (issue 18): syntax that runs a method of its operand's type, as the key
    # a ``@reference.protocol`` match gives (its ``(#set! protocol "…")`` or its ``@protocol``
    # capture's text: an operator) → the methods it runs (``a[i]`` → ``__getitem__``). Such a
    # reference binds only through its operand's known type, never by name. A key in
    # ``protocol_overrides`` stands for the other one on the same operand (a subscript assigned
    # to is not also read; ``async with`` is not also ``with``).
    protocol_methods: tuple[tuple[str, tuple[str, ...]], ...] = ()
    protocol_overrides: tuple[tuple[str, str], ...] = ()
    # Signature prefixes that make a method a property (Python's ``@property``): reading it runs
    # it. A protocol method name holding ``{}`` names the member written (``@name``): ``{}`` a
    # read, bound only to such a method; ``{}=`` an assignment, bound only to the family member
    # whose signature starts with a ``setter_markers`` entry (``{}``: the member's name). With
    # ``parameterless_properties``, a method whose signature has no parameter list is one (C#).
    property_markers: tuple[str, ...] = ()
    setter_markers: tuple[str, ...] = ()
    parameterless_properties: bool = False
    # The method a call of an instance runs (Python's ``__call__``): ``a()`` of a value whose
    # type is known binds to it, never to a function found by the name ``a``.
    call_method: str = ""
    # How the language's test runner is told which tests to run (``test_ids.py``: pytest node ids, go
    # test -run patterns, JUnit Class#method, cargo test paths, Jest/Vitest files); None: the graph's id.
    test_runner: TestRunner | None = None
    # A parameter written with one of these prefixes (Python's ``*args``, ``*``) takes every position
    # after it: the parameters that follow are passed by keyword only (extract/arguments.py).
    variadic_prefixes: tuple[str, ...] = ()
    # Modifiers that make a method hidden by a subclass's method of the same name, never
    # overridden (Java's ``static``, JLS 8.4.8.2; C#'s, C++'s and Swift's ``static``): no dispatch
    # pairs the two, and callers of one are not callers of the other. Empty where a static method
    # is looked up through the class and so overridden (Python's ``@staticmethod``, JavaScript's
    # and PHP's ``static`` members, Ruby's ``def self.m``).
    static_modifiers: frozenset[str] = frozenset()
    # Where a function value is called through the one abstract method of its functional
    # interface (Java's ``r.run()``, ``f.apply(x)``, JLS 9.8; a method reference or a lambda has
    # no other target type, JLS 15.13.2, 15.27.3): a call of a method of a parameter (or of a name
    # bound to a method reference) calls the function it holds, except a call of one of these
    # methods, which no functional interface leaves abstract (``Object``'s; the JDK's default
    # combinators, ``andThen``, ``negate``). None: a function value is called only as ``f()``.
    functional_non_abstract: frozenset[str] | None = None
    # Where a function passed to a callee outside the repository (a library's, the language's
    # own: ``arr.forEach(f)``, ``setTimeout(f)``, ``emitter.on("x", f)``) is taken to be called by
    # it, from the code that passes it (resolution ``callback``): except by these callees, the
    # language's own that keep, compare or print a function and never call it (``push``,
    # ``removeListener``). None: no such edge.
    callback_keepers: frozenset[str] | None = None
    # Whether a local or a parameter named like a function hides it from a plain call ``name()``
    # in the function that binds it (Python's LEGB, JavaScript's and Go's block scopes, Rust's
    # value namespace, C#'s simple names): the call is of the local's value. False where a plain
    # call names only methods or functions (Java, JLS 6.5.7.1; PHP; Ruby).
    locals_hide_functions: bool = False

    # Words written before a type that leave the class of its values as it is: Rust's trait
    # objects and opaque types (``&dyn Tr``, ``Box<dyn Tr>``, ``impl Tr``) are values of the
    # trait Tr, whose methods dispatch to the implementations (extract/types.py).
    type_qualifiers: tuple[str, ...] = ()
    # Postfix operators that leave a value's type as the type layer reads it, since the wrapper
    # they open is read through already (``transparent_types``): Rust's ``?`` on a Result and
    # ``.await`` on a future (``make()?.run()`` runs the method of what make's Result holds).
    value_postfixes: tuple[str, ...] = ()
    # The keyword of a class instance creation expression (Java's ``new``, JLS 15.9): a receiver
    # chain that starts with one (``new Group().add(a).add(b)``) is read as a call of the class
    # (``Group().add().add()``), whose result is an instance; squeezed with it, the class's name
    # would read as a method ``newGroup``.
    construction_keyword: str = ""
    # Methods of the transparent wrappers that give the value inside (Rust's ``unwrap``,
    # ``lock``, ``as_ref``…): called on a value of a known type that lacks them, they leave it as
    # it is (``self.db.lock().unwrap().query()`` with ``db: Arc<Mutex<Db>>`` runs Db's query).
    transparent_methods: frozenset[str] = frozenset()
    # Collection methods returning an element (Java's List.get, Optional.get, TypeScript's Array.at):
    # on a collection whose element type a declaration states (``binding.suffix``), an element.
    element_methods: frozenset[str] = frozenset()
    # A query naming (``@items``) the token trees of macros passing items through (Rust's
    # ``cfg_if!``-style wrappers): parsed again as items (extract/item_macros.py).
    item_macros: str = ""
    # A module path may pass through a module that another module re-exports (Rust's items:
    # ``use crate::sys::tcp::bind`` where sys has ``pub use self::unix::*`` and unix ``mod tcp;``).
    reexported_modules: bool = False
    # Returned without a keyword (Rust's tail expressions, ``?``); the words a returned form keeps (change_kinds.py).
    returned_values: Callable[[str], tuple[str, ...]] | None = None
    value_forms: frozenset[str] = frozenset()
    # Operators whose value is an operand (ECMA-262 13.13: ``a || b``, ``a ?? b``, ``a && b``; 13.15.2:
    # ``(x = e)`` is e): a returned form is each operand's (change_kinds.py).
    operand_operators: tuple[str, ...] = ()
    assignment_operator: str = ""
    # Items of one name in one scope are alternatives (Rust's ``#[cfg]``): a call may run any (overloads.py).
    overload_alternatives: bool = False
    # Two top-level functions of one name in one package build apart (Go's ``_linux.go``): a call may run either.
    package_alternatives: bool = False
    # Methods the repository defines for outside types (Rust's ``impl Ext for str``, ``impl<T> Ext for T``).
    outside_type_methods: bool = False
    # Top-level variables are in scope in every file of the package (Go's package block).
    package_variables: bool = False
    # A defined type of a collection has its elements (Go's ``type Items []*Item``: its declaration binds ``Items[]``).
    defined_collections: bool = False
    # The member of a class or constructor function that holds its instances' methods (JavaScript's ``F.prototype``).
    prototype_names: frozenset[str] = frozenset()
    # Members that a subclass's own definition hides rather than overrides: a call of the base's
    # never runs the subclass's (JavaScript's class ``constructor``: ``new Base()`` runs Base's
    # only, a subclass's reaches it through ``super()``). No dispatch edge between them.
    hidden_members: frozenset[str] = frozenset()
    # Declarations of one name in one scope merge their members (TypeScript's "Declaration Merging":
    # an interface or class and a namespace of its name): a member of one is found through each.
    merged_declarations: bool = False
    # Methods every function has that run it (JavaScript's ``f.call(t, …)``, ``f.apply(t, args)``):
    # a call of one on a receiver that is a function of the repository is a call of that function.
    invoker_methods: frozenset[str] = frozenset()
    # Members looked up along the class's C3 linearization (Python's method resolution order:
    # ``class D(B, C)`` with ``B(A)``, ``C(A)`` finds C's before A's), not depth-first through the bases.
    c3_lookup: bool = False
    # Objects take members at run time (Python's attributes, JavaScript's properties): a member of
    # an outside type's value may hold one of ours, so its type is unknown, where a declared member's
    # type is declared out of sight (resolve/names.py).
    runtime_members: bool = False
    # A path imported whole that names no module may name an item of the module above it (Rust's
    # `use` paths name a module or an item alike: `use X;` and `use {X, Y};` in the 2015 edition
    # are `::X`, the crate root's item X, the module resolver's answer for the empty path).
    module_path_items: bool = False
    # Whether every import must be used ("Import declarations" in Go: importing a package without
    # referring to it is illegal; a blank `_` import is for its side effects): an importer that reads
    # no name through a package's name uses only its types.
    imports_used: bool = False
    # Receivers that name the file's own module object (CommonJS's ``exports`` and
    # ``module.exports``, which Node's module wrapper binds in every module): ``exports.X`` reads
    # back what the module exports as X, unless a scope declares the name for itself.
    own_module_names: tuple[str, ...] = ()
    # Where an object exists only because code constructs it (``new C(…)``, ``C::new``) or is one
    # of an enum's constants, and code outside the class's package cannot name a class whose
    # visibility scope (``BindingRules.visibility_scopes``) is its file or package (Java, JLS
    # 6.6.1, 15.9, 8.9): a class of that scope that nothing in the repository constructs, nor any
    # subclass of it, has no instances, and dispatch never runs its methods (graph/instances.py).
    # False: classes may be instantiated from anywhere (``getattr(mod, name)()``, ``new cls()``).
    instances_by_construction: bool = False
    # Header words that make a class instantiate itself (Java's ``enum``: its constants).
    self_instantiating_words: frozenset[str] = frozenset()
    # Whether a method overrides a base's only with the base's parameter types (Java, JLS 8.4.8.1,
    # 8.4.2: ``@Override`` or an abstract method left unimplemented fails to compile; also C#,
    # Kotlin, Rust, Swift, Scala): a changed signature of a base method changes every override,
    # so the overrides' callers are the change's callers (review/overriders.py). False: an
    # override may take other parameters (Python, JavaScript, TypeScript's fewer ones).
    overrides_keep_signature: bool = False
    # Where a method written without a body declares it for its implementations (Java, JLS 8.4.3.1,
    # 9.4: an abstract or interface method; its modifiers ``native`` (8.4.3.4) run code of another
    # language instead): the modifier words that make a bodiless method run anyway. Such a method's
    # signature is its whole text (no body ends its header; an annotation line above it, or
    # parameters over several lines, are part of it), and the others are ``Symbol.abstract``: a
    # call bound to one runs one of its implementations (the dispatch pairs), never it.
    # None: a bodiless definition is read as before (its first line is its signature).
    bodiless_runs: frozenset[str] | None = None
    # The fields besides ``body`` that hold a definition's code where ``bodiless_runs`` is set (C#'s
    # property ``accessors``, ``{ get; set; }``, and ``=> value``): a definition with one has a body.
    body_alternatives: tuple[str, ...] = ()
    # Whether a definition at the top level (its parent is the file, its first line starts at
    # column 0) parses alone as it does in its file, where the file has no syntax error: its own
    # lines read with nothing around them give the same subtree. The call sites of a caller are
    # then read from its outermost definition's lines only (speed: languages/binding.py).
    top_level_parses_alone: bool = False
    # What a declaration's name node holds before the name (Ruby's ``attr_reader :name``: a symbol
    # literal's ``:``): left out of the declared name (extract/declarations.py).
    name_sigils: str = ""
    # An enum's members are named bare in the scope around the enum (C's enumeration constants, C11
    # 6.2.1 and 6.7.2.2; C++'s unscoped enums): a bare name may mean one (review/forward_names.py).
    bare_enum_members: bool = False
    # A member may be named after a lone dot, of the type the context expects (Swift's implicit
    # member expressions, ``.fast`` for ``Mode.fast``): a member use whose owner is not written.
    implicit_members: bool = False
    # A declaration is seen only by the files that include it (C's translation units, C11 6.2.1: a
    # macro, a typedef, an enumerator has file scope): never matched by name across the repository.
    declarations_included_only: bool = False
    # No compiler checks its calls (JavaScript): a TypeScript declaration's types refuse no value.
    unchecked_types: bool = False

    def __hash__(self) -> int:
        # Speed: a spec keys functools caches asked for every file extracted (extract/plans.py);
        # the generated method hashed all the fields each time. Equal specs still hash alike.
        return self._fields_hash

    @cached_property
    def _fields_hash(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in fields(self) if (f.compare if f.hash is None else f.hash)))

    def is_interface(self, signature: str) -> bool:
        """Whether a class with this signature is an interface (``interface_keywords`` before its name)."""
        return bool(self.interface_keywords.intersection(signature.partition("<")[0].split()[:3]))

    def is_static(self, signature: str) -> bool:
        """Whether a method with this signature is static (a word before its parameter list)."""
        return bool(self.static_modifiers) and not self.static_modifiers.isdisjoint(signature.partition("(")[0].split())

    @cached_property
    def query_source(self) -> str:
        # Several files joined with '+' share patterns between grammars (ecmascript.scm).
        queries = resources.files("diffreach.languages").joinpath("queries")
        return "\n".join(queries.joinpath(name).read_text() for name in self.query_file.split("+"))

    @cached_property
    def type_qualifier_pattern(self) -> re.Pattern[str] | None:
        words = "|".join(re.escape(w) for w in self.type_qualifiers)
        return re.compile(rf"\b(?:{words})\s+") if words else None

    @cached_property
    def protocol_table(self) -> dict[str, tuple[str, ...]]:
        return dict(self.protocol_methods)

    @cached_property
    def protocol_precedence(self) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
        """``protocol_overrides`` both ways: (key → the keys standing for it, key → those it stands for)."""
        standing: dict[str, tuple[str, ...]] = {}
        stood_for: dict[str, tuple[str, ...]] = {}
        for winner, loser in self.protocol_overrides:
            standing[loser] = (*standing.get(loser, ()), winner)
            stood_for[winner] = (*stood_for.get(winner, ()), loser)
        return standing, stood_for

    @cached_property
    def protocol_names(self) -> frozenset[str]:
        """The methods the protocol table names (a reference to another name is a property read)."""
        names = (name for _, group in self.protocol_methods for name in group if "{}" not in name)
        return frozenset(name.rpartition(".")[2] for name in names)

    @cached_property
    def _test_patterns(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(fnmatch.translate(g)) for g in self.test_globs)

    def is_test_path(self, path: str) -> bool:
        # Against the path and every suffix of it: 'tests/*' matches 'pkg/tests/x.py' as well.
        parts = PurePosixPath(path).parts
        suffixes = ["/".join(parts[i:]) for i in range(len(parts))]
        return any(p.match(s) for p in self._test_patterns for s in suffixes)
