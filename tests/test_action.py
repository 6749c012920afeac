"""The GitHub Action's logic, run as the action runs it: its two scripts (``action/``) against a
real review and a stand-in ``gh``, and the workflow text of ``action.yml`` (no YAML parser needed).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from diffreach.cli import main
from tests.test_review import ACTION, MARKER, action_steps

SCRIPTS = Path(__file__).resolve().parent.parent / "action"
BOT = "github-actions[bot]"

# ----- outputs.py: the figures a workflow gates on ----------------------------------------------


def test_outputs_count_behaviour_changes_files_tests_and_say_whether_the_context_fits(
    make_repo: Callable[..., Path], tmp_path: Path
) -> None:
    root = make_repo(
        {
            "lib.py": "def area(w, h):\n    return w * h\n",
            "app.py": "from lib import area\n\n\ndef main():\n    return area(2, 3)\n\n\ndef run():\n    return main()\n",
            "test_lib.py": "from lib import area\n\n\ndef test_area():\n    assert area(1, 1) == 1\n",
        }
    )
    (root / "lib.py").write_text("def area(w, h, d):\n    return w * h * d\n")
    data = tmp_path / "review.json"
    args = ["review", "--root", str(root), "--json-file", str(data), "--budget", "50", "--no-warmup"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(MARKER)  # the Markdown still goes to stdout
    out = tmp_path / "github_output"
    env = {**os.environ, "GITHUB_OUTPUT": str(out)}
    subprocess.run([sys.executable, str(SCRIPTS / "outputs.py"), str(data)], check=True, env=env)
    outputs = dict(line.split("=", 1) for line in out.read_text().splitlines())
    assert outputs == {
        "behaviour-changes": "1",  # main no longer fits the new signature; run only reaches it
        "callers": "2",  # main and run (the test is a test to run, not a caller)
        "files-reached": "1",  # app.py
        "tests": "1",
        "fits": "false",  # 50 tokens cannot hold the diff
    }


def test_outputs_without_a_review_context_leave_fits_empty(tmp_path: Path) -> None:
    data = tmp_path / "review.json"
    data.write_text(json.dumps({"callers": [], "files_by_hop": {"0": 1}, "tests": [], "fits": None}))
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "outputs.py"), str(data)],
        check=True,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "GITHUB_OUTPUT"},
    )
    assert done.stdout == "behaviour-changes=0\ncallers=0\nfiles-reached=0\ntests=0\nfits=\n"


# ----- sticky_comment.py: the action's own comment, and only it -----------------------------------

FAKE_GH = """\
#!{python}
# A stand-in for `gh api`: serves comments from STATE, records every call in LOG.
import json, os, re, sys
state = json.load(open(os.environ["FAKE_GH_STATE"]))
args = sys.argv[1:]
with open(os.environ["FAKE_GH_LOG"], "a") as log:
    log.write(json.dumps(args) + "\\n")
assert args[0] == "api", args
if args[1:] == ["user"]:
    if state["user"] is None:
        sys.exit("gh: Resource not accessible by integration (HTTP 403)")
    print(json.dumps({{"login": state["user"]}}))
    sys.exit(0)
if "--method" in args:
    sys.exit(0)
page = int(re.search(r"page=(\\d+)$", args[1]).group(1))
per = int(re.search(r"per_page=(\\d+)", args[1]).group(1))
print(json.dumps(state["comments"][(page - 1) * per : page * per]))
"""


def run_sticky(tmp_path: Path, comments: list[dict[str, Any]], user: str | None = None) -> list[list[str]]:
    """Run the script as the action does; the ``gh api`` calls it made."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    gh = bin_dir / "gh"
    gh.write_text(textwrap.dedent(FAKE_GH.format(python=sys.executable)))
    gh.chmod(0o755)
    state, log, body = tmp_path / "state.json", tmp_path / "log", tmp_path / "body.md"
    state.write_text(json.dumps({"user": user, "comments": comments}))
    body.write_text(MARKER + "\n### Blast radius\n")
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "FAKE_GH_STATE": str(state),
        "FAKE_GH_LOG": str(log),
        "REPO": "o/r",
        "PR": "7",
    }
    env.pop("AUTHOR", None)
    subprocess.run([sys.executable, str(SCRIPTS / "sticky_comment.py"), str(body)], check=True, env=env)
    return [json.loads(line) for line in log.read_text().splitlines()]


def comment(id_: int, login: str, body: str) -> dict[str, Any]:
    return {"id": id_, "user": {"login": login}, "body": body}


def writes(calls: list[list[str]]) -> list[tuple[str, str]]:
    return [(c[c.index("--method") + 1], c[c.index("--method") + 2]) for c in calls if "--method" in c]


def test_a_users_comment_quoting_the_marker_is_never_patched(tmp_path: Path) -> None:
    found = [
        comment(1, "alice", f"{MARKER}\nI pasted your marker"),
        comment(2, "alice", "looks good"),
        comment(3, BOT, f"{MARKER}\n### Blast radius\nold"),
    ]
    assert writes(run_sticky(tmp_path, found)) == [("PATCH", "repos/o/r/issues/comments/3")]


def test_without_a_comment_of_its_own_the_action_posts_one(tmp_path: Path) -> None:
    found = [comment(1, "alice", f"{MARKER}\nquoted"), comment(2, BOT, "another bot message, no marker")]
    assert writes(run_sticky(tmp_path, found)) == [("POST", "repos/o/r/issues/7/comments")]


def test_a_personal_token_finds_the_comment_its_own_account_wrote(tmp_path: Path) -> None:
    found = [comment(1, BOT, f"{MARKER}\nfrom another setup"), comment(2, "ci-user", f"{MARKER}\nmine")]
    calls = run_sticky(tmp_path, found, user="ci-user")
    assert writes(calls) == [("PATCH", "repos/o/r/issues/comments/2")]
    body_arg = calls[-1][calls[-1].index("-F") + 1]
    assert body_arg.startswith("body=@") and body_arg.endswith("body.md")


def test_the_comments_are_read_page_by_page(tmp_path: Path) -> None:
    found = [comment(i, "alice", f"comment {i}") for i in range(1, 151)] + [comment(151, BOT, MARKER)]
    calls = run_sticky(tmp_path, found)
    assert sum(1 for c in calls if "comments?per_page=" in c[1]) == 2
    assert writes(calls) == [("PATCH", "repos/o/r/issues/comments/151")]


# ----- action.yml: caches, install, working directory, outputs -----------------------------------


def step(name: str) -> str:
    return next(s for s in action_steps() if s.startswith(f"    - name: {name}\n"))


def test_a_push_to_the_default_branch_indexes_and_saves_the_graph_a_pull_request_restores() -> None:
    index, save = step("Index the default branch"), step("Save the graph")
    assert "if: github.event_name == 'push'\n" in index and "run: diffreach index" in index
    assert "uses: actions/cache/save@" in save and "key: diffreach-${{ runner.os }}-${{ github.sha }}" in save
    assert "github.ref == format('refs/heads/{0}', github.event.repository.default_branch)" in save
    restore = step("Restore the graph")
    assert "restore-keys: |\n          diffreach-${{ runner.os }}-\n" in restore  # a pull request takes the newest
    for name in ("Make the base commit available", "Review", "Post or update the sticky comment"):
        assert "github.event_name != 'push'" in step(name), name


def test_the_action_installs_only_what_it_runs_and_caches_pip() -> None:
    install = step("Install diffreach")
    assert 'pip install --quiet --disable-pip-version-check "$GITHUB_ACTION_PATH"\n' in install
    assert "[mcp]" not in install.split("run:", 1)[1]
    cache = step("Cache pip")
    assert "path: ${{ steps.pip.outputs.dir }}" in cache and "restore-keys:" in cache
    assert 'sha256sum "$GITHUB_ACTION_PATH/pyproject.toml"' in step("Locate the pip cache")


def test_every_step_in_the_checkout_runs_in_the_working_directory() -> None:
    text = ACTION.read_text()
    assert "\n  working-directory:\n" in text.split("\noutputs:", 1)[0]
    for s in action_steps():
        if "diffreach index" in s or "diffreach review" in s or "git " in s:
            assert "      working-directory: ${{ inputs.working-directory }}\n" in s, s
        if "/.diffreach\n" in s:
            assert "${{ inputs.working-directory }}/.diffreach\n" in s
            assert "${{ inputs.working-directory }}/.git/diffreach-store-id\n" in s


@pytest.mark.parametrize("name", ["behaviour-changes", "callers", "files-reached", "tests", "fits", "review-json"])
def test_the_gating_outputs_are_declared(name: str) -> None:
    outputs = ACTION.read_text().split("\noutputs:\n", 1)[1].split("\nruns:\n", 1)[0]
    assert f"\n  {name}:\n" in outputs
    if name != "review-json":
        assert f"value: ${{{{ steps.outputs.outputs.{name} }}}}" in outputs
