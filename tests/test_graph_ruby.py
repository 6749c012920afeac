"""Ruby: a small gem in, the expected edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

GEM = {
    "lib/shop/util.rb": "module Shop\n  class Util\n    def self.format(x)\n      x\n    end\n  end\nend\n",
    "lib/shop/base.rb": "class Base\n  def save\n  end\nend\n",
    "lib/shop/helpers.rb": "module Helpers\n  def helper(x)\n  end\nend\n",
    "lib/shop/cart.rb": (
        'require_relative "base"\nrequire "shop/util"\n'
        "module Shop\n  class Cart < Base\n    include Helpers\n"
        "    def initialize(n)\n      @n = n\n    end\n"
        "    def add(item)\n      helper(item)\n      self.total\n      Util.format(item)\n      save()\n"
        "      item.frobnicate(1)\n    end\n"
        "    def total\n    end\n  end\nend\n"
    ),
    "lib/other/parser.rb": "class Parser\n  def frobnicate(x)\n  end\nend\n",
    "lib/other/lexer.rb": "class Lexer\n  def frobnicate(x)\n  end\nend\n",
    "spec/cart_spec.rb": (
        'require "shop/cart"\n'
        'describe Shop::Cart do\n  it "adds" do\n    c = Shop::Cart.new(1)\n    c.add(2)\n  end\nend\n'
    ),
}


def edge_set(files: dict[str, str]) -> set[tuple[str, str, str]]:
    return {(e.source, e.target, e.kind) for e in graph_from_sources(files).edges}


def test_require_self_methods_inheritance_and_mixins() -> None:
    edges = edge_set(GEM)
    add = "lib/shop/cart.rb::Shop.Cart.add"
    assert (add, "lib/shop/cart.rb::Shop.Cart.total", "calls") in edges  # self.total
    assert (add, "lib/shop/util.rb::Shop.Util.format", "calls") in edges  # required, def self.format
    assert (add, "lib/shop/base.rb::Base.save", "calls") in edges  # inherited, implicit self
    assert (add, "lib/shop/helpers.rb::Helpers.helper", "calls") in edges  # mixed in
    assert ("lib/shop/cart.rb::Shop.Cart", "lib/shop/base.rb::Base", "inherits") in edges
    assert ("lib/shop/cart.rb::Shop.Cart", "lib/shop/helpers.rb::Helpers", "inherits") in edges
    assert ("lib/shop/cart.rb", "lib/shop/base.rb", "imports") in edges


def test_rspec_file_tests_new_and_methods() -> None:
    edges = edge_set(GEM)
    assert ("spec/cart_spec.rb", "lib/shop/cart.rb::Shop.Cart.initialize", "tests") in edges
    assert ("spec/cart_spec.rb", "lib/shop/cart.rb::Shop.Cart.add", "tests") in edges


def test_unknown_receiver_with_two_candidates_is_only_ambiguous() -> None:
    g = graph_from_sources(GEM)
    status = {r.ref.name: r.status for r in g.resolved if r.ref.scope == "lib/shop/cart.rb::Shop.Cart.add"}
    assert status["frobnicate"] == "ambiguous"
    assert not [
        e
        for e in g.edges
        if e.source.endswith("Cart.add") and e.target.endswith("frobnicate") and e.resolution != "ambiguous-name"
    ]


def test_minitest_file_is_test_code() -> None:
    g = graph_from_sources({"lib/a.rb": "def go\nend\n", "test/test_a.rb": "require 'a'\ndef test_go\n  go()\nend\n"})
    assert ("test/test_a.rb::test_go", "lib/a.rb::go", "tests") in g.edge_set("tests")
