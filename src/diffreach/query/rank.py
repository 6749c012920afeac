"""Rank the files of an indexed repository for a plain-language question.

Two signals, then a cut. Lexical: every node is a small document (its name,
its enclosing names, its signature and docstring first line; a file's document
is its path), split into terms by ``terms.py`` with a weight per field so that
identifiers count more than prose, plus its notes (docstring rest, comments, strings) as a
field weighed at query time, and scored with BM25 (a term's idf mixes its
rarity among documents and among files, so a term packed into one file weighs
more than one spread thinly: ``bm25.py``). The postings live per
file in ``term_postings``/``term_docs`` (``term_index.py``, brought up to date
by the query itself), so a query reads only the postings of its own terms. Structural: the best lexical
hits seed a personalized PageRank (damping 0.85) over the symbol graph (calls,
references, imports, inheritance, containment and dynamic dispatch, walked in
both directions), computed by power iteration on numpy edge arrays that are
loaded in one pass and cached until the database changes (``arrays.py``). Both
signals are aggregated to files and mixed (optionally, a file's word score is first raised to its
score as one whole document: ``file_level.py``, off by default); files with no lexical hit may enter
only as one-hop neighbours of the top files, at a discount. The question is
taken apart first (``question.py``): terms weighted by where they stand (title,
prose, pasted blocks), and the files it names; a named file gets a bonus and
files of docs/examples/vendored directories or of a minor language a prior
below one (``named.py``). A file's walk score is divided by the square root
of its node count, so a big file is not lifted for its size, and replicas (one file
name defining the same symbols in many places) give way to their best. Test files take no
part unless the question is about tests. Then files one edge from the best-matching symbol of each of
the best files move up the list when they scored close to the files they pass (``RankParams.fill_from``,
``fill_by``), so the top holds the code the matched symbols call or are called by. Then the whole text
of the first files lends the question its rarest words (pseudo-relevance feedback, ``feedback.py``)
and the ranking runs again, those first files keeping their places. Each
ranked file carries its reasons:
the terms that matched, its best symbols, and the graph edge that lifted it.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import numpy as np

from diffreach.graph.store import Store
from diffreach.model import EdgeKind, Progress
from diffreach.query.arrays import EDGE_KINDS, Graph, load_graph
from diffreach.query.bm25 import LexicalHits, bm25
from diffreach.query.feedback import feedback_terms
from diffreach.query.file_level import Scored, fill_with_neighbours, raise_to_whole_files
from diffreach.query.file_text import file_text_scores
from diffreach.query.named import file_priors, files_named, thin_replicas
from diffreach.query.params import RankParams
from diffreach.query.question import Question, about_tests, parse_question
from diffreach.query.term_index import update_term_index
from diffreach.query.uses import add_shares, files_using

__all__ = [
    "RankParams",
    "about_tests",
    "bm25",
    "file_priors",
    "load_graph",
    "personalized_pagerank",
    "rank_files",
    "update_term_index",
]

# ----- structural: personalized PageRank --------------------------------------------------------


def personalized_pagerank(
    n: int,
    src: np.ndarray,
    dst: np.ndarray,
    weight: np.ndarray,
    personalization: np.ndarray,
    damping: float = 0.85,
    tol: float = 1e-6,
    max_iter: int = 100,
) -> tuple[np.ndarray, int]:
    """Power iteration of x = d·(x W) + (1 - d)·p (+ dangling mass back to p) over weighted edges.

    Returns the scores (summing to 1) and the iterations used.
    """
    p = personalization / personalization.sum()
    out_weight = np.bincount(src, weights=weight, minlength=n)
    dangling = out_weight == 0
    norm = weight / out_weight[src]  # every edge's source has out-weight > 0
    x = p.copy()
    for it in range(1, max_iter + 1):
        moved = np.bincount(dst, weights=x[src] * norm, minlength=n)
        nxt = damping * (moved + x[dangling].sum() * p) + (1.0 - damping) * p
        delta = float(np.abs(nxt - x).sum())
        x = nxt
        if delta < tol:
            return x, it
    return x, max_iter


def _walk(
    n: int, src: np.ndarray, dst: np.ndarray, w: np.ndarray, seed_weight: np.ndarray, damping: float
) -> tuple[np.ndarray, int]:
    """PageRank on the part of the graph the walk can use (seeds and nodes with edges), scattered back."""
    if not seed_weight.any():
        return np.zeros(n), 0
    mask = seed_weight > 0
    mask[src] = True
    mask[dst] = True
    used = np.flatnonzero(mask)
    remap = np.cumsum(mask) - 1
    small, iterations = personalized_pagerank(len(used), remap[src], remap[dst], w, seed_weight[used], damping)
    full = np.zeros(n)
    full[used] = small
    return full, iterations


def walk_edges(graph: Graph, params: RankParams, include_tests: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The graph's edges as the walk sees them: weighted per kind, both directions, tests left out."""
    kind_weight = np.zeros(len(EDGE_KINDS))
    for name, weight in params.kind_weights:
        kind_weight[EDGE_KINDS[name]] = weight
    if not include_tests:
        kind_weight[EDGE_KINDS[EdgeKind.TESTS]] = 0.0
    w = kind_weight[graph.kind] * graph.confidence
    if not include_tests:
        test_node = graph.file_is_test[graph.node_file]
        w = np.where(test_node[graph.src] | test_node[graph.dst], 0.0, w)
    keep = w > 0
    src, dst, w = graph.src[keep], graph.dst[keep], w[keep]
    if params.reverse_weight > 0:
        src, dst, w = (
            np.concatenate([src, dst]),
            np.concatenate([dst, src]),
            np.concatenate([w, w * params.reverse_weight]),
        )
    return src, dst, w


# ----- the ranking --------------------------------------------------------------------------------


@dataclass(frozen=True)
class RankedFile:
    path: str
    score: float
    lexical: float  # normalised to the best file's (0..1)
    graph: float  # normalised to the best file's (0..1)
    terms: tuple[str, ...]  # matched terms of the question, strongest first
    symbols: tuple[str, ...]  # best-matching symbols in the file
    via: str = ""  # the graph edge that lifted it, 'a --calls--> b'
    neighbour: bool = False  # entered as a one-hop neighbour with no lexical match
    feedback: tuple[str, ...] = ()  # matched words the best files added to the question (``feedback.py``)


@dataclass(frozen=True)
class QueryResult:
    query: str
    files: tuple[RankedFile, ...]
    top: int
    candidates: int  # files that had any score
    truncated: bool  # more candidates than ``top``
    about_tests: bool
    debug: dict[str, object] = field(default_factory=dict)

    def as_json(self) -> dict[str, object]:
        data = asdict(self)
        data["files"] = [asdict(f) for f in self.files]
        if not self.debug:
            data.pop("debug")
        return data


def rank_files(
    store: Store,
    text: str,
    top: int = 5,
    params: RankParams | None = None,
    debug: bool = False,
    progress: Progress | None = None,
) -> QueryResult:
    """The ``top`` files of the indexed repository most relevant to ``text``, with reasons
    (``progress``: the term index's and the graph arrays' builds, when this query is the first)."""
    params = params or RankParams()
    started = time.perf_counter()
    update_term_index(store, (), (), progress=progress)  # the first query builds the index
    graph = load_graph(store, progress)
    loaded = time.perf_counter()
    tests = about_tests(text, params.test_share)
    skip = frozenset() if tests else frozenset(f for f, t in zip(graph.files, graph.file_is_test) if t)
    question = parse_question(text)
    # What does not turn on the question's terms is read once for both passes.
    walk = walk_edges(graph, params, tests)
    uses = files_using(store.conn, text, len(graph.files), skip, params)
    scored = _score(store, graph, question, skip, walk, uses, top, params)
    # Pseudo-relevance feedback: the best files' words join the question for a second pass, and
    # those files, taken as right, keep their places.
    terms = feedback_terms(store.conn, question.terms, [path for path, _ in scored.ordered], params)
    if terms:
        first = scored.ordered[: params.feedback_files]
        scored = _score(
            store, graph, replace(question, terms={**question.terms, **terms}), skip, walk, uses, top, params
        )
        kept = {path for path, _ in first}
        scored = replace(scored, ordered=first + [x for x in scored.ordered if x[0] not in kept])
    files = _ranked_files(graph, scored, top, frozenset(terms))
    info: dict[str, object] = {}
    if debug:
        times = {"load": loaded - started, **scored.times, "total": time.perf_counter() - started}
        info = _debug_info(question, scored, len(graph.ids), times) | {"feedback_terms": sorted(terms)}
    return QueryResult(
        query=text,
        files=files,
        top=top,
        candidates=len(scored.ordered),
        truncated=len(scored.ordered) > top,
        about_tests=tests,
        debug=info,
    )


@dataclass(frozen=True)
class _Scored:
    """One pass of the ranking for a question's terms: the files in order and what explains them."""

    hits: LexicalHits
    seeds: list[tuple[str, float, int]]
    seed_weight: Any
    edges: int
    iterations: int
    graph_file: Any
    lexical: dict[str, float]
    named: dict[str, float]
    ordered: list[Scored]
    times: dict[str, float]


def _score(
    store: Store,
    graph: Graph,
    question: Question,
    skip: frozenset[str],
    walk: tuple[np.ndarray, np.ndarray, np.ndarray],
    uses: dict[str, float],
    top: int,
    params: RankParams,
) -> _Scored:
    """Both signals for the question's terms, mixed, and the list filled with neighbours (``walk``: the
    edges walked, ``uses``: the files using the question's code names, both the same for either pass)."""
    started = time.perf_counter()
    n_docs, avgdl = graph.doc_stats(params.notes_weight, params.notes_length_share)
    hits = bm25(store.conn, question.terms, n_docs, avgdl, params, skip, len(graph.files))
    lexed = time.perf_counter()
    seeds, seed_weight = _seeds(graph, hits, params)
    src, dst, w = walk
    ppr, iterations = _walk(len(graph.ids), src, dst, w, seed_weight, params.damping)
    walked = time.perf_counter()
    graph_file = _file_walk_scores(graph, ppr, params)
    lexical = raise_to_whole_files(store, hits, question.terms, _file_lexical(hits, params), params)
    lexical = add_shares(lexical, uses, params.uses_weight)
    whole_text = file_text_scores(store.conn, question.terms, params, skip)
    lexical = add_shares(lexical, whole_text, params.file_text_weight)
    named = files_named(store.conn, graph, question, skip, params.named_budget)
    scores = thin_replicas(_mix(graph, lexical, graph_file, src, dst, skip, top, params, named), graph, params)
    ordered = fill_with_neighbours(
        sorted(scores.items(), key=lambda kv: (-kv[1][0], kv[0])), graph, (src, dst), seed_weight, top, params
    )
    times = {"bm25": lexed - started, "pagerank": walked - lexed}
    return _Scored(hits, seeds, seed_weight, len(src), iterations, graph_file, lexical, named, ordered, times)


def _ranked_files(graph: Graph, scored: _Scored, top: int, added: frozenset[str]) -> tuple[RankedFile, ...]:
    """The files kept, each with its lexical and graph shares of the best one's (for reasons)."""
    lexical, graph_file = scored.lexical, scored.graph_file
    max_lex = max(lexical.values(), default=0.0) or 1.0
    max_graph = float(graph_file.max()) if len(graph.files) and graph_file.max() > 0 else 1.0

    def shares(path: str, score: float) -> tuple[float, float, float]:
        walked = float(graph_file[graph.file_index[path]]) if path in graph.file_index else 0.0
        return score, lexical.get(path, 0.0) / max_lex, walked / max_graph

    return tuple(
        _ranked(graph, scored.hits, path, shares(path, score), neighbour, scored.seed_weight, added)
        for path, (score, neighbour) in scored.ordered[:top]
    )


def _seeds(graph: Graph, hits: LexicalHits, params: RankParams) -> tuple[list[tuple[str, float, int]], Any]:
    """The best lexical hits that are nodes of the graph, and their weights as the walk's restart vector."""
    ranked_hits = sorted(hits.scores.items(), key=lambda kv: (-kv[1], kv[0]))
    seeds = [
        (node, score, i) for node, score in ranked_hits[: params.seeds * 2] if (i := graph.position(node)) is not None
    ][: params.seeds]
    seed_weight = np.zeros(len(graph.ids))
    for _, score, i in seeds:
        seed_weight[i] = score
    return seeds, seed_weight


def _file_walk_scores(graph: Graph, ppr: Any, params: RankParams) -> Any:
    """Each file's share of the walk: the sum over its nodes."""
    nfiles = len(graph.files)
    if not len(graph.ids):
        return np.zeros(0)
    graph_file = np.bincount(graph.node_file, weights=ppr, minlength=nfiles)
    if params.graph_size_norm <= 0:
        return graph_file
    # Divided by a power of the file's number of nodes, a big file is not lifted just for being big.
    return graph_file / np.bincount(graph.node_file, minlength=nfiles).clip(1) ** params.graph_size_norm


def _debug_info(question: Question, scored: _Scored, nodes: int, times: dict[str, float]) -> dict[str, object]:
    return {
        "nodes": nodes,
        "edges": scored.edges,
        "query_terms": len(question.terms),
        "named_files": sorted(scored.named),
        "dropped_terms": list(scored.hits.dropped_terms[:20]),
        "scored_documents": len(scored.hits.scores),
        "seeds": [[node, round(score, 3)] for node, score, _ in scored.seeds[:10]],
        "ppr_iterations": scored.iterations,
        "ms": {k: round(v * 1000, 1) for k, v in times.items()},
    }


def _file_lexical(hits: LexicalHits, params: RankParams) -> dict[str, float]:
    """A file's lexical score: its best documents with a decaying weight, so one strong match leads."""
    per_file: dict[str, list[float]] = {}
    for node, score in hits.scores.items():
        per_file.setdefault(hits.node_files[node], []).append(score)
    out: dict[str, float] = {}
    for path, scores in per_file.items():
        scores.sort(reverse=True)
        out[path] = sum(s * params.file_decay**i for i, s in enumerate(scores[: params.file_docs]))
    return out


def _mix(
    graph: Graph,
    lexical: dict[str, float],
    graph_file: np.ndarray,
    src: np.ndarray,
    dst: np.ndarray,
    skip: frozenset[str],
    top: int,
    params: RankParams,
    named: dict[str, float] | None = None,
) -> dict[str, tuple[float, bool]]:
    """path → (score, entered as neighbour): lexical + graph (+ a bonus when named) times the file's prior,
    then one-hop neighbours of the best files."""
    named = named or {}
    max_lex = max(lexical.values(), default=0.0) or 1.0
    candidates = [f for f in set(lexical) | set(named) if f in graph.file_index]
    max_graph = max((float(graph_file[graph.file_index[f]]) for f in candidates), default=0.0) or 1.0
    prior = file_priors(graph.files, params, graph.file_language, skip)

    def graph_part(path: str) -> float:
        return float(graph_file[graph.file_index[path]]) / max_graph

    def weigh(path: str, score: float) -> float:
        return score + params.named_bonus * named[path] if path in named else score * prior.get(path, 1.0)

    scores = {
        f: (weigh(f, lexical.get(f, 0.0) / max_lex + params.graph_mix * graph_part(f)), False) for f in candidates
    }
    scores.update({f: (weigh(f, lexical[f] / max_lex), False) for f in lexical if f not in graph.file_index})
    best = sorted(scores, key=lambda f: (-scores[f][0], f))[:top]
    if not best or params.neighbour_discount <= 0:
        return scores
    best_idx = np.array([graph.file_index[f] for f in best if f in graph.file_index], dtype=np.int64)
    src_file, dst_file = graph.node_file[src], graph.node_file[dst]
    # The distinct files, ascending (``np.unique`` would import numpy.ma, ~8 ms, for one call).
    near = np.flatnonzero(np.bincount(dst_file[np.isin(src_file, best_idx)]))
    for fi in near.tolist():
        path = graph.files[fi]
        if path not in scores and path not in skip and graph_file[fi] > 0:
            scores[path] = (weigh(path, params.neighbour_discount * params.graph_mix * graph_part(path)), True)
    return scores


def _ranked(
    graph: Graph,
    hits: LexicalHits,
    path: str,
    scores: tuple[float, float, float],
    neighbour: bool,
    seed_weight: np.ndarray,
    added: frozenset[str],
) -> RankedFile:
    """A kept file with its reasons: the words it matched (the question's, and apart those the best files
    added), its best symbols and the edge that lifted it. ``scores``: its score, lexical and graph shares."""
    score, lexical, graph_score = scores
    term_parts: dict[str, float] = {}
    docs: list[tuple[float, str]] = []
    for node, file in hits.node_files.items():
        if file == path:
            docs.append((hits.scores[node], node))
            for term, part in hits.matched[node].items():
                term_parts[term] = term_parts.get(term, 0.0) + part
    strongest = [t for t, _ in sorted(term_parts.items(), key=lambda kv: (-kv[1], kv[0]))]
    terms = tuple([t for t in strongest if t not in added][:6])
    symbols = tuple(node for _, node in sorted(docs, key=lambda d: (-d[0], d[1]))[:3])
    return RankedFile(
        path=path,
        score=round(float(score), 4),
        lexical=round(lexical, 4),
        graph=round(graph_score, 4),
        terms=terms,
        symbols=symbols,
        via=_lifted_by(graph, path, seed_weight),
        neighbour=neighbour,
        feedback=tuple([t for t in strongest if t in added][:6]),
    )


_KIND_NAMES = {v: k for k, v in EDGE_KINDS.items()}


def _lifted_by(graph: Graph, path: str, seed_weight: np.ndarray) -> str:
    """The edge between this file and a seed in another file with the strongest seed, as text."""
    fi = graph.file_index.get(path)
    if fi is None or not len(graph.src):
        return ""
    touching = np.flatnonzero((graph.node_file[graph.src] == fi) ^ (graph.node_file[graph.dst] == fi))
    touching = touching[graph.kind[touching] != EDGE_KINDS[EdgeKind.TESTS]]
    if not touching.size:
        return ""
    # The other end of each edge is the one outside this file; its seed weight is the strength.
    src, dst = graph.src[touching], graph.dst[touching]
    other = np.where(graph.node_file[src] == fi, dst, src)
    strength = seed_weight[other]
    best = int(np.argmax(strength))
    if strength[best] <= 0:
        return ""
    e = int(touching[best])
    return f"{graph.ids[graph.src[e]]} --{_KIND_NAMES[int(graph.kind[e])]}--> {graph.ids[graph.dst[e]]}"
