"""A loop over a call's result holds the elements of the collection its declared result names:
TypeScript's `for (const c of f())` (ECMA-262 14.7.5: the iterator's values) with `f(): Cart[]` or
`Iterable<Cart>`, Go's `for _, c := range s.Carts()` (the spec's "For statements with range
clause") with `func (s *Shelf) Carts() []*Cart`. Expected: each `c.total()` bound to Cart's by type;
forbidden: the unrelated Noise's, and a typed edge where the result is no collection or undeclared."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

TS_CLASSES = (
    "export class Cart {\n  total() { return 1 }\n}\nexport class Noise {\n  total() { return 2 }\n}\n"
    "export class Shelf {\n  carts(): Cart[] {\n    return []\n  }\n  one(): Cart {\n    return new Cart()\n  }\n}\n"
    "export function all(): Iterable<Cart> {\n  return []\n}\nexport function loose() {\n  return []\n}\n"
)
GO_SHOP = (
    "package shop\n\ntype Cart struct{}\n\nfunc (c *Cart) Total() int { return 1 }\n\n"
    "type Noise struct{}\n\nfunc (n *Noise) Total() int { return 2 }\n\ntype Shelf struct{}\n\n"
    "func (s *Shelf) Carts() []*Cart { return nil }\n\nfunc All() map[string]Cart { return nil }\n"
)


def totals(files: dict[str, str], caller: str) -> dict[str, str]:
    graph = graph_from_sources(files)
    return {
        e.target: e.resolution
        for e in graph.edges
        if e.kind == "calls" and e.source == caller and e.target.lower().endswith(".total")
    }


def test_typescript_a_loop_over_a_call_holds_the_elements_of_its_declared_result() -> None:
    for loop in ("s.carts()", "all()"):
        use = f"import {{ Shelf, all }} from './shop'\nexport function f(s: Shelf) {{\n  for (const c of {loop}) {{\n    c.total()\n  }}\n}}\n"
        assert totals({"shop.ts": TS_CLASSES, "use.ts": use}, "use.ts::f") == {"shop.ts::Cart.total": "type"}


def test_typescript_a_call_whose_result_is_no_declared_collection_types_no_element() -> None:
    for loop in ("[s.one()]", "loose()"):
        use = f"import {{ Shelf, loose }} from './shop'\nexport function f(s: Shelf) {{\n  for (const c of {loop}) {{\n    c.total()\n  }}\n}}\n"
        assert "type" not in totals({"shop.ts": TS_CLASSES, "use.ts": use}, "use.ts::f").values()


def test_go_a_range_over_a_call_holds_the_elements_of_its_declared_result() -> None:
    use = (
        "package shop\n\nfunc F(s *Shelf) {\n\tfor _, c := range s.Carts() {\n\t\tc.Total()\n\t}\n"
        "\tfor _, d := range All() {\n\t\td.Total()\n\t}\n}\n"
    )
    files = {"go.mod": "module example.com/m\n", "shop/shop.go": GO_SHOP, "shop/use.go": use}
    assert totals(files, "shop/use.go::F") == {"shop/shop.go::Cart.Total": "type"}
