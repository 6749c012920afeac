"""A symbol's notes: the rest of its docstring and its comments, stored, indexed and ranked on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from diffreach.extract.core import MAX_NOTES, extract
from diffreach.extract.pool import _pack, _unpack
from diffreach.graph.store import Store
from diffreach.index.indexer import index
from diffreach.languages import get_language
from diffreach.query.rank import RankParams, rank_files
from tests.test_migrations import migrated_from

PY = '''"""Shipping rates.

Carriers quote by weight band: see the tariff tables.
"""
# licence: public domain

import os

# Weighs a parcel.
# Rounds up to the next gram.
def weigh(parcel):
    """Weight of a parcel in grams.

    Packaging counts: cardboard and tape.
    """
    # the scale drifts when humid
    total = parcel.mass  # raw mass before packaging

    def tare():
        # pallet wood is excluded
        return 0

    return total + tare()


class Rate:
    """A rate."""

    # per kilogram, in cents
    price = 10
'''


def notes_of(source: str, path: str = "ship.py", lang: str = "python", **kw: int) -> dict[str, str]:
    return {s.id: s.notes for s in extract(path, source.encode(), get_language(lang), **kw).symbols}


def test_a_function_keeps_its_docstring_rest_and_its_own_comments() -> None:
    notes = notes_of(PY)
    assert notes["ship.py::weigh"] == (
        "Weighs a parcel. Rounds up to the next gram. Packaging counts: cardboard"
        " and tape. the scale drifts when humid raw mass before packaging"
    )


def test_a_nested_function_keeps_its_comments_and_the_parent_does_not() -> None:
    notes = notes_of(PY)
    assert notes["ship.py::weigh.tare"] == "pallet wood is excluded"
    assert "pallet" not in notes["ship.py::weigh"]


def test_the_file_keeps_the_module_docstring_and_top_level_comments() -> None:
    notes = notes_of(PY)
    assert notes["ship.py"] == (
        "Shipping rates. Carriers quote by weight band: see the tariff tables. licence: public domain"
    )
    assert notes["ship.py::Rate"] == "per kilogram, in cents"  # the class docstring's only line is its doc


def test_a_comment_after_code_does_not_document_the_definition_below_it() -> None:
    source = "x = 1  # counter\ndef f():\n    pass\n\n# section header\n\ndef g():\n    pass\n"
    notes = notes_of(source, "m.py")
    assert notes == {"m.py": "counter section header", "m.py::f": "", "m.py::g": ""}


def test_notes_are_capped() -> None:
    body = "".join(f"    # remark number {i} about the sprocket\n" for i in range(200))
    source = f"def f():\n{body}    return 1\n"
    assert len(notes_of(source, "m.py")["m.py::f"]) == MAX_NOTES
    assert notes_of(source, "m.py", max_notes=40)["m.py::f"] == "remark number 0 about the sprocket remar"
    assert notes_of(source, "m.py", max_notes=0)["m.py::f"] == ""


@pytest.mark.parametrize(
    ("lang", "path", "source", "symbol"),
    [
        (
            "go",
            "a.go",
            "package a\n\n// Doc of Frob.\n// More on frob: quux.\nfunc Frob() {\n\t// zebra\n\tx := 1\n}\n",
            "a.go::Frob",
        ),
        ("rust", "a.rs", "/// Doc of f.\n/// More: quux.\nfn f() {\n    // zebra\n}\n", "a.rs::f"),
        (
            "java",
            "A.java",
            "class A {\n  /** Doc of m.\n   * More: quux. */\n  void m() { // zebra\n  }\n}\n",
            "A.java::A.m",
        ),
        (
            "typescript",
            "a.ts",
            "/** Doc of f.\n * More: quux. */\nexport function f(): void {\n  // zebra\n}\n",
            "a.ts::f",
        ),
        ("ruby", "a.rb", "# Doc of f.\n# More: quux.\ndef f\n  # zebra\n  1\nend\n", "a.rb::f"),
        ("kotlin", "a.kt", "// Doc of f.\n// More: quux.\nfun f() {\n  // zebra\n}\n", "a.kt::f"),
    ],
)
def test_doc_comments_and_body_comments_in_other_grammars(lang: str, path: str, source: str, symbol: str) -> None:
    sym = next(s for s in extract(path, source.encode(), get_language(lang)).symbols if s.id == symbol)
    # The comment above is the symbol's: one line of it is its doc (which, varies), the rest its notes.
    assert "quux" in f"{sym.doc} {sym.notes}" and "Doc" in f"{sym.doc} {sym.notes}"
    assert "zebra" in sym.notes and sym.doc not in sym.notes


@pytest.mark.parametrize(
    ("lang", "path", "source"),
    [
        ("javascript", "a.js", 'function f() { return {"okapi": 1, t: `zebra ${x} gnu`}; }\n'),
        ("typescript", "a.ts", 'export function f(): string { return `okapi ${x}` + "zebra"; }\n'),
        ("go", "a.go", 'package p\nfunc f() { a := "okapi\\n"; b := `zebra` }\n'),
        ("java", "A.java", 'class A { void f() { String s = "okapi"; String t = """\n zebra\n """; } }'),
        ("rust", "a.rs", 'fn f() { let a = "okapi"; let b = r#"zebra"#; }'),
        ("c", "a.c", 'void f(void) { puts("okapi"); puts("zebra"); }'),
        ("cpp", "a.cpp", 'void f() { auto a = "okapi"; auto b = R"(zebra)"; }'),
        ("csharp", "A.cs", 'class A { void f() { var s = "okapi"; var t = @"zebra"; } }'),
        ("ruby", "a.rb", "def f\n  a = \"okapi #{x} end\"\n  b = 'zebra'\nend\n"),
        ("php", "a.php", "<?php function f() { $a = \"okapi $x end\"; $b = 'zebra'; }"),
        ("kotlin", "a.kt", 'fun f() { val a = "okapi ${x} end"; val b = "zebra" }'),
        ("swift", "a.swift", 'func f() { let a = "okapi \\(x) end"; let b = "zebra" }'),
        ("scala", "a.scala", 'object A { def f() = { val a = "okapi"; val b = s"zebra $x end" } }'),
    ],
)
def test_string_literals_are_notes_in_every_grammar(lang: str, path: str, source: str) -> None:
    f = next(s for s in extract(path, source.encode(), get_language(lang)).symbols if s.name == "f")
    assert "okapi" in f.notes and "zebra" in f.notes


@pytest.mark.parametrize(
    ("lang", "path", "source"),
    [
        ("javascript", "a.js", 'import x from "./zebra.js";\nconst fs = require("zebra-fs");\nconst m = "okapi";\n'),
        ("typescript", "a.ts", 'import { a } from "./zebra";\nexport * from "./zebra-too";\nconst m = "okapi";\n'),
        ("go", "a.go", 'package p\nimport (\n  "zebra"\n  z "net/zebra"\n)\nvar a = "okapi"\n'),
        ("c", "a.c", '#include "zebra.h"\nconst char *a = "okapi";\n'),
    ],
)
def test_module_paths_in_imports_are_not_notes(lang: str, path: str, source: str) -> None:
    fx = extract(path, source.encode(), get_language(lang))
    assert fx.imports and fx.symbols[0].notes == "okapi"


def test_notes_travel_between_processes() -> None:
    fx = extract("ship.py", PY.encode(), get_language("python"))
    assert _unpack(_pack(fx)) == fx


def test_notes_are_stored_and_replaced_with_their_file(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"ship.py": PY})
    index(root)
    store = Store.open(root, create=False)
    try:
        rows = dict(store.conn.execute("SELECT node, text FROM notes WHERE file='ship.py'"))
        assert rows["ship.py::weigh.tare"] == "pallet wood is excluded"
        assert "ship.py::Rate.price" not in rows and len(rows) == 4  # nodes without notes have no row
    finally:
        store.close()
    (root / "ship.py").write_text("def weigh(parcel):\n    # by volume now\n    return 1\n")
    index(root)
    store = Store.open(root, create=False)
    try:
        assert dict(store.conn.execute("SELECT node, text FROM notes")) == {"ship.py::weigh": "by volume now"}
    finally:
        store.close()


def test_a_database_of_schema_1_is_migrated_and_its_notes_filled_in(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"ship.py": PY})
    index(root)
    with migrated_from(root, 1, "DROP TABLE notes") as store:
        applied = [r[0] for r in store.conn.execute("SELECT name FROM migrations")]
        text = store.conn.execute("SELECT text FROM notes WHERE node='ship.py::weigh.tare'").fetchone()
    assert applied == [
        "m1_to_2_notes",
        "m2_to_3_ref_arguments",
        "m3_to_4_declarations",
        "m4_to_5_abstract",
        "m5_to_6_program_wide_imports",
        "m6_to_7_binding_blocks",
        "m7_to_8_file_words",
    ]
    assert text == ("pallet wood is excluded",)


RANK_FILES = {
    # (a comment on a body's first line is in the signature: it is on the second here)
    "ship/rates.py": "def quote(parcel):\n    n = 1\n    # carriers refuse lithium batteries by air\n    return n\n",
    "ship/labels.py": "def print_label(parcel):\n    return parcel.address\n",
    "ship/batteries.py": "def battery_count(parcel):\n    return len(parcel.items)\n",
}


def test_a_question_only_a_comment_answers_ranks_that_file_first(make_repo: Callable[..., Path]) -> None:
    root = make_repo(RANK_FILES)
    index(root)
    store = Store.open(root, create=False)
    try:
        found = rank_files(store, "lithium refused by the air carrier", top=3)
        assert found.files[0].path == "ship/rates.py"
        assert "lithium" in found.files[0].terms
        # Without notes (and the files' whole text, comments included), no indexed word is in the question.
        no_notes = RankParams(notes_weight=0, file_text_weight=0)
        assert rank_files(store, "lithium refused by the air carrier", top=3, params=no_notes).files == ()
    finally:
        store.close()


REGISTRY = {
    "docs/domain.py": (
        'ROLES = {"currentmodule": object, "rtype": object}\n\n'
        'def resolve(name):\n    raise LookupError(f"more than one target found for {name!r}")\n'
    ),
    "docs/render.py": "def render(node):\n    return node.text\n",
}


def test_string_literals_are_notes_of_the_definition_holding_them() -> None:
    notes = notes_of(REGISTRY["docs/domain.py"], "docs/domain.py")
    # A module-level registry's keys belong to the file, a function's message to the function.
    assert "currentmodule" in notes["docs/domain.py"] and "rtype" in notes["docs/domain.py"]
    assert notes["docs/domain.py::resolve"] == "more than one target found for"  # the f-string's {name!r} is code


def test_a_question_that_names_a_registered_string_finds_its_file(make_repo: Callable[..., Path]) -> None:
    root = make_repo(REGISTRY)
    index(root)
    store = Store.open(root, create=False)
    try:
        found = rank_files(store, "currentmodule directive warns: more than one target found", top=2)
        assert [f.path for f in found.files] == ["docs/domain.py"]
    finally:
        store.close()


def test_notes_weigh_less_than_a_name(make_repo: Callable[..., Path]) -> None:
    root = make_repo(RANK_FILES)
    index(root)
    store = Store.open(root, create=False)
    try:
        # 'battery' is a name word in batteries.py and a comment word in rates.py.
        found = rank_files(store, "battery", top=2, params=RankParams(max_df_share=1.0))  # 6 documents
        assert [f.path for f in found.files] == ["ship/batteries.py", "ship/rates.py"]
    finally:
        store.close()


def test_notes_df_keeps_a_word_common_in_comments_from_silencing_the_name_that_holds_it(
    make_repo: Callable[..., Path],
) -> None:
    files = {"app/widget.py": "def widget():\n    return 1\n"}
    files.update(
        {f"app/m{i}.py": f"def f{i}():\n    n = {i}\n    # the widget again\n    return n\n" for i in range(6)}
    )
    root = make_repo(files)
    index(root)
    store = Store.open(root, create=False)
    try:
        # 13 documents (7 files, 6 functions); 'widget' is in 8 of them, in 2 outside notes.
        counted = rank_files(store, "widget", params=RankParams(max_df_share=0.5, notes_df=1.0))
        assert counted.files == ()  # too common to score
        found = rank_files(store, "widget", params=RankParams(max_df_share=0.5, notes_df=0.0))
        assert found.files[0].path == "app/widget.py"
    finally:
        store.close()
