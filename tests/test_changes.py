"""Changed symbols: an old and a new version of a file in, the changed symbols and kinds out."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from diffreach.model import Change, ChangeKind
from diffreach.review.changes import changed_symbols, unsupported_files
from diffreach.review.diff import diff_from_texts, parse_diff


def reader(files: dict[str, str | None]) -> Callable[[str], bytes | None]:
    def read(path: str) -> bytes | None:
        text = files.get(path)
        return None if text is None else text.encode()

    return read


def run(old: str | None, new: str | None, path: str = "m.py", readable: bool = True) -> tuple[Change, ...]:
    diffs = parse_diff(diff_from_texts(path, old, new))
    if not readable:
        return changed_symbols(diffs, reader({}), reader({}))
    return changed_symbols(diffs, reader({path: old}), reader({path: new}))


def kinds(old: str | None, new: str | None, path: str = "m.py") -> dict[str, tuple[str, ...]]:
    return {c.id: c.changes for c in run(old, new, path)}


CLASS = """\
import os


class Store(Base):
    limit = 10

    def get(self, key):
        value = self.data[key]
        return value

    def put(self, key, value):
        self.data[key] = value
"""


def test_body_change_inside_one_method_marks_only_that_method() -> None:
    new = CLASS.replace("value = self.data[key]", "value = self.data.get(key)")
    assert kinds(CLASS, new) == {"m.py::Store.get": ("body",)}


def test_class_own_lines_mark_the_class() -> None:
    assert kinds(CLASS, CLASS.replace("class Store(Base):", "class Store(Base, Mixin):")) == {
        "m.py::Store": ("signature",)
    }
    assert kinds(CLASS, CLASS.replace("limit = 10", "limit = 20")) == {"m.py::Store": ("body",)}


def test_module_level_change_maps_to_the_file_node() -> None:
    changes = run(CLASS, CLASS.replace("import os", "import sys"))
    assert [(c.id, c.kind, c.changes) for c in changes] == [("m.py", "file", ("module",))]


def test_signature_return_and_raise_changes() -> None:
    old = "def f(a, b=1) -> int:\n    if a:\n        raise ValueError(a)\n    return a + b\n"
    assert kinds(old, old.replace("b=1", "b=2")) == {"m.py::f": ("signature",)}
    assert kinds(old, old.replace("-> int", "-> float")) == {"m.py::f": ("return",)}
    # What a return gives back changed its form (a null, a tuple, a literal) or only its expression.
    assert kinds(old, old.replace("return a + b", "return None")) == {"m.py::f": ("return",)}
    assert kinds(old, old.replace("return a + b", "return a, b")) == {"m.py::f": ("return",)}
    assert kinds(old, old.replace("return a + b", 'return f"{a}"')) == {"m.py::f": ("return",)}
    assert kinds(old, old.replace("return a + b", "return a - b")) == {"m.py::f": ("body",)}
    assert kinds(old, old.replace("return a + b", "return (a + b)")) == {"m.py::f": ("body",)}
    assert kinds(old, old.replace("return a + b", "return (a, b)")) == {"m.py::f": ("return",)}
    assert kinds(old, old.replace("ValueError(a)", "ValueError(b)")) == {"m.py::f": ("body",)}
    assert kinds(old, old.replace("ValueError", "KeyError")) == {"m.py::f": ("raises",)}
    assert kinds(old, old.replace("if a:", "if not a:")) == {"m.py::f": ("body",)}
    both = old.replace("b=1", "b=2").replace("return a + b", "return None")
    changes = run(old, both)
    assert [(c.changes, c.signature, c.old_signature) for c in changes] == [
        (("return", "signature"), "def f(a, b=2) -> int", "def f(a, b=1) -> int")
    ]


def test_yield_is_a_return_form_in_python() -> None:
    old = "def gen():\n    yield 1\n"
    assert kinds(old, 'def gen():\n    yield "one"\n') == {"m.py::gen": ("return",)}
    assert kinds(old, "def gen():\n    yield 2\n") == {"m.py::gen": ("body",)}


def test_decorator_change() -> None:
    old = "class A:\n    @property\n    def size(self):\n        return 1\n"
    new = old.replace("@property", "@cached_property")
    assert kinds(old, new) == {"m.py::A.size": ("decorators",)}
    assert kinds("def f():\n    pass\n", "@register\ndef f():\n    pass\n") == {"m.py::f": ("decorators",)}


def test_added_and_deleted_functions() -> None:
    old = "def keep():\n    pass\n\n\ndef old_one(x):\n    return x * 2 + 1\n"
    new = "def keep():\n    pass\n\n\ndef brand_new(y, z):\n    print(y)\n    return z\n"
    assert kinds(old, new) == {"m.py::old_one": ("deleted",), "m.py::brand_new": ("added",)}


def test_renamed_function_reports_the_new_id_renamed_and_the_old_id_deleted() -> None:
    old = "def total(items):\n    s = 0\n    for i in items:\n        s += i\n    return s\n"
    new = old.replace("def total", "def sum_all")
    changes = {c.id: c for c in run(old, new)}
    assert {i: c.changes for i, c in changes.items()} == {"m.py::sum_all": ("renamed",), "m.py::total": ("deleted",)}
    assert changes["m.py::sum_all"].old_signature == "def total(items)"
    # a rename with a small edit is still a rename, and the edit is classified
    edited = new.replace("s = 0", "s = 0.0")
    assert kinds(old, edited) == {"m.py::sum_all": ("body", "renamed"), "m.py::total": ("deleted",)}


def test_renaming_a_class_renames_its_untouched_methods() -> None:
    new = CLASS.replace("class Store(Base):", "class Cache(Base):")
    assert kinds(CLASS, new) == {
        "m.py::Cache": ("renamed",),
        "m.py::Cache.get": ("renamed",),
        "m.py::Cache.put": ("renamed",),
        "m.py::Store": ("deleted",),
        "m.py::Store.get": ("deleted",),
        "m.py::Store.put": ("deleted",),
    }


def test_blank_lines_and_trailing_spaces_change_nothing() -> None:
    new = CLASS.replace("        return value\n", "\n        return value   \n")
    assert kinds(CLASS, new) == {}


def test_comments_change_nothing_but_the_code_beside_them_does() -> None:
    commented = CLASS.replace("import os\n", "import os  # paths\n# a note on the module\n\n")
    assert kinds(CLASS, commented) == {}
    assert kinds(CLASS, CLASS.replace("import os\n", "import os\n# a note on the module\n")) == {}
    assert kinds(CLASS, CLASS.replace("        return value\n", "        return value  # noqa: E501\n")) == {}
    assert kinds(CLASS, CLASS.replace("    limit = 10\n", "    limit = 10\n    # the cap\n")) == {}
    # First in a body, a comment sits between the header and the body's node in Python's grammar.
    assert kinds(CLASS, CLASS.replace("    limit = 10\n", "    # the cap\n    limit = 10\n")) == {}
    assert kinds(CLASS, CLASS.replace("def get(self, key):\n", "def get(self, key):\n        # how\n")) == {}
    assert kinds(commented, commented.replace("import os  # paths", "import sys  # paths")) == {"m.py": ("module",)}
    # '#' inside a string is no comment.
    assert kinds(CLASS, CLASS.replace("limit = 10", "limit = '10 # items'")) == {"m.py::Store": ("body",)}


def test_a_comment_among_the_parameters_changes_no_signature() -> None:
    # A note written in a parameter list is no parameter: the header states what a call passes.
    # (The signature once kept it while the compared lines did not, so the header was cut short.)
    before = 'def open_stream(\n    url,\n    duration=None,\n    **args,\n):\n    """Open."""\n    return url\n'
    noted = before.replace("    **args,\n", "    # TODO: a keyword of its own\n    **args,\n")
    assert kinds(before, noted) == {}
    assert kinds(before, noted.replace("duration=None", "duration=0")) == {"m.py::open_stream": ("signature",)}
    ts_before = "export function g(a: number, b: string) {\n  return a\n}\n"
    ts_noted = "export function g(a: number, // the count\n  /* the name */\n  b: string) {\n  return a\n}\n"
    assert kinds(ts_before, ts_noted, "m.ts") == {}


GO_BEFORE = """\
package cli

// Old checks nothing.
func Old(args []string) error {
\treturn nil
}
"""

JAVA_BEFORE = """\
package pkg;

public class A {
    /** Old. */
    public int old() { return 1; }
}
"""


def test_a_doc_comment_above_a_new_definition_is_not_a_change_of_its_module_or_class() -> None:
    go_after = GO_BEFORE.replace(
        "// Old",
        "// New returns an error\n// on empty args.\nfunc New(args []string) error {\n\treturn nil\n}\n\n// Old",
    )
    assert kinds(GO_BEFORE, go_after, "cli/args.go") == {"cli/args.go::New": ("added",)}
    java_after = JAVA_BEFORE.replace(
        "    /** Old. */", "    /**\n     * Added.\n     */\n    public int added() { return 2; }\n\n    /** Old. */"
    )
    assert kinds(JAVA_BEFORE, java_after, "pkg/A.java") == {"pkg/A.java::A.added": ("added",)}
    # A block comment's lines are comments to the end, and a reworded one changes nothing.
    assert kinds(JAVA_BEFORE, JAVA_BEFORE.replace("/** Old. */", "/** Older,\n     * wiser. */"), "pkg/A.java") == {}


def test_added_file_reports_the_file_and_its_top_level_symbols() -> None:
    changes = run(None, CLASS + "\n\ndef helper():\n    pass\n")
    assert [(c.id, c.kind, c.changes) for c in changes] == [
        ("m.py", "file", ("added",)),
        ("m.py::Store", "class", ("added",)),
        ("m.py::helper", "function", ("added",)),
    ]


def test_deleted_file_reports_the_file_and_every_symbol() -> None:
    assert kinds(CLASS, None) == {
        "m.py": ("deleted",),
        "m.py::Store": ("deleted",),
        "m.py::Store.get": ("deleted",),
        "m.py::Store.put": ("deleted",),
    }


def test_results_are_sorted_by_file_and_line() -> None:
    new = CLASS.replace("import os", "import sys").replace("self.data[key] = value", "pass")
    changes = run(CLASS, new)
    assert [(c.id, c.start_line, c.end_line) for c in changes] == [("m.py", 1, 12), ("m.py::Store.put", 11, 12)]


def test_unreadable_versions_are_rebuilt_from_the_diff() -> None:
    new = CLASS.replace("value = self.data[key]", "value = self.data.get(key)")
    diffs = parse_diff(diff_from_texts("m.py", CLASS, new))
    expected = {"m.py::Store.get": ("body",)}
    only_new = changed_symbols(diffs, reader({}), reader({"m.py": new}))
    only_old = changed_symbols(diffs, reader({"m.py": CLASS}), reader({}))
    assert {c.id: c.changes for c in only_new} == expected
    assert {c.id: c.changes for c in only_old} == expected
    # with neither side, only the diff's own lines are known: a definition whose
    # header lies inside the hunk is still found
    old = "x = 1\n\n\ndef f(a):\n    return a\n"
    assert {c.id: c.changes for c in run(old, old.replace("return a", "return None"), readable=False)} == {
        "m.py::f": ("return",)
    }


def test_binary_and_unknown_languages_are_listed_apart() -> None:
    text = (
        diff_from_texts("notes.txt", "a\n", "b\n")
        + "diff --git a/img.png b/img.png\nBinary files a/img.png and b/img.png differ\n"
        + diff_from_texts("m.py", "x = 1\n", "x = 2\n")
    )
    diffs = parse_diff(text)
    assert unsupported_files(diffs) == ("notes.txt", "img.png")
    assert [c.id for c in changed_symbols(diffs, reader({"m.py": "x = 1\n"}), reader({"m.py": "x = 2\n"}))] == ["m.py"]


# -- against git itself ---------------------------------------------------------


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout


def git_readers(root: Path) -> tuple[Callable[[str], bytes | None], Callable[[str], bytes | None]]:
    def old(path: str) -> bytes | None:
        proc = subprocess.run(["git", "-C", str(root), "show", f"HEAD:{path}"], capture_output=True)
        return proc.stdout if proc.returncode == 0 else None

    def new(path: str) -> bytes | None:
        file = root / path
        return file.read_bytes() if file.exists() else None

    return old, new


def test_real_git_diff_of_edits_and_a_new_file(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"pkg/store.py": CLASS, "pkg/util.py": "def a():\n    return 1\n"})
    (root / "pkg/store.py").write_text(CLASS.replace("def put(self, key, value):", "def put(self, key, value=None):"))
    (root / "pkg/util.py").write_text("def a():\n    return 1\n\n\ndef b():\n    raise RuntimeError\n")
    (root / "pkg/new.py").write_text("class Fresh:\n    def go(self):\n        pass\n")
    git(root, "add", "-A")
    diffs = parse_diff(git(root, "diff", "--cached"))
    changes = changed_symbols(diffs, *git_readers(root))
    assert [(c.id, c.changes) for c in changes] == [
        ("pkg/new.py", ("added",)),
        ("pkg/new.py::Fresh", ("added",)),
        ("pkg/store.py::Store.put", ("signature",)),
        ("pkg/util.py::b", ("added",)),
    ]


def test_real_git_rename_deletes_old_ids_and_renames_new_ones(make_repo: Callable[..., Path]) -> None:
    body = CLASS + "".join(f"\n\ndef f{i}():\n    return {i}\n" for i in range(3))
    root = make_repo({"old/store.py": body})
    git(root, "mv", "old/store.py", "new_store.py")
    (root / "new_store.py").write_text(body.replace("return 2", "return 22"))
    git(root, "add", "-A")
    (fd,) = diffs = parse_diff(git(root, "diff", "--cached", "-M"))
    assert (fd.old_path, fd.new_path) == ("old/store.py", "new_store.py")
    got = {c.id: c.changes for c in changed_symbols(diffs, *git_readers(root))}
    assert got["old/store.py"] == ("deleted",) and got["old/store.py::Store.get"] == ("deleted",)
    assert got["new_store.py"] == ("renamed",)
    assert got["new_store.py::Store.get"] == ("renamed",)
    assert got["new_store.py::f2"] == ("body", "renamed")
    assert len(got) == 2 * 7


# -- another language: the same kinds from the TypeScript spec's words ------------

TS = """\
import { Base } from "./base";

export class Store extends Base {
  private limit = 10;

  public get(key: string): number {
    const v = this.data[key];
    return v;
  }

  @logged
  put(key: string, value: number): void {
    if (!key) {
      throw new Error("key");
    }
    this.data[key] = value;
  }
}

export function helper(a: number, b = 1): number {
  return a + b;
}

const double = (a: number) => a * 2;
"""


def test_a_wrapped_header_over_several_lines_is_read_whole() -> None:
    # ``export function f(`` is the export's node: its signature runs to the body, not to the end
    # of the first line, so a parameter removed from a header over lines changes the parameters
    # only; the declared result, the same on both sides, is no return change.
    old = "export function makeMap(\n  str: string,\n  lower?: boolean,\n): (key: string) => boolean {\n  return (k) => k === str\n}\n"
    new = "export function makeMap(str: string): (key: string) => boolean {\n  return (k) => k === str\n}\n"
    assert kinds(old, new, path="src/map.ts") == {"src/map.ts::makeMap": ("signature",)}
    arrow = "export const f = (\n  a: number,\n  b: number,\n): number => {\n  return a\n}\n"
    assert kinds(arrow, arrow.replace("  b: number,\n", ""), path="src/f.ts") == {"src/f.ts::f": ("signature",)}


def test_a_function_rewritten_as_an_arrow_bound_to_its_name_takes_and_returns_the_same() -> None:
    # ECMA-262: `function f(x) { return e; }` and `const f = (x) => e` take the same parameters
    # and return e; the `=` binding the name and the arrow opening the body are syntax, not a
    # parameter or a result. The declaring word (`function` → `const`) stays a header change.
    old = "function isObject(thing) {\n  return thing !== null && typeof thing === 'object';\n}\n"
    new = "const isObject = (thing) => thing !== null && typeof thing === 'object';\n"
    assert kinds(old, new, path="lib/utils.js") == {"lib/utils.js::isObject": ("body", "signature")}
    assert kinds(old, "const isObject = (thing) => 'object';\n", path="lib/utils.js") == {
        "lib/utils.js::isObject": ("body", "return", "signature")
    }
    typed = "export function f(a: number): number {\n  return a * 2;\n}\n"
    arrow = "export const f = (a: number): number => a * 2;\n"
    assert kinds(typed, arrow, path="src/f.ts") == {"src/f.ts::f": ("body", "signature")}
    assert kinds(typed, arrow.replace("): number", "): string"), path="src/f.ts") == {
        "src/f.ts::f": ("body", "return", "signature")
    }
    # One parameter without parentheses is the same list (ECMA-262 ArrowParameters).
    bare = "export const h = u => u && String(u);\n"
    assert kinds(bare, "export const h = (u) => u && String(u).trim();\n", path="src/h.js") == {
        "src/h.js::h": ("body",)
    }
    assert kinds(bare, "export const h = (u, v) => u && String(u);\n", path="src/h.js") == {
        "src/h.js::h": ("signature",)
    }
    generic = "export const g = async <T>(a: T): Promise<T> => a;\n"
    assert kinds(generic, generic.replace("<T>(", "<U>("), path="src/g.ts") == {"src/g.ts::g": ("signature",)}


def test_typescript_change_kinds() -> None:
    def ts(old: str, new: str) -> dict[str, tuple[str, ...]]:
        return kinds(TS, TS.replace(old, new), path="src/store.ts")

    assert ts("const v = this.data[key];", "const v = this.data.get(key);") == {"src/store.ts::Store.get": ("body",)}
    assert ts("public get(", "private get(") == {"src/store.ts::Store.get": ("visibility",)}
    assert ts("get(key: string): number", "get(key: string): string") == {"src/store.ts::Store.get": ("return",)}
    assert ts('new Error("key")', 'new TypeError("key")') == {"src/store.ts::Store.put": ("raises",)}
    assert ts("@logged", "@traced") == {"src/store.ts::Store.put": ("decorators",)}
    assert ts("b = 1", "b = 2") == {"src/store.ts::helper": ("signature",)}
    assert ts("export function helper", "function helper") == {"src/store.ts::helper": ("visibility",)}
    assert ts("extends Base", "extends Other") == {"src/store.ts::Store": ("signature",)}
    assert ts("private limit = 10;", "private limit = 20;") == {"src/store.ts::Store": ("body",)}
    # An arrow's expression body is its returned value: edited within its form it is the body's
    # change, as ``return a * 2`` → ``return a * 3`` is; another form is the return's.
    assert ts("a * 2", "a * 3") == {"src/store.ts::double": ("body",)}
    assert ts("a * 2", '"a"') == {"src/store.ts::double": ("body", "return")}
    assert ts('"./base"', '"./base2"') == {"src/store.ts": ("module",)}
    # `a || b` (and `??`, `&&`) is one of its operands, an assignment its right side (ECMA-262
    # 13.13, 13.15): a value that may now be a new Promise is another returned form; another
    # operand of the same form is the body's change.
    assert ts("a * 2", "cache || (cache = new Promise(start))") == {"src/store.ts::double": ("body", "return")}
    assert ts("a * 2", "a * 2 || b * 3") == {"src/store.ts::double": ("body",)}
    assert ts("a * 2", "(cache = a * 2)") == {"src/store.ts::double": ("body",)}
    assert ts("a * 2", "(x) => x || 1") == {"src/store.ts::double": ("body",)}
    assert ts("function helper", "function assist") == {
        "src/store.ts::assist": ("renamed",),
        "src/store.ts::helper": ("deleted",),
    }


@seed(7)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.integers(0, 40),
            st.sampled_from(["", "    pass", "def g(:", "class", "@x", "        return 1", "\t", "x = (", "}"]),
        ),
        max_size=6,
    ),
    st.booleans(),
    st.booleans(),
)
def test_any_pair_of_versions_maps_without_crashing(edits: list[tuple[int, str]], old_ok: bool, new_ok: bool) -> None:
    lines = CLASS.splitlines()
    for at, text in edits:
        lines.insert(min(at, len(lines)), text)
    new = "\n".join(lines) + "\n"
    diffs = parse_diff(diff_from_texts("m.py", CLASS, new))
    changes = changed_symbols(diffs, reader({"m.py": CLASS} if old_ok else {}), reader({"m.py": new} if new_ok else {}))
    assert all(c.changes and set(c.changes) <= set(ChangeKind) for c in changes)
    assert len({c.id for c in changes}) == len(changes)
    if old_ok and new_ok and any(text.strip() for _, text in edits):
        assert changes  # an inserted non-blank line is always reported somewhere


def test_a_return_with_a_trailing_comma_has_a_form() -> None:
    old = "def f(a):\n    return a\n"
    assert kinds(old, "def f(a):\n    return a,\n") == {"m.py::f": ("return",)}
    assert kinds(old, "def f(a):\n    return\n") == {"m.py::f": ("return",)}


def test_a_function_type_in_a_parameter_is_no_returned_value() -> None:
    # ECMA-262 15.3: only the definition's own arrow returns its expression body. A method's
    # parameter typed as a function (`() => T`) opens no arrow of the method's: the widened
    # parameter is a signature change, and the declared result and returned forms are the same.
    old = (
        "export class StateNode<T> {\n"
        "  public withContext(\n"
        "    context: T\n"
        "  ): StateNode<T> {\n"
        "    return new StateNode(context);\n"
        "  }\n"
        "}\n"
    )
    new = old.replace("context: T\n", "context: T | (() => T)\n")
    assert kinds(old, new, path="src/node.ts") == {"src/node.ts::StateNode.withContext": ("signature",)}
    # Expected: a class field's arrow still returns its expression.
    field = "export class C {\n  private double = (a: number): number => a * 2;\n}\n"
    assert kinds(field, field.replace("a * 2", '"a"'), path="src/c.ts") == {"src/c.ts::C.double": ("body", "return")}
