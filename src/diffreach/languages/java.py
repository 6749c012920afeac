"""Java: packages are directories under a source root, classes are files.

Source roots vary (``src/main/java``, ``src/test/java``, a plain ``src`` or the
repository root), so the module resolver indexes every ``.java`` file and
directory by each of its path suffixes: ``com.x.Foo`` is any file ending in
``com/x/Foo.java``, ``com.x`` (a wildcard import) every file of a directory
ending in ``com/x``, in every root at once. An import ``com.x.Foo`` is read as
"from the file of com.x.Foo import Foo", so it binds the class and the
imports edge goes to that one file. Classes of one package see each other
without imports wherever their roots are (``package_scope`` with the declared
package); bare names inside a class may be inherited members
(``implicit_self``); ``new Foo()`` calls the constructor named Foo. Kotlin and
Scala classes live in the same packages (``package_languages``): where no
``.java`` file answers, ``com.x.Foo`` is the files of theirs that declare
package ``com.x``, and a wildcard's package holds them too; ``com.x.UtilsKt``
is the Kotlin file ``Utils.kt`` of package com.x, whose top-level functions
Java calls as that class's static methods.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from .jvm_imports import kotlin_file_classes, shared_packages
from .signatures import BindingRules
from .spec import LanguageSpec, RepoFiles, grammar_of
from .test_ids import JUNIT


class JavaPackages:
    """Maps qualified class and package names to files, whatever the source root."""

    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        self._files: dict[str, list[str]] = {}  # "com/x/Foo.java" → files ending so
        self._packages: dict[str, list[str]] = {}  # "com/x" → files of such directories
        for path in sorted(repo.paths()):
            if not path.endswith(".java"):
                continue
            parts = PurePosixPath(path).parts
            for i in range(len(parts)):
                self._files.setdefault("/".join(parts[i:]), []).append(path)
                if i < len(parts) - 1:
                    self._packages.setdefault("/".join(parts[i:-1]), []).append(path)
        # Kotlin's and Scala's files by declared package: their paths need not follow it.
        self._shared = shared_packages(repo, spec.package_languages)
        self._file_classes = kotlin_file_classes(repo) if "kotlin" in spec.package_languages else {}

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        rel = module.replace(".", "/")
        found = self._files.get(f"{rel}.java")
        if found:
            return tuple(found)
        package = (*self._packages.get(rel, ()), *self._shared.get(module, ()))
        if package:  # a wildcard's package
            return package
        # A class another language declares (``import a.b.C``: the files of package a.b), a nested
        # class or a static member (``import static a.B.m``: the outer class's file).
        outer = module.rpartition(".")[0]
        shared = self._shared.get(outer) or self._file_classes.get(module) or self._file_classes.get(outer)
        if shared:  # ... or a Kotlin file's class of its top-level functions (``UtilsKt``)
            return tuple(shared)
        return tuple(self._files.get(f"{outer.replace('.', '/')}.java", ())) if outer else ()


_OBJECT_METHODS = "equals hashCode toString getClass clone finalize notify notifyAll wait"
_STRING_METHODS = """length charAt substring indexOf lastIndexOf isEmpty isBlank trim strip split replace
replaceAll replaceFirst startsWith endsWith contains format formatted valueOf toLowerCase toUpperCase matches
concat chars getBytes compareTo compareToIgnoreCase equalsIgnoreCase join repeat lines toCharArray intern"""
_COLLECTION_METHODS = """get set add addAll remove removeAll removeIf retainAll contains containsAll containsKey
containsValue put putAll putIfAbsent getOrDefault computeIfAbsent computeIfPresent compute merge size clear
iterator listIterator stream parallelStream forEach keySet values entrySet getKey getValue setValue toArray
sort subList indexOf of copyOf asList emptyList emptyMap emptySet singletonList unmodifiableList
unmodifiableMap unmodifiableSet first last peek poll offer push pop next hasNext previous hasPrevious
map filter flatMap collect reduce findFirst findAny anyMatch allMatch noneMatch count distinct sorted limit
skip orElse orElseGet orElseThrow ifPresent isPresent empty ofNullable toList"""
_OTHER_METHODS = """append insert reverse setLength close read write flush print println printf
ordinal name compareTo apply accept test run call start join interrupt sleep getMessage getCause
printStackTrace intValue longValue doubleValue booleanValue getName getSimpleName getSuperclass
isInstance cast newInstance getAnnotation invoke lock unlock await signal signalAll"""

# The methods of the JDK's functional interfaces that are not their one abstract method (default
# and static combinators of java.util.function and Comparator), with Object's: calling one on a
# parameter holding a function value does not call that function.
_FUNCTIONAL_NON_ABSTRACT = frozenset(
    (
        _OBJECT_METHODS + " andThen compose identity negate and or not isEqual reversed thenComparing thenComparingInt"
        " thenComparingLong thenComparingDouble naturalOrder reverseOrder nullsFirst nullsLast comparing"
        " comparingInt comparingLong comparingDouble minBy maxBy"
    ).split()
)

_BUILTIN_METHODS = frozenset(
    (_OBJECT_METHODS + " " + _STRING_METHODS + " " + _COLLECTION_METHODS + " " + _OTHER_METHODS).split()
)

# java.lang (never imported), and bare calls that are static imports of test
# frameworks (`import static org.junit.Assert.*`).
_BUILTINS = frozenset(
    [
        "Object",
        "String",
        "StringBuilder",
        "StringBuffer",
        "CharSequence",
        "Integer",
        "Long",
        "Double",
        "Float",
        "Boolean",
        "Character",
        "Byte",
        "Short",
        "Number",
        "Math",
        "StrictMath",
        "System",
        "Runtime",
        "Thread",
        "ThreadLocal",
        "Class",
        "ClassLoader",
        "Enum",
        "Record",
        "Void",
        "Iterable",
        "Comparable",
        "Runnable",
        "AutoCloseable",
        "Cloneable",
        "Appendable",
        "Readable",
        "Process",
        "ProcessBuilder",
        "Throwable",
        "Exception",
        "Error",
        "RuntimeException",
        "IllegalArgumentException",
        "IllegalStateException",
        "NullPointerException",
        "ClassCastException",
        "UnsupportedOperationException",
        "IndexOutOfBoundsException",
        "ArrayIndexOutOfBoundsException",
        "ArithmeticException",
        "CloneNotSupportedException",
        "InterruptedException",
        "NumberFormatException",
        "SecurityException",
        "AssertionError",
        "OutOfMemoryError",
        "StackOverflowError",
        "Override",
        "Deprecated",
        "SuppressWarnings",
        "FunctionalInterface",
        "SafeVarargs",
        "assertEquals",
        "assertNotEquals",
        "assertTrue",
        "assertFalse",
        "assertNull",
        "assertNotNull",
        "assertSame",
        "assertNotSame",
        "assertThat",
        "assertThrows",
        "assertArrayEquals",
        "assertAll",
        "fail",
        "assumeTrue",
        "assumeFalse",
        "assertWithMessage",
        "mock",
        "when",
        "verify",
        "spy",
        "any",
        "eq",
        "times",
        "never",
        "doReturn",
        "doThrow",
    ]
)


# Nullness annotations of the common checkers (JSR 305, JetBrains, Checker Framework, JSpecify,
# Android, Lombok, Eclipse), by simple name; each says whether a method's result may be null.
_NULLNESS = frozenset(
    {"Nullable", "NonNull", "Nonnull", "NotNull", "CheckForNull", "NullableDecl", "NonNullDecl", "PolyNull"}
)


_REFERENCE = frozenset({"Object", "Serializable", "Comparable", "Constable", "ConstantDesc"})
_NUMBER = frozenset({"Number"}) | _REFERENCE
# JLS 3.10's literals and the parameter types an invocation context converts them to (5.3:
# widening primitive, boxing, then widening reference); never a narrowing (no int literal to byte).
_LITERAL_TYPES = (
    (r'"(?:[^"\\\n]|\\.)*"', frozenset({"String", "CharSequence"}) | _REFERENCE),
    (r"'(?:[^'\\\n]|\\.)+'", frozenset({"char", "int", "long", "float", "double", "Character"}) | _REFERENCE),
    (r"-?(?:0[xXbB][\da-fA-F_]+|\d[\d_]*)", frozenset({"int", "long", "float", "double", "Integer"}) | _NUMBER),
    (r"-?(?:0[xXbB][\da-fA-F_]+|\d[\d_]*)[lL]", frozenset({"long", "float", "double", "Long"}) | _NUMBER),
    (r"-?(?:\d[\d_]*\.\d*|\.\d+)(?:[eE][-+]?\d+)?[dD]?", frozenset({"double", "Double"}) | _NUMBER),
    (r"-?(?:\d[\d_]*\.?\d*|\.\d+)(?:[eE][-+]?\d+)?[fF]", frozenset({"float", "double", "Float"}) | _NUMBER),
    (r"true|false", frozenset({"boolean", "Boolean"}) | _REFERENCE),
)

SPEC = LanguageSpec(
    name="java",
    extensions=(".java",),
    grammar=grammar_of("tree_sitter_java"),
    query_file="java.scm",
    resolver=JavaPackages,
    test_globs=("src/test/*", "test/*", "tests/*", "*Test.java", "*Tests.java", "*TestCase.java", "*IT.java"),
    test_runner=JUNIT,
    self_names=frozenset({"this"}),
    super_names=frozenset({"super"}),
    constructor_is_class_name=True,
    implicit_self=True,
    package_scope=True,
    package_languages=("kotlin", "scala"),
    package_spans_directories=True,
    builtins=_BUILTINS,
    builtin_methods=_BUILTIN_METHODS,
    module_separator=".",
    import_alias=lambda module: module.rsplit(".", 1)[-1],
    overload_arity_selects=True,
    overload_fixed_arity_first=True,
    construction_keyword="new",
    resolution="import a.b.C → the file …/a/b/C.java under any source root; a.b.* → the package's files; "
    "same-package classes across roots; Kotlin and Scala classes of the same packages (a Kotlin file's "
    "functions as FileKt); this./super./static calls; extends/implements; constructors",
    null_types=frozenset({"null"}),  # the null literal: a returned form of its own (review/change_kinds.py)
    # java.util's List/Deque/Queue/NavigableSet/Iterator, Map's get (its values), Optional.
    element_methods=frozenset(
        {"get", "getFirst", "getLast", "peek", "peekFirst", "peekLast", "poll", "pollFirst", "pollLast", "pop"}
        | {"element", "first", "last", "floor", "ceiling", "higher", "lower", "next", "previous"}
        | {"getOrDefault", "orElse", "orElseThrow", "orElseGet"}
    ),
    binding_rules=BindingRules(
        function_nodes=frozenset({"lambda_expression", "method_declaration", "constructor_declaration"}),
        abstract_words=frozenset({"abstract"}),
        overloads=True,
        # Every class extends Object (JLS 4.3.2): a parameter of it takes any reference.
        top_types=frozenset({"Object"}),
        typed_arguments=True,
        literal_types=_LITERAL_TYPES,
        nullness_annotations=_NULLNESS,
        non_null_annotations=frozenset({"NonNull", "Nonnull", "NotNull", "NonNullDecl"}),
        deprecation_annotations=frozenset({"Deprecated"}),
        # JLS 6.6: a member without a modifier is package-private.
        visibility_scopes=(
            ("private", "file"),
            ("protected", "package+subclass"),
            ("public", "everywhere"),
        ),
        default_visibility="package",
        checked_raises=True,
    ),
    static_modifiers=frozenset({"static"}),
    # A local holds to the end of its block (JLS 6.3), a loop's, a catch's, a resource's, a lambda's
    # or a method's parameter in that statement or body; locals never shadow locals (6.4), so these
    # only part same-named variables of sibling blocks (two loops' `item`).
    binding_blocks=frozenset(
        {
            "block",
            "for_statement",
            "enhanced_for_statement",
            "catch_clause",
            "try_with_resources_statement",
            "switch_block",
            "lambda_expression",
            "method_declaration",
            "constructor_declaration",
        }
    ),
    # JLS 9.8, 15.13.2: a method reference given where an interface of one abstract method is expected.
    functional_interface_words=frozenset({"interface"}),
    functional_non_abstract=_FUNCTIONAL_NON_ABSTRACT,
    member_separators=("::",),  # a method reference, Foo::bar, read as the member Foo.bar
    instances_by_construction=True,
    self_instantiating_words=frozenset({"enum"}),
    overrides_keep_signature=True,
    bodiless_runs=frozenset({"native"}),
    source_only_annotations=("Override", "java.lang.Override", "SuppressWarnings", "java.lang.SuppressWarnings"),
)
