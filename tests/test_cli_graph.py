"""index, graph, callers and callees through the CLI."""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach.cli import main

FILES = {
    "app/__init__.py": "",
    "app/util.py": "def load():\n    pass\n\ndef save():\n    load()\n",
    "app/other.py": "def load():\n    pass\n",
    "app/main.py": "from .util import load, save\n\ndef run():\n    load()\n    save()\n\ndef cli():\n    run()\n",
}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_index_json_has_the_documented_keys(make_repo) -> None:
    root = make_repo(FILES)
    code, out = run("index", str(root), "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("files", "symbols", "edges", "unresolved", "seconds", "skipped"):
        assert key in data
    assert data["files"] == 4
    assert data["symbols"]["function"] == 5
    assert data["edges"]["calls"] == 4
    code, out = run("index", str(root), "--json")
    again = json.loads(out)
    assert again["mode"] == "unchanged"
    assert (again["symbols"], again["edges"], again["references"]) == (
        data["symbols"],
        data["edges"],
        data["references"],
    )


def test_graph_json_lists_nodes_and_edges(make_repo) -> None:
    root = make_repo(FILES)
    run("index", str(root))
    code, out = run("graph", "--root", str(root), "--json")
    assert code == 0
    data = json.loads(out)
    assert {"id", "kind", "name", "file", "start_line", "end_line", "is_test"} <= set(data["nodes"][0])
    assert {"source", "target", "kind", "resolution", "confidence"} <= set(data["edges"][0])
    calls = {(e["source"], e["target"]) for e in data["edges"] if e["kind"] == "calls"}
    assert ("app/main.py::run", "app/util.py::load") in calls
    assert ("app/main.py::run", "app/other.py::load") not in calls


def test_callers_by_hop_and_callees(make_repo) -> None:
    root = make_repo(FILES)
    run("index", str(root))
    code, out = run("callers", "app/util.py::load", "--hops", "2", "--root", str(root), "--json")
    assert code == 0
    rows = {(r["id"], r["hop"]) for r in json.loads(out)["callers"]}
    assert rows == {("app/main.py::run", 1), ("app/util.py::save", 1), ("app/main.py::cli", 2)}
    code, out = run("callees", "run", "--root", str(root), "--json")
    assert code == 0
    assert {r["id"] for r in json.loads(out)["callees"]} == {"app/util.py::load", "app/util.py::save"}


def test_ambiguous_and_unknown_symbols_exit_2(make_repo) -> None:
    root = make_repo(FILES)
    run("index", str(root))
    code, out = run("callers", "load", "--root", str(root))
    assert code == 2
    assert out.startswith("error:") and "app/other.py::load" in out and "app/util.py::load" in out
    code, out = run("callers", "nothing_here", "--root", str(root))
    assert code == 2 and out.startswith("error: no symbol")


def test_reading_before_indexing_says_what_to_do(make_repo) -> None:
    root = make_repo(FILES)
    code, out = run("callers", "run", "--root", str(root))
    assert code == 2 and "diffreach index" in out


def test_figures_stay_true_after_an_uncounted_update(make_repo) -> None:
    from diffreach.index.indexer import Indexer

    root = make_repo(FILES)
    run("index", str(root))
    (root / "app/other.py").write_text("def load():\n    pass\n\ndef extra():\n    pass\n")
    indexer = Indexer(root)
    assert indexer.run(counts=False).mode == "incremental"
    indexer.close()
    _code, out = run("index", str(root), "--json")
    data = json.loads(out)
    assert data["mode"] == "unchanged"
    assert data["symbols"]["function"] == 6
