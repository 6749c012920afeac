"""A supertype written with its outer class (`Client.Callback`) is the nested type, found on that
class; a path's other names are no supertypes (Kotlin, "Classifier declaration"; Swift's nested
types; Scala's stable type paths, SLS 3.2.3). Expected: the inherits edge to the nested interface and the dispatch from its
methods to the implementation; forbidden: an inherits edge to the outer class or to a same-named
type elsewhere."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

CLIENT = (
    "package a\n\nclass Client {\n    interface Callback {\n        fun success(result: String)\n    }\n\n"
    '    fun login(cb: Callback) { cb.success("ok") }\n}\n'
)
OTHER = "package a\n\ninterface Callback {\n    fun success(result: String)\n}\n"
ACTIVITY = (
    "package a\n\nclass Activity {\n    private inner class Callback : Client.Callback {\n"
    "        override fun success(result: String) { }\n    }\n}\n"
)
GENERIC = (
    "package a\n\nclass Holder {\n    interface Box<T> {\n        fun put(item: T)\n    }\n}\n\n"
    "class Crate : Holder.Box<String>, Any() {\n    override fun put(item: String) { }\n}\n"
)


def _edges(kind: str) -> set[tuple[str, str]]:
    g = graph_from_sources(
        {"src/a/Client.kt": CLIENT, "src/a/Other.kt": OTHER, "src/a/Activity.kt": ACTIVITY, "src/a/Holder.kt": GENERIC}
    )
    return {(e.source, e.target) for e in g.edges if e.kind == kind}


def test_a_nested_supertype_is_found_on_its_outer_class() -> None:
    inherits = _edges("inherits")
    assert ("src/a/Activity.kt::Activity.Callback", "src/a/Client.kt::Client.Callback") in inherits
    assert ("src/a/Activity.kt::Activity.Callback", "src/a/Client.kt::Client") not in inherits
    assert ("src/a/Activity.kt::Activity.Callback", "src/a/Other.kt::Callback") not in inherits
    assert ("src/a/Holder.kt::Crate", "src/a/Holder.kt::Holder.Box") in inherits  # with type arguments
    assert ("src/a/Holder.kt::Crate", "src/a/Holder.kt::Holder") not in inherits


def test_the_nested_interface_dispatches_to_the_implementation() -> None:
    dynamic = _edges("dynamic")
    assert ("src/a/Client.kt::Client.Callback.success", "src/a/Activity.kt::Activity.Callback.success") in dynamic
    assert ("src/a/Other.kt::Callback.success", "src/a/Activity.kt::Activity.Callback.success") not in dynamic


SWIFT = (
    "class Client {\n    protocol Callback {\n        func success()\n    }\n}\n\n"
    "class Callback {\n    func success() { }\n}\n\n"
    "class Act: Client.Callback {\n    func success() { }\n}\n"
)
SCALA = (
    "object Client {\n  trait Callback {\n    def success(): Unit\n  }\n}\n\n"
    "trait Callback {\n  def success(): Unit\n}\n\n"
    "class Act extends Client.Callback {\n  def success(): Unit = { }\n}\n"
)


def test_swift_and_scala_find_a_nested_supertype_on_its_outer_type() -> None:
    g = graph_from_sources({"Sources/App.swift": SWIFT, "src/App.scala": SCALA})
    edges = {(e.source, e.target, e.kind) for e in g.edges if e.kind in ("inherits", "dynamic")}
    for path in ("Sources/App.swift", "src/App.scala"):
        assert (f"{path}::Act", f"{path}::Client.Callback", "inherits") in edges, path
        assert (f"{path}::Act", f"{path}::Client", "inherits") not in edges, path
        assert (f"{path}::Act", f"{path}::Callback", "inherits") not in edges, path
        assert (f"{path}::Client.Callback.success", f"{path}::Act.success", "dynamic") in edges, path
