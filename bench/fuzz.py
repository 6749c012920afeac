"""Fuzz the diff parser, the change mapper and every language's extractor at volume.

    .venv/bin/python bench/fuzz.py --examples 100000 [--jobs 2] [--only python.py,diff] [--out fuzz.json]

The targets and input recipes are those of tests/test_fuzz.py (which runs a
small fixed-seed slice of them in ``make test``); here each target gets
``--examples`` inputs, a crash is counted instead of stopping the run, and the
report gives per target: inputs, crashes (with the first few), the slowest
input in CPU seconds and the largest input in bytes. Targets run in parallel
processes (``--jobs``). Exit status 1 when anything crashed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def targets() -> list[str]:
    from tests.test_fuzz import SPEC_IDS

    return [*SPEC_IDS, "diff", "changes"]


def run_target(name: str, examples: int, scale: int) -> dict[str, object]:
    from hypothesis import HealthCheck, Phase, given, settings

    from tests import test_fuzz as tf

    stats: dict[str, object] = {"target": name, "inputs": 0, "crashes": 0, "examples_of_crashes": [],
                                "slowest_cpu_s": 0.0, "largest_bytes": 0}

    def record(size: int, fn, *args) -> None:  # type: ignore[no-untyped-def]
        started = time.process_time()
        try:
            fn(*args)
        except Exception as exc:  # noqa: BLE001 - counted, reported, and the run goes on
            stats["crashes"] = int(stats["crashes"]) + 1  # type: ignore[call-overload]
            found = stats["examples_of_crashes"]
            assert isinstance(found, list)
            if len(found) < 3:
                found.append({"error": repr(exc)[:300], "input": repr(args)[:300],
                              "where": traceback.format_exc().strip().splitlines()[-3:]})
        spent = time.process_time() - started
        stats["inputs"] = int(stats["inputs"]) + 1  # type: ignore[call-overload]
        stats["slowest_cpu_s"] = max(float(stats["slowest_cpu_s"]), spent)  # type: ignore[arg-type]
        stats["largest_bytes"] = max(int(stats["largest_bytes"]), size)  # type: ignore[call-overload]

    config = settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
                      suppress_health_check=list(HealthCheck))
    if name == "diff":
        @config
        @given(text=tf.diff_recipe())
        def run(text: str) -> None:
            record(len(text), tf.check_diff, text)
    elif name == "changes":
        @config
        @given(case=tf.changes_recipe())
        def run(case: tuple) -> None:  # type: ignore[type-arg]
            record(len(case[0]), tf.check_changes, *case)
    else:
        spec = tf.SPECS[tf.SPEC_IDS.index(name)]

        @config
        @given(data=tf.source_recipe(spec.name, scale))
        def run(data: bytes) -> None:
            record(len(data), tf.check_extract, spec, data, f"src/f{spec.extensions[0]}")
    started = time.perf_counter()
    run()
    stats["seconds"] = round(time.perf_counter() - started, 1)
    stats["slowest_cpu_s"] = round(float(stats["slowest_cpu_s"]), 3)  # type: ignore[arg-type]
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=100_000, help="inputs per target")
    parser.add_argument("--jobs", type=int, default=2, help="targets run in parallel")
    parser.add_argument("--scale", type=int, default=4,
                        help="multiplies the nesting depth (300) and line length (5,000) drawn")
    parser.add_argument("--only", help="comma-separated targets (python.py, tsx…, diff, changes)")
    parser.add_argument("--out", type=Path, help="write the report as JSON here too")
    args = parser.parse_args()
    names = [t for t in targets() if not args.only or t in args.only.split(",")]
    results = []
    print(f"{'target':<18}{'inputs':>9}{'crashes':>9}{'slowest CPU s':>15}{'largest B':>11}{'wall s':>8}", flush=True)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_target, n, args.examples, args.scale) for n in names]
        for future in futures:
            r = future.result()
            results.append(r)
            print(f"{r['target']:<18}{r['inputs']:>9}{r['crashes']:>9}{r['slowest_cpu_s']:>15}"
                  f"{r['largest_bytes']:>11}{r['seconds']:>8}", flush=True)
            for crash in r["examples_of_crashes"]:  # type: ignore[attr-defined]
                print(f"  crash: {crash['error']}\n    input: {crash['input']}\n    at: {crash['where']}")
            if args.out:
                args.out.write_text(json.dumps({"examples": args.examples, "scale": args.scale,
                                                "results": results}, indent=2))
    return 1 if any(r["crashes"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
