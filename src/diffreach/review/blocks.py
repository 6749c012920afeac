"""The blocks of a review context, each rendered in the forms of the detail ladder.

A level of the ladder (``LEVELS``, most detailed first) says which form each section's blocks
take (``FORMS``: full source, a skeleton, call-site windows, a signature, a name); each form
has one renderer (``_RENDER``). A ``Piece`` is a block being assembled: it renders and counts
each of its forms at most once, and never grows as the level drops (a lower form that is not
smaller keeps the higher one), so total tokens fall monotonically along the ladder. Its id is
content-addressed (``path::name@<hash>``): the same original always has the same id.
``context.py`` lays the pieces out and searches the ladder; this module makes them, with the
summary that heads the context.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from diffreach.model import ImpactResult, NodeKind, Reached, Symbol
from diffreach.review.impact import is_behavior_change
from diffreach.review.tokens import TokenCounter

LEVELS = ("full", "skeleton2", "callsites", "signatures")
# section → form of its blocks at each level of LEVELS.
FORMS: dict[str, tuple[str, ...]] = {
    "changed": ("full", "full", "full", "signature"),
    "hop1": ("full", "full", "callsites", "name"),
    "hop2": ("full", "skeleton", "name", "name"),
}
HEADINGS = {
    "changed": "## Changed code",
    "flagged": "## Flagged calls — what the change may break (read these first)",
    "hop1": "## Hop 1 — direct callers (required reading)",
    "hop2": "## Hop 2 — indirect callers (skim for contract drift)",
    "uses": "## Uses — what the changed code uses (definitions)",
    "hop3": "## Hop 3 — reference only",
    "cochanged": "## Changed together in history — files to glance at (not callers)",
}
SEP = "\n\n"


# ----- one block, rendered in several forms ----------------------------------------------------


@dataclass
class Piece:
    """A block being assembled: its forms are rendered and counted at most once each."""

    section: str
    title: str
    file: str
    file_hash: str
    render: Callable[[str], str]  # form → text
    forms: tuple[str, ...]  # form at each level
    counter: TokenCounter
    _text: dict[str, str] = field(default_factory=dict)
    _tokens: dict[str, int] = field(default_factory=dict)
    stub: str | None = None
    _id: str = ""

    @property
    def id(self) -> str:
        """Content-addressed: the same original always has the same id, so an id never lies."""
        if not self._id:
            self._id = f"{self.title}@{_short_hash(self.text(self.forms[0]))}"
        return self._id

    def text(self, form: str) -> str:
        if form not in self._text:
            self._text[form] = self.render(form)
        return self._text[form]

    def tokens(self, form: str) -> int:
        if form not in self._tokens:
            self._tokens[form] = self.counter.count(self.text(form) + SEP)
        return self._tokens[form]

    def form_at(self, level: int) -> str:
        """The form at ``level``: a lower form only where it is smaller than the one above."""
        form = self.forms[0]
        for candidate in self.forms[1 : level + 1]:
            if candidate != form and self.tokens(candidate) < self.tokens(form):
                form = candidate
        return form

    def reduced(self, level: int) -> bool:
        return self.stub is not None or self.form_at(level) != self.forms[0]


class Sources:
    """Lines of files, read once each through the caller's reader."""

    def __init__(self, read: Callable[[str], str | None]) -> None:
        self.read = read
        self.cache: dict[str, list[str] | None] = {}

    def lines(self, path: str) -> list[str] | None:
        if path not in self.cache:
            text = self.read(path)
            self.cache[path] = text.splitlines() if text is not None else None
        return self.cache[path]


@dataclass(frozen=True)
class _Sym:
    """What a renderer needs to know about a changed or reached symbol."""

    id: str
    kind: str
    file: str
    start: int
    end: int
    signature: str
    doc: str
    lines: tuple[int, ...]
    header: str


def _numbered(lines: list[str], numbers: list[int]) -> str:
    width = len(str(max(numbers))) if numbers else 1
    out: list[str] = []
    previous = None
    for n in numbers:
        if previous is not None and n != previous + 1:
            out.append(" " * width + " | …")
        out.append(f"{n:>{width}} | {lines[n - 1]}")
        previous = n
    return "\n".join(out)


def _render_full(s: _Sym, lines: list[str] | None, window: int) -> str:
    if lines is None or s.kind == NodeKind.FILE:
        return _render_callsites(s, lines, window)
    return fence("\n".join(lines[s.start - 1 : s.end]))


def _render_skeleton(s: _Sym, lines: list[str] | None, window: int) -> str:
    if lines is None:
        return _render_signature(s, lines, window)
    numbers = sorted({n for n in s.lines if s.start <= n <= s.end and n <= len(lines)} | _head(s, lines))
    doc = f"\n  doc: {s.doc}" if s.doc else ""
    return fence(_numbered(lines, numbers)) + doc


def _render_callsites(s: _Sym, lines: list[str] | None, window: int) -> str:
    if lines is None:
        return _render_signature(s, lines, window)
    numbers = set(_head(s, lines)) if s.kind != NodeKind.FILE else set()
    for n in s.lines:
        numbers.update(range(max(s.start, n - window), min(s.end or n, n + window, len(lines)) + 1))
    if not numbers:
        return _render_signature(s, lines, window)
    return fence(_numbered(lines, sorted(numbers)))


def _render_signature(s: _Sym, lines: list[str] | None, window: int) -> str:
    if s.signature:
        return f"`{s.signature.strip()}`"
    head = _head(s, lines or [])
    return f"`{(lines or [''])[min(head) - 1].strip()}`" if head else ""


def _render_name(s: _Sym, lines: list[str] | None, window: int) -> str:
    return ""


def _head(s: _Sym, lines: list[str]) -> set[int]:
    """The symbol's first line (its signature, in source form), when the file has it."""
    return {s.start} if s.kind != NodeKind.FILE and 0 < s.start <= len(lines) else set()


_RENDER: dict[str, Callable[[_Sym, list[str] | None, int], str]] = {
    "full": _render_full,
    "skeleton": _render_skeleton,
    "callsites": _render_callsites,
    "signature": _render_signature,
    "name": _render_name,
}


def _block_text(s: _Sym, body: str, form: str) -> str:
    if form == "name" or not body:
        return f"- {s.header}"
    return f"### {s.header}\n{body}"


# ----- building the pieces -----------------------------------------------------------------------


def _short_hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "replace"), digest_size=4).hexdigest()


def _symbol_piece(
    s: _Sym,
    section: str,
    source: Sources,
    file_hash: Callable[[str], str | None],
    counter: TokenCounter,
    window: int,
    fixed: bool = False,
) -> Piece:
    lines = source.lines(s.file)
    fhash = file_hash(s.file) or ""
    forms = ("name",) * len(LEVELS) if fixed or lines is None else FORMS[section]
    bodies: dict[str, str] = {}

    def render(form: str) -> str:
        if form not in bodies:
            bodies[form] = _RENDER[form](s, lines, window)
        return _block_text(s, bodies[form], form)

    return Piece(section=section, title=s.id, file=s.file, file_hash=fhash, render=render, forms=forms, counter=counter)


def _list_piece(section: str, items: list[str], counter: TokenCounter) -> Piece:
    return text_piece(section, section, "\n".join(f"- {item}" for item in items), counter)


def text_piece(section: str, title: str, text: str, counter: TokenCounter) -> Piece:
    """A block of fixed text (no file behind it): the same at every level of the ladder."""
    return Piece(
        section=section,
        title=title,
        file="",
        file_hash="",
        render=lambda form: text,
        forms=("list",) * len(LEVELS),
        counter=counter,
    )


def _reached_header(r: Reached) -> str:
    via = r.via.rsplit("::", 1)[-1]
    flags = " · hub: callers not expanded" if r.hub else ""
    flags += f" · {r.resolution}" if r.resolution in ("ambiguous-name", "unique-name") else ""
    where = f"{r.file}:{r.start_line}-{r.end_line}" if r.start_line else r.file
    why = f" · {r.severity}: {r.reasons[0]}" if r.reasons and is_behavior_change(r) else ""
    return f"`{r.id}` · {where} · hop {r.hop} via `{via}` ({r.edge}) · behaviour {r.behavior:.1f}{flags}{why}"


def build_pieces(
    impact: ImpactResult,
    source: Sources,
    file_hash: Callable[[str], str | None],
    symbols: Mapping[str, Symbol],
    counter: TokenCounter,
    window: int,
) -> list[Piece]:
    radius = impact.radius
    pieces: list[Piece] = []
    for c in radius.changed:
        sym = symbols.get(c.id)
        deleted = "deleted" in c.changes
        header = f"`{c.id}` · {c.file}:{c.start_line}-{c.end_line} · {', '.join(c.changes)}"
        if c.old_signature and c.old_signature != c.signature:
            header += f" · was `{c.old_signature.strip()}`"
        if deleted or c.kind == NodeKind.FILE:
            header += " · see the diff"
        s = _Sym(c.id, c.kind, c.file, c.start_line, c.end_line, c.signature, sym.doc if sym else "", (), header)
        pieces.append(
            _symbol_piece(s, "changed", source, file_hash, counter, window, fixed=deleted or c.kind == NodeKind.FILE)
        )
    changed_ids = {c.id for c in radius.changed}
    flagged = _flagged_calls(radius.reached, source, changed_ids)
    if flagged:
        pieces.append(_list_piece("flagged", flagged, counter))
    near = [r for r in radius.reached if r.hop in (1, 2) and r.id not in changed_ids]
    for r in sorted(near, key=lambda r: (r.hop, -r.behavior, r.id)):
        sym = symbols.get(r.id)
        s = _Sym(
            r.id,
            r.kind,
            r.file,
            r.start_line,
            r.end_line,
            r.signature or (sym.signature if sym else ""),
            sym.doc if sym else "",
            r.lines,
            _reached_header(r),
        )
        pieces.append(_symbol_piece(s, f"hop{r.hop}", source, file_hash, counter, window, fixed=r.hub))
    if radius.uses:
        pieces.append(_list_piece("uses", [_use_line(u, symbols.get(u)) for u in radius.uses], counter))
    far = sorted((r for r in radius.reached if r.hop >= 3), key=lambda r: r.id)
    if far:
        pieces.append(_list_piece("hop3", [f"`{r.id}` via `{r.via.rsplit('::', 1)[-1]}`" for r in far], counter))
    if impact.cochanged and impact.cochanged.files:  # names only: the lowest priority, a few tokens
        pieces.append(
            _list_piece(
                "cochanged",
                [
                    f"`{c.file}` — {c.support} commit{'s' if c.support != 1 else ''} with `{c.seed}` ({c.score:.0%})"
                    for c in impact.cochanged.files
                ],
                counter,
            )
        )
    return pieces


def _flagged_calls(reached: tuple[Reached, ...], source: Sources, changed_ids: set[str]) -> list[str]:
    """Each flagged direct caller's call lines with the reason, the most severe first."""
    rank = {"high": 0, "medium": 1}
    flagged = [r for r in reached if r.hop == 1 and r.reasons and r.severity in rank and r.id not in changed_ids]
    out: list[str] = []
    for r in sorted(flagged, key=lambda r: (rank[r.severity], r.file, r.start_line, r.id)):
        lines = source.lines(r.file) or []
        calls = [f"`{lines[n - 1].strip()}`" for n in r.call_lines if 0 < n <= len(lines)]
        where = f"{r.file}:{','.join(str(n) for n in r.call_lines)}" if r.call_lines else r.file
        shown = f" {' '.join(calls)}" if calls else ""
        out.append(f"{r.severity}: `{r.id}` ({where}){shown} — {'; '.join(r.reasons)}")
    return out


def _use_line(uid: str, sym: Symbol | None) -> str:
    if sym and sym.signature:
        return f"`{uid}` — `{sym.signature.strip()}`"
    return f"`{uid}`"


# ----- the summary and the fences ------------------------------------------------------------------


def summary_text(impact: ImpactResult, max_listed: int) -> str:
    r = impact.radius
    idx = impact.index
    lines = [
        f"# Review context: {impact.base[:12] or '(no base)'} → {impact.head or '(working tree)'}",
        f"Graph at {idx.commit[:12] or 'no commit'}"
        + (" — STALE: " + f"HEAD is {idx.head[:12]}" if idx.stale else "")
        + (", working tree dirty" if idx.dirty else ""),
        f"## Changed symbols ({len(r.changed)})" if r.changed else "## Changed symbols: none supported",
    ]
    lines += [f"- `{c.id}` ({c.kind}): {', '.join(c.changes)}" for c in r.changed[:max_listed]]
    lines += _more(len(r.changed), max_listed)
    hops: dict[int, list[Reached]] = {}
    for x in r.reached:
        hops.setdefault(x.hop, []).append(x)
    reach = [
        f"hop {h}: {len(xs)} ({sum(is_behavior_change(x) for x in xs)} may change behaviour)"
        for h, xs in sorted(hops.items())
    ]
    lines.append("Reach: " + (" · ".join(reach) if reach else "no callers found"))
    # The empty cases in one line each: every context pays for its summary.
    lines.append(f"## Tests to run ({len(r.tests)})" if r.tests else "## Tests to run: none found")
    lines += [f"- `{t}`" for t in r.tests[:max_listed]] + _more(len(r.tests), max_listed)
    notes = (["the radius was cut (a cap was reached): see below"] if r.truncated else []) + list(r.notes)
    if r.ambiguous_edges:
        notes.append(f"{len(r.ambiguous_edges)} edges rest on ambiguous name matches")
    if notes:
        lines.append("## Notes")
        lines += [f"- {n}" for n in _distinct(notes)]
    return "\n".join(lines)


def _distinct(notes: list[str]) -> list[str]:
    """The notes, less those naming the same files as one before (``not analysed: a.md`` says
    what ``the diff touches no file in the graph: a.md`` would say again)."""
    seen: set[str] = set()
    out: list[str] = []
    for note in notes:
        _, sep, files = note.partition(": ")
        if sep and files in seen:
            continue
        seen.add(files if sep else note)
        out.append(note)
    return out


def _more(total: int, shown: int) -> list[str]:
    return [f"- … and {total - shown} more"] if total > shown else []


_BACKTICKS = re.compile("`+")


def fence(text: str, info: str = "") -> str:
    """A code fence longer than any backtick run in ``text``."""
    # The runs found by a pattern, not a loop over every character (speed: a warm context
    # fences a hundred blocks of code, and the loop was a tenth of the command).
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{text}\n{fence}"
