"""Spec: behaviour outcomes of session 17 (issue 19). Each through the whole pipeline (a git
repository, the new version in the working tree, ``api.blast_radius``): an old and a new
definition, call sites in, the expected and the forbidden verdicts and labels out."""

from __future__ import annotations

from diffreach.model import ChangeKind
from diffreach.review.guesses import names_owner
from tests.test_callsites import Make, _label, _radius
from tests.test_changes import kinds

# -- an edge that is one guess of several: what the call gives no evidence for -----------------

_PAGES_OLD = {
    "html.py": "class HtmlPage:\n    def render(self, strict=False):\n        return 'x'\n",
    "text.py": "class TextPage:\n    def render(self, strict=False):\n        return 'y'\n",
    "use.py": (
        "from html import HtmlPage\n\n\ndef unpacked(page):\n    args = load()\n    return page.render(*args)\n\n\n"
        "def typed_unpacked():\n    args = load()\n    return HtmlPage().render(*args)\n"
    ),
}


def test_python_unpacking_on_an_ambiguous_edge_is_a_guessed_callee(make_repo: Make) -> None:
    # ``page.render(*args)``: two classes define ``render``; the unpacking leaves the binding open,
    # and nothing at the call picks the changed one (reach). Through a receiver of known type the
    # open binding still counts (cannot tell, medium).
    new = {"html.py": "class HtmlPage:\n    def render(self, strict, level=0):\n        return 'x'\n"}
    got = _radius(make_repo, _PAGES_OLD, new)
    guessed, typed = got["use.py::unpacked"], got["use.py::typed_unpacked"]
    assert guessed.resolution in ("ambiguous-name", "name")
    assert (guessed.verdict, _label(guessed)) == ("guessed-callee", "reach"), guessed.reasons
    assert "cannot tell" in guessed.reasons[0]
    assert (typed.verdict, _label(typed)) == ("cannot-tell", "behavior-change"), typed.reasons


# -- a value used where the callee now declares none --------------------------------------------

_IMAGE_OLD = {
    "src/lib.rs": "pub mod image;\npub mod thumb;\npub mod user;\n",
    "src/image.rs": (
        "pub struct Image;\nimpl Image {\n    pub fn resize(&self, w: u32) -> Image {\n        Image\n    }\n}\n"
    ),
    "src/thumb.rs": (
        "pub struct Thumb;\nimpl Thumb {\n    pub fn resize(&self, w: u32) -> Thumb {\n        Thumb\n    }\n}\n"
    ),
    "src/user.rs": (
        "pub fn scaled(img: Picture) -> u32 {\n    let small = img.resize(400);\n    keep(small)\n}\n\n"
        "pub fn dropped(img: Picture) {\n    img.resize(400);\n}\n"
    ),
}
_IMAGE_NEW = {
    "src/image.rs": "pub struct Image;\nimpl Image {\n    pub fn resize(&mut self, w: u32) {\n        let _ = w;\n    }\n}\n"
}


def test_rust_a_result_dropped_where_the_call_uses_it_counts_on_a_guessed_edge(make_repo: Make) -> None:
    # ``img.resize(…)`` on a receiver of unknown type: two types define ``resize``. The call uses
    # the value, and the changed one now declares no result: the call shows it was written for a
    # result, as arguments the new parameters refuse would show (high). A call that discards the
    # value is not refuted by it (reach).
    got = _radius(make_repo, _IMAGE_OLD, _IMAGE_NEW)
    used, dropped = got["src/user.rs::scaled"], got["src/user.rs::dropped"]
    assert used.resolution in ("ambiguous-name", "name")
    assert (used.verdict, used.severity, _label(used)) == ("result-gone", "high", "behavior-change"), used.reasons
    assert _label(dropped) == "reach", (dropped.verdict, dropped.reasons)


def test_python_a_result_now_none_where_the_call_uses_it_is_result_gone(make_repo: Make) -> None:
    old = "def total(xs) -> int:\n    return sum(xs)\n"
    new = "def total(xs) -> None:\n    print(sum(xs))\n"
    callers = (
        "from calc import total\n\n\ndef report(xs):\n    return total(xs) + 1\n\n\ndef show(xs):\n    total(xs)\n"
    )
    got = _radius(make_repo, {"calc.py": old, "use.py": callers}, {"calc.py": new})
    used, shown = got["use.py::report"], got["use.py::show"]
    assert (used.verdict, _label(used)) == ("result-gone", "behavior-change"), used.reasons
    assert shown.verdict != "result-gone" and _label(shown) == "reach", (shown.verdict, shown.reasons)


def test_python_a_result_type_changed_but_declared_is_no_result_gone(make_repo: Make) -> None:
    old = "def total(xs) -> int:\n    return sum(xs)\n"
    new = "def total(xs) -> float:\n    return float(sum(xs))\n"
    callers = "from calc import total\n\n\ndef report(xs):\n    return total(xs) + 1\n"
    got = _radius(make_repo, {"calc.py": old, "use.py": callers}, {"calc.py": new})
    assert got["use.py::report"].verdict == "return-used", got["use.py::report"].reasons


# -- a common method name on a receiver whose trait the caller's header names --------------------


def test_rust_a_trait_method_called_where_the_callers_generics_are_bounded_by_the_trait(make_repo: Make) -> None:
    # ``p.map(f)``: ``map`` is also Option's and Iterator's, and the receiver's type is unknown to
    # the resolver; but the caller's generic ``T: Pixel`` names the trait that defines it, so a
    # receiver of that trait is evident (Rust finds a trait's methods on a value bounded by it):
    # judged, not set aside as another definition. Without the bound it stays set aside.
    old = {
        "src/lib.rs": "pub mod pixel;\npub mod user;\n",
        "src/pixel.rs": "pub trait Pixel {\n    fn map(&self, f: u8) -> Self;\n}\n",
        "src/user.rs": (
            "use crate::pixel::Pixel;\n\n"
            "pub fn bounded<T: Pixel>(img: Frame<T>) -> u8 {\n    let p = img.get(0).map(3);\n    keep(p)\n}\n\n"
            "pub fn unbounded(frames: Frames) -> u8 {\n    let next = frames.map(3);\n    keep(next)\n}\n"
        ),
    }
    new = {"src/pixel.rs": "pub trait Pixel {\n    fn map(&self, f: u8, g: u8) -> Self;\n}\n"}
    got = _radius(make_repo, old, new)
    bounded, unbounded = got.get("src/user.rs::bounded"), got.get("src/user.rs::unbounded")
    assert bounded is not None and bounded.resolution == "name"
    assert (bounded.verdict, _label(bounded)) == ("no-longer-binds", "behavior-change"), bounded.reasons
    assert unbounded is not None and (unbounded.verdict, _label(unbounded)) == ("another-definition", "reach")


def test_names_owner_reads_the_header_past_the_function_name() -> None:
    assert names_owner("pub fn grayscale<P, T: Pixel<P>>(image: &I) -> u8", "Pixel")
    assert names_owner("def guessed(page: HtmlPage):", "HtmlPage")
    assert not names_owner("pub fn bump(frames: Frames) -> u8", "Pixel")
    assert not names_owner("def Pixel_fix(x):", "Pixel")  # the function's own name is not its header's types
    assert not names_owner("", "Pixel") and not names_owner("def f(x: Pixel):", "")


# -- a default rewritten as a constant of its own file bound to the same literal -------------------


def test_python_a_default_rewritten_as_a_constant_of_the_same_value_binds_as_before(make_repo: Make) -> None:
    # ``max_length=0`` → ``max_length=UNLIMITED`` where the file binds ``UNLIMITED = 0``: a call
    # that leaves it out gets 0 before and after (reach). Bound to another value, it counts.
    old = "def inflate(data, max_length=0):\n    return data\n"
    same = "UNLIMITED = 0  # zlib's 0\n\n\ndef inflate(data, max_length=UNLIMITED):\n    return data\n"
    other = "UNLIMITED = -1\n\n\ndef inflate(data, max_length=UNLIMITED):\n    return data\n"
    callers = "from z import inflate\n\n\ndef read(b):\n    return inflate(b)\n"
    got = _radius(make_repo, {"z.py": old, "use.py": callers}, {"z.py": same})
    assert _label(got["use.py::read"]) == "reach", (got["use.py::read"].verdict, got["use.py::read"].reasons)
    got = _radius(make_repo, {"z.py": old, "use.py": callers}, {"z.py": other})
    found = got["use.py::read"]
    assert (found.verdict, _label(found)) == ("changed-default", "behavior-change"), found.reasons


# -- a cast is no group: the value it casts is what is returned --------------------------------


def test_java_a_cast_dropped_from_a_return_is_a_body_change() -> None:
    # ``return (Configuration) clone(config);`` → ``return clone(config);``: a value before and
    # after under the same declared result, not a group turned into a value.
    old = "class U {\n  static Configuration copy(Configuration c) {\n    return (Configuration) clone(c);\n  }\n}\n"
    new = "class U {\n  static Configuration copy(Configuration c) {\n    return clone(c);\n  }\n}\n"
    assert kinds(old, new, "U.java") == {"U.java::U.copy": (ChangeKind.BODY,)}


def test_a_returned_group_turned_into_a_value_is_still_a_return_change() -> None:
    old = "def pair(x):\n    return (x, x)\n"
    new = "def pair(x):\n    return (x)(x)\n"
    assert kinds(old, new) == {"m.py::pair": (ChangeKind.RETURN,)}


# -- a forward reference inside a union or optional names the type it quotes ----------------------


def test_python_a_quoted_forward_reference_inside_optional_is_the_same_type(make_repo: Make) -> None:
    # ``Optional["Spider"]`` → ``Optional[Spider]``: PEP 484's forward reference names the same
    # type, so a call passing a value binds as before. Another type in its place still counts.
    old = 'from typing import Optional\n\n\ndef push(item, spider: Optional["Spider"] = None):\n    return item\n'
    same = "from typing import Optional\n\n\ndef push(item, spider: Optional[Spider] = None):\n    return item\n"
    other = "from typing import Optional\n\n\ndef push(item, spider: Optional[Crawler] = None):\n    return item\n"
    callers = "from q import push\n\n\ndef put(item, s):\n    push(item, s)\n"
    got = _radius(make_repo, {"q.py": old, "use.py": callers}, {"q.py": same})
    assert _label(got["use.py::put"]) == "reach", (got["use.py::put"].verdict, got["use.py::put"].reasons)
    got = _radius(make_repo, {"q.py": old, "use.py": callers}, {"q.py": other})
    assert got["use.py::put"].verdict == "changed-type", got["use.py::put"].reasons


# -- a call that only unpacks its caller's own catch-all parameters ---------------------------------


def test_python_a_call_passing_on_its_own_args_and_kwargs_is_reach(make_repo: Make) -> None:
    # ``super().__init__(*args, **kwargs)``: the subclass hands on what its callers pass; the new
    # required parameter is theirs to give, nothing at this call is its own to change (low). A call
    # that unpacks values of its own making cannot tell (medium).
    old = "class Request:\n    def __init__(self, url, method='GET'):\n        self.url = url\n"
    new = "class Request:\n    def __init__(self, url, method='GET', *, meta):\n        self.url = url\n"
    callers = (
        "from req import Request\n\n\nclass Form(Request):\n    def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n\n\n"
        "def build():\n    parts, opts = load()\n    return Request(*parts, **opts)\n"
    )
    got = _radius(make_repo, {"req.py": old, "use.py": callers}, {"req.py": new})
    form, build = got["use.py::Form.__init__"], got["use.py::build"]
    assert (form.verdict, _label(form)) == ("forwards-all", "reach"), form.reasons
    assert (build.verdict, _label(build)) == ("cannot-tell", "behavior-change"), build.reasons


def test_python_a_new_result_ignored_on_an_ambiguous_edge_is_a_guessed_callee(make_repo: Make) -> None:
    # A result declared where there was none, at a call that discards it: on a receiver of known
    # type the call ignores a new result (medium); on one guess of several, nothing picks this one.
    old = {
        "html.py": "class HtmlPage:\n    def save(self):\n        pass\n",
        "text.py": "class TextPage:\n    def save(self):\n        pass\n",
        "use.py": (
            "from html import HtmlPage\n\n\ndef guessed(page):\n    page.save()\n\n\n"
            "def typed():\n    HtmlPage().save()\n"
        ),
    }
    new = {"html.py": "class HtmlPage:\n    def save(self) -> int:\n        return 1\n"}
    got = _radius(make_repo, old, new)
    guessed, typed = got["use.py::guessed"], got["use.py::typed"]
    assert guessed.resolution in ("ambiguous-name", "name")
    assert (guessed.verdict, _label(guessed)) == ("guessed-callee", "reach"), guessed.reasons
    assert (typed.verdict, _label(typed)) == ("result-ignored", "behavior-change"), typed.reasons
