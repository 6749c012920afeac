"""An incremental update equals a full rebuild, node for node and edge for edge."""

from __future__ import annotations

import shutil
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diffreach.config import Config
from diffreach.graph.store import Store
from diffreach.index import update as indexer_update
from diffreach.index.indexer import Indexer
from diffreach.index.report import IndexReport

NAMES = ["alpha", "beta", "gamma", "delta"]
MODULES = ["pkg/m0.py", "pkg/m1.py", "pkg/sub/m2.py", "pkg/sub/m3.py"]
IMPORT_FORMS = [
    "from pkg.m0 import {n}",
    "from pkg.m1 import {n}",
    "from ..m0 import {n}",
    "from .m2 import {n}",
    "from pkg.sub.m3 import {n} as {n}",
    "from pkg import m1",
    "import pkg.m0 as m0",
]
BODIES = [
    "{n}()",
    "m1.{n}()",
    "m0.{n}()",
    "self.{n}()",
    "Base().{n}()",
    "x = Base()\n        x.{n}()",
    "pass",
    # Calls whose argument count picks an overload (a family may span the files' updates).
    "{n}(1)",
    "m0.{n}(1, 2)",
    # Typed receivers through another file's return types (a function with ``base`` set
    # declares ``-> Base``, its own module's Base): a local, a chain, a field.
    "y = {n}()\n        y.alpha()",
    "{n}().alpha()",
    "self.h = {n}()\n        self.h.alpha()",
    # Function values (resolve/values.py): an alias, a returned function and a call of what a
    # function returns (in this file or another), a table's entry.
    "h = {n}\n        h()",
    "return {n}",
    "{n}()()",
    "y = m0.{n}()\n        y()",
    "t = {{'k': {n}}}\n        t['k']()",
    # Protocol methods (extract/protocols.py) on values typed by another file's return types;
    # whether Base has ``__getitem__``/``__setitem__``/``__call__`` changes with the file's function count.
    "{n}()[0]",
    "z = {n}()\n        z[1] = 2\n        z()",
    "with {n}() as w:\n            pass",
    # Functions passed as arguments (extract/arguments.py): a function calling its parameter (its
    # signature gains ``cb`` with the body), and calls passing functions by position and keyword.
    "cb()",
    "{n}(alpha)",
    "m0.{n}(cb=beta)",
    "if cb:\n        cb()\n    {n}(gamma)",
    # An entry of a table passed (``cb['k']()`` calls the entry 'k' of the first parameter).
    "cb['k']()",
    "{n}({{'k': alpha}})",
    # A loop variable named like a function the file imports or defines hides it (LOCAL_MARK).
    "for {n} in []:\n            {n}.alpha()",
    # A parameter passed on to a function that may call it (PASSES_PARAMETER); a local hiding a
    # function from a plain call; an augmented assignment on a typed value (__iadd__|__add__).
    "{n}(cb)",
    "{n} = 1\n        {n}()",
    "z = {n}()\n        z += 1",
]
# A function may come with an ``@overload`` stub before it or a redefinition after it (body % 3).
OVERLOAD_STUB = "@overload\ndef {n}(a: int) -> int: ...\n"
REDEFINITION = "def {n}(a, b=0):\n    pass\n"


def assert_each_step_equals_a_rebuild(
    indexer: Indexer, root: Path, tmp_path: Path, steps: list[dict[str, str]]
) -> None:
    """Write each step's files, update incrementally, and compare with a full build of a copy."""
    for i, step in enumerate(steps):
        for path, text in step.items():
            (root / path).write_text(text)
        assert indexer.run().mode == "incremental"
        fresh = tmp_path / f"fresh{i}"
        shutil.copytree(root, fresh, ignore=shutil.ignore_patterns(".diffreach"))
        full = Indexer(fresh, Config(workers=1))
        full.run(full=True)
        full.close()
        assert dump(root) == dump(fresh), step


def assert_updates_equal_rebuilds(root: Path, tmp_path: Path, steps: list[dict[str, str]]) -> None:
    """Index ``root`` in full, then ``assert_each_step_equals_a_rebuild`` over ``steps``."""
    indexer = Indexer(root, Config(workers=1))
    indexer.run(full=True)
    try:
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    finally:
        indexer.close()


def assert_equals_a_rebuild(work: Path, fresh: Path, report: IndexReport, config: Config) -> None:
    """The graph an update left in ``work`` equals a full build of a copy at ``fresh``, and the
    update's cached counts (moved by a delta) equal the recount."""
    shutil.rmtree(fresh, ignore_errors=True)
    shutil.copytree(work, fresh, ignore=shutil.ignore_patterns(".diffreach"))
    full = Indexer(fresh, config)
    full_report = full.run(full=True)
    full.close()
    assert dump(work) == dump(fresh)
    assert report.counts == full_report.counts


def dump(root: Path) -> dict[str, object]:
    store = Store.open(root, create=False)
    try:
        c = store.conn
        return {
            "nodes": sorted(c.execute("SELECT * FROM nodes").fetchall()),
            "edges": sorted(c.execute("SELECT source, target, kind, resolution, confidence, line, file FROM edges")),
            "bindings": sorted(c.execute("SELECT file, scope, name, type_name, line FROM bindings")),
            "refs": sorted(c.execute("SELECT file, scope, kind, name, receiver, line, status, args FROM refs")),
            "imports": sorted(c.execute("SELECT * FROM imports")),
            "declarations": sorted(c.execute("SELECT * FROM declarations")),
            "files": sorted(c.execute("SELECT path, language, hash FROM files")),
        }
    finally:
        store.close()


def render(spec: dict[str, list[tuple[str, int, str, bool]]]) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/sub/__init__.py": ""}
    for path, funcs in spec.items():
        lines = [IMPORT_FORMS[i % len(IMPORT_FORMS)].format(n=NAMES[i % len(NAMES)]) for i in range(len(funcs))]
        lines.append("from typing import overload\n")
        lines.append(f"LIMIT_{len(funcs)} = {len(funcs)}\n")  # a declaration (constant) per file
        protocol = "    def __getitem__(self, k):\n        pass\n\n    def __setitem__(self, k, v):\n        pass\n\n"
        protocol += "    def __call__(self):\n        pass\n"
        lines.append(
            "class Base:\n    kind = 1\n    def alpha(self):\n        pass\n" + (protocol if len(funcs) % 2 else "")
        )
        for name, body, base, method in funcs:
            text = BODIES[body % len(BODIES)].format(n=NAMES[(body + 1) % len(NAMES)])
            cb = "cb=None" if "cb(" in text or "cb[" in text or "(cb)" in text else ""
            if method:
                lines.append(
                    f"class K_{name}({'Base' if base else 'object'}):\n"
                    f"    def {name}(self{', ' if cb else ''}{cb}):\n        {text}\n"
                )
            else:
                if body % 3 == 1:
                    lines.append(OVERLOAD_STUB.format(n=name))
                returns = " -> Base" if base else ""
                lines.append(
                    f"def {name}({cb}){returns}:\n    {text.replace(chr(10) + '        ', chr(10) + '    ')}\n"
                )
                if body % 3 == 2:
                    lines.append(REDEFINITION.format(n=name))
        files[path] = "\n".join(lines)
    return files


func = st.tuples(st.sampled_from(NAMES), st.integers(0, len(BODIES) - 1), st.booleans(), st.booleans())
state = st.dictionaries(st.sampled_from(MODULES), st.lists(func, max_size=3, unique_by=lambda f: f[0]), min_size=1)


def rebuilt(root: Path, fresh: Path) -> dict[str, object]:
    """The dump of a full build of a copy of ``root``'s files."""
    shutil.copytree(root, fresh, ignore=shutil.ignore_patterns(".diffreach"))
    full = Indexer(fresh, Config(workers=1))
    full.run(full=True)
    full.close()
    return dump(fresh)


def write(root: Path, files: dict[str, str], pattern: str = "*.py", touch: bool = False) -> None:
    """The tree holds exactly ``files`` among those ``pattern`` matches; ``touch`` marks every one
    written (mtimes can tie within a step: touched files are re-hashed)."""
    for p in root.rglob(pattern):
        if str(p.relative_to(root)) not in files:
            p.unlink()
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        if touch:
            path.touch()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(state, min_size=2, max_size=5))
def test_incremental_update_equals_full_rebuild(tmp_path_factory, steps) -> None:  # type: ignore[no-untyped-def]
    check_steps(tmp_path_factory, steps, keep_indexer=False)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(state, min_size=2, max_size=5))
def test_updates_by_one_long_lived_indexer_equal_a_full_rebuild(tmp_path_factory, steps) -> None:  # type: ignore[no-untyped-def]
    """What an Indexer keeps between runs (module resolvers) never outlives what it was built on."""
    check_steps(tmp_path_factory, steps, keep_indexer=True)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(state, min_size=2, max_size=5))
def test_updates_that_find_names_in_one_pass_equal_a_full_rebuild(tmp_path_factory, steps) -> None:  # type: ignore[no-untyped-def]
    """A wide update finds the references in sight of its names in one pass over the tables."""
    with mock.patch.object(indexer_update, "_SCAN_AFTER", 0):
        check_steps(tmp_path_factory, steps, keep_indexer=False)


def test_both_ways_of_finding_references_in_sight_agree(make_repo) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(
        {
            "a.py": "import pkg\nclass Foo:\n    def run(self):\n        pass\n",
            "b.py": (
                "from a import Foo\nimport mod\nx: mod.Foo = make()\nfoo = Foo()\n"
                "def g(y: Foo):\n    foo.run()\n    mod.Foo.run()\n    y.cfg.path.join()\n    Foo.run()\n"
                "    other.FOO.stop()\n    bar()\n"
            ),
        }
    )
    ix = Indexer(root, Config(workers=1))
    ix.run()
    try:
        conn = ix.store.conn
        for names, attributes in (
            ({"Foo"}, set()),
            ({"foo", "bar"}, {"cfg"}),
            (set(), {"path", "foo"}),
            ({"run", "mod"}, {"Foo"}),
            # A dotted name among plain ones: it takes the queries, the others the pass.
            ({"Foo", "mod.Foo", "bar"}, {"cfg", "cfg.path"}),
        ):
            by_query = indexer_update._in_sight(conn, names, attributes)
            with mock.patch.object(indexer_update, "_SCAN_AFTER", -1):
                in_one_pass = indexer_update._in_sight(conn, names, attributes)
            assert in_one_pass == by_query and by_query[0], (names, attributes)
    finally:
        ix.close()


def check_steps(tmp_path_factory, steps, keep_indexer: bool) -> None:  # type: ignore[no-untyped-def]
    work = tmp_path_factory.mktemp("inc")
    fresh = tmp_path_factory.mktemp("full")
    config = Config(workers=1)
    modes: list[str] = []
    kept: Indexer | None = None
    for i, step in enumerate(steps):
        write(work, render(step))
        # mtimes can tie within a step: make sure changed files are re-hashed
        for p in work.rglob("*.py"):
            p.touch()
        ix = kept or Indexer(work, config)
        report = ix.run()
        if keep_indexer:
            kept = ix
        else:
            ix.close()
        assert report.mode in (("full",) if i == 0 else ("incremental", "unchanged"))
        modes.append(report.mode)
        assert_equals_a_rebuild(work, fresh, report, config)
    if kept is not None:
        kept.close()


def test_changing_a_resolution_config_file_forces_a_full_build(make_repo) -> None:
    root = make_repo({"go.mod": "module example.com/a\n", "a.py": "def f():\n    pass\n"})
    first = Indexer(root, Config(workers=1))
    assert first.run().mode == "full"
    assert first.run().mode == "unchanged"
    (root / "go.mod").write_text("module example.com/b\n")
    assert first.run().mode == "full"
    first.close()


def test_a_graph_written_by_another_extractor_is_rebuilt_not_updated(make_repo, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from diffreach import languages
    from diffreach.index import indexer as indexer_module

    key = languages.extraction_key()
    try:  # the key follows the version (and the query files, hashed into it)
        monkeypatch.setattr(languages, "EXTRACTION_VERSION", languages.EXTRACTION_VERSION + 1)
        languages.extraction_key.cache_clear()
        assert languages.extraction_key() != key
    finally:
        monkeypatch.undo()
        languages.extraction_key.cache_clear()
    assert languages.extraction_key() == key

    root = make_repo({"a.py": "def f():\n    pass\n", "b.py": "def g():\n    pass\n"})
    first = Indexer(root, Config(workers=1))
    assert first.run().mode == "full"
    first.close()
    # A new release whose extraction differs: every file is read again, not only the edited one.
    monkeypatch.setattr(indexer_module, "extraction_key", lambda: key + "-next")
    (root / "a.py").write_text("def f():\n    return 1\n")
    second = Indexer(root, Config(workers=1))
    report = second.run()
    assert (report.mode, report.extracted) == ("full", 2)
    assert second.run().mode == "unchanged"
    second.close()


def test_a_file_skipped_as_minified_is_not_a_deletion_on_every_run(make_repo) -> None:
    root = make_repo(
        {
            "a.py": "def f():\n    pass\n",
            "packed.py": "x = 1; " * 700 + "\n",
        }
    )
    indexer = Indexer(root, Config(workers=1))
    try:
        first = indexer.run()
        assert (first.mode, first.skipped) == ("full", {"minified": 1})
        again = indexer.run()
        assert (again.mode, again.deleted, again.skipped) == ("unchanged", 0, {"minified": 1})
        (root / "a.py").write_text("def f():\n    return 1\n")
        edit = indexer.run()
        assert (edit.mode, edit.extracted, edit.deleted) == ("incremental", 1, 0)
    finally:
        indexer.close()


def test_a_told_update_equals_a_walked_one_and_walks_when_it_must(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``run(paths=…)``: the caller names the only paths that may have changed."""
    files = {
        "pkg/__init__.py": "",
        "pkg/a.py": "from .b import g\n\ndef f():\n    return g()\n",
        "pkg/b.py": "def g():\n    return 1\n",
        "README.md": "hello\n",
    }
    root = make_repo(files)
    indexer = Indexer(root, Config(workers=1))
    try:
        assert indexer.run().mode == "full"
        # An edit, a deletion and a non-source file: looked at alone, no walk.
        (root / "pkg/a.py").write_text(
            "from .b import g\n\ndef f():\n    return g() + g()\n\ndef h():\n    return f()\n"
        )
        (root / "README.md").write_text("changed\n")
        report = indexer.run(paths=["pkg/a.py", "README.md"])
        assert (report.mode, report.extracted, report.files) == ("incremental", 1, 3)
        (root / "pkg/b.py").unlink()
        report = indexer.run(paths=["pkg/b.py"])
        assert (report.mode, report.deleted, report.files) == ("incremental", 1, 2)
        # A file new to the graph: the walk decides (git may ignore it) and finds it.
        (root / "pkg/c.py").write_text("def k():\n    pass\n")
        (root / "pkg/d.py").write_text("def m():\n    pass\n")
        report = indexer.run(paths=["pkg/c.py"])
        assert (report.mode, report.extracted, report.files) == ("incremental", 2, 4)
        told = dump(root)
    finally:
        indexer.close()
    assert told == rebuilt(root, tmp_path / "fresh")


def test_a_told_update_never_rebuilds_from_the_told_paths_alone(make_repo) -> None:  # type: ignore[no-untyped-def]
    root = make_repo({"a.py": "def f():\n    pass\n", "b.py": "def g():\n    pass\n"})
    indexer = Indexer(root, Config(workers=1))
    try:
        indexer.run()
        store = indexer.store
        with store.atomic():
            store.set_meta("build", "pending")  # as a killed run leaves it
        report = indexer.run(paths=["a.py"])
        assert (report.mode, report.files) == ("full", 2)
    finally:
        indexer.close()


def warm_indexer(make_repo):  # type: ignore[no-untyped-def]
    """A long-lived indexer whose kept state (each file's language) is warm: a.py imports g from b.py."""
    root = make_repo({"a.py": "from b import g\n\ndef f():\n    return g()\n", "b.py": "def g():\n    pass\n"})
    kept = Indexer(root, Config(workers=1))
    kept.run()
    (root / "a.py").write_text("from b import g\n\ndef f():\n    return g() + 1\n")
    kept.run(paths=["a.py"])
    return root, kept


def assert_told_edit_equals_a_rebuild(root: Path, kept: Indexer, fresh: Path, module: str) -> None:
    try:
        (root / "a.py").write_text(f"from {module} import g\n\ndef f():\n    return g() + 2\n")
        assert kept.run(paths=["a.py"]).mode == "incremental"
        seen = dump(root)
    finally:
        kept.close()
    assert seen == rebuilt(root, fresh)


def test_a_long_lived_indexer_sees_what_another_process_wrote(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Kept state (each file's language) is dropped when another connection wrote the graph."""
    root, kept = warm_indexer(make_repo)
    (root / "b.py").unlink()
    (root / "c.py").write_text("def g():\n    pass\n")
    other = Indexer(root, Config(workers=1))
    other.run()
    other.close()
    assert_told_edit_equals_a_rebuild(root, kept, tmp_path / "fresh", "c")


def test_a_failed_update_leaves_no_stale_kept_state(make_repo, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The languages kept between runs were moved by the failed run's rolled-back write."""
    import pytest

    root, kept = warm_indexer(make_repo)
    (root / "b.py").unlink()
    original = Store.replace_import_edges

    def fail(self, path, edges):  # type: ignore[no-untyped-def]
        raise RuntimeError("disk full")

    monkeypatch.setattr(Store, "replace_import_edges", fail)
    with pytest.raises(RuntimeError):
        kept.run(paths=["b.py"])
    monkeypatch.setattr(Store, "replace_import_edges", original)
    (root / "b.py").write_text("def g():\n    pass\n")  # the graph still holds it: as before
    assert_told_edit_equals_a_rebuild(root, kept, tmp_path / "fresh", "b")


def test_a_kept_indexer_follows_an_edited_configuration(make_repo) -> None:  # type: ignore[no-untyped-def]
    from diffreach.index.indexer import kept_indexer

    root = make_repo({"a.py": "def f():\n    pass\n", "docs/b.py": "def g():\n    pass\n"})
    first = kept_indexer(None, root)
    assert first.run().files == 2
    assert kept_indexer(first, root) is first  # same configuration: kept
    (root / ".diffreach.toml").write_text('exclude = ["docs/*"]\n')
    second = kept_indexer(first, root)
    try:
        assert second is not first and second.config.exclude == ("docs/*",)
        report = second.run()
        assert (report.files, report.skipped) == (1, {"excluded": 1})
        shutil.rmtree(root / ".diffreach")  # the user resets the index
        third = kept_indexer(second, root)
        assert third is not second and third.run().mode == "full"
        second = third
    finally:
        second.close()


def test_a_field_typed_by_a_call_follows_an_edited_import_in_its_own_file(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``k.h.go()`` in one file rests on how another file's ``self.h = make()`` resolves ``make``."""
    files = {
        "a.py": "class A:\n    def go(self):\n        pass\n\ndef make() -> A:\n    return A()\n",
        "b.py": "class B:\n    def go(self):\n        pass\n\ndef make() -> B:\n    return B()\n",
        "k.py": "from a import make\n\nclass K:\n    def __init__(self):\n        self.h = make()\n",
        "d.py": "from k import K\n\ndef f(k: K):\n    k.h.go()\n",
    }
    root = make_repo(files)
    ix = Indexer(root, Config(workers=1))
    ix.run()
    (root / "k.py").write_text(files["k.py"].replace("from a import", "from b import"))
    assert ix.run().mode == "incremental"
    ix.close()
    after = dump(root)
    assert ("d.py::f", "b.py::B.go", "calls", "type") in {e[:4] for e in after["edges"]}  # type: ignore[attr-defined]
    assert after == rebuilt(root, tmp_path / "fresh")
