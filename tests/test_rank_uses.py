"""The files whose code uses the names a question writes as code (``query/uses.py``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from diffreach.graph.store import Store
from diffreach.index.indexer import index
from diffreach.query.params import RankParams
from diffreach.query.rank import rank_files
from diffreach.query.uses import code_names, files_using

# options.py defines the option; writer.py reads it in its body (the fix's place); notes.py and
# the filler neither define nor use it. Every file calls ``helper``, so that name says nothing.
FILLER = {
    f"misc/{w}.py": f"from base import helper\n\ndef {w}_one(record):\n    return helper(record)\n"
    for w in ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel")
}
REPO = {
    "base.py": "def helper(value):\n    return value\n",
    "options.py": "from base import helper\n\nclass Options:\n    flush_every = 10\n    def copy(self):\n        return helper(self)\n",
    "writer.py": (
        "from base import helper\n\ndef write_rows(rows, options):\n"
        "    if len(rows) > options.flush_every:\n        helper(rows)\n    return rows\n"
    ),
    "notes.py": "from base import helper\n\ndef take_notes(rows):\n    return helper(rows)\n",
    **FILLER,
}
QUESTION = "Setting `flush_every` has no effect\n\nThe rows are written at once whatever `flush_every` says; `helper` looks fine."


@pytest.fixture
def repo(make_repo: Callable[..., Path]) -> Path:
    root = make_repo(REPO)
    index(root)
    return root


def scores(root: Path, text: str, **params: object) -> dict[str, float]:
    with Store.open(root, create=False) as store:
        n_files = store.conn.execute("SELECT COUNT(*) FROM files").fetchone()[0]
        return files_using(store.conn, text, n_files, frozenset(), RankParams(**params))  # type: ignore[arg-type]


def test_names_written_as_code_are_read_with_the_weight_of_their_line() -> None:
    names = code_names("Option `flush_every` is ignored\n\nwrite_rows drops it; see Options.copy and `x`")
    assert names["flush_every"] == 3.0  # the title
    assert names["write_rows"] == 1.0 and names["Options"] == 1.0 and names["copy"] == 1.0
    assert "drops" not in names and "x" not in names  # prose words and short names are not code


def test_the_file_that_uses_the_named_option_scores_and_files_that_do_not_use_it_do_not(repo: Path) -> None:
    found = scores(repo, QUESTION, uses_weight=1.0)
    assert found["writer.py"] == 1.0
    assert "notes.py" not in found and "misc/alpha.py" not in found


def test_a_name_used_by_most_files_says_nothing(repo: Path) -> None:
    # ``helper`` is called by more than max_df_share of the files: no file scores for it.
    assert scores(repo, "Is `helper` slow?", uses_weight=1.0) == {}


def test_off_at_weight_zero_and_the_user_file_rises_when_on(repo: Path) -> None:
    assert scores(repo, QUESTION, uses_weight=0.0) == {}
    with Store.open(repo, create=False) as store:
        on = [f.path for f in rank_files(store, QUESTION, top=3, params=RankParams(uses_weight=1.0)).files]
    assert "writer.py" in on
