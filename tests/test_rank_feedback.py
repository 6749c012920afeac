"""Pseudo-relevance feedback (``query/feedback.py``): the best files' words join the question.

A question in the user's words ("the login page's text") finds the page; the file the change also
needs (where the page's settings are kept) shares the page's words, not the question's. The words
that the first files hold and few others do join the question for a second pass. A small repository
in, the ranked files and the added terms out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from diffreach.graph.store import Store
from diffreach.index.indexer import index
from diffreach.query.feedback import feedback_terms
from diffreach.query.params import RankParams
from diffreach.query.question import parse_question
from diffreach.query.rank import rank_files, update_term_index
from tests.conftest import commit_all

LOGIN = '''def render_login_page(request):
    """Render the login page."""
    settings = load_branding()
    return template("login.html", brand_title=settings.brand_title, brand_greeting=settings.brand_greeting)
'''
BRANDING = '''class Branding:
    """What an instance shows of itself."""

    brand_title = "Workbench"
    brand_greeting = "Hello"


def load_branding():
    return Branding()
'''
# Files that share a question word ("text", "change") and nothing with the page.
CLIPBOARD = 'def copy_text(value):\n    """Copy a text value."""\n    return value\n'
HISTORY = 'def record_change(entry):\n    """Record a change in the history."""\n    return entry\n'
# Enough files that a word two of them hold is rare (``max_df_share``).
WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima")
FILLER = {f"misc/{w}.py": f"def {w}_step(record):\n    return record\n" for w in WORDS}
FILES = {"web/login.py": LOGIN, "web/branding.py": BRANDING, "clip.py": CLIPBOARD, "history.py": HISTORY, **FILLER}
QUESTION = "Allow changing the text of the login page\n\nI would like to change what the page says."


def ranked(root: Path, **params: object) -> list[str]:
    with Store.open(root, create=False) as store:
        return [f.path for f in rank_files(store, QUESTION, top=4, params=RankParams(**params)).files]  # type: ignore[arg-type]


def added(root: Path, **params: object) -> dict[str, float]:
    """The terms the login page adds to the question, the page taken as the best file."""
    with Store.open(root, create=False) as store:
        update_term_index(store, (), ())  # a query's first step
        return feedback_terms(
            store.conn,
            parse_question(QUESTION).terms,
            ["web/login.py"],
            RankParams(feedback_files=1, **params),  # type: ignore[arg-type]
        )


def test_the_page_s_words_bring_the_file_that_keeps_its_settings(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    index(root)
    found = ranked(root, feedback_files=1)
    assert found[0] == "web/login.py"  # the file the question names stays first
    assert found.index("web/branding.py") < found.index("clip.py")
    # Without feedback, a file that shares only the question's words ranks above it.
    before = ranked(root, feedback_terms=0)
    assert "web/branding.py" not in before or before.index("web/branding.py") > before.index("clip.py")


def test_a_file_s_reasons_keep_the_question_s_words_and_the_added_ones_apart(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    index(root)
    with Store.open(root, create=False) as store:
        result = rank_files(store, QUESTION, top=4, params=RankParams(feedback_files=1))
    branding = next(f for f in result.files if f.path == "web/branding.py")
    assert "brand" in branding.feedback
    assert not set(branding.terms) & set(added(root))  # "matched" lists the question's words only
    page = result.files[0]
    assert {"login", "page"} <= set(page.terms)


def test_the_added_terms_are_the_best_files_own_and_not_the_question_s(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    index(root)
    question = parse_question(QUESTION).terms
    terms = added(root)
    assert {"brand", "greet", "titl"} <= set(terms)
    assert not set(terms) & set(question)  # a question's own term keeps its own weight
    assert "record" not in terms  # not in the best file
    assert max(terms.values()) == RankParams().feedback_weight * max(question.values())
    assert len(added(root, feedback_terms=2)) == 2
    assert added(root, feedback_terms=0) == {}  # off


def test_a_word_most_files_hold_is_never_added(make_repo: Callable[..., Path]) -> None:
    common = {path: text + "\ndef shared_helper():\n    return 0\n" for path, text in FILES.items()}
    root = make_repo(common)
    index(root)
    terms = added(root)
    assert "brand" in terms
    assert "share" not in terms and "helper" not in terms


def test_the_feedback_follows_an_edit(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    index(root)
    assert "brand" in added(root)
    (root / "web/login.py").write_text('def render_login_page(request):\n    """Render the login page."""\n')
    commit_all(root)
    index(root)
    assert "brand" not in added(root)
