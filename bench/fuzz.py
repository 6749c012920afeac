"""Fuzz the diff parser, the change mapper, every language's extractor and the question parser at volume.

    nice -n 19 .venv/bin/python bench/fuzz.py --examples 100000 [--jobs 2] [--only python.py,diff]
        [--engine mutate|hypothesis] [--seed 1] [--chunk 10000] [--resume] [--hang-cpu 30]
        [--out fuzz.json] [--keep DIR]

Two engines over the same targets and properties. ``mutate`` (the default, for
volume) is the mutation loop of tests/test_fuzz_mutation.py: ~1 ms per input,
seeded from the spec tests' snippets, with every 2,000th input an extreme (deep
nesting, a long line, a ~1 MB file). ``hypothesis`` draws the recipes of
tests/test_fuzz.py (larger, more structured inputs, ~5-80 ms each).

Each target runs in watched worker processes (``--jobs`` at a time), a chunk of
``--chunk`` inputs each, targets in turn; the corpus carries over between
chunks, and ``--resume`` continues a stopped run from the chunks kept. The worker
keeps the input it is about to run in ``<keep>/inflight-<target>.bin``; the
parent polls the worker's CPU time (``/proc``) and its input counter once a
second. A Python exception is a crash, counted by the worker with the input
kept (``crash-<target>-<n>.bin``). A worker that dies (a segfault in a grammar)
is a native crash, and one that spends more than ``--hang-cpu`` CPU seconds on
one input is a hang: the parent keeps the inflight input, kills the worker if
needed, and restarts the target after that input. The report gives per target:
inputs, crashes, hangs, inputs stopped by the parse budget, the slowest input
(CPU seconds, bytes; kept as ``slowest-<target>-<chunk start>.bin``), the largest input, the
corpus it grew, and CPU seconds. Exit status 1 when anything crashed or hung.

The ``question`` target (bench/fuzz_question.py, mutate engine only) runs mutated issue texts
through the question parser, with long runs of one character class, against the former patterns.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import shutil
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TICKS = os.sysconf("SC_CLK_TCK")


def targets() -> list[str]:
    from tests.test_fuzz import SPEC_IDS

    return [*SPEC_IDS, "diff", "changes", "question"]


def mutate_targets() -> dict[str, Any]:
    from bench.fuzz_question import question_target
    from tests.test_fuzz_mutation import targets as all_targets

    return {**all_targets(), "question": question_target()}


# -- the mutation engine, in a watched worker ------------------------------------------------------


def mutate_worker(name: str, inputs: int, seed: int, start: int, keep: str, counter: Any) -> None:
    """One chunk of a target's inputs; the corpus carries over between chunks through a file."""
    import pickle

    from tests.test_fuzz_mutation import fuzz

    keep_dir = Path(keep)
    fd = os.open(keep_dir / f"inflight-{name}.bin", os.O_RDWR | os.O_CREAT, 0o644)
    crashes: list[dict[str, Any]] = []
    saved = keep_dir / f"corpus-{name}.pkl"
    corpus, shapes = pickle.loads(saved.read_bytes()) if start and saved.exists() else (None, None)
    corpus, shapes = corpus or list(mutate_targets()[name].seeds), shapes or set()

    def on_input(n: int, data: bytes) -> None:
        os.pwrite(fd, data, 0)
        os.ftruncate(fd, len(data))
        counter.value = n

    def on_crash(n: int, data: bytes, exc: BaseException) -> None:
        if len(crashes) < 20:
            (keep_dir / f"crash-{name}-{n}.bin").write_bytes(data)
            crashes.append(
                {
                    "input": n,
                    "bytes": len(data),
                    "error": repr(exc)[:300],
                    "where": traceback.format_exc().strip().splitlines()[-4:],
                }
            )

    began = time.process_time()
    stats = fuzz(mutate_targets()[name], inputs, seed, start, on_input, on_crash, corpus=corpus, shapes=shapes)
    saved.write_bytes(pickle.dumps((corpus, shapes)))
    (keep_dir / f"slowest-{name}-{start}.bin").write_bytes(stats.slowest_input)
    result = {k: v for k, v in vars(stats).items() if k != "slowest_input"}
    result.update(start=start, cpu_s=round(time.process_time() - began, 1), crash_examples=crashes)
    (keep_dir / f"result-{name}-{start}.json").write_text(json.dumps(result))


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    except (OSError, IndexError, ValueError):
        return 0.0


class Run:
    """One target, in chunks of inputs (a worker process each), restarted after an input
    that killed or hung its worker. Chunk results stay in ``keep``, so ``--resume`` goes on
    where a stopped run ended, drawing exactly the inputs the whole run would have drawn."""

    def __init__(self, name: str, inputs: int, seed: int, keep: Path, hang_cpu: float, chunk: int) -> None:
        self.name, self.total, self.seed, self.keep, self.hang_cpu = name, inputs, seed, keep, hang_cpu
        self.chunk = chunk
        self.next_start = 0
        self.parts: list[dict[str, Any]] = []
        self.incidents: list[dict[str, Any]] = []
        self.proc: Any = None
        self.wall = 0.0

    def resume(self) -> None:
        for f in sorted(self.keep.glob(f"result-{self.name}-*.json")):
            self.parts.append(json.loads(f.read_text()))
        incidents = self.keep / f"incidents-{self.name}.json"
        if incidents.exists():
            self.incidents = json.loads(incidents.read_text())
            self.parts.extend({"inputs": i["ran"], "lost_stats": True, "start": i["start"]} for i in self.incidents)
        self.next_start = max((p["start"] + p["inputs"] for p in self.parts), default=0)

    @property
    def done(self) -> bool:
        return self.next_start >= self.total

    def launch(self) -> None:
        ctx = mp.get_context("fork")
        self.counter = ctx.RawValue("q", self.next_start - 1)
        seed = self.seed * 1_000_003 + self.next_start  # each chunk draws afresh, reproducibly
        end = min(self.total, (self.next_start // self.chunk + 1) * self.chunk)
        self.began = time.perf_counter()
        self.proc = ctx.Process(
            target=mutate_worker,
            args=(self.name, end - self.next_start, seed, self.next_start, str(self.keep), self.counter),
        )
        self.proc.start()
        self.last = (self.counter.value, cpu_seconds(self.proc.pid))

    def poll(self) -> bool:
        """Watch the worker; True when its chunk is over (finished, or cut by an incident)."""
        if self.proc.exitcode is not None:
            self.wall += time.perf_counter() - self.began
            result = self.keep / f"result-{self.name}-{self.next_start}.json"
            if self.proc.exitcode == 0 and result.exists():
                self.parts.append(json.loads(result.read_text()))
                self.next_start += self.parts[-1]["inputs"]
            else:
                self._incident("native-crash", f"worker exit code {self.proc.exitcode}")
            return True
        n, cpu = self.counter.value, cpu_seconds(self.proc.pid)
        if n != self.last[0]:
            self.last = (n, cpu)
        elif cpu - self.last[1] > self.hang_cpu:
            self.proc.kill()
            self.proc.join()
            self.wall += time.perf_counter() - self.began
            self._incident("hang", f"over {self.hang_cpu:g} CPU s on one input")
            return True
        return False

    def _incident(self, kind: str, why: str) -> None:
        n = self.counter.value
        kept = self.keep / f"{kind}-{self.name}-{n}.bin"
        shutil.copyfile(self.keep / f"inflight-{self.name}.bin", kept)
        # The inputs the dead worker ran (its stats died with it): counted from its counter.
        ran = n - self.next_start + 1
        self.incidents.append(
            {"kind": kind, "input": n, "why": why, "kept": str(kept), "start": self.next_start, "ran": ran}
        )
        (self.keep / f"incidents-{self.name}.json").write_text(json.dumps(self.incidents))
        self.parts.append({"inputs": ran, "lost_stats": True, "start": self.next_start})
        self.next_start = n + 1

    def summary(self) -> dict[str, Any]:
        parts = [p for p in self.parts if not p.get("lost_stats")]
        out: dict[str, Any] = {"target": self.name, "inputs": sum(p["inputs"] for p in self.parts)}
        out["crashes"] = sum(p["crashes"] for p in parts)
        out["native_crashes"] = sum(i["kind"] == "native-crash" for i in self.incidents)
        out["hangs"] = sum(i["kind"] == "hang" for i in self.incidents)
        out["parse_limits"] = sum(p["parse_limits"] for p in parts)
        out["extremes"] = sum(p["extremes"] for p in parts)
        slow = max(parts, key=lambda p: p["slowest_cpu_s"], default={})
        out["slowest_cpu_s"] = round(slow.get("slowest_cpu_s", 0.0), 3)
        out["slowest_bytes"] = slow.get("slowest_bytes", 0)
        out["slowest_kept"] = str(self.keep / f"slowest-{self.name}-{slow.get('start', 0)}.bin") if slow else ""
        out["largest_bytes"] = max((p["largest_bytes"] for p in parts), default=0)
        out["corpus"] = max((p["corpus"] for p in parts), default=0)
        out["shapes"] = max((p.get("shapes", 0) for p in parts), default=0)
        out["cpu_s"] = round(sum(p["cpu_s"] for p in parts), 1)
        out["seconds"] = round(self.wall, 1)
        out["crash_examples"] = [c for p in parts for c in p["crash_examples"]][:3]
        out["incidents"] = self.incidents
        return out


def run_mutate(names: list[str], args: argparse.Namespace) -> list[dict[str, Any]]:
    """Targets in turn, a chunk at a time (round robin): a run stopped early has covered every
    target about equally."""
    import tests.test_fuzz_mutation  # noqa: F401 - loaded before the workers fork: edits during a run do not leak in

    keep = args.keep
    keep.mkdir(parents=True, exist_ok=True)
    runs = [Run(n, args.examples, args.seed, keep, args.hang_cpu, args.chunk) for n in names]
    if args.resume:
        for run in runs:
            run.resume()
    pending = [r for r in runs if not r.done]
    running: list[Run] = []
    while pending or running:
        while pending and len(running) < args.jobs:
            running.append(pending.pop(0))
            running[-1].launch()
        time.sleep(1.0)
        for run in list(running):
            if run.poll():
                running.remove(run)
                if run.done:
                    _print_row(run.summary())
                else:
                    pending.append(run)
                _write(args, [r.summary() for r in runs])
    return [r.summary() for r in runs]


# -- the hypothesis engine -------------------------------------------------------------------------


def hypothesis_target(name: str, examples: int, scale: int) -> dict[str, Any]:
    from hypothesis import HealthCheck, Phase, given, settings
    from tests import test_fuzz as tf

    stats: dict[str, Any] = {
        "target": name,
        "inputs": 0,
        "crashes": 0,
        "crash_examples": [],
        "slowest_cpu_s": 0.0,
        "largest_bytes": 0,
    }

    def record(size: int, fn, *args) -> None:  # type: ignore[no-untyped-def]
        started = time.process_time()
        try:
            fn(*args)
        except Exception as exc:
            stats["crashes"] += 1
            if len(stats["crash_examples"]) < 3:
                stats["crash_examples"].append(
                    {
                        "error": repr(exc)[:300],
                        "input": repr(args)[:300],
                        "where": traceback.format_exc().strip().splitlines()[-3:],
                    }
                )
        stats["inputs"] += 1
        stats["slowest_cpu_s"] = max(stats["slowest_cpu_s"], time.process_time() - started)
        stats["largest_bytes"] = max(stats["largest_bytes"], size)

    config = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
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

    started, cpu = time.perf_counter(), time.process_time()
    run()
    stats.update(
        seconds=round(time.perf_counter() - started, 1),
        cpu_s=round(time.process_time() - cpu, 1),
        slowest_cpu_s=round(stats["slowest_cpu_s"], 3),
    )
    return stats


def run_hypothesis(names: list[str], args: argparse.Namespace) -> list[dict[str, Any]]:
    from concurrent.futures import ProcessPoolExecutor

    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for future in [pool.submit(hypothesis_target, n, args.examples, args.scale) for n in names]:
            results.append(future.result())
            _print_row(results[-1])
            _write(args, results)
    return results


# -- report ----------------------------------------------------------------------------------------


def _print_row(r: dict[str, Any]) -> None:
    print(
        f"{r['target']:<16}{r['inputs']:>9}{r['crashes']:>8}{r.get('native_crashes', 0) + r.get('hangs', 0):>12}"
        f"{r.get('parse_limits', 0):>8}{r['slowest_cpu_s']:>9}{r.get('slowest_bytes', ''):>10}"
        f"{r['largest_bytes']:>10}{r.get('cpu_s', ''):>8}{r['seconds']:>8}",
        flush=True,
    )
    for crash in r["crash_examples"]:
        print(f"  crash: {crash['error']}\n    at: {crash['where']}")
    for incident in r.get("incidents", []):
        print(f"  {incident['kind']} at input {incident['input']}: {incident['why']} ({incident['kept']})")


def _write(args: argparse.Namespace, results: list[dict[str, Any]]) -> None:
    if args.out:
        args.out.write_text(
            json.dumps(
                {"engine": args.engine, "examples": args.examples, "seed": args.seed, "results": results}, indent=2
            )
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=100_000, help="inputs per target")
    parser.add_argument("--engine", choices=["mutate", "hypothesis"], default="mutate")
    parser.add_argument("--jobs", type=int, default=2, help="targets run in parallel")
    parser.add_argument("--seed", type=int, default=1, help="mutate: the run's seed")
    parser.add_argument("--hang-cpu", type=float, default=30.0, help="mutate: CPU s on one input that is a hang")
    parser.add_argument("--chunk", type=int, default=10_000, help="mutate: inputs per worker, targets in turn")
    parser.add_argument("--resume", action="store_true", help="mutate: go on from the chunks kept in --keep")
    parser.add_argument(
        "--keep",
        type=Path,
        default=ROOT / "bench" / ".cache" / "fuzz",
        help="mutate: where inflight, crash, hang and slowest inputs are kept",
    )
    parser.add_argument(
        "--scale",
        type=int,
        default=4,
        help="hypothesis: multiplies the nesting depth (300) and line length (5,000) drawn",
    )
    parser.add_argument("--only", help="comma-separated targets (python.py, typescript.tsx…, diff, changes, question)")
    parser.add_argument("--out", type=Path, help="write the report as JSON here too")
    args = parser.parse_args()
    names = [t for t in targets() if not args.only or t in args.only.split(",")]
    if args.engine == "hypothesis":
        names = [t for t in names if t != "question"]  # the mutate engine's target only
    print(
        f"{'target':<16}{'inputs':>9}{'crashes':>8}{'native/hang':>12}{'budget':>8}{'slow s':>9}"
        f"{'slow B':>10}{'largest B':>10}{'CPU s':>8}{'wall s':>8}",
        flush=True,
    )
    results = (run_mutate if args.engine == "mutate" else run_hypothesis)(names, args)
    total = sum(r["inputs"] for r in results)
    bad = sum(r["crashes"] + r.get("native_crashes", 0) + r.get("hangs", 0) for r in results)
    print(f"total: {total} inputs, {bad} crashes or hangs", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
