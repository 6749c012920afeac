"""A fast mutation fuzzer for the same targets as tests/test_fuzz.py, in plain Python.

Hypothesis builds each input from a drawn recipe and is thorough but costs
milliseconds per input before the target even runs; reaching 100,000 inputs
per target needs a cheaper loop. This one works like libFuzzer/atheris without
their coverage instrumentation: a corpus starts from the spec tests' snippets
(the seeds of tests/test_fuzz.py), each input is a corpus entry under one to
five stacked byte- and token-level mutations (erase, insert, flip, repeat,
copy, splice another entry, truncate, a token from a dictionary cut from the
seeds), capped at ``MAX_LEN`` bytes; an input whose output has a shape not
seen before (the feedback that stands in for coverage) joins the corpus. Every
``EXTREME_EVERY``-th input is an extreme instead (deep nesting, a long line, a
seed tiled to ~1 MB) so the parse budget is exercised too. Everything is drawn
from one ``random.Random(seed)``: a run is reproducible. The properties checked
are those of tests/test_fuzz.py (``check_records``, ``check_diff``,
``check_changes``). ``bench/fuzz.py`` runs this loop at volume in watched
processes (crashes, native crashes and hangs are caught and their inputs kept);
here a fixed-seed slice runs per target.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache

import pytest

from diffreach.extract.core import ParseLimitExceeded, extract_checked
from diffreach.languages.spec import LanguageSpec
from tests.test_fuzz import (
    LINE_UNITS,
    NEST_OPEN,
    SPEC_IDS,
    SPECS,
    check_changes,
    check_diff,
    check_records,
    diff_from_texts,
    diff_seeds,
    seeds,
)

MAX_LEN = 16_384
EXTREME_EVERY = 2_000
CORPUS_CAP = 4_000
# Bytes that break tokenizers in every grammar here: quotes, escapes, comment and
# interpolation openers, heredocs, NUL, invalid UTF-8, CR, a Unicode line separator.
ODD_TOKENS = (
    b"'",
    b'"',
    b"`",
    b"\\",
    b"${",
    b"#{",
    b"/*",
    b"*/",
    b"//",
    b"#",
    b"<<EOF\n",
    b"\x00",
    b"\xff",
    b"\xc3",
    b"\r",
    b"\r\n",
    b"\t",
    "\u2028".encode(),
    b"\n\n",
    b"{",
    b"}",
    b"(",
    b")",
    b"<",
    b">",
)
SEP = b"\n\x00--8<--\x00\n"  # the changes target: diff, old and new contents in one blob


@dataclass(frozen=True)
class Target:
    """One thing to fuzz: ``run`` checks the promises on one input (raising on a broken one)
    and returns a small hashable shape of the output, the corpus feedback."""

    name: str
    seeds: tuple[bytes, ...]
    dictionary: tuple[bytes, ...]
    run: Callable[[bytes], Hashable]
    extremes: bool


def _dictionary(texts: tuple[bytes, ...]) -> tuple[bytes, ...]:
    words = {w for t in texts for w in re.findall(rb"[A-Za-z_$@][A-Za-z0-9_]*|[^\sA-Za-z0-9_]{1,3}", t)}
    return tuple(sorted(words | set(ODD_TOKENS)))


def _extract_run(spec: LanguageSpec, path: str) -> Callable[[bytes], Hashable]:
    def run(data: bytes) -> Hashable:
        try:
            fx = extract_checked(path, data, spec)
        except ParseLimitExceeded:
            return "parse-limit"
        check_records(fx, path)
        return (
            fx.parse_errors,
            tuple(sorted({s.kind for s in fx.symbols})),
            tuple(sorted({r.kind for r in fx.refs})),
            min(len(fx.symbols), 6),
            min(len(fx.refs), 6),
            min(len(fx.imports), 3),
            min(len(fx.bindings), 3),
            bool(fx.package),
        )

    return run


def _diff_run(data: bytes) -> Hashable:
    return check_diff(data.decode("utf-8", "replace"))


def _changes_run(data: bytes) -> Hashable:
    parts = data.split(SEP)
    text = parts[0].decode("utf-8", "replace")
    old = parts[1] if len(parts) > 1 else None
    new = parts[2] if len(parts) > 2 else None
    return check_changes(text, old, new)


@cache
def _changes_seeds() -> tuple[bytes, ...]:
    out = []
    for spec in SPECS:
        for i, old in enumerate(seeds()[spec.name][:4]):
            rng = random.Random(i)
            new = mutate(old, (old,), _dictionary((old,)), rng)
            path = f"pkg/mod{i}{spec.extensions[0]}"
            diff = diff_from_texts(path, old.decode("utf-8", "replace"), new.decode("utf-8", "replace")).encode()
            out.append(diff + SEP + old + SEP + new)
    return tuple(out)


@cache
def targets() -> dict[str, Target]:
    found = {}
    for spec, name in zip(SPECS, SPEC_IDS):
        pool = seeds()[spec.name]
        found[name] = Target(name, pool, _dictionary(pool), _extract_run(spec, f"src/f{spec.extensions[0]}"), True)
    diffs = tuple(d.encode("utf-8", "surrogatepass") for d in diff_seeds())
    found["diff"] = Target("diff", diffs, _dictionary(diffs), _diff_run, False)
    changes = _changes_seeds()
    found["changes"] = Target("changes", changes, (*_dictionary(changes), SEP), _changes_run, False)
    return found


# -- mutations -------------------------------------------------------------------------------------


def _span(rng: random.Random, n: int) -> tuple[int, int]:
    i = rng.randrange(n + 1)
    return i, min(n, i + 1 + int(rng.expovariate(1 / 8)))


def mutate(data: bytes, corpus: tuple[bytes, ...] | list[bytes], words: tuple[bytes, ...], rng: random.Random) -> bytes:
    """One to five stacked mutations of ``data`` (libFuzzer's repertoire, minus coverage)."""
    for _ in range(rng.randint(1, 5)):
        n = len(data)
        op = rng.randrange(10)
        i, j = _span(rng, n)
        if op == 0:  # erase a span
            data = data[:i] + data[j:]
        elif op == 1:  # insert random bytes
            data = data[:i] + rng.randbytes(rng.randint(1, 8)) + data[i:]
        elif op == 2 and n:  # flip a bit
            k = min(i, n - 1)
            data = data[:k] + bytes([data[k] ^ (1 << rng.randrange(8))]) + data[k + 1 :]
        elif op == 3:  # a dictionary token (a keyword or operator of the language, or an odd byte)
            data = data[:i] + rng.choice(words) + data[i:]
        elif op == 4:  # repeat a span
            data = data[:j] + data[i:j] * rng.randint(1, 16) + data[j:]
        elif op == 5:  # copy a span elsewhere
            k = rng.randrange(n + 1)
            data = data[:k] + data[i:j] + data[k:]
        elif op == 6:  # splice with another entry
            other = rng.choice(corpus)
            data = data[:i] + other[rng.randrange(len(other) + 1) :]
        elif op == 7:  # truncate
            data = data[:i]
        elif op == 8:  # swap two spans
            k, m = _span(rng, n)
            if j <= k:
                data = data[:i] + data[k:m] + data[j:k] + data[i:j] + data[m:]
        else:  # a line duplicated, or dropped (structure-aware for line-based formats like diffs)
            lines = data.splitlines(keepends=True)
            if lines:
                k = rng.randrange(len(lines))
                lines[k : k + 1] = [] if rng.random() < 0.5 else [lines[k]] * 2
                data = b"".join(lines)
    return data[:MAX_LEN]


def extreme(seed: bytes, rng: random.Random) -> bytes:
    """Deep nesting, a long line or a tiled file: inputs that stress the parse budget."""
    kind = rng.randrange(3)
    if kind == 0:
        return rng.choice(NEST_OPEN) * rng.randint(100, 3_000) + seed
    if kind == 1:
        return seed + rng.choice(LINE_UNITS) * rng.randint(1_000, 50_000) + b"\n"
    return (seed or b"x") * (rng.randint(64 << 10, 1 << 20) // max(1, len(seed)))


# -- the loop --------------------------------------------------------------------------------------


@dataclass
class Stats:
    inputs: int = 0
    crashes: int = 0
    parse_limits: int = 0
    extremes: int = 0
    slowest_cpu_s: float = 0.0
    slowest_bytes: int = 0
    slowest_input: bytes = b""
    largest_bytes: int = 0
    corpus: int = 0
    shapes: int = 0


def fuzz(
    target: Target,
    inputs: int,
    seed: int,
    start: int = 0,
    on_input: Callable[[int, bytes], None] | None = None,
    on_crash: Callable[[int, bytes, BaseException], None] | None = None,
    clock: Callable[[], float] | None = None,
    corpus: list[bytes] | None = None,
    shapes: set[Hashable] | None = None,
) -> Stats:
    """Run ``inputs`` inputs (numbered from ``start``) through ``target``. ``on_input`` sees each
    input before it runs (the bench keeps it on disk for a native crash or a hang); a Python
    exception is a crash: counted, passed to ``on_crash``, and the loop goes on. ``corpus`` and
    ``shapes`` (grown in place) carry a run on from an earlier chunk of it."""
    import time

    clock = clock or time.process_time
    rng = random.Random(seed)
    corpus = corpus if corpus is not None else list(target.seeds)
    shapes = shapes if shapes is not None else set()
    stats = Stats()
    for n in range(start, start + inputs):
        if target.extremes and n % EXTREME_EVERY == EXTREME_EVERY - 1:
            data = extreme(rng.choice(target.seeds), rng)
            stats.extremes += 1
        else:
            data = mutate(rng.choice(corpus), corpus, target.dictionary, rng)
        if on_input:
            on_input(n, data)
        began = clock()
        try:
            shape = target.run(data)
        except Exception as exc:
            stats.crashes += 1
            if on_crash:
                on_crash(n, data, exc)
            shape = None
        spent = clock() - began
        stats.inputs += 1
        stats.parse_limits += shape == "parse-limit"
        stats.largest_bytes = max(stats.largest_bytes, len(data))
        if spent > stats.slowest_cpu_s:
            stats.slowest_cpu_s, stats.slowest_bytes, stats.slowest_input = spent, len(data), data
        if shape not in shapes and len(data) <= MAX_LEN:
            shapes.add(shape)
            if len(corpus) < CORPUS_CAP:
                corpus.append(data)
    stats.corpus, stats.shapes = len(corpus), len(shapes)
    return stats


# -- the fixed-seed slice in `make test` -----------------------------------------------------------


@pytest.mark.parametrize("name", [*SPEC_IDS, "diff", "changes"])
def test_mutated_inputs_break_no_promise(name: str) -> None:
    failures: list[str] = []
    stats = fuzz(
        targets()[name], 100, seed=0, on_crash=lambda n, data, exc: failures.append(f"{n}: {exc!r} on {data[:200]!r}")
    )
    assert not failures, failures[:3]
    assert stats.inputs == 100 and stats.corpus >= len(targets()[name].seeds)


def test_mutation_is_reproducible_and_bounded() -> None:
    corpus = (b"def f(x):\n    return g(x)\n", b"class A:\n    pass\n")
    words = _dictionary(corpus)
    first = [mutate(corpus[0], corpus, words, random.Random(7)) for _ in range(3)]
    again = [mutate(corpus[0], corpus, words, random.Random(7)) for _ in range(3)]
    assert first == again
    outs = {mutate(corpus[0], corpus, words, random.Random(k)) for k in range(200)}
    assert len(outs) > 150, "mutations differ"
    assert all(len(mutate(corpus[0] * 2_000, corpus, words, random.Random(k))) <= MAX_LEN for k in range(50))


def test_a_broken_promise_is_counted_and_the_loop_goes_on() -> None:
    def run(data: bytes) -> Hashable:
        if b"!" in data:
            raise ValueError("bang")
        return len(data) % 3

    target = Target("toy", (b"abc", b"a!c"), (b"!",), run, False)
    seen: list[int] = []
    stats = fuzz(target, 300, seed=1, on_crash=lambda n, data, exc: seen.append(n))
    assert stats.inputs == 300 and stats.crashes == len(seen) > 0 and stats.crashes < 300
