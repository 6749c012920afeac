"""Lossless compression of a diff that is over its share of the budget.

A unified diff is cut into *segments* (a file's header, a hunk's header, runs of its lines);
compression replaces whole segments with one-line stubs whose id ``expand`` turns back into the
segment's exact text, so that the stubs' originals, put back in place, give the diff byte for
byte. The steps run in order, least informative first, and stop as soon as the diff fits:

1. the bodies of lockfiles and of generated- or vendored-looking files (by path);
2. added runs that repeat a removed run of the same diff line for line (moved code);
3. unchanged context lines beyond one around each change;
4. whole hunk bodies, the least central first: a hunk's centrality is the highest rank of the
   changed symbols it overlaps (the caller's ranking), so the most central hunks stay whole
   longest.

When every body is a stub the diff is at its *floor*: the file headers and hunk headers with
their stub lines; it cannot be smaller without losing what changed where.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass

from diffreach.model import ImpactResult
from diffreach.review.blocks import SEP, fence
from diffreach.review.tokens import TokenCounter

__all__ = ["GENERATED_PATTERNS", "LOCKFILES", "CompressedDiff", "DiffStub", "compress_diff"]

# File names of dependency lockfiles: package managers write them, nobody reviews them line by line.
LOCKFILES = frozenset(
    {
        "package-lock.json",
        "npm-shrinkwrap.json",
        "yarn.lock",
        "pnpm-lock.yaml",
        "bun.lockb",
        "Cargo.lock",
        "poetry.lock",
        "Pipfile.lock",
        "uv.lock",
        "pdm.lock",
        "go.sum",
        "Gemfile.lock",
        "composer.lock",
        "Podfile.lock",
        "Package.resolved",
        "gradle.lockfile",
        "mix.lock",
        "flake.lock",
    }
)
# Paths that look generated or vendored: minified or bundled output, vendored trees, snapshots.
GENERATED_PATTERNS = (
    r"(^|/)(vendor|vendored|third_party|node_modules|dist|build)/",
    r"\.min\.(js|css)$",
    r"\.(bundle|chunk)\.js$",
    r"(^|/)__snapshots__/",
    r"\.snap$",
    r"(_pb2\.py|_pb2_grpc\.py|\.pb\.go|\.pb\.cc|\.pb\.h)$",
    r"(^|[/._-])generated([/._-]|$)",
    r"\.map$",
)
_GENERATED = re.compile("|".join(GENERATED_PATTERNS))
MOVED_MIN_LINES = 3  # a shorter repeated run is as likely chance as a move


@dataclass(frozen=True, slots=True)
class DiffStub:
    id: str
    text: str  # the exact original segment


@dataclass(frozen=True)
class CompressedDiff:
    text: str
    stubs: tuple[DiffStub, ...]
    tokens: int
    floor: int  # tokens of the diff with every body stubbed
    steps: tuple[str, ...]  # the steps that ran


@dataclass(eq=False)  # compared by identity: two segments may hold the same text
class _Seg:
    text: str
    kind: str  # "head" (never stubbed), "context", "change", "body"
    file: str
    hunk: int  # index of the hunk in the whole diff, -1 for a file header
    note: str = ""
    stub: str | None = None


@dataclass
class _Hunk:
    index: int
    file: str
    new_start: int
    new_end: int


def _short_hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogateescape"), digest_size=5).hexdigest()


_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


def _parse(diff: str) -> tuple[list[_Seg], list[_Hunk]]:
    """Segments in order; their texts joined give ``diff`` exactly."""
    segs: list[_Seg] = []
    hunks: list[_Hunk] = []
    path = ""
    current: _Hunk | None = None
    for line in diff.splitlines(keepends=True):
        if line.startswith("diff --git ") or (current is None and not line.startswith("@@")):
            if line.startswith("diff --git "):
                current = None
                path = line.rstrip("\n").rsplit(" b/", 1)[-1]
            elif line.startswith("+++ b/"):
                path = line[6:].rstrip("\n")
            _append(segs, line, "head", path, -1)
            continue
        m = _HUNK.match(line)
        if m:
            start = int(m.group(1))
            count = 1 if m.group(2) is None else int(m.group(2))
            current = _Hunk(len(hunks), path, start, start + max(count, 1) - 1)
            hunks.append(current)
            segs.append(_Seg(line, "head", path, current.index))
            continue
        assert current is not None
        kind = "context" if line.startswith(" ") or line.strip() == "" else "change"
        if kind == "change" and line.startswith("\\"):
            kind = "context"  # "\ No newline at end of file" belongs with its line
        _append(segs, line, kind, path, current.index)
    return segs, hunks


def _append(segs: list[_Seg], line: str, kind: str, file: str, hunk: int) -> None:
    last = segs[-1] if segs else None
    if last is not None and last.kind == kind and last.hunk == hunk and last.file == file and kind != "head":
        last.text += line
    else:
        segs.append(_Seg(line, kind, file, hunk))


def _split_context(segs: list[_Seg], keep: int = 1) -> list[_Seg]:
    """Context runs split so that the ``keep`` lines next to a change stand apart from the rest."""
    out: list[_Seg] = []
    for i, s in enumerate(segs):
        if s.kind != "context":
            out.append(s)
            continue
        lines = s.text.splitlines(keepends=True)
        before = i > 0 and segs[i - 1].kind == "change" and segs[i - 1].hunk == s.hunk
        after = i + 1 < len(segs) and segs[i + 1].kind == "change" and segs[i + 1].hunk == s.hunk
        head = keep if before else 0
        tail = keep if after else 0
        if len(lines) <= head + tail + 1:
            out.append(s)
            continue
        parts = [
            (lines[:head], "near"),
            (lines[head : len(lines) - tail], "context"),
            (lines[len(lines) - tail :], "near"),
        ]
        out.extend(_Seg("".join(ls), kind, s.file, s.hunk) for ls, kind in parts if ls)
    return out


def _stub_line(seg: _Seg) -> str:
    n = seg.text.count("\n") + (0 if seg.text.endswith("\n") else 1)
    return f"⋯ {seg.note}: {n} line{'s' if n != 1 else ''} stubbed · `diffreach expand {seg.stub}`\n"


def _shown(s: _Seg) -> str:
    return s.text if s.stub is None else _stub_line(s)


def _collapse(segs: list[_Seg], members: list[_Seg], what: str) -> _Seg:
    """``members`` (contiguous in ``segs``) replaced by one stubbed segment of their joined text."""
    first = segs.index(members[0])
    text = "".join(m.text for m in members)
    seg = _Seg(
        text,
        "body",
        members[0].file,
        members[0].hunk,
        what,
        f"diff:{members[0].file}#{members[0].hunk}@{_short_hash(text)}",
    )
    segs[first : first + len(members)] = [seg]
    return seg


def compress_diff(
    diff: str,
    target: int,
    counter: TokenCounter,
    central: Callable[[str, int, int], float] | None = None,
    *,
    lockfiles: frozenset[str] = LOCKFILES,
    generated: re.Pattern[str] = _GENERATED,
    moved_min_lines: int = MOVED_MIN_LINES,
) -> CompressedDiff:
    """``diff`` made to fit ``target`` tokens if it can, losslessly (see the module's doc).

    ``central(file, first_line, last_line)`` ranks a hunk by the changed symbols it overlaps
    (higher stays whole longer); without it, hunks are stubbed largest first.
    """
    segs, hunks = _parse(diff)
    segs = _split_context(segs)
    counts: dict[int, tuple[str, int]] = {}  # id(seg) → (shown text, tokens), recounted only when changed

    def tokens_of(s: _Seg) -> int:
        text = _shown(s)
        known = counts.get(id(s))
        if known is None or known[0] != text:
            known = counts[id(s)] = (text, counter.count(text))
        return known[1]

    floor = _floor(segs, hunks, counter, lockfiles, generated)
    steps: list[str] = []
    total = sum(tokens_of(s) for s in segs)
    alive = {id(s) for s in segs}
    for name in ("lockfiles and generated files", "moved blocks", "context lines", "hunks"):
        if total <= target:
            break
        steps.append(name)
        for members, what in _victims(name, segs, hunks, central, tokens_of, lockfiles, generated, moved_min_lines):
            live = [m for m in members if id(m) in alive]
            if len(live) != len(members) or (len(live) == 1 and live[0].stub is not None):
                continue
            alive.difference_update(id(m) for m in live)
            before = sum(tokens_of(m) for m in live)
            seg = _collapse(segs, live, what)
            alive.add(id(seg))
            total += tokens_of(seg) - before
            if total <= target:
                break
    stubs = {s.stub: DiffStub(s.stub, s.text) for s in segs if s.stub is not None}
    text = "".join(_shown(s) for s in segs)
    return CompressedDiff(text, tuple(stubs.values()), counter.count(text), floor, tuple(steps))


def _victims(
    step: str,
    segs: list[_Seg],
    hunks: list[_Hunk],
    central: Callable[[str, int, int], float] | None,
    tokens_of: Callable[[_Seg], int],
    lockfiles: frozenset[str],
    generated: re.Pattern[str],
    moved_min_lines: int,
) -> list[tuple[list[_Seg], str]]:
    """The groups of contiguous segments one step stubs, in the order it stubs them."""
    if step == "lockfiles and generated files":
        files: dict[str, list[_Seg]] = {}
        for s in segs:
            if s.hunk >= 0 and _noise(s.file, lockfiles, generated):
                files.setdefault(s.file, []).append(s)
        return [(members, "generated or lockfile") for members in files.values()]
    if step == "moved blocks":
        return [([s], what) for s, what in _moved(segs, moved_min_lines)]
    rank = {h.index: (central(h.file, h.new_start, h.new_end) if central else 0.0) for h in hunks}
    if step == "context lines":
        context = [s for s in segs if s.kind == "context"]
        context.sort(key=lambda s: (rank.get(s.hunk, 0.0), -tokens_of(s), s.hunk))
        return [([s], "unchanged lines") for s in context]
    bodies: dict[int, list[_Seg]] = {}
    for s in segs:
        if s.hunk >= 0 and s.kind != "head":
            bodies.setdefault(s.hunk, []).append(s)
    order = sorted(bodies, key=lambda h: (rank.get(h, 0.0), -sum(tokens_of(s) for s in bodies[h]), h))
    return [(bodies[h], "hunk lines") for h in order]


def _floor(
    segs: list[_Seg], hunks: list[_Hunk], counter: TokenCounter, lockfiles: frozenset[str], generated: re.Pattern[str]
) -> int:
    """Tokens of the diff with every body stubbed: the headers and one stub line per body."""
    heads = sum(
        counter.count(s.text)
        for s in segs
        if s.kind == "head" and not (s.hunk >= 0 and _noise(s.file, lockfiles, generated))
    )
    sample = _Seg("x\n" * 999, "body", "x" * 40, 999, "generated or lockfile", "diff:" + "x" * 40 + "#999@" + "0" * 10)
    bodies = len({h.index for h in hunks if not _noise(h.file, lockfiles, generated)})
    bodies += len({h.file for h in hunks if _noise(h.file, lockfiles, generated)})
    return heads + bodies * counter.count(_stub_line(sample))


def _noise(path: str, lockfiles: frozenset[str], generated: re.Pattern[str]) -> bool:
    return path.rsplit("/", 1)[-1] in lockfiles or bool(generated.search(path))


def _moved(segs: list[_Seg], min_lines: int) -> list[tuple[_Seg, str]]:
    """Added runs whose lines repeat a removed run elsewhere in the diff, line for line."""
    removed: dict[str, str] = {}
    for s in segs:
        if s.kind == "change":
            lines = s.text.splitlines()
            body = [ln[1:].strip() for ln in lines if ln.startswith("-")]
            if len(body) >= min_lines and len(body) == len(lines):
                removed["\n".join(body)] = s.file
    out: list[tuple[_Seg, str]] = []
    for s in segs:
        if s.kind == "change":
            lines = s.text.splitlines()
            body = [ln[1:].strip() for ln in lines if ln.startswith("+")]
            if len(body) >= min_lines and len(body) == len(lines) and "\n".join(body) in removed:
                out.append((s, f"moved from {removed[chr(10).join(body)]} (same lines as removed there)"))
    return out


DIFF_SHARE = 0.6  # of a tight budget, the part the diff keeps before it is compressed


def fit_diff(
    raw: str,
    budget: int,
    counter: TokenCounter,
    rest: tuple[int, int, int],
    central: Callable[[str, int, int], float] | None = None,
    share: float = DIFF_SHARE,
) -> tuple[str, CompressedDiff] | None:
    """The diff section (``## Diff`` and its fence) compressed to leave room for the rest, or
    None when the diff as it is leaves room enough.

    ``rest`` is (tokens of everything but the diff and the blocks; the blocks at the least
    detailed level; the blocks with every one stubbed). The diff is compressed only when it is
    over both ``share`` of the budget and what the blocks at their least detail leave; never
    below what the blocks all stubbed leave.
    """
    fixed, low, stubbed = rest
    section = _section(raw)
    tokens = counter.count(section + SEP)
    room = budget - fixed - stubbed
    limit = min(room, max(int(budget * share), budget - fixed - low))
    if tokens <= limit:
        return None
    overhead = counter.count(_section("") + SEP) + 1
    compressed = compress_diff(raw, max(0, limit - overhead), counter, central)
    return _section(compressed.text), compressed


def _section(diff: str) -> str:
    return "## Diff\n" + fence(diff.rstrip("\n"), "diff")


def centrality(impact: ImpactResult) -> Callable[[str, int, int], float]:
    """A hunk's rank: the most callers of a changed symbol it overlaps (its lines stay longest)."""
    callers: dict[str, int] = {}
    for r in impact.radius.reached:
        callers[r.via] = callers.get(r.via, 0) + 1
    spans = [(c.file, c.start_line, c.end_line, 1.0 + callers.get(c.id, 0)) for c in impact.radius.changed]

    def rank(file: str, first: int, last: int) -> float:
        return max((w for f, a, b, w in spans if f == file and a <= last and first <= b), default=0.0)

    return rank
