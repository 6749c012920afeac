"""Text for people: every renderer takes plain data and returns a string."""

from __future__ import annotations

from typing import Any


def render_index(data: dict[str, Any]) -> str:
    symbols = data["symbols"]
    edges = data["edges"]
    refs = data["references"]
    lines = [
        f"indexed {data['root']} ({data['mode']}) in {data['seconds']:.2f}s"
        + (f" at {data['commit'][:12]}" if data.get("commit") else ""),
        f"  files      {data['files']}  ({', '.join(f'{k} {v}' for k, v in sorted(data['languages'].items()))})",
        "  symbols    " + ", ".join(f"{k} {v}" for k, v in sorted(symbols.items()) if k != "file"),
        "  edges      " + ", ".join(f"{k} {v}" for k, v in sorted(edges.items())),
        "  references " + ", ".join(f"{k} {v}" for k, v in sorted(refs.items()))
        + f"  (unresolved share {data['unresolved_share']:.1%})",
    ]
    if data["mode"] == "incremental":
        lines.append(f"  updated    {data['extracted']} extracted, {data['deleted']} deleted, "
                     f"{data['re_resolved']} references re-resolved")
    if data["skipped"]:
        lines.append("  skipped    " + ", ".join(f"{k} {v}" for k, v in data["skipped"].items()))
    if data["parse_errors"]:
        lines.append(f"  {data['parse_errors']} files had syntax errors (indexed what the parser recovered)")
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
        lines.append(f"  {hop}{row['edge']:<10} {row['id']}  :{row.get('line', row['start_line'])}{flag}")
    return "\n".join(lines)
