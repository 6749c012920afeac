"""Function values called through an interface (issue 18): Java's method references and C#'s
method groups, passed to a parameter whose functional interface's one abstract method the callee
calls (``r.run()``, ``f.apply(x)``, ``a.Invoke()``, ``a()``), or bound to a local that is called
so. A method reference or a lambda has no target type but a functional interface (JLS 15.13.2,
15.27.3) and a method group converts only to a delegate (C# 10.8), so the method called on such
a parameter is the function unless it is one no such interface leaves abstract (``andThen``,
``equals``, ``ToString``).

Each test: a small repository in, the expected and the forbidden edges out.
"""

from __future__ import annotations

from pathlib import Path

from diffreach.config import Config
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild
from tests.test_passed_values import edges, targets

JAVA_RUNNER = (
    "package a;\n\nimport java.util.function.Function;\n\npublic class Runner {\n"
    "    public static void run(Runnable r) { r.run(); }\n"
    "    public static void keep(Runnable r) { KEPT.add(r); }\n"
    "    public static <T> T apply(int n, Function<Integer, T> f) { return f.apply(n); }\n"
    "    public static void compose(Function<Integer, Integer> f) { f.andThen(f); }\n"
    "    public static void second(Runnable a, Runnable b) { b.run(); }\n"
    '    public void each(Handler h) {\n        h.handle("x");\n    }\n}\n'
)
JAVA_HANDLER = "package a;\n\n@FunctionalInterface\npublic interface Handler {\n    void handle(String s);\n}\n"


def test_java_a_method_reference_passed_to_a_parameter_whose_interface_method_is_called_is_reached() -> None:
    files = {
        "src/a/Runner.java": JAVA_RUNNER,
        "src/a/Handler.java": JAVA_HANDLER,
        "src/b/Main.java": "package b;\n\nimport a.Runner;\n\npublic class Main {\n    void work() {}\n"
        "    static Integer twice(Integer x) { return x; }\n    void on(String s) {}\n    void other() {}\n"
        "    void main(Runner runner) {\n        Runner.run(this::work);\n        Runner.apply(1, Main::twice);\n"
        "        runner\n            .each(this::on);\n        Runner.second(this::other, this::work);\n    }\n}\n",
    }
    found = edges(files)
    assert ("src/a/Runner.java::Runner.run", "src/b/Main.java::Main.work", "value") in found
    assert ("src/a/Runner.java::Runner.apply", "src/b/Main.java::Main.twice", "value") in found
    # A user-declared functional interface in another file; a call written over two lines.
    assert ("src/a/Runner.java::Runner.each", "src/b/Main.java::Main.on", "value") in found
    # Only the slot whose parameter is called.
    assert targets(found, "src/a/Runner.java::Runner.second") == {"src/b/Main.java::Main.work"}
    # The passing method still refers to what it passes.
    assert ("src/b/Main.java::Main.main", "src/b/Main.java::Main.other", "scope") in edges(files, ("references",))


def test_java_a_parameter_only_stored_or_combined_is_not_a_call_of_the_method_passed() -> None:
    files = {
        "src/a/Runner.java": JAVA_RUNNER,
        "src/a/Main.java": "package a;\n\npublic class Main {\n    void work() {}\n"
        "    static Integer twice(Integer x) { return x; }\n"
        "    void main() {\n        Runner.keep(this::work);\n        Runner.compose(Main::twice);\n"
        "        Runner.run(() -> helper());\n    }\n    void helper() {}\n}\n",
    }
    found = edges(files)
    assert targets(found, "src/a/Runner.java::Runner.keep") == set()
    assert targets(found, "src/a/Runner.java::Runner.compose") == set()
    # A lambda's calls are the calls of the method that writes it, not of the callee.
    assert ("src/a/Main.java::Main.main", "src/a/Main.java::Main.helper", "scope") in found
    assert targets(found, "src/a/Runner.java::Runner.run") == set()


def test_java_a_constructor_reference_passed_reaches_the_constructor() -> None:
    files = {
        "src/a/Runner.java": "package a;\n\nimport java.util.function.Supplier;\n\npublic class Runner {\n"
        "    static <T> T make(Supplier<T> s) { return s.get(); }\n}\n",
        "src/a/Box.java": "package a;\n\npublic class Box {\n    public Box() {}\n}\n",
        "src/a/Main.java": "package a;\n\npublic class Main {\n    void main() { Runner.make(Box::new); }\n}\n",
    }
    assert targets(edges(files), "src/a/Runner.java::Runner.make") == {"src/a/Box.java::Box.Box"}


def test_java_a_local_bound_to_a_method_reference_is_called_through_its_interface_method() -> None:
    files = {
        "src/a/Main.java": "package a;\n\nimport java.util.function.Supplier;\n\npublic class Main {\n"
        '    void work() {}\n    void other() {}\n    String make() { return ""; }\n'
        "    void main() {\n        Runnable r = this::work;\n        r.run();\n        r = this::other;\n"
        "        r.run();\n        Supplier<String> s = this::make;\n        s.get();\n        r = null;\n"
        "        r.run();\n        r.equals(s);\n    }\n}\n",
    }
    found = {
        (t, line) for e in graph_from_sources(files).edges if e.kind == "calls" for t, line in [(e.target, e.line)]
    }
    assert {("src/a/Main.java::Main.work", 11), ("src/a/Main.java::Main.other", 13)} <= found
    assert ("src/a/Main.java::Main.make", 15) in found
    # After r = null, and for a method no functional interface leaves abstract: nothing.
    assert not {line for _, line in found if line in (17, 18)}
    assert ("src/a/Main.java::Main.work", 13) not in found


def test_csharp_a_method_group_passed_to_a_delegate_parameter_that_is_invoked_is_reached() -> None:
    files = {
        "Lib/Runner.cs": "namespace Lib {\n  public class Runner {\n"
        "    public static void Run(System.Action a) { a(); }\n"
        "    public static void Go(Action a) { a.Invoke(); }\n"
        "    public static void Keep(Action a) { Kept.Add(a); }\n"
        "    public static void Str(Action a) { a.ToString(); }\n  }\n}\n",
        "App/Main.cs": "using Lib;\nnamespace App {\n  public class Main {\n    void Work() {}\n    void M() {\n"
        "      Runner.Run(Work);\n      Runner.Go(Work);\n      Runner.Keep(Work);\n      Runner.Str(Work);\n"
        "    }\n  }\n}\n",
    }
    found = edges(files)
    assert ("Lib/Runner.cs::Runner.Run", "App/Main.cs::Main.Work", "value") in found
    assert ("Lib/Runner.cs::Runner.Go", "App/Main.cs::Main.Work", "value") in found
    assert targets(found, "Lib/Runner.cs::Runner.Keep") == set()
    assert targets(found, "Lib/Runner.cs::Runner.Str") == set()


def test_java_an_update_that_stops_calling_the_interface_method_equals_a_rebuild(make_repo, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(
        {
            "src/a/Runner.java": "package a;\n\npublic class Runner {\n"
            "    static void run(Runnable r) { r.run(); }\n}\n",
            "src/a/Main.java": "package a;\n\npublic class Main {\n    void work() {}\n"
            "    void main() { Runner.run(this::work); }\n}\n",
        }
    )
    steps = [
        {
            "src/a/Runner.java": "package a;\n\npublic class Runner {\n    static void run(Runnable r) { r.hashCode(); }\n}\n"
        },
        {"src/a/Runner.java": "package a;\n\npublic class Runner {\n    static void run(Runnable r) { r.run(); }\n}\n"},
        {
            "src/a/Main.java": "package a;\n\npublic class Main {\n    void worked() {}\n"
            "    void main() { Runner.run(this::work); }\n}\n"
        },
        {
            "src/a/Main.java": "package a;\n\npublic class Main {\n    void work() {}\n"
            "    void main() { Runnable r = this::work; r.run(); Runner.run(this::work); }\n}\n"
        },
    ]
    indexer = Indexer(root, Config(workers=1))
    try:
        indexer.run()
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    finally:
        indexer.close()
