"""The symbol graph as numpy arrays, for the ranking's walk: loaded in one pass, cached.

Node ids are sorted (a node's position is found by bisection), files are numbered, and
every edge is a (source, target, kind, confidence) row of four arrays; ``contains`` edges come
from the nodes' parents. A graph is kept in this process's memory and in a cache file beside
the database (``rank-graph.v5.npz``, written under a temporary name and renamed; the format's
version in its name, so that two versions of the tool on one repository do not rebuild each
other's), both keyed on
the term-index version, the term generation (moved by every index run that changed a file)
and the node count, so a new index run is never answered from an old graph. What the ranking's
file priors read of the file list is kept with it, computed once: each file's language (as
``language_for`` names it) and its replica family (``replica_families``), so that a query in a
process of its own neither loads every language spec nor groups thousands of files again. The file is
derived data and read as untrusted: ids are stored as one text and each id's length (no
separator a file name could contain), a file that cannot be read or does not hold a
consistent graph is rebuilt, and a full index run drops it (``drop_caches``).
"""

from __future__ import annotations

import bisect
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from diffreach.graph import terms as tables
from diffreach.graph.store import Store, db_path
from diffreach.languages import language_for
from diffreach.model import EdgeKind, Phase, Progress
from diffreach.query.term_index import TERM_INDEX_VERSION

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
    file_language: tuple[str, ...]  # per file: its language's name ("" for none)
    file_family: np.ndarray  # per file: its replica family of two files or more (-1: none)
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
CACHE_NAME = "rank-graph.v5.npz"
_ARRAYS = ("node_file", "file_is_test", "src", "dst", "kind", "confidence", "file_family")


def _cache_key(store: Store) -> str:
    return f"graph5:{TERM_INDEX_VERSION}:{store.get_meta('term_generation')}:{store.node_count()}"


def load_graph(store: Store, progress: Progress | None = None) -> Graph:
    """The graph arrays of ``store``: from this process's memory, else the cache file beside the
    database, else one pass over the nodes and edges tables (then written to the cache file;
    ``progress`` told, seconds on a large graph)."""
    key = _cache_key(store)
    cached = _GRAPHS.get(store.root)
    if cached and cached[0] == key:
        return cached[1]
    path = db_path(store.root).parent / CACHE_NAME
    graph = _read_cache(path, key)
    if graph is None:
        if progress:
            progress(Phase.GRAPH, 0, 0)
        graph = _graph_from_store(store)
        _write_cache(path, key, graph)
    _GRAPHS[store.root] = (key, graph)
    return graph


def drop_caches(root: str | Path) -> None:
    """Delete the derived caches beside the database of ``root`` (a full index run rebuilds all)."""
    folder = db_path(root).parent
    # Every version's (an earlier one's is of no use to this one), and temporary files.
    for path in (*folder.glob("rank-graph*.npz"), *folder.glob(".rank-graph*.tmp.npz")):
        path.unlink(missing_ok=True)
    _GRAPHS.pop(str(root), None)


# What a cache file that is not a whole, consistent graph raises while it is read.
_UNREADABLE = (OSError, EOFError, KeyError, ValueError, IndexError, TypeError, UnicodeError, zipfile.BadZipFile)


def _read_cache(path: Path, key: str) -> Graph | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            if data["key"].item() != key:
                return None
            ids = _unpack(data["ids"], data["id_lengths"])
            files = _unpack(data["files"], data["file_lengths"])
            languages = _unpack(data["languages"], data["language_lengths"])
            arrays = {name: data[name] for name in _ARRAYS}
            stats = data["stats"]
            graph = Graph(
                ids=ids,
                files=files,
                file_index={f: i for i, f in enumerate(files)},
                file_language=tuple(languages[i] for i in data["file_language"].tolist()),
                n_docs=int(stats[0]),
                avgdl=float(stats[1]),
                n_docs_all=int(stats[2]),
                avgdl_all=float(stats[3]),
                avg_notes=float(stats[4]),
                **arrays,
            )
    except _UNREADABLE:
        return None
    return graph if _consistent(graph) else None


def _consistent(graph: Graph) -> bool:
    """Every index in range and every edge array as long as the others: a graph the walk can use."""
    n, m, files = len(graph.ids), len(graph.src), len(graph.files)
    if len(graph.node_file) != n or not len(graph.file_is_test) == len(graph.file_language) == files:
        return False
    if not len(graph.dst) == len(graph.kind) == len(graph.confidence) == m or len(graph.file_family) != files:
        return False
    in_range = [(graph.node_file, files), (graph.src, n), (graph.dst, n), (graph.file_family + 1, files + 1)]
    return all(a.size == 0 or (int(a.min()) >= 0 and int(a.max()) < bound) for a, bound in in_range)


def _write_cache(path: Path, key: str, graph: Graph) -> None:
    # Written under a temporary name and renamed, so a reader never sees half a file.
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp.npz")
    ids, id_lengths = _pack(graph.ids)
    files, file_lengths = _pack(graph.files)
    names = sorted(set(graph.file_language))  # each file's language as a number into these
    number = {name: i for i, name in enumerate(names)}
    languages, language_lengths = _pack(tuple(names))
    try:
        np.savez(
            tmp,
            key=np.array(key),
            ids=ids,
            id_lengths=id_lengths,
            files=files,
            file_lengths=file_lengths,
            languages=languages,
            language_lengths=language_lengths,
            file_language=np.array([number[name] for name in graph.file_language], dtype=np.int64),
            stats=np.array([graph.n_docs, graph.avgdl, graph.n_docs_all, graph.avgdl_all, graph.avg_notes]),
            **{name: getattr(graph, name) for name in _ARRAYS},
        )
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)  # a cache that cannot be written only costs time


def _pack(names: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The names as one UTF-8 text and each name's length in characters: no separator to collide
    with a name (a file name can hold a newline)."""
    text = "".join(names).encode("utf-8", "surrogatepass")
    return np.frombuffer(text, dtype=np.uint8), np.array([len(n) for n in names], dtype=np.int64)


def _unpack(packed: np.ndarray, lengths: np.ndarray) -> tuple[str, ...]:
    text = packed.tobytes().decode("utf-8", "surrogatepass")
    ends = np.cumsum(lengths).tolist()
    if (ends[-1] if ends else 0) != len(text) or (lengths.size and int(lengths.min()) < 0):
        raise ValueError("names do not add up to the stored text")
    return tuple(text[end - size : end] for end, size in zip(ends, lengths.tolist()))


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
    families = replica_families(files, tuple(ids), 2)
    return Graph(
        ids=tuple(ids),
        files=files,
        file_index=file_index,
        file_language=tuple(spec.name if (spec := language_for(f)) else "" for f in files),
        file_family=np.array([families.get(f, -1) for f in files], dtype=np.int64),
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


def replica_families(files: tuple[str, ...], ids: tuple[str, ...], least: int) -> dict[str, int]:
    """path → family number, for files whose name and defined symbols ``least`` or more files share.

    Only names that ``least`` files share are looked into; ``ids`` is sorted, so a file's symbols are
    the run of ids between ``path::`` and ``path:;`` (';' follows ':').
    """
    by_name: dict[str, list[str]] = {}
    for path in files:
        by_name.setdefault(path.rsplit("/", 1)[-1], []).append(path)
    out: dict[str, int] = {}
    number = 0
    for members in by_name.values():
        if len(members) < least:
            continue
        groups: dict[tuple[str, ...], list[str]] = {}
        for path in members:
            lo, hi = bisect.bisect_left(ids, path + "::"), bisect.bisect_left(ids, path + ":;")
            groups.setdefault(tuple(node[len(path) + 2 :] for node in ids[lo:hi]), []).append(path)
        for family in groups.values():
            if len(family) >= least:
                out.update((path, number) for path in family)
                number += 1
    return out
