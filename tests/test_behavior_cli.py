"""The issue's synthetic signature change through the command line (issue 19): a temporary git
repository with Python, TypeScript and Go callers, the change left in the working tree,
``diffreach impact --json``. Every call that still binds is labelled ``reach``, every one that
breaks ``behavior-change``, each with its reason."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from tests.conftest import write_files

ECHO_OLD = "def echo(message=None, file=None, nl=True, err=False):\n    print(message)\n"
# Keyword-only from `newline` on, `nl` renamed `newline`, `message` now required.
ECHO_NEW = "def echo(message, file=None, *, newline=True, err=False):\n    print(message)\n"
PY_CALLERS = """\
from out import echo


def renamed_keyword():
    echo("x", nl=False)


def now_required():
    echo(err=True)


def now_keyword_only():
    echo("x", None, False)


def binds():
    echo("x")


def binds_over_lines():
    echo(
        "x",
        file=None,
        err=True,
    )
"""

FETCH_OLD = "export function fetchAll(url: string, retries?: number): number {\n  return 1;\n}\n"
FETCH_NEW = FETCH_OLD.replace("retries?: number", "retries: number")
TS_CALLERS = """\
import { fetchAll } from './lib';

export function once(): number {
  return fetchAll('u');
}

export function twice(): number {
  return fetchAll(
    'u',
    2,
  );
}
"""

SUM_OLD = "package lib\n\nfunc Sum(a int, b int) int {\n\treturn a + b\n}\n"
SUM_NEW = "package lib\n\nfunc Sum(a int, b int, c int) int {\n\treturn a + b + c\n}\n"
GO_CALLER = 'package app\n\nimport "example.com/m/lib"\n\nfunc Use() int {\n\treturn lib.Sum(1, 2)\n}\n'

EXPECTED = {
    "use.py::renamed_keyword": ("behavior-change", "`nl=` no longer exists (now `newline`?)"),
    "use.py::now_required": ("behavior-change", "`message` is now required"),
    "use.py::now_keyword_only": ("behavior-change", "`newline` is keyword-only now: pass it as `newline=`"),
    "use.py::binds": ("reach", "binds as before"),
    "use.py::binds_over_lines": ("reach", "binds as before"),
    "src/use.ts::once": ("behavior-change", "`retries` is now required"),
    "src/use.ts::twice": ("reach", "binds as before"),
    "app/app.go::Use": ("behavior-change", "new parameter `c` is required and not passed"),
}


def test_the_synthetic_signature_change_through_the_command_line(make_repo: Callable[..., Path]) -> None:
    root = make_repo(
        {
            "out.py": ECHO_OLD,
            "use.py": PY_CALLERS,
            "src/lib.ts": FETCH_OLD,
            "src/use.ts": TS_CALLERS,
            "go.mod": "module example.com/m\n\ngo 1.21\n",
            "lib/lib.go": SUM_OLD,
            "app/app.go": GO_CALLER,
        }
    )
    write_files(root, {"out.py": ECHO_NEW, "src/lib.ts": FETCH_NEW, "lib/lib.go": SUM_NEW})
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json", "--hops", "1"])
    assert result.exit_code == 0, result.output
    rows = {row["id"]: row for row in json.loads(result.output)["callers"] if row["hop"] == 1}
    got = {rid: (row["label"], row["reasons"][0] if row["reasons"] else "") for rid, row in rows.items()}
    assert got == EXPECTED
    # Each flagged call is named by its line.
    assert rows["use.py::renamed_keyword"]["call_lines"] == [5]
    assert rows["src/use.ts::once"]["call_lines"] == [4]


def test_a_hub_lists_every_call_that_no_longer_binds_past_the_sample(make_repo: Callable[..., Path]) -> None:
    # 30 callers (past the utility cap of 20); 15 pass an argument the new signature refuses:
    # every one is listed, past the sample of 10, and the rest are counted.
    callers = {
        f"c{i:02d}.py": f"from lib import f\n\n\ndef use{i:02d}():\n    return f({'1, 2' if i % 2 else '1'})\n"
        for i in range(30)
    }
    root = make_repo({"lib.py": "def f(a, b=0):\n    return a\n", **callers})
    write_files(root, {"lib.py": "def f(a):\n    return a\n"})
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json", "--hops", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    shown = {row["id"]: row for row in data["callers"] if row["hop"] == 1}
    broken = {f"c{i:02d}.py::use{i:02d}" for i in range(30) if i % 2}
    assert set(shown) == broken
    assert all(shown[b]["label"] == "behavior-change" and shown[b]["verdict"] == "no-longer-binds" for b in broken)
    assert data["hub_callers"] == [{"id": "lib.py::f", "total": 30}]
    assert any("every one of the 15 that no longer bind is listed, 15 more" in n for n in data["notes"])
