"""Declarations: constants, fields, enum members and type aliases, one snippet per language in,
the expected records out (name, kind, holder, line, text) and the forbidden ones absent: local
variables, and names the same file already defines as a node."""

from __future__ import annotations

import pytest
from tree_sitter import Query

from diffreach.extract import core, plans
from diffreach.extract.core import extract
from diffreach.index.build import graph_from_sources
from diffreach.languages import language_for

CASES = {
    "a.py": (
        "from typing import TypeAlias\n"
        "Mode: TypeAlias = int | str\n"
        "type Pair = tuple[int, int]\n"
        "MAX_RETRIES = 3\n"
        "logger = make_logger()\n"
        "class Color(Enum):\n"
        "    RED = 1\n"
        "class Box:\n"
        "    size = 2\n"
        "    def __init__(self):\n"
        "        self.items = []\n"
        "        local = 5\n"
        "def f():\n"
        "    LOCAL_MAX = 1\n",
        {
            ("Mode", "alias", "a.py", 2, "Mode: TypeAlias = int | str"),
            ("Pair", "alias", "a.py", 3, "type Pair = tuple[int, int]"),
            ("MAX_RETRIES", "constant", "a.py", 4, "MAX_RETRIES = 3"),
            ("RED", "member", "a.py::Color", 7, "RED = 1"),
            ("size", "field", "a.py::Box", 9, "size = 2"),
            ("items", "field", "a.py::Box", 11, "self.items = []"),
        },
        {"logger", "local", "LOCAL_MAX", "f"},
    ),
    "a.ts": (
        "export enum Mode {\n  Auto = 'auto',\n  Manual,\n}\n"
        "export type Kind = 'good' | 'bad';\n"
        "export const MAX = 3;\n"
        "const handler = () => 1;\n"
        "const fs = require('fs');\n"
        "export interface Feedback {\n  score: number;\n}\n"
        "export class Session {\n  private count = 0;\n  constructor(private readonly id: string, plain: number) {}\n}\n"
        "function g() {\n  const INNER = 1;\n}\n",
        {
            ("Auto", "member", "a.ts::Mode", 2, "Auto = 'auto',"),
            ("Manual", "member", "a.ts::Mode", 3, "Manual,"),
            ("Kind", "alias", "a.ts", 5, "export type Kind = 'good' | 'bad';"),
            ("MAX", "constant", "a.ts", 6, "export const MAX = 3;"),
            ("score", "field", "a.ts::Feedback", 10, "score: number;"),
            ("count", "field", "a.ts::Session", 13, "private count = 0;"),
            ("id", "field", "a.ts::Session", 14, "constructor(private readonly id: string, plain: number) {}"),
        },
        {"handler", "fs", "plain", "INNER", "g"},
    ),
    "a.go": (
        "package p\n\nconst A = 1\n\nconst (\n\tB = 2\n)\n\nvar V = 5\n\ntype Alias = int\n\ntype Named int\n\n"
        "type S struct {\n\tF int\n}\n\nfunc f() {\n\tconst L = 1\n\tvar M = 2\n}\n\ntype Fn = func()\n",
        {
            ("A", "constant", "a.go", 3, "const A = 1"),
            ("B", "constant", "a.go", 6, "B = 2"),
            ("V", "constant", "a.go", 9, "var V = 5"),
            ("F", "field", "a.go::S", 16, "F int"),
            ("Fn", "alias", "a.go", 24, "type Fn = func()"),
        },
        # ``type Named int`` and ``type Alias = int`` are nodes (definition.type: an alias of a
        # named type has that type's members); ``type Fn = func()`` stays a declaration.
        {"L", "M", "Named", "Alias"},
    ),
    "A.java": (
        "class C {\n  static final int MAX = 3;\n  private String name;\n  enum E { ON, OFF }\n"
        "  void m() {\n    int local = 1;\n  }\n}\n",
        {
            ("MAX", "constant", "A.java::C", 2, "static final int MAX = 3;"),
            ("name", "field", "A.java::C", 3, "private String name;"),
            ("ON", "member", "A.java::C.E", 4, "enum E { ON, OFF }"),
            ("OFF", "member", "A.java::C.E", 4, "enum E { ON, OFF }"),
        },
        {"local"},
    ),
    "a.rs": (
        'const A: u32 = 1;\nstatic B: &str = "x";\ntype T = fn(u8) -> u8;\nstruct S {\n    f: u32,\n}\n'
        "enum E {\n    X,\n}\nfn g() {\n    const L: u8 = 2;\n}\n",
        {
            ("A", "constant", "a.rs", 1, "const A: u32 = 1;"),
            ("B", "constant", "a.rs", 2, 'static B: &str = "x";'),
            # an alias of a function type (one of a named type is a node: rust.scm)
            ("T", "alias", "a.rs", 3, "type T = fn(u8) -> u8;"),
            ("f", "field", "a.rs::S", 5, "f: u32,"),
            ("X", "member", "a.rs::E", 8, "X,"),
        },
        {"L"},
    ),
    "a.cs": (
        "class C {\n  public const int MAX = 3;\n  private int count;\n  public int P { get; set; }\n"
        "  enum E { A, B = 2 }\n}\n",
        {
            ("MAX", "constant", "a.cs::C", 2, "public const int MAX = 3;"),
            ("count", "field", "a.cs::C", 3, "private int count;"),
            ("A", "member", "a.cs::C.E", 5, "enum E { A, B = 2 }"),
            ("B", "member", "a.cs::C.E", 5, "enum E { A, B = 2 }"),
        },
        {"P"},  # a property with accessors is a method node
    ),
    "a.c": (
        "#ifndef A_H\n#define A_H\n#define MAX 64\n#define f f_real\nenum mode { SLOW, FAST = 2 };\n"
        "static const int LIMIT = 3;\nint g(int a);\ntypedef unsigned int count_t;\ntypedef struct S S;\n"
        "struct S {\n    int retries;\n};\nint h(void) {\n    const int LOCAL = 1;\n    return LOCAL;\n}\n#endif\n",
        {
            ("MAX", "constant", "a.c", 3, "#define MAX 64"),
            ("SLOW", "member", "a.c::mode", 5, "enum mode { SLOW, FAST = 2 };"),
            ("FAST", "member", "a.c::mode", 5, "enum mode { SLOW, FAST = 2 };"),
            ("LIMIT", "constant", "a.c", 6, "static const int LIMIT = 3;"),
            ("count_t", "alias", "a.c", 8, "typedef unsigned int count_t;"),
            ("retries", "field", "a.c::S", 11, "int retries;"),
        },
        # An include guard, a rename, a prototype, ``typedef struct S S`` (the struct itself), a local.
        {"A_H", "f", "g", "S", "LOCAL"},
    ),
    "a.hpp": (
        "namespace n {\nconstexpr int K = 5;\nusing Id = int;\nenum class Color { Red };\n"
        "class C {\n    int width = 0;\n    static const int MAX = 3;\n    int start();\n};\n}\n",
        {
            ("K", "constant", "a.hpp", 2, "constexpr int K = 5;"),
            ("Id", "alias", "a.hpp", 3, "using Id = int;"),
            ("Red", "member", "a.hpp::Color", 4, "enum class Color { Red };"),
            ("width", "field", "a.hpp::C", 6, "int width = 0;"),
            ("MAX", "constant", "a.hpp::C", 7, "static const int MAX = 3;"),
        },
        {"start"},  # a member function's declaration
    ),
    "a.kt": (
        'package p\nconst val MAX = 3\nval NAME = "a"\ntypealias H = (Int) -> Unit\nenum class Color { RED }\n'
        "class E(val retries: Int, plain: Int) {\n    var width: Int = 640\n    fun f() {\n        val local = 1\n    }\n}\n",
        {
            ("MAX", "constant", "a.kt", 2, "const val MAX = 3"),
            ("NAME", "constant", "a.kt", 3, 'val NAME = "a"'),
            ("H", "alias", "a.kt", 4, "typealias H = (Int) -> Unit"),
            ("RED", "member", "a.kt::Color", 5, "enum class Color { RED }"),
            ("retries", "field", "a.kt::E", 6, "class E(val retries: Int, plain: Int) {"),
            ("width", "field", "a.kt::E", 7, "var width: Int = 640"),
        },
        {"plain", "local"},
    ),
    "a.swift": (
        "let MAX = 3\ntypealias H = (Int) -> Void\nenum Color {\n    case red, green\n}\n"
        "struct E {\n    var retries: Int = 0\n    var width: Int { return 1 }\n"
        "    func f() {\n        let local = 1\n    }\n}\n",
        {
            ("MAX", "constant", "a.swift", 1, "let MAX = 3"),
            ("H", "alias", "a.swift", 2, "typealias H = (Int) -> Void"),
            ("red", "member", "a.swift::Color", 4, "case red, green"),
            ("green", "member", "a.swift::Color", 4, "case red, green"),
            ("retries", "field", "a.swift::E", 7, "var retries: Int = 0"),
        },
        {"width", "local"},  # a computed property runs code
    ),
    "a.php": (
        "<?php\nconst MAX = 3;\nenum S: string {\n    case On = 'on';\n}\nclass E {\n    public const LIMIT = 5;\n"
        "    private int $retries = 0;\n    public function __construct(public int $width, int $plain) {\n"
        "        $local = 1;\n    }\n}\n",
        {
            ("MAX", "constant", "a.php", 2, "const MAX = 3;"),
            ("On", "member", "a.php::S", 4, "case On = 'on';"),
            ("LIMIT", "constant", "a.php::E", 7, "public const LIMIT = 5;"),
            ("retries", "field", "a.php::E", 8, "private int $retries = 0;"),
            ("width", "field", "a.php::E", 9, "public function __construct(public int $width, int $plain) {"),
        },
        {"plain", "local"},
    ),
    "a.rb": (
        "module K\n  MAX = 3\n  class E\n    attr_accessor :retries, :width\n    def f\n      local = 1\n    end\n  end\nend\n",
        {
            ("MAX", "constant", "a.rb::K", 2, "MAX = 3"),
            ("retries", "field", "a.rb::K.E", 4, "attr_accessor :retries, :width"),
            ("width", "field", "a.rb::K.E", 4, "attr_accessor :retries, :width"),
        },
        {"local", ":retries"},
    ),
    "a.scala": (
        "package p\nobject L {\n  val MAX = 3\n  type H = Int => Unit\n}\nenum Color {\n  case Red\n}\n"
        "case class P(x: Int)\nclass E(val retries: Int, plain: Int) {\n  var width: Int = 640\n"
        "  def f(): Int = {\n    val local = 1\n    local\n  }\n}\n",
        {
            ("MAX", "constant", "a.scala::L", 3, "val MAX = 3"),
            ("H", "alias", "a.scala::L", 4, "type H = Int => Unit"),
            ("Red", "member", "a.scala::Color", 7, "case Red"),
            ("x", "field", "a.scala::P", 9, "case class P(x: Int)"),
            ("retries", "field", "a.scala::E", 10, "class E(val retries: Int, plain: Int) {"),
            ("width", "field", "a.scala::E", 11, "var width: Int = 640"),
        },
        {"plain", "local"},
    ),
}


@pytest.mark.parametrize("path", sorted(CASES))
def test_declarations_of_each_language(path: str) -> None:
    source, expected, forbidden = CASES[path]
    spec = language_for(path)
    assert spec is not None
    fx = extract(path, source.encode(), spec)
    got = {(d.name, d.kind, d.scope, d.line, d.text) for d in fx.declarations}
    assert expected <= got, sorted(expected - got)
    assert not {d.name for d in fx.declarations} & forbidden


# Queries compiled by the test are kept (py-tree-sitter 0.26 crashed compiling TSX's query after
# another query of these grammars had been freed).
_WHOLE: list[Query] = []


@pytest.mark.parametrize("path", sorted(CASES))
def test_the_root_pass_finds_what_one_pass_over_the_whole_tree_found(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Declaration patterns rooted at the tree's root (a module-level constant) run in a pass that
    starts at the root only; the extract is the one a single pass of the whole query makes."""
    spec = language_for(path)
    assert spec is not None
    data = CASES[path][0].encode()
    plan, rooted = plans.passes(spec)[0][1], plans.passes(spec)[1]
    two_passes = extract(path, data, spec)
    _WHOLE.append(Query(plans.language_of(spec), spec.query_source))
    monkeypatch.setattr(core, "passes", lambda _spec, _symbols_only=False: ((_WHOLE[-1], plan), None))
    assert extract(path, data, spec) == two_passes
    if path.endswith((".py", ".go", ".rs", ".ts")):  # these declare constants at the root
        assert rooted is not None and rooted[0].pattern_count >= 1


def test_a_long_declaration_is_clipped_and_says_so() -> None:
    source = "TABLE = {\n" + "".join(f"    'k{i}': {i},\n" for i in range(10)) + "}\n"
    spec = language_for("t.py")
    assert spec is not None
    (d,) = extract("t.py", source.encode(), spec).declarations
    assert (d.line, d.end_line) == (1, 12)
    assert d.text == "TABLE = {\n    'k0': 0,\n    'k1': 1, …"


def test_declarations_add_no_node_and_no_edge() -> None:
    """A constant, a field and an alias named like a function elsewhere: calls still go to the function."""
    graph = graph_from_sources(
        {
            "pkg/consts.py": "run = 1\nRUN = 2\nclass K:\n    run = 3\n",
            "pkg/work.py": "def run():\n    pass\n",
            "pkg/main.py": "from pkg.work import run\nfrom pkg.consts import RUN\n\ndef main():\n    run()\n    RUN()\n",
        }
    )
    assert {n.id for n in graph.symbols if n.file == "pkg/consts.py"} == {"pkg/consts.py", "pkg/consts.py::K"}
    calls = {(e.source, e.target) for e in graph.edges if e.kind == "calls"}
    assert ("pkg/main.py::main", "pkg/work.py::run") in calls
    assert not any("consts" in e.target for e in graph.edges if e.kind not in ("imports", "contains"))
