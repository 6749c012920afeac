"""Forward context in Kotlin, Swift, PHP, Ruby and Scala: a change that starts using an enum member,
a constant, a type alias and a field of another file lists each definition line (at 4,000 tokens);
the same names in a file the using file's imports (or package, or requires) do not reach are never
listed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.test_forward_kinds import listed, uses_after

KT_COLORS = "".join(f"    SHADE{i},\n" for i in range(12))
KOTLIN = {
    "src/main/kotlin/com/x/Kinds.kt": "package com.x\n\n"  # 1-2
    "enum class Color {\n    RED,\n    GREEN,\n" + KT_COLORS + "}\n\n"  # 3-19
    "const val MAX_RETRIES = 5\n\n"  # 20-21
    "typealias Handler = (Int) -> Unit\n\n"  # 22-23
    "class Engine(val retries: Int) {\n    var width: Int = 640\n"  # 24-25
     + "".join(f"    fun step{i}(): Int = {i}\n" for i in range(10)) + "}\n",
    "src/main/kotlin/com/y/Kinds.kt": "package com.y\n\nenum class Color { RED }\n\nconst val MAX_RETRIES = 9\n\n"
    "typealias Handler = () -> Unit\n\nclass Engine(val retries: Long)\n",
    "src/main/kotlin/com/z/Run.kt": "package com.z\n\nfun run(): Int = 0\n",
}


def test_kotlin_enum_entry_const_typealias_and_property_through_imports(make_repo: Callable[..., Path]) -> None:
    after = (
        "package com.z\n\nimport com.x.Color\nimport com.x.Engine\nimport com.x.Handler\nimport com.x.MAX_RETRIES\n\n"
        "fun run(e: Engine, h: Handler): Int {\n    val c = Color.GREEN\n"
        "    return if (e.retries > MAX_RETRIES) e.width else 0\n}\n"
    )
    uses = uses_after(make_repo, KOTLIN, {"src/main/kotlin/com/z/Run.kt": after})
    found = listed(uses)
    kinds = "src/main/kotlin/com/x/Kinds.kt"
    assert found[(kinds, 5)] == "Color: GREEN,"
    assert found[(kinds, 20)] == "const val MAX_RETRIES = 5"
    assert found[(kinds, 22)] == "typealias Handler = (Int) -> Unit"
    assert found[(kinds, 25)] == "Engine: var width: Int = 640"
    # The constructor's ``val retries`` is declared on the class's line: listed as the property.
    assert found[(kinds, 24)] == "Engine: class Engine(val retries: Int) {"
    assert "com/y/" not in uses


SWIFT = {
    "Package.swift": "// swift-tools-version:5.5\n",
    "Sources/Kinds/Kinds.swift": "enum Mode {\n    case slow\n    case fast\n"  # 1-3
    + "".join(f"    case m{i}\n" for i in range(12))
    + "}\n\n"  # 16-17
    "let maxRetries = 5\n\n"  # 18-19
    "typealias Handler = (Int) -> Void\n\n"  # 20-21
    "struct Engine {\n    var retries: Int = 0\n    var width: Int { return 640 }\n"  # 22-24
     + "".join(f"    func step{i}() -> Int {{ return {i} }}\n" for i in range(10)) + "}\n",
    "Sources/Legacy/Legacy.swift": "let maxRetries = 9\n\nenum Speed {\n    case fast\n}\n",
    "Sources/App/Run.swift": "import Kinds\n\nfunc run() -> Int {\n    return 0\n}\n",
}


def test_swift_enum_case_let_constant_typealias_and_stored_property_through_an_import(
    make_repo: Callable[..., Path],
) -> None:
    after = (
        "import Kinds\n\nfunc run(e: Engine, h: Handler) -> Int {\n    let m = Mode.fast\n"
        "    return e.retries > maxRetries ? 1 : 0\n}\n"
    )
    uses = uses_after(make_repo, SWIFT, {"Sources/App/Run.swift": after})
    found = listed(uses)
    kinds = "Sources/Kinds/Kinds.swift"
    assert found[(kinds, 3)] == "Mode: case fast"
    assert found[(kinds, 18)] == "let maxRetries = 5"
    assert found[(kinds, 20)] == "typealias Handler = (Int) -> Void"
    assert found[(kinds, 23)] == "Engine: var retries: Int = 0"
    assert "Sources/Legacy" not in uses  # another target, not imported


def test_swift_a_file_sees_the_constants_of_its_own_target_without_an_import(make_repo: Callable[..., Path]) -> None:
    before = {**SWIFT, "Sources/Kinds/Use.swift": "func use() -> Int {\n    return 0\n}\n"}
    after = "func use() -> Int {\n    return maxRetries\n}\n"
    uses = uses_after(make_repo, before, {"Sources/Kinds/Use.swift": after})
    assert listed(uses)[("Sources/Kinds/Kinds.swift", 18)] == "let maxRetries = 5"
    assert "Sources/Legacy" not in uses  # the same name in another target


def test_swift_an_implicit_member_expression_names_an_enum_case(make_repo: Callable[..., Path]) -> None:
    after = (
        "import Kinds\n\nfunc run(m: Mode) -> Int {\n    switch m {\n    case .slow:\n        return 1\n"
        "    default:\n        return 0\n    }\n}\n"
    )
    found = listed(uses_after(make_repo, SWIFT, {"Sources/App/Run.swift": after}))
    assert found[("Sources/Kinds/Kinds.swift", 2)] == "Mode: case slow"  # ``.slow``: a member, its type implied


PHP = {
    "composer.json": '{"autoload": {"psr-4": {"App\\\\": "src/"}}}\n',
    "src/Kinds/Status.php": "<?php\n\nnamespace App\\Kinds;\n\nenum Status: string\n{\n"  # 1-6
    "    case Active = 'active';\n    case Off = 'off';\n"  # 7-8
    + "".join(f"    case S{i} = 's{i}';\n" for i in range(12))
    + "}\n",
    "src/Kinds/Engine.php": "<?php\n\nnamespace App\\Kinds;\n\nclass Engine\n{\n"  # 1-6
    "    public const MAX_RETRIES = 5;\n    public int $retries = 0;\n"  # 7-8
    + "".join(f"    public function step{i}(): int\n    {{\n        return {i};\n    }}\n" for i in range(4))
    + "}\n",
    "src/Legacy/Engine.php": "<?php\n\nnamespace App\\Legacy;\n\nclass Engine\n{\n    public const MAX_RETRIES = 9;\n"
    "    public $retries;\n}\n\nenum Status\n{\n    case Active;\n}\n",
    "src/Run.php": "<?php\n\nnamespace App;\n\nfunction run(): int\n{\n    return 0;\n}\n",
}


def test_php_enum_case_class_constant_and_typed_property_through_use(make_repo: Callable[..., Path]) -> None:
    after = (
        "<?php\n\nnamespace App;\n\nuse App\\Kinds\\Engine;\nuse App\\Kinds\\Status;\n\n"
        "function run(Engine $e): int\n{\n    $s = Status::Active;\n"
        "    return $e->retries > Engine::MAX_RETRIES ? 1 : 0;\n}\n"
    )
    uses = uses_after(make_repo, PHP, {"src/Run.php": after})
    found = listed(uses)
    assert found[("src/Kinds/Status.php", 7)] == "Status: case Active = 'active';"
    assert found[("src/Kinds/Engine.php", 7)] == "Engine: public const MAX_RETRIES = 5;"
    assert found[("src/Kinds/Engine.php", 8)] == "Engine: public int $retries = 0;"
    assert "src/Legacy" not in uses


RUBY = {
    "lib/kinds.rb": "module Kinds\n  MAX_RETRIES = 5\n\n"  # 1-3
    "  class Engine\n    attr_reader :retries\n\n"  # 4-6
    + "".join(f"    def step{i}\n      {i}\n    end\n\n" for i in range(6))
    + "  end\nend\n",
    "legacy/kinds.rb": "module Kinds\n  MAX_RETRIES = 9\nend\n\nclass Engine\n  attr_reader :retries\nend\n",
    "lib/run.rb": "require 'kinds'\n\ndef run(engine)\n  0\nend\n",
}


def test_ruby_constant_and_attr_reader_through_require(make_repo: Callable[..., Path]) -> None:
    after = "require 'kinds'\n\ndef run(engine)\n  engine.retries > Kinds::MAX_RETRIES ? 1 : 0\nend\n"
    uses = uses_after(make_repo, RUBY, {"lib/run.rb": after})
    found = listed(uses)
    assert found[("lib/kinds.rb", 2)] == "Kinds: MAX_RETRIES = 5"
    assert found[("lib/kinds.rb", 5)] == "Kinds.Engine: attr_reader :retries"  # the field it names, without ':'
    assert "legacy/" not in uses


SCALA = {
    "src/main/scala/com/x/Kinds.scala": "package com.x\n\n"  # 1-2
    "enum Mode {\n  case Slow\n  case Fast\n" + "".join(f"  case M{i}\n" for i in range(12)) + "}\n\n"  # 3-19
    "object Limits {\n  val MaxRetries = 5\n  type Handler = Int => Unit\n}\n\n"  # 20-24
    "class Engine(val retries: Int) {\n  var width: Int = 640\n"  # 25-26
     + "".join(f"  def step{i}(): Int = {i}\n" for i in range(10)) + "}\n",
    "src/main/scala/com/y/Kinds.scala": "package com.y\n\nobject Limits {\n  val MaxRetries = 9\n"
    "  type Handler = () => Unit\n}\n\nenum Mode {\n  case Fast\n}\n",
    "src/main/scala/com/z/Run.scala": "package com.z\n\nobject Run {\n  def run(): Int = 0\n}\n",
}


def test_scala_enum_case_object_val_type_alias_and_field_through_imports(make_repo: Callable[..., Path]) -> None:
    after = (
        "package com.z\n\nimport com.x.{Engine, Limits, Mode}\n\nobject Run {\n"
        "  def run(e: Engine, h: Limits.Handler): Int = {\n    val m = Mode.Fast\n"
        "    if (e.width > Limits.MaxRetries) 1 else 0\n  }\n}\n"
    )
    uses = uses_after(make_repo, SCALA, {"src/main/scala/com/z/Run.scala": after})
    found = listed(uses)
    kinds = "src/main/scala/com/x/Kinds.scala"
    assert found[(kinds, 5)] == "Mode: case Fast"
    # A short object is listed whole: its constant and its type alias with it.
    assert found[(kinds, 20)] == "object Limits {\n  val MaxRetries = 5\n  type Handler = Int => Unit\n}"
    assert found[(kinds, 26)] == "Engine: var width: Int = 640"
    assert "com/y/" not in uses
