"""Rank the files of an indexed repository for a plain-language question.

Two signals, then a cut. Lexical: every node is a small document (its name,
its enclosing names, its signature and docstring first line; a file's document
is its path), split into terms by ``terms.py`` with a weight per field so that
identifiers count more than prose, plus its notes (docstring rest, comments, strings) as a
field weighed at query time, and scored with BM25 (a term's idf mixes its
rarity among documents and among files, so a term packed into one file weighs
more than one spread thinly). The postings live per
file in ``term_postings``/``term_docs`` (``term_index.py``, brought up to date
by the query itself), so a query reads only the postings of its own terms. Structural: the best lexical
hits seed a personalized PageRank (damping 0.85) over the symbol graph (calls,
references, imports, inheritance, containment and dynamic dispatch, walked in
both directions), computed by power iteration on numpy edge arrays that are
loaded in one pass and cached per process until the database changes. Both
signals are aggregated to files and mixed; files with no lexical hit may enter
only as one-hop neighbours of the top files, at a discount. The question is
taken apart first (``question.py``): terms weighted by where they stand (title,
prose, pasted blocks), and the files it names; a named file gets a bonus and
files of docs/examples/vendored directories or of a minor language a prior
below one (``rank_named.py``). A file's walk score is divided by the square root
of its node count, so a big file is not lifted for its size, and replicas (one file
name defining the same symbols in many places) give way to their best. Test files take no
part unless the question is about tests. Each ranked file carries its reasons:
the terms that matched, its best symbols, and the graph edge that lifted it.
"""

from __future__ import annotations

import bisect
import math
import os
import sqlite3
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from diffreach.graph import terms as tables
from diffreach.graph.store import Store, db_path
from diffreach.model import EdgeKind
from diffreach.query.named import file_priors, files_named, thin_replicas
from diffreach.query.question import about_tests, parse_question
from diffreach.query.term_index import TERM_INDEX_VERSION, update_term_index

__all__ = [
    "RankParams",
    "about_tests",
    "bm25",
    "file_priors",
    "personalized_pagerank",
    "rank_files",
    "update_term_index",
]

EDGE_KINDS: dict[str, int] = {
    EdgeKind.CALLS: 0,
    EdgeKind.REFERENCES: 1,
    EdgeKind.IMPORTS: 2,
    EdgeKind.INHERITS: 3,
    EdgeKind.CONTAINS: 4,
    EdgeKind.DYNAMIC: 5,
    EdgeKind.TESTS: 6,
}


@dataclass(frozen=True)
class RankParams:
    """Every knob of the ranking, with the defaults the query benchmark chose."""

    k1: float = 1.2
    b: float = 0.75
    max_df_share: float = 0.2  # query terms in more documents than this share are dropped
    # Share of a term's idf taken from the files that hold it rather than the documents: a term packed
    # into one file ('linkcheck') says more about the file than one spread thinly over many ('error').
    file_idf: float = 0.5
    # Weight of a node's notes (docstring rest, comments, strings) per term occurrence, against 3
    # for a name word and 0.5 for a word of the docstring's first line; they lengthen the document by as
    # much (BM25F) times ``notes_length_share``. 0 leaves them out: the ranking is then exactly the one
    # before notes were indexed. 0.3 and 0.5 scored alike out of sample and on the hold-out, 0.5 one
    # instance better in sample; 0.1 and 1.0 lower (docs/benchmarks.md, query ranking, round 3).
    notes_weight: float = 0.5
    notes_length_share: float = 1.0  # 0 and 0.5 measured and dropped: lower in sample
    # Share of the documents that hold a term in their notes alone counted in its document frequency
    # (so in its idf and in ``max_df_share``); a term found in notes alone always counts them all.
    # 0 was best in sample and lost out of sample: kept at plain BM25F.
    notes_df: float = 1.0
    seeds: int = 40
    damping: float = 0.85
    reverse_weight: float = 1.0  # weight of walking an edge backwards (callee → caller)
    kind_weights: tuple[tuple[str, float], ...] = (
        (EdgeKind.CALLS, 1.0),
        (EdgeKind.REFERENCES, 0.7),
        (EdgeKind.IMPORTS, 0.3),
        (EdgeKind.INHERITS, 1.0),
        (EdgeKind.CONTAINS, 1.0),
        (EdgeKind.DYNAMIC, 0.5),
        (EdgeKind.TESTS, 0.5),
    )
    file_decay: float = 0.5  # a file's lexical score: best doc + decay * second + decay² * third …
    file_docs: int = 3
    graph_mix: float = 0.5  # weight of the (normalised) graph score next to the lexical one
    graph_size_norm: float = 0.5  # a file's walk score is divided by (its node count) ** this
    neighbour_discount: float = 0.5
    test_share: float = 0.2  # share of test words in the prose that makes a question about tests
    named_bonus: float = 1.0  # added to the score of a file the question names (a path, a dotted module)
    named_budget: float = 3.0  # past this many named files, each naming counts for less
    # Directories of docs, examples, benchmarks, scripts and vendored code: the question is rarely about
    # them, so their files count for ``secondary_factor`` of their score unless the question names them.
    secondary_dirs: tuple[str, ...] = (
        "doc",
        "docs",
        "documentation",
        "example",
        "examples",
        "bench",
        "benchmark",
        "benchmarks",
        "scripts",
        "static",
        "vendor",
        "vendored",
        "third_party",
        "thirdparty",
    )
    secondary_factor: float = 0.3
    # Files in a language that holds less than this share of the indexed files (the JavaScript of a
    # Python project) count for ``minor_language_factor`` unless named.
    minor_language_share: float = 0.1
    minor_language_factor: float = 0.5
    # Files of one name that define the same symbols in ``replica_min`` places or more are replicas
    # (a catalogue per language): all but the best of a family count for ``replica_factor``.
    replica_min: int = 5
    replica_factor: float = 0.2


# ----- the graph, cached per process -------------------------------------------------------------


@dataclass(frozen=True)
class Graph:
    """The symbol graph as integer arrays; ``node_file`` indexes ``files``."""

    ids: tuple[str, ...]  # sorted, so that ``position`` can bisect instead of holding a dict
    files: tuple[str, ...]
    file_index: dict[str, int]
    node_file: np.ndarray
    file_is_test: np.ndarray
    src: np.ndarray
    dst: np.ndarray
    kind: np.ndarray
    confidence: np.ndarray
    n_docs: int  # documents with identifier terms, and their mean length without notes
    avgdl: float
    n_docs_all: int = 0  # every document, notes included, and its mean lengths
    avgdl_all: float = 1.0
    avg_notes: float = 0.0

    def doc_stats(self, notes_weight: float, length_share: float = 1.0) -> tuple[int, float]:
        """BM25's document count and mean length when notes weigh ``notes_weight`` (and their length
        ``length_share`` of that)."""
        if notes_weight <= 0:
            return self.n_docs, self.avgdl
        return self.n_docs_all, (self.avgdl_all + notes_weight * length_share * self.avg_notes) or 1.0

    def position(self, node: str) -> int | None:
        i = bisect.bisect_left(self.ids, node)
        return i if i < len(self.ids) and self.ids[i] == node else None


_GRAPHS: dict[str, tuple[str, Graph]] = {}
_CACHE_NAME = "rank-graph.npz"
_ARRAYS = ("node_file", "file_is_test", "src", "dst", "kind", "confidence")


def _cache_key(store: Store) -> str:
    return f"graph3:{TERM_INDEX_VERSION}:{store.get_meta('term_generation')}:{store.node_count()}"


def load_graph(store: Store) -> Graph:
    """The graph arrays of ``store``: from this process's memory, else the cache file beside the
    database, else one pass over the nodes and edges tables (then written to the cache file)."""
    key = _cache_key(store)
    cached = _GRAPHS.get(store.root)
    if cached and cached[0] == key:
        return cached[1]
    path = db_path(store.root).parent / _CACHE_NAME
    graph = _read_cache(path, key)
    if graph is None:
        graph = _graph_from_store(store)
        _write_cache(path, key, graph)
    _GRAPHS[store.root] = (key, graph)
    return graph


def _read_cache(path: Path, key: str) -> Graph | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            if data["key"].item() != key:
                return None
            ids = _unpack(data["ids"])
            files = _unpack(data["files"])
            arrays = {name: data[name] for name in _ARRAYS}
            stats = data["stats"]
    except (OSError, KeyError, ValueError):
        return None
    return Graph(
        ids=ids,
        files=files,
        file_index={f: i for i, f in enumerate(files)},
        n_docs=int(stats[0]),
        avgdl=float(stats[1]),
        n_docs_all=int(stats[2]),
        avgdl_all=float(stats[3]),
        avg_notes=float(stats[4]),
        **arrays,
    )


def _write_cache(path: Path, key: str, graph: Graph) -> None:
    # Written under a temporary name and renamed, so a reader never sees half a file.
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp.npz")
    try:
        np.savez(
            tmp,
            key=np.array(key),
            ids=_pack(graph.ids),
            files=_pack(graph.files),
            stats=np.array([graph.n_docs, graph.avgdl, graph.n_docs_all, graph.avgdl_all, graph.avg_notes]),
            **{name: getattr(graph, name) for name in _ARRAYS},
        )
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)  # a cache that cannot be written only costs time


def _pack(names: tuple[str, ...]) -> np.ndarray:
    return np.frombuffer("\n".join(names).encode(), dtype=np.uint8)


def _unpack(packed: np.ndarray) -> tuple[str, ...]:
    text = packed.tobytes().decode()
    return tuple(text.split("\n")) if text else ()


def _graph_from_store(store: Store) -> Graph:
    ids: list[str] = []
    node_files: list[str] = []
    parents: list[str | None] = []
    for nid, file, parent in sorted(store.node_parents()):
        ids.append(nid)
        node_files.append(file)
        parents.append(parent)
    index = {nid: i for i, nid in enumerate(ids)}
    test_rows = store.test_files()
    files = tuple(sorted(set(node_files)))
    file_index = {f: i for i, f in enumerate(files)}
    src: list[int] = []
    dst: list[int] = []
    kinds: list[int] = []
    conf: list[float] = []
    for child, parent in zip(ids, parents):
        if parent is not None and parent in index:
            src.append(index[parent])
            dst.append(index[child])
            kinds.append(EDGE_KINDS[EdgeKind.CONTAINS])
            conf.append(1.0)
    for s, t, k, c in store.strongest_edges():
        si, ti = index.get(s), index.get(t)
        if si is not None and ti is not None and si != ti and k in EDGE_KINDS:
            src.append(si)
            dst.append(ti)
            kinds.append(EDGE_KINDS[k])
            conf.append(c)
    n_docs, avgdl, n_all, avgdl_all, avg_notes = tables.document_stats(store.conn)
    return Graph(
        ids=tuple(ids),
        files=files,
        file_index=file_index,
        node_file=np.array([file_index[f] for f in node_files], dtype=np.int64),
        file_is_test=np.array([bool(test_rows.get(f, 0)) for f in files], dtype=bool),
        src=np.array(src, dtype=np.int64),
        dst=np.array(dst, dtype=np.int64),
        kind=np.array(kinds, dtype=np.int8),
        confidence=np.array(conf, dtype=np.float64),
        n_docs=int(n_docs),
        avgdl=float(avgdl) or 1.0,
        n_docs_all=int(n_all),
        avgdl_all=float(avgdl_all) or 1.0,
        avg_notes=float(avg_notes),
    )


# ----- lexical: BM25 over the term index --------------------------------------------------------


@dataclass(frozen=True)
class LexicalHits:
    """BM25 per node, and per node the contribution of each matched term."""

    scores: dict[str, float]
    matched: dict[str, dict[str, float]]
    node_files: dict[str, str]
    dropped_terms: tuple[str, ...]  # too common to score


def bm25(
    conn: sqlite3.Connection,
    query: dict[str, float],
    n_docs: int,
    avgdl: float,
    params: RankParams,
    skip_files: frozenset[str] = frozenset(),
    n_files: int | None = None,
) -> LexicalHits:
    """Score every document that holds a query term; ``query`` maps term → its weight in the question.

    A term's idf is a geometric mix of its idf over the documents and over the files (``n_files``
    of them; counted when not given), ``params.file_idf`` the share of the second. A term's frequency
    and a document's length add the notes' at ``params.notes_weight``; at 0 the postings of notes
    alone are not read (``n_docs``/``avgdl`` are then those without notes: ``Graph.doc_stats``).
    """
    if not query or n_docs == 0:
        return LexicalHits({}, {}, {}, ())
    qterms = sorted(query)
    df: dict[str, int] = {}
    file_df: dict[str, int] = {}
    nw = params.notes_weight
    nl = nw * params.notes_length_share
    # The counts without notes-only documents cost a few ms a query: only when they are used.
    apart = nw > 0 and params.notes_df < 1
    for term, n, nf, n_id, nf_id in tables.term_frequencies(conn, qterms, notes=nw > 0, apart=apart):
        share = params.notes_df if n_id else 1.0
        df[term] = round(n_id + share * (n - n_id))
        file_df[term] = round(nf_id + share * (nf - nf_id))
    limit = max(1.0, params.max_df_share * n_docs)
    used = sorted(t for t, n in df.items() if n <= limit)
    dropped = tuple(sorted(t for t, n in df.items() if n > limit))
    scores: dict[str, float] = {}
    matched: dict[str, dict[str, float]] = {}
    node_files: dict[str, str] = {}
    k1, b = params.k1, params.b
    idf = {t: _idf(n_docs, df[t]) for t in used}
    if params.file_idf > 0 and used:
        if n_files is None:
            n_files = tables.file_count(conn)
        n_files = max(n_files or 1, max(file_df[t] for t in used))
        idf = {t: idf[t] ** (1 - params.file_idf) * _idf(n_files, file_df[t]) ** params.file_idf for t in used}
    for term, node, file, tf, notes, length, notes_length in tables.postings(conn, used, notes=nw > 0):
        if file in skip_files:
            continue
        if nw > 0:
            tf, length = tf + nw * notes, length + nl * notes_length
        part = query[term] * idf[term] * tf * (k1 + 1.0) / (tf + k1 * (1.0 - b + b * length / avgdl))
        scores[node] = scores.get(node, 0.0) + part
        matched.setdefault(node, {})[term] = part
        node_files[node] = file
    return LexicalHits(scores, matched, node_files, dropped)


def _idf(total: int, n: int) -> float:
    return math.log(1.0 + (total - n + 0.5) / (n + 0.5))


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
    terms: tuple[str, ...]  # matched terms, strongest first
    symbols: tuple[str, ...]  # best-matching symbols in the file
    via: str = ""  # the graph edge that lifted it, 'a --calls--> b'
    neighbour: bool = False  # entered as a one-hop neighbour with no lexical match


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
    store: Store, text: str, top: int = 5, params: RankParams | None = None, debug: bool = False
) -> QueryResult:
    """The ``top`` files of the indexed repository most relevant to ``text``, with reasons."""
    params = params or RankParams()
    started = time.perf_counter()
    update_term_index(store, (), ())  # builds the index once for a database written before it existed
    graph = load_graph(store)
    loaded = time.perf_counter()
    tests = about_tests(text, params.test_share)
    skip = frozenset() if tests else frozenset(f for f, t in zip(graph.files, graph.file_is_test) if t)
    question = parse_question(text)
    n_docs, avgdl = graph.doc_stats(params.notes_weight, params.notes_length_share)
    hits = bm25(store.conn, question.terms, n_docs, avgdl, params, skip, len(graph.files))
    lexed = time.perf_counter()
    n = len(graph.ids)
    ranked_hits = sorted(hits.scores.items(), key=lambda kv: (-kv[1], kv[0]))
    seeds = [
        (node, score, i) for node, score in ranked_hits[: params.seeds * 2] if (i := graph.position(node)) is not None
    ][: params.seeds]
    seed_weight = np.zeros(n)
    for _, score, i in seeds:
        seed_weight[i] = score
    src, dst, w = walk_edges(graph, params, tests)
    ppr, iterations = _walk(n, src, dst, w, seed_weight, params.damping)
    walked = time.perf_counter()
    nfiles = len(graph.files)
    graph_file = np.bincount(graph.node_file, weights=ppr, minlength=nfiles) if n else np.zeros(0)
    if n and params.graph_size_norm > 0:
        # A file's walk score is a sum over its nodes: divided by a power of their number, a big file
        # is not lifted just for being big.
        graph_file = graph_file / np.bincount(graph.node_file, minlength=nfiles).clip(1) ** params.graph_size_norm
    lexical = _file_lexical(hits, params)
    named = files_named(store.conn, graph, question, skip, params.named_budget)
    scores = thin_replicas(_mix(graph, lexical, graph_file, src, dst, skip, top, params, named), graph, params)
    ordered = sorted(scores.items(), key=lambda kv: (-kv[1][0], kv[0]))
    max_lex = max(lexical.values(), default=0.0) or 1.0
    max_graph = float(graph_file.max()) if nfiles and graph_file.max() > 0 else 1.0
    files = tuple(
        _ranked(
            graph,
            hits,
            path,
            score,
            lexical.get(path, 0.0) / max_lex,
            float(graph_file[graph.file_index[path]]) / max_graph if path in graph.file_index else 0.0,
            neighbour,
            seed_weight,
        )
        for path, (score, neighbour) in ordered[:top]
    )
    info: dict[str, object] = {}
    if debug:
        info = {
            "nodes": n,
            "edges": len(src),
            "query_terms": len(question.terms),
            "named_files": sorted(named),
            "dropped_terms": list(hits.dropped_terms[:20]),
            "scored_documents": len(hits.scores),
            "seeds": [[node, round(score, 3)] for node, score, _ in seeds[:10]],
            "ppr_iterations": iterations,
            "ms": {
                "load": round((loaded - started) * 1000, 1),
                "bm25": round((lexed - loaded) * 1000, 1),
                "pagerank": round((walked - lexed) * 1000, 1),
                "total": round((time.perf_counter() - started) * 1000, 1),
            },
        }
    return QueryResult(
        query=text,
        files=files,
        top=top,
        candidates=len(scores),
        truncated=len(scores) > top,
        about_tests=tests,
        debug=info,
    )


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
    prior = file_priors(graph.files, params)

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
    near = np.unique(dst_file[np.isin(src_file, best_idx)])
    for fi in near.tolist():
        path = graph.files[fi]
        if path not in scores and path not in skip and graph_file[fi] > 0:
            scores[path] = (weigh(path, params.neighbour_discount * params.graph_mix * graph_part(path)), True)
    return scores


def _ranked(
    graph: Graph,
    hits: LexicalHits,
    path: str,
    score: float,
    lexical: float,
    graph_score: float,
    neighbour: bool,
    seed_weight: np.ndarray,
) -> RankedFile:
    term_parts: dict[str, float] = {}
    docs: list[tuple[float, str]] = []
    for node, file in hits.node_files.items():
        if file == path:
            docs.append((hits.scores[node], node))
            for term, part in hits.matched[node].items():
                term_parts[term] = term_parts.get(term, 0.0) + part
    terms = tuple(t for t, _ in sorted(term_parts.items(), key=lambda kv: (-kv[1], kv[0]))[:6])
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


def format_query(result: dict[str, object]) -> str:
    """Plain text for the terminal from the ``as_json`` shape: one line per file, reasons under it."""
    lines: list[str] = []
    files: list[dict[str, Any]] = result["files"]  # type: ignore[assignment]
    d: dict[str, Any] = result.get("debug") or {}  # type: ignore[assignment]
    if d:
        lines.append(
            f"[GRAPH] {d['nodes']} nodes, {d['edges']} walked edges; {d['scored_documents']} documents "
            f"matched {d['query_terms']} query terms; pagerank in {d['ppr_iterations']} iterations"
        )
        lines.append("[GRAPH] Seeds: " + ", ".join(f"{s} ({w})" for s, w in d["seeds"]))
        if d["dropped_terms"]:
            lines.append("[GRAPH] Too common to score: " + ", ".join(d["dropped_terms"]))
        lines.append(
            f"[GRAPH] Selected {len(files)} files: "
            + ", ".join(f"{f['path']} (lexical {f['lexical']:.2f} + graph {f['graph']:.2f})" for f in files)
        )
        lines.append("[GRAPH] Time (ms): " + ", ".join(f"{k} {v}" for k, v in d["ms"].items()))
    if not files:
        lines.append("no file matches the question")
    for i, f in enumerate(files, 1):
        lines.append(f"{i}. {f['path']}  {f['score']:.3f}")
        if f["terms"]:
            lines.append(f"   matched: {', '.join(f['terms'])}")
        if f["symbols"]:
            lines.append(f"   symbols: {', '.join(f['symbols'])}")
        if f["via"]:
            lines.append(f"   {'neighbour via' if f['neighbour'] else 'graph'}: {f['via']}")
    if result["truncated"]:
        lines.append(f"({result['candidates']} candidate files; showing the top {result['top']}; --top N for more)")
    if result["about_tests"]:
        lines.append("(the question is about tests: test files included)")
    return "\n".join(lines)
