"""Spec: behaviour outcomes of session 16 (issue 19). Each through the whole pipeline (a git
repository, the new version in the working tree, ``api.blast_radius``): an old and a new
definition, call sites in, the expected and the forbidden verdicts and labels out."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

# -- a result type declared where none was: the same value, read by a type checker only ----------


def test_python_a_result_annotation_added_over_the_same_returns_is_reach(make_repo: Make) -> None:
    old = "def build(cls, crawler):\n    instance = cls(crawler)\n    return instance\n"
    new = "def build(cls: type, crawler: object) -> object:\n    instance = cls(crawler)\n    return instance\n"
    callers = "from misc import build\n\n\ndef make(c):\n    return build(dict, c)\n"
    got = _radius(make_repo, {"misc.py": old, "use.py": callers}, {"misc.py": new})
    found = got["use.py::make"]
    assert found.verdict != "return-used", found.reasons
    assert _label(found) == "reach"


def test_python_a_result_annotation_added_with_a_new_returned_form_still_counts(make_repo: Make) -> None:
    old = "def build(x):\n    return x\n"
    new = "def build(x) -> object | None:\n    if not x:\n        return None\n    return x\n"
    callers = "from misc import build\n\n\ndef make(c):\n    return build(c).run()\n"
    got = _radius(make_repo, {"misc.py": old, "use.py": callers}, {"misc.py": new})
    found = got["use.py::make"]
    assert found.verdict == "return-used", found.reasons
    assert _label(found) == "behavior-change"


def test_typescript_a_result_type_added_over_the_same_returns_is_reach(make_repo: Make) -> None:
    old = "export function print(ast) {\n  return visit(ast);\n}\nfunction visit(a) {\n  return a;\n}\n"
    new = old.replace("print(ast) {", "print(ast: Node): string {")
    callers = 'import { print } from "./printer";\n\nexport function show(n) {\n  return "x" + print(n);\n}\n'
    got = _radius(make_repo, {"printer.ts": old, "use.ts": callers}, {"printer.ts": new})
    found = got["use.ts::show"]
    assert found.verdict != "return-used", found.reasons
    assert _label(found) == "reach"


def test_go_a_result_added_where_there_was_none_still_counts(make_repo: Make) -> None:
    # Go declares every result: none before is no result, so a new one is a change of contract.
    old = "package a\n\nfunc Run(x int) {\n\t_ = x\n}\n"
    new = "package a\n\nfunc Run(x int) error {\n\t_ = x\n\treturn nil\n}\n"
    callers = "package a\n\nfunc Use() {\n\tRun(1)\n}\n"
    got = _radius(make_repo, {"a/run.go": old, "a/use.go": callers}, {"a/run.go": new})
    found = got["a/use.go::Use"]
    assert _label(found) == "behavior-change", (found.verdict, found.reasons)
