"""Python values typed by the language's own rules: ``Union[A, None]`` is A and ``Union[A, B]``
says nothing (PEP 484), ``Annotated[A, …]`` is A (PEP 593), a loop over a collection declared
``list[A]`` (and the other collections whose first type argument is their elements') holds As,
a loop over a call holds the elements of its declared result (``-> list[A]``, ``Iterator[A]``),
a mapping declared ``dict[K, A]`` holds As as values (an index, ``get``, ``values()``, ``items()``),
``with v as c`` holds what ``v.__enter__()`` returns (of a generator function made a context manager by
``contextlib.contextmanager``: what it yields, the first type argument of its declared ``Iterator[A]``,
``Generator[A, …]``), ``(c := A())`` holds an A (PEP 572), ``type[A]`` is the class A and ``cast(A, v)`` is an A (PEP 484),
and ``Any`` states no type (PEP 484).
Each: the expected edge to ``Cart.total`` as ``type``, and no edge to the unrelated ``Noise.total``."""

from __future__ import annotations

import pytest

from diffreach.index.build import graph_from_sources

CLASSES = (
    "class Cart:\n    def total(self):\n        return 1\n\n"
    "    def __enter__(self):\n        return self\n\n    def __exit__(self, *a):\n        pass\n\n"
    "class Order:\n    def total(self):\n        return 2\n\n"
    "class Noise:\n    def total(self):\n        return 3\n"
)
TYPED = {
    "union_none": "from typing import Union\n\ndef f(c: Union[Cart, None]):\n    c.total()\n",
    "annotated": "from typing import Annotated\n\ndef f(c: Annotated[Cart, 'note']):\n    c.total()\n",
    "loop": "def f(cs: list[Cart]):\n    for c in cs:\n        c.total()\n",
    "typing_loop": "from typing import Sequence\n\ndef f(cs: Sequence[Cart] = ()):\n    for c in cs:\n        c.total()\n",
    "comprehension": "def f(cs: list[Cart]):\n    return [c.total() for c in cs]\n",
    "index": "def f(cs: list[Cart]):\n    cs[0].total()\n",
    "field_loop": (
        "class Shelf:\n    def __init__(self):\n        self.carts: list[Cart] = []\n\n"
        "    def f(self):\n        for c in self.carts:\n            c.total()\n"
    ),
    # A mapping's second type argument is its values' type: an index, get, pop, values(), items().
    "dict_index": "def f(cs: dict[str, Cart]):\n    cs['a'].total()\n",
    "dict_get": "from typing import Mapping\n\ndef f(cs: Mapping[str, Cart]):\n    cs.get('a').total()\n",
    "dict_values": "def f(cs: dict[str, Cart]):\n    for c in cs.values():\n        c.total()\n",
    "dict_items": "def f(cs: dict[str, Cart]):\n    return [c.total() for _, c in cs.items()]\n",
    "dict_field": (
        "class Shelf:\n    def __init__(self):\n        self.carts: dict[int, Cart] = {}\n\n"
        "    def f(self, k):\n        self.carts.pop(k).total()\n"
    ),
    # PEP 484, "The type of class objects": type[C] holds the class C (or a subclass), C's methods.
    "class_object": "def f(k: type[Cart] | None = None):\n    k.total()\n",
    "typing_type": "from typing import Type\n\ndef f():\n    k: Type[Cart] = Cart\n    k.total()\n",
    "with": "def f():\n    with Cart() as c:\n        c.total()\n",
    "walrus": "def f():\n    if (c := Cart()):\n        c.total()\n",
    # A loop over a call: an element of the collection its declared return type names.
    "loop_over_call": "def carts() -> list[Cart]:\n    return []\n\ndef f():\n    for c in carts():\n        c.total()\n",
    "loop_over_method": (
        "from typing import Iterator\n\nclass Shelf:\n    def each(self, n) -> Iterator[Cart]:\n        yield Cart()\n\n"
        "def f(s: Shelf):\n    return [c.total() for c in s.each(3)]\n"
    ),
    "contextmanager": (
        "from contextlib import contextmanager\nfrom typing import Iterator\n\n"
        "@contextmanager\ndef open_cart() -> Iterator[Cart]:\n    yield Cart()\n\n"
        "def f():\n    with open_cart() as c:\n        c.total()\n"
    ),
    "contextmanager_quoted": (
        "import contextlib\n\n@contextlib.contextmanager\ndef open_cart() -> 'Generator[Cart, None, None]':\n"
        "    yield Cart()\n\ndef f():\n    with open_cart() as c:\n        c.total()\n"
    ),
    "asynccontextmanager": (
        "from contextlib import asynccontextmanager\nfrom typing import AsyncIterator\n\n"
        "@asynccontextmanager\nasync def open_cart() -> AsyncIterator[Cart]:\n    yield Cart()\n\n"
        "async def f():\n    async with open_cart() as c:\n        c.total()\n"
    ),
    # PEP 484, "Casts": cast(T, v) is v as a T, the type written as a name or a string.
    "cast_receiver": "from typing import cast\n\ndef f(x):\n    cast(Cart, x).total()\n",
    "cast_bound": "import typing\n\ndef f(x):\n    c = typing.cast('Cart', x)\n    c.total()\n",
    "cast_quoted": "from typing import cast\n\ndef f(x):\n    cast('Cart', x).total()\n",
    # A property read runs its getter: the value is what the getter returns.
    "property": (
        "class Shelf:\n    @property\n    def cart(self) -> 'Cart':\n        return find()\n\n"
        "    def f(self):\n        self.cart.total()\n"
    ),
    "property_chain": (
        "class Shelf:\n    @property\n    def cart(self) -> Cart:\n        return find()\n\n"
        "def f(s: Shelf):\n    s.cart.total()\n"
    ),
}


def callees_of_f(body: str) -> dict[str, str]:
    files = {"shop.py": CLASSES, "use.py": "from shop import Cart, Order\n\n" + body}
    graph = graph_from_sources(files)
    return {
        e.target: e.resolution
        for e in graph.edges
        if e.kind == "calls" and e.source.endswith("f") and e.target.endswith(".total")
    }


@pytest.mark.parametrize("case", sorted(TYPED))
def test_a_value_typed_by_the_language_s_rules_calls_its_class_method(case: str) -> None:
    assert callees_of_f(TYPED[case]) == {"shop.py::Cart.total": "type"}


@pytest.mark.parametrize(
    "body",
    [
        "from typing import Union\n\ndef f(c: Union[Cart, Order]):\n    c.total()\n",  # two real members
        "def f(cs):\n    for c in cs:\n        c.total()\n",  # nothing declared
        # A loop over a call whose declared result is no collection of one type (or none).
        "def carts() -> Cart:\n    return Cart()\n\ndef f():\n    for c in carts():\n        c.total()\n",
        "def carts():\n    return []\n\ndef f():\n    for c in carts():\n        c.total()\n",
        # Another function's result is not a cast: its own return type, none here.
        "def convert(t, x):\n    return x\n\ndef f(x):\n    convert(Cart, x).total()\n",
        "def convert(t, x):\n    return x\n\ndef f(x):\n    c = convert(Cart, x)\n    c.total()\n",
        "def f(x, tensors):\n    tensors.cast(Cart, x).total()\n",  # a method named cast is not typing's
        "def f(cs: dict[str, Cart]):\n    for c in cs:\n        c.total()\n",  # a dict's loop runs its keys
        # PEP 484: Any allows every attribute: no type is stated, imported from typing or not.
        "from typing import Any\n\ndef f(c: Any = None):\n    c.total()\n",
        "import typing\n\ndef f(c: 'typing.Optional[typing.Any]'):\n    c.total()\n",
        "from typing import Any\n\nclass Shelf:\n    def __init__(self, c: Any):\n        self.c = c\n\n"
        "    def f(self):\n        self.c.total()\n",
        # The class named directly: Shelf.cart is the property object, not what its getter returns.
        "class Shelf:\n    @property\n    def cart(self) -> Cart:\n        return find()\n\n"
        "def f():\n    Shelf.cart.total()\n",
        # A plain method read without a call is the method, not its result.
        "class Shelf:\n    def cart(self) -> Cart:\n        return find()\n\n    def f(self):\n        self.cart.total()\n",
    ],
)
def test_a_value_the_rules_do_not_type_stays_matched_by_name(body: str) -> None:
    found = callees_of_f(body)
    # Neither dropped nor invented: every total, each said to be a match by name.
    assert set(found) == {"shop.py::Cart.total", "shop.py::Order.total", "shop.py::Noise.total"}
    assert set(found.values()) == {"ambiguous-name"}


def test_python_a_list_s_pop_gives_an_element_of_the_declared_type() -> None:
    assert callees_of_f("def f(cs: list[Cart]):\n    cs.pop().total()\n") == {"shop.py::Cart.total": "type"}


def test_a_generator_not_made_a_context_manager_is_not_what_it_yields() -> None:
    """Without ``@contextmanager`` the call gives the generator itself (typing's Iterator, an
    outside type): nothing of the repository is bound to ``c.total()`` by type."""
    body = (
        "from typing import Iterator\n\ndef open_cart() -> Iterator[Cart]:\n    yield Cart()\n\n"
        "def f():\n    with open_cart() as c:\n        c.total()\n"
    )
    assert "type" not in callees_of_f(body).values()


def test_a_generic_class_subscripted_and_called_constructs_the_class() -> None:
    # PEP 484, "User-defined generic types": `Selection[str]` is still the class; calling it
    # constructs a Selection. A table's entry called (`handlers[key]()`) is no such class.
    files = {
        "app/menu.py": (
            "from typing import Generic, TypeVar\n\nT = TypeVar('T')\n\n\n"
            "class Result(Generic[T]):\n    def get_value(self) -> T:\n        ...\n\n\n"
            "class Selection(Generic[T]):\n    def show(self) -> Result[T]:\n        return Result()\n"
        ),
        "app/other.py": "class Other:\n    def show(self):\n        pass\n\n    def get_value(self):\n        pass\n",
        "app/use.py": (
            "from app.menu import Selection\n\n\n"
            "async def pick(handlers):\n"
            "    result = await Selection[str](header='x').show()\n"
            "    result.get_value()\n"
            "    handlers['k']().show()\n"
        ),
    }
    g = graph_from_sources(files)
    edges = {(e.source, e.target) for e in g.edges if e.kind == "calls"}
    assert {
        ("app/use.py::pick", "app/menu.py::Selection.show"),
        ("app/use.py::pick", "app/menu.py::Result.get_value"),
    } <= edges
    assert ("app/use.py::pick", "app/other.py::Other.get_value") not in edges
