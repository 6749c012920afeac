"""A file's whole text as one document (``query/file_text.py``): what lies past its symbols' documents.

An options table's entries are strings of one definition; past the notes' cap they are in no
symbol's document, and a question about one of them finds the table only by the file's whole text.
A small repository in, the ranked files out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from diffreach.extract.words import file_words
from diffreach.graph.store import Store
from diffreach.index.indexer import index
from diffreach.query.params import RankParams
from diffreach.query.rank import rank_files
from tests.conftest import commit_all

# Forty options described before the one the question asks about: its words lie past the cap.
ENTRIES = "".join(f'    "option_{i}": "sets the widget number {i} of the sprocket assembly line",\n' for i in range(40))
OPTIONS = "OPTIONS = {\n" + ENTRIES + '    "sink": "the telemetry collector address the agent reports to",\n}\n'
SERVER = 'def start_server(port):\n    """Start the server on a port."""\n    return port\n'
FILLER = {f"misc/{w}.py": f"def {w}_step(record):\n    return record\n" for w in ("alpha", "bravo", "charlie", "delta")}
QUESTION = "Start the server with another telemetry collector\n\nThe agent always reports to the same collector."


def ranked(root: Path, **params: object) -> list[str]:
    with Store.open(root, create=False) as store:
        return [f.path for f in rank_files(store, QUESTION, top=5, params=RankParams(**params)).files]  # type: ignore[arg-type]


def test_a_file_s_words_are_its_identifier_tokens_counted() -> None:
    words = dict(file_words(b'x = f(x)  # a comment\ns = "two words" + 3\n'))
    assert words == {"x": 2, "f": 1, "a": 1, "comment": 1, "s": 1, "two": 1, "words": 1}


def test_an_entry_past_the_notes_cap_brings_its_file_in(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"options.py": OPTIONS, "server.py": SERVER, **FILLER})
    index(root)
    found = ranked(root)
    assert found[0] == "server.py"  # the symbol the title names still leads
    assert "options.py" in found
    # Without the whole text, the entry is in no document.
    assert "options.py" not in ranked(root, file_text_weight=0.0)


def test_the_whole_text_follows_an_edit(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"options.py": OPTIONS, "server.py": SERVER, **FILLER})
    index(root)
    assert "options.py" in ranked(root)
    (root / "options.py").write_text("OPTIONS = {\n" + ENTRIES + "}\n")
    commit_all(root)
    index(root)
    assert "options.py" not in ranked(root)
