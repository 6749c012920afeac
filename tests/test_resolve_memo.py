"""The resolver's memos change no answer: per-file reuse, and resolution order.

Resolution keeps answers for the file being resolved (a reference's twin, a
receiver, a member, a name's file-level binding); these tests pin what those
answers must still depend on: the line, the scope, the class.
"""

from __future__ import annotations

from diffreach.extract.core import extract
from diffreach.index.build import ExtractSource, graph_from_sources
from diffreach.languages import language_for
from diffreach.model import FileExtract
from diffreach.resolve.resolver import Resolver


def edges(files: dict[str, str], kind: str) -> list[tuple[str, str, int]]:
    g = graph_from_sources(files)
    return sorted((e.source, e.target, e.line) for e in g.edges if e.kind == kind)


def test_repeated_call_keeps_each_line() -> None:
    src = "def f():\n    pass\n\ndef g():\n    f()\n    f()\n"
    assert edges({"a.py": src}, "calls") == [("a.py::g", "a.py::f", 5), ("a.py::g", "a.py::f", 6)]


def test_same_name_in_two_scopes_of_one_file() -> None:
    src = (
        "def helper():\n    pass\n\n"
        "def outer():\n    def helper():\n        pass\n    helper()\n\n"
        "def other():\n    helper()\n"
    )
    assert edges({"a.py": src}, "calls") == [
        ("a.py::other", "a.py::helper", 10),
        ("a.py::outer", "a.py::outer.helper", 7),
    ]


def test_self_in_two_classes_of_one_file() -> None:
    src = (
        "class A:\n    def run(self):\n        self.go()\n    def go(self):\n        pass\n\n"
        "class B:\n    def run(self):\n        self.go()\n    def go(self):\n        pass\n"
    )
    assert edges({"a.py": src}, "calls") == [("a.py::A.run", "a.py::A.go", 3), ("a.py::B.run", "a.py::B.go", 9)]


def test_member_through_bases_and_an_inheritance_cycle() -> None:
    files = {
        "base.py": "class Base:\n    def hook(self):\n        pass\n",
        "a.py": (
            "from base import Base\n\nclass A(Base):\n    def run(self):\n        self.hook()\n\n"
            "class X(Y):\n    pass\n\nclass Y(X):\n    def run(self):\n        self.hook()\n"
        ),
    }
    assert ("a.py::A.run", "base.py::Base.hook", 5) in edges(files, "calls")


def _extracts(files: dict[str, str]) -> dict[str, FileExtract]:
    out = {}
    for path, text in files.items():
        spec = language_for(path)
        assert spec is not None
        out[path] = extract(path, text.encode(), spec)
    return out


def test_a_fresh_resolver_per_file_gives_the_same_outcomes() -> None:
    # What a full build resolves with one resolver must not depend on what it resolved
    # before (the store-backed build starts a new resolver every few files).
    files = {
        "pkg/__init__.py": "from .models import Model\n",
        "pkg/models.py": (
            "class Model:\n    def save(self):\n        self.clean()\n    def clean(self):\n        pass\n"
        ),
        "pkg/fields.py": (
            "from .models import Model\n\nclass Field:\n    model: Model\n"
            "    def bind(self):\n        self.model.save()\n        self.model.clean()\n"
        ),
        "app.py": (
            "from pkg import Model\nfrom pkg.fields import Field\n\nclass Post(Model):\n"
            "    def clean(self):\n        super().clean()\n\n"
            "def main():\n    p = Post()\n    p.save()\n    p.save()\n    Field().bind()\n"
        ),
    }
    extracts = _extracts(files)
    source = ExtractSource(".", extracts, files)
    shared = Resolver(source)
    together = {p: shared.resolve_file(p, extracts[p].refs) for p in sorted(extracts)}
    alone = {p: Resolver(source).resolve_file(p, extracts[p].refs) for p in sorted(extracts, reverse=True)}
    assert together == alone
    assert any(e.target == "pkg/models.py::Model.save" for rr in together["app.py"] for e in rr.edges)


def test_headers_that_all_include_each_other_are_searched_once_per_name(monkeypatch) -> None:
    """An include graph dense with cycles: each name is looked for in each header about once.
    Searched path by path, the lookups grew with the number of include paths (google/leveldb's
    133 files took a minute to resolve); past the bound below the old search stops the test."""
    headers = 10
    files = {
        f"h{i}.h": "".join(f'#include "h{j}.h"\n' for j in range(headers) if j != i)
        + f"int f{i}(void) {{ return {i}; }}\n"
        for i in range(headers)
    }
    files["main.c"] = (
        '#include "h0.h"\n\nint main(void) {\n  f9();\n'
        + "".join(f"  missing{k}();\n" for k in range(20))
        + "  return 0;\n}\n"
    )
    looked = {"n": 0}
    bound = 60 * headers * 25  # names × headers, with room to spare
    child = Resolver.child

    def counted(self, parent, name):  # type: ignore[no-untyped-def]
        looked["n"] += 1
        assert looked["n"] < bound, "the include graph is searched path by path"
        return child(self, parent, name)

    monkeypatch.setattr(Resolver, "child", counted)
    calls = {(s, t) for s, t, _ in graph_from_sources(files).edge_set("calls")}
    assert ("main.c::main", "h9.h::f9") in calls


def test_answers_kept_for_the_resolver_life_match_a_fresh_resolver_per_file() -> None:
    # A function's return type, a chain's receivers and the callers of a parameter slot are kept
    # across files once worked out with no guard open (state.py); each file must resolve as a
    # fresh resolver resolves it, in either order, cycles included (x = x.copy(), A(B), B(A)).
    files = {
        "lib.py": (
            "class Part:\n    def run(self):\n        pass\n\n"
            "class Box:\n    def part(self) -> Part:\n        return Part()\n\n"
            "def make() -> Box:\n    return Box()\n\n"
            "def apply(fn):\n    fn()\n\n"
            "def relay(fn):\n    apply(fn)\n"
        ),
        "one.py": (
            "from lib import make, relay\n\n"
            "def job():\n    pass\n\n"
            "def first():\n    make().part().run()\n    b = make()\n    b.part().run()\n    relay(job)\n"
        ),
        "two.py": (
            "from lib import make, apply, relay\n\n"
            "class A(B):\n    pass\n\nclass B(A):\n    def go(self):\n        x = x.copy()\n        x.run()\n\n"
            "def task():\n    pass\n\n"
            "def second():\n    make().part().run()\n    relay(task)\n    apply(task)\n"
        ),
    }
    extracts = _extracts(files)
    source = ExtractSource(".", extracts, files)
    for order in (sorted(extracts), sorted(extracts, reverse=True)):
        shared = Resolver(source)
        together = {p: shared.resolve_file(p, extracts[p].refs) for p in order}
        alone = {p: Resolver(source).resolve_file(p, extracts[p].refs) for p in order}
        assert together == alone
    found = {(e.source, e.target) for rrs in together.values() for rr in rrs for e in rr.edges}
    assert ("one.py::first", "lib.py::Part.run") in found
    assert ("two.py::second", "lib.py::Part.run") in found
    assert ("lib.py::apply", "one.py::job") in found
    assert ("lib.py::apply", "two.py::task") in found
