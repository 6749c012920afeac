"""Spec: what a change does to a call that still binds, from the rest of the contract a header
declares (issue 19, session 10): a result type declared before the name (Java's ``void f()`` →
``boolean f()``), a definition newly marked deprecated, the generic parameters of a function
bound to a name. Each through the whole pipeline (a git repository, the new version in the
working tree, ``api.blast_radius``): expected and forbidden verdicts and labels per caller."""

from __future__ import annotations

import pytest

from diffreach.languages.python import SPEC as PYTHON
from diffreach.review.annotations import retyped
from diffreach.review.binding import Parameter, ParamKind
from tests.test_callsites import Make, _label, _radius

# -- Java: the result type stands before the name -----------------------------------------------

JAVA_LIB = "package a;\npublic class W {\n  public %s name(int a) { %s }\n}\n"
JAVA_USE = (
    "package a;\npublic class Use {\n  Object uses(W w) { return w.name(1); }\n  void drops(W w) { w.name(2); }\n}\n"
)


def test_java_a_result_declared_anew_is_medium_where_the_call_ignores_or_uses_it(make_repo: Make) -> None:
    # ``void`` → ``boolean``: a call that ignores the new result was written when there was none.
    old = {
        "src/a/W.java": JAVA_LIB % ("void", ""),
        "src/a/Use.java": JAVA_USE.replace("return w.name(1);", "w.name(1); return null;"),
    }
    got = _radius(make_repo, old, {"src/a/W.java": JAVA_LIB % ("boolean", "return true;")})
    drops = got["src/a/Use.java::Use.drops"]
    assert (drops.verdict, _label(drops)) == ("result-ignored", "behavior-change"), drops.reasons
    assert "boolean" in drops.reasons[0]
    assert drops.verdict != "still-binds"


def test_java_a_changed_result_type_is_medium_where_the_value_is_used(make_repo: Make) -> None:
    old = {"src/a/W.java": JAVA_LIB % ("String", 'return "x";'), "src/a/Use.java": JAVA_USE}
    got = _radius(make_repo, old, {"src/a/W.java": JAVA_LIB % ("Object", 'return "x";')})
    uses, drops = got["src/a/Use.java::Use.uses"], got["src/a/Use.java::Use.drops"]
    assert (uses.verdict, _label(uses)) == ("return-used", "behavior-change"), uses.reasons
    assert drops.verdict in ("return-discarded", "still-binds") and _label(drops) == "reach", drops.reasons


def test_java_an_abstract_method_whose_result_type_changed(make_repo: Make) -> None:
    # No body, so no returned form changed: only the header says the result is another type.
    lib = "package a;\npublic abstract class E {\n  public abstract %s url();\n}\n"
    use = "package a;\npublic class Use {\n  String go(E e) { String u = e.url(); return u; }\n}\n"
    got = _radius(make_repo, {"src/a/E.java": lib % "String", "src/a/Use.java": use}, {"src/a/E.java": lib % "Url"})
    go = got["src/a/Use.java::Use.go"]
    assert (go.verdict, _label(go)) == ("return-used", "behavior-change"), go.reasons


def test_java_a_modifier_change_keeps_a_call_that_binds_reach(make_repo: Make) -> None:
    # ``final`` on a parameter or the method changes no result: the calls bind as before.
    lib = 'package a;\npublic class W {\n  public %s String name(%s int a) { return "x"; }\n}\n'
    got = _radius(
        make_repo,
        {"src/a/W.java": lib % ("", ""), "src/a/Use.java": JAVA_USE},
        {"src/a/W.java": lib % ("final", "final")},
    )
    assert {_label(r) for r in got.values()} == {"reach"}, {r.id: r.reasons for r in got.values()}


# -- Java: a definition newly deprecated asks its callers to move off it ------------------------


def test_java_a_newly_deprecated_method_is_medium_at_every_call(make_repo: Make) -> None:
    lib = 'package a;\npublic class W {\n  %s\n  public String name(int a) { return "x"; }\n}\n'
    got = _radius(
        make_repo, {"src/a/W.java": lib % "", "src/a/Use.java": JAVA_USE}, {"src/a/W.java": lib % "@Deprecated"}
    )
    for caller in ("src/a/Use.java::Use.uses", "src/a/Use.java::Use.drops"):
        r = got[caller]
        assert (r.verdict, _label(r)) == ("deprecated", "behavior-change"), r.reasons
        assert "deprecated" in r.reasons[0]
    # Deprecated all along (another annotation added next to it): nothing new for the callers.
    got = _radius(
        make_repo,
        {"src/a/W.java": lib % "@Deprecated", "src/a/Use.java": JAVA_USE},
        {"src/a/W.java": lib % "@Deprecated @Beta"},
    )  # (an annotation kept in the class file: ``@SuppressWarnings`` would be no change at all)
    assert {(r.verdict, _label(r)) for r in got.values()} == {("still-binds", "reach")}


# -- TypeScript: the generic parameters of a function bound to a name ---------------------------


def test_typescript_generic_parameters_of_an_arrow_function(make_repo: Make) -> None:
    # ``compose<Context>(…)`` bound ``C`` before; with ``C`` removed its type argument binds ``E``.
    lib = "export const compose = <%s>(fns: Function[]): number => {\n  return fns.length\n}\n"
    use = "import { compose } from './lib'\n\nexport function run(): number {\n  return compose<string>([])\n}\n"
    got = _radius(make_repo, {"lib.ts": lib % "C, E = unknown", "use.ts": use}, {"lib.ts": lib % "E = unknown"})
    run = got["use.ts::run"]
    assert (run.verdict, _label(run)) == ("changed-type", "behavior-change"), run.reasons
    assert "type parameters" in run.reasons[0]
    # The same generics, a parameter added at the end: the type argument binds ``C`` as before.
    got = _radius(
        make_repo,
        {"lib.ts": lib % "C, E = unknown", "use.ts": use},
        {"lib.ts": lib.replace("[])", "[], n = 1)") % "C, E = unknown"},
    )
    assert _label(got["use.ts::run"]) == "reach", got["use.ts::run"].reasons


# -- a parameter renamed to mean another thing, and a call passing the old thing ------------------

RENAME_USE = (
    "from lib import credentials\n\n\ndef by_old_name(url):\n    return credentials(url.authority)\n\n\n"
    "def by_other_name(h):\n    return credentials(h)\n\n\ndef by_keyword(url):\n    return credentials(authority=url)\n"
)


def test_a_rename_in_meaning_is_medium_where_the_value_is_named_for_the_old_parameter(make_repo: Make) -> None:
    old = {"lib.py": "def credentials(authority):\n    return authority\n", "use.py": RENAME_USE}
    got = _radius(make_repo, old, {"lib.py": "def credentials(host):\n    return host\n"})
    named = got["use.py::by_old_name"]
    assert (named.verdict, _label(named)) == ("renamed-meaning", "behavior-change"), named.reasons
    assert "`authority`" in named.reasons[0] and "`host`" in named.reasons[0]
    other = got["use.py::by_other_name"]
    assert (other.verdict, _label(other)) == ("renamed-parameter", "reach"), other.reasons
    assert got["use.py::by_keyword"].verdict == "no-longer-binds"


def test_a_respelled_parameter_stays_reach_even_where_the_value_has_the_old_name(make_repo: Make) -> None:
    use = "from lib import run\n\n\ndef go(opts, cb):\n    return run(opts, cb)\n"
    old = {"lib.py": "def run(opts, cb):\n    return cb(opts)\n", "use.py": use}
    got = _radius(make_repo, old, {"lib.py": "def run(options, callback):\n    return callback(options)\n"})
    go = got["use.py::go"]
    assert (go.verdict, _label(go)) == ("renamed-parameter", "reach"), go.reasons


def test_go_a_rename_in_meaning_is_medium_where_the_value_is_named_for_the_old_parameter(make_repo: Make) -> None:
    lib = "package m\n\nfunc Handle(%s string) string {\n\treturn %s\n}\n"
    use = "package m\n\nfunc A(route string) string {\n\treturn Handle(route)\n}\n\nfunc B(p string) string {\n\treturn Handle(p)\n}\n"
    got = _radius(make_repo, {"lib.go": lib % ("route", "route"), "use.go": use}, {"lib.go": lib % ("path", "path")})
    assert (got["use.go::A"].verdict, _label(got["use.go::A"])) == ("renamed-meaning", "behavior-change")
    assert (got["use.go::B"].verdict, _label(got["use.go::B"])) == ("renamed-parameter", "reach")


# -- a removed method matched by its name only, while the name is still defined -----------------


def test_a_removed_method_matched_by_name_while_another_of_that_name_remains_is_reach(make_repo: Make) -> None:
    old = {
        "io_lib.py": (
            "class Reader:\n    def read(self, n):\n        return n\n\n    def peek(self):\n        return 0\n\n\n"
            "class Writer:\n    def close(self):\n        return None\n\n    def flush(self):\n        return None\n"
        ),
        "other.py": (
            "class File:\n    def read(self, n):\n        return n\n\n    def close(self):\n        return None\n\n"
            "    def flush(self):\n        return None\n"
        ),
        "use.py": (
            "def get(thing):\n    return thing.read(1)\n\n\ndef shut(thing):\n    thing.close()\n\n\n"
            "def look(thing):\n    return thing.peek()\n\n\ndef push(thing):\n    thing.flush()\n"
        ),
    }
    new = {
        "io_lib.py": "class Stream:\n    def read(self, n):\n        return n\n\n    def close(self):\n        return None\n"
    }
    got = _radius(make_repo, old, new)
    guessed = {rid: r for rid, r in got.items() if r.file == "use.py"}
    assert {"use.py::get", "use.py::shut", "use.py::push"} <= set(guessed), {
        k: (r.resolution, r.verdict) for k, r in got.items()
    }
    assert guessed, got
    # ``read`` and ``close`` remain in the changed file (``Stream``), ``flush`` in another file only.
    for rid in ("use.py::get", "use.py::shut", "use.py::push"):
        r = guessed[rid]
        assert (r.verdict, _label(r)) == ("another-definition", "reach"), (rid, r.resolution, r.reasons)
        assert "by name only" in r.reasons[0]
    # ``peek`` is defined nowhere any more: the call no longer binds, whatever matched it.
    look = guessed["use.py::look"]
    assert (look.verdict, _label(look)) == ("no-longer-binds", "behavior-change"), look.reasons


# -- the same type named with or without its module is no retyping ------------------------------


@pytest.mark.parametrize(
    ("before", "after", "changed"),
    [
        ("typing.AsyncIterable[bytes]", "AsyncIterable[bytes]", False),
        ("Mapping[str, int]", "collections.abc.Mapping[str, int]", False),
        ("a.Foo", "b.Foo", True),  # two modules' classes of one name
        ("typing.AsyncIterable[bytes]", "AsyncIterable[str]", True),
    ],
)
def test_a_type_named_through_its_module_is_the_same_type(before: str, after: str, changed: bool) -> None:
    rules = PYTHON.binding_rules
    assert rules is not None
    old = Parameter("x", ParamKind.POSITIONAL_OR_KEYWORD, annotation=before)
    new = Parameter("x", ParamKind.POSITIONAL_OR_KEYWORD, annotation=after)
    assert retyped(old, new, rules) is changed


# -- Java: a result that becomes less nullable refuses a caller nothing ---------------------------

NULL_LIB = 'package a;\npublic class W {\n  %s\n  public String name(int a) { return "x"; }\n}\n'
NULL_USE = (
    "package a;\npublic class Use {\n  String uses(W w) { return w.name(1); }\n  void drops(W w) { w.name(2); }\n}\n"
)


@pytest.mark.parametrize(
    ("before", "after", "label"),
    [
        ("@Nullable", "", "reach"),
        ("@Nullable", "@NonNull", "reach"),
        ("", "@NonNull", "reach"),
        ("@javax.annotation.CheckForNull", "", "reach"),
        ("", "@Nullable", "behavior-change"),  # the other way: the caller must now expect a null
    ],
)
def test_java_result_nullness_narrowed_is_reach_widened_is_medium(
    make_repo: Make, before: str, after: str, label: str
) -> None:
    old = {"src/a/W.java": NULL_LIB % before, "src/a/Use.java": NULL_USE}
    got = _radius(make_repo, old, {"src/a/W.java": NULL_LIB % after})
    uses = got["src/a/Use.java::Use.uses"]
    assert _label(uses) == label, uses.reasons
    assert "null" in uses.reasons[0]
    assert _label(got["src/a/Use.java::Use.drops"]) == "reach"


# -- returning fewer of the same forms is the body's change -------------------------------------


def test_a_return_that_only_narrows_is_a_body_change(make_repo: Make) -> None:
    old = {
        "lib.py": "def f(x):\n    if not x:\n        return None\n    return x\n",
        "use.py": "from lib import f\n\n\ndef uses():\n    return f(1)\n",
    }
    got = _radius(make_repo, old, {"lib.py": "def f(x):\n    x = x or 1\n    return x\n"})
    assert (got["use.py::uses"].verdict, _label(got["use.py::uses"])) == ("body-only", "reach")
    # The other way, a new form returned (None where there was none): the return changed.
    old["lib.py"] = "def f(x):\n    x = x or 1\n    return x\n"
    got = _radius(make_repo, old, {"lib.py": "def f(x):\n    if not x:\n        return None\n    return x\n"})
    assert (got["use.py::uses"].verdict, _label(got["use.py::uses"])) == ("return-used", "behavior-change")


# -- Java: a narrowed visibility, judged by the access rules from where the call stands ---------

VIS_LIB = "package a;\npublic class W {\n  %s int name(int x) { return x; }\n}\n"
VIS_SAME = "package a;\npublic class Near {\n  int go(W w) { return w.name(1); }\n}\n"
VIS_FAR = "package b;\nimport a.W;\npublic class Far {\n  int go(W w) { return w.name(1); }\n}\n"


@pytest.mark.parametrize(
    ("before", "after", "near", "far"),
    [
        ("protected", "", "reach", "behavior-change"),  # package-private: its package only
        ("public", "private", "behavior-change", "behavior-change"),
        ("", "public", "reach", "reach"),  # widened: every call still reaches it
        ("public", "protected", "reach", "behavior-change"),  # from another package: a subclass only
    ],
)
def test_java_visibility_changed_is_judged_by_where_the_call_stands(
    make_repo: Make, before: str, after: str, near: str, far: str
) -> None:
    old = {"src/a/W.java": VIS_LIB % before, "src/a/Near.java": VIS_SAME, "src/b/Far.java": VIS_FAR}
    got = _radius(make_repo, old, {"src/a/W.java": VIS_LIB % after})
    n, f = got["src/a/Near.java::Near.go"], got["src/b/Far.java::Far.go"]
    assert _label(n) == near, n.reasons
    assert _label(f) == far, f.reasons
    if far == "reach":
        assert f.verdict == "still-binds"
    if after == "private":
        assert f.verdict == "no-longer-binds" and "visible in its file only" in f.reasons[0]


# -- Java: what the compiler checks of a changed raise -------------------------------------------

RAISE_LIB = "package a;\npublic class W {\n  public int name(int x)%s {\n    %s\n    return x;\n  }\n}\n"
RAISE_USE = "package a;\npublic class Use {\n  int go(W w) throws Exception { return w.name(1); }\n}\n"


@pytest.mark.parametrize(
    ("after", "verdict", "label"),
    [
        (("", "if (x < 0) { throw new IllegalArgumentException(); }"), "raises-unchecked", "reach"),
        (
            (" throws java.io.IOException", "if (x < 0) { throw new java.io.IOException(); }"),
            "raises-unhandled",
            "behavior-change",
        ),
    ],
)
def test_java_a_body_raise_under_the_same_throws_clause_is_unchecked(
    make_repo: Make, after: tuple[str, str], verdict: str, label: str
) -> None:
    old = {"src/a/W.java": RAISE_LIB % ("", ""), "src/a/Use.java": RAISE_USE}
    got = _radius(make_repo, old, {"src/a/W.java": RAISE_LIB % after})
    go = got["src/a/Use.java::Use.go"]
    assert (go.verdict, _label(go)) == (verdict, label), go.reasons


def test_python_a_decorated_header_with_a_new_parameter_keeps_its_result(make_repo: Make) -> None:
    # ``@lru_cache()`` opens the header with parentheses of its own: the result is unchanged.
    lib = "import functools\n\n\n@functools.lru_cache()\ndef root(srcs%s) -> tuple:\n    return (srcs,)\n"
    use = "from lib import root\n\n\ndef go():\n    return root(('a',))\n"
    got = _radius(make_repo, {"lib.py": lib % "", "use.py": use}, {"lib.py": lib % ", stdin=None"})
    go = got["use.py::go"]
    assert go.verdict != "return-used", go.reasons


def test_go_a_value_named_for_the_old_parameter_in_another_case_is_named_for_it(make_repo: Make) -> None:
    # Go spells one word `DryRun` (exported field) and `dryRun` (parameter): the same name.
    lib = "package m\n\nfunc Render(name string, %s bool) string {\n\treturn name\n}\n"
    use = (
        "package m\n\ntype Install struct{ DryRun bool }\n\n"
        'func (i *Install) Run() string {\n\treturn Render("x", i.DryRun)\n}\n\n'
        'func Other(flag bool) string {\n\treturn Render("x", flag)\n}\n'
    )
    got = _radius(make_repo, {"lib.go": lib % "dryRun", "use.go": use}, {"lib.go": lib % "interactWithRemote"})
    run = got["use.go::Install.Run"]
    assert (run.verdict, _label(run)) == ("renamed-meaning", "behavior-change"), run.reasons
    assert (got["use.go::Other"].verdict, _label(got["use.go::Other"])) == ("renamed-parameter", "reach")


def test_an_unpacking_call_binds_as_before_where_the_parameters_take_arguments_alike(make_repo: Make) -> None:
    # Only annotations and the collecting parameter's own name changed: every call, whatever it
    # unpacks, binds as before. Forbidden: "cannot tell" there; expected: still "cannot tell"
    # where a parameter was added.
    old = {
        "opts.py": "def setv(self, *spec, defer=False):\n    return spec\n",
        "use.py": "from opts import setv\n\n\ndef apply(o, xs):\n    return setv(o, *xs, defer=True)\n",
    }
    same = "def setv(self, *specs: str, defer: bool = False):\n    return specs\n"
    got = _radius(make_repo, old, {"opts.py": same})
    assert (got["use.py::apply"].verdict, _label(got["use.py::apply"])) == ("still-binds", "reach")
    added = "def setv(self, level, *spec, defer=False):\n    return spec\n"
    got = _radius(make_repo, old, {"opts.py": added})
    assert got["use.py::apply"].verdict == "cannot-tell"


def test_a_parameter_renamed_to_an_object_holding_it_binds_a_passed_value_differently(make_repo: Make) -> None:
    # `pasteEditor(mode, params)` → `pasteEditor(options, params)` reading `options.mode`: a call
    # passing what `mode` took now passes it where an object is read (its property is undefined).
    # Expected: an object literal written at the call; a rename whose body reads no property of it.
    old = "export class Layer {\n  pasteEditor(mode, params) {\n    return this.ui.update(mode, params);\n  }\n}\n"
    new = old.replace("pasteEditor(mode, params)", "pasteEditor(options, params)").replace(
        "update(mode, params)", "update(options.mode, params)"
    )
    uses = (
        "import { Layer } from './layer';\n"
        "export function paste(layer: Layer, p) {\n  return layer.pasteEditor(Type.STAMP, p);\n}\n"
        "export function modern(layer: Layer, p) {\n  return layer.pasteEditor({ mode: Type.STAMP }, p);\n}\n"
    )
    got = _radius(make_repo, {"layer.js": old, "use.ts": uses}, {"layer.js": new})
    paste = got["use.ts::paste"]
    assert (paste.verdict, _label(paste)) == ("binds-differently", "behavior-change"), paste.reasons
    assert "`options.mode`" in paste.reasons[0]
    assert got["use.ts::modern"].verdict != "binds-differently"
    plain = old.replace("pasteEditor(mode, params)", "pasteEditor(kind, params)").replace("update(mode", "update(kind")
    got = _radius(make_repo, {"layer.js": old, "use.ts": uses}, {"layer.js": plain})
    assert _label(got["use.ts::paste"]) == "reach", got["use.ts::paste"].reasons
