"""Scala: packages by declaration, imports (selectors, renames, wildcards), traits.

As in Kotlin: a file's declared package (``@package``) maps to its files,
``import a.b.C`` imports ``C`` from them, ``import a.b._`` is a wildcard and
``import a.b.{C, D => E}`` is expanded by ``dotted_imports``. A class and its
companion object are pieces of one type (``open_classes``); ``extends … with
…`` are inheritance edges; ``new C`` and ``C(…)`` construct it.
Tests by folder (``src/test/``) or by name (``*Spec.scala``, ``*Test.scala``).
"""

from __future__ import annotations

from .jvm_imports import PackageFiles, dotted_imports
from .spec import LanguageSpec, grammar_of

SPEC = LanguageSpec(
    name="scala",
    construction_keyword="new",
    extensions=(".scala", ".sc"),
    grammar=grammar_of("tree_sitter_scala"),
    query_file="scala.scm",
    resolver=PackageFiles,
    test_globs=("*Spec.scala", "*Test.scala", "*Suite.scala", "src/test/*", "test/*"),
    self_names=frozenset({"this"}),
    super_names=frozenset({"super"}),
    implicit_self=True,
    package_scope=True,
    package_spans_directories=True,
    package_languages=("java", "kotlin"),
    open_classes=True,
    builtins=frozenset(
        {
            "println",
            "print",
            "require",
            "assert",
            "Some",
            "None",
            "List",
            "Map",
            "Seq",
            "Set",
            "Vector",
            "Option",
            "Future",
            "Right",
            "Left",
            "Array",
        }
    ),
    builtin_methods=frozenset(
        {
            "map",
            "flatMap",
            "filter",
            "foreach",
            "fold",
            "foldLeft",
            "get",
            "getOrElse",
            "head",
            "tail",
            "isEmpty",
            "nonEmpty",
            "size",
            "length",
            "toList",
            "toMap",
            "mkString",
            "contains",
            "exists",
            "forall",
            "apply",
            "copy",
            "toString",
        }
    ),
    module_separator=".",
    import_tree=dotted_imports,
    resolution="packages by declaration, shared with Java and Kotlin; imports with selectors, renames and "
    "wildcards; companions merged",
    # An implementation of an abstract member matches its parameters, and `override` must override
    # (SLS 5.1.4): a member's changed signature changes its overrides.
    overrides_keep_signature=True,
)
