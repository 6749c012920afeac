"""Forward context: the definitions of what the changed lines use.

The radius looks backwards (who calls the change); a reviewer mostly asks about what the change
itself uses: the function it now calls, the enum it returns, the constant it compares with, the
property it reads. For every identifier on the diff's added lines that means one definition
(``forward_names.py`` decides which, never by guessing) this module gives that definition's line:
its header line as written (a header over several lines folded to its signature), or for a short
class (an enum, say) its whole text, members included; a declaration's own lines (a constant's
value, an alias's type, a field's declared type). A member or method inside a class shown whole is
not listed again, nor anything the diff already shows. A docs change that names code in backticks
is checked against that code: such a name, when it has one definition in the repository, is listed
too, last.

Ranking: names *newly* used (on added lines but on no removed line of the same file) first, then
definitions inside the changed files (the reader sees those files anyway), then the order in which
the diff first uses them; the names only the docs write come after all of these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from diffreach.graph.declarations import declarations_named, import_bindings
from diffreach.graph.reader import GraphReader
from diffreach.model import Declaration, EdgeKind, ImpactResult, NodeKind, Symbol
from diffreach.review.blocks import Piece, fence, text_piece
from diffreach.review.forward_names import (
    Candidate,
    Scope,
    Usage,
    choose,
    named_in_docs,
    read_usage,
    seen,
    visible,
)
from diffreach.review.impact import is_behavior_change
from diffreach.review.tokens import TokenCounter

__all__ = ["ForwardUse", "forward_pieces", "forward_uses", "give_way", "with_forward"]

MAX_USES = 40  # definitions listed at most; the result says when more were found
SHORT_CLASS_LINES = 12  # a class this short (an enum, most often) is shown whole, members included


@dataclass(frozen=True, slots=True)
class ForwardUse:
    id: str
    file: str
    line: int
    definition: str  # its signature line, the whole text of a short class, a declaration's lines
    new: bool  # on added lines, on no removed line of the same file
    local: bool  # defined in a file the diff changes
    docs: bool = False  # named in backticks on added lines of prose only, not by the code


def _owner(qualname: str) -> str:
    """The last name of what holds a definition (``A.B.f`` → ``B``; "" at top level)."""
    parts = qualname.split(".")
    return parts[-2] if len(parts) > 1 else ""


def _node(s: Symbol) -> Candidate:
    return Candidate(s.id, s.name, _owner(s.qualname), s.file, s.start_line, s.end_line)


def _declared(file: str, d: Declaration) -> Candidate:
    holder = d.scope.split("::", 1)[1] if "::" in d.scope else ""
    qualname = f"{holder}.{d.name}" if holder else d.name
    return Candidate(f"{file}::{qualname}", d.name, _owner(qualname), file, d.line, d.end_line, d.kind)


def forward_uses(
    reader: GraphReader,
    impact: ImpactResult,
    read_source: Callable[[str], str | None],
    *,
    max_uses: int = MAX_USES,
    short_class_lines: int = SHORT_CLASS_LINES,
) -> tuple[tuple[ForwardUse, ...], bool]:
    """The definitions the diff's added lines use, ranked, and whether the list was cut."""
    usage = read_usage(impact)
    if not usage.order and not usage.docs:
        return (), False
    changed_files = {d.path for d in impact.file_diffs if d.path} | {c.file for c in impact.radius.changed}
    nodes, texts, by_name = _candidates(reader, [*usage.order, *usage.docs], {c.id for c in impact.radius.changed})
    scope = _scope(reader, usage)
    read = _once(read_source)
    found: list[tuple[tuple[bool, bool, bool, int], ForwardUse]] = []
    whole: dict[str, bool] = {}  # classes shown whole (→ newly used): their members need no line of their own
    for name, candidates in by_name.items():
        in_code = name in usage.files
        chosen = (
            choose(name, candidates, usage.files[name], usage, scope)
            if in_code
            else named_in_docs(name, candidates, usage)
        )
        for c in chosen:
            new = in_code and usage.new(name)
            # A short class is shown whole only to a new use: what the change kept using costs a line.
            short = short_class_lines if new else 0
            definition = _definition(nodes[c.id], read, short) if c.id in nodes else texts[c.id]
            if "\n" in definition and c.id in nodes:
                whole[c.id] = new
            use = ForwardUse(c.id, c.file, c.start, definition, new, c.file in changed_files, not in_code)
            # Names the docs write in backticks rank after every name the code uses.
            order = usage.order[name] if in_code else len(usage.order) + usage.docs[name]
            found.append(((use.docs, not use.new, not use.local, order), use))
    shown = visible(impact)
    found = [(key, u) for key, u in found if not _inside_shown(u, whole, nodes, shown)]
    found.sort(key=lambda pair: (pair[0], pair[1].id))
    return tuple(u for _, u in found[:max_uses]), len(found) > max_uses


def _candidates(
    reader: GraphReader, names: list[str], changed_ids: set[str]
) -> tuple[dict[str, Symbol], dict[str, str], dict[str, list[Candidate]]]:
    """The definitions called one of ``names``: nodes (not the changed ones, not tests), the
    declarations' texts by id, and every candidate by name."""
    nodes: dict[str, Symbol] = {}
    texts: dict[str, str] = {}  # declaration id → its text
    by_name: dict[str, list[Candidate]] = {}
    for sym in reader.symbols_with_names(names):
        if sym.kind != NodeKind.FILE and sym.id not in changed_ids and not sym.is_test:
            nodes[sym.id] = sym
    for sym in nodes.values():
        if not _repeated(sym, nodes):
            by_name.setdefault(sym.name, []).append(_node(sym))
    for file, d in declarations_named(reader.conn, names):
        c = _declared(file, d)
        if c.id not in nodes and c.id not in texts:  # a name declared twice in one scope: its first
            texts[c.id] = d.text
            by_name.setdefault(d.name, []).append(c)
    return nodes, texts, by_name


def _repeated(sym: Symbol, nodes: Mapping[str, Symbol]) -> bool:
    """A definition that repeats its name's first one in the same scope with the same signature
    (``f#2`` of ``f``): one program holds only one of them (C's one external definition, C11
    6.9p5; C++'s one-definition rule; Rust's items under ``#[cfg]``; a later ``def`` replacing an
    earlier), so the two are alternatives of one function, which preprocessor or build conditions
    choose (``#ifdef … #else`` stubs): one definition for the reader, its first line."""
    head, mark, _ = sym.id.partition("#")
    first = nodes.get(head) if mark else None
    return first is not None and first.signature.strip() == sym.signature.strip()


def _inside_shown(
    u: ForwardUse, whole: Mapping[str, bool], nodes: Mapping[str, Symbol], shown: Mapping[str, list[tuple[int, int]]]
) -> bool:
    """Already before the reader: in a class listed whole (a member, a method), or on lines the
    diff or the changed code show."""
    holder = _holder(u.id)
    if holder in whole and (whole[holder] or not u.new):  # shown whole, and no later than this line would be
        return True
    sym = nodes.get(u.id)
    end = sym.end_line if sym is not None and "\n" in u.definition else u.line + u.definition.count("\n")
    return seen(shown, u.file, u.line, end)


def _holder(uid: str) -> str:
    """The id of the definition holding ``uid`` (``f.py::A.b`` → ``f.py::A``); "" at top level."""
    path, _, qualname = uid.partition("::")
    return f"{path}::{qualname.rsplit('.', 1)[0]}" if "." in qualname else ""


def _scope(reader: GraphReader, usage: Usage) -> Scope:
    def edges_of(files: set[str]) -> dict[str, set[str]]:
        return Scope.import_targets((e.source, e.target, e.kind) for e in reader.edges_from(files, [EdgeKind.IMPORTS]))

    using = set().union(*usage.files.values())
    return Scope(edges_of(using), reader.file_languages(), edges_of, lambda files: import_bindings(reader.conn, files))


def _once(read_source: Callable[[str], str | None]) -> Callable[[str], str | None]:
    texts: dict[str, str | None] = {}

    def read(path: str) -> str | None:  # each file once: the reader may run git for it
        if path not in texts:
            texts[path] = read_source(path)
        return texts[path]

    return read


def _definition(s: Symbol, read_source: Callable[[str], str | None], short: int) -> str:
    lines = (read_source(s.file) or "").splitlines()
    span = s.end_line - s.start_line + 1
    if s.kind == NodeKind.CLASS and s.start_line > 0 and span <= short and s.end_line <= len(lines):
        return "\n".join(lines[s.start_line - 1 : s.end_line])
    line = lines[s.start_line - 1].strip() if 0 < s.start_line <= len(lines) else ""
    if s.signature:
        # The line as written when it is the whole header (``class Router:``, ``… extends Error {``):
        # what a reader searches the file for. A header over several lines is folded to one.
        return line if _folded(line) == s.signature.strip() else s.signature.strip()
    return line


def _folded(line: str) -> str:
    """A header line folded as ``extract/symbols.py`` folds a signature (spaces, the body's opener)."""
    return " ".join(line.split()).rstrip("{:").strip()


def forward_pieces(
    uses: tuple[ForwardUse, ...], cut: bool, counter: TokenCounter, calls: Iterable[ForwardUse] = ()
) -> list[Piece]:
    """The ``uses`` blocks: the definitions newly used (``uses:forward``, kept longest at a tight
    budget), then the others with the ``calls`` of the changed symbols (the graph's forward edges)
    not listed yet, and last the names the changed docs write in backticks (``uses:more``)."""
    listed = {u.id for u in uses}
    whole = {u.id for u in uses if "\n" in u.definition}  # a class listed whole shows its methods
    more = [u for u in uses if not u.new and not u.docs]
    more += [c for c in calls if c.id not in listed and _holder(c.id) not in whole]
    blocks = [
        ("uses:forward", _items([u for u in uses if u.new], "New uses:")),
        ("uses:more", _items(more, "Also used:") + _items([u for u in uses if u.docs], "Named in the changed docs:")),
    ]
    if cut:
        blocks[1][1].append("- … more definitions used: the list was cut (forward context cap)")
    return [text_piece("uses", title, "\n".join(items), counter) for title, items in blocks if items]


def _items(uses: list[ForwardUse], label: str) -> list[str]:
    """Few tokens: the definitions grouped by file, each as its line number and its text (which
    names it); the file named once, in the order its first definition ranks."""
    files: dict[str, list[ForwardUse]] = {}
    for u in uses:
        files.setdefault(u.file, []).append(u)
    items = [label] if uses else []
    for file, group in files.items():
        items.append(f"- `{file}`" + (" (changed file)" if group[0].local else ""))
        for u in group:
            qualname = u.id.split("::", 1)[-1]
            body = u.definition or qualname
            owner = qualname.rsplit(".", 1)[0] + ": " if "." in qualname and u.definition else ""
            at = f"{u.line} " if u.line else ""
            items.append(
                f"  - {at}{owner}".rstrip() + f"\n{fence(body)}" if "\n" in body else f"  - {at}{owner}`{body}`"
            )
    return items


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
    changed_files = {d.path for d in impact.file_diffs if d.path}
    calls = [_call(uid, symbols.get(uid), changed_files) for uid in impact.radius.uses]
    kept = [p for p in pieces if p.section != "uses"]
    at = next((i for i, p in enumerate(kept) if p.section in ("hop3", "cochanged")), len(kept))
    return [*kept[:at], *forward_pieces(uses, cut, counter, calls), *kept[at:]]


def _call(uid: str, sym: Symbol | None, changed_files: set[str]) -> ForwardUse:
    """A function the changed symbols call (a forward edge of the graph), as a use kept."""
    if sym is None:
        return ForwardUse(uid, uid.split("::", 1)[0], 0, "", False, False)
    return ForwardUse(uid, sym.file, sym.start_line, sym.signature.strip(), False, sym.file in changed_files)


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
