"""JavaScript and TypeScript values typed by the language's rules: a function whose every
``return`` makes or returns one class returns that class (``return new C()``, ECMA-262 13.3.5); a
``for … of`` loop over, an index into, or an array method's callback on a collection declared
``C[]``/``Array<C>``/``Set<C>`` holds Cs (``for … in`` gives keys); ``x!`` is x. Each: the edge to
``Cart.total`` as ``type``, none to the unrelated ``Noise.total``."""

from __future__ import annotations

import pytest

from diffreach.index.build import graph_from_sources

SHOP_TS = (
    "export class Cart { total(): number { return 1; } }\n"
    "export class Order { total(): number { return 2; } }\n"
    "export class Noise { total(): number { return 3; } }\n"
    "export function makeInferred() { return new Cart(); }\n"
    "export function either(f: boolean) { if (f) { return new Cart(); } return new Order(); }\n"
)
TYPED_TS = {
    "inferred_return": "export function f() { makeInferred().total(); }\n",
    "for_of_array": "export function f(cs: Cart[]) { for (const c of cs) { c.total(); } }\n",
    "for_of_generic": "export function f(cs: Array<Cart>) { for (const c of cs) { c.total(); } }\n",
    "for_of_readonly": "export function f(cs: readonly Cart[]) { for (const c of cs) { c.total(); } }\n",
    "for_of_local": "export function f() { const cs: Set<Cart> = new Set(); for (const c of cs) { c.total(); } }\n",
    "for_each": "export function f(cs: Cart[]) { cs.forEach((c) => c.total()); }\n",
    "map_callback": "export function f(cs: Cart[]) { return cs.map(function (c) { return c.total(); }); }\n",
    "index": "export function f(cs: Cart[]) { cs[0].total(); }\n",
    "non_null": "export function f(c: Cart | null) { c!.total(); }\n",
    "field": "export class K {\n  items: Cart[] = [];\n  f() { for (const c of this.items) { c.total(); } }\n}\n",
    "getter": "export class K {\n  get cart(): Cart { return find(); }\n  f() { this.cart.total(); }\n}\n",
    "parameter_property": (
        "export class K {\n  constructor(private xs: Set<Cart>) {}\n  f() { this.xs.forEach((c) => c.total()); }\n}\n"
    ),
}


def callees_of_f(files: dict[str, str], path: str) -> dict[str, str]:
    return {
        e.target: e.resolution
        for e in graph_from_sources(files).edges
        if e.kind == "calls" and e.source.startswith(path) and e.source.endswith("f") and e.target.endswith(".total")
    }


@pytest.mark.parametrize("case", sorted(TYPED_TS))
def test_typescript_a_value_typed_by_the_language_s_rules(case: str) -> None:
    files = {"shop.ts": SHOP_TS, "use.ts": 'import { Cart, makeInferred } from "./shop";\n' + TYPED_TS[case]}
    assert callees_of_f(files, "use.ts") == {"shop.ts::Cart.total": "type"}


@pytest.mark.parametrize(
    "body",
    [
        "export function f() { either(true).total(); }\n",  # the returns disagree
        "export function f(cs: Cart[]) { for (const k in cs) { k.total(); } }\n",  # for-in: keys
        "export function f(cs: Cart[]) { cs.reduce((acc, c) => acc.total(), 0); }\n",  # the accumulator
    ],
)
def test_typescript_what_the_rules_do_not_type_stays_matched_by_name(body: str) -> None:
    files = {"shop.ts": SHOP_TS, "use.ts": 'import { Cart, either } from "./shop";\n' + body}
    found = callees_of_f(files, "use.ts")
    assert set(found) == {"shop.ts::Cart.total", "shop.ts::Order.total", "shop.ts::Noise.total"}
    assert set(found.values()) == {"ambiguous-name"}


def test_javascript_a_function_returning_one_class_types_its_callers_values() -> None:
    files = {
        "shop.js": (
            "class Cart { total() { return 1; } }\nclass Noise { total() { return 3; } }\n"
            "function make() { return new Cart(); }\nfunction viaMake() { return make(); }\n"
            "function direct() { make().total(); }\nfunction chained() { viaMake().total(); }\n"
            "function local() { const c = viaMake(); c.total(); }\n"
        )
    }
    edges = {(e.source, e.target): e.resolution for e in graph_from_sources(files).edges if e.kind == "calls"}
    for caller in ("direct", "chained", "local"):
        assert edges.get((f"shop.js::{caller}", "shop.js::Cart.total")) == "type", caller
        assert (f"shop.js::{caller}", "shop.js::Noise.total") not in edges, caller


def test_typescript_an_array_method_that_gives_an_element_gives_the_declared_element() -> None:
    body = (
        "export function f(cs: Cart[]) { cs.at(0)!.total(); cs.find((c) => c.total() > 0)!.total(); }\n"
        "export function g(xs: Order[]) { xs.pop()!.total(); }\n"
    )
    files = {"shop.ts": SHOP_TS, "use.ts": 'import { Cart, Order } from "./shop";\n' + body}
    edges = {(e.source, e.target, e.resolution) for e in graph_from_sources(files).edges if e.kind == "calls"}
    assert {t for s, t, r in edges if s == "use.ts::f" and t.endswith(".total")} == {"shop.ts::Cart.total"}
    assert {t for s, t, r in edges if s == "use.ts::g" and t.endswith(".total")} == {"shop.ts::Order.total"}
