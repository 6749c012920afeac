"""How likely a reached caller's behaviour changes: reach is mechanical, this is judgement.

A body-only change reaches every caller but rarely changes what they do; a
changed signature, return, raise or a deletion usually does, and a call site
that no longer fits the new parameter list certainly does. Scores decay with
each hop. A hop-1 caller whose call sites the syntax tree shows is scored by their
outcome instead (``callsites.py``, ``SEVERITY_SCORES``). An optional judge (a command,
or the MCP client's model) may replace the score for hop-1 callers: it receives the
caller with that outcome (verdict, severity, reasons) as a second opinion.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from collections.abc import Callable, Iterable
from dataclasses import asdict

from diffreach.errors import DiffreachError
from diffreach.languages import language_for
from diffreach.languages.signature_text import arity, top_level_split
from diffreach.model import Change, Reached

# Per change kind: the chance a direct caller's behaviour changes. Ordered by
# how much of the contract a kind touches; a caller takes the highest of its seeds.
KIND_SCORES = {
    "deleted": 0.95,
    "renamed": 0.9,
    "signature": 0.85,
    "return": 0.7,
    "raises": 0.65,
    "visibility": 0.6,
    "decorators": 0.5,
    "added": 0.3,
    "module": 0.3,
    "body": 0.2,
}
HOP_DECAY = 0.4
BEHAVIOR_THRESHOLD = 0.5  # at or above: listed as behaviour change, below: reach only
MISMATCH_SCORE = 1.0
COMPATIBLE_SCORE = 0.35  # a changed signature the caller's calls still fit
# A direct caller whose call sites were judged (callsites.py) scores by the outcome's severity:
# high and medium are behaviour change, low is reach.
SEVERITY_SCORES = {"high": MISMATCH_SCORE, "medium": 0.75, "low": 0.3}

Judge = Callable[[Change, Reached], float | None]


def change_score(change: Change) -> float:
    return max((KIND_SCORES.get(k, 0.2) for k in change.changes), default=0.2)


def call_arguments(line: str, name: str) -> int | None:
    """How many arguments the first call of ``name`` on a line passes; None if unclear."""
    m = re.search(rf"\b{re.escape(name)}\s*\(", line)
    if m is None:
        return None
    depth, start = 0, m.end() - 1
    for i in range(start, len(line)):
        ch = line[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                inner = line[start + 1 : i].strip()
                if "*" in inner.split(",")[0][:2] or "..." in inner:
                    return None  # splatted arguments: cannot count
                return len([a for a in top_level_split(inner) if a.strip()]) if inner else 0
    return None  # call continues on the next line


def call_fit(change: Change, caller_lines: Iterable[str], name: str) -> bool | None:
    """Do the call sites still fit the new signature? False when one passes a number of
    arguments it refuses, True when every countable site fits, None when none can be counted."""
    if "signature" not in change.changes or not change.signature:
        return None
    bounds = arity(change.signature, language_for(change.file))
    if bounds is None:
        return None
    required, maximum = bounds
    counted = False
    for line in caller_lines:
        n = call_arguments(line, name)
        if n is None:
            continue
        if n < required or (maximum is not None and n > maximum):
            return False
        counted = True
    return True if counted else None


def compatible_score(change: Change) -> float | None:
    """The score of a caller whose calls still fit, when the signature is all that changed
    in the contract (a new optional parameter): reached, rarely changed."""
    contract = set(change.changes) & {"deleted", "renamed", "return", "raises", "visibility"}
    return COMPATIBLE_SCORE if not contract else None


def command_judge(command: str, timeout: float = 30.0) -> Judge:
    """A judge that runs ``command`` with {change, caller} JSON on stdin and reads a score."""
    argv = shlex.split(command)
    if not argv:
        raise DiffreachError("--judge needs a command")

    def judge(change: Change, caller: Reached) -> float | None:
        payload = json.dumps({"change": _record(change), "caller": _record(caller)})
        try:
            proc = subprocess.run(argv, input=payload, capture_output=True, text=True, timeout=timeout, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
        try:
            value = float(proc.stdout.strip().split()[0])
        except (ValueError, IndexError):
            return None
        return min(1.0, max(0.0, value)) if proc.returncode == 0 else None

    return judge


def _record(obj: Change | Reached) -> dict[str, object]:
    return asdict(obj)
