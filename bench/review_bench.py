#!/usr/bin/env python3
"""Blast radius on real history: does the radius contain what the commit had to touch?

Usage:
    python bench/review_bench.py REPO [REPO ...] [--cases 25] [--incumbent PATH] [--json OUT]

REPO is a local git repository with history (or a clone URL). Cases are mined
deterministically from its first-parent history:

* caller-update: a commit changes the signature of a function ``f`` in file A
  and edits call sites of ``f`` in other non-test files. The query is A's diff
  alone, applied on the parent commit; the truth is the other files and the
  functions enclosing the edited call sites. ``f`` is a top-level function or a
  method (not a nested function); an edited call site is an added line calling
  ``f`` in a hunk whose removed lines called it too (a call written from scratch
  was not there to find); ``self.f()``/``this.f()`` inside a class that defines
  its own ``f`` is that class's method, not a call site of A's ``f``.
* co-change: a commit touching 2–6 non-test source files; the seed is the file
  with the largest change; the truth is the other files.

For each case we report file recall, function recall, precision (over returned
files other than the seed), and context tokens against the whole repository,
next to two baselines run in the same pass on the same cases: ``git grep`` for
the changed names, and code-review-graph 2.3.9's ``impact`` (``--incumbent`` is
the path to its executable, installed in a separate venv).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from diffreach.api import blast_radius  # noqa: E402
from diffreach.config import Config, parse_config  # noqa: E402
from diffreach.extract.core import extract  # noqa: E402
from diffreach.graph.store import Store  # noqa: E402
from diffreach.languages import language_for  # noqa: E402
from diffreach.model import FileExtract, Ref  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from caller_evidence import Definition, Evidence, by_receiver, filter_sites, param_change  # noqa: E402
from caller_truth import (  # noqa: E402
    TRAIT,
    Origin,
    Target,
    ancestors,
    call_lines,
    in_trait_impl,
    read_cargo,
    supertypes,
    why_not,
)
from caller_truth import Context as TruthContext  # noqa: E402

CACHE = ROOT / "bench" / ".cache" / "review"
# Bump when mining rules change: cached cases of another version are not reused. v3: a call counts
# only when the evidence rules of bench/caller_truth.py allow it to be a call of the changed symbol;
# v2 (``--truth names``) counted every call of the name. v4: a call on a value of a name other
# definitions carry too is decided by its receiver's name or its edit (bench/caller_evidence.py).
MINER = "v4"
NAMES_MINER = "v2"
VENDORED = ("node_modules/", "vendor/", "third_party/", "dist/", "build/")
BUDGETS = (4000, 8000, 16000)


def git(repo: Path, *args: str, input_text: str | None = None, check: bool = True) -> str:
    proc = subprocess.run(
        ["git", "-C", str(repo), *args], input=input_text, capture_output=True, text=True, errors="replace", check=False
    )
    if check and proc.returncode != 0:
        raise RuntimeError(f"git {' '.join(args[:3])}: {proc.stderr.strip()[:200]}")
    return proc.stdout


def is_source(path: str) -> bool:
    spec = language_for(path)
    return spec is not None and not spec.is_test_path(path) and not any(v in path for v in VENDORED)


class Blobs:
    """``git cat-file --batch``: one process serving every file version we read."""

    def __init__(self, repo: Path) -> None:
        self.proc = subprocess.Popen(
            ["git", "-C", str(repo), "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )

    def read(self, rev: str, path: str) -> bytes | None:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(f"{rev}:{path}\n".encode())
        self.proc.stdin.flush()
        header = self.proc.stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":
            return None
        data = self.proc.stdout.read(int(header[2]))
        self.proc.stdout.read(1)
        return data


@dataclass
class Case:
    repo: str
    kind: str
    commit: str
    seed: str
    truth_files: list[str]
    truth_funcs: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    # Truth the name-only miner (v2) counted and the evidence rules removed: path or function → rules.
    dropped: dict[str, str] = field(default_factory=dict)
    dropped_funcs: dict[str, str] = field(default_factory=dict)
    rules: str = MINER  # the miner version whose rules made the truth
    names_files: list[str] = field(default_factory=list)  # v3: the truth of the name-only rules (v2), for comparison
    names_funcs: list[str] = field(default_factory=list)


def _defs(data: bytes | None, path: str, *, top_level: bool = False) -> dict[str, tuple[str, int, int]]:
    """Functions and methods → (signature, start, end). ``top_level`` drops nested functions:
    a function local to another cannot be called from a different file."""
    spec = language_for(path)
    if data is None or spec is None:
        return {}
    fx = extract(path, data, spec)
    kinds = {s.id: s.kind for s in fx.symbols}
    return {
        s.id: (s.signature, s.start_line, s.end_line)
        for s in fx.symbols
        if s.kind in ("function", "method") and not (top_level and kinds.get(s.parent or "") in ("function", "method"))
    }


def _call_lines(fx: FileExtract | None) -> dict[int, set[str]]:
    """Lines with a real call (per our extractor, so not text in strings) → called names (v2's rule).

    A call on ``self``/``this``/``cls`` inside a class that defines a method of that name calls
    that class's own method, not a namesake in another file: it is left out."""
    if fx is None:
        return {}
    own: set[tuple[str, str]] = set()  # (class id, method name)
    for s in fx.symbols:
        if s.kind == "method" and s.parent:
            own.add((s.parent, s.name))
    classes = {s.id for s in fx.symbols if s.kind == "class"}
    out: dict[int, set[str]] = {}
    for ref in fx.refs:
        if ref.kind != "call":
            continue
        if ref.receiver in ("self", "this", "cls") and any(
            (cls, ref.name) in own for cls in classes if ref.scope.startswith(cls + ".")
        ):
            continue
        out.setdefault(ref.line, set()).add(ref.name)
    return out


def _enclosing(defs: dict[str, tuple[str, int, int]], line: int) -> str | None:
    best = None
    for sid, (_, start, end) in defs.items():
        if start <= line <= end and (best is None or start >= defs[best][1]):
            best = sid
    return best


def _hunks(repo: Path, commit: str, path: str) -> list[tuple[list[int], list[int]]]:
    """Each hunk of the commit's change to ``path`` as (removed old line numbers, added new ones)."""
    out = git(repo, "diff", "-U0", "--no-color", f"{commit}^", commit, "--", path)
    hunks: list[tuple[list[int], list[int]]] = []
    old = new = 0
    for line in out.splitlines():
        m = re.match(r"@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@", line)
        if m:
            old, new = int(m.group(1)), int(m.group(2))
            hunks.append(([], []))
        elif hunks and line.startswith("-") and not line.startswith("---"):
            hunks[-1][0].append(old)
            old += 1
        elif hunks and line.startswith("+") and not line.startswith("+++"):
            hunks[-1][1].append(new)
            new += 1
    return hunks


def _edited_call_sites(
    hunks: list[tuple[list[int], list[int]]], before: dict[int, set[str]], after: dict[int, set[str]], wanted: set[str]
) -> list[int]:
    """New lines that edit an existing call site: an added line calling a wanted name in a hunk
    whose removed lines called the same name (a call written from scratch was not there to find)."""
    hits: list[int] = []
    for removed, added in hunks:
        old_names = set().union(*(before.get(n, set()) for n in removed)) & wanted
        hits += [n for n in added if after.get(n, set()) & old_names]
    return hits


def _targets(
    old: dict[str, tuple[str, int, int]], new: dict[str, tuple[str, int, int]], text: bytes | None = None
) -> dict[str, list[Target]]:
    """The changed functions and methods of one file by name (``Class.m`` → owner ``Class``);
    ``text``, the file's new version, when the file is Rust (trait impl methods are marked)."""
    out: dict[str, list[Target]] = {}
    for sid in sorted(sid for sid in old if sid in new and old[sid][0] != new[sid][0]):
        qual = sid.split("::", 1)[-1]
        owner, _, name = qual.rpartition(".")
        if len(name) > 2 and not name.startswith("__"):
            via_trait = bool(owner and text is not None and in_trait_impl(text, new[sid][1]))
            change = param_change(old[sid][0], new[sid][0], name)
            out.setdefault(name, []).append(Target(name, owner.rsplit(".", 1)[-1], via_trait, change))
    return out


class Commit:
    """One commit's file versions and what the truth rules read of the repository at it."""

    def __init__(self, repo: Path, blobs: Blobs, commit: str) -> None:
        self.repo, self.blobs, self.commit = repo, blobs, commit
        self._fx: dict[tuple[str, str], FileExtract | None] = {}
        self._ctx: TruthContext | None = None
        self._headers: dict[tuple[str, str], list[str]] = {}
        self.evidence = Evidence(self.definitions)
        self.changed: set[str] = set()  # the commit's changed paths (set by the caller)

    def data(self, rev: str, path: str) -> bytes | None:
        return self.blobs.read(rev, path)

    def fx(self, rev: str, path: str) -> FileExtract | None:
        key = (rev, path)
        if key not in self._fx:
            data, spec = self.blobs.read(rev, path), language_for(path)
            self._fx[key] = None if data is None or spec is None else extract(path, data, spec)
        return self._fx[key]

    def headers(self, name: str, language: str) -> list[str]:
        """The headers of the classes named ``name`` at the commit, in files of ``language``."""
        key = (name, language)
        if key not in self._headers:
            hits = git(
                self.repo,
                "grep",
                "-l",
                "-w",
                "-E",
                rf"(class|interface|trait|struct|type) {name}",
                self.commit,
                check=False,
            )
            headers = []
            for line in hits.splitlines()[:20]:
                path = line.split(":", 1)[-1]
                fx = self.fx(self.commit, path)
                if fx is not None and fx.language == language:
                    headers += [s.signature for s in fx.symbols if s.kind == "class" and s.name == name]
            self._headers[key] = headers
        return self._headers[key]

    def definitions(self, name: str, language: str, cap: int = 400) -> list[Definition]:
        """The functions and methods named ``name`` at the commit in files of ``language`` (the
        first ``cap`` files that mention the name), each marked when the commit changed its
        signature."""
        hits = git(self.repo, "grep", "-l", "-w", "-F", name, self.commit, check=False)
        out: list[Definition] = []
        for line in hits.splitlines()[:cap]:
            path = line.split(":", 1)[-1]
            if any(v in path for v in VENDORED):
                continue
            fx = self.fx(self.commit, path)
            if fx is None or not _same_language(fx.language, language):
                continue
            classes = {s.id: s for s in fx.symbols if s.kind == "class"}
            old = _defs(self.data(f"{self.commit}^", path), path) if path in self.changed else {}
            for s in fx.symbols:
                if s.kind in ("function", "method") and s.name == name:
                    cls = classes.get(s.parent or "")
                    changed = s.id in old and old[s.id][0] != s.signature
                    out.append(Definition(path, cls.name if cls else "", cls.signature if cls else "", changed))
        return out

    def context(self) -> TruthContext:
        """The Go module path and the workspace's crates at the commit (read once, when asked)."""
        if self._ctx is None:
            gomod = self.blobs.read(self.commit, "go.mod") or b""
            m = re.search(rb"^module\s+(\S+)", gomod, re.M)
            files = git(self.repo, "ls-tree", "-r", "--name-only", self.commit, check=False).splitlines()
            cargo = [f for f in files if f.endswith("Cargo.toml") and not any(v in f for v in VENDORED)]
            packages = set()
            for f in files:
                if f.endswith("package.json") and "node_modules/" not in f:
                    try:
                        name = json.loads(self.blobs.read(self.commit, f) or b"{}").get("name")
                    except (ValueError, AttributeError):
                        continue
                    if isinstance(name, str):
                        packages.add(name)
            self._ctx = TruthContext(
                read=lambda p: self.blobs.read(self.commit, p),
                go_module=m.group(1).decode() if m else None,
                cargo=read_cargo(cargo, lambda p: self.blobs.read(self.commit, p)) if cargo else None,
                js_packages=frozenset(packages),
                top_dirs=frozenset(f.split("/")[0].split(".")[0] for f in files),
            )
        return self._ctx


def _same_language(a: str, b: str) -> bool:
    js = ("javascript", "typescript", "tsx", "jsx")
    return a == b or (a in js and b in js)


def _judge(c: Commit, a: str, origin: Origin, text: bytes) -> Callable[[Ref, FileExtract], str | None]:
    """A call's verdict on an edited line: the evidence rules, then the receiver rule."""

    def judge(ref: Ref, fx: FileExtract) -> str | None:
        reason = why_not(ref, fx, text, origin, c.context())
        if reason is not None:
            return reason
        targets = [(a, t.owner) for t in origin.targets.get(ref.name, [])]
        return by_receiver(ref, fx, targets, origin.ancestors, c.evidence, supertypes, text.decode("utf-8", "replace"))

    return judge


def _truth(c: Commit, a: str, paths: list[str], honest: bool) -> Case | None:
    """The caller-update case of changed file ``a`` in commit ``c`` (None: no caller had to change)."""
    commit, parent = c.commit, f"{c.commit}^"
    rust = a.endswith(".rs")
    targets = _targets(
        _defs(c.data(parent, a), a, top_level=True),
        _defs(c.data(commit, a), a, top_level=True),
        c.data(commit, a) if rust else None,
    )
    if not targets:
        return None
    wanted = set(targets)
    a_fx = c.fx(commit, a)
    language = a_fx.language if a_fx else ""
    owners = {t.owner for ts in targets.values() for t in ts if t.owner}
    origin = Origin(
        a,
        language,
        a_fx.package if a_fx else "",
        targets,
        frozenset(s.name for s in (a_fx.symbols if a_fx else ()) if TRAIT.match(s.signature)),
        ancestors(owners, lambda n: c.headers(n, language)) if honest and owners else frozenset(),
    )
    truth_files: list[str] = []
    truth_funcs: set[str] = set()
    names_files: list[str] = []
    names_funcs: set[str] = set()
    dropped: dict[str, str] = {}
    dropped_funcs: dict[str, str] = {}
    for b in paths:
        if b == a:
            continue
        hunks = _hunks(c.repo, commit, b)
        old_fx, new_fx = c.fx(parent, b), c.fx(commit, b)
        legacy = _edited_call_sites(hunks, _call_lines(old_fx), _call_lines(new_fx), wanted)
        hits, why = legacy, {}
        if honest:
            before, _ = call_lines(old_fx, c.data(parent, b) or b"", origin, c.context())
            after, why_after = call_lines(new_fx, c.data(commit, b) or b"", origin, c.context())
            hits = _edited_call_sites(hunks, before, after, wanted)
            why = {n: ",".join(sorted(set(why_after.get(n, {}).values()))) or "unchanged-before" for n in legacy}
            texts = (c.data(parent, b) or b"", c.data(commit, b) or b"")
            changes = {name: [t.change for t in ts] for name, ts in targets.items()}
            hits, why_edit = filter_sites(hunks, hits, old_fx, new_fx, texts, changes, _judge(c, a, origin, texts[1]))
            why |= why_edit
        b_new = _defs(c.data(commit, b), b)
        b_old = _defs(c.data(parent, b), b)

        kept = _funcs(hits, b_new, b_old)
        if legacy:
            names_files.append(b)
            names_funcs |= set(_funcs(legacy, b_new, b_old))
        for sid, n in _funcs(legacy, b_new, b_old).items():
            if sid not in kept:
                dropped_funcs[sid] = why.get(n, "")
        if not hits:
            if legacy:
                dropped[b] = ";".join(sorted({why[n] for n in legacy}))
            continue
        truth_files.append(b)
        truth_funcs |= set(kept)
    if not truth_files and not names_files:
        return None
    case = Case(c.repo.name, "caller-update", commit, a, sorted(truth_files), sorted(truth_funcs), sorted(targets))
    case.dropped, case.dropped_funcs = dropped, dropped_funcs
    if honest:
        case.names_files, case.names_funcs = sorted(names_files), sorted(names_funcs)
    return case  # no truth left (every call ruled out): the caller says whether to keep the record


def _funcs(
    lines: list[int], new: dict[str, tuple[str, int, int]], old: dict[str, tuple[str, int, int]]
) -> dict[str, int]:
    """The functions enclosing the edited call sites (that existed before the commit) → a line."""
    out: dict[str, int] = {}
    for n in lines:
        sid = _enclosing(new, n)
        if sid is not None and sid in old:
            out.setdefault(sid, n)
    return out


def _changed_paths(repo: Path, commit: str) -> list[tuple[str, int]]:
    status = git(repo, "diff-tree", "-r", "--no-commit-id", "--numstat", f"{commit}^", commit, check=False)
    return [
        (parts[2], int(parts[0]) + int(parts[1]))
        for parts in (row.split("\t") for row in status.splitlines())
        if len(parts) == 3 and parts[0].isdigit() and is_source(parts[2])
    ]


def mine(repo: Path, name: str, per_kind: int, max_commits: int, honest: bool = True) -> list[Case]:
    """``honest`` applies the evidence rules of bench/caller_truth.py; without it a call counts
    by its name alone (the miner of v2, kept for comparison)."""
    # The clone's default branch, not HEAD: earlier runs leave the work copy detached.
    tip = git(repo, "rev-parse", "--verify", "--quiet", "refs/remotes/origin/HEAD", check=False).strip() or "HEAD"
    # First-parent history, merges included: a merged pull request is one change against its first parent.
    commits = git(repo, "log", "--first-parent", "--format=%H", f"-n{max_commits}", tip).split()
    blobs = Blobs(repo)
    caller: list[Case] = []
    cochange: list[Case] = []
    for commit in commits:
        files = _changed_paths(repo, commit)
        if not 2 <= len(files) <= 6:
            continue
        paths = [p for p, _ in files]
        seed = max(files, key=lambda f: (f[1], f[0]))[0]
        cochange.append(Case(name, "co-change", commit, seed, sorted(p for p in paths if p != seed)))
        c = Commit(repo, blobs, commit)
        c.changed = set(paths)
        for a in paths:
            case = _truth(c, a, paths, honest)
            if case is not None and case.truth_files:
                case.repo = name
                caller.append(case)
                break
    return _spread(caller, per_kind) + _spread(cochange, per_kind)


def rederive(repo: Path, cases: list[Case]) -> list[Case]:
    """The honest truth of cases mined by name (v2), for the same commits and seeds: the cheap
    way to compare old and new truth case by case. A case left with no truth is kept with empty
    truth (its ``dropped`` says why; loading skips it); a commit whose first changed file loses its
    truth is not searched for another (re-mining is)."""
    blobs = Blobs(repo)
    out: list[Case] = []
    for old in cases:
        if old.kind != "caller-update":
            out.append(old)
            continue
        paths = [p for p, _ in _changed_paths(repo, old.commit)]
        commit = Commit(repo, blobs, old.commit)
        commit.changed = set(paths)
        case = _truth(commit, old.seed, paths, True)
        if case is None:  # no call of the name left at all (the extractor changed since v2)
            case = Case(old.repo, old.kind, old.commit, old.seed, [], [], old.names)
        case.repo = old.repo
        out.append(case)
    return out


def mine_cochange(repo: Path, name: str, per_kind: int, max_commits: int) -> list[Case]:
    """The co-change cases alone (the same ones ``mine`` returns): no file version is read."""
    tip = git(repo, "rev-parse", "--verify", "--quiet", "refs/remotes/origin/HEAD", check=False).strip() or "HEAD"
    cases: list[Case] = []
    for commit in git(repo, "log", "--first-parent", "--format=%H", f"-n{max_commits}", tip).split():
        status = git(repo, "diff-tree", "-r", "--no-commit-id", "--numstat", f"{commit}^", commit, check=False)
        files = [
            (parts[2], int(parts[0]) + int(parts[1]))
            for parts in (row.split("\t") for row in status.splitlines())
            if len(parts) == 3 and parts[0].isdigit() and is_source(parts[2])
        ]
        if 2 <= len(files) <= 6:
            seed = max(files, key=lambda f: (f[1], f[0]))[0]
            cases.append(Case(name, "co-change", commit, seed, sorted(p for p, _ in files if p != seed)))
    return _spread(cases, per_kind)


def _spread(cases: list[Case], n: int) -> list[Case]:
    """n cases evenly spaced through history: deterministic, not just the newest."""
    if len(cases) <= n:
        return cases
    step = len(cases) / n
    return [cases[int(i * step)] for i in range(n)]


def prepare(source: str, cache: Path = CACHE) -> tuple[Path, Path]:
    """(history repo, work copy under ``cache``) for a path or clone URL."""
    cache.mkdir(parents=True, exist_ok=True)
    name = Path(source.rstrip("/")).name.removesuffix(".git")
    if name == "repo":  # a fetched mirror: .../owner+name/repo
        name = Path(source.rstrip("/")).parent.name.split("+")[-1]
    work = cache / name
    if not work.exists():
        subprocess.run(["git", "clone", "-q", source, str(work)], check=True)
    return work, work


def whole_repo_tokens(work: Path) -> int:
    store = Store.open(work, create=False)
    try:
        return sum(r[0] for r in store.conn.execute("SELECT size FROM files")) // 4
    finally:
        store.close()


def apply_seed(work: Path, case: Case) -> str:
    git(work, "checkout", "-q", "--force", "--detach", f"{case.commit}^")
    git(work, "clean", "-fdq", "-e", ".diffreach", "-e", ".code-review-graph")
    patch = git(work, "diff", f"{case.commit}^", case.commit, "--", case.seed)
    git(work, "apply", "--whitespace=nowarn", "-", input_text=patch)
    return patch


def grep_files(work: Path, names: list[str]) -> list[str]:
    if not names:
        return []
    args = ["grep", "-l", "-w"]
    for n in names:
        args += ["-e", n]
    out = git(work, *args, check=False)
    return sorted(p for p in out.splitlines() if is_source(p))


def incumbent_radius(exe: str, work: Path, seed: str) -> tuple[list[str], set[str], float]:
    """code-review-graph's impact radius: (files, function ids in our id format, seconds)."""
    started = time.perf_counter()
    subprocess.run([exe, "update", "--repo", str(work)], capture_output=True, check=False, cwd=work)
    proc = subprocess.run(
        [exe, "impact", "--files", seed, "--depth", "2", "--repo", str(work)],
        capture_output=True,
        text=True,
        check=False,
        cwd=work,
    )
    seconds = time.perf_counter() - started
    try:
        data = json.loads(proc.stdout[proc.stdout.index("{") :])
    except ValueError:
        return [], set(), seconds
    prefix = str(work.resolve()) + "/"

    def rel(path: str) -> str:
        return path[len(prefix) :] if path.startswith(prefix) else path

    files = {rel(f) for f in data.get("changed_files", []) + data.get("impacted_files", [])}
    ids = {rel(n.get("qualified_name", "")) for n in data.get("impacted_nodes", []) + data.get("changed_nodes", [])}
    return sorted(f for f in files if is_source(f)), ids, seconds


def score(returned: list[str], case: Case) -> dict[str, float | None]:
    truth = set(case.truth_files)
    got = set(returned) - {case.seed}
    hit = truth & got
    return {"recall": len(hit) / len(truth) if truth else None, "precision": len(hit) / len(got) if got else None}


_LAST_RADIUS: dict = {}


def run_case(
    work: Path, case: Case, repo_tokens: int, incumbent: str | None, with_context: bool, config: Config | None = None
) -> dict:
    apply_seed(work, case)
    key = (str(work), case.commit, case.seed)
    if _LAST_RADIUS.get("key") != key:  # the same change scored against two truths is replayed once
        _LAST_RADIUS.update(
            key=key, result=blast_radius(work, hops=2, count_review=False, config=config or Config(workers=1))
        )
    result = _LAST_RADIUS["result"]
    radius = result.radius
    # A test function in a source file (Rust's ``#[cfg(test)] mod tests``) that calls the change is
    # a caller the radius holds, as a test to run: its file and id count as held.
    held_tests = {t for t in radius.tests if is_source(t.split("::", 1)[0])}
    ours_files = sorted(set(radius.files) | {t.split("::", 1)[0] for t in held_tests})
    uses_files = sorted(set(ours_files) | {u.split("::", 1)[0] for u in radius.uses if is_source(u.split("::", 1)[0])})
    ids = {r.id for r in radius.reached} | {c.id for c in radius.changed} | held_tests
    hop1_files = sorted(
        {c.file for c in radius.changed} | {r.file for r in radius.reached if r.hop <= 1 and not r.is_test}
    )
    from diffreach.review.impact import is_behavior_change

    behavior_files = sorted(
        {c.file for c in radius.changed}
        | {r.file for r in radius.reached if r.hop <= 1 and not r.is_test and is_behavior_change(r)}
    )
    row: dict = {
        "repo": case.repo,
        "kind": case.kind,
        "commit": case.commit[:10],
        "seed": case.seed,
        "truth_rules": case.rules,
        "ours_behavior": score(behavior_files, case),
        **behavior_errors(radius, behavior_files, case),
        "ours_with_uses": score(uses_files, case),
        "truth": case.truth_files,
        "ours": score(ours_files, case),
        "ours_files": len(ours_files),
        "ours_hop1": score(hop1_files, case),
        "missed": sorted(set(case.truth_files) - set(ours_files)),
        "missed_funcs": sorted(set(case.truth_funcs) - ids),
        "changed": [c.id for c in radius.changed],
    }
    if case.truth_funcs:
        row["func_recall"] = len(set(case.truth_funcs) & ids) / len(case.truth_funcs)
    names = case.names or sorted(
        {
            c.id.rsplit("::", 1)[-1].rsplit(".", 1)[-1]
            for c in radius.changed
            if c.kind in ("function", "method", "class")
        }
    )
    grep = grep_files(work, names)
    row["grep"] = score(grep, case)
    cochanged = sorted({c.file for c in (result.cochanged.files if result.cochanged else ()) if is_source(c.file)})
    row["cochanged"] = score(cochanged, case)  # alone (files outside the radius)
    row["ours_with_cochanged"] = score(sorted(set(ours_files) | set(cochanged)), case)
    row["ours_combined"] = score(sorted(set(uses_files) | set(cochanged)), case)
    row["cochanged_files"] = len(cochanged)
    row["cochanged_tokens"] = sum((work / p).stat().st_size for p in cochanged if (work / p).exists()) // 4
    row["missed_with_cochanged"] = sorted(set(case.truth_files) - set(ours_files) - set(cochanged))
    row["grep_tokens"] = sum((work / p).stat().st_size for p in grep if (work / p).exists()) // 4
    row["repo_tokens"] = repo_tokens
    if with_context:
        row["context"] = context_figures(work, result, case)
    if incumbent:
        files, inc_ids, seconds = incumbent_radius(incumbent, work, case.seed)
        row["incumbent"] = score(files, case)
        if case.truth_funcs:
            row["incumbent_func_recall"] = len(set(case.truth_funcs) & inc_ids) / len(case.truth_funcs)
        row["incumbent_files"] = len(files)
        row["incumbent_tokens"] = sum((work / p).stat().st_size for p in files if (work / p).exists()) // 4
        row["incumbent_seconds"] = round(seconds, 2)
    git(work, "checkout", "-q", "--force", f"{case.commit}^")
    return row


def behavior_errors(radius, flagged: list[str], case: Case) -> dict:  # type: ignore[no-untyped-def]
    """The files the behaviour-change set misses and those it flags wrongly, each with the
    verdicts and first reasons of its hop-1 callers (how a figure's errors are read); and those it
    rightly leaves unflagged (``behavior_passed``), so that a change of a verdict's severity can be
    weighed on the rows alone: what it would add to the hits and to the false flags."""
    hop1 = [r for r in radius.reached if r.hop <= 1 and not r.is_test]

    def why(path: str) -> list[str]:
        return sorted(
            {
                f"{r.verdict or 'unjudged'} [{r.resolution}]: {r.reasons[0] if r.reasons else ''}"
                for r in hop1
                if r.file == path
            }
        )

    truth, got = set(case.truth_files), set(flagged) - {case.seed}
    return {
        "behavior_missed": {f: why(f) for f in sorted(truth - got)},
        "behavior_false": {f: why(f) for f in sorted(got - truth)},
        "behavior_hit": {f: why(f) for f in sorted(got & truth)},
        "behavior_passed": {f: why(f) for f in sorted({r.file for r in hop1} - got - truth - {case.seed})},
    }


def context_figures(work: Path, result, case: Case) -> dict:  # type: ignore[no-untyped-def]
    from diffreach.api import review_context

    out = {}
    for budget in BUDGETS:
        ctx = review_context(work, result, budget=budget, origin="bench")
        text = ctx.text
        survived = [f for f in case.truth_funcs if f.rsplit("::", 1)[-1] in text]
        out[str(budget)] = {
            "tokens": ctx.tokens,
            "fits": ctx.fits,
            "level": ctx.level,
            "survival": len(survived) / len(case.truth_funcs) if case.truth_funcs else None,
        }
    return out


def summarize(rows: list[dict]) -> dict:
    def mean(values: list[float | None]) -> float | None:
        vals = [v for v in values if v is not None]
        return round(statistics.mean(vals), 3) if vals else None

    def median(values: list[float]) -> float | None:
        return round(statistics.median(values), 1) if values else None

    out = {}
    for kind in ("caller-update", "co-change"):
        rs = [r for r in rows if r["kind"] == kind]
        if not rs:
            continue
        s: dict = {"cases": len(rs)}
        for tool in (
            "ours",
            "ours_hop1",
            "ours_behavior",
            "ours_with_uses",
            "cochanged",
            "ours_with_cochanged",
            "ours_combined",
            "grep",
            "incumbent",
        ):
            have = [r for r in rs if tool in r]
            if have:
                s[f"{tool}_recall"] = mean([r[tool]["recall"] for r in have])
                s[f"{tool}_precision"] = mean([r[tool]["precision"] for r in have])
        if any("func_recall" in r for r in rs):
            s["ours_func_recall"] = mean([r.get("func_recall") for r in rs])
        if any("incumbent_func_recall" in r for r in rs):
            s["incumbent_func_recall"] = mean([r.get("incumbent_func_recall") for r in rs])
        ctx = [r["context"]["8000"] for r in rs if "context" in r]
        if ctx:
            s["ctx8k_median_tokens"] = median([c["tokens"] for c in ctx])
            s["ctx8k_fits"] = mean([1.0 if c["fits"] else 0.0 for c in ctx])
            s["ctx8k_median_reduction"] = median(
                [r["repo_tokens"] / max(1, r["context"]["8000"]["tokens"]) for r in rs if "context" in r]
            )
            s["ctx8k_func_survival_median"] = median([c["survival"] for c in ctx if c["survival"] is not None])
        inc = [r for r in rs if "incumbent_tokens" in r]
        if inc:
            s["incumbent_median_tokens"] = median([r["incumbent_tokens"] for r in inc])
        s["grep_median_tokens"] = median([r["grep_tokens"] for r in rs])
        if any("cochanged_tokens" in r for r in rs):
            s["cochanged_median_files"] = median([r["cochanged_files"] for r in rs if "cochanged_files" in r])
            s["cochanged_median_tokens"] = median([r["cochanged_tokens"] for r in rs if "cochanged_tokens" in r])
        out[kind] = s
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("repos", nargs="+")
    ap.add_argument("--cases", type=int, default=25, help="cases per kind per repository")
    ap.add_argument("--max-commits", type=int, default=1500)
    ap.add_argument("--incumbent", help="path to the code-review-graph executable")
    ap.add_argument("--no-context", action="store_true")
    ap.add_argument("--json", help="write every case row here")
    ap.add_argument("--kind", choices=("caller-update", "co-change"), help="run only the cases of this kind")
    ap.add_argument("--cache", type=Path, default=CACHE, help="where mined cases and work copies live")
    ap.add_argument(
        "--truth",
        choices=("honest", "names", "both"),
        default="honest",
        help="caller-update truth: the evidence rules (v3), every call of the name (v2), or both "
        "(each change replayed once, scored against each; --json gets v3 rows, --names-json v2 rows)",
    )
    ap.add_argument("--mine-only", action="store_true", help="mine (or re-derive) and cache the cases; replay none")
    ap.add_argument("--names-json", help="with --truth both: write the v2-truth rows here")
    ap.add_argument(
        "--rederive-from",
        type=Path,
        metavar="DIR",
        help="no v3 cases cached: re-derive them from DIR's v2 cases (same commits and seeds; "
        "cheaper than mining, cached as v3r)",
    )
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=INT",
        help="override an integer configuration key, e.g. cochange_max_results=20",
    )
    args = ap.parse_args()
    config = parse_config({k: int(v) for k, v in (kv.split("=", 1) for kv in args.set)}).with_overrides(workers=1)
    rows: list[dict] = []
    for source in args.repos:
        work, history = prepare(source, args.cache)
        name = work.name
        started = time.perf_counter()
        cases = []
        for miner in {"honest": [MINER], "names": [NAMES_MINER], "both": [NAMES_MINER, MINER]}[args.truth]:
            cases += load_or_mine(args, history, name, miner)
        cases = [c for c in cases if args.kind in (None, c.kind)]
        cases.sort(key=lambda c: (c.kind, c.commit, c.seed, c.rules))  # one change's truths side by side
        print(f"{name}: {len(cases)} cases mined in {time.perf_counter() - started:.1f}s", file=sys.stderr)
        if args.mine_only:
            continue
        if args.incumbent and cases:
            git(work, "checkout", "-q", "--force", "--detach", f"{cases[0].commit}^")
            subprocess.run(
                [args.incumbent, "build", "--repo", str(work), "--skip-flows", "-q"],
                capture_output=True,
                check=False,
                cwd=work,
            )
        for case in cases:
            try:
                repo_tokens = 0
                row = run_case(work, case, repo_tokens, args.incumbent, not args.no_context, config)
                row["repo_tokens"] = whole_repo_tokens(work)
                rows.append(row)
            except Exception as exc:  # a case that cannot be replayed is reported, not fatal
                print(f"  skip {case.commit[:10]}: {exc}", file=sys.stderr)
        per_repo = summarize([r for r in rows if r["repo"] == name])
        print(json.dumps({name: per_repo}, indent=1), file=sys.stderr)
    summary = {
        "per_repo": {n: summarize([r for r in rows if r["repo"] == n]) for n in sorted({r["repo"] for r in rows})},
        "overall": summarize(rows),
    }
    print(json.dumps(summary, indent=1))
    if args.json:
        keep = [r for r in rows if args.truth != "both" or r["kind"] != "caller-update" or r["truth_rules"] == MINER]
        Path(args.json).write_text(json.dumps({"summary": summary, "rows": keep}, indent=1))
    if args.names_json:
        keep = [r for r in rows if r["kind"] != "caller-update" or r["truth_rules"] == NAMES_MINER]
        Path(args.names_json).write_text(json.dumps({"summary": summary, "rows": keep}, indent=1))


def load_or_mine(args: argparse.Namespace, history: Path, name: str, miner: str) -> list[Case]:
    """The cases of one miner version: cached, re-derived from cached v2 cases, or mined."""
    cache = args.cache / f"{name}.cases-{miner}-{args.cases}-{args.max_commits}.json"
    rederived = args.cache / f"{name}.cases-{miner}r-{args.cases}-{args.max_commits}.json"
    if miner == MINER and args.rederive_from is not None and not cache.exists():
        if not rederived.exists():
            source = args.rederive_from / f"{name}.cases-{NAMES_MINER}-{args.cases}-{args.max_commits}.json"
            old = [Case(**c, rules=NAMES_MINER) for c in json.loads(source.read_text())]
            rederived.write_text(json.dumps([c.__dict__ for c in rederive(history, old)]))
        cache = rederived
    if cache.exists():  # mining reads thousands of file versions: do it once per setting
        cases = [Case(**c) for c in json.loads(cache.read_text())]
        cases = [c for c in cases if c.truth_files or c.kind != "caller-update"]  # re-derived to nothing
    elif args.kind == "co-change":  # cheap to mine (no file version is read): not cached
        cases = mine_cochange(history, name, args.cases, args.max_commits)
    else:
        cases = mine(history, name, args.cases, args.max_commits, honest=miner == MINER)
        cache.write_text(json.dumps([c.__dict__ for c in cases]))
    for c in cases:
        c.rules = miner
    if args.truth == "both" and miner == NAMES_MINER:  # co-change cases do not depend on the miner
        cases = [c for c in cases if c.kind == "caller-update"]
    return cases


if __name__ == "__main__":
    main()
