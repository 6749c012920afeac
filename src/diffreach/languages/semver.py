"""Whether a package's version meets a dependency's range: the part of npm's semver ranges
(node-semver's README, "Ranges") that decides if a package manager links the repository's own
copy of a package (npm, Yarn and pnpm workspaces, lerna's bootstrap link a local package whose
version satisfies the range; otherwise the registry's copy is installed).

Comparators ``=``, ``<``, ``<=``, ``>``, ``>=``, caret ``^``, tilde ``~``, X-ranges (``1.x``,
``1.2.*``, ``1``), hyphen ranges (``1.2 - 2``), space-separated sets and ``||`` alternatives. A
prerelease version (``3.16.0-next.11``) satisfies only comparators of its own major.minor.patch
that also carry a prerelease, as node-semver has it. Anything else does not parse and is not met.
"""

from __future__ import annotations

import re

_VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$")
_PARTIAL = re.compile(r"^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$")
_COMPARATOR = re.compile(r"^(<=|>=|<|>|=|\^|~>?)?\s*(.+)$")

Version = tuple[int, int, int, tuple[object, ...]]  # prerelease as a key: () sorts after any


def satisfies(version: str, spec: str) -> bool:
    """Does ``version`` (a package.json's ``version``) meet ``spec`` (a dependency's range)?"""
    found = _parse(version.strip())
    if found is None:
        return False
    return any(_meets_set(found, alternative.strip()) for alternative in spec.split("||"))


def _parse(text: str) -> Version | None:
    m = _VERSION.match(text)
    if m is None:
        return None
    return int(m[1]), int(m[2]), int(m[3]), _pre_key(m[4])


def _pre_key(pre: str | None) -> tuple[object, ...]:
    if not pre:
        return ()
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in pre.split("."))


def _before(a: Version, b: Version) -> bool:
    """a < b, a release after each of its prereleases."""
    if a[:3] != b[:3]:
        return a[:3] < b[:3]
    if not a[3] or not b[3]:
        return bool(a[3]) and not b[3]
    return a[3] < b[3]


def _meets_set(v: Version, text: str) -> bool:
    hyphen = re.fullmatch(r"(\S+)\s+-\s+(\S+)", text)
    if hyphen:
        parts = [f">={hyphen[1]}", f"<={hyphen[2]}"]
    else:
        parts = re.sub(r"(<=|>=|<|>|=|\^|~>?)\s+", r"\1", text).split() or ["*"]
    bounds: list[tuple[str, Version]] = []
    for part in parts:
        plain = _bounds(part)
        if plain is None:
            return False
        bounds += plain
    if v[3] and not any(b[:3] == v[:3] and b[3] for _, b in bounds):
        return False  # a prerelease meets only a range that names its own version's prereleases
    return all(_holds(v, op, b) for op, b in bounds)


def _holds(v: Version, op: str, bound: Version) -> bool:
    if op == "<":
        return _before(v, bound)
    if op == ">=":
        return not _before(v, bound)
    if op == "<=":
        return not _before(bound, v)
    if op == ">":
        return _before(bound, v)
    return v == bound


def _bounds(part: str) -> list[tuple[str, Version]] | None:
    """One comparator → the plain comparators it stands for (None: it does not parse)."""
    m = _COMPARATOR.match(part)
    p = _PARTIAL.match(m[2]) if m is not None else None
    if m is None or p is None:
        return None
    op = m[1] or ""
    nums = [None if x is None or x in "xX*" else int(x) for x in (p[1], p[2], p[3])]
    pre = _pre_key(p[4])
    known = [n for n in nums if n is not None]
    if None in nums[: len(known)]:  # a number after a wildcard (1.x.3)
        return None
    padded = [*known, 0, 0, 0]
    base: Version = (padded[0], padded[1], padded[2], pre if len(known) == 3 else ())
    if op in ("<", "<=", ">", ">="):
        if len(known) == 3 or op in (">=", "<"):
            return [(op, base)]
        return [(">=" if op == ">" else "<", _bump(known))]  # >1.2 is >=1.3, <=1.2 is <1.3
    if op == "^":
        # The first non-zero part of the written version stays: ^1.2.3 < 2, ^0.2.3 < 0.3, ^0.0.3 < 0.0.4.
        first = next((i for i, n in enumerate(padded[:3]) if n), len(known) - 1 if known else 0)
        return [(">=", base), ("<", _bump(padded[: min(first, max(len(known) - 1, 0)) + 1]))]
    if op in ("~", "~>"):
        return [(">=", base), ("<", _bump(known[:2] if len(known) > 1 else known))]
    if len(known) == 3:
        return [("=", base)]
    if not known:
        return []  # `*`, `x`: any version
    return [(">=", base), ("<", _bump(known))]


def _bump(known: list[int]) -> Version:
    """The first version past every version that starts with ``known``: 1.2 → 1.3.0-0."""
    if not known:
        return (1 << 30, 0, 0, ((0, 0, ""),))
    raised = [*known[:-1], known[-1] + 1, 0, 0, 0]
    return raised[0], raised[1], raised[2], ((0, 0, ""),)


__all__ = ["satisfies"]
