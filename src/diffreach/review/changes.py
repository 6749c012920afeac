"""Hunks → changed symbols, each with the kinds of its change.

Both versions of a changed file are read into symbols by the ordinary extractor
(``extract_symbols``: a whole extraction's symbols without their notes, matched by the
query's definition, comment and docstring patterns alone, a query quicker to compile), and every line of each version is
painted with its innermost enclosing definition (parents first, children over
them), so a line inside a method belongs to the method and a class's own lines
(bases, decorators, fields) to the class; lines outside any definition belong to
the file node. Added lines pick symbols in the
new version, removed lines in the old one. The two versions' definitions pair by
qualified name, and the members of an overload family by signature, not by ordinal
(``pairing.py``); a symbol on one side only is ``added`` or ``deleted``, and a
deleted/added pair of one kind under one parent whose text matches once the name
is swapped is ``renamed`` (the new id says
``renamed``, the old id ``deleted``, so callers of the old name are walked).
For a symbol on both sides the kinds come from comparing its own text (lines
of nested definitions excluded): decorators, the header split around the name
(parameters → ``signature``, text after them → ``return`` or ``raises``,
modifier words → ``visibility``), statements opened by a return or raise
keyword, and the rest (``body``: ``change_kinds.py``). The words come from the ``LanguageSpec``; this
module never branches on a language. A change that only touches blank lines,
trailing spaces or comments is not reported: comment-only lines are left out and a
comment after code is cut off (``comments.py``), so a doc comment above a new
function is not a change of the module around it. When a reader cannot supply a
version, it is rebuilt from the other version and the diff, or from the diff alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from difflib import SequenceMatcher
from typing import NamedTuple

from diffreach.extract.comments import Comments, comments_in
from diffreach.extract.core import extract_symbols
from diffreach.languages import language_for
from diffreach.languages.binding import parameters_of
from diffreach.languages.spec import LanguageSpec
from diffreach.model import Change, ChangeKind, FileDiff, NodeKind, Symbol
from diffreach.review.change_kinds import change_kinds, name_swapper, normal_lines
from diffreach.review.diff import hunk_bodies
from diffreach.review.pairing import free_id, pair_definitions, signature_key

Reader = Callable[[str], bytes | None]


_RENAME_SIMILARITY = 0.8  # share of equal lines (difflib ratio) for a rename
_FUZZY_PAIRS = 400  # deleted × added pairs compared fuzzily; beyond, exact matches only


class _Version(NamedTuple):
    """One side of a changed file: its symbols and the owner of each line. (A named tuple: no
    dataclass methods to compile at load, a share of every warm answer's start.)"""

    path: str
    lines: tuple[str, ...]
    file: Symbol
    symbols: dict[str, Symbol]  # definitions by id, in source order (parents first)
    owner: tuple[str, ...]  # owner[line] = innermost symbol id; index 0 unused
    comments: Comments  # comment-only lines and trailing comments: never part of a comparison
    data: bytes  # the version's text, for the parameter lists that tell overloads apart

    def owner_of(self, line: int) -> str:
        return self.owner[line] if 0 < line < len(self.owner) else self.path

    def own_lines(self, sym: Symbol) -> list[str]:
        """The symbol's own lines of code, comments cut off (nested symbols' lines are theirs)."""
        code = (
            self.comments.code(n, self.lines[n - 1])
            for n in range(sym.start_line, min(sym.end_line, len(self.lines)) + 1)
            if self.owner[n] == sym.id
        )
        return [line for line in code if line is not None]

    def all_lines(self, sym: Symbol) -> list[str]:
        return list(self.lines[sym.start_line - 1 : sym.end_line])


def unsupported_files(file_diffs: Sequence[FileDiff]) -> tuple[str, ...]:
    """Paths whose changes map to no symbol: binary files and unsupported languages."""
    found = {fd.path: None for fd in file_diffs if fd.binary or _spec(fd) is None}
    return tuple(found)


def changed_symbols(file_diffs: Sequence[FileDiff], read_old: Reader, read_new: Reader) -> tuple[Change, ...]:
    """The symbols a diff changes, sorted by (file, start_line), one per id.

    ``read_old(path)`` / ``read_new(path)`` give a file's bytes before / after
    the diff, or None when they cannot (the diff then stands in for them).
    """
    found: dict[str, Change] = {}
    for fd in file_diffs:
        spec = _spec(fd)
        if fd.binary or spec is None:
            continue
        old, new = _versions(fd, spec, read_old, read_new)
        for change in _file_changes(fd, old, new, spec):
            known = found.get(change.id)
            if known is not None:
                merged = tuple(sorted(set(known.changes) | set(change.changes)))
                change = Change(
                    known.id,
                    known.kind,
                    known.file,
                    merged,
                    known.start_line,
                    known.end_line,
                    known.signature,
                    known.old_signature or change.old_signature,
                    known.old_start_line or change.old_start_line,
                )
            found[change.id] = change
    return tuple(sorted(found.values(), key=lambda c: (c.file, c.start_line, c.id)))


def side_bytes(fd: FileDiff, read_old: Reader, read_new: Reader, old: bool) -> bytes | None:
    """One side of a changed file as the change mapper reads it: from its reader, or rebuilt
    from the other side and the diff, or from the diff alone; None for the side of an added
    (old) or deleted (new) file."""
    path, other_path = (fd.old_path, fd.new_path) if old else (fd.new_path, fd.old_path)
    if path is None:
        return None
    data = (read_old if old else read_new)(path)
    if data is not None:
        return data
    other = (read_new if old else read_old)(other_path) if other_path is not None else None
    bodies = hunk_bodies(fd)
    lines = (
        _apply(_lines(other), fd, bodies, forward=not old)
        if other is not None
        else _sparse(fd, bodies, "-" if old else "+")
    )
    return "\n".join(lines).encode("utf-8", "replace") + (b"\n" if lines else b"")


def _spec(fd: FileDiff) -> LanguageSpec | None:
    return language_for(fd.new_path or "") or language_for(fd.old_path or "")


# -- the two versions ---------------------------------------------------------


def _versions(
    fd: FileDiff, spec: LanguageSpec, read_old: Reader, read_new: Reader
) -> tuple[_Version | None, _Version | None]:
    old_data = read_old(fd.old_path) if fd.old_path is not None else None
    new_data = read_new(fd.new_path) if fd.new_path is not None else None
    old_lines = _lines(old_data) if old_data is not None else None
    new_lines = _lines(new_data) if new_data is not None else None
    if (fd.old_path is not None and old_lines is None) or (fd.new_path is not None and new_lines is None):
        bodies = hunk_bodies(fd)
        if fd.old_path is not None and old_lines is None:
            old_lines = (
                _apply(new_lines, fd, bodies, forward=False) if new_lines is not None else _sparse(fd, bodies, "-")
            )
        if fd.new_path is not None and new_lines is None:
            new_lines = (
                _apply(old_lines, fd, bodies, forward=True) if old_lines is not None else _sparse(fd, bodies, "+")
            )
    old = _version(fd.old_path, old_lines, spec) if fd.old_path is not None and old_lines is not None else None
    new = _version(fd.new_path, new_lines, spec) if fd.new_path is not None and new_lines is not None else None
    return old, new


def _lines(data: bytes) -> list[str]:
    lines = data.decode("utf-8", "replace").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def _apply(lines: list[str], fd: FileDiff, bodies: tuple[tuple[tuple[str, str], ...], ...], forward: bool) -> list[str]:
    """The other side of the file: ``lines`` with the hunks applied (or undone)."""
    drop = "-" if forward else "+"
    out: list[str] = []
    pos = 1  # next line of ``lines`` to copy, 1-based
    for hunk, body in zip(fd.hunks, bodies):
        start, count = (hunk.old_start, hunk.old_count) if forward else (hunk.new_start, hunk.new_count)
        start = start if count else start + 1  # an empty range names the line before it
        if start > pos:
            out.extend(lines[pos - 1 : start - 1])
            pos = start
        for tag, text in body:
            if tag == " ":
                out.append(text)
                pos += 1
            elif tag == drop:
                pos += 1
            else:
                out.append(text)
    out.extend(lines[pos - 1 :])
    return out


# Beyond any file the index reads (1 MB by default): a hunk header naming line 1,111,111,111
# must not build a list that long (found by fuzzing: the change mapper hung on a 309-byte diff).
MAX_SPARSE_LINE = 1_000_000


def _sparse(fd: FileDiff, bodies: tuple[tuple[tuple[str, str], ...], ...], side: str) -> list[str]:
    """What the diff alone shows of one side; unknown lines are left blank, and lines past
    ``MAX_SPARSE_LINE`` are not shown (no real file reaches them)."""
    known: dict[int, str] = {}
    for hunk, body in zip(fd.hunks, bodies):
        number = hunk.old_start if side == "-" else hunk.new_start
        for tag, text in body:
            if tag == " " or tag == side:
                if number <= MAX_SPARSE_LINE:
                    known[number] = text
                number += 1
    return [known.get(n, "") for n in range(1, max(known, default=0) + 1)]


def _version(path: str, lines: list[str], spec: LanguageSpec) -> _Version:
    data = "\n".join(lines).encode("utf-8", "replace") + (b"\n" if lines else b"")
    spans: list[tuple[int, int]] = []
    symbols = extract_symbols(path, data, spec, comment_spans=spans, notes=False)  # notes: never read here
    defs = sorted((s for s in symbols if s.kind != NodeKind.FILE), key=lambda s: (s.start_line, -s.end_line))
    owner = [path] * (len(lines) + 1)
    for sym in defs:  # parents come first, so children paint over them
        for n in range(sym.start_line, min(sym.end_line, len(lines)) + 1):
            owner[n] = sym.id
    defs = [_with_decorators(sym, lines, owner, spec.decorator_prefix) for sym in defs]
    file_symbol = next(s for s in symbols if s.kind == NodeKind.FILE)
    by_id = {s.id: s for s in defs}
    return _Version(path, tuple(lines), file_symbol, by_id, tuple(owner), comments_in(data, spans), data)


def _with_decorators(sym: Symbol, lines: list[str], owner: list[str], prefix: str) -> Symbol:
    """Extend a definition over the decorator lines right above it that the grammar
    left outside its node (TypeScript method decorators, attributes), so that they
    mark the definition and not its class. A line no definition holds is the file's: a
    Rust method's attributes sit in an `impl` block, which is no node, apart from its type."""
    start = sym.start_line
    outer = (sym.parent or sym.file, sym.file)
    while prefix and 1 < start <= len(lines) + 1:
        top = _decorator_top(lines, owner, start - 1, prefix, outer)
        if top is None:
            break
        for n in range(top, start):
            owner[n] = sym.id
        start = top
    return sym if start == sym.start_line else replace(sym, start_line=start)


_DECORATOR_LINES = 30  # the longest decorator looked for above a definition, in lines


def _decorator_top(lines: list[str], owner: list[str], end: int, prefix: str, outer: tuple[str, ...]) -> int | None:
    """The first line (1-based) of the decorator that ends at line ``end``: that line when it
    opens with the prefix, else the line above that opens it and balances its brackets
    (`#[cfg(any(` … `))]`); None when no decorator ends there or a line belongs to a definition."""
    depth = 0
    for n in range(end, max(end - _DECORATOR_LINES, 0), -1):
        if owner[n] not in outer:
            return None
        text = lines[n - 1].strip()
        depth += sum(text.count(c) for c in ")]}") - sum(text.count(c) for c in "([{")
        if text.startswith(prefix):
            return n if depth == 0 else None
        if depth <= 0:
            return None  # a line that closes nothing it did not open: no decorator continues above
    return None


# -- symbols of one file diff --------------------------------------------------


def _file_changes(fd: FileDiff, old: _Version | None, new: _Version | None, spec: LanguageSpec) -> list[Change]:
    if old is None and new is None:
        return []
    if old is None:
        assert new is not None
        top = [s for s in new.symbols.values() if s.parent == new.path]
        return [_change(new.file, (ChangeKind.ADDED,), None)] + [_change(s, (ChangeKind.ADDED,), None) for s in top]
    if new is None:
        return [_deleted(s) for s in (old.file, *old.symbols.values())]
    if old.path != new.path:
        return _moved(old, new, spec)
    return _edited(fd, old, new, spec)


def _moved(old: _Version, new: _Version, spec: LanguageSpec) -> list[Change]:
    """A renamed file: every old id is gone; new symbols pair with old ones by name (and
    overloads by signature: ``pairing.py``)."""
    out = [_deleted(s) for s in (old.file, *old.symbols.values())]
    old_of = {n: o for o, n in _pairs(old, new, spec).items()}
    module = _compare(old, old.file, new, new.file, spec)
    out.append(_change(new.file, (ChangeKind.RENAMED, *module), old.file))
    for sym in new.symbols.values():
        before = old.symbols.get(old_of.get(sym.id, ""))
        if before is None:
            out.append(_change(sym, (ChangeKind.ADDED,), None))
        else:
            out.append(_change(sym, (ChangeKind.RENAMED, *_compare(old, before, new, sym, spec)), before))
    return out


def _edited(fd: FileDiff, old: _Version, new: _Version, spec: LanguageSpec) -> list[Change]:
    touched_old = {old.owner_of(n) for h in fd.hunks for n in h.removed}
    touched_new = {new.owner_of(n) for h in fd.hunks for n in h.added}
    new_of = _pairs(old, new, spec)  # old id → new id: overloads by signature, not by ordinal
    old_of = {n: o for o, n in new_of.items()}
    gone = [s for i, s in old.symbols.items() if i in touched_old and i not in new_of]
    born = [s for i, s in new.symbols.items() if i in touched_new and i not in old_of]
    gone = _with_descendants(gone, old, new_of)
    born = _with_descendants(born, new, old_of)
    renames = _pair_renames(gone, born, old, new, new_of)
    both = {new.path: old.path} if old.path in touched_old or new.path in touched_new else {}
    both.update((n, old_of[n]) for n in touched_new if n in old_of)
    both.update((new_of[o], o) for o in touched_old if o in new_of)
    out: list[Change] = []
    for ident in sorted(both):
        before = old.file if ident == new.path else old.symbols[both[ident]]
        after = new.file if ident == new.path else new.symbols[ident]
        kinds = _compare(old, before, new, after, spec)
        if kinds:
            out.append(_change(after, kinds, before))
    held = set(new.symbols)
    for sym in gone:
        ident = free_id(sym, held)
        held.add(ident)
        out.append(_deleted(replace(sym, id=ident)))
    for sym in born:
        pair = renames.get(sym.id)
        if pair is None:
            out.append(_change(sym, (ChangeKind.ADDED,), None))
        else:
            before = pair[0]
            kinds = _compare(old, before, new, sym, spec, rename=(before.name, sym.name))
            out.append(_change(sym, (ChangeKind.RENAMED, *kinds), before))
    return out


def _pairs(old: _Version, new: _Version, spec: LanguageSpec) -> dict[str, str]:
    return pair_definitions(
        old.symbols.values(),
        new.symbols.values(),
        lambda s: signature_key(s, old.data, spec),
        lambda s: signature_key(s, new.data, spec),
        lambda s, is_new: _text(new if is_new else old, s),
    )


def _text(version: _Version, sym: Symbol) -> str:
    """A definition's lines, spaces at either end cut off (moved by an edit around it, still itself)."""
    return "\n".join(line.strip() for line in version.lines[sym.start_line - 1 : sym.end_line])


def _with_descendants(roots: list[Symbol], version: _Version, paired: dict[str, str]) -> list[Symbol]:
    """Symbols on one side only, plus their nested ones that pair with nothing on the other
    side (renaming a class changes the ids of methods whose lines did not change)."""
    chosen = {s.id for s in roots}
    for sym in version.symbols.values():  # parents first
        if sym.id not in chosen and sym.parent in chosen and sym.id not in paired:
            chosen.add(sym.id)
    return [s for s in version.symbols.values() if s.id in chosen]


def _pair_renames(
    gone: list[Symbol], born: list[Symbol], old: _Version, new: _Version, paired: dict[str, str]
) -> dict[str, tuple[Symbol, float]]:
    """new id → (old symbol, similarity) for deleted/added pairs that are one symbol renamed."""
    pairs: dict[str, tuple[Symbol, float]] = {}
    parent_map = dict(paired)  # old id → new id, for children of renamed symbols
    fuzzy = len(gone) * len(born) <= _FUZZY_PAIRS
    taken: set[str] = set()
    for before in gone:
        before_parent = parent_map.get(before.parent or "", before.parent)
        best: tuple[float, Symbol] | None = None
        for after in born:
            if after.id in taken or after.kind != before.kind or after.parent != before_parent:
                continue
            score = _similarity(old, before, new, after, fuzzy)
            if score >= _RENAME_SIMILARITY and (best is None or score > best[0]):
                best = (score, after)
        if best is not None:
            taken.add(best[1].id)
            pairs[best[1].id] = (before, best[0])
            parent_map[before.id] = best[1].id
    return pairs


def _similarity(old: _Version, before: Symbol, new: _Version, after: Symbol, fuzzy: bool) -> float:
    swap = name_swapper(before.name, after.name)
    a = normal_lines(swap(line) for line in old.all_lines(before))
    b = normal_lines(new.all_lines(after))
    if a == b:
        return 1.0
    if not fuzzy:
        return 0.0
    return SequenceMatcher(None, a, b, autojunk=False).ratio()


def _compare(
    old: _Version,
    before: Symbol,
    new: _Version,
    after: Symbol,
    spec: LanguageSpec,
    rename: tuple[str, str] | None = None,
) -> tuple[str, ...]:
    kinds = change_kinds(old.own_lines(before), before, new.own_lines(after), after, spec, rename)
    if (
        after.kind == NodeKind.CLASS
        and ChangeKind.SIGNATURE not in kinds
        and _fields_changed(old, before, new, after, spec)
    ):
        kinds = (*kinds, ChangeKind.SIGNATURE)
    return kinds


def _fields_changed(old: _Version, before: Symbol, new: _Version, after: Symbol, spec: LanguageSpec) -> bool:
    """A class whose constructor its language generates from its fields (a Python dataclass: the
    binding query reads the class as a definition, its fields as the parameters) has a new
    signature when they differ, though its header did not change."""
    if spec.binding_rules is None or not spec.binding_rules.fields_make_constructors:
        return False  # no class is a binding definition: no file is parsed for it
    was = parameters_of(spec, old.data, before.start_line, before.name)
    now = parameters_of(spec, new.data, after.start_line, after.name)
    return was is not None and now is not None and was != now


def _change(sym: Symbol, kinds: Iterable[str], before: Symbol | None) -> Change:
    return Change(
        sym.id,
        sym.kind,
        sym.file,
        tuple(sorted(set(kinds))),
        sym.start_line,
        sym.end_line,
        sym.signature,
        before.signature if before is not None else "",
        before.start_line if before is not None else 0,
    )


def _deleted(sym: Symbol) -> Change:
    return Change(
        sym.id,
        sym.kind,
        sym.file,
        (ChangeKind.DELETED,),
        sym.start_line,
        sym.end_line,
        sym.signature,
        sym.signature,
        sym.start_line,
    )
