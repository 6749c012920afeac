"""Spec: an overload added beside another is chosen only where every argument fits it (JLS 15.12.2).

A literal's type is known (JLS 3.10): ``"msg"`` is a ``String``, which converts to ``String``,
``CharSequence``, ``Object`` and the like in an invocation context (5.3), never to an unrelated
class. A call passing a string literal where the new overload takes an ``UpgradeMessage`` cannot
select it: it binds the overload it did (reach). A call whose argument's type is not read may
select either: it stays flagged."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_REPORTER = """\
package v;

public class Reporter {
    public void report(Node node, String message, Object... args) {
        System.out.println(message);
    }
}
"""
_ADDED = _REPORTER.replace(
    "    public void report(Node node, String message",
    "    public void report(Node node, UpgradeMessage message, Object... args) {\n"
    "        report(node, message.toString());\n    }\n\n"
    "    public void report(Node node, String message",
)
_USES = """\
package v;

public class Checks {
    void literal(Reporter r, Node n) {
        r.report(n, "assert is not supported");
    }

    void unknown(Reporter r, Node n, UpgradeMessage m) {
        r.report(n, m);
    }
}
"""


def test_a_literal_argument_keeps_the_overload_it_bound_when_the_new_one_cannot_take_it(make_repo: Make) -> None:
    got = _radius(make_repo, {"v/Reporter.java": _REPORTER, "v/Checks.java": _USES}, {"v/Reporter.java": _ADDED})
    literal = got["v/Checks.java::Checks.literal"]
    assert (literal.verdict, _label(literal)) == ("still-binds", "reach"), literal.reasons
    assert "does not fit `UpgradeMessage message`" in literal.reasons[0]
    # Expected: an argument whose type is not read may select the new overload: still flagged.
    unknown = got["v/Checks.java::Checks.unknown"]
    assert _label(unknown) == "behavior-change", (unknown.verdict, unknown.reasons)
