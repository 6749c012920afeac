"""Tests named as each language's runner takes them (``tests --functions``).

A language says how its runner is told which tests to run as data (``TestRunner``, the spec's
``test_runner``); the formatting here is the same for every language. A test is its file, the
scopes around it (classes, modules: the parts of its qualified name before the first function)
and the test itself, the first function of its qualified name: what a function nested in a test
holds runs with that test. pytest takes ``file::Class::test``, JUnit ``package.Class$Inner#test``,
cargo a path ``module::tests::test``, ``go test`` a pattern of names per package directory, Jest
and Vitest a file and ``-t`` the titles of the blocks around the test (``describe``/``it``). A test
the runner cannot select by name (a helper in a test file, a test block no function names, code
at the top of a test file) makes the runner run what holds it whole (``whole``): the file, the
class, the package.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .spec import LanguageSpec


@dataclass(frozen=True, slots=True)
class TestRunner:
    """How a runner names the tests to run. Templates take ``{file}``, ``{dir}`` (the file's
    folder, ``.`` at the top), ``{package}`` (the file's package and a dot, or nothing),
    ``{classes}`` (the scopes joined by ``class_join``), ``{test}``, ``{name}`` (scopes and test
    joined by ``join``), ``{pattern}`` (a regular expression, quoted for a shell, of the name
    and what a group of that name holds), ``{prefix}`` (``prefix(file)``) and, in a grouped line, ``{names}``."""

    __test__ = False  # not a test class, whatever pytest makes of the name

    line: str  # one test
    whole: str  # what holds a test the runner cannot select by name
    join: str = "::"
    class_join: str = "."
    runnable: str = ""  # a regular expression a test's name must match (whole); "" every name
    grouped: bool = False  # one line per folder, the names as regex alternatives in {names}
    prefix: Callable[[str], str] | None = None
    # False: no function of the graph names a test (Jest's are titled calls): ``scopes_at``
    # the lines where the test reaches the change tell which titled blocks hold it.
    names_tests: bool = True
    scoped: bool = True  # False: a test inside a class or type cannot be selected by name
    # Scopes the graph's ids leave out, read from the file at a line, outermost first: Rust's
    # inline modules; Jest's describe/it titles.
    scopes_at: Callable[[LanguageSpec, bytes, int], tuple[str, ...]] | None = None


@dataclass(frozen=True, slots=True)
class TestName:
    """One test to run: its file, the file's package, the scopes around it and its name
    ("" when no function names it: the file's own code, a whole class)."""

    __test__ = False

    file: str
    package: str
    scopes: tuple[str, ...]
    test: str


def runner_lines(runner: TestRunner, tests: Iterable[TestName]) -> list[str]:
    """The lines to give the runner, in the tests' order, each once."""
    if runner.grouped:
        return _grouped(runner, list(tests))
    return list(dict.fromkeys(_line(runner, t) for t in tests))


def _fields(runner: TestRunner, t: TestName) -> dict[str, str]:
    return {
        "file": t.file,
        "dir": t.file.rpartition("/")[0] or ".",
        "package": f"{t.package}." if t.package else "",
        # A test outside any class is held by the file's own (Java's: the class named as the file).
        "classes": runner.class_join.join(t.scopes) or t.file.rpartition("/")[2].partition(".")[0],
        "test": t.test,
        "name": runner.join.join((*t.scopes, t.test)),
        # What a group of that name holds matches too: a title may be a describe block's.
        "pattern": shlex.quote(f"^{_escape(runner.join.join((*t.scopes, t.test)))}( |$)"),
        "prefix": runner.prefix(t.file) if runner.prefix else "",
    }


# What a regular expression of Go (RE2) or JavaScript reads as syntax; everything else stands for itself.
_SPECIAL = re.compile(r"[.*+?^${}()|\[\]\\/]")


def _escape(name: str) -> str:
    return _SPECIAL.sub(lambda m: "\\" + m.group(), name)


def _selectable(runner: TestRunner, t: TestName) -> bool:
    if not t.test or (t.scopes and not runner.scoped):
        return False
    return not runner.runnable or re.fullmatch(runner.runnable, t.test) is not None


def _line(runner: TestRunner, t: TestName) -> str:
    fields = _fields(runner, t)
    return (runner.line if _selectable(runner, t) else runner.whole).format(**fields).strip()


def _grouped(runner: TestRunner, tests: list[TestName]) -> list[str]:
    """One line per folder: its tests' names as alternatives, or the folder whole when one of
    them cannot be selected by name."""
    groups: dict[str, list[TestName]] = {}
    for t in tests:
        groups.setdefault(t.file.rpartition("/")[0] or ".", []).append(t)
    lines: list[str] = []
    for members in groups.values():
        fields = _fields(runner, members[0])
        if all(_selectable(runner, t) for t in members):
            names = dict.fromkeys(_escape(runner.join.join((*t.scopes, t.test))) for t in members)
            lines.append(runner.line.format(**fields, names="|".join(names)))
        else:
            lines.append(runner.whole.format(**fields))
    return list(dict.fromkeys(lines))


# The runners of the languages that name them (each spec points at its own).
PYTEST = TestRunner(line="{file}::{name}", whole="{file}", join="::")
GO_TEST = TestRunner(
    line="go test -run '^({names})$' ./{dir}",
    whole="go test ./{dir}",
    # The functions ``go test`` runs: TestXxx, BenchmarkXxx, ExampleXxx, FuzzXxx (package testing).
    runnable=r"(Test|Benchmark|Example|Fuzz)([^a-z].*)?",
    grouped=True,
    scoped=False,  # a method (a testify suite's) runs through its suite's TestXxx: the package whole
)
# JUnit through Maven Surefire's -Dtest (Gradle's --tests takes the same class names): a nested
# class is Outer$Inner in the binary name the runner matches.
JUNIT = TestRunner(line="{package}{classes}#{test}", whole="{package}{classes}", class_join="$")

__all__ = ["GO_TEST", "JUNIT", "PYTEST", "TestName", "TestRunner", "runner_lines"]
