"""A name bound to one of several values holds either, each a candidate: Python's ``a or b`` (a
when true, else b) and ``a if c else b`` (Reference, "Boolean operations", "Conditional
expressions"), ECMAScript's ``a ?? b`` and ``a || b`` ("Binary Logical Operators"). A null
alternative adds nothing; candidates of one class, or of a class and its subclasses, type the
name by that class (a union of a class and its subclass is the class); unrelated ones say nothing,
so the call stays matched by name."""

from __future__ import annotations

import pytest

from diffreach.index.build import graph_from_sources
from tests.conftest import calls_from_f

PY_CLASSES = (
    "class Client:\n    def send(self):\n        pass\n\n"
    "class Retrying(Client):\n    def send(self):\n        pass\n\n"
    "class Other:\n    def send(self):\n        pass\n"
)
PY_TYPED = {
    "or_parameter": (
        "from typing import Optional\n\nclass Api:\n"
        "    def __init__(self, client: Optional[Client] = None):\n        self.client = client or Client()\n\n"
        "    def f(self):\n        self.client.send()\n"
    ),
    "or_untyped": "def f(c=None):\n    c = c or Client()\n    c.send()\n",
    "conditional_none": "def f(flag):\n    c = Client() if flag else None\n    c.send()\n",
    "conditional_subclass": "def f(flag):\n    c = Retrying() if flag else Client()\n    c.send()\n",
}


def py_callees(body: str) -> dict[str, str]:
    files = {"shop.py": PY_CLASSES, "use.py": "from shop import Client, Retrying, Other\n\n" + body}
    return calls_from_f(files, "send")


@pytest.mark.parametrize("case", sorted(PY_TYPED))
def test_python_either_value_types_the_name_by_the_class_its_candidates_share(case: str) -> None:
    assert py_callees(PY_TYPED[case]) == {"shop.py::Client.send": "type"}


def test_python_unrelated_candidates_leave_the_call_matched_by_name() -> None:
    found = py_callees("def f(flag):\n    c = Client() if flag else Other()\n    c.send()\n")
    assert set(found) == {"shop.py::Client.send", "shop.py::Retrying.send", "shop.py::Other.send"}
    assert set(found.values()) == {"ambiguous-name"}


TS_DIALOGS = (
    "export interface IDialogs { restart(x: number): Promise<boolean>; }\n"
    "export class Dialogs implements IDialogs {\n  constructor(o: object) {}\n  async restart(x: number) { return true; }\n}\n"
    "export class Other { restart(x: number) {} }\n"
)
TS_TYPED = {
    "nullish": "export function f(d_: IDialogs | null) {\n  const d = d_ ?? new Dialogs({});\n  d.restart(1);\n}\n",
    "or": "export function f(d_?: IDialogs) {\n  const d =\n    d_ || new Dialogs({});\n  d.restart(1);\n}\n",
    "field": (
        "export class Panel {\n  private d: IDialogs;\n  constructor(d_: IDialogs | null) { this.d = d_ ?? new Dialogs({}); }\n"
        "  f() { this.d.restart(1); }\n}\n"
    ),
}


@pytest.mark.parametrize("case", sorted(TS_TYPED))
def test_typescript_nullish_or_logical_or_types_the_name_by_the_shared_interface(case: str) -> None:
    use = "import { IDialogs, Dialogs } from './dialogs';\n" + TS_TYPED[case]
    files = {"src/dialogs.ts": TS_DIALOGS, "src/use.ts": use}
    edges = graph_from_sources(files).edges
    from_f = (e for e in edges if e.kind == "calls" and e.source.endswith(("::f", ".f")))
    restarts = {(e.target, e.resolution) for e in from_f if e.target.endswith(".restart")}
    assert restarts == {("src/dialogs.ts::IDialogs.restart", "type")}
    # The interface's method runs an implementation: the dispatch edge to Dialogs' restart.
    assert ("src/dialogs.ts::IDialogs.restart", "src/dialogs.ts::Dialogs.restart") in {
        (e.source, e.target) for e in edges if e.kind == "dynamic"
    }
