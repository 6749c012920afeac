"""Go's implicit interfaces: a type with all of an interface's methods implements it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from diffreach.graph.store import Store
from diffreach.index.indexer import index

SHAPES = {
    "go.mod": "module example.com/m\n",
    "shape/shape.go": (
        "package shape\n\ntype Shape interface {\n\tArea() int\n}\n\n"
        "type Named interface {\n\tShape\n\tName() string\n}\n\n"
        "type Any interface{}\n\ntype Square struct{ s int }\n\ntype Blob struct{}\n\n"
        'func (b Blob) Name() string { return "b" }\n'
    ),
    # The methods of Square are declared in another file of its package.
    "shape/square.go": (
        "package shape\n\nfunc (q *Square) Area() int { return q.s * q.s }\n\n"
        'func (q *Square) Name() string { return "sq" }\n'
    ),
    "report/report.go": (
        'package report\n\nimport "example.com/m/shape"\n\nfunc Total(s shape.Shape) int {\n\treturn s.Area()\n}\n'
    ),
    ".diffreach.toml": "warmup_reviews = 0\n",
}


def dynamic_edges(root: Path) -> set[tuple[str, str]]:
    store = Store.open(root, create=False)
    try:
        return {(s, t) for s, t in store.conn.execute("SELECT source, target FROM edges WHERE kind='dynamic'")}
    finally:
        store.close()


def test_a_type_with_every_method_of_an_interface_implements_it(make_repo: Callable[..., Path]) -> None:
    root = make_repo(SHAPES)
    index(root)
    assert dynamic_edges(root) == {
        ("shape/shape.go::Shape.Area", "shape/square.go::Square.Area"),
        # Named embeds Shape: Square has Area and Name, so it is a Named too.
        ("shape/shape.go::Named.Name", "shape/square.go::Square.Name"),
    }  # Blob has Name but not Area; the empty interface links nothing


def test_an_update_that_completes_a_method_set_links_it_as_a_rebuild_would(make_repo: Callable[..., Path]) -> None:
    root = make_repo(SHAPES)
    first = index(root)
    (root / "shape/blob.go").write_text("package shape\n\nfunc (b Blob) Area() int { return 0 }\n")
    update = index(root)
    assert update.mode == "incremental"
    after_update = dynamic_edges(root)
    assert ("shape/shape.go::Shape.Area", "shape/blob.go::Blob.Area") in after_update
    assert ("shape/shape.go::Named.Name", "shape/shape.go::Blob.Name") in after_update
    assert update.counts["edges"]["dynamic"] == first.counts["edges"]["dynamic"] + 2
    rebuilt = index(root, full=True)
    assert dynamic_edges(root) == after_update and rebuilt.counts == update.counts


def test_a_body_edit_does_not_link_the_interfaces_again(make_repo: Callable[..., Path], monkeypatch) -> None:
    root = make_repo(SHAPES)
    index(root)
    import diffreach.index.interfaces as interfaces_module

    relinks: list[object] = []
    monkeypatch.setattr(interfaces_module, "replace_structural_edges", lambda store: relinks.append(store) or False)
    (root / "shape/square.go").write_text(SHAPES["shape/square.go"].replace("q.s * q.s", "q.s * 2"))
    assert index(root).mode == "incremental" and relinks == []  # no method set moved
    (root / "shape/square.go").write_text(SHAPES["shape/square.go"] + "\nfunc (q *Square) Side() int { return q.s }\n")
    assert index(root).mode == "incremental" and len(relinks) == 1


def test_a_changed_implementation_reaches_the_callers_of_the_interface(make_repo: Callable[..., Path]) -> None:
    root = make_repo(SHAPES)
    (root / "shape/square.go").write_text(SHAPES["shape/square.go"].replace("q.s * q.s", "q.s * 2"))
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    radius = {r["id"]: r for r in json.loads(result.output)["callers"]}
    assert radius["report/report.go::Total"]["hop"] == 1
