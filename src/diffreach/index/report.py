"""What an index run did: the report ``Indexer.run`` returns (and ``as_json`` shows).

Apart from the indexer so that the incremental update, which fills in its part,
reads the record without importing the indexer that runs it.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class IndexReport:
    """A run's figures; ``counts`` are the graph's (empty when the caller asked for none)."""

    root: str
    mode: str  # full / incremental / unchanged
    files: int = 0
    extracted: int = 0
    deleted: int = 0
    rere_resolved: int = 0
    seconds: float = 0.0
    counts: dict[str, object] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    commit: str | None = None
    changed_files: list[str] = field(default_factory=list)
    parse_error_files: list[str] = field(default_factory=list)  # with ``counts``: the files behind ``parse_errors``

    def as_json(self) -> dict[str, object]:
        counts = self.counts
        refs = counts.get("refs", {})
        assert isinstance(refs, dict)
        unresolved = refs.get("unresolved", 0) + refs.get("ambiguous", 0)
        total = sum(refs.values()) or 1
        return {
            "root": self.root,
            "mode": self.mode,
            "files": counts.get("files", 0),
            "symbols": counts.get("nodes", {}),
            "edges": counts.get("edges", {}),
            "unresolved": refs.get("unresolved", 0),
            "unresolved_share": round(unresolved / total, 4),
            "references": refs,
            "skipped": self.skipped,
            "parse_errors": counts.get("parse_errors", 0),
            "parse_error_files": self.parse_error_files,
            "languages": counts.get("languages", {}),
            "extracted": self.extracted,
            "deleted": self.deleted,
            "re_resolved": self.rere_resolved,
            "changed_files": self.changed_files,
            "commit": self.commit,
            "seconds": round(self.seconds, 3),
        }
