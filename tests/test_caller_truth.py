"""The caller-update truth of bench/review_bench.py: a call of the changed symbol's name counts
only when nothing shows it cannot be a call of it (bench/caller_truth.py). Each test mines a
two-commit repository: the second commit changes a signature and edits calls of that name in
other files, some of which are real callers and some namesakes."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import commit_all, write_files

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import review_bench

MakeRepo = Callable[..., Path]


def truth(
    make_repo: MakeRepo, before: dict[str, str], after: dict[str, str], honest: bool = True
) -> dict[str, list[str]]:
    """The one caller-update case's seed → truth files (empty when no case was mined)."""
    root = make_repo(before)
    write_files(root, after)
    commit_all(root)
    cases = [c for c in review_bench.mine(root, "r", 25, 10, honest=honest) if c.kind == "caller-update"]
    return {c.seed: c.truth_files for c in cases}


JAVA_PARSER = """package p;
class {cls} extends Base {{
    int _parseNum(int c{extra}) {{ return c; }}
    int next() {{ return _parseNum(1{arg}); }}
}}
"""
JAVA_USER = """package p;
class User {{
    int go(ParserA p) {{ return p._parseNum(3{arg}); }}
}}
"""


def test_a_sibling_classs_own_method_of_the_same_name_is_not_a_caller(make_repo: MakeRepo) -> None:
    before = {
        "p/ParserA.java": JAVA_PARSER.format(cls="ParserA", extra="", arg=""),
        "p/ParserB.java": JAVA_PARSER.format(cls="ParserB", extra="", arg=""),
        "p/User.java": JAVA_USER.format(arg=""),
    }
    after = {
        "p/ParserA.java": JAVA_PARSER.format(cls="ParserA", extra=", int d", arg=", 2"),
        "p/ParserB.java": JAVA_PARSER.format(cls="ParserB", extra=", int d", arg=", 2"),
        "p/User.java": JAVA_USER.format(arg=", 2"),
    }
    # ParserB's bare _parseNum() is ParserB's own (implicit this); User's p._parseNum() may be A's.
    assert truth(make_repo, before, after) == {"p/ParserA.java": ["p/User.java"]}
    # The name-only truth (v2, --truth names) counted the sibling too.
    assert truth(make_repo, before, after, honest=False) == {"p/ParserA.java": ["p/ParserB.java", "p/User.java"]}


PY_BASE = """class Base:
    def run(self):
        return self.step(1{arg})

    def step(self, x{extra}):
        return x
"""
PY_SUB = """from base import Base


class {cls}({base}):
    def step(self, x{extra}):
        return x
"""


@pytest.mark.parametrize(("base", "kept"), [("Base", ["base.py"]), ("object", [])])
def test_own_method_call_counts_when_the_changed_class_may_override_it(
    make_repo: MakeRepo, base: str, kept: list[str]
) -> None:
    """``self.step()`` in Base may run Sub.step (Sub extends Base): a caller. In a class that is not
    an ancestor of the changed class it runs that class's own step: not a caller."""
    before = {"base.py": PY_BASE.format(arg="", extra=""), "sub.py": PY_SUB.format(cls="Sub", base=base, extra="")}
    after = {
        "base.py": PY_BASE.format(arg=", 2", extra=", y=None"),
        "sub.py": PY_SUB.format(cls="Sub", base=base, extra=", y"),
    }
    assert truth(make_repo, before, after) == ({"sub.py": kept} if kept else {})


def test_python_bare_call_needs_the_module_imported_but_a_method_on_a_value_does_not(make_repo: MakeRepo) -> None:
    before = {
        "pkg/__init__.py": "",
        "pkg/a.py": "def helper(x):\n    return x\n\n\nclass Conv:\n    def convert(self, v):\n        return v\n",
        "pkg/b.py": "from pkg.a import helper\n\n\ndef use():\n    return helper(1)\n",
        "other/c.py": "from other.util import helper\n\n\ndef use():\n    return helper(1)\n",
        "other/d.py": "def use(conv):\n    return conv.convert(1)\n",
    }
    after = {
        "pkg/a.py": "def helper(x, y):\n    return x\n\n\nclass Conv:\n    def convert(self, v, w):\n        return v\n",
        "pkg/b.py": "from pkg.a import helper\n\n\ndef use():\n    return helper(1, 2)\n",
        "other/c.py": "from other.util import helper\n\n\ndef use():\n    return helper(1, 2)\n",
        "other/d.py": "def use(conv):\n    return conv.convert(1, 2)\n",
    }
    # c.py's helper comes from other.util; d.py's conv may be a Conv though d.py imports nothing.
    assert truth(make_repo, before, after) == {"pkg/a.py": ["other/d.py", "pkg/b.py"]}


def test_python_a_call_qualified_by_a_standard_module_is_not_a_caller(make_repo: MakeRepo) -> None:
    before = {
        "app/paths.py": "def join(a):\n    return a\n",
        "app/use.py": "import os\n\nfrom app import paths\n\n\ndef f():\n    return os.path.join('a') + paths.join('b')\n",
        "app/other.py": "import os\n\n\ndef g():\n    return os.path.join('a')\n",
    }
    after = {
        "app/paths.py": "def join(a, b):\n    return a\n",
        "app/use.py": "import os\n\nfrom app import paths\n\n\ndef f():\n    return os.path.join('a', 'c') + paths.join('b', 'c')\n",
        "app/other.py": "import os\n\n\ndef g():\n    return os.path.join('a', 'c')\n",
    }
    assert truth(make_repo, before, after) == {"app/paths.py": ["app/use.py"]}


GO_MOD = "module example.com/m\n\ngo 1.21\n"


def test_go_package_qualifiers_and_a_receivers_own_method(make_repo: MakeRepo) -> None:
    before = {
        "go.mod": GO_MOD,
        "util/exit.go": "package util\n\nfunc Exit(code int) {}\n\ntype Conn struct{}\n\nfunc (c *Conn) Close() {}\n",
        "cmd/a/main.go": 'package main\n\nimport "os"\n\nfunc main() { os.Exit(1) }\n',
        "cmd/b/main.go": 'package main\n\nimport "example.com/m/util"\n\nfunc main() { util.Exit(1) }\n',
        "db/db.go": "package db\n\ntype DB struct{}\n\nfunc (d *DB) Close() {}\n\nfunc (d *DB) Stop() { d.Close() }\n",
        "cmd/c/main.go": 'package main\n\nimport "example.com/m/util"\nimport "os"\n\nfunc main() { os := util.Conn{}; os.Close() }\n',
    }
    after = {
        "util/exit.go": "package util\n\nfunc Exit(code int, msg string) {}\n\ntype Conn struct{}\n\nfunc (c *Conn) Close(force bool) {}\n",
        "cmd/a/main.go": 'package main\n\nimport "os"\n\nfunc main() { os.Exit(2) }\n',
        "cmd/b/main.go": 'package main\n\nimport "example.com/m/util"\n\nfunc main() { util.Exit(1, "x") }\n',
        "db/db.go": "package db\n\ntype DB struct{}\n\nfunc (d *DB) Close(force bool) {}\n\nfunc (d *DB) Stop() { d.Close(true) }\n",
    }
    # os.Exit is another package's; d.Close() is DB's own method, called on its receiver.
    assert truth(make_repo, before, after) == {"util/exit.go": ["cmd/b/main.go"]}
    assert truth(make_repo, before, after, honest=False) == {
        "util/exit.go": ["cmd/a/main.go", "cmd/b/main.go", "db/db.go"]
    }


def test_javascript_barrels_count_and_other_packages_do_not(make_repo: MakeRepo) -> None:
    before = {
        "src/fmt.js": "export function fmt(a) { return a }\n",
        "src/index.js": "export * from './fmt.js'\n",
        "lib/x.js": "import { fmt } from '../src/index.js'\nexport const x = () => fmt(1)\n",
        "lib/y.js": "import { fmt } from 'date-fns'\nexport const y = () => fmt(1)\n",
        "lib/z.js": "import util from 'node:util'\nexport const z = () => util.fmt(1)\n",
    }
    after = {
        "src/fmt.js": "export function fmt(a, b) { return a }\n",
        "lib/x.js": "import { fmt } from '../src/index.js'\nexport const x = () => fmt(1, 2)\n",
        "lib/y.js": "import { fmt } from 'date-fns'\nexport const y = () => fmt(1, 2)\n",
        "lib/z.js": "import util from 'node:util'\nexport const z = () => util.fmt(1, 2)\n",
    }
    assert truth(make_repo, before, after) == {"src/fmt.js": ["lib/x.js"]}


def test_typescript_root_import_sees_the_package(make_repo: MakeRepo) -> None:
    before = {
        "index.ts": "export function get(u: string) { return u }\n",
        "usage.ts": "import { get } from '.'\nexport const a = get('x')\n",
    }
    after = {
        "index.ts": "export function get(u: string, o: object) { return u }\n",
        "usage.ts": "import { get } from '.'\nexport const a = get('x', {})\n",
    }
    assert truth(make_repo, before, after) == {"index.ts": ["usage.ts"]}


CARGO = '[package]\nname = "{name}"\nversion = "0.1.0"\n\n[dependencies]\n{deps}'


def test_rust_a_crate_that_does_not_depend_on_the_changed_crate_cannot_call_it(make_repo: MakeRepo) -> None:
    before = {
        "core/Cargo.toml": CARGO.format(name="core_x", deps=""),
        "core/src/lib.rs": "pub fn parse(a: u8) -> u8 { a }\n",
        "cli/Cargo.toml": CARGO.format(name="cli_x", deps='core_x = { path = "../core" }\n'),
        "cli/src/main.rs": "use core_x::parse;\nfn main() { parse(1); }\n",
        "other/Cargo.toml": CARGO.format(name="other_x", deps=""),
        "other/src/lib.rs": "use crate::p::parse;\nmod p;\npub fn run() { parse(1); }\n",
    }
    after = {
        "core/src/lib.rs": "pub fn parse(a: u8, b: u8) -> u8 { a }\n",
        "cli/src/main.rs": "use core_x::parse;\nfn main() { parse(1, 2); }\n",
        "other/src/lib.rs": "use crate::p::parse;\nmod p;\npub fn run() { parse(1, 2); }\n",
    }
    assert truth(make_repo, before, after) == {"core/src/lib.rs": ["cli/src/main.rs"]}


def test_a_bare_call_cannot_call_a_method_where_methods_need_a_receiver(make_repo: MakeRepo) -> None:
    before = {
        "a.py": "class Ctx:\n    def header(self, k):\n        return k\n",
        "b.py": "from a import Ctx\nfrom h import header\n\n\ndef f(c):\n    return header(1) + c.header(1)\n",
        "c.py": "from h import header\n\n\ndef g():\n    return header(1)\n",
    }
    after = {
        "a.py": "class Ctx:\n    def header(self, k, v):\n        return k\n",
        "b.py": "from a import Ctx\nfrom h import header\n\n\ndef f(c):\n    return header(1, 2) + c.header(1, 2)\n",
        "c.py": "from h import header\n\n\ndef g():\n    return header(1, 2)\n",
    }
    assert truth(make_repo, before, after) == {"a.py": ["b.py"]}


def test_rust_qualifiers_by_another_type_or_std_and_a_trait_impls_ufcs(make_repo: MakeRepo) -> None:
    before = {
        "src/lib.rs": "pub struct Conf;\nimpl Conf {\n    pub fn build(a: u8) -> Conf { Conf }\n}\n"
        "impl Default for Conf {\n    fn default() -> Conf { Conf }\n}\n",
        "src/a.rs": "use std::cell::RefCell;\nuse crate::Conf;\nfn f() { RefCell::build(1); Other::build(1); Conf::build(1); }\n",
        "src/b.rs": "fn g() -> crate::Conf { Default::default() }\n",
    }
    after = {
        "src/lib.rs": "pub struct Conf;\nimpl Conf {\n    pub fn build(a: u8, b: u8) -> Conf { Conf }\n}\n"
        "impl Default for Conf {\n    fn default(x: u8) -> Conf { Conf }\n}\n",
        "src/a.rs": "use std::cell::RefCell;\nuse crate::Conf;\nfn f() { RefCell::build(1, 2); Other::build(1, 2); Conf::build(1, 2); }\n",
        "src/b.rs": "fn g() -> crate::Conf { Default::default(1) }\n",
    }
    # Default::default() may run Conf's (a trait method called through its trait): kept.
    assert truth(make_repo, before, after) == {"src/lib.rs": ["src/a.rs", "src/b.rs"]}


def test_rust_another_types_associated_function_is_not_a_caller(make_repo: MakeRepo) -> None:
    before = {
        "src/lib.rs": "pub struct Conf;\nimpl Conf {\n    pub fn build(a: u8) -> Conf { Conf }\n}\n",
        "src/a.rs": "use std::cell::RefCell;\nfn f() { RefCell::build(1); Other::build(1); }\n",
    }
    after = {
        "src/lib.rs": "pub struct Conf;\nimpl Conf {\n    pub fn build(a: u8, b: u8) -> Conf { Conf }\n}\n",
        "src/a.rs": "use std::cell::RefCell;\nfn f() { RefCell::build(1, 2); Other::build(1, 2); }\n",
    }
    assert truth(make_repo, before, after) == {}
    assert truth(make_repo, before, after, honest=False) == {"src/lib.rs": ["src/a.rs"]}


def test_python_a_local_import_shadows_the_files_own_function(make_repo: MakeRepo) -> None:
    """serving.py defines a deprecated ``run`` wrapper, but the function that calls ``run``
    imports the real one locally: that call is a caller."""
    wrapper = "def run(*a):\n    from .reload import run\n\n    return run(*a)\n\n\n"
    before = {
        "pkg/__init__.py": "",
        "pkg/reload.py": "def run(f):\n    return f\n",
        "pkg/serving.py": wrapper + "def serve():\n    from .reload import run\n\n    return run(1)\n",
    }
    after = {
        "pkg/reload.py": "def run(f, g=None):\n    return f\n",
        "pkg/serving.py": wrapper + "def serve():\n    from .reload import run\n\n    return run(1, g=2)\n",
    }
    assert truth(make_repo, before, after) == {"pkg/reload.py": ["pkg/serving.py"]}


def test_typescript_a_workspace_package_import_may_reexport_the_changed_module(make_repo: MakeRepo) -> None:
    before = {
        "packages/vue/package.json": '{"name": "vue"}\n',
        "packages/vue/src/index.ts": "export * from '@vue/reactivity'\n",
        "packages/reactivity/package.json": '{"name": "@vue/reactivity"}\n',
        "packages/reactivity/src/ref.ts": "export function unref(r: any) { return r }\n",
        "packages/dts/ref.ts": "import { unref } from 'vue'\nexport const a = unref(1)\n",
        "packages/other/use.ts": "import { unref } from 'not-ours'\nexport const b = unref(1)\n",
    }
    after = {
        "packages/reactivity/src/ref.ts": "export function unref(r: any, d?: any) { return r }\n",
        "packages/dts/ref.ts": "import { unref } from 'vue'\nexport const a = unref(1, 2)\n",
        "packages/other/use.ts": "import { unref } from 'not-ours'\nexport const b = unref(1, 2)\n",
    }
    assert truth(make_repo, before, after) == {"packages/reactivity/src/ref.ts": ["packages/dts/ref.ts"]}
