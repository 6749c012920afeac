"""Overload families (issue 18): a call binds to the members it can run, by the language's rules.

Each test: a small repository in, the expected and the forbidden call edges out.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from diffreach.config import Config
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from diffreach.model import Edge
from tests.test_incremental import dump


def calls(files: dict[str, str]) -> list[Edge]:
    return [e for e in graph_from_sources(files).edges if e.kind == "calls"]


def pairs(files: dict[str, str]) -> set[tuple[str, str, int]]:
    return {(e.source, e.target, e.line) for e in calls(files)}


PY_OVERLOAD = {
    "lib.py": (
        "from typing import overload\n\n"
        "@overload\ndef parse(x: int) -> int: ...\n"
        "@overload\ndef parse(x: str, base: int) -> str: ...\n"
        "def parse(x, base=10):\n    return x\n"
    ),
    "use.py": "from lib import parse\n\ndef one():\n    return parse(1)\n\ndef two():\n    return parse('1', 2)\n",
}


def test_python_calls_bind_to_the_implementation_not_the_overload_stubs() -> None:
    found = {(s, t) for s, t, _ in pairs(PY_OVERLOAD)}
    assert {("use.py::one", "lib.py::parse#3"), ("use.py::two", "lib.py::parse#3")} <= found
    assert not {t for _, t in found} & {"lib.py::parse", "lib.py::parse#2"}


def test_python_redefinitions_without_stubs_are_every_member_marked() -> None:
    files = {
        "lib.py": "import sys\n\nif sys.platform == 'win32':\n    def home():\n        return 'C:'\n"
        "else:\n    def home(user=''):\n        return '/home'\n",
        "use.py": "from lib import home\n\ndef where():\n    return home()\n",
    }
    edges = {e.target: e for e in calls(files) if e.source == "use.py::where"}
    assert set(edges) == {"lib.py::home", "lib.py::home#2"}
    assert edges["lib.py::home"].resolution == "import"  # resolution stays what found the name
    assert edges["lib.py::home"].confidence == edges["lib.py::home#2"].confidence == round(0.95 / 2, 3)


TS = {
    "req.ts": (
        "export class Request {\n"
        "  param(name: string): string;\n"
        "  param(): object;\n"
        "  param(name?: string): any { return name; }\n"
        "  all() { return this.param(); }\n"
        "}\n"
        "export interface Store {\n"
        "  get(key: string): string;\n"
        "  get(): string[];\n"
        "}\n"
        "export function keys(s: Store) { return s.get(); }\n"
        "export function one(s: Store) { return s.get('k'); }\n"
    ),
}


def test_typescript_calls_bind_to_the_signature_with_a_body() -> None:
    found = {(s, t) for s, t, _ in pairs(TS)}
    assert ("req.ts::Request.all", "req.ts::Request.param#3") in found
    assert not {t for s, t in found if s == "req.ts::Request.all"} & {
        "req.ts::Request.param",
        "req.ts::Request.param#2",
    }


def test_typescript_signatures_without_an_implementation_are_chosen_by_arity() -> None:
    found = {(s, t) for s, t, _ in pairs(TS)}
    assert ("req.ts::keys", "req.ts::Store.get#2") in found
    assert ("req.ts::keys", "req.ts::Store.get") not in found
    assert ("req.ts::one", "req.ts::Store.get") in found
    assert ("req.ts::one", "req.ts::Store.get#2") not in found


JAVA = {
    "src/Json.java": (
        "class Json {\n"
        "  Json() {}\n"
        "  Json(String text) {}\n"
        '  String value() { return ""; }\n'
        "  String value(String key) { return key; }\n"
        "}\n"
    ),
    "src/App.java": (
        "class App {\n"
        "  String plain(Json j) { return j.value(); }\n"
        '  String keyed(Json j) { return j.value("k"); }\n'
        '  Json make() { return new Json("{}"); }\n'
        "}\n"
    ),
}


def test_java_calls_bind_to_the_overload_whose_arity_fits() -> None:
    found = {(s, t) for s, t, _ in pairs(JAVA)}
    assert ("src/App.java::App.plain", "src/Json.java::Json.value") in found
    assert ("src/App.java::App.plain", "src/Json.java::Json.value#2") not in found
    assert ("src/App.java::App.keyed", "src/Json.java::Json.value#2") in found
    assert ("src/App.java::App.keyed", "src/Json.java::Json.value") not in found
    assert ("src/App.java::App.make", "src/Json.java::Json.Json#2") in found
    assert ("src/App.java::App.make", "src/Json.java::Json.Json") not in found


def test_csharp_calls_bind_to_the_overload_whose_arity_fits() -> None:
    files = {
        "Json.cs": (
            "class Json {\n"
            '  public string Value() { return ""; }\n'
            "  public string Value(string key) { return key; }\n"
            "  public string Plain() { return Value(); }\n"
            '  public string Keyed() { return this.Value("k"); }\n'
            "}\n"
        )
    }
    found = {(s, t) for s, t, _ in pairs(files)}
    assert ("Json.cs::Json.Plain", "Json.cs::Json.Value") in found
    assert ("Json.cs::Json.Plain", "Json.cs::Json.Value#2") not in found
    assert ("Json.cs::Json.Keyed", "Json.cs::Json.Value#2") in found
    assert ("Json.cs::Json.Keyed", "Json.cs::Json.Value") not in found


def test_java_override_of_one_overload_is_reached_from_that_overload_only() -> None:
    files = {
        "src/Base.java": "class Base {\n  void run() {}\n  void run(int n) {}\n}\n",
        "src/Sub.java": "class Sub extends Base {\n  void run(int n) {}\n}\n",
    }
    dynamic = {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "dynamic"}
    assert ("src/Base.java::Base.run#2", "src/Sub.java::Sub.run") in dynamic
    assert ("src/Base.java::Base.run", "src/Sub.java::Sub.run") not in dynamic


def _radius(root: Path) -> dict[str, dict]:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return {r["id"]: r for r in json.loads(result.output)["callers"]}


def test_a_changed_overload_stub_reaches_the_callers_of_the_implementation(make_repo) -> None:
    root = make_repo({**PY_OVERLOAD, ".diffreach.toml": "warmup_reviews = 0\n"})
    (root / "lib.py").write_text(
        PY_OVERLOAD["lib.py"].replace("def parse(x: int) -> int", "def parse(x: float) -> int")
    )
    radius = _radius(root)
    assert radius["use.py::one"]["hop"] == 1  # parse(1): one argument, as the stub takes
    assert "use.py::two" not in radius  # parse('1', 2): two arguments, the changed stub takes one


def test_a_changed_java_overload_reaches_the_callers_of_that_overload_only(make_repo) -> None:
    root = make_repo({**JAVA, ".diffreach.toml": "warmup_reviews = 0\n"})
    (root / "src/Json.java").write_text(JAVA["src/Json.java"].replace("return key;", "return key.trim();"))
    radius = _radius(root)
    assert radius["src/App.java::App.keyed"]["hop"] == 1
    assert "src/App.java::App.plain" not in radius


def test_an_overload_added_in_another_file_rebinds_its_callers_as_a_rebuild_does(make_repo, tmp_path) -> None:
    root = make_repo(
        {
            "lib.py": "def parse(x, base=10):\n    return x\n",
            "use.py": "from lib import parse\n\ndef one():\n    return parse(1)\n\ndef two():\n    return parse('1', 2)\n",
        }
    )
    kept = Indexer(root, Config(workers=1))
    kept.run()
    (root / "lib.py").write_text(PY_OVERLOAD["lib.py"])
    assert kept.run().mode == "incremental"
    kept.close()
    fresh = tmp_path / "fresh"
    shutil.copytree(root, fresh, ignore=shutil.ignore_patterns(".diffreach"))
    full = Indexer(fresh, Config(workers=1))
    full.run(full=True)
    full.close()
    assert dump(root) == dump(fresh)
    assert ("use.py::one", "lib.py::parse#3", "calls") in {(e[0], e[1], e[2]) for e in dump(root)["edges"]}
