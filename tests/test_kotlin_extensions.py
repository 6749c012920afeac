"""Kotlin's extension functions (specification, "Extension function declaration" and "Call with an
explicit receiver"): ``fun T.f()`` is called as ``x.f()`` on a T, where it is in scope (imported or
in the same package) and T has no member f of its own, which wins. Expected: the call of each
extension from a value of its receiver type, of a subclass, of an outside type (String) and of a
type not known here; forbidden: an extension where the class has the member, an extension for an
unrelated class, and one that is not in scope."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

FILES = {
    "src/main/kotlin/a/api/Spec.kt": (
        "package a.api\n\ninterface Spec {\n  val policy: Policy\n\n  interface Policy {\n    fun name(): String\n  }\n}\n\n"
        "open class Shape {\n  fun check(): Int = 1\n}\n\nclass Square : Shape()\n\nclass Circle\n"
    ),
    "src/main/kotlin/a/config/Policies.kt": (
        "package a.config\n\nimport a.api.Spec\nimport a.api.Circle\n\n"
        'internal fun Spec.Policy.check(result: Int) { }\nfun String?.shout(): String = ""\n'
        "fun Spec.Policy.describe() = name()\nfun Circle.area(): Int = 3\n"
    ),
    "src/main/kotlin/a/config/Same.kt": (
        "package a.config\n\nimport a.api.Spec\n\nclass Same {\n  fun f(p: Spec.Policy) {\n    p.describe()\n  }\n}\n"
    ),
    "src/main/kotlin/a/tool/Facade.kt": (
        "package a.tool\n\nimport a.api.Spec\nimport a.api.Shape\nimport a.api.Square\n"
        "import a.config.check\nimport a.config.shout\nimport a.config.area\n\n"
        "class Facade(val spec: Spec) {\n"
        "  fun unknown(x: Holder) {\n    x.policy.check(1)\n  }\n\n"
        "  fun typed(p: Spec.Policy) {\n    p.check(2)\n  }\n\n"
        "  fun outside(s: String) {\n    s.shout()\n  }\n\n"
        "  fun member(s: Shape, q: Square) {\n    s.check()\n    q.check()\n  }\n\n"
        "  fun unrelated(s: Square) {\n    s.area()\n  }\n\n"
        "  fun notInScope(p: Spec.Policy) {\n    p.describe()\n  }\n"
        "}\n"
    ),
}


def calls() -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(FILES).edges if e.kind == "calls"}


def test_an_extension_in_scope_is_called_as_a_member_of_its_receiver_type() -> None:
    found = calls()
    facade, policies = "src/main/kotlin/a/tool/Facade.kt::Facade", "src/main/kotlin/a/config/Policies.kt"
    assert (f"{facade}.unknown", f"{policies}::check") in found
    assert (f"{facade}.typed", f"{policies}::check") in found
    assert (f"{facade}.outside", f"{policies}::shout") in found
    assert ("src/main/kotlin/a/config/Same.kt::Same.f", f"{policies}::describe") in found  # same package


def test_a_member_wins_and_an_extension_out_of_scope_or_for_another_type_is_not_called() -> None:
    found = calls()
    facade, policies = "src/main/kotlin/a/tool/Facade.kt::Facade", "src/main/kotlin/a/config/Policies.kt"
    assert (f"{facade}.member", "src/main/kotlin/a/api/Spec.kt::Shape.check") in found
    assert (f"{facade}.member", f"{policies}::check") not in found
    assert (f"{facade}.unrelated", f"{policies}::area") not in found
    assert (f"{facade}.notInScope", f"{policies}::describe") not in found
