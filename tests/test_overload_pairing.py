"""Overloads pair by signature, not by position (issue 19): an old file and a new file in, the change
kinds of each definition out. The second definition of one name is ``name#2``, so a member added
before the others takes the first id; the language's identity of an overload (same name, same
scope, same parameter types) says which old member is which new one. The untouched member has no
change, the new one is added, a removed one is deleted under an id no survivor holds, and the
callers of the untouched member stay ``reach`` through ``impact --json``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from diffreach.model import Change
from diffreach.review.changes import changed_symbols
from diffreach.review.diff import diff_from_texts, parse_diff
from tests.conftest import write_files


def kinds(old: str, new: str, path: str) -> dict[str, tuple[str, ...]]:
    diffs = parse_diff(diff_from_texts(path, old, new))
    files = {path: (old.encode(), new.encode())}
    changes: tuple[Change, ...] = changed_symbols(
        diffs, lambda p: files[p][0] if p in files else None, lambda p: files[p][1] if p in files else None
    )
    return {c.id: c.changes for c in changes}


JAVA_OLD = """\
class Builder {
  Builder add(String name) {
    return this;
  }
}
"""
JAVA_ADDED_FIRST = """\
class Builder {
  Builder add(String name, int flags) {
    return add(name);
  }

  Builder add(String name) {
    return this;
  }
}
"""
JAVA_TWO = """\
class Builder {
  Builder add(int code) {
    return this;
  }

  Builder add(String name) {
    return this;
  }

  Builder add(String name, int flags) {
    return this;
  }
}
"""


def test_java_overload_added_first_is_an_addition_and_the_old_member_is_untouched() -> None:
    got = kinds(JAVA_OLD, JAVA_ADDED_FIRST, "Builder.java")
    assert got == {"Builder.java::Builder.add": ("added",)}
    # Forbidden: the existing member (now add#2) reported changed, or the new one as a rename.
    assert "Builder.java::Builder.add#2" not in got


def test_java_overload_removed_first_is_a_deletion_under_a_free_id() -> None:
    got = kinds(JAVA_ADDED_FIRST, JAVA_OLD, "Builder.java")
    # The removed member's old id (add) now names the survivor: it is reported as add#2.
    assert got == {"Builder.java::Builder.add#2": ("deleted",)}


def test_java_members_pair_by_types_and_the_leftover_by_nearest_signature() -> None:
    # add(int) removed, add(String) kept, add(String, int) → add(String, long): a signature change.
    new = JAVA_TWO.replace("  Builder add(int code) {\n    return this;\n  }\n\n", "").replace(
        "String name, int flags", "String name, long flags"
    )
    got = kinds(JAVA_TWO, new, "Builder.java")
    assert got == {"Builder.java::Builder.add#2": ("signature",), "Builder.java::Builder.add#3": ("deleted",)}


def test_java_parameter_renamed_in_one_member_stays_that_member() -> None:
    new = JAVA_TWO.replace("add(int code)", "add(int status)")
    assert kinds(JAVA_TWO, new, "Builder.java") == {"Builder.java::Builder.add": ("signature",)}


TS_OLD = """\
export class Box {
  put(a: string): string;
  put(a: any): any {
    return a;
  }
}
"""
TS_ADDED_FIRST = TS_OLD.replace("  put(a: string): string;\n", "  put(a: number): number;\n  put(a: string): string;\n")


def test_typescript_overload_signature_added_first() -> None:
    got = kinds(TS_OLD, TS_ADDED_FIRST, "box.ts")
    assert got == {"box.ts::Box.put": ("added",)}
    assert kinds(TS_ADDED_FIRST, TS_OLD, "box.ts") == {"box.ts::Box.put#3": ("deleted",)}


PY_OLD = """\
from typing import overload


class Conv:
    @overload
    def get(self, key: int) -> int: ...
    @overload
    def get(self, key: str) -> str: ...
    def get(self, key):
        return key
"""
PY_ADDED_FIRST = PY_OLD.replace(
    "    @overload\n    def get(self, key: int)",
    "    @overload\n    def get(self, key: bytes) -> bytes: ...\n" + "    @overload\n    def get(self, key: int)",
)


def test_python_overload_stub_added_first() -> None:
    got = kinds(PY_OLD, PY_ADDED_FIRST, "conv.py")
    assert got == {"conv.py::Conv.get": ("added",)}
    # The implementation (get#3 before, get#4 now) is untouched: no change reported for it.
    assert not {"conv.py::Conv.get#2", "conv.py::Conv.get#3", "conv.py::Conv.get#4"} & set(got)


def test_python_property_setter_keeps_pairing_with_its_getter() -> None:
    old = "class A:\n    @property\n    def x(self):\n        return 1\n\n    @x.setter\n    def x(self, v):\n        pass\n"
    new = old.replace("        pass\n", "        self._x = v\n")
    assert kinds(old, new, "a.py") == {"a.py::A.x#2": ("body",)}


JAVA_CALLER = """\
class Use {
  Builder run(Builder b) {
    return b.add("x");
  }
}
"""


def test_callers_of_the_kept_java_overload_stay_reach(make_repo: Callable[..., Path]) -> None:
    # A member added first, and the kept member's body edited: its callers are reached, as reach.
    root = make_repo({"Builder.java": JAVA_OLD, "Use.java": JAVA_CALLER})
    write_files(root, {"Builder.java": JAVA_ADDED_FIRST.replace("    return this;", "    count++;\n    return this;")})
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json", "--hops", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    changed = {c["id"]: c["change"] for c in data["changed"]}
    assert changed == {"Builder.java::Builder.add": ["added"], "Builder.java::Builder.add#2": ["body"]}
    rows = {row["id"]: row for row in data["callers"] if row["hop"] == 1}
    assert rows["Use.java::Use.run"]["label"] == "reach"
    assert "behavior-change" not in {row["label"] for row in rows.values()}


TS_CALLER = "import { Box } from './box';\n\nexport function run(b: Box): string {\n  return b.put('x');\n}\n"
PY_CALLER = "from conv import Conv\n\n\ndef run(c: Conv) -> str:\n    return c.get('x')\n"


def test_callers_of_the_kept_implementation_stay_reach_in_typescript_and_python(
    make_repo: Callable[..., Path],
) -> None:
    # A signature (stub) added first, and the implementation's body edited.
    root = make_repo({"src/box.ts": TS_OLD, "src/use.ts": TS_CALLER, "conv.py": PY_OLD, "use.py": PY_CALLER})
    write_files(
        root,
        {
            "src/box.ts": TS_ADDED_FIRST.replace("    return a;", "    console.log(a);\n    return a;"),
            "conv.py": PY_ADDED_FIRST.replace("        return key", "        print(key)\n        return key"),
        },
    )
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json", "--hops", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    changed = {c["id"]: c["change"] for c in data["changed"]}
    assert changed == {
        "src/box.ts::Box.put": ["added"],
        "src/box.ts::Box.put#3": ["body"],
        "conv.py::Conv.get": ["added"],
        "conv.py::Conv.get#4": ["body"],
    }
    rows = {row["id"]: row for row in data["callers"] if row["hop"] == 1}
    assert rows["src/use.ts::run"]["label"] == "reach"
    assert rows["use.py::run"]["label"] == "reach"
    assert "behavior-change" not in {row["label"] for row in rows.values()}


def test_a_moved_file_pairs_its_overloads_by_signature() -> None:
    diffs = parse_diff(
        "diff --git a/Builder.java b/Moved.java\nsimilarity index 60%\nrename from Builder.java\nrename to Moved.java\n"
    )
    files = {"Builder.java": JAVA_OLD.encode(), "Moved.java": JAVA_ADDED_FIRST.encode()}
    got = {c.id: c.changes for c in changed_symbols(diffs, files.get, files.get) if not c.id.startswith("Builder")}
    # The kept member (add#2 now) is the old add moved; the new one (add) is an addition.
    assert got["Moved.java::Builder.add"] == ("added",)
    assert got["Moved.java::Builder.add#2"] == ("renamed",)


def test_a_java_overload_added_first_is_judged_by_which_member_a_call_selects(
    make_repo: Callable[..., Path],
) -> None:
    # A variadic member added first: a call fitting the kept fixed-arity member keeps it (reach).
    # A one-argument member added first: a call of the variadic member with one argument
    # selects it now (behaviour change); one with two arguments keeps the variadic one.
    old = "class W {\n  W add(String name) { return this; }\n  W emit(String f, Object... args) { return this; }\n}\n"
    new = (
        "class W {\n  W add(String name, Object... rest) { return this; }\n  W add(String name) { return this; }\n"
        "  W emit(String s) { return this; }\n  W emit(String f, Object... args) { return this; }\n}\n"
    )
    use = (
        'class Use {\n  W a(W w) { return w.add("x"); }\n  W one(W w) { return w.emit("x"); }\n'
        '  W two(W w) { return w.emit("$L", 1); }\n}\n'
    )
    root = make_repo({"W.java": old, "Use.java": use})
    write_files(root, {"W.java": new})
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json", "--hops", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    changed = {c["id"]: c["change"] for c in data["changed"]}
    assert changed == {"W.java::W.add": ["added"], "W.java::W.emit": ["added"]}
    rows = {row["id"]: row for row in data["callers"] if row["hop"] == 1}
    assert rows["Use.java::Use.a"]["label"] == "reach"
    assert rows["Use.java::Use.one"]["label"] == "behavior-change"
    assert "now selects `emit(s)`" in rows["Use.java::Use.one"]["reasons"][0]
    assert "Use.java::Use.two" not in rows or rows["Use.java::Use.two"]["label"] == "reach"


def test_a_large_generated_family_still_pairs_every_member() -> None:
    old = "class G {\n" + "".join(f"  void f(T{i} a) {{}}\n" for i in range(30)) + "}\n"
    new = old.replace("  void f(T0 a) {}\n", "  void f(T0 a) { x(); }\n").replace("(T", "(U")
    got = kinds(old, new, "G.java")
    # Every parameter type changed: 30 × 30 leftovers, past the nearness cap, pair in order.
    assert set(got) == {"G.java::G.f"} | {f"G.java::G.f#{n}" for n in range(2, 31)}
    assert all(k == ("signature",) for sid, k in got.items() if sid != "G.java::G.f")
