"""C and C++: includes, headers paired with sources, out-of-line methods."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

C_REPO = {
    "src/foo.h": "int foo(int x);\nstruct conf { int x; };\n",
    "src/foo.c": '#include "foo.h"\nstatic int helper(int x) { return x; }\nint foo(int x) { return helper(x); }\n',
    "src/bar.c": "int foo(int x) { return 0; }\n",
    "main.c": '#include "src/foo.h"\nint main(void) { foo(1); printf("x"); mystery(); return 0; }\n',
    "tests/test_foo.c": '#include "foo.h"\nvoid test_foo(void) { foo(2); }\n',
}

CPP_REPO = {
    "include/shapes/base.h": "class Base { public: virtual void bar() {} };\n",
    "include/shapes/foo.h": (
        '#pragma once\n#include "base.h"\nnamespace geo {\n'
        "class Foo : public Base {\n public:\n  Foo();\n  void bar();\n"
        "  int inl() { return bar2(); }\n  int bar2();\n  static int st();\n};\n}\n"
    ),
    "src/foo.cpp": (
        '#include "shapes/foo.h"\nnamespace geo {\nFoo::Foo() {}\n'
        "void Foo::bar() { helper(); this->inl(); Foo::st(); }\n"
        "int Foo::bar2() { return 1; }\nint Foo::st() { return 0; }\nstatic void helper() {}\n}\n"
    ),
    "src/main.cpp": '#include "shapes/foo.h"\nint main() { geo::Foo f; f.bar(); thing.get(); return 0; }\n',
    "tests/foo_test.cpp": '#include "shapes/foo.h"\nTEST(Foo, Bar) { geo::Foo f; f.bar(); }\n',
}


def edges(files: dict[str, str], *kinds: str) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind in kinds}


def test_c_include_reaches_the_paired_source_not_the_namesake() -> None:
    calls = edges(C_REPO, "calls")
    assert ("main.c::main", "src/foo.c::foo") in calls
    assert ("main.c::main", "src/bar.c::foo") not in calls
    assert ("src/foo.c::foo", "src/foo.c::helper") in calls
    assert ("main.c", "src/foo.h") in edges(C_REPO, "imports")


def test_c_tests_folder_and_unknown_and_stdlib_calls() -> None:
    g = graph_from_sources(C_REPO)
    assert ("tests/test_foo.c::test_foo", "src/foo.c::foo") in edges(C_REPO, "tests")
    statuses = {r.ref.name: r.status for r in g.resolved if r.ref.scope == "main.c::main"}
    assert statuses["printf"] == "builtin"
    assert statuses["mystery"] == "unresolved"


def test_cpp_out_of_line_methods_belong_to_the_class_in_the_header() -> None:
    g = graph_from_sources(CPP_REPO)
    all_edges = {(e.source, e.target, e.kind) for e in g.edges}
    # this-> and a bare member name inside an out-of-line method reach the class's members.
    assert ("src/foo.cpp::Foo.bar", "include/shapes/foo.h::Foo.inl", "calls") in all_edges
    assert ("src/foo.cpp::Foo.bar", "src/foo.cpp::Foo.st", "calls") in all_edges
    assert ("src/foo.cpp::Foo.bar", "src/foo.cpp::helper", "calls") in all_edges
    # An inline method in the header calls a member defined in the source.
    assert ("include/shapes/foo.h::Foo.inl", "src/foo.cpp::Foo.bar2", "calls") in all_edges
    assert ("include/shapes/foo.h::Foo", "include/shapes/base.h::Base", "inherits") in all_edges


def test_cpp_typed_variable_in_namespace_and_tests() -> None:
    g = graph_from_sources(CPP_REPO)
    by_kind = {(e.source, e.target): e.kind for e in g.edges}
    assert by_kind[("src/main.cpp::main", "src/foo.cpp::Foo.bar")] == "calls"
    assert by_kind[("tests/foo_test.cpp::Bar", "src/foo.cpp::Foo.bar")] == "tests"
    assert next(s for s in g.symbols if s.id == "tests/foo_test.cpp::Bar").is_test
    # Base.bar is not called by f.bar(): the variable's type is known.
    assert ("src/main.cpp::main", "include/shapes/base.h::Base.bar") not in by_kind
    statuses = {r.ref.name: r.status for r in g.resolved if r.ref.scope == "src/main.cpp::main"}
    assert statuses["get"] == "unresolved"


def test_cpp_export_macro_between_class_and_name_keeps_the_class() -> None:
    files = {
        "include/db/slice.h": (
            "#define DB_EXPORT\nnamespace db {\nclass DB_EXPORT Slice {\n public:\n"
            "  const char* begin() const { return data_; }\n  int size() const { return 1; }\n"
            " private:\n  const char* data_;\n};\nstruct DB_EXPORT Options final : public Base {};\n}\n"
        ),
        "db/use.cc": (
            '#include "include/db/slice.h"\n#include <vector>\n\n'
            "int Use(std::vector<int>& v) {\n  db::Slice s;\n  v.begin();\n  return s.size();\n}\n"
        ),
    }
    g = graph_from_sources(files)
    kinds = {s.id: s.kind for s in g.symbols}
    assert kinds["include/db/slice.h::Slice"] == "class" and kinds["include/db/slice.h::Options"] == "class"
    assert kinds["include/db/slice.h::Slice.begin"] == "method"  # not a free function 'begin'
    calls = {(s, t) for s, t, _ in g.edge_set("calls")}
    assert ("db/use.cc::Use", "include/db/slice.h::Slice.size") in calls
    assert not any(t.endswith("begin") for _, t in calls)  # v.begin() is the vector's


def test_compile_commands_include_dirs() -> None:
    files = {
        "compile_commands.json": '[{"directory": "/repo", "command": "cc -Ithird/inc -c app/main.c", "file": "app/main.c"}]',
        "third/inc/lib.h": "int lib_call(void);\n",
        "third/inc/lib.c": "int lib_call(void) { return 1; }\n",
        "other/lib.h": "int lib_call(void);\n",
        "app/main.c": '#include "lib.h"\nint main(void) { return lib_call(); }\n',
    }
    g = graph_from_sources(files, root="/repo")
    assert ("app/main.c", "third/inc/lib.h", "imports") in g.edge_set("imports")
    assert ("app/main.c::main", "third/inc/lib.c::lib_call", "calls") in g.edge_set("calls")


def test_include_cycles_do_not_hide_names() -> None:
    files = {
        "a.h": '#include "b.h"\n',
        "b.h": '#include "a.h"\n#include "c.h"\n',
        "c.h": "int cfun(void);\n",
        "c.c": "int cfun(void) { return 1; }\n",
        "main.c": '#include "a.h"\nint main(void) { return cfun(); }\n',
        "other.c": '#include "b.h"\nint other(void) { return cfun(); }\n',
    }
    calls = {(s, t) for s, t, _ in graph_from_sources(files).edge_set("calls")}
    assert ("main.c::main", "c.c::cfun") in calls
    assert ("other.c::other", "c.c::cfun") in calls


def test_googletest_fixture_tests_are_methods_of_their_fixture() -> None:
    files = {
        "db/db.h": "class DB { public: void Put(int k); };\nint Encode(int x);\n",
        "db/db.cc": '#include "db/db.h"\nvoid DB::Put(int k) {}\nint Encode(int x) { return x; }\n',
        "db/db_test.cc": (
            '#include "db/db.h"\n'
            "class DBTest : public testing::Test {\n public:\n  void Reopen() {}\n};\n"
            "TEST_F(DBTest, Empty) {\n  Reopen();\n  ASSERT_EQ(1, Encode(1));\n}\n"
            "TEST(Coding, Fixed32) { EXPECT_TRUE(Encode(2)); }\n"
        ),
    }
    g = graph_from_sources(files)
    tests = {s.id for s in g.symbols if s.file == "db/db_test.cc" and s.is_test and s.kind != "class"}
    assert tests == {
        "db/db_test.cc",
        "db/db_test.cc::DBTest.Reopen",
        "db/db_test.cc::DBTest.Empty",
        "db/db_test.cc::Fixed32",
    }
    edges = {(s, t, k) for s, t, k in g.edge_set("calls") | g.edge_set("tests")}
    assert ("db/db_test.cc::DBTest.Empty", "db/db_test.cc::DBTest.Reopen", "calls") in edges
    assert ("db/db_test.cc::DBTest.Empty", "db/db.cc::Encode", "tests") in edges
    assert ("db/db_test.cc::Fixed32", "db/db.cc::Encode", "tests") in edges
    statuses = {r.ref.name: r.status for r in g.resolved if r.ref.name.isupper() or "_" in r.ref.name}
    assert statuses == {"ASSERT_EQ": "builtin", "EXPECT_TRUE": "builtin"}


def test_libc_calls_are_builtin_and_an_unknown_call_is_not() -> None:
    files = {"main.c": "#include <math.h>\nint main(void) { rewind(0); isfinite(1.0); no_such_fn(); return 0; }\n"}
    statuses = {r.ref.name: r.status for r in graph_from_sources(files).resolved}
    assert statuses == {"rewind": "builtin", "isfinite": "builtin", "no_such_fn": "unresolved"}
