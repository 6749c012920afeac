"""A changed signature of a Java base method is a change of its overrides (JLS 8.4.8.1): the
callers that call an override through the subclass's type are callers of the change. A body change
of the base leaves them out, and so does a language where an override may take other parameters."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main

JAVA = {
    ".diffreach.toml": "warmup_reviews = 0\n",
    "src/Callback.java": "interface Callback {\n  void clientError(String message);\n  void done();\n}\n",
    "src/UiCallback.java": (
        "public class UiCallback implements Callback {\n"
        "  public void clientError(String message) { }\n  public void done() { }\n}\n"
    ),
    "src/Other.java": "public class Other {\n  public void clientError(String message) { }\n}\n",
    "src/Handler.java": (
        "class Handler {\n  UiCallback callback;\n  Other other;\n"
        '  void handle() { callback.clientError("x"); }\n'
        '  void unrelated() { other.clientError("y"); }\n'
        "  void finish() { callback.done(); }\n}\n"
    ),
}

PYTHON = {
    ".diffreach.toml": "warmup_reviews = 0\n",
    "base.py": "class Callback:\n    def client_error(self, message):\n        pass\n",
    "ui.py": (
        "from base import Callback\n\nclass UiCallback(Callback):\n    def client_error(self, message):\n        pass\n"
    ),
    "handler.py": "from ui import UiCallback\n\ndef handle(cb: UiCallback):\n    cb.client_error('x')\n",
}


def _callers(root: Path) -> dict[str, dict]:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return {r["id"]: r for r in json.loads(result.output)["callers"]}


def test_a_changed_base_signature_reaches_the_callers_of_its_overrides(make_repo) -> None:
    root = make_repo(JAVA)
    (root / "src/Callback.java").write_text(JAVA["src/Callback.java"].replace("String message", "Error error"))
    callers = _callers(root)
    assert callers["src/Handler.java::Handler.handle"]["hop"] == 1
    assert "src/Handler.java::Handler.unrelated" not in callers  # Other does not implement Callback
    assert "src/Handler.java::Handler.finish" not in callers  # done() did not change


def test_a_body_change_of_the_base_leaves_the_overrides_callers_out(make_repo) -> None:
    files = {**JAVA, "src/Callback.java": JAVA["src/Callback.java"].replace("void done();", "default void done() { }")}
    root = make_repo(files)
    (root / "src/Callback.java").write_text(files["src/Callback.java"].replace("{ }", "{ clientError(null); }"))
    assert "src/Handler.java::Handler.finish" not in _callers(root)  # UiCallback.done runs its own body


def test_a_python_override_may_keep_its_own_parameters(make_repo) -> None:
    root = make_repo(PYTHON)
    (root / "base.py").write_text(PYTHON["base.py"].replace("message", "message, code"))
    assert "handler.py::handle" not in _callers(root)
