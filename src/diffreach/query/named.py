"""The files a question names, and the prior of the files it does not.

A question that names a file (a path, a dotted module, a qualified symbol) is
rarely about another one, so a named file gets a bonus next to its word score.
A named test file, in a question that is not about tests, stands for the code
it exercises: test files take no part in such a ranking, but the edges out of
the test lead to the code the asker was looking at. Files of secondary
directories (docs, examples, benchmarks, vendored code) and files in a minor
language of the repository get a prior below one: the same words in them say
less about where the question points than in the library itself. Replicas (the
same file name defining the same symbols in five or more places: one translation
catalogue per language, one generated stub per platform) say one thing between
them: only the best of them keeps its score, so a family cannot fill the list.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Iterable

import numpy as np

from diffreach.graph.lookup import definitions_named, modules_imported_as
from diffreach.languages import language_for
from diffreach.query.arrays import Graph, replica_families
from diffreach.query.params import RankParams
from diffreach.query.question import Question, named_files, named_symbols


def files_named(
    conn: sqlite3.Connection, graph: Graph, question: Question, skip: frozenset[str], budget: float = 3.0
) -> dict[str, float]:
    """path → strength of the naming, over the files that take part (``skip``: test files left out).

    A question that names many files (a configuration listing every extension, a long traceback) points
    at none of them in particular: past ``budget`` files, every strength shrinks in proportion.
    """

    def reexports(file: str, name: str) -> list[str]:
        return modules_imported_as(conn, file, name)

    named = named_files(question, graph.files, reexports=reexports)
    for f, strength in named_symbols(question, lambda names: definitions_named(conn, names)).items():
        named[f] = max(named.get(f, 0.0), strength)
    if len(named) > budget:
        named = {f: strength * budget / len(named) for f, strength in named.items()}
    if not skip:
        return named
    kept = {f: strength for f, strength in named.items() if f not in skip}
    for f, strength in tested_by(graph, named, skip).items():
        kept[f] = max(kept.get(f, 0.0), strength)
    return kept


def tested_by(graph: Graph, named: dict[str, float], skip: frozenset[str]) -> dict[str, float]:
    """A named test file, in a question not about tests, stands for the code it exercises: its strength
    goes to the non-test files its edges reach, in proportion to the edges that reach each."""
    out: dict[str, float] = {}
    for path, strength in named.items():
        fi = graph.file_index.get(path)
        if path not in skip or fi is None:
            continue
        reached = graph.node_file[graph.dst[graph.node_file[graph.src] == fi]]
        reached = reached[~graph.file_is_test[reached]]
        if not reached.size:
            continue
        counts = np.bincount(reached, minlength=len(graph.files))
        for target in np.flatnonzero(counts).tolist():
            f = graph.files[target]
            out[f] = max(out.get(f, 0.0), strength * counts[target] / reached.size)
    return out


def file_priors(
    files: Iterable[str],
    params: RankParams,
    languages: Iterable[str] | None = None,
    left_out: frozenset[str] = frozenset(),
) -> dict[str, float]:
    """path → factor below 1 for files the question is rarely about (secondary directories, minor
    languages). ``languages``: each file's language name, when known (the graph arrays keep them).
    ``left_out``: the files that take no part in this ranking (tests, unless it is about tests); a
    language's share is of the files that do, test files counted at ``minor_language_tests``."""
    files = tuple(files)
    if languages is None:
        languages = (spec.name if (spec := language_for(f)) else "" for f in files)
    weights = tuple(params.minor_language_tests if f in left_out else 1.0 for f in files) if left_out else ()
    return _priors(files, tuple(languages), weights, params)


@functools.lru_cache(maxsize=4)
def _priors(
    files: tuple[str, ...], langs: tuple[str, ...], weights: tuple[float, ...], params: RankParams
) -> dict[str, float]:
    secondary = frozenset(params.secondary_dirs)
    counted: dict[str, float] = {}
    for lang, weight in zip(langs, weights or (1.0,) * len(langs)):
        counted[lang] = counted.get(lang, 0.0) + weight
    total = sum(counted.values())
    share = {lang: n / total for lang, n in counted.items()} if total else {}
    out: dict[str, float] = {}
    for f, lang in zip(files, langs):
        # A leading '_' or '.' marks a directory the toolchain passes over (Go skips '_examples'): the
        # name after it says what the directory holds.
        factor = params.secondary_factor if secondary.intersection(_dir_names(f)) else 1.0
        if share.get(lang, 1.0) < params.minor_language_share:
            factor *= params.minor_language_factor
        if factor < 1.0:
            out[f] = factor
    return out


def _dir_names(path: str) -> set[str]:
    """A path's directory names, and the words of each hyphenated one: a build's modules are named
    ``<project>-<role>`` (Maven's ``sentinel-demo``, Cargo's ``rayon-demo``), and the role says what the
    module holds. Every word is kept; a project's own name is rarely one of the secondary names."""
    names = {d.lstrip("_.") for d in path.split("/")[:-1]}
    return names | {word for name in names if "-" in name for word in name.split("-")}


def thin_replicas(
    scores: dict[str, tuple[float, bool]], graph: Graph, params: RankParams
) -> dict[str, tuple[float, bool]]:
    """Every scored replica but the best of its family counts for ``replica_factor`` of its score."""
    if params.replica_factor >= 1.0:
        return scores
    family = _families(graph, params.replica_min)
    if not family:
        return scores
    best: dict[int, str] = {}
    for path, (score, _) in scores.items():
        key = family.get(path)
        if key is not None and (key not in best or score > scores[best[key]][0]):
            best[key] = path
    return {
        path: (score * params.replica_factor, neighbour)
        if path in family and best[family[path]] != path
        else (score, neighbour)
        for path, (score, neighbour) in scores.items()
    }


def _families(graph: Graph, least: int) -> dict[str, int]:
    """path → replica family (``arrays.replica_families``): the families of two files or more the
    graph arrays keep, those of ``least`` files or more; below two, grouped here."""
    if least < 2:
        return _grouped(graph.files, graph.ids, least)
    sizes = np.bincount(graph.file_family[graph.file_family >= 0]).tolist()
    return {graph.files[i]: f for i, f in enumerate(graph.file_family.tolist()) if f >= 0 and sizes[f] >= least}


@functools.lru_cache(maxsize=4)
def _grouped(files: tuple[str, ...], ids: tuple[str, ...], least: int) -> dict[str, int]:
    return replica_families(files, ids, least)
