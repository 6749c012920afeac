"""Behaviour change by call-site binding: a signature's parameter list, as its language writes it."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from diffreach.languages import get_language
from diffreach.review.behavior import arity

GO = {
    "go.mod": "module example.com/shop\n",
    "cart/cart.go": (
        "package cart\n\n"
        "type Cart struct{ items []string }\n\n"
        "func (c *Cart) Add(item string) {\n\tc.items = append(c.items, item)\n}\n\n"
        'func (c *Cart) Fill() {\n\tc.Add("apple")\n}\n'
    ),
    ".diffreach.toml": "warmup_reviews = 0\n",
}


def impact(root: Path) -> dict[str, dict]:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return {r["id"]: r for r in json.loads(result.output)["callers"]}


def test_go_method_parameters_are_those_after_the_receiver() -> None:
    go = get_language("go")
    assert arity("func (c *Cart) Add(item string, qty int)", go) == (2, 2)
    assert arity("func Add(item string, rest ...int)", go) == (1, None)
    assert arity("Add(item string) error", go) == (1, 1)  # an interface's method


def test_go_method_whose_parameters_changed_is_a_behaviour_change(make_repo) -> None:
    root = make_repo(GO)
    cart = root / "cart/cart.go"
    cart.write_text(GO["cart/cart.go"].replace("Add(item string)", "Add(item string, qty int)"))
    radius = impact(root)
    # c.Add("apple") passes one argument where two are now required: the caller's
    # behaviour changes (the receiver (c *Cart) is no parameter list).
    assert radius["cart/cart.go::Cart.Fill"]["label"] == "behavior-change"
