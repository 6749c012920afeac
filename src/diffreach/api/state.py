"""The graph's store and its state against git, which every answer carries (``index``).

Apart from ``reading.py`` so that a change's answers (``radius.py``, ``serving.py``) load
neither the query stack nor the readers of the whole graph (speed: a warm ``impact``).
"""

from __future__ import annotations

from pathlib import Path

from diffreach import git
from diffreach.graph.migrations import SCHEMA_VERSION
from diffreach.graph.store import Store
from diffreach.index.walk import find_root
from diffreach.languages import EXTRACTION_VERSION
from diffreach.model import IndexState


def open_store(root: str | Path) -> Store:
    """The graph of the repository containing ``root``; NotIndexedError when there is none."""
    return Store.open(find_root(root), create=False)


def index_state(
    root: Path, store: Store, updated: bool, head: str | None = None, check: git.DirtyCheck | None = None
) -> IndexState:
    """The graph against HEAD and the working tree: every JSON result carries it (``index``).
    ``head``: HEAD as the caller has just read it (None: read here); ``check``: git's answer to
    "is the tree dirty", asked by the caller earlier (None: asked here)."""
    commit = store.get_meta("indexed_commit")
    head = (git.head(root) if head is None else head) or ""
    dirty = (check.dirty() if check is not None else git.is_dirty(root)) if head else False
    # A watcher that has seen a save it has not indexed yet marks the graph stale too.
    stale = (commit != head) or (dirty and not updated) or store.get_meta("watch_pending") == "1"
    return IndexState(commit=commit, head=head, dirty=dirty, stale=stale)


def repository_root(path: str | Path) -> Path:
    """The repository an answer about ``path`` reads: its git work tree, else the folder itself."""
    return find_root(path)


def versions() -> dict[str, str]:
    """The versions of what the graph stores: extraction (``EXTRACTION_VERSION``) and schema."""
    return {"extraction_version": str(EXTRACTION_VERSION), "schema_version": SCHEMA_VERSION}
