"""Kotlin's values and their types (specification, "Declarations" and "Type inference"): a
function's declared return type (``fun f(): R``) is the type of its calls, a local declared
without a type (``val x = f()``) takes its initialiser's type, a class called by its name
constructs it (Kotlin writes no ``new``), ``T?`` holds a T or null, so its members are T's, and
a ``for`` loop over a declared collection (``List<T>``, a call declared to return one) holds Ts.
Expected: each call through such a value bound to the one class it names (``type``); forbidden:
the same-named method of the other class. Names are words: a function that merely starts with
``new`` or ``mut`` (``newThing``, ``mutableThing``) is read whole, and Rust's ``&mut T`` is a T."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from tests.conftest import calls_from_f

CLASSES = "package a\n\nclass Widget {\n    fun draw() = 1\n}\n\nclass Gadget {\n    fun draw() = 2\n}\n"
MAKERS = (
    "package a\n\nfun makeThing(): Gadget = Gadget()\n\nfun newThing(): Gadget = Gadget()\n\n"
    "fun mutableThing(): Gadget? = null\n"
)
SHELF = (
    "package a\n\nclass Shelf(val carts: List<Gadget>) {\n    fun each(): Sequence<Gadget> = carts.asSequence()\n}\n\n"
    "fun all(): List<Gadget> = listOf()\n\nfun one(): Gadget = Gadget()\n"
)


def draws(body: str, params: str = "") -> dict[str, str]:
    """The `draw` calls of `fun f(params) { body }`, beside the classes, makers and a shelf."""
    files = {
        "src/a/Classes.kt": CLASSES,
        "src/a/Makers.kt": MAKERS,
        "src/a/Shelf.kt": SHELF,
        "src/a/Use.kt": f"package a\n\nfun f({params}) {{\n{body}}}\n",
    }
    return calls_from_f(files, "draw")


WIDGET, GADGET = "src/a/Classes.kt::Widget.draw", "src/a/Classes.kt::Gadget.draw"


def test_a_local_takes_the_declared_return_type_of_the_call_it_holds() -> None:
    assert draws("    val t = makeThing()\n    t.draw()\n") == {GADGET: "type"}


def test_a_local_holding_a_construction_is_of_that_class() -> None:
    assert draws("    val w = Widget()\n    w.draw()\n") == {WIDGET: "type"}


def test_a_stated_type_wins_over_the_initialiser() -> None:
    assert draws("    val w: Widget = unknownMaker()\n    w.draw()\n") == {WIDGET: "type"}


def test_a_nullable_type_has_the_members_of_its_type() -> None:
    assert draws("    p?.draw()\n", params="p: Widget?") == {WIDGET: "type"}
    assert draws("    val t = mutableThing()\n    t?.draw()\n") == {GADGET: "type"}


def test_a_function_named_with_a_keyword_prefix_is_read_whole() -> None:
    assert draws("    val t = newThing()\n    t.draw()\n") == {GADGET: "type"}


def test_a_rust_mutable_reference_has_the_members_of_its_type() -> None:
    files = {
        "src/lib.rs": (
            "pub struct Widget;\npub struct Gadget;\n\n"
            "impl Widget {\n    pub fn draw(&self) -> u8 { 1 }\n}\n\n"
            "impl Gadget {\n    pub fn draw(&self) -> u8 { 2 }\n}\n\n"
            "pub fn f(w: &mut Widget, g: *mut Gadget) {\n    w.draw();\n}\n"
        )
    }
    assert calls_from_f(files, "draw") == {"src/lib.rs::Widget.draw": "type"}


def loop_draws(loop: str, params: str = "") -> dict[str, str]:
    return draws(f"    for (c in {loop}) {{\n        c.draw()\n    }}\n", params)


def test_a_loop_over_a_declared_collection_holds_its_elements() -> None:
    """`for (c in xs)` runs the iterator of xs ("For-loop statement"): with `xs: List<Gadget>`, a
    field `carts: List<Gadget>`, a call declared to return `Sequence<Gadget>` or `List<Gadget>`, c
    is a Gadget."""
    assert loop_draws("xs", params="xs: List<Gadget>") == {GADGET: "type"}
    assert loop_draws("s.carts", params="s: Shelf") == {GADGET: "type"}
    assert loop_draws("s.each()", params="s: Shelf") == {GADGET: "type"}
    assert loop_draws("all()") == {GADGET: "type"}


def test_a_loop_over_what_states_no_collection_type_types_no_element() -> None:
    assert "type" not in loop_draws("xs", params="xs: Gadget").values()
    assert "type" not in loop_draws("listOf(one())").values()


def test_a_property_delegated_to_lazy_holds_what_its_lambda_returns() -> None:
    # Kotlin specification, "Delegated property declaration": reading `x` of `val x by lazy { … }`
    # is `Lazy<T>.getValue`, the lambda's last expression.
    source = (
        "package a\n\n"
        "class Interceptor(val x: Int) {\n    fun newAuth(t: String) {\n    }\n}\n\n"
        "class Other {\n    fun newAuth(t: String) {\n    }\n}\n\n"
        "class Tracker {\n"
        "    val interceptor by lazy { Interceptor(1) }\n"
        "    private val other by lazy {\n        val y = 2\n        Other()\n    }\n\n"
        '    fun login() {\n        interceptor.newAuth("t")\n        other.newAuth("u")\n    }\n}\n'
    )
    g = graph_from_sources({"src/A.kt": source})
    edges = {(e.target, e.line) for e in g.edges if e.kind == "calls" and e.source == "src/A.kt::Tracker.login"}
    assert edges == {("src/A.kt::Interceptor.newAuth", 21), ("src/A.kt::Other.newAuth", 22)}
