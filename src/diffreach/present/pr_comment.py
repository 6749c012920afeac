"""A blast radius as a pull-request comment.

Two pure steps, so the comment is stable and testable: ``review_data`` turns an
``ImpactResult`` (plus the review context's token figures, when there are any)
into a JSON-ready dict, which is also the ``review --format json`` output; and
``render_review`` turns that dict into GitHub Markdown: a hidden marker (the
GitHub Action finds its own comment by it and updates it in place), one summary
line, a table of the callers whose behaviour may change, collapsible lists per
hop, tests to run, files history changed together with the change (apart from
the radius), and notes on cuts, ambiguity and a stale graph. Lists are
capped by parameters and say how many were left out; nothing is sorted by
anything but the radius's own order and names, so the same radius gives the
same bytes.
"""

from __future__ import annotations

import re
from typing import Any

from diffreach import api
from diffreach.model import ImpactResult, Reached
from diffreach.present.text import warmup_header

MARKER = "<!-- diffreach -->"


def _where(file: str, line: int) -> str:
    return f"{file}:{line}" if line else file


def _files_by_hop(result: ImpactResult) -> dict[int, int]:
    """Hop 0: the changed files; each later hop: the distinct files holding its callers that no
    earlier hop's callers were in. A changed file is counted again when it holds a caller: the
    count agrees with the hop's list below it (one caller is never "0 files")."""
    r = result.radius
    counts = {0: len({c.file for c in r.changed})}
    seen: set[str] = set()
    for hop in sorted({x.hop for x in r.reached}):
        new = {x.file for x in r.reached if x.hop == hop} - seen
        counts[hop] = len(new)
        seen |= new
    return counts


def _why(result: ImpactResult, reached: Reached) -> str:
    changes = {c.id: c for c in result.radius.changed}
    if reached.reasons:  # the call sites were judged: their reason, in the reviewer's terms
        return "; ".join(reached.reasons)
    if reached.behavior >= api.MISMATCH_SCORE:
        return "call site no longer fits the new signature"
    seed = changes.get(reached.via)
    if seed is None:
        return "calls a caller whose behaviour may change"
    events = [_EVENTS[k] for k in seed.changes if k in _EVENTS]
    kinds = [k for k in seed.changes if k not in _EVENTS]
    return "; ".join(events + ([", ".join(kinds) + " changed"] if kinds else []))


_EVENTS = {"deleted": "was deleted", "renamed": "was renamed", "added": "was added"}


def review_data(
    result: ImpactResult,
    *,
    savings: dict[str, Any] | None = None,
    context_tokens: int | None = None,
    context_budget: int | None = None,
    context_fits: bool | None = None,
) -> dict[str, Any]:
    """Everything the comment says, JSON-ready. ``savings`` is the review context's estimate
    (``{"estimated", "saved_tokens", "saved_percent"}``), ``context_tokens`` its size,
    ``context_budget`` its budget and ``context_fits`` whether it kept to it."""
    r = result.radius
    reached = [
        {
            "id": x.id,
            "kind": x.kind,
            "file": x.file,
            "line": x.start_line,
            "hop": x.hop,
            "via": x.via,
            "edge": x.edge,
            "resolution": x.resolution,
            "behavior": x.behavior,
            "label": "behavior-change" if api.is_behavior_change(x) else "reach",
            "hub": x.hub,
            "why": _why(result, x) if api.is_behavior_change(x) else "",
            **x.outcome_json(),
        }
        for x in r.reached
    ]
    return {
        "marker": MARKER,
        "base": result.base,
        "head": result.head,
        "index": result.index.as_json(),
        "changed": [
            {"id": c.id, "kind": c.kind, "file": c.file, "line": c.start_line, "change": list(c.changes)}
            for c in r.changed
        ],
        "callers": reached,
        "files_by_hop": {str(k): v for k, v in _files_by_hop(result).items()},
        "tests": list(r.test_files),
        "test_functions": list(r.tests),
        "context_tokens": context_tokens,
        "context_budget": context_budget,
        "fits": context_fits,
        "savings": savings,
        "truncated": r.truncated,
        "notes": list(r.notes),
        "ambiguous_edges": len(r.ambiguous_edges),
        "hub_callers": [{"id": h, "total": n} for h, n in r.hub_callers],
        "hops": r.hops,
        "cochanged": [c.as_json() for c in (result.cochanged.files if result.cochanged else ())],
        "warmup": None if result.warmup_left is None else {"hops": r.hops, "remaining": result.warmup_left},
    }


# ----- Markdown ----------------------------------------------------------------------------------


def _code(text: str) -> str:
    """An inline code span that survives backticks and table pipes in the text."""
    fence = "``" if "`" in text else "`"
    pad = " " if fence == "``" else ""
    return f"{fence}{pad}{text}{pad}{fence}".replace("|", "\\|")


def _short(sid: str) -> str:
    return sid.split("::", 1)[1] if "::" in sid else sid


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def summary_line(data: dict[str, Any]) -> str:
    changed = data["changed"]
    files = data["files_by_hop"]
    parts = [f"{_plural(len(changed), 'symbol')} changed in {_plural(files.get('0', 0), 'file')}"]
    reach = [f"{n} at hop {hop}" for hop, n in sorted(files.items(), key=lambda kv: int(kv[0])) if hop != "0"]
    parts.append("files reached: " + (", ".join(reach) if reach else "none"))
    behaviour = sum(1 for x in data["callers"] if x["label"] == "behavior-change")
    parts.append(f"{behaviour} may change behaviour")
    parts.append(f"{_plural(len(data['tests']), 'test file')} to run")
    savings = data["savings"]
    if data["context_tokens"] is not None:
        tail = (
            f", saved ≈{savings['saved_tokens']:,} tokens ({savings['saved_percent']}%) vs the whole repository"
            if savings
            else ""
        )
        over = f" (over its {data['context_budget']:,}-token budget)" if _over_budget(data) else ""
        parts.append(f"review context {data['context_tokens']:,} tokens{over}{tail}")
    return "**diffreach** · " + " · ".join(parts)


def _over_budget(data: dict[str, Any]) -> bool:
    return data.get("fits") is False and data.get("context_budget") is not None


def _behaviour_table(rows: list[dict[str, Any]], max_rows: int, reached: int) -> list[str]:
    if not rows:
        if not reached:
            return ["No caller's behaviour is likely to change: the graph reaches no caller."]
        return [
            (
                "No caller's behaviour is likely to change: the callers below are reached, but the change "
                "looks internal to them."
            )
        ]
    out = ["| Caller | Hop | Reached through | Why | Where |", "| --- | --- | --- | --- | --- |"]
    for x in rows[:max_rows]:
        out.append(
            f"| {_code(_short(x['id']))} | {x['hop']} | {_code(_short(x['via']))} ({x['edge']}) "
            f"| {_escape(x['why'])} | {_code(_calls_at(x))} |"
        )
    if len(rows) > max_rows:
        out.append(f"\n…and {len(rows) - max_rows} more (see `diffreach impact`).")
    return out


def _calls_at(row: dict[str, Any]) -> str:
    """Where a flagged caller makes the call that carries its reason (its start otherwise)."""
    lines = row.get("call_lines") or []
    return f"{row['file']}:{','.join(str(n) for n in lines)}" if lines else _where(row["file"], row["line"])


def _escape(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _details(summary: str, items: list[str], max_listed: int) -> list[str]:
    out = ["<details>", f"<summary>{summary}</summary>", ""]
    out += items[:max_listed]
    if len(items) > max_listed:
        out.append(f"- …and {len(items) - max_listed} more")
    return [*out, "", "</details>", ""]


def _hop_lists(data: dict[str, Any], max_listed: int) -> list[str]:
    out: list[str] = []
    changed = [f"- {_code(c['id'])} — {', '.join(c['change'])}" for c in data["changed"]]
    if changed:
        out += _details(f"Changed ({len(changed)})", changed, max_listed)
    for hop in sorted({x["hop"] for x in data["callers"]}):
        rows = [x for x in data["callers"] if x["hop"] == hop]
        items = [
            f"- {'⚠️ ' if x['label'] == 'behavior-change' else ''}{_code(x['id'])} ← {_code(_short(x['via']))}"
            + (" (hub: callers not expanded)" if x["hub"] else "")
            + (f" [{x['resolution']}]" if x["resolution"] == "ambiguous-name" else "")
            for x in rows
        ]
        out += _details(f"Hop {hop} — {api.describe_hop(hop)} ({len(rows)})", items, max_listed)
    if data["tests"]:
        tests = ["```", *data["tests"][:max_listed], "```"]
        more = len(data["tests"]) - max_listed
        out += _details(
            f"Tests to run ({_plural(len(data['tests']), 'file')}, {_plural(len(data['test_functions']), 'function')})",
            tests + ([f"…and {more} more"] if more > 0 else []),
            max_listed + 3,
        )
    together = [
        f"- {_code(c['file'])} — with {_code(c['with'])} in {_plural(c['support'], 'commit')} "
        f"({c['score']:.0%} of its commits)"
        for c in data.get("cochanged", [])
    ]
    if together:
        out += _details(
            f"Changed together in history, not reached by the graph ({len(together)})", together, max_listed
        )
    return out


def _notes(data: dict[str, Any]) -> list[str]:
    notes: list[str] = []
    if data["index"]["stale"]:
        notes.append(
            "the graph may be stale: it reflects "
            f"{data['index']['commit'][:12] or 'no commit'}, HEAD is {data['index']['head'][:12] or 'none'}"
        )
    if data["truncated"]:
        notes.append("this radius was cut by a cap: some callers are not listed")
    if data["ambiguous_edges"]:
        verb = "rests" if data["ambiguous_edges"] == 1 else "rest"
        notes.append(
            f"{_plural(data['ambiguous_edges'], 'edge')} {verb} on ambiguous name matches: "
            "those callers may be false positives"
        )
    if _over_budget(data):
        notes.append(
            f"the review context does not fit its budget: {data['context_tokens']:,} of "
            f"{data['context_budget']:,} tokens (raise the budget or narrow the change)"
        )
    # The warm-up is said under the summary line; staleness and ambiguity have their own lines above,
    # in the comment's words: the radius's own notes for them would say the same thing twice.
    notes += [n for n in data["notes"] if not _RESTATED.search(n) and n != warmup_header(data)]
    return [f"- {n}" for n in dict.fromkeys(notes)]


# The radius's notes on ambiguity ("N edges in the radius rest on ambiguous … matches") and on a
# stale graph ("graph reflects <commit>, HEAD is …"), which ``_notes`` says in its own lines.
_RESTATED = re.compile(r"rest on ambiguous\b|^graph reflects ")


GITHUB_COMMENT_CHARS = 65_536  # GitHub rejects a longer comment body


def render_review(
    data: dict[str, Any], *, max_rows: int = 30, max_listed: int = 100, max_chars: int = GITHUB_COMMENT_CHARS
) -> str:
    """The PR comment (GitHub Markdown) for ``review_data``'s dict, at most ``max_chars`` long.

    Past the limit the lists are halved until the comment fits (each says how many it left
    out); only if even one row per list is too long is the text cut, with a closing line."""
    while True:
        text = _render(data, max_rows, max_listed)
        if len(text) <= max_chars:
            return text
        if max_rows <= 1 and max_listed <= 1:
            break
        max_rows, max_listed = max(1, max_rows // 2), max(1, max_listed // 2)
    tail = "\n\n…comment cut at GitHub's size limit: run `diffreach impact` for the whole radius.\n"
    return text[: max(0, max_chars - len(tail))].rsplit("\n", 1)[0] + tail


def _render(data: dict[str, Any], max_rows: int, max_listed: int) -> str:
    warm = warmup_header(data)
    lines = [MARKER, "### Blast radius", "", summary_line(data), *([f"_{warm}_"] if warm else []), ""]
    if not data["changed"]:
        lines += ["No supported symbols changed.", ""]
    else:
        behaviour = [x for x in data["callers"] if x["label"] == "behavior-change"]
        lines += [f"#### Callers whose behaviour may change ({len(behaviour)})", ""]
        lines += [*_behaviour_table(behaviour, max_rows, len(data["callers"])), ""]
        lines += _hop_lists(data, max_listed)
    notes = _notes(data)
    if notes:
        lines += ["**Notes**", "", *notes, ""]
    base = data["base"][:12] or "nothing"
    lines.append(
        f"<sub>against {base} · graph at {data['index']['commit'][:12] or 'no commit'} · "
        "⚠️ marks callers whose behaviour may change; the others are reached but likely unaffected</sub>"
    )
    return "\n".join(lines) + "\n"


__all__ = ["GITHUB_COMMENT_CHARS", "MARKER", "render_review", "review_data", "summary_line"]
