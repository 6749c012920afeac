"""A full build streamed through the store (large repositories: bounded memory) writes
exactly the graph the in-memory build writes."""

from __future__ import annotations

import shutil
from pathlib import Path

from diffreach.config import Config
from diffreach.extract.pool import iter_extracts
from diffreach.index import full_build
from diffreach.index.indexer import Indexer
from diffreach.model import FileExtract

from .test_incremental import dump

FILES = {
    "pkg/__init__.py": "from .core import Engine\n",
    "pkg/core.py": "from .util import helper\n\nclass Engine:\n    def run(self):\n        return helper(self.step())\n\n"
    "    def step(self):\n        return 1\n",
    "pkg/util.py": "def helper(x):\n    return x\n",
    "pkg/sub/deep.py": "from ..core import Engine\n\nclass Fast(Engine):\n    def step(self):\n        return super().step()\n",
    "tests/test_core.py": "from pkg import Engine\n\ndef test_run():\n    assert Engine().run() == 1\n",
    "web/a.js": "import { b } from './b';\nexport function a() { return b(); }\n",
    "web/b.js": "export function b() { return 2; }\n",
    "go.mod": "module example.com/m\n",
    "svc/s.go": "package svc\n\nfunc S() int { return T() }\n",
    "svc/t.go": "package svc\n\nfunc T() int { return 1 }\n",
    "src/main/java/a/A.java": "package a;\nimport b.B;\npublic class A { int f() { return new B().g(); } }\n",
    "src/main/java/b/B.java": "package b;\npublic class B { public int g() { return 1; } }\n",
    # Enough modules that the extraction runs in worker processes, each calling the next.
    **{
        f"many/m{i}.py": f"from many.m{(i + 1) % 70} import f{(i + 1) % 70}\n\n"
        f"def f{i}():\n    return f{(i + 1) % 70}\n"
        for i in range(70)
    },
}


def index_with(root: Path, config: Config) -> None:
    ix = Indexer(root, config)
    try:
        report = ix.run(full=True)
        assert report.files == len(FILES) - 1  # go.mod steers resolution, it is not a source file
    finally:
        ix.close()


def test_a_streamed_build_equals_the_in_memory_build(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(FILES)
    index_with(root, Config(workers=2))
    in_memory = dump(root)
    assert in_memory["edges"]  # a graph worth comparing
    copy = tmp_path / "streamed"
    shutil.copytree(root, copy, ignore=shutil.ignore_patterns(".diffreach"))
    # Every build streams; the resolver forgets its per-file memos every 3 files.
    index_with(copy, Config(workers=2, stream_min_files=0, resolve_chunk_files=3))
    assert dump(copy) == in_memory


def test_extracts_arrive_in_path_order_with_skips_in_place(make_repo) -> None:  # type: ignore[no-untyped-def]
    root = make_repo({**{f"m{i:03}.py": f"def f{i}():\n    pass\n" for i in range(80)}, "blob.py": "x\0y"})
    paths = sorted(p.name for p in root.iterdir() if p.suffix == ".py")
    got = list(iter_extracts(str(root), paths, workers=2, in_flight=1))
    assert [r.path if isinstance(r, FileExtract) else r[0] for r in got] == paths
    assert [r for r in got if not isinstance(r, FileExtract)] == [("blob.py", "binary")]


def test_a_build_streams_past_either_threshold(make_repo, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    root = make_repo({"a.py": "def f():\n    pass\n", "b.py": "def g():\n    return f()\n"})
    streamed: list[int] = []
    original = full_build.load_streamed

    def spy(store, root, modules, chunk, paths, *args):  # type: ignore[no-untyped-def]
        streamed.append(len(paths))
        return original(store, root, modules, chunk, paths, *args)

    monkeypatch.setattr(full_build, "load_streamed", spy)
    for config, expected in (
        (Config(workers=1), []),
        (Config(workers=1, stream_min_files=2), [2]),
        (Config(workers=1, stream_min_bytes=40), [2]),
    ):
        streamed.clear()
        ix = Indexer(root, config)
        ix.run(full=True)
        ix.close()
        assert streamed == expected
