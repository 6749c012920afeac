"""The rank cache (``rank-graph.v5.npz`` beside the database) is derived data: any id can be stored in
it, a damaged one is rebuilt when read, and ``index --full`` drops it (issue 22)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diffreach.query import arrays
from tests.conftest import commit_all
from tests.test_hostile import FILES, cli, indexed

CACHE = Path(".diffreach") / arrays.CACHE_NAME


def ranked(root: Path, question: str = "helper") -> list[str]:
    arrays._GRAPHS.clear()  # each query as from a new process: the graph comes from the cache file
    code, out, err = cli("query", "--root", str(root), "--json", question)
    assert code == 0, err
    assert "Traceback" not in err
    return [f["path"] for f in json.loads(out)["files"]]


def test_a_file_name_with_a_newline_does_not_break_the_cache(make_repo) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(FILES)
    (root / "we\nird.py").write_text("def helper_newline():\n    return 1\n")
    commit_all(root)
    indexed(root)
    first = ranked(root, "helper newline")
    assert "we\nird.py" in first
    assert (root / CACHE).exists()
    assert ranked(root, "helper newline") == first  # the second query reads the cache


@pytest.mark.parametrize("damage", [b"", b"PK\x03\x04 truncated", None])
def test_a_damaged_cache_is_rebuilt_when_read(make_repo, damage: bytes | None) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(FILES)
    indexed(root)
    expected = ranked(root)
    cache = root / CACHE
    data = cache.read_bytes()
    cache.write_bytes(data[: len(data) // 2] if damage is None else damage)
    assert ranked(root) == expected
    assert cache.read_bytes() == data  # written again, whole


def test_index_full_drops_the_derived_caches(make_repo) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(FILES)
    indexed(root)
    ranked(root)
    (root / CACHE).write_bytes(b"garbage")
    code, _out, err = cli("index", str(root), "--full")
    assert code == 0, err
    assert not (root / CACHE).exists()
    assert ranked(root)[0] == "pkg/core.py"
