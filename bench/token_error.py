"""How far the heuristic token count (ceil(chars / 4)) is from exact BPE counts, per language.

Usage: python bench/token_error.py ROOT [ROOT ...] [--per-language N]

Walks each ROOT, takes up to N files per language (sorted by path, so runs are
repeatable), and prints, per language and per encoding (o200k, cl100k): files,
characters, exact tokens, heuristic tokens, real characters per token, the
aggregate error of the heuristic ((heuristic - exact) / exact) and the median
and 90th-percentile absolute per-file error. Needs the 'tokens' extra.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from diffreach.review.tokens import HeuristicCounter, get_counter

# A benchmark's own table of file kinds: what to sample, not how to parse.
KINDS = {".py": "Python", ".js": "JavaScript", ".ts": "TypeScript", ".go": "Go", ".java": "Java", ".md": "Markdown"}
SKIP = {".git", "node_modules", ".venv", "venv", "dist", "build", "__pycache__"}


def sample(roots: list[Path], per_language: int) -> dict[str, list[str]]:
    found: dict[str, list[Path]] = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if (
                path.suffix in KINDS
                and path.is_file()
                and not SKIP & set(path.parts)
                and not path.name.endswith(".min.js")
            ):
                found.setdefault(KINDS[path.suffix], []).append(path)
    texts: dict[str, list[str]] = {}
    for kind, paths in found.items():
        for path in paths[:per_language]:
            try:
                texts.setdefault(kind, []).append(path.read_text(encoding="utf-8"))
            except (UnicodeDecodeError, OSError):
                continue
    return texts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("roots", nargs="+", type=Path)
    parser.add_argument("--per-language", type=int, default=300)
    args = parser.parse_args()
    texts = sample(args.roots, args.per_language)
    heuristic = HeuristicCounter()
    print(
        "| language | encoding | files | chars | exact tokens | heuristic | chars/token | aggregate error "
        "| median abs. file error | p90 abs. file error |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in ("o200k", "cl100k"):
        counter = get_counter(name)
        started = time.perf_counter()
        chars_total = 0
        for kind in sorted(texts):
            docs = [t for t in texts[kind] if t]
            exact = [counter.count(t) for t in docs]
            guess = [heuristic.count(t) for t in docs]
            errors = sorted(abs(g - e) / e for g, e in zip(guess, exact) if e)
            chars = sum(len(t) for t in docs)
            chars_total += chars
            p90 = errors[int(0.9 * (len(errors) - 1))] if errors else 0.0
            print(
                f"| {kind} | {name} | {len(docs)} | {chars:,} | {sum(exact):,} | {sum(guess):,} "
                f"| {chars / max(1, sum(exact)):.2f} | {(sum(guess) - sum(exact)) / max(1, sum(exact)):+.1%} "
                f"| {statistics.median(errors) if errors else 0:.1%} | {p90:.1%} |"
            )
        seconds = time.perf_counter() - started
        print(
            f"<!-- {name}: {chars_total / seconds / 1e6:.2f} M chars/s including vocabulary load -->", file=sys.stderr
        )


if __name__ == "__main__":
    main()
