"""The diff obeys the budget: lossless compression with stubs that expand to the exact bytes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from diffreach import api
from diffreach.graph.store import Store
from diffreach.model import Change, FileDiff, Hunk, ImpactResult, IndexState, Radius, Reached
from diffreach.review.compress import compress_diff
from diffreach.review.context import build_context, expand, remember
from diffreach.review.tokens import HeuristicCounter


def _hunk(start: int, body: list[str]) -> str:
    old = sum(1 for b in body if not b.startswith("+"))
    new = sum(1 for b in body if not b.startswith("-"))
    return f"@@ -{start},{old} +{start},{new} @@ def f{start}():\n" + "".join(b + "\n" for b in body)


def _file(path: str, hunks: list[str]) -> str:
    return f"diff --git a/{path} b/{path}\nindex 111..222 100644\n--- a/{path}\n+++ b/{path}\n" + "".join(hunks)


def big_diff() -> str:
    """About 30,000 tokens: source hunks with long unchanged context, a moved block, a lockfile."""
    parts = []
    for f in range(6):
        hunks = []
        for h in range(8):
            start = 1 + h * 200
            context = [f"     unchanged_{f}_{h}_{i} = compute({i}, 'padding text here')" for i in range(30)]
            changed = [f"-    old_value_{f}_{h} = 1", f"+    new_value_{f}_{h} = 2"]
            hunks.append(_hunk(start, context[:15] + changed + context[15:]))
        parts.append(_file(f"src/mod{f}.py", hunks))
    moved = [f"    moved_line_{i} = helper({i})" for i in range(40)]
    parts.append(_file("src/old.py", [_hunk(1, [f"-{m}" for m in moved])]))
    parts.append(_file("src/new.py", [_hunk(1, [f"+{m}" for m in moved])]))
    lock = [
        f'+    "node_modules/pkg{i}": {{"version": "1.0.{i}", "integrity": "sha512-{"x" * 60}"}},' for i in range(350)
    ]
    parts.append(_file("package-lock.json", [_hunk(1, lock)]))
    return "".join(parts)


def impact_of(diff: str) -> ImpactResult:
    changed = tuple(
        Change(f"src/mod{f}.py::f{1 + h * 200}", "function", f"src/mod{f}.py", ("body",), 1 + h * 200, 40 + h * 200)
        for f in range(6)
        for h in range(8)
    )
    central = Reached("src/app.py::main", "function", "src/app.py", 1, "src/mod0.py::f1", "calls", "import", 0.9, 1, 3)
    radius = Radius(changed, (central,), (), (), (), (), False, ())
    paths = sorted({line.rsplit(" b/", 1)[-1] for line in diff.splitlines() if line.startswith("diff --git ")})
    files = tuple(FileDiff(p, p, (Hunk(1, 1, 1, 1),)) for p in paths)
    return ImpactResult(radius, diff, files, IndexState("abc", "abc", False, False), "abc", "def")


def test_a_30000_token_diff_fits_8000_and_every_stub_expands_exactly(tmp_path: Path) -> None:
    diff = big_diff()
    counter = HeuristicCounter()
    assert 28_000 <= counter.count(diff) <= 40_000
    ctx = build_context(impact_of(diff), lambda p: None, budget=8000)
    assert ctx.fits and ctx.tokens <= 8000
    assert ctx.floor is not None and ctx.floor < 8000
    diff_stubs = [o for o in ctx.originals if o.id.startswith("diff:")]
    assert diff_stubs and all(o.id in ctx.stubbed for o in diff_stubs)
    store = Store.open(tmp_path)
    remember(store.conn, ctx)
    shown = next(b.text for b in ctx.blocks if b.id == "diff")
    for o in diff_stubs:
        assert o.id in shown
        assert expand(store.conn, o.id) == o.text
        assert o.text in diff  # the exact bytes of the original diff
    # The lockfile went first; the most central hunk (the one with a caller) stays whole.
    assert any("package-lock.json" in o.id for o in diff_stubs)
    assert "+    new_value_0_0 = 2" in shown
    store.close()


def test_compression_is_lossless_put_the_originals_back_and_get_the_diff() -> None:
    diff = big_diff()
    counter = HeuristicCounter()
    for target in (20_000, 8_000, 2_000, 0):
        out = compress_diff(diff, target, counter)
        text = out.text
        for stub in out.stubs:
            line = next(ln for ln in text.splitlines(keepends=True) if f"`diffreach expand {stub.id}`" in ln)
            text = text.replace(line, stub.text, 1)
        assert text == diff
        assert out.tokens <= max(target, out.floor)


def test_steps_run_least_informative_first() -> None:
    diff = big_diff()
    counter = HeuristicCounter()
    light = compress_diff(diff, counter.count(diff) - 2000, counter)
    assert light.steps == ("lockfiles and generated files",)
    assert "new_value_3_3" in light.text and "unchanged_3_3_0" in light.text
    medium = compress_diff(diff, 12_000, counter)
    assert "moved blocks" in medium.steps and "context lines" in medium.steps
    assert "moved from src/old.py" in medium.text
    assert "+    new_value_5_7 = 2" in medium.text  # changed lines stay; far context goes
    assert "unchanged lines" in medium.text


def test_below_the_floor_the_result_says_so() -> None:
    diff = big_diff()
    ctx = build_context(impact_of(diff), lambda p: None, budget=300)
    assert ctx.floor is not None and ctx.floor > 300
    assert not ctx.fits
    assert f"below this diff's floor of {ctx.floor:,}" in ctx.text


@pytest.mark.parametrize("budget", [8000, 5000, 3000])
def test_fits_for_every_budget_down_to_the_floor(budget: int) -> None:
    ctx = build_context(impact_of(big_diff()), lambda p: None, budget=budget)
    assert ctx.floor is not None
    assert ctx.fits == (budget >= ctx.floor) or ctx.fits


def test_end_to_end_a_30000_token_change_fits_8000_and_expand_gives_the_diff_back(
    make_repo: Callable[..., Path],
) -> None:
    """Through the API on a git repository: index, a ~30,000-token working-tree change, the context
    at 8,000 tokens fits, and ``api.expand`` of every diff stub returns bytes of the real diff."""

    def module(f: int, tag: str) -> str:
        funcs = []
        for h in range(10):
            body = "".join(f"    v{h}_{i} = compute({i}, '{tag} padding text for module {f}')\n" for i in range(20))
            funcs.append(f"def f{h}():\n{body}    return v{h}_0\n")
        return "\n\n".join(funcs)

    root = make_repo({f"src/mod{f}.py": module(f, "old") for f in range(6)})
    api.index(root)
    for f in range(6):
        (root / f"src/mod{f}.py").write_text(module(f, "new"))
    impact = api.blast_radius(root)
    diff = impact.diff_text
    assert 28_000 <= HeuristicCounter().count(diff) <= 40_000
    ctx = api.review_context(root, impact, budget=8000)
    assert ctx.fits and ctx.tokens <= 8000
    stubs = [i for i in ctx.stubbed if i.startswith("diff:")]
    assert stubs
    for stub in stubs:
        text = str(api.expand(root, stub)["text"])
        assert text and text in diff


def test_the_flagged_calls_count_in_full_toward_the_floor() -> None:
    """The flagged calls are never stubbed: the diff is compressed to leave room for them, and
    when even then the context cannot fit, the floor says so (it is not under the budget)."""
    diff = big_diff()
    base = impact_of(diff)
    flagged = tuple(
        Reached(
            f"src/app{i}.py::use{i}",
            "function",
            f"src/app{i}.py",
            1,
            "src/mod0.py::f1",
            "calls",
            "import",
            0.9,
            1,
            3,
            severity="high",
            reasons=(f"no longer binds: argument {i} has no parameter left to take it",),
            call_lines=(2,),
        )
        for i in range(60)
    )
    impact = replace(base, radius=replace(base.radius, reached=flagged))
    sources = {f"src/app{i}.py": f"def use{i}():\n    f1({i}, 'an argument that no longer binds')\n" for i in range(60)}
    for budget in (3000, 6000, 8000):
        ctx = build_context(impact, sources.get, budget=budget)
        assert ctx.fits or (ctx.floor is not None and ctx.floor > budget and "below this diff's floor" in ctx.text)
        assert "high: `src/app59.py::use59`" in ctx.text  # the flagged calls stay
    assert build_context(impact, sources.get, budget=8000).fits
