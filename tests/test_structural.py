"""Interfaces met by shape: a type with all of an interface's methods implements it (Go's
implicit interfaces; TypeScript's structural typing)."""

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


# -- TypeScript: a class is assignable to an interface whose members it has (structural typing) --

QUERIES = {
    "src/typings.ts": (
        "export interface IQueryBuilder<T> {\n  alias: string;\n  clone(reset?: boolean): IQueryBuilder<T>;\n"
        "  where(cond: unknown): this;\n}\n\n"
        "export interface Closer {\n  close(): void;\n  flush(): void;\n}\n"
    ),
    "src/query/QueryBuilder.ts": (
        "export class QueryBuilder<E> {\n  alias = 'e';\n"
        "  clone(reset?: boolean, keep?: string[]): QueryBuilder<E> { return this; }\n"
        "  where(cond: unknown) { return this; }\n  execute() { return 1; }\n}\n"
    ),
    # Has close but not flush: not a Closer.
    "src/file.ts": "export class File {\n  close(): void {}\n}\n",
    "src/criteria.ts": (
        "import type { IQueryBuilder } from './typings';\n"
        "export function process<T>(qb: IQueryBuilder<T>) {\n  return qb.clone(true);\n}\n"
    ),
    ".diffreach.toml": "warmup_reviews = 0\n",
}


def test_a_typescript_class_with_every_method_of_an_interface_implements_it(make_repo: Callable[..., Path]) -> None:
    root = make_repo(QUERIES)
    index(root)
    assert dynamic_edges(root) == {
        ("src/typings.ts::IQueryBuilder.clone", "src/query/QueryBuilder.ts::QueryBuilder.clone"),
        ("src/typings.ts::IQueryBuilder.where", "src/query/QueryBuilder.ts::QueryBuilder.where"),
    }  # File lacks flush: no Closer; an interface implements nothing of another


def test_a_changed_method_reaches_the_calls_through_the_interface_it_satisfies(make_repo: Callable[..., Path]) -> None:
    root = make_repo(QUERIES)
    index(root)
    path = root / "src/query/QueryBuilder.ts"
    path.write_text(path.read_text().replace("keep?: string[]", "keep?: string[], preserve?: string[]"))
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json", "--no-history"])
    assert result.exit_code == 0, result.output
    callers = {c["id"]: c for c in json.loads(result.stdout)["callers"]}
    assert callers["src/criteria.ts::process"]["hop"] == 1


def test_a_typescript_shape_counts_what_an_interface_inherits_from_a_class(make_repo: Callable[..., Path]) -> None:
    """An interface extending a class inherits its members, so a class of its shape has those too;
    the class's own members keep their calls (no edge from them). One shared method name is no
    shape (``shape_min_methods``)."""
    root = make_repo(
        {
            "src/ref.ts": (
                "export class Reference<T> {\n  get(): T { return this.v; }\n  unwrap(): T { return this.v; }\n}\n\n"
                "export interface Loaded<T> extends Reference<T> {\n  get(): T;\n}\n\n"
                "export interface Seeder {\n  run(): void;\n}\n"
            ),
            "src/cache.ts": "export class Cache {\n  get() { return 1; }\n  run() {}\n}\n",
            "src/proxy.ts": "export class Proxy {\n  get() { return 1; }\n  unwrap() { return 1; }\n}\n",
            ".diffreach.toml": "warmup_reviews = 0\n",
        }
    )
    index(root)
    assert dynamic_edges(root) == {
        ("src/ref.ts::Loaded.get", "src/proxy.ts::Proxy.get"),
        # The redeclaration runs the class's own member (an interface over the class it extends).
        ("src/ref.ts::Loaded.get", "src/ref.ts::Reference.get"),
    }  # Cache has get and run but not unwrap: no Loaded; Seeder's one method is no shape


def test_a_typescript_object_type_alias_is_an_interface_met_by_shape(make_repo: Callable[..., Path]) -> None:
    """`type Shape = { area(): number; name(): string }` is an interface written as an alias (the
    handbook, "Differences Between Type Aliases and Interfaces"): a class with both methods is a
    Shape, and a call through a Shape may run its methods. Forbidden: a class with one of them, and
    an alias of a type that is no object type (no members, no node)."""
    root = make_repo(
        {
            "src/shape.ts": (
                "export type Shape = {\n  area(): number\n  name(): string\n}\n\n"
                "export type Id = string\n\nexport function total(s: Shape) {\n  return s.area()\n}\n"
            ),
            "src/square.ts": "export class Square {\n  area() { return 1; }\n  name() { return 'sq'; }\n}\n",
            "src/other.ts": "export class Other {\n  area() { return 2; }\n}\n",
            ".diffreach.toml": "warmup_reviews = 0\n",
        }
    )
    index(root)
    assert dynamic_edges(root) == {
        ("src/shape.ts::Shape.area", "src/square.ts::Square.area"),
        ("src/shape.ts::Shape.name", "src/square.ts::Square.name"),
    }
