"""Spec: the behaviour outcomes of issue 19's table that session 9 fixed (old and new definition
in, each hop-1 caller's verdict and label out, expected and forbidden): a change body-only by its
shape that returns or raises otherwise, a Java nullness annotation on a method's result, a
subclass calling the base method it inherits, a removed overload whose sibling takes the call.
Through the whole pipeline (a git repository, the new version in the working tree,
``api.blast_radius``) or, for change kinds, ``changed_symbols`` on two texts."""

from __future__ import annotations

import pytest

from diffreach.model import ChangeKind
from tests.test_callsites import Make, _label, _radius
from tests.test_changes import kinds

# -- a return or raise after a condition on the same line is read as one ----------------------


@pytest.mark.parametrize(
    ("path", "old", "new", "kind"),
    [
        (
            "m.py",
            "def f(x):\n    y = x\n    return y\n",
            "def f(x):\n    if not x: return None\n    return x\n",
            "return",
        ),
        ("m.py", "def f(x):\n    return x\n", "def f(x):\n    if not x: raise ValueError(x)\n    return x\n", "raises"),
        (
            "m.js",
            "function f(x) {\n  return x;\n}\n",
            "function f(x) {\n  if (!x) throw new TypeError('no');\n  return x;\n}\n",
            "raises",
        ),
        (
            "M.java",
            'class M {\n  String f(int x) {\n    return "a";\n  }\n}\n',
            'class M {\n  String f(int x) {\n    if (x < 0) { return null; }\n    return "a";\n  }\n}\n',
            "return",
        ),
    ],
)
def test_a_return_or_raise_after_a_condition_changes_the_contract(path: str, old: str, new: str, kind: str) -> None:
    found = {k: v for k, v in kinds(old, new, path).items() if k.endswith("f")}
    (changes,) = found.values()
    assert kind in changes


def test_a_body_edit_that_returns_and_raises_the_same_forms_stays_body_only() -> None:
    old = "def f(x):\n    if not x: return None\n    return x + 1\n"
    new = "def f(x):\n    if x is None: return None\n    return x + 2\n"
    assert kinds(old, new) == {"m.py::f": (ChangeKind.BODY,)}


BODY_CALLERS = (
    "from lib import f\n\n\ndef uses():\n    return f(1)\n\n\ndef drops():\n    f(1)\n\n\n"
    "def guarded():\n    try:\n        f(1)\n    except ValueError:\n        pass\n"
)


def test_a_body_change_that_raises_anew_is_medium_where_the_call_does_not_handle_it(make_repo: Make) -> None:
    old = {"lib.py": "def f(x):\n    return x\n", "use.py": BODY_CALLERS}
    new = {"lib.py": "def f(x):\n    if x > 9: raise ValueError(x)\n    return x\n"}
    got = _radius(make_repo, old, new)
    assert (got["use.py::uses"].verdict, _label(got["use.py::uses"])) == ("raises-unhandled", "behavior-change")
    assert (got["use.py::guarded"].verdict, _label(got["use.py::guarded"])) == ("raises-handled", "reach")


def test_a_body_change_that_returns_none_anew_is_medium_where_the_value_is_used(make_repo: Make) -> None:
    old = {"lib.py": "def f(x):\n    y = x\n    return y\n", "use.py": BODY_CALLERS}
    new = {"lib.py": "def f(x):\n    if x > 9: return None\n    return x\n"}
    got = _radius(make_repo, old, new)
    assert (got["use.py::uses"].verdict, _label(got["use.py::uses"])) == ("return-used", "behavior-change")
    assert (got["use.py::drops"].verdict, _label(got["use.py::drops"])) == ("return-discarded", "reach")


def test_a_body_only_change_is_reach(make_repo: Make) -> None:
    old = {"lib.py": "def f(x):\n    y = x\n    return y\n", "use.py": BODY_CALLERS}
    new = {"lib.py": "def f(x):\n    y = x * 2\n    return y\n"}
    got = _radius(make_repo, old, new)
    assert {got[c].verdict for c in ("use.py::uses", "use.py::drops", "use.py::guarded")} == {"body-only"}
    assert all(_label(r) == "reach" for r in got.values())


# -- Java: a nullness annotation on the result is part of its contract --------------------------

W_OLD = 'package a;\npublic class W {\n  %s\n  public String name(int a) { return "x"; }\n}\n'
W_USE = (
    "package a;\npublic class Use {\n  String uses(W w) { return w.name(1); }\n  void drops(W w) { w.name(2); }\n}\n"
)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("", "@Nullable"),  # a declaration annotation on its own
        ("@NonNull", "@Nullable"),
        ("@NonNull", ""),
        ("", "@javax.annotation.CheckForNull"),  # written with its package
    ],
)
def test_java_result_nullness_changed_is_medium_where_the_value_is_used(
    make_repo: Make, before: str, after: str
) -> None:
    old = {"src/a/W.java": W_OLD % before, "src/a/Use.java": W_USE}
    got = _radius(make_repo, old, {"src/a/W.java": W_OLD % after})
    uses, drops = got["src/a/Use.java::Use.uses"], got["src/a/Use.java::Use.drops"]
    assert (uses.verdict, _label(uses)) == ("return-used", "behavior-change"), uses.reasons
    assert "nullness" in uses.reasons[0]
    assert (drops.verdict, _label(drops)) == ("return-discarded", "reach"), drops.reasons


def test_java_result_nullness_as_a_type_use_annotation(make_repo: Make) -> None:
    old_lib = 'package a;\npublic class W {\n  public String name(int a) { return "x"; }\n}\n'
    new_lib = 'package a;\npublic class W {\n  public @Nullable String name(int a) { return "x"; }\n}\n'
    got = _radius(make_repo, {"src/a/W.java": old_lib, "src/a/Use.java": W_USE}, {"src/a/W.java": new_lib})
    assert _label(got["src/a/Use.java::Use.uses"]) == "behavior-change"
    assert _label(got["src/a/Use.java::Use.drops"]) == "reach"


def test_java_other_annotations_and_parameter_nullness_are_reach(make_repo: Make) -> None:
    old = {"src/a/W.java": W_OLD % "", "src/a/Use.java": W_USE}
    # (an annotation kept in the class file: ``@SuppressWarnings`` is no change at all)
    got = _radius(make_repo, old, {"src/a/W.java": W_OLD % '@Beta("x")'})
    assert {(r.verdict, _label(r)) for r in got.values()} == {("still-binds", "reach")}
    param = 'package a;\npublic class W {\n  public String name(@Nullable int a) { return "x"; }\n}\n'
    got = _radius(make_repo, old, {"src/a/W.java": param})
    assert all(_label(r) == "reach" for r in got.values()), [r.reasons for r in got.values()]


# -- a subclass calling the method it inherits -------------------------------------------------


def test_calls_of_an_inherited_method_are_judged_as_direct_calls(make_repo: Make) -> None:
    old = {
        "base.py": "class Base:\n    def m(self, a):\n        return a\n",
        "sub.py": "from base import Base\n\n\nclass Sub(Base):\n    def run(self):\n        return self.m(1)\n",
        "use.py": "from sub import Sub\n\n\ndef go():\n    return Sub().m(1)\n",
    }
    new = {"base.py": "class Base:\n    def m(self, a, b):\n        return a\n"}
    got = _radius(make_repo, old, new)
    broken = {rid: r for rid, r in got.items() if r.verdict == "no-longer-binds"}
    assert "sub.py::Sub.run" in broken or "sub.py::Sub" in broken, {k: r.verdict for k, r in got.items()}
    assert all(_label(r) == "behavior-change" for r in broken.values())
    # The subclass itself is never "inherited" (reach) while it calls the method.
    assert got.get("sub.py::Sub") is None or got["sub.py::Sub"].verdict != "inherited"


def test_a_subclass_that_only_inherits_the_method_is_reach(make_repo: Make) -> None:
    old = {
        "base.py": "class Base:\n    def m(self, a):\n        return a\n",
        "sub.py": "from base import Base\n\n\nclass Sub(Base):\n    def other(self):\n        return 1\n",
    }
    got = _radius(make_repo, old, {"base.py": "class Base:\n    def m(self, a, b):\n        return a\n"})
    assert (got["sub.py::Sub"].verdict, _label(got["sub.py::Sub"])) == ("inherited", "reach")


def test_java_subclass_calling_the_inherited_method_without_this(make_repo: Make) -> None:
    old = {
        "src/a/Base.java": "package a;\npublic class Base {\n  void m(int a) { }\n}\n",
        "src/a/Sub.java": "package a;\npublic class Sub extends Base {\n  void run() { m(1); }\n}\n",
    }
    new = {"src/a/Base.java": "package a;\npublic class Base {\n  void m(int a, int b) { }\n}\n"}
    got = _radius(make_repo, old, new)
    judged = [r for r in got.values() if r.file == "src/a/Sub.java"]
    assert judged and all(_label(r) == "behavior-change" for r in judged), [(r.id, r.verdict) for r in judged]
    assert "inherited" not in {r.verdict for r in judged}


# -- a removed member whose sibling takes the call ---------------------------------------------


def test_a_removed_overload_names_the_sibling_that_now_takes_the_call(make_repo: Make) -> None:
    lib = "package a;\npublic class K {\n%s}\n"
    both = "  void f(int n) { }\n  void f(long big) { }\n"
    use = "package a;\npublic class Use {\n  void one(K k) { k.f(1); }\n  void two(K k) { k.f(1, 2); }\n}\n"
    got = _radius(
        make_repo,
        {"src/a/K.java": lib % both, "src/a/Use.java": use},
        {"src/a/K.java": lib % "  void f(long big) { }\n"},
    )
    one = got["src/a/Use.java::Use.one"]
    assert one.verdict == "other-overload" and _label(one) == "behavior-change"
    assert one.reasons[0] == "this `f` was removed; the call now selects the remaining `f(big)`"
    assert "no longer exists" not in one.reasons[0]


# -- a call that fits neither list -------------------------------------------------------------


def test_fits_neither_is_cannot_tell_unless_the_edge_is_only_a_guess_by_name(make_repo: Make) -> None:
    # ``thing.save(1)`` on a receiver of unknown type reaches ``Store.save`` by its name only: the
    # call fits neither version, which refutes the guess (another definition, reach). The same call
    # on a ``Store`` (resolved through the receiver's type) is not explained: cannot tell, medium.
    old = {
        "lib.py": "class Store:\n    def save(self, key, value):\n        return key\n",
        "use.py": (
            "from lib import Store\n\n\ndef guessed(thing):\n    return thing.save(1)\n\n\n"
            "def resolved():\n    store = Store()\n    return store.save(1)\n"
        ),
    }
    new = {"lib.py": "class Store:\n    def save(self, key, value, ttl):\n        return key\n"}
    got = _radius(make_repo, old, new)
    guessed, resolved = got["use.py::guessed"], got["use.py::resolved"]
    assert guessed.resolution in ("unique-name", "ambiguous-name", "name")
    assert (guessed.verdict, _label(guessed)) == ("another-definition", "reach"), guessed.reasons
    assert "guess by name" in guessed.reasons[0]
    assert resolved.resolution not in ("name", "ambiguous-name")
    assert (resolved.verdict, _label(resolved)) == ("cannot-tell", "behavior-change"), resolved.reasons


@pytest.mark.parametrize(
    ("path", "old", "new"),
    [
        (
            "M.java",
            "class M {\n  String f(String s) {\n    return s;\n  }\n}\n",
            "class M {\n  String f(String s) {\n    if (s.isEmpty()) {\n      return null;\n    }\n    return s;\n  }\n}\n",
        ),
        (
            "m.go",
            "package m\n\nfunc F(s string) (*T, error) {\n\tt := load(s)\n\treturn t, nil\n}\n",
            "package m\n\nfunc F(s string) (*T, error) {\n\tt, err := load(s)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn t, nil\n}\n",
        ),
    ],
)
def test_returning_the_null_literal_anew_is_a_return_change(path: str, old: str, new: str) -> None:
    # Java's ``null`` and Go's ``nil`` are the languages' null literals: a form of their own.
    found = {k: v for k, v in kinds(old, new, path).items() if k.rsplit(".", 1)[-1].rsplit(":", 1)[-1] in ("f", "F")}
    (changes,) = found.values()
    assert ChangeKind.RETURN in changes


def test_another_value_returned_in_the_same_form_stays_a_body_change() -> None:
    old = "class M {\n  String f(String s) {\n    return s;\n  }\n}\n"
    new = "class M {\n  String f(String s) {\n    return s.trim();\n  }\n}\n"
    assert kinds(old, new, "M.java") == {"M.java::M.f": (ChangeKind.BODY,)}
