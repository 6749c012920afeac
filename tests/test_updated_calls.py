"""A change that adds a parameter a call may leave out and updates existing calls to pass it:
the calls it left as they were are flagged ``passed-elsewhere`` (medium), each naming the call
that passes it (issue 19, ``review/updated_calls.py``). Through the command line, on temporary
git repositories, the change left in the working tree.

Forbidden: the flag where the change updates no call (a new option used by a new call only, or
by nobody, or passed on by a delegate from its own parameter), where a parameter was renamed (the binder's to judge), and on a call that passes
the new parameter itself."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from diffreach.cli import main
from diffreach.languages.signatures import Parameter, ParamKind
from diffreach.review.updated_calls import added_optional
from tests.conftest import write_files

FETCH_OLD = """\
def fetch(url, timeout=5):
    return url


def install(app):
    return fetch(app.url)
"""
# The change adds ``retries`` and updates its own existing call to pass it.
FETCH_NEW = """\
def fetch(url, timeout=5, retries=0):
    return url


def install(app):
    return fetch(app.url, retries=2)
"""
PY_CALLERS = """\
from lib import fetch


def command(url):
    return fetch(url)


def command_over_lines(url):
    return fetch(
        url,
        timeout=3,
    )


def already_passes(url):
    return fetch(url, 3, 1)
"""


def _hop1(root: Path) -> dict[str, dict]:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json", "--hops", "1"])
    assert result.exit_code == 0, result.output
    return {row["id"]: row for row in json.loads(result.output)["callers"] if row["hop"] == 1}


def test_calls_left_as_they_were_are_flagged_with_the_updated_call(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"lib.py": FETCH_OLD, "use.py": PY_CALLERS})
    write_files(root, {"lib.py": FETCH_NEW})
    rows = _hop1(root)
    for caller in ("use.py::command", "use.py::command_over_lines"):
        assert rows[caller]["label"] == "behavior-change"
        assert rows[caller]["verdict"] == "passed-elsewhere"
        assert rows[caller]["reasons"][0] == (
            "new parameter `retries` is left to its default here; this change passes it at a call it updated (lib.py:6)"
        )
    assert rows["use.py::command"]["call_lines"] == [5]
    # A call that passes the new parameter (here by position) was written for it: reach.
    assert rows["use.py::already_passes"]["label"] == "reach"
    assert rows["use.py::already_passes"]["verdict"] == "fits-new-only"


@pytest.mark.parametrize(
    "new_lib",
    [
        # Nobody passes the new parameter: every call is reach.
        FETCH_NEW.replace("fetch(app.url, retries=2)", "fetch(app.url)"),
        # The updated call passes on its own caller's parameter (a delegate threading the option).
        FETCH_NEW.replace("def install(app):", "def install(app, retries=0):").replace("retries=2", "retries=retries"),
        # Only a call the change adds passes it (a new use, not an update of the others).
        FETCH_NEW.replace(
            "return fetch(app.url, retries=2)",
            "return fetch(app.url)\n\n\ndef retry(u):\n    return fetch(u, retries=2)",
        ),
    ],
)
def test_no_flag_without_an_updated_call_that_passes_it(make_repo: Callable[..., Path], new_lib: str) -> None:
    root = make_repo({"lib.py": FETCH_OLD, "use.py": PY_CALLERS})
    write_files(root, {"lib.py": new_lib})
    rows = _hop1(root)
    assert rows["use.py::command"]["label"] == "reach"
    assert rows["use.py::command"]["verdict"] == "still-binds"


def test_a_renamed_parameter_is_not_an_added_one(make_repo: Callable[..., Path]) -> None:
    # ``timeout`` renamed ``deadline`` and passed at the updated call: the binder judges renames;
    # the calls that leave it out bind as before (reach).
    renamed = FETCH_NEW.replace("timeout=5, retries=0", "deadline=5").replace("retries=2", "deadline=2")
    root = make_repo({"lib.py": FETCH_OLD, "use.py": PY_CALLERS.replace("timeout=3,", "")})
    write_files(root, {"lib.py": renamed})
    rows = _hop1(root)
    assert rows["use.py::command"]["label"] == "reach"


TS_OLD = """\
export function render(tpl: string): string {
  return tpl;
}

export function page(): string {
  return render('p');
}
"""
TS_NEW = TS_OLD.replace("render(tpl: string)", "render(tpl: string, escape?: boolean)").replace(
    "render('p')", "render('p', true)"
)
TS_CALLER = "import { render } from './lib';\n\nexport function footer(): string {\n  return render('f');\n}\n"
JS_OLD = "export function log(msg) {\n  return msg;\n}\n\nexport function start() {\n  return log('s');\n}\n"
JS_NEW = JS_OLD.replace("log(msg)", "log(msg, level)").replace("log('s')", "log('s', 'info')")
JS_CALLER = "import { log } from './lib.js';\n\nexport function stop() {\n  return log('x');\n}\n"


@pytest.mark.parametrize(
    ("files", "new", "caller"),
    [
        ({"src/lib.ts": TS_OLD, "src/use.ts": TS_CALLER}, {"src/lib.ts": TS_NEW}, "src/use.ts::footer"),
        # JavaScript binds every call: a parameter without a default is one a call may leave out,
        # and a new one is already flagged ``left-undefined``; the updated call names it.
        ({"lib.js": JS_OLD, "use.js": JS_CALLER}, {"lib.js": JS_NEW}, "use.js::stop"),
    ],
)
def test_typescript_and_javascript(
    make_repo: Callable[..., Path], files: dict[str, str], new: dict[str, str], caller: str
) -> None:
    root = make_repo(files)
    write_files(root, new)
    row = _hop1(root)[caller]
    assert row["label"] == "behavior-change"
    assert row["verdict"] in {"passed-elsewhere", "left-undefined"}
    if caller.endswith("footer"):
        assert row["verdict"] == "passed-elsewhere"


def test_added_optional_reads_additions_only() -> None:
    a, b = Parameter("a"), Parameter("b", has_default=True)
    self = Parameter("self", ParamKind.RECEIVER)
    assert added_optional((self, a), (self, a, b), loose_arity=False) == (2,)
    assert added_optional((a,), (a, Parameter("c")), loose_arity=False) == ()  # required: the binder's
    assert added_optional((a,), (a, Parameter("c")), loose_arity=True) == (1,)
    assert added_optional((a, Parameter("x", has_default=True)), (a, b), loose_arity=False) == ()  # a rename
    assert added_optional((a,), (a, Parameter("rest", ParamKind.VAR_POSITIONAL)), loose_arity=False) == ()


SHAPES_OLD = """\
class Frame:
    def validate(self, obj):
        return obj


class Column:
    def validate(self, obj):
        return obj


class Multi(Frame):
    def validate(self, obj):
        return super().validate(obj)
"""
# Both ``validate`` methods gain ``head``; the updated call in ``Multi`` calls ``Frame``'s.
SHAPES_NEW = (
    SHAPES_OLD.replace("def validate(self, obj):", "def validate(self, obj, head=None):")
    .replace("super().validate(obj)", "super().validate(obj, 5)")
    .replace(
        "class Multi(Frame):\n    def validate(self, obj, head=None):",
        "class Multi(Frame):\n    def validate(self, obj):",
    )
)
SHAPES_CALLERS = """\
from shapes import Column, Frame


def check_column(c: Column, o):
    return c.validate(o)


def check_frame(f: Frame, o):
    return f.validate(o)
"""


def test_an_updated_call_counts_for_the_definition_it_calls_only(make_repo: Callable[..., Path]) -> None:
    # ``super().validate(obj, 5)`` calls ``Frame.validate`` (the graph's edge), not its namesake
    # ``Column.validate``: the calls of ``Column.validate`` are not flagged by it.
    root = make_repo({"shapes.py": SHAPES_OLD, "use.py": SHAPES_CALLERS})
    write_files(root, {"shapes.py": SHAPES_NEW})
    rows = _hop1(root)
    assert rows["use.py::check_frame"]["verdict"] == "passed-elsewhere"
    assert rows["use.py::check_frame"]["reasons"][0].endswith("(shapes.py:13)")
    assert rows["use.py::check_column"]["label"] == "reach"
