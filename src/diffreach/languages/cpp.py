"""C++: classes, namespaces, out-of-line methods, includes shared with C.

Includes resolve as in C (``c.IncludeFiles``: beside the file, include dirs from
``compile_commands.json`` or ``include/``/``src/`` folders, a header paired with
its sources). Namespaces are not nodes: ``ns::Foo`` is ``Foo``, and a call
``ns::f()`` whose qualifier names no class is looked up like the bare ``f``.
``void Foo::bar() {}`` is a method of ``Foo`` through ``@receiver``: in the
file of ``Foo`` it nests under it, elsewhere (``foo.cpp`` beside ``foo.h``) the
resolver pairs it with the class the file includes. Headers (``.h``) are parsed
with this grammar, which reads C headers as well. An export macro between ``class`` and the name
(``class LIB_EXPORT Foo``) is blanked before parsing. GoogleTest's ``TEST_F(Fixture,
Name)`` is a test method of the fixture (its bare calls reach the fixture's
members) and ``TEST(Suite, Name)`` the test function ``Name``; the test framework's
macros are built-ins.
"""

from __future__ import annotations

import re

from .c import C_KEYWORDS, C_STDLIB, HEADER_EXTENSIONS, IncludeFiles
from .spec import LanguageSpec, grammar_of

# GoogleTest/GoogleMock and Catch2 macros: called like functions, defined by a
# framework that is rarely vendored into the repository (external, not unresolved).
_CHECKS = (
    "TRUE",
    "FALSE",
    "EQ",
    "NE",
    "LT",
    "LE",
    "GT",
    "GE",
    "STREQ",
    "STRNE",
    "STRCASEEQ",
    "STRCASENE",
    "FLOAT_EQ",
    "DOUBLE_EQ",
    "NEAR",
    "THROW",
    "ANY_THROW",
    "NO_THROW",
    "THAT",
    "DEATH",
    "DEBUG_DEATH",
    "EXIT",
    "NO_FATAL_FAILURE",
    "PRED1",
    "PRED2",
    "PRED3",
    "PRED_FORMAT1",
    "PRED_FORMAT2",
    "HRESULT_SUCCEEDED",
    "HRESULT_FAILED",
)
TEST_MACROS = frozenset({f"{kind}_{check}" for kind in ("ASSERT", "EXPECT") for check in _CHECKS}) | frozenset(
    {
        "TEST",
        "TEST_F",
        "TEST_P",
        "TYPED_TEST",
        "TYPED_TEST_P",
        "TYPED_TEST_SUITE",
        "REGISTER_TYPED_TEST_SUITE_P",
        "INSTANTIATE_TEST_SUITE_P",
        "INSTANTIATE_TYPED_TEST_SUITE_P",
        "INSTANTIATE_TEST_CASE_P",
        "FAIL",
        "SUCCEED",
        "ADD_FAILURE",
        "ADD_FAILURE_AT",
        "GTEST_SKIP",
        "SCOPED_TRACE",
        "FRIEND_TEST",
        "EXPECT_CALL",
        "ON_CALL",
        "MOCK_METHOD",
        "REQUIRE",
        "REQUIRE_FALSE",
        "REQUIRE_THROWS",
        "REQUIRE_NOTHROW",
        "CHECK",
        "CHECK_FALSE",
        "CHECK_THROWS",
        "CHECK_NOTHROW",
        "SECTION",
        "TEST_CASE",
        "TEST_CASE_METHOD",
        "SCENARIO",
        "GIVEN",
        "WHEN",
        "THEN",
        "INFO",
        "CAPTURE",
    }
)

# ``class LEVELDB_EXPORT Slice {``, ``struct Q_CORE_EXPORT QPoint final :``: an all-caps
# macro (an export or visibility attribute) between the keyword and the name.
_EXPORT_MACRO = re.compile(
    rb"\b(?:class|struct|union)\s+([A-Z][A-Z0-9_]*[A-Z0-9])(?=\s+[A-Za-z_]\w*\s*(?:final\b|[:{]))"
)


def blank_export_macros(data: bytes) -> bytes:
    """The macro blanked, every other byte in place: the grammar reads a class again."""
    return _EXPORT_MACRO.sub(lambda m: m.group(0)[: m.start(1) - m.start(0)] + b" " * len(m.group(1)), data)


SPEC = LanguageSpec(
    name="cpp",
    construction_keyword="new",
    extensions=(".cc", ".cpp", ".cxx", ".c++", *HEADER_EXTENSIONS),
    grammar=grammar_of("tree_sitter_cpp"),
    query_file="cpp.scm",
    resolver=IncludeFiles,
    test_globs=(
        "test/*",
        "tests/*",
        "*_test.cc",
        "*_test.cpp",
        "*_unittest.cc",
        "*_unittest.cpp",
        "test_*.cpp",
        "test_*.cc",
        "*Test.cpp",
        "*Tests.cpp",
    ),
    self_names=frozenset({"this"}),
    constructor_is_class_name=True,
    overload_arity_selects=True,
    implicit_self=True,
    builtins=C_KEYWORDS
    | C_STDLIB
    | TEST_MACROS
    | frozenset({"std", "static_cast", "dynamic_cast", "reinterpret_cast", "const_cast", "move", "forward"}),
    builtin_methods=frozenset(
        {
            "size",
            "empty",
            "begin",
            "end",
            "push_back",
            "emplace_back",
            "pop_back",
            "insert",
            "erase",
            "find",
            "count",
            "clear",
            "get",
            "reset",
            "data",
            "front",
            "back",
            "at",
            "c_str",
            "str",
            "append",
            "substr",
            "length",
            "reserve",
            "resize",
            "swap",
            "lock",
            "unlock",
            "first",
            "second",
        }
    ),
    module_separator="/",
    member_separators=("::", "->"),
    namespace_receivers=True,
    prepare=blank_export_macros,
    resolution="#include as in C; classes and namespaces; out-of-line Foo::bar() paired with class Foo "
    "through the header; ns::f() by the bare name",
    static_modifiers=frozenset({"static"}),
    bare_enum_members=True,
    declarations_included_only=True,
)
