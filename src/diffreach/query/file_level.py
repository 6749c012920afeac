"""Two file-level steps of the ranking: a file read as one document, and the neighbours that fill a list.

The per-node documents find the symbol a question names; a question in prose alone ("item imports
let invalid metadata slip through") names none, and the file it is about is often the one whose
symbols, docstrings, comments and strings together use its words most, spread over many small
documents none of which wins alone. So each file is also read as one document: the sum of its
documents' term counts (notes at ``notes_weight`` times ``file_doc_notes``) and of their lengths,
scored with BM25 against the other files (idf over files, length normalised at ``file_doc_b``). It
is a floor, not a sum: a file's lexical score is raised to its whole-file score (both as a share of
the best file's, the second at ``RankParams.file_doc_weight``; 0: not computed) when that is higher,
so a file the symbols already put first is not lifted further by its size (a sum moved big central
modules such as pytest's ``main.py`` above the answer). The files' summed lengths are one grouped read of
``term_docs``, kept per database and term generation in this process.

A fix edits several files together, and the ones it edits beside the best match are often its
graph neighbours (the caller that passes the new argument, the module that registers it). With
``RankParams.fill_from``, a file joined by an edge to one of the ``fill_from`` best files, or lying
in the same directory when ``fill_by`` says so, moves above every file below those best ones whose
score its own reaches at ``fill_close`` of it: a neighbour only moves up, and only past files that
scored about as well (so the order stays one order: a neighbour's score over ``fill_close``).
"""

from __future__ import annotations

import numpy as np

from diffreach.graph import terms as tables
from diffreach.graph.store import Store
from diffreach.query.arrays import Graph
from diffreach.query.bm25 import LexicalHits
from diffreach.query.params import RankParams
from diffreach.query.term_index import TERM_INDEX_VERSION

Scored = tuple[str, tuple[float, bool]]  # path, (score, entered as a neighbour)


def raise_to_whole_files(
    store: Store, hits: LexicalHits, query: dict[str, float], lexical: dict[str, float], params: RankParams
) -> dict[str, float]:
    """The files' word scores, each raised to its score as one whole document when that is higher."""
    return blend_whole_files(lexical, whole_file_scores(store, hits, query, params), params.file_doc_weight)


def whole_file_scores(store: Store, hits: LexicalHits, query: dict[str, float], params: RankParams) -> dict[str, float]:
    """path → BM25 of the file read as one document, over the terms the node documents scored."""
    if not hits.file_tf:
        return {}
    lengths, mean = _file_lengths(store, f"{TERM_INDEX_VERSION}:{store.get_meta('term_generation')}")
    share = params.notes_weight * params.notes_length_share * params.file_doc_notes
    k1, b = params.k1, params.file_doc_b
    avg = (mean[0] + share * mean[1]) or 1.0
    out: dict[str, float] = {}
    for path, counts in hits.file_tf.items():
        length, notes = lengths.get(path, (0.0, 0.0))
        norm = k1 * (1.0 - b + b * (length + share * notes) / avg)
        out[path] = sum(query[t] * hits.file_idf[t] * tf * (k1 + 1.0) / (tf + norm) for t, tf in counts.items())
    return out


def blend_whole_files(lexical: dict[str, float], whole: dict[str, float], weight: float) -> dict[str, float]:
    """The files' lexical scores, each raised to its whole-file score when that is higher, both scaled
    to the best file's and the whole-file score taken at ``weight``."""
    if weight <= 0 or not whole:
        return lexical
    top_lex = max(lexical.values(), default=0.0) or 1.0
    top_whole = max(whole.values()) or 1.0
    out = dict(lexical)
    for path, score in whole.items():
        out[path] = max(out.get(path, 0.0), weight * top_lex * score / top_whole)
    return out


_LENGTHS: dict[str, tuple[str, dict[str, tuple[float, float]], tuple[float, float]]] = {}


def _file_lengths(store: Store, key: str) -> tuple[dict[str, tuple[float, float]], tuple[float, float]]:
    """path → (length, notes length) of the file as one document, and their means over files."""
    cached = _LENGTHS.get(store.root)
    if cached and cached[0] == key:
        return cached[1], cached[2]
    lengths = {path: (float(n), float(notes)) for path, n, notes in tables.file_lengths(store.conn)}
    count = len(lengths) or 1
    mean = (sum(v[0] for v in lengths.values()) / count, sum(v[1] for v in lengths.values()) / count)
    _LENGTHS[store.root] = (key, lengths, mean)
    return lengths, mean


def fill_with_neighbours(
    ordered: list[Scored],
    graph: Graph,
    edges: tuple[np.ndarray, np.ndarray],
    symbol_weight: np.ndarray,
    top: int,
    params: RankParams,
) -> list[Scored]:
    """``ordered`` with each neighbour of its ``fill_from`` best files placed above every file that
    scored less than its own score over ``fill_close``; the best files keep their places, and a
    neighbour that moved into the first ``top`` is marked as such. ``edges`` are the walk's (source,
    target) node arrays, ``symbol_weight`` each node's lexical weight (the walk's seeds)."""
    keep = params.fill_from
    if keep <= 0 or len(ordered) <= keep or params.fill_close <= 0:
        return ordered
    best = [path for path, _ in ordered[:keep]]
    near = _neighbours(best, graph, edges, params.fill_by)
    if "symbols" in params.fill_by:
        near |= _symbol_neighbours(best, graph, edges, symbol_weight, params.fill_symbols)
    before = {path for path, _ in ordered[:top]}
    rest = sorted(
        ordered[keep:], key=lambda kv: (-(kv[1][0] / params.fill_close if kv[0] in near else kv[1][0]), kv[0])
    )
    moved = [
        (path, (score, neighbour or (i < top - keep and path in near and path not in before)))
        for i, (path, (score, neighbour)) in enumerate(rest)
    ]
    return list(ordered[:keep]) + moved


def _neighbours(best: list[str], graph: Graph, edges: tuple[np.ndarray, np.ndarray], by: tuple[str, ...]) -> set[str]:
    """Files one edge away from ``best`` (``graph`` in ``by``) or in one of their directories (``directory``)."""
    src, dst = edges
    out: set[str] = set()
    if "graph" in by and len(src):
        best_idx = np.array([graph.file_index[f] for f in best if f in graph.file_index], dtype=np.int64)
        src_file, dst_file = graph.node_file[src], graph.node_file[dst]
        reached = np.bincount(dst_file[np.isin(src_file, best_idx)])  # not np.unique: see rank._mix
        out.update(graph.files[i] for i in np.flatnonzero(reached).tolist())
    if "directory" in by:
        dirs = {f.rpartition("/")[0] for f in best}
        out.update(f for f in graph.files if f.rpartition("/")[0] in dirs)
    return out - set(best)


def _symbol_neighbours(
    best: list[str], graph: Graph, edges: tuple[np.ndarray, np.ndarray], weight: np.ndarray, per_file: int
) -> set[str]:
    """Files one edge away from the ``per_file`` best-matching symbols of each of ``best``: the code the
    matched symbols call, or that calls them, rather than everything the whole file touches."""
    src, dst = edges
    if per_file <= 0 or not len(src) or not len(weight):
        return set()
    picked: list[np.ndarray] = []
    for path in best:
        fi = graph.file_index.get(path)
        if fi is None:
            continue
        nodes = np.flatnonzero((graph.node_file == fi) & (weight > 0))
        picked.append(nodes[np.argsort(-weight[nodes], kind="stable")][:per_file])
    if not picked:
        return set()
    reached = dst[np.isin(src, np.concatenate(picked))]
    files = np.flatnonzero(np.bincount(graph.node_file[reached], minlength=len(graph.files)))
    return {graph.files[i] for i in files.tolist()} - set(best)
