"""A whole graph from extracts, in memory.

``ExtractSource`` serves the resolver from a set of ``FileExtract`` records;
``build_graph`` resolves every reference once. The indexer uses it for full
builds, and tests use ``graph_from_sources`` to go from a few snippets of code
to the edges they make, with no database or git involved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from diffreach.extract.core import extract
from diffreach.languages import language_for
from diffreach.model import (
    CONFIDENCE,
    Binding,
    Edge,
    EdgeKind,
    FileExtract,
    Import,
    NodeKind,
    Ref,
    RefKind,
    Resolution,
    ResolvedRef,
    Symbol,
    SymRow,
)
from diffreach.resolve.resolver import Resolver


def sym_row(s: Symbol) -> SymRow:
    return SymRow(s.id, s.kind, s.name, s.file, s.parent, s.is_test)


class ExtractSource:
    def __init__(self, root: str, extracts: Mapping[str, FileExtract], texts: Mapping[str, str] | None = None) -> None:
        self.root = root
        self._extracts = extracts
        self._texts = texts or {}
        self._paths = frozenset(extracts) | frozenset(self._texts)
        self._named: dict[str, list[SymRow]] = {}
        self._inherits: dict[str, list[Ref]] = {}
        # One row per symbol, shared by ``named`` and ``symbols_in`` (building them twice cost
        # resolution time, and twice the rows the resolver keeps).
        self._rows: dict[str, list[SymRow]] = {}
        for path, fx in extracts.items():
            rows = self._rows[path] = [sym_row(s) for s in fx.symbols]
            for row in rows:
                if row.kind != NodeKind.FILE:
                    self._named.setdefault(row.name, []).append(row)
            for r in fx.refs:
                if r.kind == RefKind.INHERIT:
                    self._inherits.setdefault(r.scope, []).append(r)

    def paths(self) -> frozenset[str]:
        return self._paths

    def read_text(self, path: str) -> str | None:
        if path in self._texts:
            return self._texts[path]
        try:
            return (Path(self.root) / path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None

    def language_of(self, path: str) -> str | None:
        fx = self._extracts.get(path)
        return fx.language if fx else None

    def package_of(self, path: str) -> str:
        fx = self._extracts.get(path)
        return fx.package if fx else ""

    def symbols_in(self, path: str) -> list[SymRow]:
        return list(self._rows.get(path, ()))

    def imports_of(self, path: str) -> list[Import]:
        fx = self._extracts.get(path)
        return list(fx.imports) if fx else []

    def program_wide_imports(self) -> list[tuple[str, Import]]:
        return [(p, i) for p in sorted(self._extracts) for i in self._extracts[p].imports if i.program_wide]

    def bindings_of(self, path: str) -> list[Binding]:
        fx = self._extracts.get(path)
        return list(fx.bindings) if fx else []

    def inherit_refs_of(self, class_id: str) -> list[Ref]:
        return self._inherits.get(class_id, [])

    def named(self, name: str) -> list[SymRow]:
        return self._named.get(name, [])

    def kind_of(self, sid: str) -> str | None:
        return next((row.kind for row in self._rows.get(sid.partition("::")[0], ()) if row.id == sid), None)

    def signature_of(self, sid: str) -> str:
        fx = self._extracts.get(sid.partition("::")[0])
        return next((s.signature for s in fx.symbols if s.id == sid), "") if fx else ""


@dataclass(frozen=True, slots=True)
class BuiltGraph:
    symbols: tuple[Symbol, ...]
    edges: tuple[Edge, ...]
    resolved: tuple[ResolvedRef, ...]

    def edge_set(self, *kinds: str) -> set[tuple[str, str, str]]:
        return {(e.source, e.target, e.kind) for e in self.edges if not kinds or e.kind in kinds}


def contains_edges(symbols: Iterable[Symbol]) -> list[Edge]:
    return [
        Edge(s.parent, s.id, EdgeKind.CONTAINS, Resolution.SCOPE, CONFIDENCE[Resolution.SCOPE], s.start_line)
        for s in symbols
        if s.parent
    ]


def build_graph(root: str, extracts: Mapping[str, FileExtract], texts: Mapping[str, str] | None = None) -> BuiltGraph:
    resolver = Resolver(ExtractSource(root, extracts, texts))
    symbols: list[Symbol] = []
    edges: list[Edge] = []
    resolved: list[ResolvedRef] = []
    for path in sorted(extracts):
        fx = extracts[path]
        symbols.extend(fx.symbols)
        edges.extend(contains_edges(fx.symbols))
        edges.extend(resolver.import_edges(path))
        for rr in resolver.resolve_file(path, fx.refs):
            resolved.append(rr)
            edges.extend(rr.edges)
    return BuiltGraph(tuple(symbols), tuple(dict.fromkeys(edges)), tuple(resolved))


def graph_from_sources(files: Mapping[str, str | bytes], root: str = ".") -> BuiltGraph:
    """Extract and resolve a few files given as text: the tests' way in."""
    extracts: dict[str, FileExtract] = {}
    texts: dict[str, str] = {}
    for path, content in files.items():
        data = content.encode() if isinstance(content, str) else content
        texts[path] = data.decode("utf-8", "replace")
        spec = language_for(path)
        if spec is not None:
            extracts[path] = extract(path, data, spec)
    return build_graph(root, extracts, texts)
