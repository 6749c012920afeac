"""Logical coupling from git history: temp repositories with a known history → coupled files."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from diffreach.config import Config
from diffreach.git import first_parent_commits
from diffreach.review.cochange import HistoryCaps, cochanged_files, score_pairs
from tests.conftest import commit_all, git

BASE = {
    "pkg/__init__.py": "",
    "pkg/a.py": "def fa():\n    return 1\n",
    "pkg/b.py": "def fb():\n    return 2\n",
    "pkg/c.py": "def fc():\n    return 3\n",
    "pkg/d.py": "def fd():\n    return 4\n",
    "tests/test_a.py": "from pkg.a import fa\n\ndef test_fa():\n    assert fa() == 1\n",
    ".diffreach.toml": "warmup_reviews = 0\n",
}
CANDIDATES = {"pkg/a.py", "pkg/b.py", "pkg/c.py", "pkg/d.py", "pkg/__init__.py"}


def touch(root: Path, *paths: str, message: str = "change") -> str:
    for p in paths:
        full = root / p
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_text((full.read_text() if full.exists() else "") + "# edit\n")
    commit_all(root, message)
    return git(root, "rev-parse", "HEAD").strip()


def coupled(root: Path, seeds: list[str], end: str = "HEAD", **caps: int) -> dict[str, tuple[float, int, str]]:
    result = cochanged_files(root, end, seeds, CANDIDATES, HistoryCaps(**caps))
    return {c.file: (c.score, c.support, c.seed) for c in result.files}


# ----- scoring, no git ----------------------------------------------------------------------------


def test_support_and_confidence_per_pair() -> None:
    commits = [("a", "b"), ("a", "b"), ("a", "c"), ("a", "b", "c"), ("b", "c")]
    got = score_pairs(commits, ["a"], {"b", "c"}, HistoryCaps(min_support=1, min_confidence=0))
    assert [(c.file, c.support, c.score, c.seed) for c in got] == [("b", 3, 0.75, "a"), ("c", 2, 0.5, "a")]


def test_pairs_below_support_or_confidence_are_dropped() -> None:
    commits = [("a", "b"), ("a", "b"), ("a", "c")] + [("a",)] * 7
    assert [c.file for c in score_pairs(commits, ["a"], {"b", "c"}, HistoryCaps(min_support=2, min_confidence=0))] == [
        "b"
    ]
    assert score_pairs(commits, ["a"], {"b", "c"}, HistoryCaps(min_support=1, min_confidence=30)) == []


def test_a_file_coupled_to_two_seeds_keeps_its_best_seed() -> None:
    commits = [("a", "x"), ("a",), ("a",), ("b", "x"), ("b", "x")]
    [item] = score_pairs(commits, ["a", "b"], {"x"}, HistoryCaps(min_support=1, min_confidence=0))
    assert (item.file, item.seed, item.support, item.score) == ("x", "b", 2, 1.0)


def test_recent_commits_weigh_more_with_a_half_life() -> None:
    # newest first: b moved with a recently, c long ago
    commits = [("a", "b"), ("a", "b"), ("a", "c"), ("a", "c")]
    flat = score_pairs(commits, ["a"], {"b", "c"}, HistoryCaps(min_support=1, min_confidence=0))
    decayed = score_pairs(commits, ["a"], {"b", "c"}, HistoryCaps(min_support=1, min_confidence=0, half_life=1))
    assert [c.score for c in flat] == [0.5, 0.5]
    assert decayed[0].file == "b" and decayed[0].score > 0.5 > decayed[1].score


# ----- history read from git --------------------------------------------------------------------


def test_files_changed_together_are_found_with_their_counts(make_repo) -> None:
    root = make_repo(BASE)
    for _ in range(3):
        touch(root, "pkg/a.py", "pkg/b.py")
    touch(root, "pkg/a.py", "pkg/c.py")
    touch(root, "pkg/d.py")
    got = coupled(root, ["pkg/a.py"])
    # the initial commit touched every file once; b moved with a three more times
    assert got["pkg/b.py"] == (0.8, 4, "pkg/a.py")
    assert got["pkg/c.py"] == (0.4, 2, "pkg/a.py")
    assert got["pkg/d.py"] == (0.2, 1, "pkg/a.py")  # the initial commit only
    assert "pkg/d.py" not in coupled(root, ["pkg/a.py"], min_support=2)
    assert "pkg/d.py" not in coupled(root, ["pkg/a.py"], min_confidence=25)
    assert "pkg/a.py" not in got  # a seed is never its own coupling


def test_non_ascii_file_names_come_back_as_themselves(make_repo) -> None:
    root = make_repo(BASE)
    touch(root, "pkg/a.py", "pkg/größe.py")
    result = cochanged_files(root, "HEAD", ["pkg/a.py"], {"pkg/größe.py"}, HistoryCaps())
    assert [c.file for c in result.files] == ["pkg/größe.py"]


def test_commits_over_max_files_carry_no_coupling(make_repo) -> None:
    root = make_repo({**BASE, **{f"gen/f{i}.py": "" for i in range(5)}})
    touch(root, "pkg/a.py", "pkg/b.py")
    touch(root, "pkg/a.py", "pkg/b.py")
    touch(root, "pkg/a.py", "pkg/c.py", *(f"gen/f{i}.py" for i in range(5)))  # a reformat: 7 files
    touch(root, "pkg/a.py", "pkg/c.py", *(f"gen/f{i}.py" for i in range(5)))
    result = cochanged_files(root, "HEAD", ["pkg/a.py"], CANDIDATES, HistoryCaps(max_files=4, min_support=2))
    assert [c.file for c in result.files] == ["pkg/b.py"]
    assert result.skipped == 3  # the two reformats and the 12-file initial commit
    assert result.files[0].score == 1.0  # of a's two kept commits, both touched b


def test_the_window_ends_at_the_reviewed_base(make_repo) -> None:
    root = make_repo(BASE)
    touch(root, "pkg/a.py", "pkg/b.py")
    base = touch(root, "pkg/a.py", "pkg/b.py")
    for _ in range(3):  # later commits (the ones under review and after) must not be read
        touch(root, "pkg/a.py", "pkg/c.py")
    at_base = coupled(root, ["pkg/a.py"], end=base, min_support=2)
    assert set(at_base) == {"pkg/b.py"}
    assert coupled(root, ["pkg/a.py"], min_support=2)["pkg/c.py"][1] == 4  # 3 + the initial commit


def test_the_commit_cap_cuts_old_history_and_says_so(make_repo) -> None:
    root = make_repo(BASE)
    touch(root, "pkg/a.py", "pkg/b.py")
    touch(root, "pkg/a.py", "pkg/b.py")
    touch(root, "pkg/a.py", "pkg/c.py")
    touch(root, "pkg/a.py", "pkg/c.py")
    result = cochanged_files(root, "HEAD", ["pkg/a.py"], CANDIDATES, HistoryCaps(commits=2, min_support=2))
    assert [c.file for c in result.files] == ["pkg/c.py"]
    assert result.truncated and "cochange_commits" in result.note
    full = cochanged_files(root, "HEAD", ["pkg/a.py"], CANDIDATES, HistoryCaps(min_support=2))
    assert not full.truncated and {c.file for c in full.files} == {"pkg/b.py", "pkg/c.py"}


def test_max_results_cuts_the_list_and_says_so(make_repo) -> None:
    root = make_repo(BASE)
    touch(root, "pkg/a.py", "pkg/b.py", "pkg/c.py", "pkg/d.py")
    result = cochanged_files(root, "HEAD", ["pkg/a.py"], CANDIDATES, HistoryCaps(min_support=1, max_results=2))
    assert len(result.files) == 2 and result.truncated
    assert [c.file for c in result.files] == ["pkg/b.py", "pkg/c.py"]  # b, c, d tie: by name
    assert "2 more co-changed files not listed" in result.note  # d, and __init__ (initial commit only)


def test_a_merged_branch_is_one_change_on_the_first_parent_line(make_repo) -> None:
    root = make_repo(BASE)
    git(root, "checkout", "-q", "-b", "feature")
    touch(root, "pkg/a.py", "pkg/b.py")
    touch(root, "pkg/a.py", "pkg/b.py")
    touch(root, "pkg/a.py", "pkg/b.py")
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "-m", "merge feature", "feature")
    result = cochanged_files(root, "HEAD", ["pkg/a.py"], CANDIDATES, HistoryCaps(min_support=1))
    assert result.commits == 2  # the initial commit and the merge, not the branch's three
    assert {c.file: c.support for c in result.files}["pkg/b.py"] == 2


def test_no_history_means_no_coupling(make_repo) -> None:
    root = make_repo(BASE, commit=False)
    result = cochanged_files(root, "HEAD", ["pkg/a.py"], CANDIDATES, HistoryCaps())
    assert result.files == () and "no history" in result.note
    assert cochanged_files(root, "HEAD", [], CANDIDATES, HistoryCaps()).files == ()


def test_too_many_changed_files_are_not_looked_up(make_repo) -> None:
    root = make_repo(BASE)
    result = cochanged_files(root, "HEAD", sorted(CANDIDATES), CANDIDATES, HistoryCaps(max_seeds=2))
    assert result.files == () and result.truncated and "5 files changed" in result.note


# ----- through the blast radius -----------------------------------------------------------------

# The initial commit touches every file once: a support of 2 keeps it from coupling them all.
STRICT = {**BASE, ".diffreach.toml": "warmup_reviews = 0\ncochange_min_support = 2\n"}


def impact(root: Path, *args: str) -> dict:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_impact_lists_cochanged_files_apart_from_the_radius(make_repo) -> None:
    root = make_repo(STRICT)
    touch(root, "pkg/a.py", "pkg/b.py", "tests/test_a.py")
    touch(root, "pkg/a.py", "pkg/b.py", "tests/test_a.py")
    (root / "pkg/a.py").write_text("def fa():\n    return 10\n")
    data = impact(root)
    assert data["files"] == ["pkg/a.py"]  # the radius stays mechanical: b neither calls nor is called
    assert data["cochanged"] == [{"file": "pkg/b.py", "score": 1.0, "support": 3, "with": "pkg/a.py"}]
    assert data["history"]["commits"] == 3 and data["history"]["truncated"] is False
    assert data["history"]["end"] == "HEAD"
    off = impact(root, "--no-history")
    assert off["cochanged"] == [] and off["history"] is None and off["files"] == data["files"]
    text = CliRunner().invoke(main, ["impact", "--root", str(root)]).output
    assert "changed together in history" in text and "   pkg/b.py  (3× with pkg/a.py, 100%)" in text


def test_impact_against_a_base_reads_history_up_to_the_merge_base_only(make_repo) -> None:
    root = make_repo(STRICT)
    touch(root, "pkg/a.py", "pkg/b.py")
    base = git(root, "rev-parse", "HEAD").strip()
    touch(root, "pkg/a.py", "pkg/c.py")  # under review: not history yet
    touch(root, "pkg/a.py", "pkg/c.py")
    data = impact(root, "--base", base)
    assert [c["file"] for c in data["cochanged"]] == ["pkg/b.py"]
    assert data["history"]["end"] == base


def test_the_review_context_mentions_cochanged_files(make_repo) -> None:
    root = make_repo(STRICT)
    touch(root, "pkg/a.py", "pkg/b.py")
    (root / "pkg/a.py").write_text("def fa():\n    return 10\n")
    result = CliRunner().invoke(main, ["context", "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert (
        "## Changed together in history" in result.output and "`pkg/b.py` — 2 commits with `pkg/a.py`" in result.output
    )
    quiet = CliRunner().invoke(main, ["context", "--root", str(root), "--no-history"])
    assert "Changed together in history" not in quiet.output


def test_history_caps_default_to_the_configuration() -> None:
    config, caps = Config(), HistoryCaps()
    assert (caps.commits, caps.min_support, caps.min_confidence, caps.max_files, caps.max_results) == (
        config.cochange_commits,
        config.cochange_min_support,
        config.cochange_min_confidence,
        config.cochange_max_files,
        config.cochange_max_results,
    )
    assert HistoryCaps.from_config(config) == caps


def test_the_window_cuts_exactly_when_history_is_longer_than_the_cap(make_repo) -> None:
    """Cut when the first-parent line holds more commits than the cap (``HEAD~cap`` exists), the
    whole history otherwise: the initial commit and two touches are three commits."""
    root = make_repo(BASE)
    touch(root, "pkg/a.py", "pkg/b.py")
    touch(root, "pkg/a.py", "pkg/c.py")
    for cap, cut, read in [(1, True, 1), (2, True, 2), (3, False, 3), (4, False, 3)]:
        commits, truncated = first_parent_commits(root, "HEAD", ["pkg/a.py"], cap)
        assert (truncated, len(commits)) == (cut, read), cap
    assert first_parent_commits(root, "HEAD", ["pkg/d.py"], 2) == ([], True)  # cut, though nothing touched it
