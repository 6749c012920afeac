"""How a term's rarity is counted (rank.bm25): over the documents, and over the files that hold it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from diffreach.graph.store import Store
from diffreach.index.indexer import index
from diffreach.query.rank import RankParams, bm25, update_term_index


def _store(make_repo: Callable[..., Path], files: dict[str, str]) -> Store:
    root = make_repo(files)
    index(root)
    store = Store.open(root, create=False)
    update_term_index(store, (), ())
    return store


def test_file_idf_weighs_a_term_packed_in_one_file_above_one_spread_over_many(make_repo: Callable[..., Path]) -> None:
    files = {"pkg/alpha.py": "".join(f"def alpha_{i}():\n    return {i}\n\n" for i in range(3))}
    files.update({f"pkg/beta_home_{i}.py": f"def beta_{i}():\n    return {i}\n" for i in range(3)})
    store = _store(make_repo, files)
    n, avgdl = store.conn.execute("SELECT COUNT(*), AVG(length) FROM term_docs").fetchone()

    def best(term: str, share: float) -> float:
        hits = bm25(store.conn, {term: 1.0}, n, avgdl, RankParams(max_df_share=1.0, file_idf=share))
        return max(hits.scores[node] for node in hits.scores if node.endswith("_0"))

    # Same number of documents each; 'beta' is also in the three paths, so it is in more documents.
    assert best("alpha", 0.0) >= best("beta", 0.0)
    assert best("alpha", 1.0) / best("beta", 1.0) > best("alpha", 0.0) / best("beta", 0.0)
    assert best("alpha", 1.0) > best("alpha", 0.0)


@pytest.mark.parametrize("share", [0.0, 0.5])
def test_file_idf_leaves_a_query_without_known_terms_empty(make_repo: Callable[..., Path], share: float) -> None:
    store = _store(make_repo, {"pkg/a.py": "def a():\n    return 1\n"})
    hits = bm25(store.conn, {"missing": 1.0}, 1, 1.0, RankParams(file_idf=share))
    assert hits.scores == {}
