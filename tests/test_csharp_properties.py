"""C#: what a property and a method give. A property has no parameter list and reading it gives
a value of its declared type (ECMA-334 15.7), on an instance, on ``this``, bare inside its class,
and on the class named directly when static; a method's declared return type is what calling it
gives, and an implicitly typed local (``var x = Make()``) has its initializer's type (13.6.2). A
small solution in, the expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

# Two classes with a method Write: only the declared type may choose between them.
SINKS = (
    "namespace App;\n"
    "public interface ISink { void Write(int a); }\n"
    "public class Disk : ISink { public void Write(int a) {} }\n"
    "public class Tape { public void Write(int a) {} }\n"
)


def pairs(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}


def test_a_property_read_gives_its_declared_type() -> None:
    holder = (
        "namespace App;\n"
        "public class Target {\n"
        "  struct Open { public ISink Sink { get; } public Open(ISink s) { Sink = s; } }\n"
        "  public ISink Current => new Disk();\n"
        "  public (int, int) Pair { get; }\n"
        "  private void Flush(Open o) { o.Sink.Write(1); }\n"
        "  private void Again() { this.Current.Write(2); Current.Write(3); }\n"
        "}\n"
    )
    edges = pairs({"src/Sinks.cs": SINKS, "src/Target.cs": holder})
    for caller in ("Target.Flush", "Target.Again"):
        assert (f"src/Target.cs::{caller}", "src/Sinks.cs::ISink.Write") in edges
        assert (f"src/Target.cs::{caller}", "src/Sinks.cs::Tape.Write") not in edges


def test_a_static_property_and_a_method_s_return_type_type_the_chain() -> None:
    code = (
        "namespace App;\n"
        "public class Config {\n"
        "  public static Config Default { get; } = new Config();\n"
        "  public Tape Output() { return new Tape(); }\n"
        "}\n"
        "public class Job {\n"
        "  private static Config Make() { return new Config(); }\n"
        "  private void Run() { Config.Default.Output().Write(1); }\n"
        "  private void Later() { var c = Make(); c.Output().Write(2); }\n"
        "}\n"
    )
    edges = pairs({"src/Sinks.cs": SINKS, "src/Job.cs": code})
    for caller in ("Job.Run", "Job.Later"):
        assert (f"src/Job.cs::{caller}", "src/Sinks.cs::Tape.Write") in edges
        assert (f"src/Job.cs::{caller}", "src/Sinks.cs::Disk.Write") not in edges
        assert (f"src/Job.cs::{caller}", "src/Sinks.cs::ISink.Write") not in edges


def test_a_method_read_without_a_call_is_no_property() -> None:
    # A method group has no members and runs only when invoked: passing it calls nothing.
    code = (
        "namespace App;\n"
        "public class Pump {\n"
        "  public ISink Make(int n) { return new Disk(); }\n"
        "  public void Hand(System.Func<int, ISink> f) {}\n"
        "  private void Go() { Hand(Make); }\n"
        "}\n"
    )
    edges = pairs({"src/Sinks.cs": SINKS, "src/Pump.cs": code})
    assert ("src/Pump.cs::Pump.Go", "src/Pump.cs::Pump.Hand") in edges
    assert ("src/Pump.cs::Pump.Go", "src/Pump.cs::Pump.Make") not in edges


def test_an_extension_method_is_called_as_a_member_of_its_receiver_type() -> None:
    # ECMA-334 15.6.10, 12.8.10.3: `static bool F(this X x)` in a static class is called as `x.F()`
    # where its namespace is imported or encloses the call; of two, the one whose receiver type
    # takes the value. A namespace not imported brings none.
    files = {
        "src/Helpers.cs": (
            "using System;\nnamespace App.Internal;\n"
            "public static class ExceptionHelper {\n"
            "  public static bool MustRethrow(this Exception e) { return true; }\n"
            "  public static void Check(this Element el) {}\n"
            "  public static void Check(this Other o) {}\n"
            "}\n"
        ),
        "src/Hidden.cs": (
            "using System;\nnamespace App.Hidden;\n"
            "public static class More { public static bool MustRethrow(this Exception e) { return true; } }\n"
        ),
        "src/Model.cs": (
            "namespace App.Model;\npublic class Element {}\npublic class Sub : Element {}\npublic class Other {}\n"
        ),
        "src/Use.cs": (
            "using System;\nusing App.Internal;\nusing App.Model;\nnamespace App;\n"
            "public class Use {\n"
            "  void Run(Exception ex, Sub s) { ex.MustRethrow(); s.Check(); }\n"
            "}\n"
        ),
    }
    edges = pairs(files)
    assert ("src/Use.cs::Use.Run", "src/Helpers.cs::ExceptionHelper.MustRethrow") in edges
    assert ("src/Use.cs::Use.Run", "src/Helpers.cs::ExceptionHelper.Check") in edges
    assert ("src/Use.cs::Use.Run", "src/Helpers.cs::ExceptionHelper.Check#2") not in edges
    assert ("src/Use.cs::Use.Run", "src/Hidden.cs::More.MustRethrow") not in edges


def test_an_extension_method_called_plainly_takes_its_first_argument_itself() -> None:
    # Inside its class, or on the class named (`Helper.F(x)`), an extension method is an ordinary
    # static method: the call's arguments choose the overload, the receiver type none.
    files = {
        "src/Helper.cs": (
            "using System.IO;\nnamespace App;\n"
            "public static class Helper {\n"
            "  public static int Birth(this FileInfo f) { return Birth(f, 1, 2); }\n"
            "  private static int Birth<T>(T f, int a, int b) { return a; }\n"
            "}\n"
        ),
        "src/Use.cs": "using System.IO;\nnamespace App;\npublic class Use { int Run(FileInfo f) { return Helper.Birth(f); } }\n",
    }
    edges = pairs(files)
    assert ("src/Helper.cs::Helper.Birth", "src/Helper.cs::Helper.Birth#2") in edges
    assert ("src/Helper.cs::Helper.Birth", "src/Helper.cs::Helper.Birth") not in edges
    assert ("src/Use.cs::Use.Run", "src/Helper.cs::Helper.Birth") in edges
    assert ("src/Use.cs::Use.Run", "src/Helper.cs::Helper.Birth#2") not in edges
