"""C#: namespaces and ``using``, partial classes, properties, xUnit/NUnit/MSTest.

A namespace is not a directory: each file declares it (``@package``), and the
module resolver maps a namespace to the files that declare it, so ``using
App.Models;`` is a wildcard import of those files and ``using M = App.Models;``
binds them to ``M``. Files of one namespace see each other's types and those of
the namespaces enclosing it without a ``using``; a ``using`` binds in its own
file only. The pieces of a ``partial class`` share their members
(``open_classes``). A property is a method node named like the property: calls
in its accessors are its calls. A method with ``[Fact]``, ``[Theory]``,
``[Test]``, ``[TestCase]`` or ``[TestMethod]``, and everything in a
``[TestFixture]``/``[TestClass]`` class, is test code.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import Path

from .jvm_imports import PackageFiles
from .repo_files import RepoFiles
from .signatures import BindingRules
from .spec import LanguageSpec, grammar_of


class Namespaces(PackageFiles):
    """Namespaces are packages; ``using`` may also name a type or carry ``global::``."""

    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        super().__init__(repo, spec)
        self._root = Path(repo.root)
        self._projects: dict[str, str] = {}  # a directory → the project directory that holds it

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        return super().resolve(module.removeprefix("global::"), from_file)

    def item_path(self, module: str) -> tuple[str, str] | None:
        return super().item_path(module.removeprefix("global::"))

    def program_of(self, path: str) -> str:
        """The directory of the project a file is compiled in: the nearest one above it that holds
        a ``.csproj`` (an SDK project compiles every ``.cs`` file below it); "" when none does."""
        return self._project(posixpath.dirname(path))

    def _project(self, directory: str) -> str:
        found = self._projects.get(directory)
        if found is None:
            try:
                names = os.listdir(self._root / directory)
            except OSError:
                names = []
            if any(n.endswith(".csproj") for n in names) or not directory:
                found = directory
            else:
                found = self._project(posixpath.dirname(directory))
            self._projects[directory] = found
        return found


# A delegate's members that do not run it (System.Delegate's and Object's): any other method
# called on a parameter that holds a method group is its Invoke (C# 20.1, method group conversion
# only to a delegate type).
_DELEGATE_NON_INVOKING = frozenset(
    ["EndInvoke", "GetInvocationList", "Clone", "Equals", "GetHashCode", "ToString", "GetType", "GetObjectData"]
)

SPEC = LanguageSpec(
    name="csharp",
    construction_keyword="new",
    extensions=(".cs",),
    grammar=grammar_of("tree_sitter_c_sharp"),
    query_file="csharp.scm",
    resolver=Namespaces,
    test_globs=("*Tests.cs", "*Test.cs", "*.Tests/*", "*.Test/*", "*.UnitTests/*", "tests/*", "test/*"),
    self_names=frozenset({"this"}),
    super_names=frozenset({"base"}),
    overload_arity_selects=True,
    overload_fixed_arity_first=True,
    constructor_is_class_name=True,
    implicit_self=True,
    parameterless_properties=True,
    # An override or an interface member's implementation has the member's parameter list and type
    # (ECMA-334 15.6.5, 18.6.5): it changes with the member's signature.
    overrides_keep_signature=True,
    # A namespace's members are visible in its own and in nested namespaces, wherever their files
    # are; a using directive imports into its own file only (ECMA-334 14.5).
    package_scope=True,
    package_spans_directories=True,
    enclosing_packages=True,
    private_imports=True,
    functional_non_abstract=_DELEGATE_NON_INVOKING,
    # ECMA-334 15.6.7 (methods), 18.4 (interface members): an abstract or interface method without
    # a body declares it for its implementations; ``extern`` runs code elsewhere, and a ``partial``
    # declaration runs its implementing part. A property's accessors or ``=> value`` are its code.
    bodiless_runs=frozenset({"extern", "partial"}),
    body_alternatives=("accessors", "value"),
    open_classes=True,
    builtins=frozenset(
        {
            "nameof",
            "typeof",
            "sizeof",
            "default",
            "Console",
            "Math",
            "String",
            "Task",
            "Guid",
            "DateTime",
            "Convert",
            "Enumerable",
            "Assert",
            "Array",
            "Environment",
        }
    ),
    builtin_methods=frozenset(
        {
            "ToString",
            "Equals",
            "GetHashCode",
            "GetType",
            "Add",
            "Remove",
            "Contains",
            "ContainsKey",
            "TryGetValue",
            "Clear",
            "Count",
            "Any",
            "All",
            "Select",
            "Where",
            "First",
            "FirstOrDefault",
            "Single",
            "SingleOrDefault",
            "ToList",
            "ToArray",
            "ToDictionary",
            "OrderBy",
            "GroupBy",
            "Sum",
            "Max",
            "Min",
            "Get",
            "Set",
            "Dispose",
            "Format",
            "Join",
            "Split",
            "Trim",
            "Replace",
            "Substring",
            "StartsWith",
            "EndsWith",
            "IndexOf",
            "Append",
            "AppendLine",
            "ConfigureAwait",
            "Wait",
            "Invoke",
            "WriteLine",
            "Write",
            "Read",
            "ReadLine",
            "Close",
            "Flush",
            "Parse",
            "TryParse",
        }
    ),
    module_separator=".",
    resolution="namespaces declared per file; using (wildcard, this file only) and using aliases; a "
    "namespace's and its enclosing namespaces' types visible; partial classes merged",
    null_types=frozenset({"null"}),  # the null literal: a returned form of its own (review/change_kinds.py)
    binding_rules=BindingRules(
        function_nodes=frozenset(
            {"lambda_expression", "local_function_statement", "anonymous_method_expression", "method_declaration"}
        ),
        # Every type derives from object (System.Object).
        top_types=frozenset({"object", "Object"}),
        abstract_words=frozenset({"abstract"}),
        keyword_arguments=True,
        named_in_position=True,
        named_variadic=True,
        defaults=True,
        receiver_by_position=True,
        receiver_may_be_class=True,
        overloads=True,
        typed_arguments=True,
    ),
    static_modifiers=frozenset({"static"}),
    locals_hide_functions=True,
)
