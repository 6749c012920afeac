"""The records of a review: a diff, the symbols it changes, what they reach, and the answer.

``review/`` makes them (``diff.py`` the hunks, ``changes.py`` the changes, ``impact.py`` the
radius, ``cochange.py`` the coupling, ``context.py`` the blocks) and ``api`` puts them together
into an ``ImpactResult`` with the graph's state. They are ``model``'s records like the others
and are imported from ``diffreach.model``; they sit apart only to keep that module small.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Hunk:
    """One hunk of a unified diff: line ranges in the old and new file."""

    old_start: int
    old_count: int
    new_start: int
    new_count: int
    removed: tuple[int, ...] = ()  # old line numbers removed
    added: tuple[int, ...] = ()  # new line numbers added


@dataclass(frozen=True, slots=True)
class FileDiff:
    old_path: str | None  # None for an added file
    new_path: str | None  # None for a deleted file
    hunks: tuple[Hunk, ...]
    binary: bool = False
    text: str = ""  # the raw diff of this file

    @property
    def path(self) -> str:
        return self.new_path or self.old_path or ""


@dataclass(frozen=True, slots=True)
class Change:
    """A changed symbol with the kinds of change (body, signature, deleted, …)."""

    id: str
    kind: str
    file: str
    changes: tuple[str, ...]
    start_line: int = 0
    end_line: int = 0
    signature: str = ""
    old_signature: str = ""
    old_start_line: int = 0  # where the old version starts (0: no old version known)

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "kind": self.kind,
            "file": self.file,
            "change": list(self.changes),
            "start_line": self.start_line,
            "end_line": self.end_line,
        }


@dataclass(frozen=True, slots=True)
class Reached:
    """A symbol reached by the backward walk."""

    id: str
    kind: str
    file: str
    hop: int
    via: str  # the symbol it was reached from (one hop closer to the change)
    edge: str  # kind of the edge that reached it
    resolution: str
    behavior: float  # 0..1: how likely its behaviour changes with the change
    start_line: int = 0
    end_line: int = 0
    is_test: bool = False
    hub: bool = False  # listed but not expanded (utility cap)
    lines: tuple[int, ...] = ()  # lines in this symbol where it calls/uses ``via``
    signature: str = ""
    # The call sites judged against the old and new signature of ``via`` (review/callsites.py):
    # the verdict and severity of the most severe, the reasons (most severe first) and the
    # lines of the calls that carry them; "" and () when not judged (hop 2+, no binding query).
    verdict: str = ""
    severity: str = ""
    reasons: tuple[str, ...] = ()
    call_lines: tuple[int, ...] = ()
    # Other changed symbols a direct caller reaches (each with its edge's lines and resolution):
    # its calls of those are judged too, and the most severe outcome is the caller's.
    also: tuple[tuple[str, tuple[int, ...], str], ...] = ()

    def outcome_json(self) -> dict[str, object]:
        return {
            "verdict": self.verdict,
            "severity": self.severity,
            "reasons": list(self.reasons),
            "call_lines": list(self.call_lines),
        }


@dataclass(frozen=True, slots=True)
class Radius:
    changed: tuple[Change, ...]
    reached: tuple[Reached, ...]
    uses: tuple[str, ...]
    tests: tuple[str, ...]
    test_files: tuple[str, ...]
    files: tuple[str, ...]
    truncated: bool
    notes: tuple[str, ...]
    ambiguous_edges: tuple[tuple[str, str], ...] = ()
    hops: int = 2
    hub_callers: tuple[tuple[str, int], ...] = field(default=())  # (hub id, total callers)


@dataclass(frozen=True, slots=True)
class ContextBlock:
    """A piece of the review context; ``id`` lets an elided block be expanded."""

    id: str
    section: str
    title: str
    text: str
    tokens: int
    elidable: bool = True


@dataclass(frozen=True, slots=True)
class IndexState:
    """Which commit the graph reflects and whether the answer may be stale."""

    commit: str
    head: str
    dirty: bool
    stale: bool

    def as_json(self) -> dict[str, object]:
        return {"commit": self.commit, "head": self.head, "dirty": self.dirty, "stale": self.stale}


@dataclass(frozen=True, slots=True)
class CoChanged:
    """A file that history changed together with a changed file (logical coupling)."""

    file: str
    score: float  # confidence: commits touching both / commits touching ``seed``
    support: int  # commits touching both
    seed: str  # the changed file it moved with

    def as_json(self) -> dict[str, object]:
        return {"file": self.file, "score": self.score, "support": self.support, "with": self.seed}


@dataclass(frozen=True, slots=True)
class CoChange:
    """Files coupled to the change by history, apart from the (mechanical) radius."""

    files: tuple[CoChanged, ...]
    end: str  # the last commit read: the review's base, never later
    commits: int  # commits read that touched a changed file
    skipped: int  # of those, commits too large to carry coupling
    truncated: bool
    note: str = ""


@dataclass(frozen=True, slots=True)
class ImpactResult:
    """The blast radius of one diff, with the diff itself and the graph's state."""

    radius: Radius
    diff_text: str
    file_diffs: tuple[FileDiff, ...]
    index: IndexState
    base: str = ""
    head: str = ""
    cochanged: CoChange | None = None  # None: history not consulted
    # The warm-up walked further for this change: how many more distinct changes it will widen (None: off).
    warmup_left: int | None = None
