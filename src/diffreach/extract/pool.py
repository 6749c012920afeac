"""Read and extract files, in worker processes when there are many.

One file in, a ``FileExtract`` or a ``(path, reason)`` skip out: unsupported,
unreadable, binary, minified, past the parse budget, or failing in
the extractor (one file's surprise is a counted skip, never a failed index).
Across processes the records travel as plain tuples (see ``_pack``), and at
most a few batches per worker are in flight ahead of the consumer, so a caller
that writes each extract away holds a bounded number of them.

Workers die with the process that started them: a SIGKILL (a caller's timeout,
the OOM killer) gives that process no chance to stop its pool, and an orphaned
worker would hold the database and the caller's pipes for ever. On Linux the
kernel kills each worker when its parent dies (``PR_SET_PDEATHSIG``); elsewhere,
and as a second check, a worker that finds itself re-parented exits.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import fields
from itertools import islice, starmap
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from diffreach.extract.core import ParseLimitExceeded, compile_language, extract_checked
from diffreach.languages import language_for
from diffreach.model import Binding, Declaration, FileExtract, Import, Phase, Progress, Ref, Symbol

if TYPE_CHECKING:
    from concurrent.futures import Future

_PARALLEL_MIN_FILES = 64
# A source line longer than this, on average per line, marks minified code: no one reads or
# calls into it by its own names. A file that says it is generated ("DO NOT EDIT") is indexed:
# hand-written code imports and calls what it declares (a regenerated client changes its callers).
_MINIFIED_LINE = 2_000
# A record as it crosses processes: its field values in field order (see ``_pack``); Any,
# since each field has its own type.
_Packed = tuple[Any, ...]
_PR_SET_PDEATHSIG = 1  # linux/prctl.h
_PARENT_POLL_SECONDS = 1.0
_parent = 0  # in a worker: the pid of the process that started it


def _die_with_parent(expected: int) -> None:
    """Worker initializer: exit when the parent does. ``expected``: the parent's pid when
    this worker is its direct child (fork), else 0 (a fork server stands between them).
    The collector is on, as in a fresh process: a parent forks it with the collector paused
    (a full build's, ``indexer.py``), and a worker pauses it per file itself (gc_pause.py)."""
    global _parent
    gc.enable()
    if sys.platform == "linux":
        # The kernel sends SIGKILL to this process when the thread that forked it ends;
        # the pool's owner waits on its results in that thread (``iter_extracts``).
        # Imported here: only a worker asks the kernel (ctypes is a share of every command's start-up).
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    else:  # no such signal: a watch thread, since an idle worker waits on a queue for ever
        threading.Thread(target=_watch_parent, daemon=True).start()
    _parent = os.getppid()
    if expected and _parent != expected:  # the parent died before the signal was asked for
        os._exit(1)


def _watch_parent() -> None:
    while True:
        time.sleep(_PARENT_POLL_SECONDS)
        _exit_if_orphaned()


def _exit_if_orphaned() -> None:
    if _parent and os.getppid() != _parent:
        os._exit(1)


def extract_path(root: str, path: str) -> FileExtract | tuple[str, str]:
    """Read and extract one file; a (path, reason) pair when it is skipped."""
    spec = language_for(path)
    if spec is None:
        return (path, "unsupported")
    try:
        data = (Path(root) / path).read_bytes()
    except OSError:
        return (path, "unreadable")
    if b"\0" in data[:8192]:
        return (path, "binary")
    lines = data.count(b"\n") + 1
    if len(data) / lines > _MINIFIED_LINE:
        return (path, "minified")
    try:
        return extract_checked(path, data, spec)
    except ParseLimitExceeded:
        return (path, "parse-limit")
    except Exception:
        return (path, "extract-error")


def _extract_batch(root: str, paths: list[str]) -> list[_Packed | tuple[str, str]]:
    _exit_if_orphaned()  # the portable check, between batches
    out: list[_Packed | tuple[str, str]] = []
    for p in paths:
        result = extract_path(root, p)
        out.append(_pack(result) if isinstance(result, FileExtract) else result)
    return out


# Speed: pickling frozen slotted dataclasses goes through a Python-level
# __getstate__/__setstate__ per record (seconds of CPU between the workers and the
# main process on a large repository). Plain tuples pickle in C; the
# main process rebuilds the records from them (``_builder``). The getters and builders
# follow the dataclass fields, so a new field travels without an edit here.
def _getter(cls: type) -> Callable[[Any], _Packed]:
    return attrgetter(*(f.name for f in fields(cls)))


def _builder(cls: type) -> Callable[..., Any]:
    """A constructor of ``cls`` from its field values in order, without its ``__init__``:
    a frozen dataclass's sets each field through ``object.__setattr__`` by name, twice the
    cost of setting the slots directly (a third of rebuilding a large repository's extracts).
    Written as straight-line code, as ``dataclasses`` writes ``__init__``; nothing of the
    records' behaviour changes (no field of a record here has a default or a post-init)."""
    names = [f.name for f in fields(cls)]
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    scope.update((f"set_{n}", getattr(cls, n).__set__) for n in names)  # the slots' descriptors
    body = "".join(f"    set_{n}(record, {n})\n" for n in names)
    exec(f"def build({', '.join(names)}):\n    record = new(cls)\n{body}    return record\n", scope)
    return scope["build"]  # type: ignore[no-any-return]


_FX, _SYM, _REF, _IMP, _BIND, _DECL = (_getter(c) for c in (FileExtract, Symbol, Ref, Import, Binding, Declaration))
# Field name → (getter of its records, builder of their class): the fields that hold records.
_NESTED: dict[str, tuple[Callable[[Any], _Packed], Callable[..., Any]]] = {
    "symbols": (_SYM, _builder(Symbol)),
    "refs": (_REF, _builder(Ref)),
    "imports": (_IMP, _builder(Import)),
    "bindings": (_BIND, _builder(Binding)),
    "declarations": (_DECL, _builder(Declaration)),
}
_FX_NAMES = [f.name for f in fields(FileExtract)]


def _pack(fx: FileExtract) -> _Packed:
    return tuple(
        tuple(map(_NESTED[name][0], value)) if name in _NESTED else value for name, value in zip(_FX_NAMES, _FX(fx))
    )


def _unpack(packed: _Packed) -> FileExtract:
    values: list[Any] = [
        tuple(starmap(_NESTED[name][1], value)) if name in _NESTED else value for name, value in zip(_FX_NAMES, packed)
    ]
    return FileExtract(*values)


def iter_extracts(
    root: str, paths: list[str], workers: int, progress: Progress | None = None, in_flight: int = 4
) -> Iterator[FileExtract | tuple[str, str]]:
    """Each path's extract (or its (path, reason) skip), in the order of ``paths``.

    Memory: at most ``in_flight`` batches per worker are submitted ahead of the
    consumer, so a caller that writes each extract away holds a bounded number
    of them however large the repository (``pool.map`` submits every batch at
    once and would queue the results of a slow consumer)."""
    total = len(paths)
    if progress:
        progress(Phase.EXTRACTING, 0, total)  # the phase starts now, not at its first batch's end
    if workers <= 1 or total < _PARALLEL_MIN_FILES:
        for i, p in enumerate(paths, 1):
            yield extract_path(root, p)
            if progress and (i % 50 == 0 or i == total):
                progress(Phase.EXTRACTING, i, total)
        return
    # Batches balanced by size keep both cores busy to the end.
    batch = max(8, min(64, total // (workers * 8) or 1))
    batches = iter([paths[i : i + batch] for i in range(0, total, batch)])
    done = 0
    # Imported here: most runs (every warm answer, a small update) extract in this process, and
    # multiprocessing with concurrent.futures is over 10 ms of every command's start-up.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = multiprocessing.get_start_method(allow_none=True) or multiprocessing.get_all_start_methods()[0]
    if method == "fork":  # the default on Linux before Python 3.14 (the first listed is the default)
        # Forked workers inherit what this process compiled: one compile instead of one per worker.
        for spec in {language_for(p) for p in paths}:
            if spec is not None and spec.embedded is None:  # an embedded format picks its grammar per file
                compile_language(spec)
    expected = os.getpid() if method == "fork" else 0
    with ProcessPoolExecutor(max_workers=workers, initializer=_die_with_parent, initargs=(expected,)) as pool:
        pending: deque[Future[list[_Packed | tuple[str, str]]]] = deque()
        for chunk in islice(batches, workers * in_flight):
            pending.append(pool.submit(_extract_batch, root, chunk))
        while pending:
            results = pending.popleft().result()
            for chunk in islice(batches, 1):
                pending.append(pool.submit(_extract_batch, root, chunk))
            for result in results:
                yield _unpack(result) if len(result) > 2 else result
            done += len(results)
            if progress:
                progress(Phase.EXTRACTING, done, total)


def extract_many(
    root: str, paths: list[str], workers: int, progress: Progress | None = None
) -> tuple[dict[str, FileExtract], dict[str, str]]:
    extracts: dict[str, FileExtract] = {}
    skipped: dict[str, str] = {}
    for result in iter_extracts(root, paths, workers, progress):
        if isinstance(result, FileExtract):
            extracts[result.path] = result
        else:
            skipped[result[0]] = result[1]
    return extracts, skipped


__all__ = ["Progress", "extract_many", "extract_path", "iter_extracts"]
