"""The walk's caps: their defaults are the configuration's, and a cap that bites says so once."""

from __future__ import annotations

from dataclasses import fields

import pytest

from diffreach import api
from diffreach.config import Config
from diffreach.graph.store import Store
from diffreach.review.impact import Caps

# helper ← a, b, c (hop 1) ← top (hop 2): more symbols than a node cap of 1.
FILES = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def helper(x):\n    return x\n",
    "pkg/use.py": (
        "from .core import helper\n\n"
        "def a():\n    return helper(1)\n\n"
        "def b():\n    return helper(2)\n\n"
        "def c():\n    return helper(3)\n\n"
        "def top():\n    return a() + b() + c()\n"
    ),
    ".diffreach.toml": "warmup_reviews = 0\nhistory = false\n",
}


def test_caps_default_to_the_configuration() -> None:
    config = Config()
    for f in fields(Caps):
        if hasattr(config, f.name):
            assert getattr(Caps(), f.name) == getattr(config, f.name), f.name


def test_the_node_cap_note_is_written_once(make_repo) -> None:
    root = make_repo({**FILES, ".diffreach.toml": FILES[".diffreach.toml"] + "max_nodes = 1\n"})
    (root / "pkg/core.py").write_text("def helper(x):\n    return x + 0\n")
    radius = api.blast_radius(root).radius
    assert radius.truncated
    assert [n for n in radius.notes if "max_nodes" in n] == ["stopped at 1 symbols (max_nodes)"]


def test_the_walk_asks_inbound_counts_only_of_what_it_reaches(make_repo, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_repo(FILES)
    (root / "pkg/core.py").write_text("def helper(x):\n    return x + 0\n")
    api.blast_radius(root)  # indexes
    asked: list[list[str]] = []
    count = Store.inbound_counts

    def counting(self: Store, ids, kinds):  # type: ignore[no-untyped-def]
        ids = list(ids)
        asked.append(ids)
        return count(self, ids, kinds)

    monkeypatch.setattr(Store, "inbound_counts", counting)
    radius = api.blast_radius(root, update=False).radius
    reached = sorted(r.id for r in radius.reached)
    assert reached == ["pkg/use.py::a", "pkg/use.py::b", "pkg/use.py::c", "pkg/use.py::top"]
    # One question per reached symbol (is it a hub?); none per hop whose answer goes unused.
    assert sorted(i for ids in asked for i in ids) == reached
