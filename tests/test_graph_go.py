"""Go: a small module in, the expected edges out."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from diffreach.index.build import graph_from_sources

GO_MOD = "module example.com/shop\n\ngo 1.22\n"


def edges(files: dict[str, str], *kinds: str) -> set[tuple[str, str]]:
    g = graph_from_sources({"go.mod": GO_MOD, **files})
    return {(e.source, e.target) for e in g.edges if e.kind in (kinds or ("calls",))}


def test_same_package_call_across_two_files() -> None:
    found = edges(
        {
            "cart/cart.go": "package cart\n\nfunc Total() int {\n\treturn sum(1, 2)\n}\n",
            "cart/math.go": "package cart\n\nfunc sum(a, b int) int {\n\treturn a + b\n}\n",
        }
    )
    assert found == {("cart/cart.go::Total", "cart/math.go::sum")}


def test_same_name_in_another_directory_is_not_the_same_package() -> None:
    found = edges(
        {
            "a/a.go": "package util\n\nfunc run() {\n\thelp()\n}\n",
            "a/help.go": "package util\n\nfunc help() {}\n",
            "b/help.go": "package util\n\nfunc help() {}\n",
        }
    )
    assert found == {("a/a.go::run", "a/help.go::help")}


def test_a_function_declared_in_two_files_that_build_apart_is_called_in_both() -> None:
    """Go: a package's two files declaring one top-level name never build together (build
    constraints; a redeclaration otherwise), so the call may run either: an edge to each. Not to
    the same name in another package, nor to a method of that name."""
    found = edges(
        {
            "metrics/old.go": "//go:build !go1.17\n\npackage metrics\n\nfunc NewCollector() int { return 1 }\n",
            "metrics/latest.go": "//go:build go1.17\n\npackage metrics\n\nfunc NewCollector() int { return 2 }\n",
            "metrics/kind.go": "package metrics\n\ntype C struct{}\n\nfunc (c C) NewCollector() int { return 3 }\n",
            "other/other.go": "package other\n\nfunc NewCollector() int { return 4 }\n",
            "app/app.go": (
                'package app\n\nimport "example.com/shop/metrics"\n\nfunc Start() int {\n\treturn metrics.NewCollector()\n}\n'
            ),
            "metrics/use.go": "package metrics\n\nfunc use() int {\n\treturn NewCollector()\n}\n",
        }
    )
    assert found == {
        ("app/app.go::Start", "metrics/latest.go::NewCollector"),
        ("app/app.go::Start", "metrics/old.go::NewCollector"),
        ("metrics/use.go::use", "metrics/latest.go::NewCollector"),
        ("metrics/use.go::use", "metrics/old.go::NewCollector"),
    }


def test_call_into_another_package_through_the_module_path() -> None:
    found = edges(
        {
            "main.go": (
                'package main\n\nimport (\n\t"fmt"\n\t"example.com/shop/cart"\n\tpay "example.com/shop/payment"\n)\n\n'
                "func main() {\n\tfmt.Println(cart.Total())\n\tpay.Charge()\n}\n"
            ),
            "cart/cart.go": "package cart\n\nfunc Total() int { return 0 }\n",
            "payment/charge.go": "package payment\n\nfunc Charge() {}\n",
        }
    )
    assert found == {("main.go::main", "cart/cart.go::Total"), ("main.go::main", "payment/charge.go::Charge")}


def test_two_packages_each_defining_new_resolve_by_import() -> None:
    found = edges(
        {
            "app.go": (
                'package main\n\nimport (\n\t"example.com/shop/db"\n\t"example.com/shop/cache"\n)\n\n'
                "func start() {\n\tdb.New()\n}\n\nfunc warm() {\n\tcache.New()\n}\n"
            ),
            "db/db.go": "package db\n\nfunc New() {}\n",
            "cache/cache.go": "package cache\n\nfunc New() {}\n",
        }
    )
    assert found == {("app.go::start", "db/db.go::New"), ("app.go::warm", "cache/cache.go::New")}


def test_methods_on_a_receiver_defined_in_another_file_of_the_package() -> None:
    found = edges(
        {
            "srv/server.go": "package srv\n\ntype Server struct {\n\tname string\n}\n",
            "srv/run.go": (
                "package srv\n\nfunc (s *Server) Run() {\n\ts.listen()\n}\n\n"
                "func Start() {\n\tx := &Server{}\n\tx.Run()\n\tvar y Server\n\ty.listen()\n}\n"
            ),
            "srv/listen.go": "package srv\n\nfunc (s Server) listen() {}\n\n// A package function of the same name is not the method.\nfunc Run() {}\n",
        }
    )
    assert found == {
        ("srv/run.go::Server.Run", "srv/listen.go::Server.listen"),
        ("srv/run.go::Start", "srv/run.go::Server.Run"),
        ("srv/run.go::Start", "srv/listen.go::Server.listen"),
    }


def test_a_bare_name_never_binds_a_method_defined_outside_its_type() -> None:
    found = edges(
        {
            "p/types.go": "package p\n\ntype T struct{}\n",
            "p/m.go": "package p\n\nfunc (t T) Close() {}\n",
            "p/use.go": "package p\n\nfunc use() {\n\tClose()\n}\n",
        }
    )
    assert found == set()


def test_embedded_struct_promotes_its_methods() -> None:
    g = graph_from_sources(
        {
            "go.mod": GO_MOD,
            "base/base.go": "package base\n\ntype Logger struct{}\n\nfunc (l *Logger) Log() {}\n",
            "svc/svc.go": (
                'package svc\n\nimport "example.com/shop/base"\n\n'
                "type Service struct {\n\t*base.Logger\n\tcore\n}\n\n"
                "func (s *Service) Do() {\n\ts.Log()\n\ts.tick()\n}\n"
            ),
            "svc/core.go": "package svc\n\ntype core struct{}\n\nfunc (c core) tick() {}\n",
        }
    )
    found = {(e.source, e.target, e.kind) for e in g.edges}
    assert ("svc/svc.go::Service", "base/base.go::Logger", "inherits") in found
    assert ("svc/svc.go::Service", "svc/core.go::core", "inherits") in found
    assert ("svc/svc.go::Service.Do", "base/base.go::Logger.Log", "calls") in found
    assert ("svc/svc.go::Service.Do", "svc/core.go::core.tick", "calls") in found


def test_interface_embedding_is_inheritance_and_typed_params_resolve() -> None:
    found = edges(
        {
            "io/io.go": (
                "package io\n\ntype Reader interface {\n\tRead() int\n}\n\n"
                "type ReadCloser interface {\n\tReader\n\tShut()\n}\n\n"
                "func drain(r ReadCloser) {\n\tr.Read()\n\tr.Shut()\n}\n"
            ),
        },
        "calls",
        "inherits",
    )
    assert found == {
        ("io/io.go::ReadCloser", "io/io.go::Reader"),
        ("io/io.go::drain", "io/io.go::Reader.Read"),
        ("io/io.go::drain", "io/io.go::ReadCloser.Shut"),
    }


def test_unrelated_types_both_defining_get_are_not_joined_through_an_unknown_receiver() -> None:
    found = edges(
        {
            "kv/a.go": "package kv\n\ntype Cache struct{}\n\nfunc (c *Cache) Get() {}\n",
            "kv/b.go": "package kv\n\ntype Store struct{}\n\nfunc (s *Store) Get() {}\n",
            "kv/use.go": ("package kv\n\nfunc use(x interface{ Get() }) {\n\tthing().Get()\n\t(&Store{}).Get()\n}\n"),
        }
    )
    assert found == {("kv/use.go::use", "kv/b.go::Store.Get")}


def test_external_packages_and_builtins_make_no_edges() -> None:
    g = graph_from_sources(
        {
            "go.mod": GO_MOD,
            "m.go": (
                'package main\n\nimport (\n\t"fmt"\n\t"github.com/other/lib"\n)\n\n'
                'func Println() {}\n\nfunc main() {\n\tfmt.Println(len("x"))\n\tlib.Println()\n}\n'
            ),
        }
    )
    assert {e for e in g.edges if e.kind == "calls"} == set()
    statuses = {(r.ref.receiver, r.ref.name): r.status for r in g.resolved}
    assert statuses[("fmt", "Println")] == "external"
    assert statuses[("lib", "Println")] == "external"
    assert statuses[("", "len")] == "builtin"


def test_struct_fields_used_as_receivers() -> None:
    g = graph_from_sources(
        {
            "go.mod": GO_MOD,
            "app/app.go": (
                "package app\n\ntype DB struct{}\n\nfunc (d *DB) Query() {}\n\n"
                "type App struct {\n\tdb *DB\n}\n\nfunc (a *App) Load() {\n\ta.db.Query()\n}\n"
            ),
            "app/other.go": "package app\n\ntype Log struct{}\n\nfunc (l *Log) Query() {}\n",
        }
    )
    found = {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"}
    assert found == {("app/app.go::App.Load", "app/app.go::DB.Query", "type")}


def test_functions_passed_as_values_are_references() -> None:
    found = edges(
        {
            "cmd/cmd.go": (
                "package cmd\n\ntype Command struct {\n\tAction func()\n}\n\nfunc run() {}\n\n"
                "var root = &Command{Action: run}\n"
            ),
        },
        "references",
    )
    assert ("cmd/cmd.go", "cmd/cmd.go::run") in found
    assert ("cmd/cmd.go", "cmd/cmd.go::Command") in found


def test_test_files_make_tests_edges() -> None:
    g = graph_from_sources(
        {
            "go.mod": GO_MOD,
            "cart/cart.go": "package cart\n\nfunc Total() int { return 0 }\n",
            "cart/cart_test.go": (
                'package cart\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) {\n\tif Total() != 0 {\n\t\tt.Fatal("x")\n\t}\n}\n'
            ),
        }
    )
    found = {(e.source, e.target, e.kind) for e in g.edges if e.kind in ("calls", "tests")}
    assert found == {("cart/cart_test.go::TestTotal", "cart/cart.go::Total", "tests")}
    assert {s.id for s in g.symbols if s.is_test} == {"cart/cart_test.go", "cart/cart_test.go::TestTotal"}


def test_external_test_package_imports_the_package_under_test() -> None:
    found = edges(
        {
            "cart/cart.go": "package cart\n\nfunc Total() int { return 0 }\n",
            "cart/x_test.go": (
                'package cart_test\n\nimport (\n\t"testing"\n\t"example.com/shop/cart"\n)\n\n'
                "func TestX(t *testing.T) {\n\tcart.Total()\n}\n"
            ),
        },
        "tests",
    )
    assert found == {("cart/x_test.go::TestX", "cart/cart.go::Total")}


def test_nested_module_and_imports_edges() -> None:
    g = graph_from_sources(
        {
            "go.mod": GO_MOD,
            "tools/go.mod": "module example.com/tools\n",
            "tools/gen/gen.go": "package gen\n\nfunc Gen() {}\n",
            "tools/main.go": 'package main\n\nimport "example.com/tools/gen"\n\nfunc main() {\n\tgen.Gen()\n}\n',
        }
    )
    found = {(e.source, e.target, e.kind) for e in g.edges}
    assert ("tools/main.go::main", "tools/gen/gen.go::Gen", "calls") in found
    assert ("tools/main.go", "tools/gen/gen.go", "imports") in found


def test_a_repository_without_go_mod_imports_its_packages_by_gopath_import_path() -> None:
    """GOPATH mode: the checkout is $GOPATH/src/R, so R/dir is the directory dir, R the root."""
    files = {
        "shop.go": "package shop\n\ntype Shop struct{}\n\nfunc New() *Shop { return &Shop{} }\n\nfunc (s *Shop) Open() {}\n",
        "cart/cart.go": "package cart\n\nfunc Total() int { return 0 }\n",
        "http/http.go": "package http\n\nfunc Get() {}\n",
        "examples/main.go": (
            'package main\n\nimport (\n\t"net/http"\n\t"github.com/acme/shop"\n\t"github.com/acme/shop/cart"\n'
            '\tother "github.com/acme/shoplift/cart"\n)\n\n'
            "func main() {\n\ts := shop.New()\n\ts.Open()\n\tcart.Total()\n\tother.Total()\n\thttp.Get()\n}\n"
        ),
    }
    g = graph_from_sources(files, root="/go/src/github.com/acme/shop")
    found = {(e.source, e.target) for e in g.edges}
    assert {
        ("examples/main.go::main", "shop.go::New"),
        ("examples/main.go::main", "shop.go::Shop.Open"),
        ("examples/main.go::main", "cart/cart.go::Total"),
        ("examples/main.go", "cart/cart.go"),
    } <= found
    # The standard library's net/http is not the repository's http; another repository's cart is not ours.
    assert ("examples/main.go::main", "http/http.go::Get") not in found
    assert ("examples/main.go", "http/http.go") not in found
    statuses = {(r.ref.receiver, r.ref.name): r.status for r in g.resolved}
    assert statuses[("other", "Total")] == statuses[("http", "Get")] == "external"
    # With a go.mod, the module path decides: the GOPATH reading is off.
    with_mod = {(e.source, e.target) for e in graph_from_sources({"go.mod": GO_MOD, **files}, root="/x/shop").edges}
    assert ("examples/main.go::main", "cart/cart.go::Total") not in with_mod


def test_index_cli_on_a_go_repository(make_repo: Callable[..., Path]) -> None:
    root = make_repo(
        {
            "go.mod": GO_MOD,
            "main.go": 'package main\n\nimport "example.com/shop/cart"\n\nfunc main() {\n\tcart.Total()\n\thelper()\n}\n',
            "util.go": "package main\n\nfunc helper() {}\n",
            "cart/cart.go": "package cart\n\nfunc Total() int { return add(1) }\n",
            "cart/add.go": "package cart\n\nfunc add(n int) int { return n }\n",
            "cart/cart_test.go": 'package cart\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) { Total() }\n',
        }
    )
    runner = CliRunner()
    result = runner.invoke(main, ["index", str(root), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["files"] == 5
    assert summary["edges"]["calls"] == 3
    assert summary["edges"]["tests"] == 1
    result = runner.invoke(main, ["callers", "add", "--root", str(root), "--hops", "2", "--json"])
    assert result.exit_code == 0, result.output
    callers = {(c["id"], c["hop"], c["edge"]) for c in json.loads(result.output)["callers"]}
    assert callers == {
        ("cart/cart.go::Total", 1, "calls"),
        ("main.go::main", 2, "calls"),
        ("cart/cart_test.go::TestTotal", 2, "tests"),
    }
