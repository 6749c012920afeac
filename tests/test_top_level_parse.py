"""A caller's call sites read from a parse of its top-level definition only, where the language
parses one alone (``LanguageSpec.top_level_parses_alone``: Python) and the graph parsed the very
same bytes without a syntax error: the same sites and parameters as the whole file's parse."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from tree_sitter import Language, Node, Parser, Range, Tree

import diffreach
from diffreach import api, git
from diffreach.languages import language_for, parsing
from diffreach.languages.binding import calls_in, parameters_of

Make = Callable[..., Path]
_DEFINITIONS = {"function_definition", "class_definition", "decorated_definition"}


def _definitions(node: Node) -> Iterator[Node]:
    for child in node.named_children:
        if child.type in _DEFINITIONS:
            yield child
        yield from _definitions(child)


def test_a_top_level_definition_reads_the_same_alone_as_in_its_file() -> None:
    """Every top-level definition of this package's own sources (error-free Python files):
    the calls of every name called in it, on its lines and on each nested definition's lines,
    and each nested definition's parameters, read with ``within`` as without."""
    spec = language_for("a.py")
    assert spec is not None and spec.top_level_parses_alone
    parser = Parser(Language(spec.grammar()))
    checked = 0
    for path in sorted(Path(diffreach.__file__).parent.rglob("*.py")):
        source = path.read_bytes()
        tree = parser.parse(source)
        assert not tree.root_node.has_error, path
        for top in tree.root_node.named_children:
            if top.type not in _DEFINITIONS:
                continue
            within = (top.start_point.row + 1, top.end_point.row + 1)
            text = source[top.start_byte : top.end_byte].decode()
            names = sorted(set(re.findall(r"\b(\w+)\s*\(", text)))
            for node in [top, *_definitions(top)]:
                lines = (node.start_point.row + 1, node.end_point.row + 1)
                for name in names:
                    alone = calls_in(spec, source, *lines, name, within)
                    assert alone == calls_in(spec, source, *lines, name), (path, lines, name)
                    checked += len(alone)
                alone_params = parameters_of(spec, source, lines[0], None, lines, within)
                assert alone_params == parameters_of(spec, source, lines[0], None, lines), (path, lines)
    assert checked > 1000  # the sources hold thousands of calls


CORE = "def parse(t):\n    return t\n"
# A large definition before the caller, a class holding it, comments at column 0 between them.
API = (
    "from app.core import parse\n\n\n"
    + "".join(f"def filler{i}(x):\n    return [x, {i}]\n\n\n" for i in range(40))
    + "# a comment at column 0\n"
    + "class Box:\n    def caller(self, t):\n        return parse(t)\n    # an indented comment after the method\n"
    + "\n\ndef after():\n    return parse(2)\n"
)


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """Each parse: the bytes parsed, and the byte ranges when only parts of the text were."""
    seen: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    parse = parsing.parse_within

    def counted(language: Language, data: bytes, stop: parsing.Stop, ranges: Sequence[Range] = ()) -> Tree:
        seen.append((len(data), tuple((r.start_byte, r.end_byte) for r in ranges)))
        return parse(language, data, stop, ranges)

    monkeypatch.setattr(parsing, "parse_within", counted)
    return seen


def _answer(root: Path) -> str:
    return json.dumps(api.radius_json(api.blast_radius(root, base="HEAD~1")), sort_keys=True)


def test_a_warm_impact_parses_only_the_callers_top_level_definition(
    make_repo: Make, parses: list[tuple[int, tuple[tuple[int, int], ...]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_repo({"app/core.py": CORE, "app/api.py": API})
    (root / "app/core.py").write_text(CORE.replace("return t", "return t + 0"))
    git.run(root, "commit", "-qam", "body")
    api.index(root)
    parses.clear()
    answer = _answer(root)
    size = len(API.encode())
    box = API.index("class Box")
    assert (size, ((box, API.index("\n\ndef after")),)) in parses  # the class's lines, its comment too
    assert (size, ()) not in parses  # never the whole file
    hop1 = [r for r in json.loads(answer)["callers"] if r["hop"] == 1]
    assert {r["id"] for r in hop1} == {"app/api.py::Box.caller", "app/api.py::after"}
    # The same answer as from the whole file's parse (the graph's answer withheld).
    monkeypatch.setattr("diffreach.api.change.outermost_definition", lambda store, node_id: None)
    assert _answer(root) == answer


def test_a_file_whose_parse_had_a_syntax_error_is_parsed_whole(
    make_repo: Make, parses: list[tuple[int, tuple[tuple[int, int], ...]]]
) -> None:
    broken = API + "\nvalue = (1,\n"  # an unclosed bracket at the end
    root = make_repo({"app/core.py": CORE, "app/api.py": broken})
    (root / "app/core.py").write_text(CORE.replace("return t", "return t + 0"))
    git.run(root, "commit", "-qam", "body")
    api.index(root)
    parses.clear()
    hop1 = [r for r in json.loads(_answer(root))["callers"] if r["hop"] == 1]
    assert {r["id"] for r in hop1} >= {"app/api.py::Box.caller", "app/api.py::after"}
    # Its whole tree (kept from the index's parse in this process, or parsed anew): no lines alone.
    assert [ranges for size, ranges in parses if size == len(broken.encode()) and ranges] == []
