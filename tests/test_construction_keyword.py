"""The class instance creation keyword (``LanguageSpec.construction_keyword``): C# ("Object
creation expressions") and Scala write ``new T()`` as Java does, so a receiver chain that starts
with one runs on that class. Expected: ``new Foo().Bar()`` bound to Foo's Bar by type; forbidden:
the unrelated Noise's."""

from __future__ import annotations

from tests.conftest import calls_from_f


def test_a_chain_that_starts_with_an_instance_creation_runs_on_that_class_in_csharp_and_scala() -> None:
    csharp = (
        "class Foo { public int Bar() { return 1; } }\nclass Noise { public int Bar() { return 2; } }\n"
        "class U { void f() { new Foo().Bar(); } }\n"
    )
    scala = (
        "class Foo { def Bar(): Int = 1 }\nclass Noise { def Bar(): Int = 2 }\n"
        "object U { def f(): Unit = { new Foo().Bar() } }\n"
    )
    assert calls_from_f({"A.cs": csharp}, "Bar") == {"A.cs::Foo.Bar": "type"}
    assert calls_from_f({"A.scala": scala}, "Bar") == {"A.scala::Foo.Bar": "type"}
