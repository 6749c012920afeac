"""Text for people: every renderer takes plain data and returns a string."""

from __future__ import annotations

import time
from typing import Any

from diffreach import api


def render_index(data: dict[str, Any], verbose: bool = False) -> str:
    """An index run's summary; ``verbose`` lists the files that had syntax errors."""
    symbols = data["symbols"]
    edges = data["edges"]
    refs = data["references"]
    lines = [
        f"indexed {data['root']} ({data['mode']}) in {data['seconds']:.2f}s"
        + (f" at {data['commit'][:12]}" if data.get("commit") else ""),
        f"  files      {data['files']}  ({', '.join(f'{k} {v}' for k, v in sorted(data['languages'].items()))})",
        "  symbols    " + ", ".join(f"{k} {v}" for k, v in sorted(symbols.items()) if k != "file"),
        "  edges      " + ", ".join(f"{k} {v}" for k, v in sorted(edges.items())),
        "  references "
        + ", ".join(f"{k} {v}" for k, v in sorted(refs.items()))
        + f"  (unresolved share {data['unresolved_share']:.1%})",
    ]
    if data["mode"] == "incremental":
        lines.append(
            f"  updated    {data['extracted']} extracted, {data['deleted']} deleted, "
            f"{data['re_resolved']} references re-resolved"
        )
    if data["skipped"]:
        lines.append("  skipped    " + ", ".join(f"{k} {v}" for k, v in data["skipped"].items()))
    if data["parse_errors"]:
        n = data["parse_errors"]
        listed = data.get("parse_error_files", [])
        hint = "" if verbose or not listed else "; -v lists them"
        lines.append(
            f"  {n} {'file' if n == 1 else 'files'} had syntax errors (indexed what the parser recovered{hint})"
        )
        lines.extend(f"    {path}" for path in (listed if verbose else ()))
    return "\n".join(lines)


def render_neighbours(data: dict[str, Any], key: str) -> str:
    sym = data["symbol"]
    rows = data[key]
    lines = [f"{key} of {sym['id']}  ({sym['file']}:{sym['start_line']})"]
    if not rows:
        lines.append("  (none)")
    for row in rows:
        hop = f"hop {row['hop']}  " if "hop" in row else ""
        flag = "" if row["resolution"] in ("import", "scope") else f"  [{row['resolution']}]"
        if row.get("dispatch"):  # reached through a base method's dispatch (index/dispatch.py)
            flag += f"  [dispatch via {row['via']}]"
        if row.get("abstract"):  # a declaration: what runs is an implementation (the dispatch rows)
            flag += "  [declaration]"
        elif row.get("idle"):  # a body no object runs: an override runs in its place
            flag += "  [runs on no object]"
        if row.get("runs") is False:  # the call binds there; an implementation runs (the dispatch rows)
            flag += "  [binds only: an implementation runs]"
        lines.append(f"  {hop}{row['edge']:<10} {row['id']}  :{row.get('line', row['start_line'])}{flag}")
    return "\n".join(lines)


# A large diff (a rename across the repository) changes thousands of symbols: a person reads the
# first ones and the count; the JSON keeps every one.
_CHANGED_SHOWN = 50


def warmup_header(data: dict[str, Any]) -> str:
    """The warm-up line of an ``impact --json`` or review dict, or "" when it is off."""
    warm = data.get("warmup")
    return api.warmup_line(warm["hops"], warm["remaining"]) if warm else ""


def render_impact(data: dict[str, Any]) -> str:
    """Changed symbols, then callers grouped by hop with what each hop means."""
    lines: list[str] = []
    idx = data["index"]
    lines.append(
        f"blast radius against {data['base'][:12] or 'nothing'} — graph at {idx['commit'][:12] or 'no commit'}"
        + (" (STALE)" if idx["stale"] else "")
        + (", working tree dirty" if idx["dirty"] else "")
        + (f" — {warm}" if (warm := warmup_header(data)) else "")
    )
    lines.append(f"hop 0 — {api.describe_hop(0)} ({len(data['changed'])})")
    for c in data["changed"][:_CHANGED_SHOWN]:
        lines.append(f"  {c['id']}  [{', '.join(c['change'])}]")
    if len(data["changed"]) > _CHANGED_SHOWN:
        lines.append(f"  … {len(data['changed']) - _CHANGED_SHOWN} more (--json lists them all)")
    if not data["changed"]:
        lines.append("  (no supported symbols changed)")
    by_hop: dict[int, list[dict[str, Any]]] = {}
    for r in data["callers"]:
        by_hop.setdefault(r["hop"], []).append(r)
    for hop in sorted(by_hop):
        rows = by_hop[hop]
        behavior = sum(1 for r in rows if r["label"] == "behavior-change")
        lines.append(f"hop {hop} — {api.describe_hop(hop)} ({len(rows)}, {behavior} may change behaviour)")
        for r in rows:
            mark = "!" if r["label"] == "behavior-change" else " "
            extra = " [hub: not expanded]" if r["hub"] else ""
            extra += f" [{r['resolution']}]" if r["resolution"] in ("ambiguous-name", "unique-name", "name") else ""
            lines.append(f" {mark} {r['id']}  ← {r['via'].rsplit('::', 1)[-1]} ({r['edge']}){extra}")
            if r.get("reasons"):
                at = ", ".join(str(n) for n in r.get("call_lines", ()))
                where = f"{r['file']}:{at}" if at else r["file"]
                lines.append(f"      {where}: {'; '.join(r['reasons'])}")
    if data["uses"]:
        lines.append(
            f"uses ({len(data['uses'])}): "
            + ", ".join(u.rsplit("::", 1)[-1] for u in data["uses"][:15])
            + (" …" if len(data["uses"]) > 15 else "")
        )
    if data.get("cochanged"):
        lines.append(f"changed together in history, not in the radius ({len(data['cochanged'])}): glance at")
        lines += [f"   {c['file']}  ({c['support']}× with {c['with']}, {c['score']:.0%})" for c in data["cochanged"]]
    lines.append(
        f"files ({len(data['files'])}): " + ", ".join(data["files"][:20]) + (" …" if len(data["files"]) > 20 else "")
    )
    lines.append(
        f"tests to run ({len(data['tests'])}): "
        + (", ".join(data["tests"][:20]) or "none found")
        + (" …" if len(data["tests"]) > 20 else "")
    )
    if data["truncated"]:
        lines.append("result was cut: see notes")
    for note in data["notes"]:
        if note == warmup_header(data):
            continue  # said in the header
        lines.append(f"note: {note}")
    lines.append("(! = behaviour may change; others are reached but likely unaffected)")
    return "\n".join(lines)


_BARS = "·▁▂▃▄▅▆▇█"


def render_bars(values: list[int], width: int = 60) -> str:
    """A one-line bar chart of ``values``, bucketed to at most ``width`` columns."""
    if not values:
        return ""
    size = max(1, -(-len(values) // width))
    buckets = [sum(values[i : i + size]) for i in range(0, len(values), size)]
    top = max(buckets)
    if top <= 0:
        return _BARS[0] * len(buckets)
    return "".join(_BARS[0] if v <= 0 else _BARS[max(1, round(v / top * (len(_BARS) - 1)))] for v in buckets)


def render_stats(data: dict[str, Any]) -> str:
    """The token bill (ledger.stats as JSON): the window, the one before, all time, a chart."""
    days, cur, prev = data["days"], data["current"], data["previous"]
    series = data["series"]

    def window(label: str, w: dict[str, Any]) -> str:
        return (
            f"{label:<18} {w['contexts']:>5} contexts  {w['returned_tokens']:>12,} tokens sent"
            f"  {w['saved_tokens']:>14,} saved"
        )

    change = data["change_percent"]
    lines = [
        window(f"last {days} days", cur),
        window(f"previous {days} days", prev),
        window(
            "all time",
            {
                "contexts": data["contexts"],
                "returned_tokens": data["returned_tokens"],
                "saved_tokens": data["saved_tokens"],
            },
        )
        + f" ({data['saved_percent']}%)",
        "tokens sent vs the previous window: " + ("n/a (nothing before)" if change is None else f"{change:+d}%"),
    ]
    if series:
        lines += [
            f"sent  {render_bars([d['returned_tokens'] for d in series])}",
            f"saved {render_bars([d['saved_tokens'] for d in series])}",
            f"      {series[0]['day']} … {series[-1]['day']}",
        ]
    return "\n".join(lines)


def render_context_summary(ctx: api.ReviewContext) -> str:
    """One line after a review context: its size, budget, level, fit and savings; then a line
    per note (what could not be kept while another process wrote the graph)."""
    line = (
        f"{ctx.tokens:,} tokens ({ctx.tokenizer}) of {ctx.budget if ctx.budget is not None else 'no'} budget"
        f" · level {ctx.level} · {'fits' if ctx.fits else 'OVER BUDGET'} · "
        + api.format_context_savings(ctx.savings, "the whole repository")
    )
    return "\n".join([line, *(f"note: {n}" for n in ctx.notes)])


def render_query(result: dict[str, Any]) -> str:
    """The ranked files of ``api.query``: one line per file, reasons under it."""
    lines: list[str] = []
    files: list[dict[str, Any]] = result["files"]
    d: dict[str, Any] = result.get("debug") or {}
    if d:
        lines.append(
            f"[GRAPH] {d['nodes']} nodes, {d['edges']} walked edges; {d['scored_documents']} documents "
            f"matched {d['query_terms']} query terms; pagerank in {d['ppr_iterations']} iterations"
        )
        lines.append("[GRAPH] Seeds: " + ", ".join(f"{s} ({w})" for s, w in d["seeds"]))
        if d["dropped_terms"]:
            lines.append("[GRAPH] Too common to score: " + ", ".join(d["dropped_terms"]))
        if d.get("feedback_terms"):
            lines.append("[GRAPH] Words of the best files added (feedback): " + ", ".join(d["feedback_terms"]))
        lines.append(
            f"[GRAPH] Selected {len(files)} files: "
            + ", ".join(f"{f['path']} (lexical {f['lexical']:.2f} + graph {f['graph']:.2f})" for f in files)
        )
        lines.append("[GRAPH] Time (ms): " + ", ".join(f"{k} {v}" for k, v in d["ms"].items()))
    if not files:
        lines.append("no file matches the question")
    for i, f in enumerate(files, 1):
        lines.append(f"{i}. {f['path']}  {f['score']:.3f}")
        if f["terms"]:
            lines.append(f"   matched: {', '.join(f['terms'])}")
        if f.get("feedback"):
            lines.append(f"   and the best files' words: {', '.join(f['feedback'])}")
        if f["symbols"]:
            lines.append(f"   symbols: {', '.join(f['symbols'])}")
        if f["via"]:
            lines.append(f"   {'neighbour via' if f['neighbour'] else 'graph'}: {f['via']}")
    if result["truncated"]:
        lines.append(f"({result['candidates']} candidate files; showing the top {result['top']}; --top N for more)")
    if result["about_tests"]:
        lines.append("(the question is about tests: test files included)")
    if cut := result.get("question_cut"):
        lines.append(
            f"(the question was cut to its first {cut['kept']} of {cut['chars']} characters: max_question_chars)"
        )
    return "\n".join(lines)


def render_update(update: api.Update) -> str:
    """One line per refresh of the graph, for the ``watch`` command."""
    stamp = time.strftime("%H:%M:%S", time.localtime(update.at))
    if update.error:
        return f"{stamp}  update failed: {update.error} (retrying on the next change)"
    report = update.report
    assert report is not None
    what = {"start": "graph ready", "head": "HEAD moved"}.get(update.reason, "")
    if update.reason == "files":
        names = ", ".join(update.changed[:5]) + (
            f" and {len(update.changed) - 5} more" if len(update.changed) > 5 else ""
        )
        what = f"{len(update.changed)} changed: {names}" if update.changed else "files changed"
    counts = report.counts.get("nodes", {})
    symbols = sum(v for k, v in counts.items() if k != "file") if isinstance(counts, dict) else 0
    commit = (report.commit or "")[:12] or "no commit"
    return (
        f"{stamp}  {what} · {report.mode}, {report.extracted} re-extracted, {report.deleted} deleted"
        f" in {report.seconds:.2f}s · {symbols:,} symbols · graph at {commit}"
    )
