"""`tests --functions` prints ids the test runner accepts: pytest node ids (file::Class::test),
a helper nested in a test named by its test. Checked with the real pytest."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from diffreach import api
from diffreach.cli import main
from diffreach.languages import language_for
from diffreach.languages.js_tests import block_titles
from diffreach.languages.rust import cargo_test_prefix
from diffreach.languages.test_ids import GO_TEST, JUNIT, TestName, runner_lines

FILES = {
    "app/core.py": "def parse(text):\n    return text.strip()\n",
    "tests/__init__.py": "",
    "tests/test_core.py": (
        "from app.core import parse\n\n\n"
        "def test_plain():\n    assert parse(' a ') == 'a'\n\n\n"
        "def test_nested():\n    def cmd(x):\n        return parse(x)\n\n    assert cmd(' b ') == 'b'\n\n\n"
        "class TestParse:\n    def test_method(self):\n        assert parse(' c ') == 'c'\n"
    ),
    "app/__init__.py": "",
}
EXPECTED = [
    "tests/test_core.py::TestParse::test_method",
    "tests/test_core.py::test_nested",
    "tests/test_core.py::test_plain",
]


def test_functions_are_pytest_node_ids(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    (root / "app/core.py").write_text("def parse(text):\n    return text.strip() or ''\n")
    result = CliRunner().invoke(main, ["tests", "--functions", "--root", str(root)])
    assert result.exit_code == 0, result.output
    ids = result.output.split()
    assert ids == EXPECTED
    data = json.loads(CliRunner().invoke(main, ["tests", "--json", "--root", str(root)]).output)
    assert data["test_ids"] == EXPECTED
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *ids],
        cwd=root,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert collected.returncode == 0, collected.stdout + collected.stderr
    assert [line for line in collected.stdout.splitlines() if "::" in line] == EXPECTED


def test_a_nested_helper_is_named_by_its_test_and_a_jest_test_by_its_file(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo({**FILES, "web/a.test.js": "test('x', () => {});\n"})
    assert CliRunner().invoke(main, ["index", str(root)]).exit_code == 0
    ids = [
        "tests/test_core.py::test_nested.cmd",
        "tests/test_core.py::TestParse.test_method",
        "tests/test_core.py::test_nested",
        "web/a.test.js::x",
    ]
    assert api.runner_test_ids(root, ids) == [
        "tests/test_core.py::test_nested",
        "tests/test_core.py::TestParse::test_method",
        "web/a.test.js",
    ]


# -- the other runners: go test, JUnit, cargo, Jest/Vitest ------------------------------------------

POLYGLOT = {
    "pkg/calc/calc.go": "package calc\n\nfunc Add(a, b int) int { return a + b }\n",
    "pkg/calc/calc_test.go": (
        'package calc\n\nimport "testing"\n\n'
        "func helper() int { return Add(1, 2) }\n\n"
        "func TestAdd(t *testing.T) { _ = Add(1, 2) }\n\n"
        "func TestAddAgain(t *testing.T) { _ = Add(2, 2) }\n"
    ),
    "pkg/solo/solo.go": "package solo\n\nfunc Sub(a, b int) int { return a - b }\n",
    "pkg/solo/solo_test.go": 'package solo\n\nimport "testing"\n\nfunc TestSub(t *testing.T) { _ = Sub(2, 1) }\n',
    "src/main/java/com/acme/Calc.java": (
        "package com.acme;\n\npublic class Calc {\n    public static int add(int a, int b) { return a + b; }\n}\n"
    ),
    "src/test/java/com/acme/CalcTest.java": (
        "package com.acme;\n\nclass CalcTest {\n"
        "    void adds() {\n        Runnable r = () -> Calc.add(1, 2);\n        r.run();\n    }\n\n"
        "    class Inner {\n        void addsInner() { Calc.add(2, 2); }\n    }\n}\n"
    ),
    "Cargo.toml": '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/lib.rs": "pub mod parser;\n",
    "src/parser.rs": (
        "pub fn parse(s: &str) -> usize { s.len() }\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n"
        '    #[test]\n    fn parses() {\n        let n = parse("ab");\n        assert_eq!(n, 2);\n    }\n}\n'
    ),
    # The calls outside the macros: a macro's arguments are tokens to the grammar, not calls.
    "tests/outside.rs": (
        'use demo::parser::parse;\n\n#[test]\nfn parses_outside() {\n    let n = parse("abc");\n    assert_eq!(n, 3);\n}\n'
    ),
    "web/sum.js": "export function sum(a, b) { return a + b; }\n",
    "web/sum.test.js": (
        "import { sum } from './sum';\n\n"
        "describe('sum', () => {\n  it('adds', () => {\n    expect(sum(1, 2)).toBe(3);\n  });\n});\n"
    ),
}
EDITS = {
    "pkg/calc/calc.go": ("a + b", "b + a"),
    "pkg/solo/solo.go": ("a - b", "-b + a"),
    "src/main/java/com/acme/Calc.java": ("a + b", "b + a"),
    "src/parser.rs": ("s.len() }", "s.len() + 0 }"),
    "web/sum.js": ("a + b", "b + a"),
}


def test_each_runner_gets_its_own_form(make_repo: Callable[..., Path]) -> None:
    root = make_repo(POLYGLOT)
    for path, (old, new) in EDITS.items():
        (root / path).write_text((root / path).read_text().replace(old, new))
    lines = CliRunner().invoke(main, ["tests", "--functions", "--root", str(root)]).output.splitlines()
    assert sorted(lines) == sorted(
        [
            "go test ./pkg/calc",  # helper() is no test go can name: the package whole
            "go test -run '^(TestSub)$' ./pkg/solo",
            "com.acme.CalcTest#adds",  # the lambda runs with its test
            "com.acme.CalcTest$Inner#addsInner",
            "parser::tests::parses",  # the inline module read from the file
            "--test outside parses_outside",
            "web/sum.test.js -t '^sum adds( |$)'",  # Jest/Vitest: the file and the titles around the call
        ]
    )


def test_go_names_are_one_pattern_per_package() -> None:
    names = [TestName("pkg/a_test.go", "a", (), n) for n in ("TestA", "TestB", "TestA")]
    assert runner_lines(GO_TEST, names) == ["go test -run '^(TestA|TestB)$' ./pkg"]
    top = [TestName("a_test.go", "a", (), "Test_x.y")]
    assert runner_lines(GO_TEST, top) == ["go test -run '^(Test_x\\.y)$' ./."]
    method = [TestName("pkg/a_test.go", "a", ("Suite",), "TestM")]
    assert runner_lines(GO_TEST, method) == ["go test ./pkg"]
    assert runner_lines(GO_TEST, [TestName("pkg/a_test.go", "a", (), "Testing")]) == ["go test ./pkg"]


def test_junit_and_cargo_forms() -> None:
    junit = [TestName("src/test/java/a/BTest.java", "a", ("BTest", "In"), "t"), TestName("x/CTest.java", "", (), "")]
    assert runner_lines(JUNIT, junit) == ["a.BTest$In#t", "CTest"]
    spec = language_for("src/x.rs")
    assert spec is not None and spec.test_runner is not None
    cases = {
        "src/lib.rs": "",
        "src/a/mod.rs": "a::",
        "src/a/b.rs": "a::b::",
        "crates/core/src/io.rs": "io::",
        "tests/api.rs": "--test api ",
        "tests/big/main.rs": "--test big ",
    }
    assert {path: cargo_test_prefix(path) for path in cases} == cases


def _toolchain() -> dict[str, str] | None:
    """cargo and rustc of an installed toolchain. rustup's proxies read the user's home, which the
    suite never touches unless asked (``DIFFREACH_TEST_TOOLCHAINS=1``): a check to run by hand."""
    if shutil.which("rustup") is None or _REAL_ENV.get("DIFFREACH_TEST_TOOLCHAINS") != "1":
        return None
    found = {}
    for tool in ("cargo", "rustc"):
        which = subprocess.run(["rustup", "which", tool], capture_output=True, text=True, env=_REAL_ENV)
        if which.returncode != 0:
            return None
        found[tool] = which.stdout.strip()
    return found


_REAL_ENV = dict(os.environ)  # read at import, before each test's home is a temporary one


def test_cargo_runs_the_tests_it_is_given(make_repo: Callable[..., Path], tmp_path: Path) -> None:
    tools = _toolchain()
    if tools is None:
        pytest.skip("no Rust toolchain")
    root = make_repo(POLYGLOT)
    (root / "src/parser.rs").write_text((root / "src/parser.rs").read_text().replace("s.len() }", "s.len() + 0 }"))
    lines = CliRunner().invoke(main, ["tests", "--functions", "--root", str(root)]).output.splitlines()
    rust = [line for line in lines if "parse" in line]
    assert rust == ["parser::tests::parses", "--test outside parses_outside"]
    env = {**os.environ, "CARGO_HOME": str(tmp_path / "cargo"), "RUSTC": tools["rustc"]}
    env["CARGO_TARGET_DIR"] = str(tmp_path / "target")
    listed = []
    for line in rust:
        out = subprocess.run(
            [tools["cargo"], "test", "--offline", "-q", *line.split(), "--", "--list"],
            cwd=root,
            capture_output=True,
            text=True,
            env=env,
        )
        assert out.returncode == 0, out.stderr
        listed += [x.removesuffix(": test") for x in out.stdout.splitlines() if x.endswith(": test")]
    assert listed == ["parser::tests::parses", "parses_outside"]


JEST_FILE = """\
import { sum } from './sum';

const base = sum(0, 0);

describe('sum', () => {
  describe.each([1])('table %i', () => {
    it('tabled', () => sum(1, 1));
  });
  it.only(`adds (twice)`, () => {
    function local() {
      return sum(1, 2);
    }
    expect(local()).toBe(3);
  });
  test(`made ${base}`, () => sum(2, 2));
});
"""


def test_jest_titles_around_a_line() -> None:
    spec = language_for("web/sum.test.ts")
    assert spec is not None
    source = JEST_FILE.encode()
    assert block_titles(spec, source, 11) == ("sum", "adds (twice)")
    assert block_titles(spec, source, 15) == ("sum",)  # a title made at run time names nothing
    assert block_titles(spec, source, 7) == ("sum", "tabled")  # describe.each is called twice: no title
    assert block_titles(spec, source, 3) == ()


def test_jest_lines_name_the_blocks_or_the_file(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"web/sum.js": POLYGLOT["web/sum.js"], "web/sum.test.js": JEST_FILE})
    (root / "web/sum.js").write_text("export function sum(a, b) { return b + a; }\n")
    lines = CliRunner().invoke(main, ["tests", "--functions", "--root", str(root)]).output.splitlines()
    assert sorted(lines) == [
        "web/sum.test.js",  # the file's own code (line 3) runs with the file
        "web/sum.test.js -t '^sum adds \\(twice\\)( |$)'",  # through the helper nested in the test
        "web/sum.test.js -t '^sum tabled( |$)'",
        "web/sum.test.js -t '^sum( |$)'",  # a test titled at run time: the describe block it is in
    ]
