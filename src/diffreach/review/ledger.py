"""The token bill: what each review context cost against what reading everything would.

Every context served (CLI or MCP) is one row of the ``ledger`` table in the
graph database: when, which diff (base/head), the budget, the detail level
reached, the tokens returned and the baseline (the whole indexed repository,
counted with the same tokenizer). ``stats`` turns the rows into totals, a
per-day series and the last N days against the N before. Baselines are
computed here too: for the heuristic from the stored file sizes (no file is
read), for an exact tokenizer by reading and counting every indexed file once;
either way cached in ``meta`` under a digest of the indexed files' hashes, so
the repository is counted again only when the graph changed. The rows themselves
(``Entry``) are written and read by ``graph/ledger.py``; rendering is the front
ends'. ``serve_context`` is the one call that builds a context from an impact
result, keeps its elided originals and bills it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from diffreach import git, worktree
from diffreach.graph.ledger import Entry, entries_since, insert_entry
from diffreach.graph.store import Store
from diffreach.model import EdgeKind, ImpactResult
from diffreach.review.context import LEVELS, ReviewContext, build_context, remember
from diffreach.review.forward import forward_uses
from diffreach.review.tokens import HeuristicCounter, TokenCounter

NOT_KEPT = (
    "the cut blocks could not be stored while the graph is being written (another process holds"
    " the write lock): their ids will not expand; run again to expand them"
)
NOT_BILLED = "the token bill misses this context: the graph was being written when it was served"


@dataclass(frozen=True)
class Stats:
    days: int
    contexts: int
    returned_tokens: int
    baseline_tokens: int
    saved_tokens: int
    saved_percent: int
    series: tuple[tuple[str, int, int, int], ...]  # (day, contexts, returned, saved), oldest first
    current: dict[str, int]  # the last ``days`` days
    previous: dict[str, int]  # the ``days`` before those
    change_percent: int | None  # returned tokens, current against previous; None without a previous

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["series"] = [
            {"day": d, "contexts": c, "returned_tokens": r, "saved_tokens": s} for d, c, r, s in self.series
        ]
        return data


def now_utc() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _stamp(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def record(store: Store, entry: Entry) -> None:
    with store.atomic() as conn:
        insert_entry(conn, entry)


def entries(store: Store, since: str = "") -> list[Entry]:
    return entries_since(store.conn, since)


def _window(rows: Iterable[Entry]) -> dict[str, int]:
    rows = list(rows)
    return {
        "contexts": len(rows),
        "returned_tokens": sum(e.returned_tokens for e in rows),
        "baseline_tokens": sum(e.baseline_tokens for e in rows),
        "saved_tokens": sum(e.saved for e in rows),
    }


def stats(store: Store, days: int = 30, now: dt.datetime | None = None) -> Stats:
    """Totals over all time, a per-day series of the last ``days`` days, and that window
    against the ``days`` days before it."""
    if days < 1:
        raise ValueError("days must be at least 1")
    now = now or now_utc()
    today = now.astimezone(dt.UTC).date()
    start = today - dt.timedelta(days=days - 1)
    previous_start = start - dt.timedelta(days=days)
    every = entries(store)
    current = [e for e in every if e.at[:10] >= start.isoformat()]
    previous = [e for e in every if previous_start.isoformat() <= e.at[:10] < start.isoformat()]
    by_day: dict[str, list[Entry]] = {}
    for e in current:
        by_day.setdefault(e.at[:10], []).append(e)
    series = []
    for i in range(days):
        day = (start + dt.timedelta(days=i)).isoformat()
        w = _window(by_day.get(day, []))
        series.append((day, w["contexts"], w["returned_tokens"], w["saved_tokens"]))
    total = _window(every)
    cur, prev = _window(current), _window(previous)
    change = (
        None
        if not prev["contexts"] or not prev["returned_tokens"]
        else round((cur["returned_tokens"] - prev["returned_tokens"]) / prev["returned_tokens"] * 100)
    )
    percent = round(total["saved_tokens"] / total["baseline_tokens"] * 100) if total["baseline_tokens"] else 0
    return Stats(
        days=days,
        contexts=total["contexts"],
        returned_tokens=total["returned_tokens"],
        baseline_tokens=total["baseline_tokens"],
        saved_tokens=total["saved_tokens"],
        saved_percent=percent,
        series=tuple(series),
        current=cur,
        previous=prev,
        change_percent=change,
    )


# ----- baselines ----------------------------------------------------------------------------------


def _files_digest(store: Store) -> str:
    h = hashlib.blake2b(digest_size=16)
    for path, (file_hash, _, _) in sorted(store.file_states().items()):
        h.update(f"{path}\0{file_hash}\n".encode())
    return h.hexdigest()


def _file_sizes(store: Store) -> dict[str, int]:
    return {path: size for path, (_, size, _) in store.file_states().items()}


def _count_files(
    paths: Iterable[str], sizes: dict[str, int], counter: TokenCounter, read: Callable[[str], str | None]
) -> int:
    if isinstance(counter, HeuristicCounter):
        return sum(counter.count_bytes(sizes.get(p, 0)) for p in paths)
    total = 0
    for p in paths:
        text = read(p)
        total += counter.count(text) if text else 0
    return total


def repository_baseline(store: Store, counter: TokenCounter, read: Callable[[str], str | None]) -> int:
    """Tokens of every indexed source file: what a reviewer reading everything would send."""
    key = f"baseline:{counter.name}"
    digest = _files_digest(store)
    cached = store.get_meta(key)
    if cached:
        data = json.loads(cached)
        if data.get("digest") == digest:
            return int(data["tokens"])
    sizes = _file_sizes(store)
    tokens = _count_files(sorted(sizes), sizes, counter, read)
    # A cache: while another connection holds the write lock (a long build) it is not kept,
    # and the answer does not wait for the lock; the next call counts again.
    store.write_if_free(lambda: store.set_meta(key, json.dumps({"digest": digest, "tokens": tokens})))
    return tokens


def importers_baseline(
    store: Store, files: Iterable[str], counter: TokenCounter, read: Callable[[str], str | None]
) -> int:
    """Tokens of the changed files plus every file that imports one of them."""
    changed = sorted(set(files))
    importers = {e.source for e in store.edges_to(changed, [EdgeKind.IMPORTS])}
    sizes = _file_sizes(store)
    return _count_files(sorted(set(changed) | importers), sizes, counter, read)


# ----- serving a context ----------------------------------------------------------------------------


def file_reader(root: str | Path, head: str = "") -> Callable[[str], str | None]:
    """A file's text on the new side of the diff: the working tree, the index or a revision."""
    top = Path(root).resolve()

    def read(path: str) -> str | None:
        if head and not head.startswith("("):
            data = git.show(top, head, path)
        elif head == "(staged)":
            data = git.show(top, "", path)
        else:
            data = worktree.read_file(top, path)
        return None if data is None else data.decode("utf-8", "surrogateescape")

    return read


def serve_context(
    store: Store,
    impact: ImpactResult,
    *,
    budget: int | None = 8000,
    counter: TokenCounter | None = None,
    min_detail: str | None = None,
    force_converge: bool = True,
    origin: str = "cli",
    read: Callable[[str], str | None] | None = None,
) -> ReviewContext:
    """Build the review context of ``impact``, keep its originals for ``expand``, bill it."""
    counter = counter or HeuristicCounter()
    read = read or file_reader(store.root, impact.head)
    working = file_reader(store.root)  # the baseline is the indexed tree, as indexed
    baseline = repository_baseline(store, counter, working)
    changed_files = sorted({d.path for d in impact.file_diffs if d.path} | {c.file for c in impact.radius.changed})
    importers = importers_baseline(store, changed_files, counter, working)
    hashes = {p: h for p, (h, _, _) in store.file_states().items()}
    wanted = set(impact.radius.uses) | {r.id for r in impact.radius.reached} | {c.id for c in impact.radius.changed}
    ctx = build_context(
        impact,
        read,
        budget=budget,
        counter=counter,
        min_detail=min_detail or LEVELS[-1],
        force_converge=force_converge,
        baseline_tokens=baseline,
        importers_baseline_tokens=importers,
        symbols=store.symbols(wanted),
        file_hash=hashes.get,
        forward=forward_uses(store, impact, read),  # issue 23: what the changed lines use
    )
    entry = Entry(
        at=_stamp(now_utc()),
        base=impact.base,
        head=impact.head,
        budget=budget,
        level=ctx.level,
        returned_tokens=ctx.tokens,
        baseline_tokens=baseline,
        tokenizer=counter.name,
        origin=origin,
    )
    # A reader's answer never waits for the write lock (a long build may hold it for minutes):
    # what cannot be written now is skipped, and the result says so.
    notes = []
    if not store.write_if_free(lambda: remember(store.conn, ctx)) and ctx.originals:
        notes.append(NOT_KEPT)
    if not store.write_if_free(lambda: insert_entry(store.conn, entry)):
        notes.append(NOT_BILLED)
    return replace(ctx, notes=ctx.notes + tuple(notes)) if notes else ctx
