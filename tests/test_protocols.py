"""Protocol methods (issue 18): syntax that runs a method of its operand's type binds to that
method where the type is known (``a[i]`` → ``__getitem__``, ``with a`` → ``__enter__`` and
``__exit__``, ``a()`` of an instance → ``__call__``, …), and to nothing where it is not: no type,
a class named directly, a class without the method. Never by name."""

from __future__ import annotations

from pathlib import Path

from diffreach.config import Config
from diffreach.extract.core import extract
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from diffreach.languages import language_for
from diffreach.model import RefKind
from tests.test_incremental import dump, rebuilt

TABLE = (
    "class Table:\n"
    "    def __getitem__(self, k):\n        return k\n\n"
    "    def __setitem__(self, k, v):\n        pass\n\n"
    "    def __delitem__(self, k):\n        pass\n\n"
    "    def __len__(self):\n        return 0\n\n"
    "    def __iter__(self):\n        return iter(())\n\n"
    "    def __contains__(self, x):\n        return False\n\n"
    "    def __enter__(self):\n        return self\n\n"
    "    def __exit__(self, *exc):\n        pass\n\n"
    "    async def __aenter__(self):\n        return self\n\n"
    "    async def __aexit__(self, *exc):\n        pass\n\n"
    "    def __add__(self, other):\n        return self\n\n"
    "    def __lt__(self, other):\n        return False\n\n"
    "    def __neg__(self):\n        return self\n\n"
    "    def __call__(self):\n        return 1\n"
)
# Unrelated classes with the same method names, and one without any protocol method.
OTHERS = (
    "class Other:\n"
    "    def __getitem__(self, k):\n        return 0\n\n"
    "    def __enter__(self):\n        return self\n\n"
    "    def __call__(self):\n        return 2\n\n"
    "class Plain:\n    def get(self):\n        return 0\n"
)


def calls(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}


def lines(files: dict[str, str]) -> set[tuple[str, int, str]]:
    return {(e.source, e.line, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}


def test_each_syntax_binds_to_the_method_of_the_operands_declared_type() -> None:
    use = (
        "from t import Table\n\n"
        "def use(t: Table):\n"
        "    t[1]\n"
        "    t[2] = 3\n"
        "    del t[4]\n"
        "    len(t)\n"
        "    for x in t:\n        pass\n"
        "    with t as q:\n        pass\n"
        "    t + 1\n"
        "    t < 2\n"
        "    3 in t\n"
        "    -t\n"
        "    t()\n"
    )
    found = lines({"t.py": TABLE, "o.py": OTHERS, "use.py": use})
    expected = {
        (4, "__getitem__"),
        (5, "__setitem__"),
        (6, "__delitem__"),
        (7, "__len__"),
        (8, "__iter__"),
        (10, "__enter__"),
        (10, "__exit__"),
        (12, "__add__"),
        (13, "__lt__"),
        (14, "__contains__"),
        (15, "__neg__"),
        (16, "__call__"),
    }
    assert {(line, target.rpartition(".")[2]) for source, line, target in found if source == "use.py::use"} == expected
    assert not [f for f in found if f[2].startswith("o.py")]  # the same names elsewhere: never by name


def test_an_assigned_or_deleted_subscript_is_not_also_read_and_async_with_is_not_with() -> None:
    use = (
        "from t import Table\n\n"
        "async def use(t: Table):\n"
        "    t[1] = 2\n"
        "    del t[3]\n"
        "    t[4] += 1\n"
        "    async with t:\n        pass\n"
    )
    found = {(line, target.rpartition(".")[2]) for _, line, target in lines({"t.py": TABLE, "use.py": use})}
    assert found == {
        (4, "__setitem__"),
        (5, "__delitem__"),
        (6, "__getitem__"),
        (6, "__setitem__"),
        (7, "__aenter__"),
        (7, "__aexit__"),
    }


def test_no_type_known_no_edge() -> None:
    use = (
        "from t import Table\nfrom o import Other, Plain\n\n"
        "def unknown(u):\n    u[1]\n    with u:\n        pass\n    u()\n\n"
        "def plain(p: Plain):\n    p[1]\n    p()\n    with p:\n        pass\n\n"
        "def the_class():\n    Table[int]\n    len(Table)\n"
    )
    found = calls({"t.py": TABLE, "o.py": OTHERS, "use.py": use})
    assert not [f for f in found if f[0].startswith("use.py") and "__" in f[1]]
    # The class named directly is not an instance: no constructor either for Table[int].
    assert ("use.py::the_class", "t.py::Table.__getitem__") not in found


def test_a_call_of_a_value_holding_an_instance_runs_its_call_method_not_a_function_of_that_name() -> None:
    files = {
        "t.py": TABLE,
        "o.py": OTHERS,
        "h.py": "def handler():\n    return 0\n",
        "use.py": (
            "from t import Table\nfrom o import Plain\n\n"
            "class Holder:\n"
            "    def __init__(self, t: Table, p: Plain):\n        self.t = t\n        self.p = p\n\n"
            "    def run(self):\n        self.t()\n        self.p()\n\n"
            "def local():\n    handler = Table()\n    handler()\n\n"
            "def plain():\n    handler = Plain()\n    handler()\n"
        ),
    }
    found = calls(files)
    assert ("use.py::Holder.run", "t.py::Table.__call__") in found
    assert ("use.py::Holder.run", "t.py::Table.__init__") not in found  # a field's value is no constructor call
    assert ("use.py::local", "t.py::Table.__call__") in found
    assert not [f for f in found if f[0] == "use.py::plain" and f[1] != "o.py::Plain"]  # Plain() only
    assert ("use.py::plain", "h.py::handler") not in found  # the name holds a Plain, not the function
    assert not [f for f in found if f[1].startswith("o.py::Other")]


def test_self_and_inherited_protocol_methods() -> None:
    files = {
        "t.py": TABLE,
        "sub.py": (
            "from t import Table\n\n"
            "class Sub(Table):\n"
            "    def first(self):\n        return self[0]\n\n"
            "def use(s: Sub):\n    return s[1]\n"
        ),
    }
    found = calls(files)
    assert ("sub.py::Sub.first", "t.py::Table.__getitem__") in found
    assert ("sub.py::use", "t.py::Table.__getitem__") in found


def test_a_call_result_and_a_with_item_typed_by_their_callee() -> None:
    files = {
        "t.py": TABLE,
        "use.py": (
            "from t import Table\n\n"
            "def make() -> Table:\n    return Table()\n\n"
            "def use():\n    make()[0]\n    with Table() as t:\n        pass\n    for x in make():\n        pass\n"
        ),
    }
    found = {(line, target.rpartition(".")[2]) for src, line, target in lines(files) if src == "use.py::use"}
    assert {(7, "__getitem__"), (8, "__enter__"), (8, "__exit__"), (10, "__iter__")} <= found


def test_protocol_references_are_their_own_kind() -> None:
    spec = language_for("a.py")
    assert spec is not None
    refs = extract("a.py", b"def f(u):\n    u[0]\n    return u + 1\n", spec).refs
    protocol = {(r.name, r.receiver) for r in refs if r.kind == RefKind.PROTOCOL}
    assert protocol == {("__getitem__", "u"), ("__add__", "u")}


def test_a_class_gaining_a_protocol_method_reaches_its_users_on_update(make_repo, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    files = {
        "t.py": "class Table:\n    def keys(self):\n        return ()\n",
        "use.py": "from t import Table\n\ndef use(t: Table):\n    return t['k']\n",
    }
    root = make_repo(files)
    ix = Indexer(root, Config(workers=1))
    ix.run()
    (root / "t.py").write_text(files["t.py"] + "\n    def __getitem__(self, k):\n        return k\n")
    assert ix.run().mode == "incremental"
    ix.close()
    after = dump(root)
    assert ("use.py::use", "t.py::Table.__getitem__", "calls", "type") in {e[:4] for e in after["edges"]}  # type: ignore[attr-defined]
    assert after == rebuilt(root, tmp_path / "fresh")


PROPS = (
    "import functools\n\n"
    "class Account:\n"
    "    @property\n    def balance(self):\n        return 1\n\n"
    "    @functools.cached_property\n    def owner(self):\n        return 'o'\n\n"
    "    def close(self):\n        return 0\n\n"
    "    def audit(self):\n        return self.balance\n\n"
    "class Ledger:\n"
    "    @property\n    def balance(self):\n        return 2\n"
)


def test_reading_a_property_of_a_known_type_runs_its_getter() -> None:
    use = (
        "from acc import Account\n\n"
        "def use(a: Account, u):\n"
        "    x = a.balance\n"
        "    if a.owner:\n        pass\n"
        "    print(a.balance)\n"
        "    f = a.close\n"
        "    y = u.balance\n"
        "    return a.balance + 1\n\n"
        "def the_class():\n    return Account.balance\n"
    )
    found = lines({"acc.py": PROPS, "use.py": use})
    got = {(src.partition("::")[2], line, tgt.partition("::")[2]) for src, line, tgt in found}
    assert {
        ("use", 4, "Account.balance"),
        ("use", 5, "Account.owner"),
        ("use", 7, "Account.balance"),
        ("use", 10, "Account.balance"),
        ("Account.audit", 16, "Account.balance"),
    } <= got
    assert ("use", 8, "Account.close") not in got  # a method read, not called: it does not run
    assert not [g for g in got if g[2].startswith("Ledger")]  # the same name elsewhere, u unknown
    assert not [g for g in got if g[0] == "the_class"]  # the class's attribute is the property object


def test_a_method_becoming_a_property_reaches_its_readers_on_update(make_repo, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    files = {
        "acc.py": "class Account:\n    def balance(self):\n        return 1\n",
        "use.py": "from acc import Account\n\ndef use(a: Account):\n    return a.balance\n",
    }
    root = make_repo(files)
    ix = Indexer(root, Config(workers=1))
    ix.run()
    (root / "acc.py").write_text(files["acc.py"].replace("    def", "    @property\n    def"))
    assert ix.run().mode == "incremental"
    after = dump(root)
    assert ("use.py::use", "acc.py::Account.balance", "calls", "type") in {e[:4] for e in after["edges"]}  # type: ignore[attr-defined]
    assert after == rebuilt(root, tmp_path / "fresh")
    (root / "acc.py").write_text(files["acc.py"])  # and back: a method read is no call
    assert ix.run().mode == "incremental"
    ix.close()
    assert dump(root) == rebuilt(root, tmp_path / "fresh2")


GETTERS = {
    "acc.js": (
        "export class Account {\n"
        "  get balance() { return 1 }\n"
        "  set balance(v) {}\n"
        "  plain() { return 0 }\n"
        "  audit() { return this.balance; }\n"
        "}\n"
        "export class Ledger {\n  get balance() { return 2 }\n}\n"
    ),
    "use.js": (
        "import { Account } from './acc.js';\n"
        "export function use() {\n"
        "  const a = new Account();\n"
        "  const x = a.balance;\n"
        "  const f = a.plain;\n"
        "  show(a.balance);\n"
        "  return `${a.balance}`;\n"
        "}\n"
        "export function unknown(u) {\n  return u.balance;\n}\n"
    ),
}


def test_javascript_a_getter_runs_where_its_member_is_read() -> None:
    for ext in ("js", "ts"):
        files = {path.replace(".js", f".{ext}"): text.replace(".js'", f".{ext}'") for path, text in GETTERS.items()}
        found = {(s, line, t) for s, line, t in lines(files)}
        acc, use = f"acc.{ext}", f"use.{ext}"
        assert {(f"{use}::use", n, f"{acc}::Account.balance") for n in (4, 6, 7)} <= found
        assert (f"{acc}::Account.audit", 5, f"{acc}::Account.balance") in found
        assert not [f for f in found if f[2] in (f"{acc}::Account.plain", f"{acc}::Account.balance#2")]
        assert not [f for f in found if "Ledger" in f[2] or f[0] == f"{use}::unknown"]


SETTERS = (
    "class Account:\n"
    "    @property\n    def balance(self):\n        return 1\n\n"
    "    @balance.setter\n    def balance(self, value):\n        pass\n\n"
    "    @property\n    def owner(self):\n        return 'o'\n\n"
    "class Ledger:\n"
    "    @property\n    def balance(self):\n        return 2\n\n"
    "    @balance.setter\n    def balance(self, value):\n        pass\n"
)


def test_assigning_a_property_of_a_known_type_runs_its_setter() -> None:
    use = (
        "from acc import Account\n\n"
        "def use(a: Account, u):\n"
        "    a.balance = 3\n"
        "    a.owner = 'x'\n"
        "    a.note = 1\n"
        "    a.balance += 1\n"
        "    u.balance = 4\n"
        "    Account.balance = 5\n"
    )
    found = {
        (line, t.partition("::")[2]) for s, line, t in lines({"acc.py": SETTERS, "use.py": use}) if s == "use.py::use"
    }
    assert found == {(4, "Account.balance#2"), (7, "Account.balance"), (7, "Account.balance#2")}


def test_javascript_a_setter_runs_where_its_member_is_assigned() -> None:
    files = {
        "acc.js": "export class Account {\n  set balance(v) {}\n  get balance() { return 1 }\n  get owner() { return 2 }\n}\n",
        "use.js": (
            "import { Account } from './acc.js';\n"
            "export function use() {\n"
            "  const a = new Account();\n"
            "  a.balance = 3;\n"
            "  a.owner = 4;\n"
            "  a.balance += 1;\n"
            "  return a.balance;\n"
            "}\n"
        ),
    }
    found = {(line, t.partition("::")[2]) for s, line, t in lines(files) if s == "use.js::use"}
    setter, getter = "Account.balance", "Account.balance#2"  # the setter is written first
    assert {(4, setter), (6, getter), (6, setter), (7, getter)} <= found
    assert not [f for f in found if f[1] == "Account.owner" or (f[0] == 4 and f[1] == getter)]


def test_a_property_gaining_a_setter_reaches_its_assignments_on_update(make_repo, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    getter = "class Account:\n    @property\n    def balance(self):\n        return 1\n"
    files = {"acc.py": getter, "use.py": "from acc import Account\n\ndef use(a: Account):\n    a.balance = 2\n"}
    root = make_repo(files)
    ix = Indexer(root, Config(workers=1))
    ix.run()
    (root / "acc.py").write_text(getter + "\n    @balance.setter\n    def balance(self, v):\n        pass\n")
    assert ix.run().mode == "incremental"
    ix.close()
    after = dump(root)
    assert ("use.py::use", "acc.py::Account.balance#2", "calls", "type") in {e[:4] for e in after["edges"]}  # type: ignore[attr-defined]
    assert after == rebuilt(root, tmp_path / "fresh")


def test_a_call_of_an_instances_class_runs_that_class_init() -> None:
    # The data model: an instance's __class__ is its type, so type(x)(…) and x.__class__(…)
    # construct x's class; where x's type is unknown, nothing is bound (never by name).
    files = {
        "shape.py": "class Shape:\n    def __init__(self, w):\n        self.w = w\n\n"
        "    def copy(self):\n        return type(self)(self.w)\n\n"
        "    def clone(self):\n        return self.__class__(self.w)\n",
        "other.py": "class Other:\n    def __init__(self, w):\n        pass\n",
        "use.py": "from shape import Shape\n\n"
        "def twin(s: Shape):\n    return type(s)(1)\n\n"
        "def guess(x):\n    return x.__class__(2)\n",
    }
    got = calls(files)
    assert ("shape.py::Shape.copy", "shape.py::Shape.__init__") in got
    assert ("shape.py::Shape.clone", "shape.py::Shape.__init__") in got
    assert ("use.py::twin", "shape.py::Shape.__init__") in got
    assert not {t for s, t in got if s == "use.py::guess"}
    assert ("shape.py::Shape.copy", "other.py::Other.__init__") not in got
