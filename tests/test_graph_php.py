"""PHP: a small composer project in, the expected edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from diffreach.languages.php import use_clauses

PROJECT = {
    "composer.json": '{"autoload": {"psr-4": {"App\\\\": "src/"}}, "autoload-dev": {"psr-4": {"Tests\\\\": "tests/"}}}',
    "src/Models/User.php": "<?php\nnamespace App\\Models;\nclass User { public static function find($id) {} public function save() {} }\n",
    "src/Other/User.php": "<?php\nnamespace App\\Other;\nclass User { public function save() {} }\n",
    "src/Services/Base.php": "<?php\nnamespace App\\Services;\nclass Base { public function __construct() {} }\n",
    "src/Services/Svc.php": (
        "<?php\nnamespace App\\Services;\n\nuse App\\Models\\User;\n\n"
        "class Svc extends Base {\n  use Logs;\n  private User $user;\n"
        "  public function __construct() { parent::__construct(); }\n"
        "  public function run(User $u): void {\n"
        "    $this->helper(); self::make(); User::find(1); $u->save(); $this->user->save(); $thing->frob();\n  }\n"
        "  private function helper() {}\n  public static function make() {}\n}\n"
        "trait Logs { public function log() {} }\n"
    ),
    "tests/SvcTest.php": (
        "<?php\nnamespace Tests;\nuse App\\Services\\Svc;\n"
        "class SvcTest extends TestCase {\n  public function testRun() { $s = new Svc(); $s->run(null); }\n}\n"
    ),
}


def edge_set() -> set[tuple[str, str, str]]:
    return {(e.source, e.target, e.kind) for e in graph_from_sources(PROJECT).edges}


def test_use_resolves_through_psr4_to_the_right_namesake() -> None:
    edges = edge_set()
    run = "src/Services/Svc.php::Svc.run"
    assert (run, "src/Models/User.php::User.find", "calls") in edges  # static call through use
    assert (run, "src/Models/User.php::User.save", "calls") in edges  # typed parameter and property
    assert (run, "src/Other/User.php::User.save", "calls") not in edges


def test_this_self_parent_and_traits() -> None:
    edges = edge_set()
    assert ("src/Services/Svc.php::Svc.run", "src/Services/Svc.php::Svc.helper", "calls") in edges
    assert ("src/Services/Svc.php::Svc.run", "src/Services/Svc.php::Svc.make", "calls") in edges
    assert ("src/Services/Svc.php::Svc.__construct", "src/Services/Base.php::Base.__construct", "calls") in edges
    assert ("src/Services/Svc.php::Svc", "src/Services/Base.php::Base", "inherits") in edges  # same namespace
    assert ("src/Services/Svc.php::Svc", "src/Services/Svc.php::Logs", "inherits") in edges


def test_phpunit_tests_and_unknown_receiver() -> None:
    g = graph_from_sources(PROJECT)
    edges = g.edge_set("tests")
    assert ("tests/SvcTest.php::SvcTest.testRun", "src/Services/Svc.php::Svc.__construct", "tests") in edges
    assert ("tests/SvcTest.php::SvcTest.testRun", "src/Services/Svc.php::Svc.run", "tests") in edges
    status = {r.ref.name: r.status for r in g.resolved if r.ref.scope == "src/Services/Svc.php::Svc.run"}
    assert status["frob"] == "unresolved"


def test_use_groups_and_function_imports() -> None:
    assert use_clauses("use App\\Models\\{Post, Comment as C};") == [
        ("App\\Models", "Post", "Post", False),
        ("App\\Models", "Comment", "C", False),
    ]
    assert use_clauses("use function App\\helpers\\fmt;") == [("App\\helpers", "fmt", "fmt", False)]
