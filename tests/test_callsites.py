"""Spec: each direct caller's call sites judged against the old and the new signature, through
the whole pipeline (a git repository with the old version committed and the new one in the
working tree, ``api.blast_radius``), per language: the label and the reason of each caller."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from diffreach import api
from diffreach.model import Reached
from diffreach.present.text import render_impact
from tests.conftest import write_files

Make = Callable[..., Path]


def _radius(make_repo: Make, old: dict[str, str], new: dict[str, str]) -> dict[str, Reached]:
    root = make_repo(old)
    api.index(root)
    write_files(root, new)
    result = api.blast_radius(root, hops=1)
    return {r.id: r for r in result.radius.reached if r.hop == 1}


def _label(r: Reached) -> str:
    return "behavior-change" if api.is_behavior_change(r) else "reach"


# -- the synthetic check: every call that still binds is reach, every break flagged ----

_ECHO_OLD = "def echo(message=None, file=None, nl=True, err=False):\n    print(message)\n"
_ECHO_NEW = "def echo(message, file=None, *, newline=True, err=False):\n    print(message)\n"
_ECHO_CALLERS = """\
from out import echo


def keyword_gone():
    echo("x", nl=False)


def now_required():
    echo(err=True)


def still_fine():
    echo("x")


def still_fine_keywords():
    echo(
        "x",
        err=True,
    )


def positional_now_keyword_only():
    echo("x", None, False)
"""


def test_python_keyword_only_rename_and_required(make_repo: Make) -> None:
    got = _radius(make_repo, {"out.py": _ECHO_OLD, "use.py": _ECHO_CALLERS}, {"out.py": _ECHO_NEW})
    assert _label(got["use.py::keyword_gone"]) == "behavior-change"
    assert got["use.py::keyword_gone"].severity == "high"
    assert "`nl=`" in got["use.py::keyword_gone"].reasons[0]
    assert _label(got["use.py::now_required"]) == "behavior-change"
    assert "`message`" in got["use.py::now_required"].reasons[0]
    assert _label(got["use.py::positional_now_keyword_only"]) == "behavior-change"
    # Calls that bind as before, one of them over several lines: reach, with the reason.
    for fine in ("use.py::still_fine", "use.py::still_fine_keywords"):
        assert _label(got[fine]) == "reach", got[fine].reasons
        assert got[fine].verdict == "still-binds"
    assert got["use.py::keyword_gone"].call_lines == (5,)


def test_typescript_optional_becomes_required(make_repo: Make) -> None:
    old = {
        "src/lib.ts": "export function fetchAll(url: string, retries?: number): number {\n  return 1;\n}\n",
        "src/a.ts": "import { fetchAll } from './lib';\nexport function once() {\n  return fetchAll('u');\n}\n",
        "src/b.ts": "import { fetchAll } from './lib';\nexport function twice() {\n  return fetchAll(\n    'u',\n    2,\n  );\n}\n",
    }
    new = {"src/lib.ts": "export function fetchAll(url: string, retries: number): number {\n  return 1;\n}\n"}
    got = _radius(make_repo, old, new)
    assert _label(got["src/a.ts::once"]) == "behavior-change"
    assert "`retries`" in got["src/a.ts::once"].reasons[0]
    assert _label(got["src/b.ts::twice"]) == "reach"


def test_go_added_parameter(make_repo: Make) -> None:
    old = {
        "go.mod": "module example.com/m\n\ngo 1.21\n",
        "lib/lib.go": "package lib\n\nfunc Sum(a int, b int) int {\n\treturn a + b\n}\n",
        "app/app.go": ('package app\n\nimport "example.com/m/lib"\n\nfunc Use() int {\n\treturn lib.Sum(1, 2)\n}\n'),
    }
    new = {"lib/lib.go": "package lib\n\nfunc Sum(a int, b int, c int) int {\n\treturn a + b + c\n}\n"}
    got = _radius(make_repo, old, new)
    assert _label(got["app/app.go::Use"]) == "behavior-change"
    assert got["app/app.go::Use"].verdict == "no-longer-binds"


def test_go_method_receiver_is_not_the_parameter_list(make_repo: Make) -> None:
    old = {
        "go.mod": "module example.com/m\n\ngo 1.21\n",
        "lib/lib.go": "package lib\n\ntype T struct{}\n\nfunc (t *T) Add(a int) int {\n\treturn a\n}\n",
        "app/app.go": ('package app\n\nimport "example.com/m/lib"\n\nfunc Use(t *lib.T) int {\n\treturn t.Add(1)\n}\n'),
    }
    new = {"lib/lib.go": "package lib\n\ntype T struct{}\n\nfunc (t *T) Add(a int, b int) int {\n\treturn a + b\n}\n"}
    got = _radius(make_repo, old, new)
    use = got["app/app.go::Use"]
    assert _label(use) == "behavior-change" and use.verdict == "no-longer-binds"


# -- the rest of the contract: returns, raises, body --------------------------------------------


def test_python_return_used_or_discarded(make_repo: Make) -> None:
    old = {
        "lib.py": "def load():\n    return 1\n",
        "use.py": "from lib import load\n\n\ndef uses():\n    x = load()\n    return x\n\n\ndef drops():\n    load()\n",
    }
    new = {"lib.py": "def load():\n    return None\n"}
    got = _radius(make_repo, old, new)
    assert _label(got["use.py::uses"]) == "behavior-change"
    assert got["use.py::uses"].verdict == "return-used"
    assert _label(got["use.py::drops"]) == "reach"
    assert got["use.py::drops"].verdict == "return-discarded"


def test_python_raises_handled_or_not(make_repo: Make) -> None:
    old = {
        "lib.py": "def load(x):\n    return x\n",
        "use.py": (
            "from lib import load\n\n\ndef guarded():\n    try:\n        load(1)\n    except ValueError:\n        pass\n\n\n"
            "def bare():\n    load(2)\n"
        ),
    }
    new = {"lib.py": "def load(x):\n    if not x:\n        raise ValueError(x)\n    return x\n"}
    got = _radius(make_repo, old, new)
    assert got["use.py::bare"].verdict == "raises-unhandled"
    assert _label(got["use.py::bare"]) == "behavior-change"
    assert got["use.py::guarded"].verdict == "raises-handled"
    assert _label(got["use.py::guarded"]) == "reach"


def test_body_only_change_is_reach(make_repo: Make) -> None:
    old = {
        "lib.py": "def load(x):\n    y = x\n    return y\n",
        "use.py": "from lib import load\n\n\ndef uses():\n    return load(1)\n",
    }
    new = {"lib.py": "def load(x):\n    y = x + 0\n    return y\n"}
    got = _radius(make_repo, old, new)
    assert got["use.py::uses"].verdict == "body-only"
    assert _label(got["use.py::uses"]) == "reach"


def test_passed_as_value_is_said_so(make_repo: Make) -> None:
    old = {
        "lib.py": "def load(x):\n    return x\n",
        "use.py": "from lib import load\n\n\ndef uses(xs):\n    return list(map(load, xs))\n",
    }
    new = {"lib.py": "def load(x, y):\n    return x\n"}
    got = _radius(make_repo, old, new)
    assert got["use.py::uses"].verdict == "passed-as-value"
    assert _label(got["use.py::uses"]) == "behavior-change"


def test_javascript_extra_arguments_still_bind(make_repo: Make) -> None:
    old = {
        "lib.js": "export function pad(s, n) {\n  return s;\n}\n",
        "use.js": "import { pad } from './lib.js';\nexport function show() {\n  return pad('a', 2);\n}\n",
    }
    new = {"lib.js": "export function pad(s) {\n  return s;\n}\n"}
    got = _radius(make_repo, old, new)
    # JavaScript ignores the extra argument: the call binds, but `2` is now dropped.
    assert got["use.js::show"].verdict == "argument-dropped"
    assert _label(got["use.js::show"]) == "behavior-change"


def test_java_overload_by_arity(make_repo: Make) -> None:
    old = {
        "src/a/Lib.java": "package a;\npublic class Lib {\n  public static int f(int x) { return x; }\n}\n",
        "src/a/Use.java": ("package a;\npublic class Use {\n  int one() { return Lib.f(1); }\n}\n"),
    }
    new = {"src/a/Lib.java": "package a;\npublic class Lib {\n  public static int f(int x, int y) { return x; }\n}\n"}
    got = _radius(make_repo, old, new)
    use = got["src/a/Use.java::Use.one"]
    assert use.verdict == "no-longer-binds" and _label(use) == "behavior-change"


def test_rust_added_parameter_and_self(make_repo: Make) -> None:
    old = {
        "Cargo.toml": '[package]\nname = "m"\nversion = "0.1.0"\n',
        "src/lib.rs": "mod util;\npub fn run() -> i32 {\n    util::add(1)\n}\n",
        "src/util.rs": "pub fn add(a: i32) -> i32 {\n    a\n}\n",
    }
    new = {"src/util.rs": "pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n"}
    got = _radius(make_repo, old, new)
    run = got["src/lib.rs::run"]
    assert run.verdict == "no-longer-binds" and _label(run) == "behavior-change"


def test_impact_json_carries_the_outcome(make_repo: Make) -> None:
    root = make_repo({"out.py": _ECHO_OLD, "use.py": _ECHO_CALLERS})
    api.index(root)
    write_files(root, {"out.py": _ECHO_NEW})
    data = api.radius_json(api.blast_radius(root, hops=1))
    rows = {row["id"]: row for row in data["callers"]}  # type: ignore[union-attr]
    gone = rows["use.py::keyword_gone"]
    assert gone["label"] == "behavior-change" and gone["severity"] == "high"
    assert gone["verdict"] == "no-longer-binds" and gone["call_lines"] == [5]
    assert rows["use.py::still_fine"]["label"] == "reach"


def test_text_and_review_context_show_the_flagged_call_first(make_repo: Make) -> None:
    root = make_repo({"out.py": _ECHO_OLD, "use.py": _ECHO_CALLERS})
    api.index(root)
    write_files(root, {"out.py": _ECHO_NEW})
    result = api.blast_radius(root, hops=1)
    text = render_impact(api.radius_json(result))
    assert "use.py:5: `nl=` no longer exists (now `newline`?)" in text
    context = api.review_context(root, result, budget=100_000).text
    flagged = context.index("## Flagged calls")
    assert flagged < context.index("## Hop 1")
    assert '`echo("x", nl=False)`' in context[flagged:]


def test_hub_lists_every_broken_call_past_the_sample(make_repo: Make) -> None:
    # 25 callers (past the utility cap of 20): 12 pass an argument the new signature refuses.
    callers = {
        f"c{i:02d}.py": f"from lib import f\n\n\ndef use{i:02d}():\n    return f({'1, 2' if i < 12 else '1'})\n"
        for i in range(25)
    }
    root = make_repo({"lib.py": "def f(a, b=0):\n    return a\n", **callers})
    api.index(root)
    write_files(root, {"lib.py": "def f(a):\n    return a\n"})
    result = api.blast_radius(root, hops=1)
    shown = {r.id: r for r in result.radius.reached}
    broken = {f"c{i:02d}.py::use{i:02d}" for i in range(12)}
    assert broken <= set(shown)  # every call that no longer binds, past the sample of 10
    assert all(shown[b].verdict == "no-longer-binds" for b in broken)
    assert len(shown) == 12  # the sample is spent on them: the 13 that still bind are counted
    assert result.radius.hub_callers == (("lib.py::f", 25),)
    assert any(
        "showing 12; every one of the 12 that no longer bind is listed, 13 more" in n for n in result.radius.notes
    )


def test_old_start_line_is_where_the_old_version_starts(make_repo: Make) -> None:
    root = make_repo({"lib.py": "import os\n\n\ndef f(a):\n    return a\n"})
    api.index(root)
    write_files(root, {"lib.py": "def f(a, b):\n    return a\n"})
    changed = {c.id: c for c in api.blast_radius(root, hops=1).radius.changed}
    assert (changed["lib.py::f"].start_line, changed["lib.py::f"].old_start_line) == (1, 4)


def test_a_diff_given_as_text_judges_against_the_rebuilt_old_side(make_repo: Make) -> None:
    root = make_repo({"out.py": _ECHO_OLD, "use.py": _ECHO_CALLERS})
    api.index(root)
    write_files(root, {"out.py": _ECHO_NEW})
    diff = api.blast_radius(root, hops=1).diff_text
    got = {r.id: r for r in api.blast_radius(root, hops=1, diff_text=diff).radius.reached}
    assert got["use.py::keyword_gone"].verdict == "no-longer-binds"
    assert got["use.py::still_fine"].verdict == "still-binds"


def test_csharp_named_argument_renamed(make_repo: Make) -> None:
    old = {
        "src/Lib.cs": "namespace A {\n  public static class Lib {\n    public static int F(int x, int y = 0) { return x; }\n  }\n}\n",
        "src/Use.cs": (
            "namespace A {\n  public class Use {\n    public int Named() { return Lib.F(1, y: 2); }\n"
            "    public int Plain() { return Lib.F(1); }\n  }\n}\n"
        ),
    }
    new = {
        "src/Lib.cs": "namespace A {\n  public static class Lib {\n    public static int F(int x, int z = 0) { return x; }\n  }\n}\n"
    }
    got = _radius(make_repo, old, new)
    assert got["src/Use.cs::Use.Named"].verdict == "no-longer-binds"
    assert _label(got["src/Use.cs::Use.Named"]) == "behavior-change"
    assert _label(got["src/Use.cs::Use.Plain"]) == "reach"


def test_kotlin_added_required_parameter(make_repo: Make) -> None:
    old = {
        "src/a/Lib.kt": "package a\n\nfun greet(name: String, loud: Boolean = false): String = name\n",
        "src/a/Use.kt": (
            'package a\n\nfun one(): String = greet("x")\n\nfun two(): String = greet(name = "x", loud = true)\n'
        ),
    }
    new = {"src/a/Lib.kt": "package a\n\nfun greet(name: String, times: Int, loud: Boolean = false): String = name\n"}
    got = _radius(make_repo, old, new)
    assert got["src/a/Use.kt::one"].verdict == "no-longer-binds"
    assert got["src/a/Use.kt::two"].verdict == "no-longer-binds"
    assert "`times`" in got["src/a/Use.kt::two"].reasons[0]


def test_go_a_new_result_that_the_call_ignores(make_repo: Make) -> None:
    old = {
        "go.mod": "module example.com/m\n\ngo 1.21\n",
        "lib/lib.go": "package lib\n\nfunc Normalize(x int) {\n\t_ = x\n}\n",
        "app/app.go": ('package app\n\nimport "example.com/m/lib"\n\nfunc Run() {\n\tlib.Normalize(1)\n}\n'),
    }
    new = {
        "lib/lib.go": 'package lib\n\nimport "errors"\n\nfunc Normalize(x int) error {\n\treturn errors.New("x")\n}\n'
    }
    got = _radius(make_repo, old, new)
    run = got["app/app.go::Run"]
    assert run.verdict == "result-ignored" and _label(run) == "behavior-change"
    assert "now returns `error`" in run.reasons[0]


def test_java_overload_split_off(make_repo: Make) -> None:
    # emit(format, args...) becomes emit(s); the old list lives on as an overload.
    lib = "package a;\npublic class W {\n%s}\n"
    old = {
        "src/a/W.java": lib % "  public W emit(String format, Object... args) { return this; }\n",
        "src/a/Use.java": (
            'package a;\npublic class Use {\n  void one(W w) { w.emit(" "); }\n'
            '  void two(W w) { w.emit("$L", 1); }\n}\n'
        ),
    }
    new = {
        "src/a/W.java": lib
        % (
            "  public W emit(String s) { return this; }\n"
            "  public W emit(String format, Object... args) { return this; }\n"
        )
    }
    got = _radius(make_repo, old, new)
    one = got["src/a/Use.java::Use.one"]
    assert one.verdict == "other-overload" and _label(one) == "behavior-change"
    assert "now selects `emit(s)`" in one.reasons[0]
    # Two arguments bind to the overload that kept the old list (resolution by arity): either not
    # reached at all, or reached and labelled reach; never a behaviour change.
    two = got.get("src/a/Use.java::Use.two")
    assert two is None or (two.verdict == "still-binds" and _label(two) == "reach")


def test_rust_renamed_and_retyped_parameter(make_repo: Make) -> None:
    old = {
        "Cargo.toml": '[package]\nname = "m"\nversion = "0.1.0"\n',
        "src/lib.rs": "mod util;\npub fn run(c: &str) -> usize {\n    util::size(c)\n}\n",
        "src/util.rs": "pub fn size(cmd: &str) -> usize {\n    cmd.len()\n}\n",
    }
    new = {"src/util.rs": "pub fn size(items: &[u8]) -> usize {\n    items.len()\n}\n"}
    got = _radius(make_repo, old, new)
    run = got["src/lib.rs::run"]
    assert run.verdict == "changed-type" and _label(run) == "behavior-change"


def test_a_subclass_inheriting_the_method_is_not_a_call_site(make_repo: Make) -> None:
    old = {
        "base.py": "class Base:\n    def m(self, a):\n        return a\n",
        "sub.py": "from base import Base\n\n\nclass Sub(Base):\n    pass\n",
    }
    new = {"base.py": "class Base:\n    def m(self, a, b):\n        return a\n"}
    got = _radius(make_repo, old, new)
    assert got["sub.py::Sub"].edge == "inherits"
    # No call to read ("cannot tell" would be noise): reach, said so; its callers are judged.
    assert got["sub.py::Sub"].verdict == "inherited" and _label(got["sub.py::Sub"]) == "reach"


def test_the_judge_sees_the_syntax_outcome_first(make_repo: Make) -> None:
    root = make_repo({"out.py": _ECHO_OLD, "use.py": _ECHO_CALLERS})
    api.index(root)
    write_files(root, {"out.py": _ECHO_NEW})
    seen: dict[str, str] = {}

    def judge(change: object, caller: Reached) -> float | None:
        seen[caller.id] = caller.verdict
        return 0.0 if caller.id == "use.py::keyword_gone" else None  # a second opinion overrides

    got = {r.id: r for r in api.blast_radius(root, hops=1, judge=judge).radius.reached}
    assert seen["use.py::keyword_gone"] == "no-longer-binds" and seen["use.py::still_fine"] == "still-binds"
    assert _label(got["use.py::keyword_gone"]) == "reach"  # the judge's score wins
    assert got["use.py::keyword_gone"].verdict == "no-longer-binds"  # the syntax outcome stays on record
    assert _label(got["use.py::now_required"]) == "behavior-change"


def test_a_constructor_is_judged_at_the_calls_of_its_class(make_repo: Make) -> None:
    old = {
        "lib.py": "class K:\n    def __init__(self, a, b=None):\n        self.a = a\n",
        "use.py": (
            "from lib import K\n\n\ndef one():\n    return K(1)\n\n\ndef two():\n    return K(1, 2)\n\n\n"
            "def check(x):\n    return isinstance(x, K) and K(x)\n"
        ),
        "sub.py": (
            "from lib import K\n\n\nclass S(K):\n    def __init__(self):\n        K.__init__(self, 1, 2)\n\n\n"
            "class T(K):\n    def __init__(self):\n        K.__init__(self, 1)\n"
        ),
    }
    new = {"lib.py": "class K:\n    def __init__(self, a, *, b=None):\n        self.a = a\n"}
    got = _radius(make_repo, old, new)
    assert got["use.py::one"].verdict == "still-binds" and _label(got["use.py::one"]) == "reach"
    assert got["use.py::two"].verdict == "no-longer-binds" and _label(got["use.py::two"]) == "behavior-change"
    assert "`b` is keyword-only now" in got["use.py::two"].reasons[0]
    # The class used as a value on the same line is no call: the call beside it binds.
    assert got["use.py::check"].verdict == "still-binds"
    # Through the class, the instance is the first argument.
    assert got["sub.py::S.__init__"].verdict == "no-longer-binds"
    assert got["sub.py::T.__init__"].verdict == "still-binds" and _label(got["sub.py::T.__init__"]) == "reach"


def test_typescript_declaration_file_type_parameters(make_repo: Make) -> None:
    # A .d.ts method whose generic default changed: the call binds as before, but the type of
    # what it returns follows the default. A method whose list did not change is reach.
    decl = "export interface Reply {\n  json<T = JSONValue>(): Promise<T>;\n  text(): Promise<string>;\n}\n"
    use = (
        "import { Reply } from './index';\n"
        "export async function read(r: Reply) {\n  return r.json();\n}\n"
        "export async function show(r: Reply) {\n  return r.text();\n}\n"
    )
    old = {"index.d.ts": decl, "use.ts": use}
    new = {"index.d.ts": decl.replace("T = JSONValue", "T = unknown").replace("<string>", "<String>")}
    got = _radius(make_repo, old, new)
    read = got["use.ts::read"]
    assert read.verdict == "changed-type" and _label(read) == "behavior-change"
    assert "type parameters changed: `<T = JSONValue>` → `<T = unknown>`" in read.reasons[0]
    show = got.get("use.ts::show")
    assert show is None or show.verdict != "changed-type"


def test_type_parameters_respaced_are_the_same(make_repo: Make) -> None:
    # Forbidden: a generic list only spaced anew (`<A,B>` → `<A, B>`) read as changed types.
    decl = "export function pick<K,V>(key: K, value: V): V {\n  return value\n}\n"
    use = "import { pick } from './pick';\nexport function run() {\n  return pick(1, 2);\n}\n"
    new = decl.replace("<K,V>", "<K, V>").replace("return value", "return value ?? value")
    got = _radius(make_repo, {"pick.ts": decl, "use.ts": use}, {"pick.ts": new})
    assert got["use.ts::run"].verdict == "still-binds", got["use.ts::run"].reasons


def test_callers_of_a_base_method_are_judged_against_the_changed_override(make_repo: Make) -> None:
    old = {
        "base.py": "class Base:\n    def m(self, a):\n        return a\n",
        "sub.py": "from base import Base\n\n\nclass Sub(Base):\n    def m(self, a):\n        return a\n",
        "use.py": "from base import Base\n\n\ndef one(x: Base):\n    return x.m(1)\n\n\ndef two(x: Base):\n    return x.m(a=1)\n",
    }
    new = {"sub.py": "from base import Base\n\n\nclass Sub(Base):\n    def m(self, b):\n        return b\n"}
    root = make_repo(old)
    api.index(root)
    write_files(root, new)
    got = {r.id: r for r in api.blast_radius(root, hops=2).radius.reached}
    assert got["base.py::Base.m"].verdict == "dispatches" and _label(got["base.py::Base.m"]) == "reach"
    # A positional call still binds the renamed parameter; the call by the old name breaks on a Sub.
    assert got["use.py::one"].verdict == "renamed-parameter" and _label(got["use.py::one"]) == "reach"
    assert got["use.py::two"].verdict == "no-longer-binds" and _label(got["use.py::two"]) == "behavior-change"


def test_a_call_through_an_import_alias_is_judged(make_repo: Make) -> None:
    old = {
        "lib.py": "def area(w, h):\n    return w * h\n\n\nclass K:\n    def __init__(self, a, b=None):\n        self.a = a\n",
        "use.py": (
            "from lib import K as Klass, area as surface\n\n\ndef one():\n    return surface(2, 3)\n\n\n"
            "def two():\n    return Klass(1, 2)\n"
        ),
    }
    new = {
        "lib.py": (
            "def area(w, h, d):\n    return w * h\n\n\nclass K:\n    def __init__(self, a, *, b=None):\n        self.a = a\n"
        )
    }
    got = _radius(make_repo, old, new)
    assert got["use.py::one"].verdict == "no-longer-binds"
    assert "`d`" in got["use.py::one"].reasons[0]
    assert got["use.py::two"].verdict == "no-longer-binds"
    assert "keyword-only" in got["use.py::two"].reasons[0]


def test_a_decorated_function_that_a_call_fits_neither_way_cannot_tell(make_repo: Make) -> None:
    deco = "def register(fn):\n    return lambda *a: fn(*a[1:])\n\n\n"
    old = {
        "lib.py": deco + "@register\ndef f(a):\n    return a\n\n\ndef g(a):\n    return a\n",
        "use.py": "from lib import f, g\n\n\ndef one():\n    return f(0, 1, 2)\n\n\ndef two():\n    return g(0, 1, 2)\n",
    }
    new = {"lib.py": deco + "@register\ndef f(a, b=0):\n    return a\n\n\ndef g(a, b=0):\n    return a\n"}
    got = _radius(make_repo, old, new)
    assert got["use.py::one"].verdict == "cannot-tell" and _label(got["use.py::one"]) == "behavior-change"
    assert "decorators" in got["use.py::one"].reasons[0]
    # Undecorated, a call neither list takes is not explained either: cannot tell, said so.
    assert got["use.py::two"].verdict == "cannot-tell" and _label(got["use.py::two"]) == "behavior-change"
    assert "cannot tell what it calls" in got["use.py::two"].reasons[0]


def test_java_a_call_that_fit_no_overload_before_binds_the_new_one(make_repo: Make) -> None:
    # A constructor split in two (a new one-argument form first): a call that fit no member of
    # the old family binds now (reach); one that fit the kept form still calls it.
    lib = "package a;\npublic class W {\n%s}\n"
    old = {
        "src/a/W.java": lib % "  public W(String out, String indent) { }\n",
        "src/a/Use.java": (
            'package a;\npublic class Use {\n  W one() { return new W("o"); }\n'
            '  W two() { return new W("o", " "); }\n}\n'
        ),
    }
    new = {
        "src/a/W.java": lib % '  public W(String out) { this(out, " "); }\n  public W(String out, String indent) { }\n'
    }
    got = _radius(make_repo, old, new)
    one = got["src/a/Use.java::Use.one"]
    assert one.verdict == "fits-new-only" and _label(one) == "reach", (one.via, one.reasons)
    two = got.get("src/a/Use.java::Use.two")
    assert two is None or _label(two) == "reach"


def test_annotations_are_metadata_and_decorators_wrap(make_repo: Make) -> None:
    old = {
        "src/a/Lib.java": "package a;\npublic class Lib {\n  public static int f(int x) { return x; }\n}\n",
        "src/a/Use.java": "package a;\npublic class Use {\n  int one() { return Lib.f(1); }\n}\n",
        "lib.py": "import functools\n\n\ndef g(x):\n    return x\n",
        "use.py": "from lib import g\n\n\ndef two():\n    return g(1)\n",
    }
    new = {
        "src/a/Lib.java": 'package a;\npublic class Lib {\n  @Beta("x")\n  public static int f(int x) { return x; }\n}\n',
        "lib.py": "import functools\n\n\n@functools.cache\ndef g(x):\n    return x\n",
    }
    got = _radius(make_repo, old, new)
    one = got["src/a/Use.java::Use.one"]
    assert one.verdict == "still-binds" and _label(one) == "reach"
    assert "annotations changed" in one.reasons[0]
    two = got["use.py::two"]
    assert two.verdict == "cannot-tell" and _label(two) == "behavior-change"
