"""The review context: ladder, fast path, force-converge, honest fits, lossless expand."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

from diffreach.errors import ConfigError, DiffreachError
from diffreach.graph.store import Store
from diffreach.model import Change, FileDiff, Hunk, ImpactResult, IndexState, Radius, Reached
from diffreach.review.context import LEVELS, STUB_CHARS, BlockError, build_context, expand, remember
from diffreach.review.tokens import bpe_available, get_counter

GOLDEN = Path(__file__).parent / "golden"

SOURCES = {
    "app/core.py": 'def parse(text, strict=False):\n    """Split text on commas."""\n'
    '    items = text.split(",")\n    return [i.strip() for i in items]\n',
    "app/api.py": "from app.core import parse\n\n\ndef handle(req):\n    body = req.body\n    data = parse(body, True, 1)\n"
    "    if not data:\n        return None\n    return data\n",
    "app/cli.py": "from app.api import handle\n\n\ndef main(argv):\n    req = make(argv)\n    out = handle(req)\n"
    "    print(out)\n    return 0\n",
    "app/big.py": "from app.core import parse\n\n\ndef load(path):\n"
    + "".join(f"    step{i} = prepare({i})\n" for i in range(60))
    + "    return parse(path)\n",
}
DIFF = (
    "diff --git a/app/core.py b/app/core.py\n--- a/app/core.py\n+++ b/app/core.py\n@@ -1,2 +1,2 @@\n"
    '-def parse(text):\n+def parse(text, strict=False):\n     """Split text on commas."""\n'
)


def make_impact(diff: str = DIFF, with_big: bool = True, uses: tuple[str, ...] = ()) -> ImpactResult:
    reached = [
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
            signature="def handle(req):",
            verdict="no-longer-binds",
            severity="high",
            reasons=("too many positional arguments: takes 2, given 3",),
            call_lines=(6,),
        ),
        Reached(
            "app/cli.py::main",
            "function",
            "app/cli.py",
            2,
            "app/api.py::handle",
            "calls",
            "import",
            0.3,
            4,
            8,
            lines=(6,),
            signature="def main(argv):",
        ),
    ]
    if with_big:
        reached.append(
            Reached(
                "app/big.py::load",
                "function",
                "app/big.py",
                1,
                "app/core.py::parse",
                "calls",
                "import",
                0.8,
                4,
                65,
                lines=(65,),
                signature="def load(path):",
            )
        )
    radius = Radius(
        changed=(
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
        ),
        reached=tuple(reached),
        uses=uses,
        tests=("tests/test_core.py::test_parse",),
        test_files=("tests/test_core.py",),
        files=tuple(sorted(SOURCES)),
        truncated=False,
        notes=(),
    )
    return ImpactResult(
        radius=radius,
        diff_text=diff,
        file_diffs=(FileDiff("app/core.py", "app/core.py", (Hunk(1, 2, 1, 2, (1,), (1,)),)),),
        index=IndexState("abc123", "abc123", False, False),
        base="abc123",
        head="(working tree)",
    )


def level_tokens(impact: ImpactResult, level: str) -> int:
    """Tokens of the context held at ``level`` (the least detailed allowed, budget 0, no stubs)."""
    return build_context(impact, SOURCES.get, budget=0, min_detail=level, force_converge=False).tokens


# ----- the ladder --------------------------------------------------------------------------------


def test_fast_path_everything_fits_at_full_detail() -> None:
    ctx = build_context(make_impact(), SOURCES.get, budget=100_000)
    assert (ctx.level, ctx.fits, ctx.elided, ctx.stubbed) == ("full", True, (), ())
    assert "step59 = prepare(59)" in ctx.text
    assert "    if not data:\n        return None" in ctx.text


def test_no_budget_means_full_detail() -> None:
    ctx = build_context(make_impact(), SOURCES.get, budget=None)
    assert ctx.level == "full" and ctx.fits and ctx.budget is None


def test_levels_get_smaller_down_the_ladder() -> None:
    impact = make_impact()
    sizes = [level_tokens(impact, level) for level in LEVELS]
    assert sizes[0] > sizes[-1]
    assert sizes[2] > sizes[3]


@pytest.mark.parametrize("target", LEVELS)
def test_ladder_picks_the_most_detailed_level_that_fits(target: str) -> None:
    impact = make_impact()
    budget = level_tokens(impact, target)
    ctx = build_context(impact, SOURCES.get, budget=budget)
    expected = next(level for level in LEVELS if level_tokens(impact, level) <= budget)
    assert ctx.level == expected
    assert ctx.fits and ctx.tokens <= budget and not ctx.stubbed


def test_hop2_becomes_a_skeleton_then_a_name() -> None:
    impact = make_impact()
    skeleton = build_context(impact, SOURCES.get, budget=0, min_detail="skeleton2", force_converge=False).text
    assert "6 |     out = handle(req)" in skeleton  # the line that calls into the radius, numbered
    assert "print(out)" not in skeleton
    names = build_context(impact, SOURCES.get, budget=0, min_detail="callsites", force_converge=False).text
    assert "- `app/cli.py::main` · app/cli.py:4-8 · hop 2" in names
    assert "out = handle(req)" not in names


def test_callsite_windows_keep_the_signature_and_lines_around_the_call() -> None:
    impact = make_impact()
    text = build_context(impact, SOURCES.get, budget=0, min_detail="callsites", force_converge=False).text
    assert " 4 | def load(path):" in text and "63 |     step58 = prepare(58)" in text
    assert "65 |     return parse(path)" in text
    assert "step10" not in text and "step57" not in text  # outside every window
    # A window no smaller than the whole function keeps the whole function.
    assert "def handle(req):\n    body = req.body" in text


def test_signatures_level_keeps_diff_and_changed_signature() -> None:
    ctx = build_context(make_impact(), SOURCES.get, budget=0, force_converge=False)
    assert ctx.level == "signatures" and not ctx.fits
    assert "+def parse(text, strict=False):" in ctx.text
    assert "`def parse(text, strict=False):`" in ctx.text
    assert "items = text.split" not in ctx.text


def test_min_detail_is_never_undercut() -> None:
    ctx = build_context(make_impact(), SOURCES.get, budget=10, min_detail="callsites", force_converge=False)
    assert ctx.level == "callsites"
    assert ctx.fits is False


def test_unknown_level_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="skeleton2"):
        build_context(make_impact(), SOURCES.get, min_detail="names")


# ----- force-converge ----------------------------------------------------------------------------


def test_force_converge_stubs_what_gives_way_first_then_the_biggest_block() -> None:
    impact = make_impact()
    full = build_context(impact, SOURCES.get, budget=None)
    ctx = build_context(impact, SOURCES.get, budget=full.tokens - 50, min_detail="full")
    assert ctx.level == "full" and ctx.fits
    # hop 2 gives way first (review/forward.give_way); then the biggest of the flagged callers.
    assert {i.split("@")[0] for i in ctx.stubbed} == {"app/cli.py::main", "app/big.py::load"}
    assert "def handle(req):\n    body = req.body" in ctx.text  # smaller blocks stay whole
    stub = next(b for b in ctx.blocks if b.id == ctx.stubbed[0]).text
    assert len(stub) <= STUB_CHARS
    assert ctx.stubbed[0] in stub and "tokens" in stub and "chars" in stub


def test_force_converge_never_touches_the_summary_and_compresses_the_diff_only_losslessly() -> None:
    huge = DIFF + "".join(f"+line {i}\n" for i in range(3000))
    ctx = build_context(make_impact(diff=huge), SOURCES.get, budget=500)
    assert ctx.fits and ctx.tokens <= 500  # the diff is stubbed (compress.py), never cut
    assert "+line 2999" not in ctx.text and "## Tests to run" in ctx.text
    diff_stubs = [o for o in ctx.originals if o.id.startswith("diff:")]
    assert len(diff_stubs) == 1 and "+line 2999" in diff_stubs[0].text
    assert {b.section for b in ctx.blocks if b.id in ctx.stubbed} <= {"changed", "hop1", "hop2", "uses", "hop3"}


def test_force_converge_off_reports_over_budget() -> None:
    impact = make_impact()
    full = build_context(impact, SOURCES.get, budget=None)
    ctx = build_context(impact, SOURCES.get, budget=full.tokens - 50, min_detail="full", force_converge=False)
    assert ctx.fits is False and ctx.stubbed == ()


def test_tokens_are_the_measured_count_of_the_text() -> None:
    ctx = build_context(make_impact(), SOURCES.get, budget=300)
    assert ctx.tokens == math.ceil(len(ctx.text) / 4)
    assert ctx.fits == (ctx.tokens <= 300)


@pytest.mark.skipif(not bpe_available(), reason="needs the 'tokens' extra")
def test_an_exact_counter_drives_the_budget() -> None:
    counter = get_counter("o200k")
    ctx = build_context(make_impact(), SOURCES.get, budget=460, counter=counter)
    assert ctx.tokenizer == "o200k"
    assert ctx.tokens == counter.count(ctx.text) and ctx.fits


# ----- content -----------------------------------------------------------------------------------


def test_content_order_and_summary() -> None:
    uses = ("app/util.py::clean",)
    hop3 = Reached("app/x.py::far", "function", "app/x.py", 3, "app/cli.py::main", "calls", "import", 0.1, 1, 2)
    impact = make_impact(uses=uses)
    impact = ImpactResult(
        radius=Radius(
            **{**{f: getattr(impact.radius, f) for f in Radius.__slots__}, "reached": (*impact.radius.reached, hop3)}
        ),
        diff_text=impact.diff_text,
        file_diffs=impact.file_diffs,
        index=impact.index,
        base=impact.base,
        head=impact.head,
    )
    text = build_context(impact, SOURCES.get, budget=None, baseline_tokens=50_000).text
    marks = [
        "## Changed symbols",
        "## Tests to run",
        "Savings (estimated): saved ≈",
        "## Diff",
        "## Changed code",
        "## Hop 1",
        "## Hop 2",
        "## Uses",
        "## Hop 3",
    ]
    positions = [text.index(m) for m in marks]
    assert positions == sorted(positions)
    assert "Reach: hop 1: 2 (2 may change behaviour) · hop 2: 1 (0 may change behaviour) · hop 3: 1" in text
    assert "- `app/util.py::clean`" in text and "`app/x.py::far` via `main`" in text


def test_hop1_callers_most_likely_to_change_first() -> None:
    text = build_context(make_impact(), SOURCES.get, budget=None).text
    assert text.index("app/api.py::handle") < text.index("app/cli.py::main")


def test_missing_source_falls_back_to_a_name() -> None:
    sources = {k: v for k, v in SOURCES.items() if k != "app/api.py"}
    ctx = build_context(make_impact(), sources.get, budget=None)
    assert "- `app/api.py::handle` · app/api.py:4-9 · hop 1" in ctx.text


def test_code_containing_fences_stays_fenced() -> None:
    sources = dict(SOURCES, **{"app/api.py": SOURCES["app/api.py"].replace("body = req.body", "body = '```'")})
    text = build_context(make_impact(), sources.get, budget=None).text
    assert "````\ndef handle(req):" in text


def test_a_fence_is_longer_than_the_longest_backtick_run() -> None:
    from diffreach.review.blocks import fence

    assert fence("x = 1", "py") == "```py\nx = 1\n```"
    assert fence("a `b` ``c`` ``````d`` e") == "```````\na `b` ``c`` ``````d`` e\n```````"
    assert fence("````") == "`````\n````\n`````"


def test_savings_figures() -> None:
    ctx = build_context(
        make_impact(), SOURCES.get, budget=None, baseline_tokens=100_000, importers_baseline_tokens=ctx_tokens_plus(100)
    )
    assert ctx.savings == {
        "estimated": True,
        "saved_tokens": 100_000 - ctx.tokens,
        "saved_percent": round((100_000 - ctx.tokens) / 1000),
    }
    assert ctx.savings_importers is not None and ctx.savings_importers["saved_tokens"] >= 0
    assert build_context(make_impact(), SOURCES.get).savings is None


def ctx_tokens_plus(n: int) -> int:
    return build_context(make_impact(), SOURCES.get, budget=None).tokens + n


def test_json_keys() -> None:
    data = build_context(make_impact(), SOURCES.get, budget=300, baseline_tokens=9000).as_json()
    assert {"text", "tokens", "budget", "fits", "level", "files", "elided", "savings"} <= set(data)
    assert data["files"] == ["app/api.py", "app/big.py", "app/cli.py", "app/core.py"]
    assert data["budget"] == 300 and isinstance(data["elided"], list)


def test_ids_are_stable_for_the_same_input() -> None:
    a = build_context(make_impact(), SOURCES.get, budget=0, force_converge=False)
    b = build_context(make_impact(), SOURCES.get, budget=0, force_converge=False)
    assert a.elided == b.elided and len(a.elided) == 4
    assert all("@" in i for i in a.elided)


# ----- lossless expand -----------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store.open(tmp_path)
    for path, text in SOURCES.items():
        s.conn.execute(
            "INSERT INTO files(path, language, hash, size) VALUES (?, 'python', ?, ?)",
            (path, f"hash-of-{path}", len(text)),
        )
    return s


def hashes(store: Store) -> dict[str, str]:
    return {p: h for p, (h, _, _) in store.file_states().items()}


def test_expand_returns_the_original_exactly(store: Store) -> None:
    full = build_context(make_impact(), SOURCES.get, budget=None)
    ctx = build_context(make_impact(), SOURCES.get, budget=0, file_hash=hashes(store).get)
    remember(store.conn, ctx)
    by_title = {b.title: b.text for b in full.blocks}
    for block_id in ctx.elided:
        if block_id.startswith("diff:"):  # a part of the diff (compress.py): its own tests
            continue
        assert expand(store.conn, block_id) == by_title[block_id.split("@")[0]]


def test_stubbed_blocks_expand_too(store: Store) -> None:
    full = build_context(make_impact(), SOURCES.get, budget=None)
    ctx = build_context(
        make_impact(), SOURCES.get, budget=full.tokens - 50, min_detail="full", file_hash=hashes(store).get
    )
    remember(store.conn, ctx)
    stubbed = next(i for i in ctx.stubbed if i.startswith("app/big.py::load@"))
    assert "step59 = prepare(59)" in expand(store.conn, stubbed)


def test_ids_expire_when_the_graph_changes_their_file(store: Store) -> None:
    ctx = build_context(make_impact(), SOURCES.get, budget=0, file_hash=hashes(store).get)
    remember(store.conn, ctx)
    handle = next(i for i in ctx.elided if i.startswith("app/api.py::handle@"))
    main = next(i for i in ctx.elided if i.startswith("app/cli.py::main@"))
    store.conn.execute("UPDATE files SET hash='new' WHERE path='app/api.py'")
    with pytest.raises(BlockError, match=r"expired: app/api\.py changed"):
        expand(store.conn, handle)
    assert "def main(argv):" in expand(store.conn, main)  # other files' ids stay valid


def test_unknown_id_is_a_user_error(store: Store) -> None:
    with pytest.raises(DiffreachError, match="unknown block id"):
        expand(store.conn, "app/api.py::nothing@deadbeef")


def test_expand_works_on_a_database_without_the_table(tmp_path: Path) -> None:
    s = Store.open(tmp_path)
    s.conn.execute("DROP TABLE IF EXISTS context_blocks")
    with pytest.raises(BlockError):
        expand(s.conn, "x@1")


# ----- golden ------------------------------------------------------------------------------------


def test_golden_rendered_context() -> None:
    text = (
        build_context(
            make_impact(), SOURCES.get, budget=460, baseline_tokens=25_000, importers_baseline_tokens=900
        ).text
        + "\n"
    )
    path = GOLDEN / "context_small.md"
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
    assert text == path.read_text()


def test_the_summary_of_a_change_the_graph_does_not_hold_says_each_thing_once() -> None:
    """A docs-only change: empty sections in one line each, two notes naming the same file kept as
    one, no ladder when nothing is cut, no savings clause that saves nothing."""
    empty = Radius(
        (),
        (),
        (),
        (),
        (),
        (),
        False,
        ("not analysed (binary or unsupported): docs/faq.md", "the diff touches no file in the graph: docs/faq.md"),
    )
    diff = "diff --git a/docs/faq.md b/docs/faq.md\n--- a/docs/faq.md\n+++ b/docs/faq.md\n@@ -1 +1 @@\n-a\n+b\n"
    impact = ImpactResult(empty, diff, (), IndexState("abc", "abc", False, False), "abc", "")
    text = build_context(impact, lambda p: None, budget=None, baseline_tokens=1000, importers_baseline_tokens=0).text
    assert "## Changed symbols: none supported\nReach: no callers found\n## Tests to run: none found\n" in text
    assert "- not analysed (binary or unsupported): docs/faq.md\n" in text
    assert "touches no file in the graph" not in text
    assert "Detail: `full`, nothing cut\n" in text
    assert "vs the whole repository\n" in text and "importers" not in text
