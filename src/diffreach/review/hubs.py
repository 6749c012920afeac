"""A changed hub's callers: which count, and which few are shown first.

When the diff changes a symbol with more callers than the utility cap, the walk lists a sample
(``hub_callers_shown``) and says how many there are. Both are taken after resolution: the count
is of the callers the walk would list (what ``--all-callers`` returns: no test code unless the
diff touches it, each caller once however many calls it makes), and the sample puts callers bound
by scope, import or type before those matched by name among several candidates, then the hub's
own package (the one its file declares, else its directory), then the callers most used
themselves (called or referenced); a subclass that only inherits the hub ranks as a dispatch does, after the calls bound
as firmly.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from diffreach.graph.store import Store
from diffreach.model import Edge, EdgeKind, Resolution


def listable(
    store: Store, sources: list[tuple[str, list[Edge]]], changed_test_files: set[str]
) -> list[tuple[str, list[Edge]]]:
    """The callers ``_reach`` would list: a node that exists, not test code unless the diff
    touches its file (tests are returned apart)."""
    syms = store.symbols(s for s, _ in sources)
    return [(s, es) for s, es in sources if s in syms and (not syms[s].is_test or syms[s].file in changed_test_files)]


# How firmly a caller is bound, for the hub sample: by scope, import or type first, then a
# unique name, dispatch, and last the matches by name among several candidates.
_RESOLUTION_RANK: dict[str, int] = {
    Resolution.SCOPE: 0,
    Resolution.IMPORT: 0,
    Resolution.TYPE: 0,
    Resolution.UNIQUE_NAME: 1,
    Resolution.VALUE: 1,
    Resolution.DYNAMIC: 2,
    Resolution.CALLBACK: 2,
    Resolution.AMBIGUOUS_NAME: 3,
}
_INHERITED_RANK = _RESOLUTION_RANK[Resolution.DYNAMIC]


def rank_hub_callers(store: Store, hub: str, sources: list[tuple[str, list[Edge]]]) -> list[tuple[str, list[Edge]]]:
    """Resolved callers before ambiguous ones, callers before subclasses that only inherit the
    hub, then the hub's own package first, then the callers that are themselves most used."""
    declared = store.file_languages()

    def package(path: str) -> str:
        """A file's package: the one it declares (Java, Go, C#), else its directory."""
        found = declared.get(path)
        return (found[1] if found else "") or str(PurePosixPath(path).parent)

    home = package(hub.split("::", 1)[0])
    # How much each caller is used: called, or referenced (a table entry, a handler, a callback
    # is used where it is stored, not called by name).
    counts = store.inbound_counts([s for s, _ in sources], (EdgeKind.CALLS, EdgeKind.REFERENCES))

    def key(item: tuple[str, list[Edge]]) -> tuple[int, int, int, int, str]:
        source, edges = item
        firm = min(_RESOLUTION_RANK.get(e.resolution, 4) for e in edges)
        # A subclass that inherits the hub without calling it is reached through the class, as a
        # dispatch is, and makes no call: after the calls bound by a unique name or by dispatch.
        inherits_only = all(e.kind == EdgeKind.INHERITS for e in edges)
        if inherits_only:
            firm = max(firm, _INHERITED_RANK)
        here = 0 if package(source.split("::", 1)[0]) == home else 1
        return (firm, int(inherits_only), here, -counts.get(source, 0), source)

    return sorted(sources, key=key)


__all__ = ["listable", "rank_hub_callers"]
