"""Changes to anonymous class bodies (JLS 15.9.5), as the diff and the walk see them.

Methods of several anonymous classes are filed under the class around them with the same
name and parameters; an anonymous class inserted before the others must not make the untouched
ones look changed (a member whose text did not change pairs with itself), and a method added
with a new anonymous class reaches no caller of its base: only its own, new, creation
expression makes objects of that class. A changed method of an existing anonymous class still
reaches its base's callers."""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach.cli import main

ADAPTER = "package p;\npublic abstract class Adapter<T> {\n  public abstract T read(String s);\n}\n"
ADAPTERS = (
    "package p;\npublic final class Adapters {\n"
    "  public static final Adapter<Integer> INT = new Adapter<Integer>() {\n"
    "    public Integer read(String s) { return Integer.valueOf(s); }\n  };\n"
    "  public static final Adapter<Long> LONG = new Adapter<Long>() {\n"
    "    public Long read(String s) { return Long.valueOf(s); }\n  };\n"
    "  public static int twice(int x) { return 2 * x; }\n"
    "}\n"
)
USER = 'package p;\nclass User {\n  Object use(Adapter<?> a) { return a.read("1"); }\n}\n'
TWICE = "package p;\nclass Calc {\n  int calc() { return Adapters.twice(3); }\n}\n"
FILES = {
    "p/Adapter.java": ADAPTER,
    "p/Adapters.java": ADAPTERS,
    "p/User.java": USER,
    "p/Calc.java": TWICE,
    ".diffreach.toml": "warmup_reviews = 0\n",
}
INSERTED = ADAPTERS.replace(
    "  public static final Adapter<Long> LONG",
    "  public static final Adapter<Short> SHORT = new Adapter<Short>() {\n"
    "    public Short read(String s) { return Short.valueOf(s); }\n  };\n"
    "  public static final Adapter<Long> LONG",
)


def _impact(root) -> dict:  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--hops", "2", "--no-history", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_an_inserted_anonymous_class_leaves_the_others_unchanged(make_repo) -> None:
    root = make_repo(FILES)
    (root / "p/Adapters.java").write_text(INSERTED)
    changed = {c["id"].split("::")[-1]: c["change"] for c in _impact(root)["changed"]}
    assert changed.get("Adapters.read#2") == ["added"]  # SHORT's read, the second in the file now
    assert "Adapters.read#3" not in changed  # LONG's read, moved down, not changed
    assert "Adapters.read" not in changed


def test_a_method_added_with_a_new_anonymous_class_reaches_no_caller_of_its_base(make_repo) -> None:
    root = make_repo(FILES)
    (root / "p/Adapters.java").write_text(INSERTED.replace("2 * x", "2 * x + 0"))
    radius = _impact(root)
    callers = {r["id"] for r in radius["callers"]}
    assert "p/User.java::User.use" not in callers  # forbidden: no Adapter it gets is a SHORT yet
    assert "p/Calc.java::Calc.calc" in callers  # the same diff's other change still reaches its caller


def test_a_changed_method_of_an_existing_anonymous_class_still_reaches_the_base_callers(make_repo) -> None:
    root = make_repo(FILES)
    (root / "p/Adapters.java").write_text(ADAPTERS.replace("Long.valueOf(s)", "Long.decode(s)"))
    assert "p/User.java::User.use" in {r["id"] for r in _impact(root)["callers"]}


def test_a_method_added_to_a_named_subclass_still_reaches_the_base_callers(make_repo) -> None:
    files = {**FILES, "p/Named.java": "package p;\npublic abstract class Named extends Adapter<String> {\n}\n"}
    root = make_repo(files)
    (root / "p/Named.java").write_text(
        "package p;\npublic class Named extends Adapter<String> {\n  public String read(String s) { return s; }\n}\n"
    )
    assert "p/User.java::User.use" in {r["id"] for r in _impact(root)["callers"]}
