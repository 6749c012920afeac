"""Spec: behaviour outcomes of session 16 (issue 19). Each through the whole pipeline (a git
repository, the new version in the working tree, ``api.blast_radius``): an old and a new
definition, call sites in, the expected and the forbidden verdicts and labels out."""

from __future__ import annotations

from diffreach.model import ChangeKind
from tests.test_callsites import Make, _label, _radius
from tests.test_changes import kinds

# -- a result type declared where none was: a type checker reads the caller against it ----------


def test_python_a_result_annotation_added_is_a_return_change_where_the_value_is_used(make_repo: Make) -> None:
    # The rule, kept after measuring the alternative (docs/benchmarks.md, session 16): in a
    # code base that runs a type checker, a newly declared result is what the checker now holds
    # every use of the value to (a caller adds a cast, an annotation or an ignore).
    old = "def build(cls, crawler):\n    instance = cls(crawler)\n    return instance\n"
    new = "def build(cls: type, crawler: object) -> object:\n    instance = cls(crawler)\n    return instance\n"
    callers = "from misc import build\n\n\ndef make(c):\n    return build(dict, c)\n"
    got = _radius(make_repo, {"misc.py": old, "use.py": callers}, {"misc.py": new})
    found = got["use.py::make"]
    assert (found.verdict, _label(found)) == ("return-used", "behavior-change"), found.reasons


def test_go_a_result_added_where_there_was_none_counts(make_repo: Make) -> None:
    # Go declares every result: none before is no result, so a new one is a change of contract.
    old = "package a\n\nfunc Run(x int) {\n\t_ = x\n}\n"
    new = "package a\n\nfunc Run(x int) error {\n\t_ = x\n\treturn nil\n}\n"
    callers = "package a\n\nfunc Use() {\n\tRun(1)\n}\n"
    got = _radius(make_repo, {"a/run.go": old, "a/use.go": callers}, {"a/run.go": new})
    found = got["a/use.go::Use"]
    assert _label(found) == "behavior-change", (found.verdict, found.reasons)


# -- a guess by name on a name the language's own types define too ----------------------------


def test_python_a_common_method_name_on_an_unknown_receiver_is_another_definition(make_repo: Make) -> None:
    # ``Headers.values`` changed its return; ``counts.values()`` on a receiver of unknown type is
    # tied to it by name only, and ``dict.values`` is the language's own: reach. The same change
    # seen through a receiver of known type still counts.
    old = {
        "headers.py": "class Headers:\n    def values(self):\n        return [1]\n",
        "use.py": (
            "from headers import Headers\n\n\ndef guessed(counts):\n    return sum(counts.values())\n\n\n"
            "def typed():\n    h = Headers()\n    return sum(h.values())\n"
        ),
    }
    new = {"headers.py": "class Headers:\n    def values(self):\n        return None\n"}
    got = _radius(make_repo, old, new)
    guessed, typed = got["use.py::guessed"], got["use.py::typed"]
    assert guessed.resolution == "name"
    assert (guessed.verdict, _label(guessed)) == ("another-definition", "reach"), guessed.reasons
    assert typed.resolution != "name"
    assert (typed.verdict, _label(typed)) == ("return-used", "behavior-change"), typed.reasons


def test_rust_map_on_an_unknown_receiver_is_not_judged_against_a_repository_map(make_repo: Make) -> None:
    old = {
        "src/lib.rs": "pub mod pixel;\npub mod user;\n",
        "src/pixel.rs": "pub struct Pixel;\nimpl Pixel {\n    pub fn map(&self) -> u8 {\n        0\n    }\n}\n",
        "src/user.rs": "pub fn bump(frames: Frames) -> u8 {\n    let next = frames.map(|x| x + 1);\n    next.unwrap()\n}\n",
    }
    new = {
        "src/pixel.rs": (
            "pub struct Pixel;\nimpl Pixel {\n    pub fn map<F: Fn(u8) -> u8>(&self, f: F) -> u8 {\n        f(0)\n    }\n}\n"
        )
    }
    got = _radius(make_repo, old, new)
    found = got.get("src/user.rs::bump")
    assert found is not None and found.resolution == "name"
    assert _label(found) == "reach", (found.verdict, found.reasons)


# -- raises that only narrow, and a re-raise ---------------------------------------------------

_FETCH_OLD = "def fetch(url):\n    data = download(url)\n    return data\n"
_FETCH_RERAISE = (
    "def fetch(url):\n    try:\n        data = download(url)\n    except BaseException:\n"
    "        cleanup(url)\n        raise\n    return data\n"
)


def test_python_a_bare_reraise_is_no_raises_change() -> None:
    # The language reference: ``raise`` alone re-raises the exception being handled, one the call
    # inside the ``try`` raised before the change too.
    changes = kinds(_FETCH_OLD, _FETCH_RERAISE, "m.py")["m.py::fetch"]
    assert ChangeKind.RAISES not in changes
    assert ChangeKind.BODY in changes


def test_python_a_new_named_raise_is_a_raises_change() -> None:
    new = _FETCH_RERAISE.replace("        raise\n", "        raise FetchError(url)\n")
    assert ChangeKind.RAISES in kinds(_FETCH_OLD, new, "m.py")["m.py::fetch"]


def test_python_a_raise_moved_out_is_reach_at_a_call_that_does_not_handle_it(make_repo: Make) -> None:
    old = (
        "class Pool:\n    def repository(self, name):\n        if name in self._repos:\n"
        "            return self._repos[name]\n        raise IndexError(name)\n"
    )
    new = "class Pool:\n    def repository(self, name):\n        return self._lookup(name)\n"
    callers = "from pool import Pool\n\n\ndef pick(name):\n    return Pool().repository(name)\n"
    got = _radius(make_repo, {"pool.py": old, "use.py": callers}, {"pool.py": new})
    found = got["use.py::pick"]
    assert found.verdict != "raises-unhandled", found.reasons
    assert _label(found) == "reach"


def test_java_a_throw_dropped_under_the_same_throws_clause_is_a_body_change() -> None:
    old = "class M {\n  int f(int x) {\n    if (x < 0) {\n      throw new IllegalStateException();\n    }\n    return x;\n  }\n}\n"
    new = "class M {\n  int f(int x) {\n    return check(x);\n  }\n}\n"
    assert kinds(old, new, "M.java") == {"M.java::M.f": (ChangeKind.BODY,)}


# -- a changed return, raise or default on an edge that is one guess among several --------------

_PAGES_OLD = {
    "html.py": "class HtmlPage:\n    def render(self, strict=False):\n        return 'x'\n",
    "text.py": "class TextPage:\n    def render(self, strict=False):\n        return 'y'\n",
    "use.py": (
        "from html import HtmlPage\n\n\ndef guessed(page):\n    return page.render().upper()\n\n\n"
        "def typed():\n    return HtmlPage().render().upper()\n\n\n"
        "def refused(page):\n    return page.render(True).upper()\n"
    ),
}


def test_python_a_changed_return_on_an_ambiguous_edge_is_a_guessed_callee(make_repo: Make) -> None:
    # ``page.render()``: two classes define ``render``; the call binds both alike, so nothing says
    # it runs the changed one (reach). Through a receiver of known type the same change counts.
    new = {"html.py": "class HtmlPage:\n    def render(self, strict=False):\n        return None\n"}
    got = _radius(make_repo, _PAGES_OLD, new)
    guessed, typed = got["use.py::guessed"], got["use.py::typed"]
    assert guessed.resolution in ("ambiguous-name", "name")
    assert (guessed.verdict, _label(guessed)) == ("guessed-callee", "reach"), guessed.reasons
    assert "uses the value" in guessed.reasons[0]
    assert (typed.verdict, _label(typed)) == ("return-used", "behavior-change"), typed.reasons


def test_python_a_call_the_new_parameters_refuse_on_an_ambiguous_edge_still_counts(make_repo: Make) -> None:
    # The arguments are evidence: a call that fit the old parameters and fits none now is flagged.
    new = {"html.py": "class HtmlPage:\n    def render(self):\n        return None\n"}
    got = _radius(make_repo, _PAGES_OLD, new)
    refused = got["use.py::refused"]
    assert refused.resolution in ("ambiguous-name", "name")
    assert (refused.verdict, _label(refused)) == ("no-longer-binds", "behavior-change"), refused.reasons
