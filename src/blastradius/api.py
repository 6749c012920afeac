"""The library's front door: what the CLI and the MCP server call.

Each function takes a repository path (or an open store) and returns plain
data (records or JSON-ready dicts); none prints or exits.
"""

from __future__ import annotations

from pathlib import Path

from .indexer import find_root
from .lookup import find_symbol
from .model import CALLS, DYNAMIC, INHERITS, REFERENCES, TESTS, Symbol
from .store import Store

CALLER_KINDS = (CALLS, REFERENCES, DYNAMIC, TESTS)
CALLEE_KINDS = (CALLS, REFERENCES, INHERITS, DYNAMIC, TESTS)


def open_store(root: str | Path) -> Store:
    """The graph of the repository containing ``root``; NotIndexedError when there is none."""
    return Store.open(find_root(root), create=False)


def _brief(s: Symbol) -> dict[str, object]:
    return {"id": s.id, "kind": s.kind, "file": s.file, "start_line": s.start_line,
            "end_line": s.end_line, "signature": s.signature, "is_test": s.is_test}


def callers_of(root: str | Path, symbol: str, hops: int = 1) -> dict[str, object]:
    store = open_store(root)
    try:
        target = find_symbol(store, symbol)
        seen = {target.id: 0}
        rows: list[dict[str, object]] = []
        frontier = [target.id]
        for hop in range(1, hops + 1):
            edges = sorted(store.edges_to(frontier, CALLER_KINDS), key=lambda e: (e.source, e.target))
            nxt: list[str] = []
            syms = store.symbols(e.source for e in edges)
            for e in edges:
                if e.source in seen or e.source not in syms:
                    continue
                seen[e.source] = hop
                nxt.append(e.source)
                rows.append({**_brief(syms[e.source]), "hop": hop, "via": e.target, "edge": e.kind,
                             "resolution": e.resolution, "confidence": e.confidence, "line": e.line})
            frontier = nxt
        return {"symbol": _brief(target), "callers": rows, "hops": hops}
    finally:
        store.close()


def callees_of(root: str | Path, symbol: str) -> dict[str, object]:
    store = open_store(root)
    try:
        source = find_symbol(store, symbol)
        edges = sorted(store.edges_from([source.id], CALLEE_KINDS), key=lambda e: (e.line, e.target))
        syms = store.symbols(e.target for e in edges)
        rows = [{**_brief(syms[e.target]), "edge": e.kind, "resolution": e.resolution,
                 "confidence": e.confidence, "line": e.line} for e in edges if e.target in syms]
        return {"symbol": _brief(source), "callees": rows}
    finally:
        store.close()
