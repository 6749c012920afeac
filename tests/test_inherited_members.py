"""Bare names that are members, where the language reads them so (Java's and C#'s implicit
``this``): a field or property a class inherits types the value it holds (JLS 8.2, ECMA-334
15.3.4: a class's members include its base class's); and a type's name stays a type where a
member has the same name (ECMA-334 12.8.7.2, "Color Color"). A small repository in, the
expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources


def pairs(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind in ("calls", "inherits")}


def test_an_inherited_field_types_a_bare_receiver() -> None:
    files = {
        "src/main/java/a/Callback.java": "package a;\npublic interface Callback { void onEnd(); }\n",
        "src/main/java/a/Other.java": "package a;\npublic class Other { public void onEnd() {} }\n",
        "src/main/java/a/Player.java": (
            "package a;\npublic abstract class Player {\n"
            "  protected final Callback callback;\n"
            "  protected Player(Callback callback) { this.callback = callback; }\n"
            "}\n"
        ),
        "src/main/java/b/CastPlayer.java": (
            "package b;\nimport a.Player;\nimport a.Callback;\nimport a.Other;\n"
            "public class CastPlayer extends Player {\n"
            "  public CastPlayer(Callback c) { super(c); }\n"
            "  void stop() { callback.onEnd(); }\n"
            "  void local(Other callback) { callback.onEnd(); }\n"
            "}\n"
        ),
    }
    edges = pairs(files)
    assert (
        "src/main/java/b/CastPlayer.java::CastPlayer.stop",
        "src/main/java/a/Callback.java::Callback.onEnd",
    ) in edges
    assert ("src/main/java/b/CastPlayer.java::CastPlayer.stop", "src/main/java/a/Other.java::Other.onEnd") not in edges
    # A parameter of the name is the method's own: it hides the inherited field.
    assert ("src/main/java/b/CastPlayer.java::CastPlayer.local", "src/main/java/a/Other.java::Other.onEnd") in edges
    assert (
        "src/main/java/b/CastPlayer.java::CastPlayer.local",
        "src/main/java/a/Callback.java::Callback.onEnd",
    ) not in edges


def test_a_type_named_like_an_inherited_property_is_still_the_type() -> None:
    files = {
        "src/Layout.cs": "namespace N;\npublic class Layout { public virtual void Pre(int a) {} }\n",
        "src/Sink.cs": "namespace N;\npublic class Sink { public void Pre(int a) {} }\n",
        "src/Target.cs": (
            "namespace N;\n"
            "public class TargetBase { public Layout Layout { get; set; } }\n"
            "public class Target : TargetBase {\n"
            "  internal sealed class Inner : Layout {\n"
            "    public Layout Wrapped { get; }\n"
            "    public override void Pre(int a) { Wrapped.Pre(1); }\n"
            "  }\n"
            "  public void Run() { Layout.Pre(2); }\n"
            "}\n"
        ),
    }
    edges = pairs(files)
    assert ("src/Target.cs::Target.Inner", "src/Layout.cs::Layout") in edges
    assert ("src/Target.cs::Target.Inner.Pre", "src/Layout.cs::Layout.Pre") in edges
    assert ("src/Target.cs::Target.Run", "src/Layout.cs::Layout.Pre") in edges
    for caller in ("src/Target.cs::Target.Inner.Pre", "src/Target.cs::Target.Run"):
        assert (caller, "src/Sink.cs::Sink.Pre") not in edges
