"""JavaScript: the types a JSDoc comment states are declared types.

JavaScript's syntax states no types; its doc comments do, and the Closure Compiler and TypeScript's
checking of JavaScript read them as declarations ("JSDoc Reference"): ``@param {T} p`` types the
parameter, ``@return {T}`` the function's result, ``@type {T}`` (Closure: ``@private {T}``, …) the
variable or field whose declaration the comment precedes. A receiver so typed binds to its class's
method, never to a same-named method of another class. A small repository in, the expected and
the forbidden edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from diffreach.languages.jsdoc import doc_types


def calls(files: dict[str, str]) -> set[tuple[str, str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}


CART = "export class Cart {\n  total() { return 1; }\n}\n"
# Another class with a method of the same name: a typed receiver never reaches it.
BASKET = "export class Basket {\n  total() { return 2; }\n}\n"
CART_TOTAL, BASKET_TOTAL = "cart.js::Cart.total", "basket.js::Basket.total"


def typed(source: str) -> set[tuple[str, str, str]]:
    edges = calls({"cart.js": CART, "basket.js": BASKET, "use.js": "import { Cart } from './cart';\n" + source})
    return {e for e in edges if e[0].startswith("use.js")}


def test_a_parameter_typed_by_param() -> None:
    edges = typed(
        "/**\n * @param {!Cart} cart\n * @param {number} n\n */\nexport function f(cart, n) {\n  return cart.total();\n}\n"
    )
    assert ("use.js::f", CART_TOTAL, "type") in edges
    assert not {e for e in edges if e[1] == BASKET_TOTAL}


def test_a_field_typed_where_the_constructor_assigns_it() -> None:
    source = (
        "export class Shop {\n  constructor(c) {\n    /** @private {?Cart} */\n    this.cart_ = c;\n  }\n"
        "  f() {\n    return this.cart_.total();\n  }\n}\n"
    )
    edges = typed(source)
    assert ("use.js::Shop.f", CART_TOTAL, "type") in edges
    assert not {e for e in edges if e[1] == BASKET_TOTAL}


def test_a_variable_typed_by_type_and_a_result_typed_by_return() -> None:
    source = (
        "/** @return {Cart} */\nfunction make() { return load(); }\n"
        "export function f() {\n  /** @type {Cart} */\n  const c = load();\n  c.total();\n  return make().total();\n}\n"
    )
    edges = typed(source)
    assert ("use.js::f", CART_TOTAL, "type") in edges
    assert not {e for e in edges if e[1] == BASKET_TOTAL}


def test_a_comment_that_does_not_precede_the_function_types_nothing() -> None:
    source = "/** @param {Cart} cart */\nconst unrelated = 1;\nexport function f(cart) {\n  return cart.total();\n}\n"
    assert ("use.js::f", CART_TOTAL, "type") not in typed(source)


def test_typescript_reads_its_own_annotations_not_jsdoc() -> None:
    ts = "import { Cart } from './cart';\n/** @param {Cart} cart */\nexport function f(cart) {\n  return cart.total();\n}\n"
    edges = calls({"cart.ts": CART, "basket.ts": BASKET, "use.ts": ts})
    assert ("use.ts::f", "cart.ts::Cart.total", "type") not in edges


def test_what_a_doc_type_keeps() -> None:
    comment = (
        "/**\n * @param {!a.B} b\n * @param {?a.C=} [c]\n * @param {(a.D|null)} d\n * @param {a.E|a.F} e\n"
        " * @param {...a.G} rest\n * @param {function(a.H)} fn\n * @param {a.I} opts.x\n * @return {!a.J}\n */"
    )
    assert doc_types(comment) == [("b", "a.B"), ("c", "a.C"), ("d", "a.D"), ("()", "a.J")]
    assert doc_types("/** @private {shaka.Player} */") == [("", "shaka.Player")]
    assert doc_types("// a plain comment {x}") == []


IDEVICE = "/** @interface */\napp.IDevice = class {\n  /** @return {boolean} */\n  clear() {}\n};\n"
ABSTRACT = "/**\n * @abstract\n * @implements {app.IDevice}\n */\napp.AbstractDevice = class {\n  clear() { return false; }\n};\n"
# A class with a method of the same name that declares no such supertype: no dispatch reaches it.
PLAIN = "app.Plain = class {\n  clear() { return true; }\n};\n"
FACTORY = "app.Factory = class {\n  /** @return {app.IDevice} */\n  static get() { return null; }\n};\n"
WORK = (
    "app.Work = class {\n  static f() {\n    const device = app.Factory.get();\n    return device.clear();\n  }\n};\n"
)


def test_a_class_implements_the_interface_its_doc_comment_declares() -> None:
    files = {"i.js": IDEVICE, "a.js": ABSTRACT, "p.js": PLAIN, "f.js": FACTORY, "w.js": WORK}
    g = graph_from_sources(files)
    edges = {(e.source, e.target, e.kind) for e in g.edges}
    assert ("a.js::app.AbstractDevice", "i.js::app.IDevice", "inherits") in edges
    assert ("w.js::app.Work.f", "i.js::app.IDevice.clear", "calls") in edges  # typed by get's @return
    # The interface's method dispatches to the implementation, never to the namesake.
    assert ("i.js::app.IDevice.clear", "a.js::app.AbstractDevice.clear", "dynamic") in edges
    assert not {e for e in edges if e[1] == "p.js::app.Plain.clear" and e[2] != "contains"}
    assert doc_types("/** @extends {a.B}\n * @implements {!a.I} */") == [("^", "a.B"), ("^", "a.I")]
