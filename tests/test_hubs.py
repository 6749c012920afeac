"""A changed hub: the callers shown are sampled after resolution, and the count is what
``--all-callers`` lists (spec: issue 18, "hubs")."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main

CONTEXT = "class Context:\n    def header(self, name):\n        return name\n"


def _callers(prefix: str, n: int, call: str) -> str:
    return "".join(f"def {prefix}{i}(x):\n    return {call}\n\n" for i in range(n))


def _repo() -> dict[str, str]:
    return {
        "web/__init__.py": "",
        "web/context.py": CONTEXT,
        # Calls on the hub's own class: resolved, and in the hub's package (two calls each:
        # callers are counted, not call sites).
        "web/views.py": "from web.context import Context\n\nctx = Context()\n\n"
        + _callers("v", 4, "(ctx.header('a'),\n            ctx.header('b'))"),
        # Resolved calls from another package.
        "app/__init__.py": "",
        "app/pages.py": "from web.context import Context\n\nctx = Context()\n\n" + _callers("p", 8, "ctx.header('a')"),
        # Calls on receivers of unknown type: matched by name among three classes.
        "net/__init__.py": "",
        "net/request.py": "class Request:\n    def header(self, name):\n        return name\n",
        "net/response.py": "class Response:\n    def header(self, name):\n        return name\n",
        "app/guess.py": _callers("g", 15, "x.header('a')"),
        # Tests are returned apart: counted in neither the sample nor the total.
        "tests/test_web.py": "from web.context import Context\n\nctx = Context()\n\n"
        + "".join(f"def test_{i}():\n    assert ctx.header('a')\n\n" for i in range(6)),
    }


def _impact(root: Path, *args: str) -> dict:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_hub_sample_is_resolved_callers_of_its_own_package_first(make_repo) -> None:
    root = make_repo(_repo())
    (root / "web/context.py").write_text(CONTEXT.replace("return name", "return name.lower()"))
    data = _impact(root)
    shown = [r for r in data["callers"] if r["hop"] == 1]
    assert len(shown) == 10
    assert all(r["resolution"] != "ambiguous-name" for r in shown)
    assert {r["id"] for r in shown} >= {f"web/views.py::v{i}" for i in range(4)}
    assert not [r for r in shown if r["id"].startswith("app/guess.py")]
    assert not [r for r in shown if r["id"].startswith("tests/")]


def test_hub_note_counts_what_all_callers_returns(make_repo) -> None:
    root = make_repo(_repo())
    (root / "web/context.py").write_text(CONTEXT.replace("return name", "return name.lower()"))
    data = _impact(root)
    everyone = [r for r in _impact(root, "--all-callers")["callers"] if r["hop"] == 1]
    assert data["hub_callers"] == [{"id": "web/context.py::Context.header", "total": len(everyone)}]
    assert len(everyone) == 4 + 8 + 15
    assert any(f"has {len(everyone)} callers; showing 10" in n for n in data["notes"])


APP = "class App:\n    def update_styles(self, node):\n        return node\n"


def test_a_call_of_the_hub_is_shown_before_subclasses_that_only_inherit_it(make_repo) -> None:
    """A subclass that inherits the changed method makes no call of it (its outcome is
    ``inherited``, low): a real call ranks before it, even a call from another package, one that
    still binds and one bound by a unique name, never after it as a caller whose call could not be
    read."""
    files = {
        "ui/__init__.py": "",
        "ui/app.py": APP,
        "lib/__init__.py": "",
        "lib/dom.py": "from ui.app import App\n\n\ndef refresh(app: App, node):\n    app.update_styles(node)\n",
        # A receiver of unknown type, the method's name unique in the repository: a guess, but a call.
        "lib/docs.py": "def shoot(pilot):\n    pilot.app.update_styles(None)\n",
    }
    for i in range(25):  # in the hub's own package, which ranks first among equals
        files[f"ui/ex{i}.py"] = f"from ui.app import App\n\n\nclass Example{i}(App):\n    pass\n"
    root = make_repo(files)
    (root / "ui/app.py").write_text(APP.replace("(self, node)", "(self, node, animate=True)"))
    data = _impact(root)
    shown = {r["id"]: r for r in data["callers"] if r["hop"] == 1}
    assert data["hub_callers"] == [{"id": "ui/app.py::App.update_styles", "total": 27}]
    assert len(shown) == 10
    assert shown["lib/dom.py::refresh"]["verdict"] == "still-binds"
    assert shown["lib/docs.py::shoot"]["resolution"] == "unique-name"
    assert all(r["verdict"] == "inherited" for i, r in shown.items() if i.startswith("ui/ex"))
    # The note says how many of the 27 make no call: the 25 subclasses.
    assert any("has 27 callers (25 of them subclasses that only inherit it); showing 10" in n for n in data["notes"])


def test_a_caller_used_as_a_table_entry_ranks_by_its_uses(make_repo) -> None:
    """A handler stored in tables is used where it is stored, never called by name: it ranks by
    how often it is referenced, as a function does by how often it is called."""
    files = {"core/__init__.py": "", "core/hub.py": "def hub(x):\n    return x\n"}
    for i in range(24):
        files[f"core/plain{i}.py"] = f"from core.hub import hub\n\n\ndef plain{i}():\n    return hub({i})\n"
    files["core/zz_handler.py"] = "from core.hub import hub\n\n\ndef on_save(event):\n    return hub(event)\n"
    for i in range(3):
        files[f"core/table{i}.py"] = f"from core.zz_handler import on_save\n\nHANDLERS{i} = {{'save': on_save}}\n"
    root = make_repo(files)
    (root / "core/hub.py").write_text("def hub(x):\n    return [x]\n")
    shown = {r["id"] for r in _impact(root)["callers"] if r["hop"] == 1}
    assert "core/zz_handler.py::on_save" in shown, sorted(shown)
