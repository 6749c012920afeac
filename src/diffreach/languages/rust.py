"""Rust: the ``mod`` tree over files (rust_modules.py), ``use`` trees, ``crate::``/``super::``/``self::``.

Inline ``mod x { }`` blocks are not nodes: their items count as the file's own. ``impl``
methods belong to the type (``@receiver``); ``impl Trait for Type`` is an
inheritance edge owned by the type (``@owner``).
"""

from __future__ import annotations

from .rust_modules import RustModules
from .rust_returns import TRY, returned_values
from .rust_tests import cargo_test_prefix, inline_modules
from .rust_uses import use_in_inline_modules, use_tree
from .signatures import BindingRules
from .spec import LanguageSpec, grammar_of
from .test_ids import TestRunner

SPEC = LanguageSpec(
    name="rust",
    extensions=(".rs",),
    grammar=grammar_of("tree_sitter_rust"),
    query_file="rust.scm",
    resolver=RustModules,
    # src/**/tests.rs: the file of a `#[cfg(test)] mod tests;` (unit tests kept beside the code).
    test_globs=("tests/*.rs", "tests/*", "src/tests.rs", "src/*/tests.rs"),
    self_names=frozenset({"self", "Self"}),
    # An outer attribute applies to the item after it (Reference, "Attributes"); the grammar
    # leaves it outside the item's node. `#![…]` (inner) is the enclosing item's, not matched.
    decorator_prefix="#[",
    # Attributes that steer only diagnostics or code generation (Reference, "Diagnostic
    # attributes": the lint levels; "Code generation attributes": `inline` and `cold` are hints;
    # `doc`): what runs and what a caller binds stay as they were. `must_use` and `deprecated`
    # raise lints at the callers, `cfg` decides whether the item exists: those are changes.
    source_only_annotations=("allow", "warn", "deny", "forbid", "expect", "inline", "cold", "doc"),
    constructor_names=("new",),
    # Macros at the top of a file or of a top-level module whose braces hold items (cfg_if!,
    # cfg_net! { … }); the query starts no match deeper than a top-level module (item_macros.py).
    item_macros="(source_file (macro_invocation (token_tree) @items))\n"
    "(mod_item body: (declaration_list (macro_invocation (token_tree) @items)))",
    reexported_modules=True,
    type_qualifiers=("dyn", "impl"),
    value_postfixes=("?", ".await"),
    # Methods of slices, Vec, VecDeque, BinaryHeap and the maps (a value) that give an element.
    element_methods=frozenset(
        {"get", "get_mut", "first", "last", "first_mut", "last_mut", "pop", "pop_front", "pop_back"}
        | {"front", "back", "front_mut", "back_mut", "peek", "remove", "swap_remove"}
    ),
    # Methods of Option, Result, Box, Rc, Arc, RefCell, Mutex, RwLock, Cow that give the value inside.
    transparent_methods=frozenset(
        {
            "unwrap",
            "expect",
            "unwrap_or_default",
            "unwrap_unchecked",
            "as_ref",
            "as_mut",
            "as_deref",
            "as_deref_mut",
            "borrow",
            "borrow_mut",
            "lock",
            "read",
            "write",
            "try_lock",
            "get_mut",
            "into_inner",
            "clone",
            "to_owned",
            "into_owned",
            "deref",
            "deref_mut",
            "upgrade",
        }
    ),
    # A `let`, a pattern or a parameter holds to the end of its block, arm, closure or function, and
    # a later `let` of the name shadows it (the Reference, "Scopes": pattern binding scopes).
    binding_blocks=frozenset(
        {
            "block",
            "match_arm",
            "closure_expression",
            "function_item",
            "if_expression",
            "while_expression",
            "for_expression",
        }
    ),
    # Wrappers whose first type argument is the value's type: the ones that hold it, and the guards
    # and pointers that dereference to it.
    transparent_types=frozenset(
        {
            "Option",
            "Result",
            "Box",
            "Rc",
            "Arc",
            "Weak",
            "RefCell",
            "Ref",
            "RefMut",
            "Mutex",
            "MutexGuard",
            "RwLock",
            "RwLockReadGuard",
            "RwLockWriteGuard",
            "Cow",
            "Pin",
            "ManuallyDrop",
        }
    ),
    builtins=frozenset(
        {
            "Some",
            "None",
            "Ok",
            "Err",
            "Box",
            "Vec",
            "String",
            "Option",
            "Result",
            "drop",
            "panic",
            "format",
            "println",
            "assert",
            "assert_eq",
            "Default",
            "From",
            "Into",
            "Clone",
            "Iterator",
            # The rest of the prelude's types and traits, the primitive types and the crates every
            # crate has (the extern prelude): a path from one of them (`u32::from_le_bytes`,
            # `std::mem::take`, `::core::cell::Cell::new`) names the language's item, unless the
            # crate binds the name itself.
            *("ToString", "ToOwned", "Copy", "Send", "Sync", "Sized", "Drop", "Fn", "FnMut", "FnOnce"),
            *("PartialEq", "Eq", "PartialOrd", "Ord", "AsRef", "AsMut", "Extend", "IntoIterator"),
            *("FromIterator", "TryFrom", "TryInto", "bool", "char", "str", "f32", "f64"),
            *(f"{sign}{bits}" for sign in "ui" for bits in ("8", "16", "32", "64", "128", "size")),
            *("std", "core", "alloc"),
        }
    ),
    builtin_methods=frozenset(
        {
            "new",
            "default",
            "clone",
            "to_string",
            "to_owned",
            "into",
            "from",
            "as_ref",
            "as_str",
            "unwrap",
            "expect",
            "unwrap_or",
            "unwrap_or_else",
            "unwrap_or_default",
            "map",
            "map_err",
            "and_then",
            "ok",
            "err",
            "ok_or",
            "ok_or_else",
            "is_some",
            "is_none",
            "is_ok",
            "is_err",
            "iter",
            "iter_mut",
            "into_iter",
            "collect",
            "filter",
            "filter_map",
            "find",
            "any",
            "all",
            "push",
            "pop",
            "insert",
            "remove",
            "get",
            "get_mut",
            "len",
            "is_empty",
            "contains",
            "extend",
            "join",
            "split",
            "trim",
            "chars",
            "bytes",
            "lines",
            "starts_with",
            "ends_with",
            "fmt",
            "write",
            "write_str",
            "borrow",
            "borrow_mut",
            "lock",
            "take",
            "replace",
            "as_mut",
            "cmp",
            "eq",
            "hash",
            "next",
            "rev",
            "zip",
            "enumerate",
            "count",
            "sum",
            "max",
            "min",
            "sort",
            "entry",
            "or_insert",
            "keys",
            "values",
            "copied",
            "cloned",
            "first",
            "last",
            "parse",
        }
    ),
    module_separator="::",
    package_index_names=frozenset({"mod"}),
    resolution_configs=("Cargo.toml",),
    import_alias=lambda module: module.rsplit("::", 1)[-1],
    member_separators=("::",),
    module_self_prefix="self::",
    # "": a path written from the root, `::a::b` (its receiver text starts with the separator).
    path_roots=frozenset({"crate", "$crate", "super", ""}),
    import_tree=use_tree,
    import_tree_scope=use_in_inline_modules,
    resolution="mod tree over files (foo.rs, foo/mod.rs), use trees with crate::/super::/self::, "
    "re-exports, workspace crates by Cargo.toml name; impl methods on their type",
    binding_rules=BindingRules(
        function_nodes=frozenset({"closure_expression", "function_item", "async_block"}),
        receiver_by_position=True,
        typed_arguments=True,
        lifetimes=True,
        keyword_spread_fills=True,
        fields_make_constructors=True,
        conditional_attributes=frozenset({"cfg"}),
        awaitable_words=frozenset({"async"}),
        lazy_awaitables=True,  # a future does nothing unless polled (.await)
        # std's blanket impls: `impl<T: ?Sized> AsRef<T>`-style for T and references to it
        # (`AsRef<U> for &T`, `&mut T`; `Borrow<T> for T`, `&T`), `Into<T> for T` (from `From<T>
        # for T`), `IntoIterator for Vec<T>` (Item = T) and for arrays.
        conversions=(
            ("AsRef", ("{}", "&{}", "&mut{}")),
            ("Borrow", ("{}", "&{}", "&mut{}")),
            ("Into", ("{}",)),
            ("IntoIterator", ("Vec<{}>", "[{}]")),
        ),
        # std's single conversions most often taken in place of the type they convert from.
        conversion_pairs=frozenset(
            {
                ("Into<String>", "&str"),
                ("AsRef<str>", "String"),
                ("AsRef<str>", "&String"),
                ("AsRef<Path>", "&str"),
                ("AsRef<Path>", "String"),
                ("AsRef<Path>", "PathBuf"),
                ("AsRef<Path>", "&PathBuf"),
                ("AsRef<[u8]>", "&[u8]"),
                ("AsRef<[u8]>", "Vec<u8>"),
            }
        ),
    ),
    # cargo test takes a filter matched against each test's path: module::tests::name.
    test_runner=TestRunner(
        line="{prefix}{name}", whole="{prefix}", join="::", prefix=cargo_test_prefix, scopes_at=inline_modules
    ),
    locals_hide_functions=True,
    # A block's value is its final expression (no `return`), `?` returns early: rust_returns.py.
    returned_values=returned_values,
    value_forms=frozenset({"Some", "None", "Ok", "Err", TRY}),
    # Rust has no overloading: two items of one name in one scope are #[cfg] alternatives.
    overload_alternatives=True,
    # A trait of the crate may be implemented for a type from outside it: its methods run on those values.
    outside_type_methods=True,
    module_path_items=True,
    # A trait impl's method has the trait method's parameters (E0050, E0053): it changes with them.
    overrides_keep_signature=True,
)
