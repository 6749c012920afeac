"""Fuzzing: the diff parser, the change mapper and every language's extractor
take generated and mutated input without crashing, hanging or breaking their
output's invariants.

Hypothesis draws a small *recipe* (a seed snippet, a list of mutations, a
nesting depth, a line length) and the input is built from it, so inputs can be
large (200 KB lines, 3,000-deep nesting) while generation stays cheap and
shrinking stays meaningful. Seeds are the real snippets of the spec tests
(tests/test_graph_*.py), read once with ``ast``. This module runs a fixed-seed
slice in ``make test``; ``bench/fuzz.py --examples N`` runs the same targets
with N inputs each and reports crashes and the slowest input.
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diffreach.errors import DiffError
from diffreach.extract.core import extract
from diffreach.languages import all_languages, language_for
from diffreach.languages.spec import LanguageSpec
from diffreach.model import FileExtract, NodeKind
from diffreach.review.changes import changed_symbols
from diffreach.review.diff import diff_from_texts, parse_diff

HERE = Path(__file__).parent
SPECS = all_languages()
# Which language a spec is, for test ids: typescript has two specs (ts, tsx).
SPEC_IDS = [f"{s.name}{s.extensions[0]}" for s in SPECS]

# Deep nesting and long lines, per language family: openers that every grammar
# here nests (calls, blocks, arrays, strings, comments, generics).
NEST_OPEN = [b"(", b"{", b"[", b"f(", b"if (x) {", b"<", b'"', b"/*", b"def f():\n", b"class A {"]
LINE_UNITS = [b"a+", b"x.", b"'", b"(", b"\\", b"\t", b"\xff", b"a" * 64, b"f(1)", b"// "]


@cache
def seeds() -> dict[str, tuple[bytes, ...]]:
    """spec name → the snippets written for it in the spec tests."""
    found: dict[str, list[bytes]] = {s.name: [] for s in SPECS}
    for test_file in sorted(HERE.glob("test_*.py")):
        for node in ast.walk(ast.parse(test_file.read_text())):
            if not isinstance(node, ast.Dict):
                continue
            for key, value in zip(node.keys, node.values):
                if (
                    isinstance(key, ast.Constant)
                    and isinstance(key.value, str)
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                ):
                    spec = language_for(key.value)
                    if spec is not None:
                        found[spec.name].append(value.value.encode())
    # Component formats (Vue, Svelte) with few snippets of their own: script blocks of
    # the JavaScript and TypeScript snippets, in markup.
    for spec in SPECS:
        if spec.embedded is not None and len(found[spec.name]) < 6:
            for i, code in enumerate(found["javascript"][:4] + found["typescript"][:4]):
                lang = b' lang="ts"' if i >= 4 else b""
                found[spec.name].append(b"<script" + lang + b">\n" + code + b"</script>\n<div>{x}</div>\n")
    return {name: tuple(texts) or (b"",) for name, texts in found.items()}


# -- recipes ---------------------------------------------------------------------------------------

mutation = st.tuples(
    st.sampled_from(["delete", "insert", "duplicate", "flip", "truncate", "swap"]),
    st.floats(0, 1),
    st.floats(0, 1),
    st.binary(max_size=16),
)


def mutate(data: bytes, mutations: list[tuple[str, float, float, bytes]]) -> bytes:
    for op, a, b, payload in mutations:
        i, j = sorted((int(a * len(data)), int(b * len(data))))
        if op == "delete":
            data = data[:i] + data[j:]
        elif op == "insert":
            data = data[:i] + payload + data[i:]
        elif op == "duplicate":
            data = data[:j] + data[i:j] + data[j:]
        elif op == "flip" and data:
            k = min(i, len(data) - 1)
            data = data[:k] + bytes([data[k] ^ (payload[:1] or b"\x01")[0]]) + data[k + 1 :]
        elif op == "truncate":
            data = data[:i]
        elif op == "swap":
            data = data[j:] + data[i:j] + data[:i]
    return data


def source_recipe(name: str, scale: int = 1) -> st.SearchStrategy[bytes]:
    """Bytes for the extractor of language ``name``; ``scale`` multiplies the
    largest nesting depth (300) and line length (5,000 units) drawn."""
    pool = seeds()[name]
    seed = st.sampled_from(pool)
    mutated = st.builds(mutate, seed, st.lists(mutation, max_size=6))
    truncated = st.builds(lambda s, f: s[: int(f * len(s))], seed, st.floats(0, 1))
    nested = st.builds(lambda o, n, s: o * n + s, st.sampled_from(NEST_OPEN), st.integers(1, 300 * scale), seed)
    long_line = st.builds(
        lambda u, n, s: s + u * n + b"\n", st.sampled_from(LINE_UNITS), st.integers(1, 5_000 * scale), seed
    )
    spliced = st.builds(
        lambda a, b, f: a[: int(f * len(a))] + b,
        seed,
        st.sampled_from([t for texts in seeds().values() for t in texts]),
        st.floats(0, 1),
    )
    return st.one_of(st.binary(max_size=2000), mutated, truncated, nested, long_line, spliced)


@cache
def diff_seeds() -> tuple[str, ...]:
    """Real diffs: each seed snippet against a mutation of itself, plus git's odd forms."""
    out = []
    for name, texts in seeds().items():
        spec = next(s for s in SPECS if s.name == name)
        for i, text in enumerate(texts[:6]):
            old = text.decode()
            lines = old.splitlines(keepends=True)
            new = "".join([*lines[: len(lines) // 2], "    x = 1\n", *lines[len(lines) // 2 + 1 :]])
            out.append(diff_from_texts(f"src/f{i}{spec.extensions[0]}", old, new))
            out.append(diff_from_texts(f"src/g{i}{spec.extensions[0]}", None, old))
    out.extend(
        [
            "diff --git a/img.png b/img.png\nindex 1..2 100644\nGIT binary patch\nliteral 5\nMcmZ?wbhF3\n\nliteral 0\n",
            "diff --git a/x.bin b/x.bin\nnew file mode 100644\nBinary files /dev/null and b/x.bin differ\n",
            (
                'diff --git "a/sp ace\\303\\251.py" "b/sp ace\\303\\251.py"\n--- "a/sp ace\\303\\251.py"\n'
                '+++ "b/sp ace\\303\\251.py"\n@@ -1 +1 @@\n-a\n+b\n'
            ),
            "diff --git a/a.py b/b.py\nsimilarity index 90%\nrename from a.py\nrename to b.py\n",
            "--- a/a.py\r\n+++ b/a.py\r\n@@ -1,2 +1,2 @@\r\n-x = 1\r\n+x = 2\r\n y = 3\r\n",
            "--- a.py\n+++ a.py\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n",
        ]
    )
    return tuple(out)


def text_mutate(text: str, mutations: list[tuple[str, float, float, bytes]]) -> str:
    return mutate(text.encode("utf-8", "surrogatepass"), mutations).decode("utf-8", "replace")


def diff_recipe() -> st.SearchStrategy[str]:
    seed = st.sampled_from(diff_seeds())
    joined = st.lists(seed, min_size=1, max_size=4).map("".join)
    mutated = st.builds(text_mutate, joined, st.lists(mutation, max_size=6))
    truncated = st.builds(lambda s, f: s[: int(f * len(s))], joined, st.floats(0, 1))
    by_line = st.builds(
        lambda s, drop: "".join(x for i, x in enumerate(s.splitlines(True)) if i not in drop),
        joined,
        st.sets(st.integers(0, 60), max_size=4),
    )
    header_noise = st.builds(
        lambda n, tail: "".join(n) + tail,
        st.lists(
            st.sampled_from(
                [
                    "diff --git ",
                    "--- ",
                    "+++ ",
                    "@@ -",
                    "@@ -1,3 +1 @@",
                    "\\ ",
                    "-",
                    "+",
                    " ",
                    "\r\n",
                    "\n",
                    "GIT binary patch\n",
                    "rename from ",
                    '"\\',
                    "Binary files a and b differ\n",
                    "a/x.py b/x.py\n",
                ]
            ),
            max_size=30,
        ),
        st.sampled_from(["", "\n"]),
    )
    return st.one_of(
        st.text(max_size=500),
        mutated,
        truncated,
        by_line,
        header_noise,
        st.builds(lambda u, n: u * n, st.sampled_from(["+x\n", "@@ -1 +1 @@\n", "-" * 1000]), st.integers(1, 20_000)),
    )


# -- the properties --------------------------------------------------------------------------------


def check_extract(spec: LanguageSpec, data: bytes, path: str) -> FileExtract:
    """extract() returns (never raises) and its records hang together."""
    return check_records(extract(path, data, spec), path)


def check_records(fx: FileExtract, path: str) -> FileExtract:
    """The records of one file hang together: the file node first, unique ids, every
    parent and reference scope a symbol of the file, lines from 1."""
    assert fx.symbols and fx.symbols[0].kind == NodeKind.FILE and fx.symbols[0].id == path
    ids = [s.id for s in fx.symbols]
    assert len(ids) == len(set(ids)), "symbol ids are unique"
    known = set(ids)
    for s in fx.symbols:
        assert 1 <= s.start_line <= s.end_line, s
        assert s.parent is None or s.parent in known, s
    for r in fx.refs:
        assert r.scope in known, r
        assert r.line >= 1
    return fx


def check_diff(text: str) -> tuple[object, ...]:
    """parse_diff returns FileDiffs or raises DiffError, nothing else. Returns the
    result's shape (the mutation fuzzer's feedback)."""
    try:
        file_diffs = parse_diff(text)
    except DiffError as exc:
        assert str(exc) and "\n" not in str(exc), "one-line message"
        return ("error", str(exc)[:24])
    for fd in file_diffs:
        assert fd.old_path is not None or fd.new_path is not None
        for h in fd.hunks:
            assert len(h.removed) <= h.old_count and len(h.added) <= h.new_count
    return (
        min(len(file_diffs), 4),
        min(sum(len(fd.hunks) for fd in file_diffs), 6),
        tuple(sorted({(fd.old_path is None, fd.new_path is None) for fd in file_diffs})),
    )


def check_changes(text: str, old: bytes | None, new: bytes | None) -> tuple[object, ...]:
    """changed_symbols maps any parsed diff, with any (or no) file contents, without raising."""
    try:
        file_diffs = parse_diff(text)
    except DiffError:
        return ("error",)
    changes = changed_symbols(file_diffs, lambda p: old, lambda p: new)
    ids = [c.id for c in changes]
    assert len(ids) == len(set(ids))
    return (old is None, new is None, min(len(ids), 6), tuple(sorted({k for c in changes for k in c.changes})))


def changes_recipe() -> st.SearchStrategy[tuple[str, bytes | None, bytes | None]]:
    """A diff of a seed against its mutation, maybe mutated itself; file contents that
    agree with it, disagree with it, or are missing."""

    def build(
        spec_i: int, seed_i: int, muts: list, diff_muts: list, old_kind: int, new_kind: int, garbage: bytes
    ) -> tuple[str, bytes | None, bytes | None]:
        spec = SPECS[spec_i % len(SPECS)]
        pool = seeds()[spec.name]
        old = pool[seed_i % len(pool)]
        new = mutate(old, muts)
        path = f"pkg/mod{spec.extensions[0]}"
        text = diff_from_texts(path, old.decode("utf-8", "replace"), new.decode("utf-8", "replace"))
        text = text_mutate(text, diff_muts) if diff_muts else text
        sides = {0: None, 1: garbage}
        return text, {**sides, 2: old}.get(old_kind), {**sides, 2: new}.get(new_kind)

    return st.builds(
        build,
        st.integers(0, 100),
        st.integers(0, 1000),
        st.lists(mutation, max_size=5),
        st.lists(mutation, max_size=2),
        st.integers(0, 2),
        st.integers(0, 2),
        st.binary(max_size=300),
    )


# Test ids name the spec; the slice in `make test` is small and fixed-seed (derandomize).
SLICE = settings(
    max_examples=40, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
)


def _extract_test(spec: LanguageSpec) -> Callable[[], None]:
    @SLICE
    @given(data=source_recipe(spec.name), test_path=st.booleans())
    def run(data: bytes, test_path: bool) -> None:
        check_extract(spec, data, f"{'tests/test_' if test_path else 'src/'}f{spec.extensions[0]}")

    return run


for _spec, _id in zip(SPECS, SPEC_IDS):
    globals()[f"test_extract_never_fails_{_id.replace('.', '_')}"] = _extract_test(_spec)


@settings(SLICE, max_examples=400)
@given(text=diff_recipe())
def test_parse_diff_returns_files_or_a_one_line_diff_error(text: str) -> None:
    check_diff(text)


@settings(SLICE, max_examples=150)
@given(case=changes_recipe())
def test_changed_symbols_never_fails(case: tuple[str, bytes | None, bytes | None]) -> None:
    check_changes(*case)


def test_seeds_cover_every_language() -> None:
    assert all(len(seeds()[s.name]) >= 3 for s in SPECS), {s.name: len(seeds()[s.name]) for s in SPECS}


def test_deep_nesting_and_a_long_line_extract() -> None:
    """The extremes, once each, in every language: 4,000-deep nesting and a 100 KB line
    (bench/fuzz.py goes further)."""
    for spec in SPECS:
        fx = check_extract(spec, b"(" * 2_000 + b"{" * 2_000, f"f{spec.extensions[0]}")
        assert fx.symbols[0].end_line == 1
        fx = check_extract(spec, b"x = " + b"a+" * 50_000 + b"1\n", f"f{spec.extensions[0]}")
        assert fx.symbols[0].end_line == 1


def test_a_parse_past_its_budget_gives_the_file_node_alone(monkeypatch) -> None:
    """The guard against grammars that hang or crawl: the parse stops, the file stays."""
    import diffreach.extract.core as extract_module

    spec = language_for("a.rb")
    assert spec is not None
    data = b"def f\n  g(1)\nend\n" * 200
    assert len(extract("a.rb", data, spec).symbols) == 201
    monkeypatch.setattr(extract_module, "PARSE_BUDGET_BASE", 3)
    monkeypatch.setattr(extract_module, "PARSE_BUDGET_PER_KIB", 0)
    with pytest.raises(extract_module.ParseLimitExceeded):
        extract_module.extract_checked("a.rb", data, spec)
    fx = extract("a.rb", data, spec)
    assert [s.id for s in fx.symbols] == ["a.rb"] and fx.parse_errors == 1 and not fx.refs
    # the parser is usable again after a halted parse
    monkeypatch.undo()
    assert len(extract("a.rb", data, spec).symbols) == 201


def test_a_parse_past_its_cpu_time_stops() -> None:
    spec = language_for("a.rb")
    assert spec is not None
    import diffreach.extract.core as extract_module

    with pytest.raises(extract_module.ParseLimitExceeded, match="CPU seconds"):
        extract_module.extract_checked("a.rb", b"f(1)" * 20_000, spec, cpu_seconds=0.0)


def test_a_line_diff_of_seeds_maps_to_the_edited_symbol() -> None:
    """The harness itself is sound: a real edit of a real seed is found."""
    old = "def f():\n    return 1\n\ndef g():\n    return 2\n"
    new = old.replace("return 2", "return 3")
    text = "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True), "a/m.py", "b/m.py"))
    changes = changed_symbols(parse_diff(text), lambda p: old.encode(), lambda p: new.encode())
    assert [c.id for c in changes] == ["m.py::g"]


# Found by bench/fuzz.py (mutation engine, seed 1): tiny inputs on which a grammar does not
# finish (tree-sitter-typescript's TSX: 40 CPU s and 123,000 progress steps without an end;
# tree-sitter-kotlin likewise). Only the parse budget stops them. If a grammar upgrade makes
# one parse, drop it here.
GRAMMAR_HANGS = {
    "f.tsx": b"export const Lab(textel = (onstructxt }: { text:  Contr merge {\n  private repo: Repo;\n",
    "f.kt": (
        b"package com.shop.core\nimport com.shop.util.Helper\n  fun ad.make()\n    supmd(x: Int) {\n"
        b"    this.totalh)\n    Helper.make()\n    supmxake()\n s frob() {n fro\nr\nr\nr\no\nr\nr\nr\n"
        b"r\nr\nr\nr\no\no\no\no\nr\nr\n\nr\nr\nrom.sr\nr\nr\nr\nr\no\nr\nr\nr\nr\nr\nr\nr\no\nr\nr\n"
        b"r\nrr\nr\nr\nr\nr\nr\nr\no\nr\nr\nr\nr\nr\n\xf2\nr\no\nr\nr\nr\nr\nr\nr\nr\no\nr\nr\nr\nr\n"
        b"r\nr\nr\no\nr\nrom.shop.core\nclass CartTest {\n  @Test\n  fun adds() {\n"
        b"   0Cart(1).total()\n    Cart(2)\n  }\n}\n"
    ),
}


@pytest.mark.parametrize("path", sorted(GRAMMAR_HANGS))
def test_grammar_hangs_found_by_fuzzing_stop_at_the_budget(path: str, monkeypatch) -> None:
    import diffreach.extract.core as extract_module

    spec = language_for(path)
    assert spec is not None
    # A small step budget keeps the test cheap: ordinary code needs ~10 steps per KiB.
    monkeypatch.setattr(extract_module, "PARSE_BUDGET_BASE", 1_000)
    with pytest.raises(extract_module.ParseLimitExceeded):
        extract_module.extract_checked(path, GRAMMAR_HANGS[path], spec)
    fx = check_extract(spec, GRAMMAR_HANGS[path], path)
    assert [s.id for s in fx.symbols] == [path] and fx.parse_errors == 1


def test_a_hunk_header_naming_a_huge_line_is_answered() -> None:
    """Found by bench/fuzz.py: with no file contents, the change mapper rebuilt the old side
    as a list as long as the hunk header's line number (1,111,111,111) and hung."""
    text = "--- a/m.py\n+++ b/m.py\n@@ -1111111111,2 +1,2 @@\n-def f():\n+def g():\n     return 1\n"
    changes = changed_symbols(parse_diff(text), lambda p: None, lambda p: None)
    assert [c.id for c in changes] == ["m.py::g"]
