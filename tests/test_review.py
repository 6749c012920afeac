"""The PR comment: golden files for whole outputs, pieces as specifications, and the CLI."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from diffreach.cli import main
from diffreach.model import Change, ImpactResult, IndexState, Radius, Reached
from diffreach.present.pr_comment import MARKER, render_review, review_data, summary_line

GOLDEN = Path(__file__).parent / "golden"
SAVINGS = {"estimated": True, "saved_tokens": 41234, "saved_percent": 94}


def sample_impact(stale: bool = False) -> ImpactResult:
    changed = (
        Change(
            "app/core.py::parse",
            "function",
            "app/core.py",
            ("signature",),
            1,
            4,
            "def parse(text, strict=False):",
            "def parse(text):",
        ),
        Change("app/core.py::legacy", "function", "app/core.py", ("deleted",), 10, 12),
        Change("app/util.py::slug", "function", "app/util.py", ("body",), 3, 5),
    )
    reached = (
        Reached(
            "app/api.py::handle",
            "function",
            "app/api.py",
            1,
            "app/core.py::parse",
            "calls",
            "import",
            1.0,
            4,
            9,
            lines=(6,),
            verdict="no-longer-binds",
            severity="high",
            reasons=("too many positional arguments: takes 2, given 3",),
            call_lines=(6,),
        ),
        Reached(
            "app/old.py::Loader.run",
            "method",
            "app/old.py",
            1,
            "app/core.py::legacy",
            "calls",
            "name",
            0.95,
            7,
            20,
            lines=(9,),
        ),
        Reached(
            "app/views.py::title",
            "function",
            "app/views.py",
            1,
            "app/util.py::slug",
            "calls",
            "import",
            0.2,
            2,
            4,
            lines=(3,),
        ),
        Reached(
            "app/cli.py::main",
            "function",
            "app/cli.py",
            2,
            "app/api.py::handle",
            "calls",
            "ambiguous-name",
            0.4,
            1,
            8,
            lines=(5,),
        ),
        Reached(
            "app/web.py::dispatch",
            "function",
            "app/web.py",
            2,
            "app/api.py::handle",
            "calls",
            "import",
            0.4,
            3,
            30,
            hub=True,
            lines=(12,),
        ),
    )
    radius = Radius(
        changed=changed,
        reached=reached,
        uses=("app/core.py::split",),
        tests=("tests/test_api.py::test_handle", "tests/test_core.py::test_parse"),
        test_files=("tests/test_api.py", "tests/test_core.py"),
        files=("app/api.py", "app/cli.py", "app/core.py", "app/old.py", "app/util.py", "app/views.py", "app/web.py"),
        truncated=True,
        notes=(
            "app/web.py::dispatch is a hub (> 20 callers): listed, not expanded",
            "1 edges in the radius rest on ambiguous name matches",
        ),
        ambiguous_edges=(("app/cli.py::main", "app/api.py::handle"),),
    )
    head = "9" * 40 if stale else "1" * 40
    return ImpactResult(
        radius,
        "",
        (),
        IndexState("1" * 40, head, False, stale),
        base="0123456789abcdef" * 2 + "01234567",
        head="(working tree)",
    )


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text)
    assert text == path.read_text()


def test_golden_review_comment() -> None:
    golden("review_small.md", render_review(review_data(sample_impact(), savings=SAVINGS, context_tokens=2480)))


def test_golden_review_of_a_change_that_touches_no_symbol() -> None:
    empty = ImpactResult(
        Radius((), (), (), (), (), (), False, ("not analysed (binary or unsupported): logo.png",)),
        "",
        (),
        IndexState("a" * 40, "a" * 40, False, False),
        base="b" * 40,
    )
    golden("review_empty.md", render_review(review_data(empty)))


def _one_change(reached: tuple[Reached, ...], notes: tuple[str, ...] = (), stale: bool = False) -> ImpactResult:
    change = Change("app/core.py::parse", "function", "app/core.py", ("body",), 1, 4)
    radius = Radius((change,), reached, (), (), (), ("app/core.py",), False, notes)
    head = "9" * 40 if stale else "1" * 40
    return ImpactResult(radius, "", (), IndexState("1" * 40, head, False, stale), base="b" * 40)


def test_golden_review_of_a_caller_in_the_changed_file() -> None:
    """Before: "files reached: 0 at hop 1" above a hop-1 list holding one caller (it counted new files only)."""
    caller = Reached(
        "app/core.py::load", "function", "app/core.py", 1, "app/core.py::parse", "calls", "local", 0.2, 8, 10
    )
    text = render_review(review_data(_one_change((caller,))))
    assert "files reached: 1 at hop 1" in text
    golden("review_same_file.md", text)


def test_golden_review_of_a_change_no_caller_reaches() -> None:
    """Before: "the callers below are reached" with no caller below."""
    text = render_review(review_data(_one_change(())))
    assert "callers below" not in text and "the graph reaches no caller" in text
    golden("review_no_callers.md", text)


def test_golden_review_says_each_note_once() -> None:
    """Before: the stale graph and the ambiguous edges were each said twice, once in the comment's
    words and once in the radius's own note."""
    caller = Reached(
        "app/api.py::handle", "function", "app/api.py", 1, "app/core.py::parse", "calls", "ambiguous-name", 0.2, 4, 9
    )
    notes = (
        "1 edges in the radius rest on ambiguous or name-only matches",
        "graph reflects 111111111111, HEAD is 999999999999 with uncommitted changes",
        "app/api.py::handle is a hub (> 20 callers): listed, not expanded",
        "app/api.py::handle is a hub (> 20 callers): listed, not expanded",
    )
    result = _one_change((caller,), notes, stale=True)
    data = review_data(replace(result, radius=replace(result.radius, ambiguous_edges=(("a", "b"),))))
    text = render_review(data)
    notes_text = text.split("**Notes**", 1)[1]
    assert notes_text.count("stale") + notes_text.count("graph reflects") == 1
    assert notes_text.count("ambiguous") == 1 and notes_text.count("is a hub") == 1
    golden("review_notes_once.md", text)


def test_golden_review_of_an_over_budget_context() -> None:
    """Before: a context of 13,257 tokens against a budget of 8,000 was said on stderr only."""
    data = review_data(
        sample_impact(), savings=SAVINGS, context_tokens=13_257, context_budget=8_000, context_fits=False
    )
    text = render_review(data)
    assert "review context 13,257 tokens (over its 8,000-token budget)" in text
    assert "- the review context does not fit its budget: 13,257 of 8,000 tokens" in text
    assert data["fits"] is False and data["context_budget"] == 8_000
    golden("review_over_budget.md", text)
    within = render_review(review_data(sample_impact(), context_tokens=2480, context_budget=8_000, context_fits=True))
    assert "over its" not in within and "does not fit" not in within


def test_summary_line_counts_files_first_reached_at_each_hop() -> None:
    line = summary_line(review_data(sample_impact(), savings=SAVINGS, context_tokens=2480))
    assert line == (
        "**diffreach** · 3 symbols changed in 2 files · files reached: 3 at hop 1, 2 at hop 2 · "
        "2 may change behaviour · 2 test files to run · "
        "review context 2,480 tokens, saved ≈41,234 tokens (94%) vs the whole repository"
    )


def test_without_a_context_the_summary_has_no_token_figures() -> None:
    assert "tokens" not in summary_line(review_data(sample_impact()))


def test_behaviour_table_says_why_and_keeps_reach_only_callers_out() -> None:
    text = render_review(review_data(sample_impact()))
    table = text.split("#### Callers whose behaviour may change (2)", 1)[1].split("<details>", 1)[0]
    # The call sites were judged: the reason and the line of the call.
    assert (
        "| `handle` | 1 | `parse` (calls) | too many positional arguments: takes 2, given 3 | `app/api.py:6` |" in table
    )
    assert "| `Loader.run` | 1 | `legacy` (calls) | was deleted | `app/old.py:7` |" in table
    assert "title" not in table


def test_stale_graph_and_cuts_are_in_the_notes() -> None:
    text = render_review(review_data(sample_impact(stale=True)))
    notes = text.split("**Notes**", 1)[1]
    assert "- the graph may be stale: it reflects 111111111111, HEAD is 999999999999" in notes
    assert "- this radius was cut by a cap: some callers are not listed" in notes
    assert "- 1 edge rests on ambiguous name matches: those callers may be false positives" in notes


def test_long_hop_lists_are_capped_and_say_so() -> None:
    text = render_review(review_data(sample_impact()), max_listed=1)
    assert "- …and 2 more" in text  # hop 1 has three callers


def test_table_cells_escape_pipes() -> None:
    impact = sample_impact()
    odd = Reached("a.py::x|y", "function", "a.py", 1, "app/core.py::parse", "calls", "import", 0.9, 1, 2)
    radius = impact.radius

    data = review_data(replace(impact, radius=replace(radius, reached=(*radius.reached, odd))))
    assert "| `x\\|y` | 1 |" in render_review(data)


def test_review_command_prints_the_comment_and_writes_the_context(
    make_repo: Callable[..., Path], tmp_path: Path
) -> None:
    root = make_repo(
        {
            "lib.py": "def area(w, h):\n    return w * h\n",
            "app.py": "from lib import area\n\n\ndef main():\n    return area(2, 3)\n",
            "test_lib.py": "from lib import area\n\n\ndef test_area():\n    assert area(1, 1) == 1\n",
        }
    )
    (root / "lib.py").write_text("def area(w, h, d):\n    return w * h * d\n")
    ctx_file = tmp_path / "context.md"
    result = CliRunner().invoke(main, ["review", "--root", str(root), "--context-file", str(ctx_file)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(MARKER + "\n")
    assert (
        "1 symbol changed in 1 file · files reached: 1 at hop 1 · 1 may change behaviour · 1 test file to run"
        in result.output
    )
    assert "| `main` | 1 | `area` (calls) |" in result.output
    assert "lib.py::area" in ctx_file.read_text()


def test_review_command_json(make_repo: Callable[..., Path]) -> None:
    root = make_repo(
        {
            "lib.py": "def area(w, h):\n    x = w * h\n    return x\n",
            "app.py": "from lib import area\n\n\ndef main():\n    return area(2, 3)\n",
        }
    )
    (root / "lib.py").write_text("def area(w, h):\n    x = h * w\n    return x\n")
    result = CliRunner().invoke(main, ["review", "--root", str(root), "--format", "json", "--no-context"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [(c["id"], c["change"]) for c in data["changed"]] == [("lib.py::area", ["body"])]
    assert [(x["id"], x["label"]) for x in data["callers"]] == [("app.py::main", "reach")]
    assert data["savings"] is None and data["context_tokens"] is None


@pytest.mark.parametrize("args", [["--base", "nope-not-a-rev"], ["--base", "HEAD", "--staged"]])
def test_review_command_refuses_bad_input_in_one_line(make_repo: Callable[..., Path], args: list[str]) -> None:
    root = make_repo({"lib.py": "def f():\n    return 1\n"})
    result = CliRunner().invoke(main, ["review", "--root", str(root), *args])
    assert result.exit_code == 2
    assert result.output.startswith("error: ") and result.output.count("\n") == 1


# ----- the GitHub Action -------------------------------------------------------------------------

ACTION = Path(__file__).parent.parent / "action.yml"


def action_steps() -> list[str]:
    """The text of each step of the composite action (PyYAML is not a dependency: split by indentation)."""
    text = ACTION.read_text()
    steps = text.split("\nruns:\n", 1)[1].split("\n  steps:\n", 1)[1]
    return ["    - " + s for s in steps.split("\n    - ")[1:]] if steps.startswith("    - ") else []


def test_action_is_a_composite_action_whose_run_steps_name_a_shell() -> None:
    text = ACTION.read_text()
    assert "\nruns:\n  using: composite\n" in text
    for name in ("base:", "comment:", "context:", "budget:", "github-token:"):
        assert f"\n  {name}\n" in text.split("\noutputs:", 1)[0]
    steps = action_steps()
    assert len(steps) >= 6
    for step in steps:
        if "\n      run:" in step:
            assert "\n      shell: bash\n" in step, step  # composite actions require it on every run step


def test_action_restores_the_graph_by_prefix_and_finds_its_comment_with_a_script() -> None:
    steps = action_steps()
    cache = next(s for s in steps if "uses: actions/cache/restore@" in s)
    assert "/.diffreach\n" in cache and "key: diffreach-${{ runner.os }}-${{ inputs.base || github.sha }}" in cache
    assert "restore-keys: |\n          diffreach-${{ runner.os }}-\n" in cache
    assert "/.git/diffreach-store-id\n" in cache  # the id that binds the graph to a checkout
    post = next(s for s in steps if "sticky comment" in s)
    assert "action/sticky_comment.py" in post  # tested in tests/test_action.py


def test_action_runs_only_commands_and_options_the_cli_has() -> None:
    import click

    used: list[tuple[str, set[str]]] = []
    for step in action_steps():
        script = step.split("\n      run:", 1)[1] if "\n      run:" in step else ""
        for command in re.findall(r"(?:^|\s)diffreach ([a-z][a-z-]*)", script):
            lines = [ln for ln in step.splitlines() if "diffreach " in ln or "args" in ln]
            used.append((command, set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", "\n".join(lines)))))
    assert [c for c, _ in used] == ["index", "review"]
    for command, options in used:
        cmd = main.commands.get(command)
        assert isinstance(cmd, click.Command), command
        known = {opt for p in cmd.params for opt in p.opts}
        assert options <= known, options - known


def test_action_parses_as_yaml_where_pyyaml_exists() -> None:
    yaml = pytest.importorskip("yaml")
    data = yaml.safe_load(ACTION.read_text())
    assert data["runs"]["using"] == "composite"
    assert all("shell" in s for s in data["runs"]["steps"] if "run" in s)


def test_a_huge_radius_still_fits_one_github_comment() -> None:
    impact = sample_impact()

    many = tuple(
        Reached(
            f"app/m{i}.py::{'handler_' * 20}{i}",
            "function",
            f"app/m{i}.py",
            1 + i % 2,
            "app/core.py::parse",
            "calls",
            "import",
            0.9,
            1,
            2,
        )
        for i in range(3000)
    )
    data = review_data(replace(impact, radius=replace(impact.radius, reached=impact.radius.reached + many)))
    assert len(render_review(data, max_listed=100_000, max_rows=100_000, max_chars=10**9)) > 65_536
    text = render_review(data)
    assert len(text) <= 65_536 and text.startswith(MARKER)
    assert "more" in text  # the lists say what they left out
    tiny = render_review(data, max_chars=1_000)  # even one row per list is too long
    assert len(tiny) <= 1_000 and tiny.endswith("for the whole radius.\n")


def test_files_changed_together_in_history_have_their_own_section() -> None:

    from diffreach.model import CoChange, CoChanged

    history = CoChange(
        (CoChanged("docs/api.md", 0.5, 3, "app/core.py"),), end="0" * 40, commits=6, skipped=0, truncated=False
    )
    data = review_data(replace(sample_impact(), cochanged=history))
    assert data["cochanged"] == [{"file": "docs/api.md", "score": 0.5, "support": 3, "with": "app/core.py"}]
    section = render_review(data).split("Changed together in history, not reached by the graph (1)", 1)[1]
    assert "- `docs/api.md` — with `app/core.py` in 3 commits (50% of its commits)" in section
    assert "Changed together" not in render_review(review_data(sample_impact()))  # history not read
