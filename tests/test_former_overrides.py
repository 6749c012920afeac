"""A method that overrode a base method before the change and does not after it reaches the callers of
that base method when it is left bodiless with no override (JLS 15.12.4.4: a call bound to the base
ran the old override; now it runs no code of the repository). The graph, updated with the
change, has no dispatch edge left to show them; the old text says which base it was. A same-named
method that never overrode that base reaches none of them; nor does a base method that still runs
code after the change (a body of its own, another override left): its callers' calls stand."""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach.cli import main

ACCESS = (
    "package p;\npublic abstract class Access {\n  public static Access INSTANCE;\n"
    "  public abstract int next(int x);\n}\n"
)
HOLDER = (
    "package p;\npublic final class Holder {\n  static {\n    Access.INSTANCE = new Access() {\n"
    "      @Override public int next(int x) { return x + 1; }\n    };\n  }\n}\n"
)
# The anonymous body is gone: next is the class's own method now, with a parameter more.
HOLDER_AFTER = "package p;\npublic final class Holder {\n  public int next(int x, int y) { return x + y; }\n}\n"
USER = "package p;\nclass User {\n  int use() { return Access.INSTANCE.next(1); }\n}\n"
OTHER = "package p;\npublic class Other {\n  public int next(int x) { return x; }\n}\n"
OTHER_USER = "package p;\nclass OtherUser {\n  int use(Other o) { return o.next(1); }\n}\n"
FILES = {
    "p/Access.java": ACCESS,
    "p/Holder.java": HOLDER,
    "p/User.java": USER,
    "p/Other.java": OTHER,
    "p/OtherUser.java": OTHER_USER,
    ".diffreach.toml": "warmup_reviews = 0\n",
}


def _callers(root) -> dict[str, dict]:  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--hops", "1", "--no-history", "--json"])
    assert result.exit_code == 0, result.output
    return {r["id"]: r for r in json.loads(result.output)["callers"]}


def test_a_method_whose_anonymous_body_is_gone_reaches_the_callers_of_its_former_base(make_repo) -> None:
    root = make_repo(FILES)
    (root / "p/Holder.java").write_text(HOLDER_AFTER)
    callers = _callers(root)
    assert callers["p/User.java::User.use"]["via"] == "p/Holder.java::Holder.next"
    assert callers["p/User.java::User.use"]["label"] == "behavior-change"  # next(1) no longer binds
    assert "p/OtherUser.java::OtherUser.use" not in callers  # forbidden: same name, never its base


IMPL = "package p;\nclass Impl extends Access {\n  public int next(int x) { return x; }\n}\n"
IMPL_AFTER = "package p;\nclass Impl {\n  public int next(int x) { return -x; }\n}\n"


def test_a_method_whose_class_no_longer_extends_the_base_reaches_the_base_callers(make_repo) -> None:
    files = {k: v for k, v in FILES.items() if k != "p/Holder.java"}
    root = make_repo({**files, "p/Impl.java": IMPL})
    (root / "p/Impl.java").write_text(IMPL_AFTER)
    callers = _callers(root)
    assert "p/User.java::User.use" in callers  # Access.next has no implementation left
    assert "p/OtherUser.java::OtherUser.use" not in callers


def test_a_base_with_another_override_left_keeps_its_callers_out(make_repo) -> None:
    root = make_repo({**FILES, "p/Impl.java": IMPL})
    (root / "p/Impl.java").write_text(IMPL_AFTER)
    assert "p/User.java::User.use" not in _callers(root)  # forbidden: Holder's next still runs there


def test_a_method_that_never_overrode_the_base_reaches_none_of_its_callers(make_repo) -> None:
    root = make_repo(FILES)
    (root / "p/Other.java").write_text(OTHER.replace("return x;", "return -x;"))
    callers = _callers(root)
    assert "p/OtherUser.java::OtherUser.use" in callers
    assert "p/User.java::User.use" not in callers  # forbidden: Other never extended Access


def test_a_python_base_with_a_body_of_its_own_keeps_its_callers_out(make_repo) -> None:
    base = "class Base:\n    def run(self):\n        return 0\n"
    impl = "from base import Base\n\n\nclass Impl(Base):\n    def run(self):\n        return 1\n"
    use = "from base import Base\n\n\ndef use(b: Base):\n    return b.run()\n"
    root = make_repo({"base.py": base, "impl.py": impl, "use.py": use, ".diffreach.toml": "warmup_reviews = 0\n"})
    (root / "impl.py").write_text("class Impl:\n    def run(self):\n        return 2\n")
    assert "use.py::use" not in _callers(root)  # forbidden: b.run() still runs Base.run
