"""Registries declared in configuration: ``register("name", fn)`` … ``dispatch("name")``.

Some dispatch no parser can see: a function is registered under a string and
later called through that string. The configuration names the two calls
(``dynamic = [{register = "register_handler", dispatch = "dispatch"}]``); after
each index we scan the indexed files for them and add a ``dynamic`` edge from
the code that dispatches a name to every function registered under it. The
scan is textual (a call spelt ``name("literal", identifier``), so it works
alike in every language; the registered identifier must resolve to exactly one
function or method of the repository by name, never a guess among several.
These edges are recomputed whole on every run (they carry the file ``:config``),
which keeps incremental updates equal to a full rebuild.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from diffreach.graph.derived_edges import replace_derived_edges, scope_at_line
from diffreach.graph.store import Store
from diffreach.model import CONFIDENCE, Edge, EdgeKind, Resolution

CONFIG_FILE = ":config"
_STRING = r"""\s*(?:"([^"\\]{1,200})"|'([^'\\]{1,200})')"""


def registry_edges(store: Store, patterns: Iterable[Mapping[str, str]]) -> list[Edge]:
    """The dynamic edges the configured registries make in the indexed files."""
    patterns = [p for p in patterns if p.get("register") and p.get("dispatch")]
    if not patterns:
        return []
    root = Path(store.root)
    files = sorted(store.file_languages())
    registered: dict[str, set[str]] = {}
    dispatched: list[tuple[str, str, int]] = []  # (file, name, line)
    for spec in patterns:
        reg = re.compile(rf"\b{re.escape(spec['register'])}\s*\({_STRING}\s*,\s*([A-Za-z_$][\w$.]*)")
        dis = re.compile(rf"\b{re.escape(spec['dispatch'])}\s*\({_STRING}")
        for path in files:
            try:
                text = (root / path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            if spec["register"] not in text and spec["dispatch"] not in text:
                continue
            for m in reg.finditer(text):
                registered.setdefault(m.group(1) or m.group(2), set()).add(m.group(3).rsplit(".", 1)[-1])
            for m in dis.finditer(text):
                dispatched.append((path, m.group(1) or m.group(2), text.count("\n", 0, m.start()) + 1))
    edges: list[Edge] = []
    for path, name, line in dispatched:
        source = scope_at_line(store, path, line)
        for fn in sorted(registered.get(name, ())):
            targets = [s for s in store.symbols_named(fn) if s.kind in ("function", "method")]
            if len(targets) == 1:
                edges.append(
                    Edge(
                        source,
                        targets[0].id,
                        EdgeKind.DYNAMIC,
                        Resolution.DYNAMIC,
                        CONFIDENCE[Resolution.DYNAMIC],
                        line,
                    )
                )
    return sorted(set(edges), key=lambda e: (e.source, e.target, e.line))


def replace_registry_edges(store: Store, patterns: Iterable[Mapping[str, str]]) -> int:
    """Recompute the configured registries' edges; returns how many there are."""
    edges = registry_edges(store, patterns)
    replace_derived_edges(store, CONFIG_FILE, edges)
    return len(edges)
