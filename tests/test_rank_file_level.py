"""File-level steps of the ranking: a file read as one document, and neighbours that fill the list."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from diffreach.graph.store import Store
from diffreach.index.indexer import index
from diffreach.query.rank import RankParams, rank_files


def fn(name: str, doc: str) -> str:
    return f"def {name}(record):\n    '''{doc}'''\n    return record\n\n"


# Enough unrelated documents that the question's words are rare (common words are dropped).
FILLER = {
    f"misc/{w}.py": fn(f"{w}_one", "x") + fn(f"{w}_two", "y")
    for w in ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet")
}


WHOLE = 0.9  # the whole-file weight these tests turn on (off by default)


def ranked(root: Path, question: str, top: int = 5, **params: object) -> list[str]:
    with Store.open(root, create=False) as store:
        return [f.path for f in rank_files(store, question, top=top, params=RankParams(**params)).files]  # type: ignore[arg-type]


# ----- a file read as one document ----------------------------------------------------------------

# validate.py is about the question throughout, in ten small documents each of which holds two of its
# words; loader.py and reader.py each have one symbol whose name holds two of them (and two symbols about
# other things).
WORDS = ("imports", "invalid", "metadata", "values")
PAIRS = list(itertools.combinations(WORDS, 2))
FIELDS = ("title", "authors", "publisher", "date", "isbn", "pages", "subjects", "languages", "series", "notes")
BOOKS = {
    "books/validate.py": "".join(
        fn(f"check_{name}", f"{PAIRS[i % 6][0].capitalize()} and {PAIRS[i % 6][1]} of the {name}.")
        for i, name in enumerate(FIELDS)
    ),
    "books/loader.py": fn("load_invalid_imports", "Load a file.")
    + fn("load_shelf", "Shelf.")
    + fn("load_cover", "Cover."),
    "books/reader.py": fn("read_metadata_values", "Read a file.")
    + fn("open_book", "Open.")
    + fn("close_book", "Close."),
    **FILLER,
}
PROSE = "Imports let invalid metadata values slip through"


@pytest.fixture
def books(make_repo: Callable[..., Path]) -> Path:
    root = make_repo(BOOKS)
    index(root)
    return root


NAMED = {"books/loader.py", "books/reader.py"}


def test_by_symbols_alone_the_strong_names_win_a_prose_question(books: Path) -> None:
    assert set(ranked(books, PROSE, file_text_weight=0.0)[:2]) == NAMED


def test_the_file_read_as_one_document_wins_the_prose_question(books: Path) -> None:
    assert ranked(books, PROSE, file_doc_weight=WHOLE)[0] == "books/validate.py"


def test_the_whole_file_raises_a_file_below_the_best_name_not_past_it(books: Path) -> None:
    # Words alone (no graph): the whole file is a floor at a share of the best file's score, not a sum.
    with Store.open(books, create=False) as store:
        alone = rank_files(store, PROSE, params=RankParams(graph_mix=0.0, file_text_weight=0.0)).files
        floored = rank_files(
            store, PROSE, params=RankParams(graph_mix=0.0, file_text_weight=0.0, file_doc_weight=WHOLE)
        ).files
    assert floored[0].path in NAMED
    lexical = {f.path: f.lexical for f in alone}, {f.path: f.lexical for f in floored}
    assert lexical[0]["books/validate.py"] < lexical[1]["books/validate.py"] < lexical[1][floored[0].path]


def test_the_whole_file_brings_no_file_without_a_matching_word(books: Path) -> None:
    assert not any(p.startswith("misc/") for p in ranked(books, PROSE, top=10, file_doc_weight=WHOLE))


def says(name: str, text: str) -> str:
    return f"def {name}():\n    '''Text.'''\n    return '{text}'\n\n"


# messages.py holds the question's words only in string literals (notes), one word a message, over many
# messages: no one of its documents matches much, the file as a whole matches every word. Its symbol
# names and docstrings say nothing of the question.
CATALOGUE = {
    **BOOKS,
    "books/messages.py": "".join(
        says(f"message_{i}", f"Some {word} went through unchecked.") for i, word in enumerate(WORDS * 4)
    ),
}


@pytest.fixture
def catalogue(make_repo: Callable[..., Path]) -> Path:
    root = make_repo(CATALOGUE)
    index(root)
    return root


def lexical_share(root: Path, path: str, **params: object) -> float:
    with Store.open(root, create=False) as store:
        files = rank_files(store, PROSE, top=10, params=RankParams(**params)).files  # type: ignore[arg-type]
    return next(f.lexical for f in files if f.path == path)


def test_the_whole_file_reading_raises_a_file_of_prose_strings_through_its_notes(catalogue: Path) -> None:
    alone = lexical_share(catalogue, "books/messages.py")
    assert lexical_share(catalogue, "books/messages.py", file_doc_weight=WHOLE) > alone


def test_without_its_notes_the_whole_file_reading_leaves_the_strings_where_they_were(catalogue: Path) -> None:
    alone = lexical_share(catalogue, "books/messages.py")
    assert lexical_share(catalogue, "books/messages.py", file_doc_weight=WHOLE, file_doc_notes=0.0) == alone
    # validate.py's words are in its docstrings' first lines, not notes: it is raised all the same.
    assert ranked(catalogue, PROSE, file_doc_weight=WHOLE, file_doc_notes=0.0)[0] == "books/validate.py"


# ----- neighbours fill the list -------------------------------------------------------------------

# cart.py calls pricing.py, whose words the question does not use; display.py shares a word with it.
SHOP = {
    "shop/cart.py": (
        "from shop.pricing import total\n\n"
        "def add_to_cart(cart, item):\n    '''Add an item to the shopping cart.'''\n    return total(cart + [item])\n"
    ),
    "shop/pricing.py": fn("total", "Sum of the amounts."),
    "ui/display.py": fn("show_item", "Show an item."),
    "shop/labels.py": fn("cart_label", "A label."),
    "shop/stock.py": fn("item_count", "How many of an item are left."),
    **FILLER,
}
CART = "Adding an item to the cart shows the wrong price"


@pytest.fixture
def shop(make_repo: Callable[..., Path]) -> Iterator[Path]:
    root = make_repo(SHOP)
    index(root)
    yield root


def test_without_filling_the_list_is_as_scored(shop: Path) -> None:
    assert ranked(shop, CART, top=2, fill_from=0) == ["shop/cart.py", "ui/display.py"]


def test_a_neighbour_of_the_best_file_takes_the_last_place(shop: Path) -> None:
    with Store.open(shop, create=False) as store:
        files = rank_files(store, CART, top=2, params=RankParams(fill_from=1, fill_close=0.5, fill_by=("graph",))).files
    assert [f.path for f in files] == ["shop/cart.py", "shop/pricing.py"]
    assert files[1].neighbour and files[1].via == "shop/cart.py::add_to_cart --calls--> shop/pricing.py::total"


def test_a_neighbour_that_scores_far_below_stays_out(shop: Path) -> None:
    assert ranked(shop, CART, top=2, fill_from=1, fill_close=1.0, fill_by=("graph",)) == [
        "shop/cart.py",
        "ui/display.py",
    ]


def test_a_file_of_the_same_directory_fills_only_when_asked(shop: Path) -> None:
    # labels.py has no edge to cart.py: the graph alone does not bring it; its directory does, past ui/display.py.
    assert "shop/labels.py" not in ranked(shop, CART, top=3, fill_from=1, fill_close=0.1, fill_by=("graph",))
    assert "shop/labels.py" in ranked(shop, CART, top=3, fill_from=1, fill_close=0.1, fill_by=("directory",))


# ----- neighbours of the best symbols, not of the whole file ------------------------------------

# The question matches add_to_cart, which calls pricing.total (where the fix goes). The same file also
# holds housekeeping, which matches no word of the question and calls audit.log_entry: a neighbour of
# the file, not of the code the question is about.
LEDGER = {
    "shop/cart.py": (
        "from shop.pricing import total\nfrom shop.audit import log_entry\n\n"
        "def add_to_cart(cart, item):\n    '''Add an item to the shopping cart.'''\n    return total(cart + [item])\n\n"
        "def housekeeping(record):\n    '''Tidy up.'''\n    return log_entry(record)\n"
    ),
    "shop/pricing.py": fn("total", "Sum of the amounts."),
    "shop/audit.py": fn("log_entry", "Write one line."),
    "ui/display.py": fn("show_item", "Show an item."),
    **FILLER,
}


@pytest.fixture
def ledger(make_repo: Callable[..., Path]) -> Iterator[Path]:
    root = make_repo(LEDGER)
    index(root)
    yield root


def test_the_whole_file_brings_every_neighbour_of_the_best_file(ledger: Path) -> None:
    # audit.py scores far below ui/display.py; at fill_close 0.05 a neighbour of the file passes it.
    assert ranked(ledger, CART, top=3, fill_from=0)[1] == "ui/display.py"
    got = ranked(ledger, CART, top=3, fill_from=1, fill_close=0.05, fill_by=("graph",))
    assert got[0] == "shop/cart.py" and set(got[1:]) == {"shop/pricing.py", "shop/audit.py"}


def test_the_best_symbols_bring_only_what_they_call(ledger: Path) -> None:
    got = ranked(ledger, CART, top=3, fill_from=1, fill_close=0.05, fill_by=("symbols",), fill_symbols=1)
    assert got == ["shop/cart.py", "shop/pricing.py", "ui/display.py"]
    assert "shop/audit.py" not in got  # housekeeping matched nothing: its callee is not lifted


def test_no_symbols_no_fill(ledger: Path) -> None:
    unfilled = ranked(ledger, CART, top=3, fill_from=0)
    assert ranked(ledger, CART, top=3, fill_from=1, fill_close=0.05, fill_by=("symbols",), fill_symbols=0) == unfilled
