"""Resolution does not depend on the order files are resolved in: memoised answers are
worked out the same way whoever asks first (long re-export chains, import cycles)."""

from __future__ import annotations

from diffreach.extract.core import extract
from diffreach.index.build import ExtractSource, graph_from_sources
from diffreach.languages import language_for
from diffreach.resolve.resolver import Resolver

# pkg0 re-exports X from pkg1, which re-exports it from pkg2, … down to pkg9/impl.py.
CHAIN = {f"pkg{i}/__init__.py": f"from pkg{i + 1} import X\n" for i in range(9)}
CHAIN["pkg9/__init__.py"] = "from .impl import X\n"
CHAIN["pkg9/impl.py"] = "class X:\n    def go(self):\n        pass\n"
CHAIN["use.py"] = "from pkg0 import X\n\ndef main():\n    X().go()\n"
# Two modules importing each other, each re-exporting the other's name as well as its own.
CHAIN["cyc/a.py"] = "from cyc.b import B\n\nclass A:\n    pass\n"
CHAIN["cyc/b.py"] = "from cyc.a import A\n\nclass B:\n    pass\n"
CHAIN["cyc/use.py"] = "from cyc.a import B\nfrom cyc.b import A\n\ndef f():\n    return A(), B()\n"


def test_a_re_export_chain_of_ten_packages_resolves_to_its_end() -> None:
    graph = graph_from_sources(CHAIN)
    assert ("use.py::main", "pkg9/impl.py::X.go", "calls") in graph.edge_set("calls")


def test_every_order_of_resolution_gives_the_same_outcomes() -> None:
    extracts = {p: extract(p, t.encode(), language_for(p)) for p, t in CHAIN.items()}  # type: ignore[arg-type]

    def outcomes(order: list[str], forget_every: int | None = None) -> dict[str, object]:
        resolver = Resolver(ExtractSource(".", extracts))
        out: dict[str, object] = {}
        for i, path in enumerate(order):
            if forget_every and i % forget_every == 0:
                resolver.forget_files()
            out[path] = (
                sorted(e.target for e in resolver.import_edges(path)),
                [(rr.status, [e.target for e in rr.edges]) for rr in resolver.resolve_file(path, extracts[path].refs)],
            )
        return out

    paths = sorted(extracts)
    first = outcomes(paths)
    assert outcomes(paths[::-1]) == first
    assert outcomes(paths, forget_every=1) == first
    assert outcomes(sorted(paths, key=lambda p: ("pkg" not in p, p[::-1]))) == first
