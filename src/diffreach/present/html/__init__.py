"""A blast radius as one self-contained HTML page for people.

The page is a package file (``radius.html``) with the stylesheet (``radius.css``)
and a small hand-written script (``radius.js``) inlined into it, so the written
file needs no network and no other file. Python's part is data: ``page_data``
turns an ``ImpactResult`` into a JSON-ready dict (nodes, edges, tests, notes,
index state, and a bounded excerpt of each symbol's code that says when it was
cut); ``render_html`` drops that JSON into the template. The layout (rings by
hop, label collision culling, zoom and pan) happens in the browser, where the
text can be measured against the zoom level. The JSON sits in a
``<script type="application/json">`` element with ``<``, ``>`` and ``&``
escaped, so no symbol name or code line can close the element early.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from diffreach import api
from diffreach.errors import PathError
from diffreach.model import ImpactResult, Reached

ReadSource = Callable[[str], str | None]

_DATA_SLOT = "__DIFFREACH_DATA__"
_CSS_SLOT = "/*__DIFFREACH_CSS__*/"
_JS_SLOT = "/*__DIFFREACH_JS__*/"


def _asset(name: str) -> str:
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


def _label(sid: str) -> str:
    """A short name: the qualified name of a symbol, the base name of a file. The n-th definition
    of one name in one file (id ``name#n``, extract/scopes.py) reads "overload n of name"."""
    name = sid.split("::", 1)[1] if "::" in sid else sid.rsplit("/", 1)[-1]
    base, _, nth = name.rpartition("#")
    return f"overload {nth} of {base}" if base and nth.isdigit() else name


def _short_paths(files: set[str]) -> dict[str, str]:
    """Each file as its fewest trailing path parts that no other file of ``files`` ends with."""
    out: dict[str, str] = {}
    for f in files:
        parts = f.split("/")
        for n in range(1, len(parts) + 1):
            tail = "/".join(parts[-n:])
            if not any(o != f and (o == tail or o.endswith("/" + tail)) for o in files):
                break
        out[f] = tail
    return out


def _disambiguate(nodes: list[dict[str, Any]]) -> None:
    """A label shared by symbols of several files carries each one's short path (``serveStatic ·
    lib/static.js``): four nodes all called ``serveStatic`` tell a reader nothing apart."""
    files: dict[str, set[str]] = {}
    for n in nodes:
        files.setdefault(n["label"], set()).add(n["file"])
    for n in nodes:
        shared = files[n["label"]]
        if len(shared) > 1:
            n["label"] = f"{n['label']} · {_short_paths(shared)[n['file']]}"


def _segments(start: int, end: int, marks: Sequence[int], max_lines: int, window: int = 2) -> list[tuple[int, int]]:
    """Line ranges (inclusive) to show of ``start..end``: the head, then windows around
    the marked lines, never more than ``max_lines`` lines in all."""
    if end - start + 1 <= max_lines:
        return [(start, end)]
    wanted = [(m - window, m + window) for m in sorted(set(marks)) if start <= m <= end]
    head = max(1, max_lines - sum(b - a + 1 for a, b in wanted)) if wanted else max_lines
    spans = [(start, start + head - 1), *wanted]
    merged: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        a, b = max(a, start), min(b, end)
        if merged and a <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    out: list[tuple[int, int]] = []
    left = max_lines
    for a, b in merged:
        if left <= 0:
            break
        b = min(b, a + left - 1)
        out.append((a, b))
        left -= b - a + 1
    return out


def _code(lines: list[str] | None, start: int, end: int, marks: Sequence[int], max_lines: int) -> dict[str, Any] | None:
    if not lines or start < 1:
        return None
    end = min(max(end, start), len(lines))
    if start > end:
        return None
    spans = _segments(start, end, marks, max_lines)
    shown = sum(b - a + 1 for a, b in spans)
    total = end - start + 1
    return {
        "segments": [{"start": a, "lines": lines[a - 1 : b]} for a, b in spans],
        "shown": shown,
        "total": total,
        "cut": shown < total,
    }


def _capped_text(text: str, max_lines: int) -> dict[str, Any]:
    lines = text.splitlines()
    return {
        "text": "\n".join(lines[:max_lines]),
        "shown": min(len(lines), max_lines),
        "total": len(lines),
        "cut": len(lines) > max_lines,
    }


def _reached_node(r: Reached, lines: list[str] | None, max_lines: int) -> dict[str, Any]:
    return {
        "id": r.id,
        "label": _label(r.id),
        "kind": r.kind,
        "file": r.file,
        "hop": r.hop,
        "role": "behavior" if api.is_behavior_change(r) else "reach",
        "via": r.via,
        "edge": r.edge,
        "resolution": r.resolution,
        "behavior": r.behavior,
        "hub": r.hub,
        "is_test": r.is_test,
        "start_line": r.start_line,
        "end_line": r.end_line,
        "call_lines": list(r.lines),
        "signature": r.signature,
        "code": _code(lines, r.start_line, r.end_line, r.lines, max_lines),
    }


def page_data(
    result: ImpactResult, read_source: ReadSource, *, max_lines: int = 40, max_diff_lines: int = 200, title: str = ""
) -> dict[str, Any]:
    """Everything the page shows, JSON-ready. ``read_source`` gives a file's text on the
    new side of the diff (None when absent); ``max_lines`` caps each symbol's excerpt and
    ``max_diff_lines`` each file's diff; both say when they cut."""
    r = result.radius
    cache: dict[str, list[str] | None] = {}

    def lines_of(path: str) -> list[str] | None:
        if path not in cache:
            text = read_source(path)
            cache[path] = None if text is None else text.splitlines()
        return cache[path]

    changed = [
        {
            "id": c.id,
            "label": _label(c.id),
            "kind": c.kind,
            "file": c.file,
            "hop": 0,
            "role": "changed",
            "change": list(c.changes),
            "start_line": c.start_line,
            "end_line": c.end_line,
            "signature": c.signature,
            "old_signature": c.old_signature,
            "code": None
            if "deleted" in c.changes
            else _code(lines_of(c.file), c.start_line, c.end_line, (), max_lines),
        }
        for c in r.changed
    ]
    reached = [_reached_node(x, lines_of(x.file), max_lines) for x in r.reached]
    _disambiguate(changed + reached)
    ambiguous = set(r.ambiguous_edges)
    edges = [
        {"source": x.id, "target": x.via, "kind": x.edge, "ambiguous": (x.id, x.via) in ambiguous} for x in r.reached
    ]
    diffs = {d.path: _capped_text(d.text, max_diff_lines) for d in result.file_diffs if d.text}
    return {
        "title": title or "blast radius",
        "base": result.base,
        "head": result.head,
        "index": result.index.as_json(),
        "hops": r.hops,
        "nodes": changed + reached,
        "edges": edges,
        "tests": list(r.test_files),
        "test_functions": list(r.tests),
        "uses": list(r.uses),
        "files": list(r.files),
        "hub_callers": [{"id": h, "total": n} for h, n in r.hub_callers],
        "truncated": r.truncated,
        "notes": list(r.notes),
        "diffs": diffs,
        "caps": {"max_lines": max_lines, "max_diff_lines": max_diff_lines},
    }


def _script_json(data: dict[str, Any]) -> str:
    """JSON safe inside a script element: nothing in it can end the element or open a comment."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def render_html(
    result: ImpactResult, read_source: ReadSource, *, max_lines: int = 40, max_diff_lines: int = 200, title: str = ""
) -> str:
    """The page: the template with its stylesheet, script and data inlined."""
    data = page_data(result, read_source, max_lines=max_lines, max_diff_lines=max_diff_lines, title=title)
    return html_for(data)


def html_for(data: dict[str, Any]) -> str:
    page = _asset("radius.html")
    # Data last: it is the only part that comes from the repository, and must not be scanned for slots.
    page = page.replace(_CSS_SLOT, _asset("radius.css")).replace(_JS_SLOT, _asset("radius.js"))
    return page.replace(_DATA_SLOT, _script_json(data))


def write_page(path: str | Path, html: str) -> Path:
    """Write ``html`` (or any text) to ``path`` whole or not at all: a temporary file renamed into place."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise PathError(f"cannot write {path}: folder {folder} does not exist")
    tmp = folder / f".diffreach-{os.getpid()}-{secrets.token_hex(4)}.tmp"
    try:
        # os.open with 0o666 honours the umask, as a plain open() would (mkstemp would make it 0600).
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(html)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target.resolve()


def page_for(root: str | Path, result: ImpactResult, **options: Any) -> str:
    """``render_html`` with the code read from the diff's new side of the repository at ``root``."""
    return render_html(result, api.source_reader(root, result.head), **options)


__all__ = ["html_for", "page_data", "page_for", "render_html", "write_page"]
