"""Go receivers typed by the language's rules (issue 18): a small module in, expected and forbidden edges out.

Each module has two unrelated types with a method of the same name, so that a match by name is
ambiguous: where the Go specification gives the receiver a type (the element type of a slice or
map it was read from, the type a type assertion states, a type parameter's constraint, the
operand of ``*x``), the call binds to that type's method only; where nothing states a type, the
call stays matched by name.
"""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from diffreach.model import Resolution

AMBIGUOUS = Resolution.AMBIGUOUS_NAME
GO_MOD = "module example.com/shop\n\ngo 1.22\n"
TYPES = (
    "package shop\n\ntype Cart struct{}\n\nfunc (c *Cart) Total() int { return 1 }\n\n"
    "type Order struct{}\n\nfunc (o *Order) Total() int { return 2 }\n\n"
    "type Totaler interface {\n\tTotal() int\n}\n"
)
CART, ORDER, TOTALER = "shop/types.go::Cart.Total", "shop/types.go::Order.Total", "shop/types.go::Totaler.Total"


def calls_from(use: str, **more: str) -> dict[str, set[tuple[str, str]]]:
    """Each function of shop/use.go → the Total methods it calls, with their resolution."""
    g = graph_from_sources({"go.mod": GO_MOD, "shop/types.go": TYPES, "shop/use.go": use, **more})
    out: dict[str, set[tuple[str, str]]] = {}
    for e in g.edges:
        if e.kind == "calls" and e.source.startswith("shop/use.go::") and e.target.endswith(".Total"):
            out.setdefault(e.source.removeprefix("shop/use.go::"), set()).add((e.target, str(e.resolution)))
    return out


def test_range_and_index_give_the_element_type_a_slice_or_map_declares() -> None:
    found = calls_from(
        "package shop\n\n"
        "type Basket struct {\n\tcarts []*Cart\n\tbyName map[string]*Cart\n}\n\n"
        "func Params(carts []*Cart, orders map[string]Order) {\n"
        "\tfor _, c := range carts {\n\t\tc.Total()\n\t}\n\tfor _, o := range orders {\n\t\to.Total()\n\t}\n}\n\n"
        'func (b *Basket) Fields() {\n\tfor _, c := range b.carts {\n\t\tc.Total()\n\t}\n\tb.byName["x"].Total()\n}\n\n'
        "func Index(carts []*Cart, orders map[string]*Order) {\n\tc := carts[0]\n\tc.Total()\n"
        '\to, ok := orders["x"]\n\t_ = ok\n\to.Total()\n}\n\n'
        "func Made() {\n\tcarts := make([]*Cart, 0)\n\tcarts[0].Total()\n\tmore := []Cart{}\n\tmore[0].Total()\n}\n\n"
        "func Unknown(xs []interface{ Total() int }, n int) {\n\tfor _, x := range xs {\n\t\tx.Total()\n\t}\n}\n"
    )
    assert found["Params"] == {(CART, "type"), (ORDER, "type")}
    assert found["Basket.Fields"] == {(CART, "type")}
    assert found["Index"] == {(CART, "type"), (ORDER, "type")}
    assert found["Made"] == {(CART, "type")}
    # An element type that names no type of ours states nothing: matched by name, as before.
    assert (CART, AMBIGUOUS) in found["Unknown"] and (ORDER, AMBIGUOUS) in found["Unknown"]


def test_a_defined_type_of_a_slice_or_map_has_its_underlying_type_s_elements() -> None:
    # The spec's "Type definitions": `type Carts []*Cart` has the underlying type []*Cart, so
    # indexing it and ranging over it give Carts' elements, also on a field, a receiver and in
    # another file of the package; a defined struct type states no elements.
    found = calls_from(
        "package shop\n\n"
        "type Basket struct {\n\tcarts Carts\n}\n\n"
        "func Params(carts Carts, orders Orders) {\n\tcarts[0].Total()\n"
        "\tfor _, o := range orders {\n\t\to.Total()\n\t}\n}\n\n"
        "func (b *Basket) Fields() {\n\tfor _, c := range b.carts {\n\t\tc.Total()\n\t}\n}\n\n"
        "func (cs Carts) First() {\n\tcs[0].Total()\n}\n\n"
        "func Plain(w Wrapper) {\n\tw[0].Total()\n}\n",
        **{
            "shop/kinds.go": "package shop\n\ntype Carts []*Cart\n\ntype Orders map[string]Order\n\n"
            "type Wrapper struct{ carts []*Cart }\n"
        },
    )
    assert found["Params"] == {(CART, "type"), (ORDER, "type")}
    assert found["Basket.Fields"] == {(CART, "type")}
    assert found["Carts.First"] == {(CART, "type")}
    assert (CART, "type") not in found.get("Plain", set())


def test_a_type_assertion_states_the_type_of_the_value() -> None:
    found = calls_from(
        "package shop\n\n"
        "func Assert(v interface{}) {\n\tc := v.(*Cart)\n\tc.Total()\n}\n\n"
        "func CommaOk(v interface{}) {\n\to, ok := v.(*Order)\n\tif ok {\n\t\to.Total()\n\t}\n}\n\n"
        "func Inline(v interface{}) {\n\tv.(*Cart).Total()\n}\n"
    )
    assert found["Assert"] == {(CART, "type")}
    assert found["CommaOk"] == {(ORDER, "type")}
    assert {target for target, _ in found["Inline"]} == {CART}  # the receiver names the type itself


def test_a_type_parameter_has_the_methods_of_its_constraint() -> None:
    found = calls_from(
        "package shop\n\n"
        "func Sum[T Totaler](items []T) int {\n\tn := 0\n\tfor _, it := range items {\n\t\tn += it.Total()\n\t}\n\treturn n\n}\n\n"
        "func One[T Totaler](it T) int {\n\treturn it.Total()\n}\n\n"
        "func Any[T any](it T) {\n\tvar x interface{ Total() int }\n\tx.Total()\n}\n"
    )
    # The call binds to the constraint's method (the walk reaches its implementations from there),
    # never to Cart's or Order's by name.
    assert found["One"] == {(TOTALER, "type")}
    assert found["Sum"] == {(TOTALER, "type")}
    assert (CART, AMBIGUOUS) in found["Any"]


def test_a_dereferenced_pointer_has_the_type_it_points_to() -> None:
    found = calls_from(
        "package shop\n\n"
        "func Deref(p *Cart, pp **Order) {\n\t(*p).Total()\n\t(**pp).Total()\n}\n\n"
        "type Holder struct {\n\tc *Cart\n}\n\n"
        "func (h Holder) Field() {\n\t(*h.c).Total()\n}\n"
    )
    assert found["Deref"] == {(CART, "type"), (ORDER, "type")}
    assert found["Holder.Field"] == {(CART, "type")}


def test_an_alias_is_the_type_it_names_in_every_file_of_the_package() -> None:
    found = calls_from(
        "package shop\n\n"
        "func Param(b *Basket) {\n\tb.Total()\n}\n\n"
        "func Literal() {\n\tx := Basket{}\n\tx.Total()\n}\n\n"
        "func NewAny() Any {\n\treturn &Cart{}\n}\n\n"
        "func Iface() {\n\tNewAny().Total()\n}\n",
        **{"shop/aliases.go": "package shop\n\ntype Basket = Cart\n\ntype (\n\tAny = Totaler\n)\n"},
    )
    assert found["Param"] == found["Literal"] == {(CART, "type")}
    assert found["Iface"] == {(TOTALER, "type")}


def test_a_package_level_variable_is_typed_in_every_file_of_the_package() -> None:
    """The package block holds top-level declarations of all the package's files; a function's own
    variables stay in its body."""
    found = calls_from(
        "package shop\n\n"
        "func Vars() {\n\tdefaultCart.Total()\n\tmade.Total()\n\tcarts[0].Total()\n}\n\n"
        "func Local() {\n\tinner.Total()\n}\n\n"
        "func Shadowed(defaultCart *Order) {\n\tdefaultCart.Total()\n}\n",
        **{
            "shop/vars.go": (
                "package shop\n\nvar defaultCart = &Cart{}\n\nvar made = NewCart()\n\nvar carts []*Cart\n\n"
                "func NewCart() *Cart { return nil }\n\nfunc helper() {\n\tinner := &Order{}\n\t_ = inner\n}\n"
            ),
            "other/vars.go": "package shop\n\nvar inner = &Order{}\n",
        },
    )
    assert found["Vars"] == {(CART, "type")}
    assert found["Shadowed"] == {(ORDER, "type")}
    # Not the package's: another directory's variable, a function's local.
    assert (ORDER, "type") not in found["Local"]


def test_a_type_switch_variable_has_the_type_of_its_one_listed_type() -> None:
    # "Type switches": in a clause listing exactly one type the variable has that type, in that
    # clause only (each clause is a block: tests/test_block_scoped_bindings.py reads the lines).
    found = calls_from(
        "package shop\n\n"
        "func One(x interface{}) {\n\tswitch c := x.(type) {\n\tcase *Cart:\n\t\tc.Total()\n\t}\n}\n\n"
        "func Two(x interface{}) {\n\tswitch v := x.(type) {\n\tcase *Cart:\n\t\tv.Total()\n"
        "\tcase *Order:\n\t\tv.Total()\n\t}\n}\n"
    )
    assert found["One"] == {(CART, "type")}
    # Two clauses, two types: each call is its own clause's type's method, and no name-matched one.
    assert found["Two"] == {(CART, "type"), (ORDER, "type")}


def test_a_variable_declared_from_another_has_its_type() -> None:
    # "Short variable declarations": x := y declares x with y's type; a later x = nil keeps it.
    found = calls_from(
        "package shop\n\n"
        "func Copy(a *Cart, flag bool) {\n\tv := a\n\tif flag {\n\t\tv = nil\n\t}\n\tv.Total()\n}\n\n"
        "func Var(o *Order) {\n\tvar w = o\n\tw.Total()\n}\n"
    )
    assert found["Copy"] == {(CART, "type")}
    assert found["Var"] == {(ORDER, "type")}
