"""Time review-context assembly in-process (the issue's target: <= 150 ms on a typical radius).

Usage: python bench/context_speed.py ROOT [--base REV] [--budget N] [--tokenizer NAME] [--runs N]

Computes the blast radius of ROOT's change once (working tree against HEAD, or
--base), then times ``build_context`` alone, which is what this measures: the
ladder search, rendering, counting and force-converge, with the source files
already read once (as the CLI's reader caches them per call).
"""

from __future__ import annotations

import argparse
import statistics
import time

from diffreach.api import blast_radius, open_store
from diffreach.review.context import build_context
from diffreach.review.ledger import file_reader, importers_baseline, repository_baseline
from diffreach.review.tokens import get_counter


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("root")
    parser.add_argument("--base")
    parser.add_argument("--budget", type=int, default=8000)
    parser.add_argument("--tokenizer", default="heuristic")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    counter = get_counter(args.tokenizer)
    impact = blast_radius(args.root, base=args.base, count_review=False)
    store = open_store(args.root)
    read = file_reader(store.root, impact.head)
    texts: dict[str, str | None] = {}

    def cached(path: str) -> str | None:
        if path not in texts:
            texts[path] = read(path)
        return texts[path]

    baseline = repository_baseline(store, counter, file_reader(store.root))
    importers = importers_baseline(store, [d.path for d in impact.file_diffs], counter, file_reader(store.root))
    hashes = {p: h for p, (h, _, _) in store.file_states().items()}
    times = []
    ctx = None
    for _ in range(args.runs):
        started = time.perf_counter()
        ctx = build_context(
            impact,
            cached,
            budget=args.budget,
            counter=counter,
            baseline_tokens=baseline,
            importers_baseline_tokens=importers,
            file_hash=hashes.get,
        )
        times.append(time.perf_counter() - started)
    assert ctx is not None
    r = impact.radius
    print(f"radius: {len(r.changed)} changed, {len(r.reached)} reached; diff {len(impact.diff_text):,} chars")
    print(
        f"context: {ctx.tokens:,} tokens ({ctx.tokenizer}) of {args.budget:,}, level {ctx.level}, "
        f"fits {ctx.fits}, {len(ctx.elided)} elided, {len(ctx.stubbed)} stubbed; baseline {baseline:,}"
    )
    print(
        f"build_context: median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
        f"over {args.runs} runs"
    )


if __name__ == "__main__":
    main()
