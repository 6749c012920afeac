"""Python: a small repository in, the expected edges out."""

from __future__ import annotations

from diffreach.config import Config
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild


def calls(files: dict[str, str]) -> set[tuple[str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target) for e in g.edges if e.kind == "calls"}


def test_relative_import_two_levels_up_with_alias() -> None:
    edges = calls(
        {
            "pkg/__init__.py": "",
            "pkg/util.py": "def helper():\n    pass\n",
            "pkg/a/__init__.py": "",
            "pkg/a/b/__init__.py": "",
            "pkg/a/b/mod.py": "from ...util import helper as h\n\ndef run():\n    h()\n",
        }
    )
    assert ("pkg/a/b/mod.py::run", "pkg/util.py::helper") in edges


def test_from_dot_import_module_and_module_attribute_call() -> None:
    edges = calls(
        {
            "app/__init__.py": "",
            "app/tools.py": "def f():\n    pass\n",
            "app/main.py": "from . import tools\nimport app.tools as t\n\ndef go():\n    tools.f()\n    t.f()\n",
        }
    )
    assert edges == {("app/main.py::go", "app/tools.py::f")}


def test_package_init_reexport() -> None:
    edges = calls(
        {
            "lib/__init__.py": "from .core import Engine\n",
            "lib/core.py": "class Engine:\n    def start(self):\n        pass\n",
            "use.py": "from lib import Engine\n\ndef main():\n    e = Engine()\n    e.start()\n",
        }
    )
    assert ("use.py::main", "lib/core.py::Engine.start") in edges
    assert ("use.py::main", "lib/core.py::Engine") in edges  # no __init__: the class itself


def test_self_inherited_method_super_and_constructor() -> None:
    g = graph_from_sources(
        {
            "m.py": (
                "class Base:\n"
                "    def __init__(self):\n        pass\n"
                "    def helper(self):\n        pass\n"
                "class Child(Base):\n"
                "    def __init__(self):\n        super().__init__()\n"
                "    def run(self):\n        self.helper()\n"
                "def make():\n    return Child()\n"
            ),
        }
    )
    edges = {(e.source, e.target, e.kind) for e in g.edges}
    assert ("m.py::Child.run", "m.py::Base.helper", "calls") in edges
    assert ("m.py::Child.__init__", "m.py::Base.__init__", "calls") in edges
    assert ("m.py::make", "m.py::Child.__init__", "calls") in edges
    assert ("m.py::Child", "m.py::Base", "inherits") in edges
    # Base() runs Base.__init__ only: constructors are hidden members, never paired by dispatch.
    assert ("m.py::Base.__init__", "m.py::Child.__init__", "dynamic") not in edges


def test_src_layout_absolute_import() -> None:
    edges = calls(
        {
            "src/proj/__init__.py": "",
            "src/proj/a.py": "def fa():\n    pass\n",
            "src/proj/b.py": "from proj.a import fa\n\ndef fb():\n    fa()\n",
        }
    )
    assert ("src/proj/b.py::fb", "src/proj/a.py::fa") in edges


def test_src_layout_namespace_package_is_named_from_src() -> None:
    # PEP 420: src/proj has no __init__.py, a namespace package below the src layout's root;
    # proj.core.a is src/proj/core/a.py, not the same path below another directory.
    edges = calls(
        {
            "src/proj/core/__init__.py": "",
            "src/proj/core/a.py": "class Store:\n    def get(self):\n        pass\n\ndef fa():\n    pass\n",
            "src/proj/b.py": (
                "from proj.core.a import fa\nfrom proj.core.a import Store\n\n"
                "def fb(store: Store):\n    fa()\n    store.get()\n"
            ),
            "tools/proj/core/a.py": "def fa():\n    pass\n",
        }
    )
    assert ("src/proj/b.py::fb", "src/proj/core/a.py::fa") in edges
    assert ("src/proj/b.py::fb", "src/proj/core/a.py::Store.get") in edges
    assert ("src/proj/b.py::fb", "tools/proj/core/a.py::fa") not in edges


def test_same_name_in_two_modules_follows_the_import() -> None:
    edges = calls(
        {
            "one.py": "def load():\n    pass\n",
            "two.py": "def load():\n    pass\n",
            "user.py": "from two import load\n\ndef go():\n    load()\n",
        }
    )
    assert edges == {("user.py::go", "two.py::load")}


def test_local_shadowing_beats_import() -> None:
    edges = calls(
        {
            "one.py": "def load():\n    pass\n",
            "user.py": "from one import load\n\ndef go():\n    def load():\n        pass\n    load()\n",
        }
    )
    assert edges == {("user.py::go", "user.py::go.load")}


def test_unrelated_methods_with_a_common_name_are_not_connected() -> None:
    g = graph_from_sources(
        {
            "a.py": "class Cache:\n    def get(self, k):\n        pass\n    def append(self, x):\n        pass\n",
            "b.py": "class Registry:\n    def get(self, k):\n        pass\n",
            "c.py": "def use(thing, items):\n    thing.get(1)\n    items.append(2)\n",
        }
    )
    assert not [e for e in g.edges if e.source == "c.py::use"]
    statuses = {r.ref.name: r.status for r in g.resolved if r.ref.scope == "c.py::use"}
    assert statuses == {"get": "unresolved", "append": "unresolved"}


def test_unknown_function_is_kept_unresolved_not_invented() -> None:
    g = graph_from_sources({"a.py": "def f():\n    mystery()\n    len([])\n"})
    assert not [e for e in g.edges if e.kind == "calls"]
    statuses = {r.ref.name: r.status for r in g.resolved}
    assert statuses == {"mystery": "unresolved", "len": "builtin"}


def test_external_import_is_external() -> None:
    g = graph_from_sources({"a.py": "import os\nfrom json import dumps\n\ndef f():\n    os.getcwd()\n    dumps(1)\n"})
    assert {r.ref.name: r.status for r in g.resolved} == {"getcwd": "external", "dumps": "external"}


def test_tests_edges_are_apart_from_calls() -> None:
    g = graph_from_sources(
        {
            "calc.py": "def add(a, b):\n    return a + b\n",
            "tests/test_calc.py": "from calc import add\n\ndef test_add():\n    assert add(1, 2) == 3\n",
        }
    )
    kinds = {(e.source, e.target): e.kind for e in g.edges if e.target == "calc.py::add" and e.kind != "contains"}
    assert kinds == {("tests/test_calc.py::test_add", "calc.py::add"): "tests"}
    assert next(s for s in g.symbols if s.id == "tests/test_calc.py::test_add").is_test


def test_decorator_and_function_passed_as_value_are_references() -> None:
    g = graph_from_sources(
        {
            "a.py": "def deco(f):\n    return f\n\ndef cb():\n    pass\n\n@deco\ndef g():\n    run(cb)\n\ndef run(x):\n    x()\n",
        }
    )
    refs = {(e.source, e.target) for e in g.edges if e.kind == "references"}
    assert ("a.py::g", "a.py::deco") in refs
    assert ("a.py::g", "a.py::cb") in refs


def test_module_level_calls_belong_to_the_file() -> None:
    edges = calls({"a.py": "def setup():\n    pass\n\nsetup()\n"})
    assert edges == {("a.py", "a.py::setup")}


def test_nested_function_ids_and_syntax_errors_still_index() -> None:
    g = graph_from_sources(
        {"a.py": "def outer():\n    def inner():\n        pass\n    inner()\n\ndef broken(:\n    pass\n"}
    )
    ids = {s.id for s in g.symbols}
    assert "a.py::outer.inner" in ids
    assert ("a.py::outer", "a.py::outer.inner") in {(e.source, e.target) for e in g.edges if e.kind == "calls"}


def test_receiver_named_like_a_function_is_an_unknown_receiver() -> None:
    g = graph_from_sources(
        {
            "lib.py": "class Environment:\n    def from_string(self, s):\n        pass\n",
            "tests/test_x.py": "import pytest\n\n@pytest.fixture\ndef env():\n    pass\n\ndef test_a(env):\n    env.from_string('x')\n",
        }
    )
    edges = {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "tests"}
    assert ("tests/test_x.py::test_a", "lib.py::Environment.from_string", "unique-name") in edges


def test_unknown_receiver_calling_an_overridden_family_resolves_to_its_root() -> None:
    g = graph_from_sources(
        {
            "nodes.py": (
                "class Node:\n    def as_const(self):\n        pass\n"
                "class Const(Node):\n    def as_const(self):\n        return 1\n"
                "class Name(Node):\n    def as_const(self):\n        return 2\n"
                "class Filter(Node):\n    def as_const(self):\n        return 3\n"
            ),
            "opt.py": "def visit(node):\n    return node.as_const()\n",
        }
    )
    edges = {(e.source, e.target, e.kind) for e in g.edges}
    assert ("opt.py::visit", "nodes.py::Node.as_const", "calls") in edges
    assert ("nodes.py::Node.as_const", "nodes.py::Filter.as_const", "dynamic") in edges


def test_graph_does_not_depend_on_the_hash_seed() -> None:
    import subprocess
    import sys

    code = (
        "from diffreach.index.build import graph_from_sources as g\n"
        "files = {'a.py': 'class Db:\\n    def query(self):\\n        pass\\n"
        "class Repo:\\n    def __init__(self):\\n        self.db = Db()\\n"
        "    @classmethod\\n    def make(cls):\\n        cls.db = None\\n"
        "def use(r: Repo):\\n    r.db.query()\\n'}\n"
        "print(sorted(repr(e) for e in g(files).edges))\n"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"},
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outs) == 1
    assert "a.py::Db.query" in outs.pop()


def test_attribute_assigned_in_a_base_class_types_the_subclass_receiver() -> None:
    # An instance has the fields its bases' methods assign: self.headers in B's method is the
    # H that A.__init__ made; C assigns its own headers, which hides A's; D is no subclass of A.
    edges = calls(
        {
            "h.py": "class H:\n    def get(self):\n        pass\n\nclass K:\n    def get(self):\n        pass\n",
            "a.py": "from h import H\n\nclass A:\n    def __init__(self):\n        self.headers = H()\n",
            "b.py": (
                "from a import A\nfrom h import K\n\n"
                "class B(A):\n    def enc(self):\n        return self.headers.get()\n\n"
                "class C(A):\n    def __init__(self):\n        self.headers = K()\n"
                "    def enc(self):\n        return self.headers.get()\n\n"
                "class D:\n    def enc(self):\n        return self.headers.get()\n"
            ),
        }
    )
    assert ("b.py::B.enc", "h.py::H.get") in edges
    assert ("b.py::C.enc", "h.py::K.get") in edges
    assert ("b.py::C.enc", "h.py::H.get") not in edges
    assert not {t for s, t in edges if s == "b.py::D.enc"}


def test_an_update_of_a_base_class_field_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # The field a base class assigns moves from H to K, then goes: the subclass's `self.h.get()` in
    # another file follows it, as a full build would.
    root = make_repo(
        {
            "h.py": "class H:\n    def get(self):\n        pass\n\nclass K:\n    def get(self):\n        pass\n",
            "a.py": "from h import H, K\n\nclass A:\n    def __init__(self):\n        self.h = H()\n",
            "b.py": "from a import A\n\nclass B(A):\n    def enc(self):\n        return self.h.get()\n",
        }
    )
    indexer = Indexer(root, Config(workers=1))
    indexer.run(full=True)
    steps = [
        {"a.py": "from h import H, K\n\nclass A:\n    def __init__(self):\n        self.h = K()\n"},
        {"a.py": "from h import H, K\n\nclass A:\n    def __init__(self):\n        pass\n"},
        {"a.py": "from h import H, K\n\nclass A:\n    h: H\n"},
    ]
    try:
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    finally:
        indexer.close()


def test_a_namespace_package_under_src_is_imported_by_its_dotted_name() -> None:
    # PEP 420: ``src/ns`` has no ``__init__.py`` (another distribution shares the name ``ns``);
    # with ``src`` on the path, ``ns.util.helpers`` is the file below it.
    edges = calls(
        {
            "src/ns/util/__init__.py": "",
            "src/ns/util/helpers.py": "def fetch():\n    pass\n",
            "src/ns/app/__init__.py": "",
            "src/ns/app/main.py": "from ns.util.helpers import fetch\n\ndef run():\n    fetch()\n",
        }
    )
    assert ("src/ns/app/main.py::run", "src/ns/util/helpers.py::fetch") in edges


def test_a_namespace_name_two_files_claim_binds_neither() -> None:
    edges = calls(
        {
            "a/ns/util/__init__.py": "",
            "a/ns/util/helpers.py": "def fetch():\n    pass\n",
            "b/ns/util/__init__.py": "",
            "b/ns/util/helpers.py": "def fetch():\n    pass\n",
            "main.py": "from ns.util.helpers import fetch\n\ndef run():\n    fetch()\n",
        }
    )
    assert ("main.py::run", "a/ns/util/helpers.py::fetch") not in edges
    assert ("main.py::run", "b/ns/util/helpers.py::fetch") not in edges


def test_a_generic_base_given_type_arguments_is_the_base() -> None:
    # PEP 484: `class Deezer(SearchPlugin[Response])` derives from SearchPlugin, so SearchPlugin's
    # `self._search()` dispatches to Deezer's override. Forbidden: the type argument as a base.
    g = graph_from_sources(
        {
            "plugins.py": (
                "from typing import Generic, TypeVar\n\nT = TypeVar('T')\n\n\nclass Response:\n    pass\n\n\n"
                "class SearchPlugin(Generic[T]):\n    def search(self, q):\n        return self._search(q)\n\n"
                "    def _search(self, q):\n        raise NotImplementedError\n"
            ),
            "deezer.py": (
                "import plugins\nfrom plugins import Response, SearchPlugin\n\n\n"
                "class Deezer(SearchPlugin[Response]):\n    def _search(self, q):\n        return [q]\n\n\n"
                "class Other(plugins.SearchPlugin[Response]):\n    pass\n"
            ),
        }
    )
    edges = {(e.source, e.target, e.kind) for e in g.edges}
    assert ("deezer.py::Deezer", "plugins.py::SearchPlugin", "inherits") in edges
    assert ("deezer.py::Other", "plugins.py::SearchPlugin", "inherits") in edges
    assert ("plugins.py::SearchPlugin._search", "deezer.py::Deezer._search", "dynamic") in edges
    assert not [e for e in edges if e[2] == "inherits" and e[1] == "plugins.py::Response"]


def test_a_submodule_a_package_loads_is_its_attribute_through_star_imports() -> None:
    # Python's reference 5.4.2: loading pkg.rw.json_graph binds `json_graph` on `pkg.rw`, and
    # `from pkg.rw import *` (no __all__) copies it onto `pkg`: `nx.json_graph.f()` calls f.
    # Forbidden: a submodule the package never loads is no attribute.
    g = graph_from_sources(
        {
            "pkg/__init__.py": "from pkg.rw import *\n",
            "pkg/rw/__init__.py": "from pkg.rw.json_graph import *\n",
            "pkg/rw/json_graph/__init__.py": "from pkg.rw.json_graph.node_link import *\n",
            "pkg/rw/json_graph/node_link.py": "def node_link_data(g):\n    return g\n",
            "pkg/rw/unloaded.py": "def hidden():\n    return 1\n",
            "ex/force.py": (
                "import pkg as nx\n\n\ndef dump(g):\n    return nx.json_graph.node_link_data(g)\n\n\n"
                "def other():\n    return nx.unloaded.hidden()\n"
            ),
        }
    )
    calls = {(e.source, e.target) for e in g.edges if e.kind == "calls"}
    assert ("ex/force.py::dump", "pkg/rw/json_graph/node_link.py::node_link_data") in calls
    assert ("ex/force.py::other", "pkg/rw/unloaded.py::hidden") not in calls


def test_an_update_that_loads_a_submodule_in_a_package_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # The package starts or stops loading its submodule: `nx.json_graph.f()` elsewhere follows.
    files = {
        "pkg/__init__.py": "from pkg.rw import *\n",
        "pkg/rw/__init__.py": "",
        "pkg/rw/json_graph.py": "def node_link_data(g):\n    return g\n",
        "ex/force.py": "import pkg as nx\n\n\ndef dump(g):\n    return nx.json_graph.node_link_data(g)\n",
    }
    root = make_repo(files)
    indexer = Indexer(root, Config(workers=1))
    try:
        indexer.run(full=True)
        steps = [{"pkg/rw/__init__.py": "from pkg.rw.json_graph import *\n"}, {"pkg/rw/__init__.py": ""}]
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    finally:
        indexer.close()


def test_a_classmethod_calling_its_class_parameter_constructs_the_class() -> None:
    """A classmethod receives the class it was called on (the data model, "Class method
    objects"): ``cls(…)`` constructs it, this class or a subclass, running the constructor the
    class has (its own or one it inherits). Forbidden: ``cls`` of a plain function, outside any
    class, names no class of the repository."""
    shop = (
        "class Cart:\n    def __init__(self, items):\n        self.items = items\n\n"
        "    @classmethod\n    def empty(cls):\n        return cls([])\n\n\n"
        "def make(cls):\n    return cls()\n"
    )
    sub = "from shop import Cart\n\n\nclass Big(Cart):\n    @classmethod\n    def big(cls):\n        return cls([1])\n"
    calls = graph_from_sources({"shop.py": shop, "sub.py": sub}).edge_set("calls")
    assert ("shop.py::Cart.empty", "shop.py::Cart.__init__", "calls") in calls
    assert ("sub.py::Big.big", "shop.py::Cart.__init__", "calls") in calls
    assert not [c for c in calls if c[0] == "shop.py::make"]
