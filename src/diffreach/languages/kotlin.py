"""Kotlin: packages by declaration, imports by name or wildcard, classes and objects.

A file declares its package (``@package``); ``import a.b.C`` is "from the
files of package a.b import C", ``import a.b.*`` a wildcard over them, and
files of one package see each other wherever they are (``package_scope``);
Java's and Scala's files share the packages (``package_languages``). Calls to a
class construct it; ``this``/``super`` are the class and its bases. Tests by
folder (``src/test/``, ``test/``), by name (``*Test.kt``) or by ``@Test``.
"""

from __future__ import annotations

from .jvm_imports import PackageFiles, dotted_imports
from .signatures import BindingRules, SpreadRule
from .spec import LanguageSpec, grammar_of
from .test_ids import JUNIT

SPEC = LanguageSpec(
    name="kotlin",
    extensions=(".kt", ".kts"),
    grammar=grammar_of("tree_sitter_kotlin"),
    query_file="kotlin.scm",
    resolver=PackageFiles,
    test_globs=("*Test.kt", "*Tests.kt", "src/test/*", "test/*", "src/androidTest/*"),
    test_runner=JUNIT,
    self_names=frozenset({"this"}),
    super_names=frozenset({"super"}),
    # Calls capture no argument list (trailing lambdas, named arguments): every member, marked.
    overload_arity_selects=True,
    overload_fixed_arity_first=True,
    constructor_is_class_name=False,
    implicit_self=True,
    # `override` is required and must override a member of the same parameter types (Kotlin spec,
    # "Inheritance"): a member's changed signature changes its overrides.
    overrides_keep_signature=True,
    package_scope=True,
    package_spans_directories=True,
    package_languages=("java", "scala"),
    # Kotlin spec, "SAM conversions": a callable reference given where a `fun interface` (or a
    # Java interface of one method) is expected implements it.
    functional_interface_words=frozenset({"interface"}),
    builtins=frozenset(
        {
            "println",
            "print",
            "listOf",
            "mutableListOf",
            "mapOf",
            "mutableMapOf",
            "setOf",
            "require",
            "check",
            "error",
            "TODO",
            "lazy",
            "run",
            "let",
            "apply",
            "also",
            "with",
            "repeat",
            "arrayOf",
            "emptyList",
            "emptyMap",
            "assertEquals",
            "assertTrue",
        }
    ),
    builtin_methods=frozenset(
        {
            "get",
            "set",
            "add",
            "remove",
            "contains",
            "map",
            "filter",
            "forEach",
            "first",
            "last",
            "size",
            "isEmpty",
            "toString",
            "equals",
            "hashCode",
            "let",
            "apply",
            "also",
            "run",
            "toList",
            "joinToString",
            "put",
            "plus",
        }
    ),
    module_separator=".",
    import_tree=dotted_imports,
    resolution="packages by declaration, shared with Java and Scala; imports by name, alias or wildcard; "
    "the package's files visible wherever they are",
    narrowing_blocks=frozenset({"block", "lambda_literal", "when_entry"}),
    null_types=frozenset({"null"}),  # the null literal: a returned form of its own (review/change_kinds.py)
    binding_rules=BindingRules(
        function_nodes=frozenset({"anonymous_function", "function_declaration"}),
        abstract_words=frozenset({"abstract"}),
        keyword_arguments=True,
        # Any is every class's root (and Any? every type's, null too).
        top_types=frozenset({"Any", "Any?"}),
        named_in_position=True,
        erased_type_arguments=True,
        named_variadic=True,
        defaults=True,
        spread=SpreadRule.INTO_VARIADIC,
        overloads=True,
        typed_arguments=True,
    ),
)
