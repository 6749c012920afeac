"""Forward context: the definitions of what the changed lines use.

The radius looks backwards (who calls the change); a reviewer mostly asks about what the change
itself uses: the function it now calls, the enum it returns, the property it reads. For every
identifier on the diff's added lines that names a definition in the graph (a function or method,
property accessors included; a class, interface, struct, trait or enum; a type where the language
makes one a node), this module gives the definition's line: its signature, or for a short class
(an enum, say) its whole text, members included.

Ranking: names *newly* used (on added lines but on no removed line of the same file) first, then
definitions inside the changed files (the reader sees those files anyway), then the order in which
the diff first uses them. A name that many definitions share is skipped unless one of them is in
the changed file itself: listing every ``get`` in the repository would bury the answer.

What the graph has no node for is not found here: constants, fields, enum members and (outside Go)
type aliases are not definitions of the extractor (languages/queries/*.scm ``@definition.*``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from diffreach.graph.reader import GraphReader
from diffreach.model import ImpactResult, NodeKind, Symbol
from diffreach.review.blocks import LEVELS, Piece, fence
from diffreach.review.impact import is_behavior_change
from diffreach.review.tokens import TokenCounter

__all__ = ["ForwardUse", "forward_pieces", "forward_uses", "give_way", "with_forward"]

_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
MAX_USES = 40  # definitions listed at most; the result says when more were found
MAX_CANDIDATES = 2  # a name shared by more definitions than this is skipped (unless one is local)
SHORT_CLASS_LINES = 12  # a class this short (an enum, most often) is shown whole, members included


@dataclass(frozen=True, slots=True)
class ForwardUse:
    id: str
    file: str
    line: int
    definition: str  # its signature line, or the whole text of a short class
    new: bool  # on added lines, on no removed line of the same file
    local: bool  # defined in a file the diff changes


def _changed_lines(impact: ImpactResult) -> Iterable[tuple[str, str]]:
    """(file, line with its +/- mark) of every added or removed line of the diff."""
    texts = [(d.path, d.text) for d in impact.file_diffs if d.text]
    if not texts:
        path = ""
        for line in impact.diff_text.splitlines():
            if line.startswith("diff --git "):
                path = line.rsplit(" b/", 1)[-1]
            elif line[:1] in "+-" and not line.startswith(("+++", "---")):
                yield path, line
        return
    for path, text in texts:
        for line in text.splitlines():
            if line[:1] in "+-" and not line.startswith(("+++", "---")):
                yield path, line


def forward_uses(
    reader: GraphReader,
    impact: ImpactResult,
    read_source: Callable[[str], str | None],
    *,
    max_uses: int = MAX_USES,
    max_candidates: int = MAX_CANDIDATES,
    short_class_lines: int = SHORT_CLASS_LINES,
) -> tuple[tuple[ForwardUse, ...], bool]:
    """The definitions the diff's added lines use, ranked, and whether the list was cut."""
    added: dict[str, int] = {}  # name → order of first use
    used_in: dict[str, set[str]] = {}
    removed: dict[str, set[str]] = {}
    for path, line in _changed_lines(impact):
        for name in _IDENT.findall(line[1:]):
            if line[0] == "+":
                added.setdefault(name, len(added))
                used_in.setdefault(name, set()).add(path)
            else:
                removed.setdefault(path, set()).add(name)
    changed_ids = {c.id for c in impact.radius.changed}
    changed_files = {d.path for d in impact.file_diffs if d.path} | {c.file for c in impact.radius.changed}
    by_name: dict[str, list[Symbol]] = {}
    for sym in reader.symbols_with_names(added):
        if sym.kind != NodeKind.FILE and sym.id not in changed_ids and not sym.is_test:
            by_name.setdefault(sym.name, []).append(sym)
    texts: dict[str, str | None] = {}

    def read(path: str) -> str | None:  # each file once: the reader may run git for it
        if path not in texts:
            texts[path] = read_source(path)
        return texts[path]

    found: list[tuple[tuple[bool, bool, int], ForwardUse]] = []
    for name, syms in by_name.items():
        local = [s for s in syms if s.file in used_in[name]]
        chosen = local or (syms if len(syms) <= max_candidates else [])
        new = all(name not in removed.get(p, set()) for p in used_in[name])
        for s in chosen:
            definition = _definition(s, read, short_class_lines)
            use = ForwardUse(s.id, s.file, s.start_line, definition, new, s.file in changed_files)
            found.append(((not use.new, not use.local, added[name]), use))
    found.sort(key=lambda pair: (pair[0], pair[1].id))
    return tuple(u for _, u in found[:max_uses]), len(found) > max_uses


def _definition(s: Symbol, read_source: Callable[[str], str | None], short: int) -> str:
    lines = (read_source(s.file) or "").splitlines()
    span = s.end_line - s.start_line + 1
    if s.kind == NodeKind.CLASS and s.start_line > 0 and span <= short and s.end_line <= len(lines):
        return "\n".join(lines[s.start_line - 1 : s.end_line])
    if s.signature:
        return s.signature.strip()
    return lines[s.start_line - 1].strip() if 0 < s.start_line <= len(lines) else ""


def forward_pieces(
    uses: tuple[ForwardUse, ...], cut: bool, counter: TokenCounter, calls: Iterable[tuple[str, str]] = ()
) -> list[Piece]:
    """The ``uses`` blocks: the definitions newly used (``uses:forward``, kept longest at a tight
    budget), then the others with the ``calls`` (id, signature) of the changed symbols (the graph's
    forward edges) not listed yet (``uses:more``)."""
    new = tuple(u for u in uses if u.new)
    more = _items(tuple(u for u in uses if not u.new))
    listed = {u.id for u in uses}
    more += [f"- `{uid}`" + (f" — `{sig.strip()}`" if sig else "") for uid, sig in calls if uid not in listed]
    if cut:
        more.append("- … more definitions used: the list was cut (forward context cap)")
    return [
        _piece(title, items, counter) for title, items in (("uses:forward", _items(new)), ("uses:more", more)) if items
    ]


def _items(uses: tuple[ForwardUse, ...]) -> list[str]:
    items: list[str] = []
    for u in uses:
        how = "new use" if u.new else "used"
        where = f"{u.file}:{u.line}" + (" · changed file" if u.local else "")
        body = u.definition
        if "\n" in body:
            items.append(f"- `{u.id}` · {where} · {how}\n{fence(body)}")
        else:
            items.append(f"- `{u.id}` · {where} · {how} — `{body}`")
    return items


def _piece(title: str, items: list[str], counter: TokenCounter) -> Piece:
    text = "\n".join(items)
    return Piece(
        section="uses",
        title=title,
        file="",
        file_hash="",
        render=lambda form: text,
        forms=("list",) * len(LEVELS),
        counter=counter,
    )


def with_forward(
    pieces: list[Piece],
    forward: tuple[tuple[ForwardUse, ...], bool],
    impact: ImpactResult,
    symbols: Mapping[str, Symbol],
    counter: TokenCounter,
) -> list[Piece]:
    """The ``uses`` block replaced by the forward context (which keeps the called functions)."""
    uses, cut = forward
    if not uses and not impact.radius.uses:
        return pieces
    calls = [(u, symbols[u].signature if u in symbols else "") for u in impact.radius.uses]
    kept = [p for p in pieces if p.section != "uses"]
    at = next((i for i, p in enumerate(kept) if p.section in ("hop3", "cochanged")), len(kept))
    return [*kept[:at], *forward_pieces(uses, cut, counter, calls), *kept[at:]]


def give_way(impact: ImpactResult) -> Callable[[Piece], int]:
    """The order in which blocks give way to stubs at a tight budget (lower first): far callers
    and history, then unflagged direct callers, then the uses the change only keeps, then the
    callers flagged as changing behaviour; the changed code and the newly used definitions last."""
    flagged = {r.id for r in impact.radius.reached if is_behavior_change(r)}

    def rank(p: Piece) -> int:
        if p.section == "hop1":
            return 3 if p.title in flagged else 1
        if p.section == "uses":
            return 4 if p.title == "uses:forward" else 2
        return 4 if p.section == "changed" else 0

    return rank
