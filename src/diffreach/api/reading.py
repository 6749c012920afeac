"""Questions answered by reading the graph: the whole graph, a symbol's callers and
callees, the files relevant to a question, the supported languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from diffreach import git, worktree
from diffreach.config import load_config
from diffreach.graph.lookup import find_symbol
from diffreach.graph.store import Store
from diffreach.index.dispatch import all_dispatch, dispatch_callees, dispatch_callers
from diffreach.index.indexer import find_root
from diffreach.languages import all_languages, language_for
from diffreach.languages.test_ids import TestName, TestRunner, runner_lines
from diffreach.model import EdgeKind, IndexState, NodeKind, Progress
from diffreach.query.question import bound_question

# A ``dynamic`` edge Base.m → Sub.m is not a call: the callers of Base.m reach Sub.m through
# dispatch, and are listed as such (``dispatch: true``, ``via`` the base method; index/dispatch.py).
CALLER_KINDS = (EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.TESTS)
CALLEE_KINDS = (EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.INHERITS, EdgeKind.TESTS)


def open_store(root: str | Path) -> Store:
    """The graph of the repository containing ``root``; NotIndexedError when there is none."""
    return Store.open(find_root(root), create=False)


def index_state(root: Path, store: Store, updated: bool) -> IndexState:
    """The graph against HEAD and the working tree: every JSON result carries it (``index``)."""
    commit = store.get_meta("indexed_commit")
    head = git.head(root) or ""
    dirty = git.is_dirty(root) if head else False
    # A watcher that has seen a save it has not indexed yet marks the graph stale too.
    stale = (commit != head) or (dirty and not updated) or store.get_meta("watch_pending") == "1"
    return IndexState(commit=commit, head=head, dirty=dirty, stale=stale)


def graph(root: str | Path) -> dict[str, object]:
    """The whole graph (``graph --json``): every node, briefly, and every edge."""
    with open_store(root) as store:
        nodes = [
            {
                "id": s.id,
                "kind": s.kind,
                "name": s.name,
                "file": s.file,
                "start_line": s.start_line,
                "end_line": s.end_line,
                "is_test": s.is_test,
            }
            for s in store.all_symbols()
        ]
        dispatch = [
            {"source": d.edge.source, "target": d.override, "via": d.base, "kind": d.edge.kind, "line": d.edge.line}
            for d in all_dispatch(store, CALLER_KINDS)
        ]
        return {"nodes": nodes, "edges": [e.as_json() for e in store.all_edges()], "dispatch": dispatch}


def callers_of(root: str | Path, symbol: str, hops: int = 1) -> dict[str, object]:
    with open_store(root) as store:
        target = find_symbol(store, symbol)
        seen = {target.id: 0}
        rows: list[dict[str, object]] = []
        frontier = [target.id]
        for hop in range(1, hops + 1):
            edges = sorted(store.edges_to(frontier, CALLER_KINDS), key=lambda e: (e.source, e.target))
            dispatched = [d.edge for f in frontier for d in dispatch_callers(store, f, CALLER_KINDS)]
            nxt: list[str] = []
            syms = store.symbols(e.source for e in edges + dispatched)
            for e, through in [(e, False) for e in edges] + [(e, True) for e in dispatched]:
                if e.source in seen or e.source not in syms:
                    continue
                seen[e.source] = hop
                nxt.append(e.source)
                rows.append(
                    {
                        **syms[e.source].as_json(),
                        "hop": hop,
                        "via": e.target,
                        "edge": e.kind,
                        "resolution": e.resolution,
                        "confidence": e.confidence,
                        "line": e.line,
                        "dispatch": through,
                    }
                )
            frontier = nxt
        return {"symbol": target.as_json(), "callers": rows, "hops": hops, "index": _state(store)}


def callees_of(root: str | Path, symbol: str) -> dict[str, object]:
    with open_store(root) as store:
        source = find_symbol(store, symbol)
        edges = sorted(store.edges_from([source.id], CALLEE_KINDS), key=lambda e: (e.line, e.target))
        dispatched = dispatch_callees(store, [e for e in edges if e.kind != EdgeKind.INHERITS])
        syms = store.symbols([*(e.target for e in edges), *(d.override for d in dispatched)])
        rows = [
            {
                **syms[e.target].as_json(),
                "edge": e.kind,
                "resolution": e.resolution,
                "confidence": e.confidence,
                "line": e.line,
                "dispatch": False,
            }
            for e in edges
            if e.target in syms
        ]
        rows += [
            {
                **syms[d.override].as_json(),
                "via": d.base,
                "edge": d.edge.kind,
                "resolution": d.edge.resolution,
                "confidence": d.edge.confidence,
                "line": d.edge.line,
                "dispatch": True,
            }
            for d in dispatched
            if d.override in syms
        ]
        return {"symbol": source.as_json(), "callees": rows, "index": _state(store)}


def query(
    root: str | Path, text: str, top: int | None = None, debug: bool = False, progress: Progress | None = None
) -> dict[str, object]:
    """The files most relevant to a plain-language question, with reasons (``query --json`` shape).

    ``top`` defaults to ``query_max_files`` from the configuration; ``progress`` hears of the
    term index's build (the first query's).
    """
    # Heavy optional dependency: the ranking needs numpy (over 100 ms to import); only this question does.
    from diffreach.query.rank import rank_files

    with open_store(root) as store:
        config = load_config(store.root)
        limit = top if top is not None else config.query_max_files
        # A question is read in one pass, but a pasted 10 MB log still holds the server: cut it.
        bounded, cut = bound_question(text, config.max_question_chars)
        result = rank_files(store, bounded, top=limit, debug=debug, progress=progress).as_json()
        if cut:
            result["question_cut"] = {"chars": len(text), "kept": len(bounded)}
        result["index"] = _state(store)
        return result


def runner_test_ids(root: str | Path, test_ids: list[str] | tuple[str, ...]) -> list[str]:
    """The tests to run as each language's runner takes them (``languages/test_ids.py``: pytest
    ``file::Class::test``, ``go test -run '^(TestA|TestB)$' ./pkg``, JUnit ``pkg.Class#test``,
    cargo ``module::tests::test``, a Jest/Vitest file): a function nested in a test runs with
    that test. Graph ids where the language names no runner; order kept, each line once."""
    store = open_store(root)
    try:
        packages = {path: package for path, (_, package) in store.file_languages().items()}
        named: dict[TestRunner, list[TestName]] = {}
        lines: list[str | TestRunner] = []  # a runner stands where its first test was
        for sid in test_ids:
            file, _, qual = sid.partition("::")
            spec = language_for(file)
            if spec is None or spec.test_runner is None:
                lines.append(sid)
                continue
            if spec.test_runner not in named:
                lines.append(spec.test_runner)
            name = _test_name(store, file, qual, packages.get(file, ""), spec.test_runner)
            named.setdefault(spec.test_runner, []).append(name)
        out = [x for item in lines for x in ([item] if isinstance(item, str) else runner_lines(item, named[item]))]
        return list(dict.fromkeys(out))
    finally:
        store.close()


def _test_name(store: Store, file: str, qual: str, package: str, runner: TestRunner) -> TestName:
    """The scopes (classes, and names no node holds: modules) and the first function of ``qual``;
    with the scopes the runner reads from the file (``scopes_at``) first."""
    parts = qual.split(".") if qual else []
    syms = store.symbols(f"{file}::{'.'.join(parts[: i + 1])}" for i in range(len(parts)))
    for i, part in enumerate(parts):
        sym = syms.get(f"{file}::{'.'.join(parts[: i + 1])}")
        if sym is not None and sym.kind in (NodeKind.FUNCTION, NodeKind.METHOD):
            outer: tuple[str, ...] = ()
            if runner.scopes_at is not None:
                source = worktree.read_file(Path(store.root), file)
                outer = runner.scopes_at(source, sym.start_line) if source is not None else ()
            return TestName(file, package, (*outer, *parts[:i]), part.partition("#")[0])
    return TestName(file, package, tuple(parts), "")


def _state(store: Store) -> dict[str, object]:
    """``index`` of a read that did not update the graph first."""
    return index_state(Path(store.root), store, updated=False).as_json()


def languages() -> list[dict[str, Any]]:
    """The supported languages: name, file extensions and what resolution each has."""
    return [
        {"name": spec.name, "extensions": list(spec.extensions), "resolution": spec.resolution}
        for spec in all_languages()
    ]
