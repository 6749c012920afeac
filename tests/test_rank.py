"""Query ranking: terms, BM25, personalized PageRank, and whole questions over small repositories."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from diffreach.api import query
from diffreach.cli import main
from diffreach.graph.store import Store
from diffreach.index.indexer import index
from diffreach.query.rank import RankParams, about_tests, bm25, personalized_pagerank, rank_files, update_term_index
from diffreach.query.term_index import TERM_INDEX_VERSION
from diffreach.query.terms import identifier_terms, split_identifier, stem, text_terms

from .conftest import commit_all, write_files

# ----- terms -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("identifier", "words"),
    [
        ("get_records", ["get", "records"]),
        ("parseHTTPResponse2", ["parse", "http", "response", "2"]),
        ("XMLParser", ["xml", "parser"]),
        ("kebab-case-name", ["kebab", "case", "name"]),
        ("_private__thing", ["private", "thing"]),
        ("os.path.join", ["os", "path", "join"]),
    ],
)
def test_split_identifier(identifier: str, words: list[str]) -> None:
    assert split_identifier(identifier) == words


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("tests", "test"),
        ("parsing", "parse"),
        ("parsed", "parse"),
        ("caching", "cache"),
        ("running", "run"),
        ("classes", "class"),
        ("authentication", "authenticate"),
        ("dependencies", "dependency"),
        ("serialization", "serialize"),
        ("serialized", "serializer"),
        ("typed", "type"),
        ("typing", "types"),
        ("named", "name"),
        ("coding", "code"),
        ("added", "add"),
        ("mapped", "map"),
    ],
)
def test_stem_meets_word_forms(a: str, b: str) -> None:
    assert stem(a) == stem(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("mode", "mod"),
        ("note", "not"),
        ("code", "cod"),
        ("type", "typ"),
        ("runs", "rune"),
        ("fixed", "fixe"),
        ("getting", "gete"),
    ],
)
def test_stem_keeps_short_words_apart(a: str, b: str) -> None:
    # A four-letter word keeps its final e: 'mode' is not the abbreviation 'mod' (sphinx-8551's
    # `mod.submod` met every `mode` parameter of the C++ domain), nor 'type' the variable 'typ'.
    assert stem(a) != stem(b)


def test_stem_keeps_words_ending_in_s_that_are_not_plurals() -> None:
    assert stem("status") == "status"
    assert stem("class") == "class"


def test_identifier_terms_keep_the_whole_name_and_drop_stop_words() -> None:
    assert list(identifier_terms("get_records")) == ["record", "get_records"]
    assert list(identifier_terms("login")) == ["login"]
    assert list(text_terms("The caplog.get_records() call")) == ["caplog", "record", "get_records", "call"]


def test_about_tests() -> None:
    assert about_tests("add tests for the login form")
    assert about_tests("flaky fixture in auth")
    assert not about_tests("fix bug in authentication")
    assert not about_tests("def test_login(): login() raises KeyError for unknown users in the session store")


# ----- BM25 ----------------------------------------------------------------------------------------


@pytest.fixture
def term_store(make_repo: Callable[..., Path]) -> Store:
    root = make_repo(
        {
            "billing/invoice.py": "def render_invoice(order):\n    '''Render an invoice as PDF.'''\n",
            "billing/tax.py": "def compute_tax(amount):\n    return amount\n\ndef tax_rate():\n    return 1\n",
            "shipping/parcel.py": "def weigh_parcel(parcel):\n    return 0\n",
        }
    )
    index(root)
    store = Store.open(root, create=False)
    update_term_index(store, (), ())  # an index leaves the term index to the first query: build it now
    return store


def _bm25(store: Store, text: str) -> dict[str, float]:
    n, avgdl = store.conn.execute("SELECT COUNT(*), AVG(length) FROM term_docs").fetchone()
    counts: dict[str, int] = {}
    for t in text_terms(text):
        counts[t] = counts.get(t, 0) + 1
    return bm25(store.conn, counts, n, avgdl, RankParams(max_df_share=1.0)).scores


def test_bm25_scores_only_documents_with_a_query_term(term_store: Store) -> None:
    scores = _bm25(term_store, "invoice")
    assert set(scores) == {"billing/invoice.py", "billing/invoice.py::render_invoice"}
    assert all(s > 0 for s in scores.values())


def test_bm25_rarer_term_weighs_more(term_store: Store) -> None:
    # 'tax' is in three documents (file path, two functions), 'parcel' in two: same field weights, so
    # the function named after the rarer term scores higher.
    scores = _bm25(term_store, "tax parcel")
    assert scores["shipping/parcel.py::weigh_parcel"] > scores["billing/tax.py::tax_rate"]


def test_bm25_matches_the_formula_by_hand(term_store: Store) -> None:
    n, avgdl = term_store.conn.execute("SELECT COUNT(*), AVG(length) FROM term_docs").fetchone()
    tf, length = term_store.conn.execute(
        "SELECT weight, length FROM term_postings WHERE term='weigh' AND node='shipping/parcel.py::weigh_parcel'"
    ).fetchone()
    assert tf == 3.0  # the name field's weight
    # 'weigh' is in one document of one file (of three files): the idf is the geometric mean of both.
    idf = math.log(1 + (n - 1 + 0.5) / (1 + 0.5)) ** 0.5 * math.log(1 + (3 - 1 + 0.5) / (1 + 0.5)) ** 0.5
    expected = idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / avgdl))
    assert _bm25(term_store, "weigh")["shipping/parcel.py::weigh_parcel"] == pytest.approx(expected)


def test_term_index_is_replaced_per_file(term_store: Store, make_repo: Callable[..., Path]) -> None:
    root = Path(term_store.root)
    term_store.close()
    write_files(root, {"billing/tax.py": "def levy_duty(amount):\n    return amount\n"})
    commit_all(root)
    index(root)
    store = Store.open(root, create=False)
    assert "billing/tax.py" in store.get_meta("term_dirty")  # an update only notes the file...
    assert update_term_index(store, (), ()) == 1  # ...and the next query re-terms it alone
    terms = {r[0] for r in store.conn.execute("SELECT term FROM term_postings WHERE file='billing/tax.py'")}
    assert "levy" in terms and "tax_rate" not in terms
    assert store.conn.execute("SELECT COUNT(*) FROM term_postings WHERE file='billing/invoice.py'").fetchone()[0] > 0
    store.close()


def test_a_full_index_leaves_the_term_index_to_the_first_query(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"billing/tax.py": "def compute_tax(amount):\n    return amount\n"})
    index(root)
    store = Store.open(root, create=False)
    assert store.get_meta("term_index") == ""  # stale: nothing built at index time
    assert rank_files(store, "compute tax").files[0].path == "billing/tax.py"
    assert store.get_meta("term_index") != ""
    store.close()


def test_term_index_is_built_lazily_for_an_older_database(term_store: Store) -> None:
    term_store.conn.execute("DROP TABLE term_postings")
    term_store.conn.execute("DROP TABLE term_docs")
    term_store.set_meta("term_index", "")
    result = rank_files(term_store, "compute tax")
    assert result.files[0].path == "billing/tax.py"
    assert update_term_index(term_store, [], []) == 0  # up to date now: nothing to do


def test_a_term_index_of_an_older_version_is_rebuilt_in_the_current_shape(term_store: Store) -> None:
    # Version 4 kept postings in a rowid table with an index on term; the current one clusters them by term.
    before = rank_files(term_store, "compute tax").files
    term_store.conn.execute("DROP TABLE term_postings")
    term_store.conn.execute(
        "CREATE TABLE term_postings (term TEXT, node TEXT, file TEXT, weight REAL, "
        "length REAL, notes REAL, notes_length REAL)"
    )
    term_store.set_meta("term_index", "4")
    assert rank_files(term_store, "compute tax").files == before
    sql = term_store.conn.execute("SELECT sql FROM sqlite_master WHERE name='term_postings'").fetchone()[0]
    assert "WITHOUT ROWID" in sql and term_store.get_meta("term_index") == TERM_INDEX_VERSION


# ----- personalized PageRank -------------------------------------------------------------------------


def test_pagerank_on_a_path_of_three_nodes() -> None:
    # 0 → 1 → 2 (2 is dangling), all restarts at 0. Solved by hand for d = 0.5:
    # x0 = 0.5·p0 + 0.5·(x2·p0) ; x1 = 0.5·x0 ; x2 = 0.5·x1  → x = (4/7, 2/7, 1/7).
    x, _ = personalized_pagerank(
        3, np.array([0, 1]), np.array([1, 2]), np.array([1.0, 1.0]), np.array([1.0, 0.0, 0.0]), damping=0.5, tol=1e-12
    )
    assert x == pytest.approx([4 / 7, 2 / 7, 1 / 7])


def test_pagerank_splits_by_edge_weight_and_sums_to_one() -> None:
    # A star: 0 → 1 (weight 3), 0 → 2 (weight 1), both back to 0. d = 0.85, restart at 0.
    # x1 = 0.85·0.75·x0, x2 = 0.85·0.25·x0, x0 = 0.15 + 0.85·(x1 + x2) → x0 = 0.15 / (1 - 0.85²).
    src, dst, w = np.array([0, 0, 1, 2]), np.array([1, 2, 0, 0]), np.array([3.0, 1.0, 1.0, 1.0])
    x, iterations = personalized_pagerank(3, src, dst, w, np.array([1.0, 0.0, 0.0]), tol=1e-12, max_iter=1000)
    x0 = 0.15 / (1 - 0.85**2)
    assert x == pytest.approx([x0, 0.85 * 0.75 * x0, 0.85 * 0.25 * x0])
    assert x.sum() == pytest.approx(1.0)
    assert iterations > 1


# ----- whole questions ---------------------------------------------------------------------------------

APP = {
    "auth/__init__.py": "",
    "auth/login.py": (
        "from auth.session import open_session\n\n"
        "def authenticate(username, password):\n"
        "    '''Check a user's credentials and open a session.'''\n"
        "    if check_password(username, password):\n"
        "        return open_session(username)\n\n"
        "def check_password(username, password):\n    return False\n"
    ),
    "auth/session.py": "def open_session(username):\n    '''A new session for a logged-in user.'''\n    return {}\n",
    "reports/chart.py": "def draw_bar_chart(values):\n    '''Draw a bar chart of sales figures.'''\n    return values\n",
    "reports/export.py": "from reports.chart import draw_bar_chart\n\ndef export_pdf(values):\n    return draw_bar_chart(values)\n",
    "tests/test_login.py": (
        "from auth.login import authenticate\n\n"
        "def test_authenticate_rejects_a_bad_password():\n    assert not authenticate('a', 'b')\n"
    ),
}


@pytest.fixture
def app_repo(make_repo: Callable[..., Path]) -> Path:
    root = make_repo(APP)
    index(root)
    return root


def test_authentication_question_ranks_the_login_module_first(app_repo: Path) -> None:
    result = query(app_repo, "fix bug in authentication")
    paths = [f["path"] for f in result["files"]]
    assert paths[0] == "auth/login.py"
    assert "reports/chart.py" not in paths


def test_graph_lifts_a_connected_file_with_its_path_as_reason(app_repo: Path) -> None:
    # session.py never says 'password'; it enters through login.py, which calls it.
    files = {f["path"]: f for f in query(app_repo, "authenticate with a password", top=5)["files"]}
    assert "auth/session.py" in files
    assert files["auth/session.py"]["via"] == "auth/login.py::authenticate --calls--> auth/session.py::open_session"


def test_reasons_name_the_matched_terms_and_symbols(app_repo: Path) -> None:
    first = query(app_repo, "draw a bar chart")["files"][0]
    assert first["path"] == "reports/chart.py"
    assert {"bar", "chart", "draw"} <= set(first["terms"])
    assert first["symbols"][0] == "reports/chart.py::draw_bar_chart"


def test_test_files_are_left_out_unless_the_question_is_about_tests(app_repo: Path) -> None:
    plain = [f["path"] for f in query(app_repo, "authenticate rejects a bad password", top=10)["files"]]
    assert "tests/test_login.py" not in plain
    about = [f["path"] for f in query(app_repo, "the test for authenticate rejects a bad password", top=10)["files"]]
    assert "tests/test_login.py" in about


def test_top_cuts_the_list_and_says_so(app_repo: Path) -> None:
    result = query(app_repo, "authenticate password session chart", top=1)
    assert len(result["files"]) == 1
    assert result["truncated"] is True
    assert result["candidates"] > 1


def test_a_question_with_no_known_word_returns_nothing(app_repo: Path) -> None:
    result = query(app_repo, "zebra quokka")
    assert result["files"] == [] and result["truncated"] is False


def test_cli_query_json_shape(app_repo: Path) -> None:
    out = CliRunner().invoke(
        main, ["query", "fix", "bug", "in", "authentication", "--json", "--top", "2", "--root", str(app_repo)]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert set(data) == {"query", "files", "top", "candidates", "truncated", "about_tests", "index"}
    assert data["query"] == "fix bug in authentication" and data["top"] == 2
    assert set(data["files"][0]) == {
        "path",
        "score",
        "lexical",
        "graph",
        "terms",
        "symbols",
        "via",
        "neighbour",
        "feedback",
    }
    assert data["files"][0]["path"] == "auth/login.py"


def test_cli_query_debug_prints_the_graph_and_the_selection(app_repo: Path) -> None:
    out = CliRunner().invoke(main, ["query", "authenticate", "--debug", "--root", str(app_repo)])
    assert out.exit_code == 0, out.output
    assert "[GRAPH] Seeds: auth/login.py::authenticate" in out.output
    assert "[GRAPH] Selected" in out.output and "1. auth/login.py" in out.output


def test_cli_query_without_an_index_is_one_line_error(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"a.py": "x = 1\n"})
    out = CliRunner().invoke(main, ["query", "anything", "--root", str(root)])
    assert out.exit_code == 2
    assert "diffreach index" in out.output
