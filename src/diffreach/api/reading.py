"""Questions answered by reading the graph: the whole graph, a symbol's callers and
callees, the files relevant to a question, the supported languages."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from diffreach import worktree
from diffreach.api.state import index_state, open_store
from diffreach.config import load_config
from diffreach.graph.instances import idle_methods
from diffreach.graph.lookup import find_symbol
from diffreach.graph.store import Store
from diffreach.index.dispatch import all_dispatch, dispatch_callees, dispatch_callers
from diffreach.languages import all_languages, language_for
from diffreach.languages.spec import LanguageSpec
from diffreach.languages.test_ids import TestName, TestRunner, runner_lines
from diffreach.model import EdgeKind, NodeKind, Progress
from diffreach.query.question import bound_question

# A ``dynamic`` edge Base.m → Sub.m is not a call: the callers of Base.m reach Sub.m through
# dispatch, and are listed as such (``dispatch: true``, ``via`` the base method; index/dispatch.py).
# A call bound to a method that never runs (a declaration without a body, or a body no object
# runs: graph/instances.py) keeps its edge, so a changed signature there reaches the call, but
# it runs one of the implementations the dispatch rows list: its rows and edges say ``runs: false``.
CALLER_KINDS = (EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.TESTS)
CALLEE_KINDS = (EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.INHERITS, EdgeKind.TESTS)


def graph(root: str | Path) -> dict[str, object]:
    """The whole graph (``graph --json``): every node, briefly, and every edge. A node marked
    ``abstract`` is a declaration without a body: a call bound to it runs one of its
    implementations (the ``dispatch`` pairs), never it; one marked ``idle`` has a body that no
    object runs (graph/instances.py: an override runs in its place)."""
    with open_store(root) as store:
        edges = list(store.all_edges())
        idle = idle_methods(store, {e.source for e in edges if e.kind == EdgeKind.DYNAMIC})
        symbols = list(store.all_symbols())
        never_run = idle | {s.id for s in symbols if s.abstract}
        nodes = [
            {
                "id": s.id,
                "kind": s.kind,
                "name": s.name,
                "file": s.file,
                "start_line": s.start_line,
                "end_line": s.end_line,
                "is_test": s.is_test,
                **({"abstract": True} if s.abstract else {}),
                **({"idle": True} if s.id in idle else {}),
            }
            for s in symbols
        ]
        dispatch = [
            {"source": d.edge.source, "target": d.override, "via": d.base, "kind": d.edge.kind, "line": d.edge.line}
            for d in all_dispatch(store, CALLER_KINDS)
        ]
        return {
            "nodes": nodes,
            "edges": [_with_runs(e.as_json(), e.kind, e.target, never_run) for e in edges],
            "dispatch": dispatch,
        }


def _with_runs(row: dict[str, object], kind: str, target: str, never_run: set[str]) -> dict[str, object]:
    """A call, reference or test edge's row with ``runs`` (``_runs``); other rows as they are."""
    return {**row, "runs": _runs(kind, target, never_run)} if kind in CALLER_KINDS else row


def _runs(kind: str, target: str, never_run: set[str], dispatched: bool = False) -> bool:
    """Whether the method an edge is bound to runs: false for a call, reference or test bound to
    one of ``never_run`` (a declaration or a body no object runs: an implementation runs, the
    dispatch pairs); true for the dispatch pairs themselves and for edges of other kinds."""
    return dispatched or kind not in CALLER_KINDS or target not in never_run


def _never_run(store: Store, targets: Iterable[str]) -> set[str]:
    """The methods among ``targets`` that a call bound to them never runs: declarations without a
    body (``abstract``) and methods no object runs (``idle``, graph/instances.py)."""
    syms = store.symbols(list(targets))
    return {t for t, s in syms.items() if s.abstract} | idle_methods(store, syms)


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
            declared = _never_run(store, frontier)
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
                        "runs": _runs(e.kind, e.target, declared, through),
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
        idle = idle_methods(store, {e.target for e in edges})
        never_run = idle | {t for t, s in syms.items() if s.abstract}
        rows = [
            {
                **syms[e.target].as_json(),
                **({"idle": True} if e.target in idle else {}),
                "edge": e.kind,
                "resolution": e.resolution,
                "confidence": e.confidence,
                "line": e.line,
                "dispatch": False,
                "runs": _runs(e.kind, e.target, never_run),
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
                "runs": _runs(d.edge.kind, d.override, never_run, dispatched=True),
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


def runner_test_ids(root: str | Path, test_ids: list[str] | tuple[str, ...], reached: Iterable[str] = ()) -> list[str]:
    """The tests to run as each language's runner takes them (``languages/test_ids.py``: pytest
    ``file::Class::test``, ``go test -run '^(TestA|TestB)$' ./pkg``, JUnit ``pkg.Class#test``,
    cargo ``module::tests::test``, Jest/Vitest ``file -t '^block test( |$)'``): a function nested in a
    test runs with that test. ``reached``: the ids of the change's radius (changed and callers),
    where a titled test block (Jest's) is found by the lines its file calls them at. Graph ids
    where the language names no runner; order kept, each line once."""
    store = open_store(root)
    targets = set(reached)
    try:
        packages = {path: package for path, (_, package) in store.file_languages().items()}
        named: dict[TestRunner, list[TestName]] = {}
        lines: list[str | TestRunner] = []  # a runner stands where its first test was
        for sid in test_ids:
            file = sid.partition("::")[0]
            spec = language_for(file)
            if spec is None or spec.test_runner is None:
                lines.append(sid)
                continue
            if spec.test_runner not in named:
                lines.append(spec.test_runner)
            found = _test_names(store, spec, sid, packages.get(file, ""), targets)
            named.setdefault(spec.test_runner, []).extend(found)
        out = [x for item in lines for x in ([item] if isinstance(item, str) else runner_lines(item, named[item]))]
        return list(dict.fromkeys(out))
    finally:
        store.close()


def _test_names(store: Store, spec: LanguageSpec, sid: str, package: str, targets: set[str]) -> list[TestName]:
    """The test(s) a graph id names: its scopes (classes, and names no node holds: modules) and
    its first function, with what the runner reads from the file around it (``scopes_at``:
    Rust's inline modules; for a runner whose tests no function names, the titled blocks around
    the function, or around the lines where the id reaches the radius)."""
    runner = spec.test_runner
    assert runner is not None
    file, _, qual = sid.partition("::")
    parts = qual.split(".") if qual else []
    syms = store.symbols(f"{file}::{'.'.join(parts[: i + 1])}" for i in range(len(parts)))
    first = next(
        (i for i, p in enumerate(parts) if (s := syms.get(f"{file}::{'.'.join(parts[: i + 1])}")) and s.kind in _RUN),
        None,
    )
    source = worktree.read_file(Path(store.root), file) if runner.scopes_at is not None else None
    if not runner.names_tests:
        sym = syms.get(sid)
        at = [sym.start_line] if sym is not None else []
        at = at or sorted({e.line for e in store.edges_from([sid], CALLER_KINDS) if e.target in targets})
        found = [runner.scopes_at(spec, source, line) if runner.scopes_at and source else () for line in at]
        return [TestName(file, package, t[:-1], t[-1]) if t else TestName(file, package, (), "") for t in found] or [
            TestName(file, package, (), "")
        ]
    if first is None:
        return [TestName(file, package, tuple(parts), "")]
    sym = syms[f"{file}::{'.'.join(parts[: first + 1])}"]
    outer = runner.scopes_at(spec, source, sym.start_line) if runner.scopes_at and source else ()
    return [TestName(file, package, (*outer, *parts[:first]), parts[first].partition("#")[0])]


_RUN = (NodeKind.FUNCTION, NodeKind.METHOD)


def _state(store: Store) -> dict[str, object]:
    """``index`` of a read that did not update the graph first."""
    return index_state(Path(store.root), store, updated=False).as_json()


def languages() -> list[dict[str, Any]]:
    """The supported languages: name, file extensions and what resolution each has."""
    return [
        {"name": spec.name, "extensions": list(spec.extensions), "resolution": spec.resolution}
        for spec in all_languages()
    ]
