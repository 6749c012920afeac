"""The review context: the diff and what it reaches, most important first, within a budget.

The context is a list of blocks: a summary, the diff, then one block per
changed symbol, hop-1 caller and hop-2 caller, then the ``uses`` signatures and
the hop-3 names. A *level* of the detail ladder (``LEVELS``, most detailed
first) says which *form* each section's blocks take (``FORMS``: full source, a
skeleton, call-site windows, a signature, a name); each form has one renderer
(``blocks.py``, which makes the blocks). A block never grows as the level drops (a lower form that is not
smaller keeps the higher one), so total tokens fall monotonically along the
ladder and a binary search finds the most detailed level that fits; when the
full level fits, nothing is searched. If even the least detailed allowed level
is over budget, force-converge replaces the largest eligible blocks (never the
summary or the diff) with a stub of at most 512 characters naming the block's
id and size, biggest first, until the text fits; ``fits`` reports the outcome
measured on the final text. Every block shown in less than full detail keeps
its full original under its id (``path::name@<file hash>``); ``remember``
stores the originals in the graph database and ``expand`` returns one exactly,
for as long as the graph has not changed the block's file. Tokens are counted
with the one ``TokenCounter``, once per block per form.

Two helpers plug in (issue 23): when the measured context is over budget and the diff takes
more than its share, ``compress.py`` stubs parts of the diff losslessly and the ladder is
searched again (``floor`` says how small the context can get); ``forward.py`` gives the
``uses`` blocks (what the changed lines use) and the order in which blocks give way.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from diffreach.errors import ConfigError, DiffreachError
from diffreach.extract.core import content_hash
from diffreach.graph.blocks import keep_blocks, kept_block
from diffreach.model import ContextBlock, ImpactResult, Symbol
from diffreach.review.blocks import HEADINGS, LEVELS, SEP, Piece, Sources, build_pieces, fence, summary_text
from diffreach.review.compress import DiffStub, centrality, fit_diff
from diffreach.review.forward import ForwardUse, give_way, with_forward
from diffreach.review.tokens import HeuristicCounter, TokenCounter, estimate_context_savings, format_context_savings

__all__ = ["LEVELS", "STUB_CHARS", "BlockError", "Original", "ReviewContext", "build_context", "expand", "remember"]

STUB_CHARS = 512
_EXPAND_HINT = "diffreach expand"


class BlockError(DiffreachError):
    """An unknown or expired context block id."""


@dataclass(frozen=True, slots=True)
class Original:
    """The full text of a block shown in less detail, kept for ``expand``."""

    id: str
    file: str
    file_hash: str
    text: str


@dataclass(frozen=True)
class ReviewContext:
    text: str
    tokens: int
    budget: int | None
    fits: bool
    level: str
    files: tuple[str, ...]
    elided: tuple[str, ...]  # ids of blocks shown in less than full detail, stubs included
    stubbed: tuple[str, ...]
    blocks: tuple[ContextBlock, ...]
    savings: dict[str, Any] | None  # against the whole indexed repository
    savings_importers: dict[str, Any] | None  # against the changed files plus their importers
    tokenizer: str = "heuristic"
    baseline_tokens: int | None = None
    importers_baseline_tokens: int | None = None
    originals: tuple[Original, ...] = field(default=(), repr=False)
    floor: int | None = None  # fewest tokens the context can take (set when the diff was compressed)
    notes: tuple[str, ...] = ()  # what the context could not do (e.g. keep its cut blocks for expand)

    def as_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "tokens": self.tokens,
            "budget": self.budget,
            "fits": self.fits,
            "level": self.level,
            "files": list(self.files),
            "elided": list(self.elided),
            "stubbed": list(self.stubbed),
            "savings": self.savings,
            "savings_importers": self.savings_importers,
            "tokenizer": self.tokenizer,
            "baseline_tokens": self.baseline_tokens,
            "importers_baseline_tokens": self.importers_baseline_tokens,
            "floor": self.floor,
            "notes": list(self.notes),
            "blocks": [
                {"id": b.id, "section": b.section, "title": b.title, "tokens": b.tokens, "elided": b.id in self.elided}
                for b in self.blocks
            ],
        }


# ----- the detail line ----------------------------------------------------------------------------


def _detail(
    level: str, elided: int, stubbed: int, savings: dict[str, Any] | None, savings_importers: dict[str, Any] | None
) -> str:
    cut = (
        f"; {elided} blocks cut" + (f" ({stubbed} to stubs)" if stubbed else "") + f", `{_EXPAND_HINT} ID` restores any"
        if elided
        else ""
    )
    # The ladder is named only when the context is cut: then the reader may ask for more detail.
    ladder = f" (ladder {' > '.join(LEVELS)}){cut}" if elided or level != LEVELS[0] else ", nothing cut"
    line = f"Detail: `{level}`{ladder}\nSavings (estimated): "
    line += format_context_savings(savings, "the whole repository")
    if savings_importers is not None and savings_importers["saved_tokens"]:  # nothing saved says nothing
        line += "; " + format_context_savings(savings_importers, "the changed files and their importers")
    return line


# ----- assembly ---------------------------------------------------------------------------------


@dataclass
class _Layout:
    summary: str
    diff: str
    diff_files: tuple[str, ...]
    pieces: list[Piece]
    counter: TokenCounter
    fixed: int  # tokens of everything but the pieces, with the detail line at its longest
    raw_diff: str = ""
    diff_stubs: tuple[DiffStub, ...] = ()  # parts of the diff shown as stubs (compress.py)
    floor: int | None = None
    rank: Callable[[Piece], int] = lambda p: 0  # which blocks give way first (forward.give_way)

    def current(self, p: Piece, level: int) -> tuple[str, int]:
        if p.stub is not None:
            return p.stub, self.counter.count(p.stub + SEP)
        form = p.form_at(level)
        return p.text(form), p.tokens(form)

    def total(self, level: int) -> int:
        return self.fixed + sum(self.current(p, level)[1] for p in self.pieces)

    def parts(self, level: int, detail: str) -> list[tuple[str, str, str, str]]:
        """(id, section, title, text) of every block and heading, in order."""
        out = [("summary", "summary", "summary", f"{self.summary}\n{detail}"), ("diff", "diff", "diff", self.diff)]
        section = ""
        for p in self.pieces:
            if p.section != section:
                section = p.section
                out.append((f"{section}:heading", section, "heading", HEADINGS[section]))
            out.append((p.id, p.section, p.title, self.current(p, level)[0]))
        return out


def _layout(
    impact: ImpactResult,
    source: Sources,
    file_hash: Callable[[str], str | None],
    symbols: Mapping[str, Symbol],
    counter: TokenCounter,
    window: int,
    max_listed: int,
    baselines: tuple[int | None, int | None] = (None, None),
    forward: tuple[tuple[ForwardUse, ...], bool] | None = None,
) -> _Layout:
    pieces = build_pieces(impact, source, file_hash, symbols, counter, window)
    if forward is not None:  # hook (issue 23, forward.py): definitions the changed lines use
        pieces = with_forward(pieces, forward, impact, symbols, counter)
    summary = summary_text(impact, max_listed)
    diff_text = impact.diff_text or "\n".join(d.text for d in impact.file_diffs)
    diff = "## Diff\n" + (fence(diff_text.rstrip("\n"), "diff") if diff_text.strip() else "(empty diff)")
    # Reserve the detail line at its longest: every piece cut, savings as wide as the baseline.
    widest = [None if b is None else {"estimated": True, "saved_tokens": b, "saved_percent": 100} for b in baselines]
    worst = _detail(max(LEVELS, key=len), len(pieces), len(pieces), widest[0], widest[1])
    headings = {p.section for p in pieces}
    fixed = (
        counter.count(f"{summary}\n{worst}{SEP}")
        + counter.count(diff + SEP)
        + sum(counter.count(HEADINGS[s] + SEP) for s in headings)
    )
    paths = tuple(d.path for d in impact.file_diffs if d.path)
    return _Layout(summary, diff, paths, pieces, counter, fixed, diff_text, rank=give_way(impact))


def _search(layout: _Layout, budget: int | None, lowest: int) -> int:
    """The most detailed level (index into LEVELS) that fits, or ``lowest`` when none does."""
    if budget is None or lowest == 0 or layout.total(0) <= budget:
        return 0  # the fast path: everything fits (or nothing less detailed is allowed)
    lo, hi = 1, lowest
    while lo < hi:
        mid = (lo + hi) // 2
        if layout.total(mid) <= budget:
            hi = mid
        else:
            lo = mid + 1
    return lo


# Never stubbed: the flagged calls are a few lines and the first thing a reviewer must read.
KEPT_SECTIONS = frozenset({"flagged"})


def _stub_text(p: Piece) -> str:
    original = p.text(p.forms[0])
    text = (
        f"- stubbed `{p.id}` ({p.counter.count(original):,} tokens, {len(original):,} chars): `{_EXPAND_HINT} {p.id}`"
    )
    return text if len(text) <= STUB_CHARS else text[: STUB_CHARS - 1] + "…"


def _converge(layout: _Layout, level: int, budget: int) -> None:
    """Stub pieces until the estimate fits: those that give way first (``layout.rank``), biggest first."""
    total = layout.total(level)
    for p in sorted(layout.pieces, key=lambda p: (layout.rank(p), -layout.current(p, level)[1], p.id)):
        if total <= budget:
            return
        if p.stub is not None or p.section in KEPT_SECTIONS:
            continue
        _, current = layout.current(p, level)
        stub = _stub_text(p)
        cost = layout.counter.count(stub + SEP)
        if cost < current:
            p.stub = stub
            total -= current - cost


def _fit_diff(layout: _Layout, impact: ImpactResult, budget: int, lowest: int) -> bool:
    """Compress the diff losslessly when it would crowd out the rest (see compress.py)."""
    count = layout.counter.count
    diff_tokens = count(layout.diff + SEP)
    low = [layout.current(p, lowest)[1] for p in layout.pieces]
    # A kept section (the flagged calls) is never stubbed: it costs what it costs at its least detail.
    stubbed = sum(
        t if p.section in KEPT_SECTIONS else min(t, count(_stub_text(p) + SEP))
        for p, t in zip(layout.pieces, low, strict=True)
    )
    fixed = layout.fixed - diff_tokens
    fitted = fit_diff(layout.raw_diff, budget, layout.counter, (fixed, sum(low), stubbed), centrality(impact))
    if fitted is None:
        return False
    layout.diff, compressed = fitted
    layout.diff_stubs = compressed.stubs
    layout.fixed = fixed + count(layout.diff + SEP)
    layout.floor = fixed + stubbed + compressed.floor + count("## Diff\n```diff\n\n```" + SEP)
    if budget < layout.floor:
        note = f"\nBudget {budget:,} tokens is below this diff's floor of {layout.floor:,} (changed symbols and hunk headers)"
        layout.summary += note
        layout.fixed += count(note)
    return True


def build_context(
    impact: ImpactResult,
    read_source: Callable[[str], str | None],
    *,
    budget: int | None = 8000,
    counter: TokenCounter | None = None,
    min_detail: str = LEVELS[-1],
    force_converge: bool = True,
    baseline_tokens: int | None = None,
    importers_baseline_tokens: int | None = None,
    symbols: Mapping[str, Symbol] | None = None,
    file_hash: Callable[[str], str | None] | None = None,
    window: int = 2,
    max_listed: int = 20,
    forward: tuple[tuple[ForwardUse, ...], bool] | None = None,
) -> ReviewContext:
    """The review context of ``impact`` within ``budget`` tokens (None: no limit).

    ``read_source`` gives a file's text as of the diff's new side (None when
    absent); ``symbols`` adds signatures and docstring lines the radius lacks;
    ``file_hash`` gives the graph's hash of a file, which keeps expand ids valid
    (default: a hash of the text read). ``min_detail`` is the least detailed
    level the ladder may reach; ``window`` the lines around each call site.
    """
    if min_detail not in LEVELS:
        raise ConfigError(f"unknown detail level {min_detail!r} (known, most detailed first: {', '.join(LEVELS)})")
    if budget is not None and budget < 0:
        raise ConfigError(f"budget must be a non-negative number of tokens, not {budget}")
    counter = counter or HeuristicCounter()
    source = Sources(read_source)

    def default_hash(path: str) -> str | None:
        text = read_source(path)
        return None if text is None else content_hash(text.encode("utf-8", "surrogateescape"))

    layout = _layout(
        impact,
        source,
        file_hash or default_hash,
        symbols or {},
        counter,
        window,
        max_listed,
        (baseline_tokens, importers_baseline_tokens),
        forward,
    )
    lowest = LEVELS.index(min_detail)
    level, text, tokens, detail_args = _settle(layout, budget, lowest, baseline_tokens, importers_baseline_tokens)
    if budget is not None and force_converge and tokens > budget and _fit_diff(layout, impact, budget, lowest):
        # hook (issue 23, compress.py): the diff was compressed losslessly; search the ladder again.
        level, text, tokens, detail_args = _settle(layout, budget, lowest, baseline_tokens, importers_baseline_tokens)
    if budget is not None and force_converge and tokens > budget:
        text, tokens, detail_args = _measured(layout, level, budget, baseline_tokens, importers_baseline_tokens)
    return _result(
        layout, level, text, tokens, budget, counter, detail_args, baseline_tokens, importers_baseline_tokens
    )


def _measured(
    layout: _Layout, level: int, budget: int, baseline: int | None, importers: int | None
) -> tuple[str, int, tuple[Any, ...]]:
    """The estimate counts blocks one by one; the final text may differ by a few tokens at block
    boundaries, so converge again on the measured overshoot."""
    target = budget
    for _ in range(4):
        _converge(layout, level, target)
        rendered = _render(layout, level, baseline, importers)
        if rendered[1] <= budget:
            break
        target -= rendered[1] - budget
    return rendered


def _settle(
    layout: _Layout, budget: int | None, lowest: int, baseline: int | None, importers: int | None
) -> tuple[int, str, int, tuple[Any, ...]]:
    """The most detailed level that fits, with its text, measured tokens and detail line."""
    level = _search(layout, budget, lowest)
    text, tokens, detail_args = _render(layout, level, baseline, importers)
    for above in range(level if budget is not None else 0):
        # The search runs on an upper estimate; a level above may still fit when measured.
        measured = _render(layout, above, baseline, importers)
        if budget is not None and measured[1] <= budget:
            return above, *measured
    return level, text, tokens, detail_args


def _render(
    layout: _Layout, level: int, baseline: int | None, importers: int | None
) -> tuple[str, int, tuple[Any, ...]]:
    """The final text and its measured tokens; the savings line settles in a few rounds."""
    elided = sum(p.reduced(level) for p in layout.pieces)
    stubbed = sum(p.stub is not None for p in layout.pieces)
    tokens = layout.total(level)
    text, detail = "", None
    for _ in range(4):
        args = (LEVELS[level], elided, stubbed, _savings(baseline, tokens), _savings(importers, tokens))
        new_detail = _detail(*args)
        if new_detail == detail:
            break
        detail = new_detail
        text = SEP.join(part[3] for part in layout.parts(level, detail))
        tokens = layout.counter.count(text)
    return text, tokens, args


def _savings(baseline: int | None, returned: int) -> dict[str, Any] | None:
    return None if baseline is None else estimate_context_savings(original_tokens=baseline, returned_tokens=returned)


def _result(
    layout: _Layout,
    level: int,
    text: str,
    tokens: int,
    budget: int | None,
    counter: TokenCounter,
    detail_args: tuple[Any, ...],
    baseline: int | None,
    importers: int | None,
) -> ReviewContext:
    detail = _detail(*detail_args)
    blocks = tuple(
        ContextBlock(
            id=i,
            section=section,
            title=title,
            text=t,
            tokens=counter.count(t),
            elidable=section not in ("summary", "diff"),
        )
        for i, section, title, t in layout.parts(level, detail)
        if title != "heading"
    )
    reduced = [p for p in layout.pieces if p.reduced(level)]
    stubs = tuple(Original(d.id, "", "", d.text) for d in layout.diff_stubs)  # no file: they never expire
    files = set(layout.diff_files) | {p.file for p in layout.pieces if p.file}
    return ReviewContext(
        text=text,
        tokens=tokens,
        budget=budget,
        fits=budget is None or tokens <= budget,
        level=LEVELS[level],
        files=tuple(sorted(files)),
        elided=tuple(p.id for p in reduced) + tuple(o.id for o in stubs),
        stubbed=tuple(p.id for p in reduced if p.stub is not None) + tuple(o.id for o in stubs),
        blocks=blocks,
        savings=detail_args[3],
        savings_importers=detail_args[4],
        tokenizer=counter.name,
        baseline_tokens=baseline,
        importers_baseline_tokens=importers,
        originals=tuple(Original(p.id, p.file, p.file_hash, p.text(p.forms[0])) for p in reduced) + stubs,
        floor=layout.floor,
    )


# ----- lossless expand ----------------------------------------------------------------------------

KEEP_DAYS = 30


def remember(conn: sqlite3.Connection, ctx: ReviewContext, keep_days: int = KEEP_DAYS) -> None:
    """Store the originals of ``ctx``'s elided blocks in the graph database; prune old ones."""
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    cutoff = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - keep_days * 86400))
    keep_blocks(conn, ((o.id, o.file, o.file_hash, o.text) for o in ctx.originals), now, cutoff)


def expand(conn: sqlite3.Connection, block_id: str) -> str:
    """The original text of an elided block, exactly; BlockError when unknown or expired."""
    kept = kept_block(conn, block_id.strip())
    if kept is None:
        raise BlockError(f"unknown block id {block_id!r}: ids come from the 'elided' list of a review context")
    path, stored, text, current = kept
    if path and current != stored:
        raise BlockError(
            f"block {block_id!r} has expired: {path} changed since the context was built; ask for a new review context"
        )
    return text
