"""What a warm answer no longer pays for: call sites matched on the caller's lines only (the same
sites as the whole file's), git asked once for what does not change within a command, and no
process pool or ignore-rule library imported by a command that does not use them. (Speed itself
is measured by bench/warm_latency.py, never by a test.)"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from tree_sitter import Language, Range, Tree

from diffreach import api, git
from diffreach.errors import GitError
from diffreach.extract.core import extract_symbols
from diffreach.graph.opening import STORE_ID_FILE
from diffreach.languages import language_for, parsing
from diffreach.languages.binding import calls_in
from diffreach.query import question

Make = Callable[..., Path]

CALLERS = """\
from lib import target


def one():
    target(1,
           b=2)
    return target


class Box:
    def two(self, xs):
        handlers = {"t": target}
        return [target(x) for x in xs] + [
            target(
                *xs,
            )
        ]


def three():
    def inner():
        return target(**{"b": 3})

    return inner
"""


def test_call_sites_on_a_callers_lines_are_those_of_the_whole_file() -> None:
    spec = language_for("callers.py")
    assert spec is not None
    source = CALLERS.encode()
    lines = CALLERS.count("\n")
    whole = calls_in(spec, source, 1, lines, "target")
    assert len(whole) == 6  # four calls, two values
    for first, last in [(4, 7), (10, 17), (11, 11), (14, 16), (20, 24), (21, 22), (1, 3), (15, 15)]:
        expected = [site for site in whole if first <= site.start_line <= last]
        assert calls_in(spec, source, first, last, "target") == expected, (first, last)


@pytest.fixture
def git_calls(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, ...]]:
    calls: Counter[tuple[str, ...]] = Counter()
    run = git.run

    def counted(root: str | Path, *args: str, **kwargs: object) -> bytes:
        calls[args[:2] if args[0] != "rev-parse" else args] += 1
        return run(root, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(git, "run", counted)
    return calls


def test_a_warm_impact_asks_git_each_thing_once(make_repo: Make, git_calls: Counter[tuple[str, ...]]) -> None:
    root = make_repo({"app/core.py": "def parse(t):\n    return t\n", "app/api.py": "from app.core import parse\n"})
    (root / "app/core.py").write_text("def parse(t):\n    return t.strip()\n")
    git.run(root, "commit", "-qam", "strip")
    api.blast_radius(root, base="HEAD~1")
    git_calls.clear()
    result = api.blast_radius(root, base="HEAD~1")
    assert [c.id for c in result.radius.changed] == ["app/core.py::parse"]
    assert git_calls[("rev-parse", "--show-toplevel")] == 0  # found by the first command
    verified = {args: n for args, n in git_calls.items() if args[0] == "rev-parse" and "--verify" in args}
    assert all(n == 1 or "HEAD^{commit}" in args for args, n in verified.items()), verified
    # HEAD: once, by the graph's update (what it reflects); the change and the answer take it from there.
    assert git_calls[("rev-parse", "--verify", "--quiet", "HEAD^{commit}")] == 1
    assert git_calls[("diff", "--no-color")] == 1
    # The untracked files: listed once, by the graph's walk (git walks the whole tree for them).
    assert git_calls[("ls-files", "-z")] == 1
    assert result.index.head == git.head(root) and not result.index.stale
    git_calls.clear()
    unupdated = api.blast_radius(root, base="HEAD~1", update=False)  # no update: the change reads HEAD itself
    assert git_calls[("rev-parse", "--verify", "--quiet", "HEAD^{commit}")] == 1
    assert unupdated.index == result.index


def test_a_warm_impact_reads_a_file_from_git_once_and_counts_no_history(
    make_repo: Make, git_calls: Counter[tuple[str, ...]]
) -> None:
    """The changed file's old side is judged against every call site (three here) and read from
    git once; the history window is the log's own (no ``rev-list --count`` walk before it)."""
    callers = "from app.core import parse\n\n\ndef a():\n    return parse(1)\n\n\ndef b():\n    return parse(2)\n"
    root = make_repo({"app/core.py": "def parse(t):\n    return t\n", "app/api.py": callers + "parse(3)\n"})
    (root / "app/core.py").write_text("def parse(t):\n    return t + 0\n")
    git.run(root, "commit", "-qam", "body")
    api.blast_radius(root, base="HEAD~1")
    git_calls.clear()
    result = api.blast_radius(root, base="HEAD~1")
    hop1 = [r for r in result.radius.reached if r.hop == 1]
    assert {r.id for r in hop1} == {"app/api.py::a", "app/api.py::b", "app/api.py"} and result.cochanged is not None
    shown = {args: n for args, n in git_calls.items() if args[0] == "show"}
    assert len(shown) == 1 and set(shown.values()) == {1}, shown
    assert not [args for args in git_calls if args[0] == "rev-list"]


def test_the_change_mapper_and_the_call_sites_share_one_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    """A changed file is parsed once for its symbols and its calls (the same tree: a parse
    is the same whoever asks)."""
    spec = language_for("callers.py")
    assert spec is not None
    parses: list[int] = []
    parse = parsing.parse_within

    def counted(language: Language, data: bytes, stop: parsing.Stop, ranges: Sequence[Range] = ()) -> Tree:
        parses.append(len(data))
        return parse(language, data, stop, ranges)

    monkeypatch.setattr(parsing, "parse_within", counted)
    source = CALLERS.encode() + b"# shared\n"  # bytes no other test parsed: nothing cached yet
    symbols = extract_symbols("callers.py", source, spec, notes=False)
    assert [s.name for s in symbols if s.kind == "function"] == ["one", "three", "inner"]
    assert len(calls_in(spec, source, 1, CALLERS.count("\n"), "target")) == 6
    assert parses == [len(source)]


def test_new_files_come_from_the_graphs_walk_as_from_git(make_repo: Make) -> None:
    root = make_repo({"app/core.py": "def parse(t):\n    return t\n", "app/api.py": "from app.core import parse\n"})
    (root / "app/new.py").write_text("from app.core import parse\n\ndef fresh():\n    return parse(1)\n")
    (root / "app/other.txt").write_text("not code\n")
    listed, untracked = git.listed(root)
    assert untracked == git.untracked(root) == ["app/new.py", "app/other.txt"]
    assert set(untracked) < set(listed) and "app/core.py" in listed
    walked = api.blast_radius(root)
    api.index(root)
    asked = api.blast_radius(root, update=False)  # the change asks git for them
    assert [c.id for c in walked.radius.changed] == [c.id for c in asked.radius.changed]
    assert "app/new.py::fresh" in [c.id for c in walked.radius.changed]
    assert walked.diff_text == asked.diff_text


def test_a_work_tree_is_forgotten_when_its_git_folder_goes(make_repo: Make) -> None:
    root = make_repo({"a.py": "x = 1\n"})
    assert git.toplevel(root) == root
    assert git.toplevel(root) == root
    shutil.rmtree(root / ".git")
    assert git.toplevel(root) is None


def test_a_merge_base_of_an_unknown_revision_names_it(make_repo: Make) -> None:
    root = make_repo({"a.py": "x = 1\n"})
    head = git.head(root)
    assert git.merge_base(root, "HEAD") == head
    with pytest.raises(GitError, match="unknown revision 'nope'"):
        git.merge_base(root, "nope")
    with pytest.raises(GitError, match="unknown revision 'other'"):
        git.merge_base(root, "HEAD", "other")
    with pytest.raises(GitError, match="not a plain revision"):
        git.merge_base(root, "HEAD", "--output=x")


def test_a_command_imports_no_process_pool_and_no_ignore_rules() -> None:
    heavy = ("multiprocessing", "concurrent.futures", "ctypes", "pathspec")
    probe = f"import sys, diffreach.cli; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_an_unchanged_check_writes_nothing(make_repo: Make) -> None:
    root = make_repo({"app/core.py": "def parse(t):\n    return t\n"})
    api.index(root)
    watcher = api.open_store(root)
    try:
        before = watcher.data_version()
        assert api.index(root).mode == "unchanged"
        api.blast_radius(root, warmup=False)  # the warm-up counts a change it has not seen (a write)
        assert watcher.data_version() == before  # no other connection committed anything
        git.run(root, "commit", "-q", "--allow-empty", "-m", "HEAD moves")
        api.index(root)
        assert watcher.data_version() != before  # the graph now reflects the new HEAD
    finally:
        watcher.close()


@pytest.mark.parametrize("linked", [False, True])
def test_the_stores_git_paths_come_with_the_work_tree(
    make_repo: Make, git_calls: Counter[tuple[str, ...]], tmp_path: Path, linked: bool
) -> None:
    """One subprocess finds the work tree and the git paths opening a store asks for; each is what
    ``git rev-parse --git-path`` alone says (a linked worktree's are absolute, in the main checkout)."""
    root = make_repo({"a.py": "x = 1\n"}).resolve()
    if linked:
        git.run(root, "worktree", "add", "-q", str(tmp_path / "linked"))
        root = (tmp_path / "linked").resolve()
    assert STORE_ID_FILE in git.PRIVATE_NAMES
    assert git.toplevel(root) == root
    git_calls.clear()
    found = {name: git.private_path(root, name) for name in git.PRIVATE_NAMES}
    assert not git_calls
    for name, path in found.items():
        alone = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--git-path", name], check=True, capture_output=True, text=True
        ).stdout.strip()
        assert path == root / alone


def test_a_merge_base_without_shared_history_is_the_revision(make_repo: Make) -> None:
    root = make_repo({"a.py": "x = 1\n"})
    first = git.head(root)
    git.run(root, "checkout", "-q", "--orphan", "other")
    git.run(root, "commit", "-qm", "unrelated")
    assert git.merge_base(root, "main") == first
    assert git.merge_base(root, "main", "main") == first


def test_a_question_builds_the_path_and_module_lookups_only_when_it_names_one() -> None:
    files = ("pkg/cookies.py", "pkg/session.py", "docs/conf.py")
    question._suffixes.cache_clear()  # kept per file list within a process: other tests' lists
    question._resolvers.cache_clear()
    question.named_files(question.parse_question("how are cookies signed when a session is saved"), files)
    assert question._suffixes.cache_info().currsize == 0
    assert question._resolvers.cache_info().currsize == 0
    named = question.named_files(question.parse_question("it fails in pkg/cookies.py"), files)
    assert set(named) == {"pkg/cookies.py"}
    named = question.named_files(question.parse_question("see pkg.session.save for it"), files)
    assert set(named) == {"pkg/session.py"}


def _warm_impact_modules(make_repo: Make, committed: bool = False) -> list[str]:
    """The modules loaded by a whole warm ``impact --json``, run in a process of its own: of one
    function changed in the working tree (the graph updated first), or ``committed`` and indexed
    (``--base HEAD~1``, the graph found fresh)."""
    root = make_repo({"app/core.py": "def parse(t):\n    return t\n", "app/api.py": "from app.core import parse\n"})
    if not committed:
        subprocess.run([sys.executable, "-m", "diffreach.cli", "index"], cwd=root, check=True, capture_output=True)
    (root / "app/core.py").write_text("def parse(t):\n    return t or None\n")
    if committed:
        git.run(root, "commit", "-qam", "parse")
        subprocess.run([sys.executable, "-m", "diffreach.cli", "index"], cwd=root, check=True, capture_output=True)
    args = ["impact", "--json", *(["--base", "HEAD~1"] if committed else [])]
    probe = (
        "import io, json, sys, contextlib\n"
        "from diffreach.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        f"    main({args!r}, standalone_mode=False)\n"
        "print(json.dumps({'answer': json.loads(out.getvalue()), 'modules': sorted(sys.modules)}))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=root, check=True, capture_output=True, text=True)
    found = json.loads(done.stdout)
    assert [c["id"] for c in found["answer"]["changed"]] == ["app/core.py::parse"]  # a real answer
    return list(found["modules"])


def test_a_warm_impact_loads_no_query_stack_no_server_and_no_page(make_repo: Make) -> None:
    """The modules ``impact`` does not use stay unloaded through a whole warm answer (speed:
    each module is a share of the answer's start): the query stack, the graph readers of
    ``api.reading``, the MCP server, the HTML page, the review context and the token counters."""
    modules = _warm_impact_modules(make_repo)
    cut = ("diffreach.query", "diffreach.serve", "diffreach.present", "diffreach.api.reading", "numpy", "mcp")
    cut += ("diffreach.review.context", "diffreach.review.tokens", "diffreach.index.dispatch")
    loaded = [m for m in modules if m.startswith(cut) and m != "diffreach.present"]
    assert loaded == []


def test_a_warm_impact_loads_none_of_the_build_stack(make_repo: Make) -> None:
    """A run that finds the graph fresh (the first step of a warm answer) writes nothing, so it
    loads nothing that extracts files in bulk, resolves references or derives edges: the
    resolver, the extraction pool, the full build, the incremental update and the derived edges."""
    modules = _warm_impact_modules(make_repo, committed=True)
    cut = ("diffreach.resolve", "diffreach.extract.pool", "diffreach.index.full_build", "diffreach.index.build")
    cut += ("diffreach.index.update", "diffreach.index.file_interface", "diffreach.graph.source")
    cut += ("diffreach.index.interfaces", "diffreach.index.registries", "diffreach.graph.derived_edges")
    assert [m for m in modules if m.startswith(cut)] == []


def test_the_dirty_check_runs_beside_the_answer_and_says_what_git_says(make_repo: Make) -> None:
    root = make_repo({"app/core.py": "def parse(t):\n    return t\n"})
    assert api.blast_radius(root, base="HEAD").index.dirty is False
    (root / "app/core.py").write_text("def parse(t):\n    return t.strip()\n")
    assert api.blast_radius(root, base="HEAD").index.dirty is True
    assert git.is_dirty(root) is True
    (root / "app/new.py").write_text("x = 1\n")  # untracked files do not make a tree dirty
    git.run(root, "checkout", "--", "app/core.py")
    assert git.is_dirty(root) is False and api.blast_radius(root, base="HEAD").index.dirty is False


def test_a_dirty_check_never_read_leaves_no_process_behind(make_repo: Make, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_repo({"a.py": "x = 1\n"})
    started: list[subprocess.Popen[bytes]] = []
    real = subprocess.Popen

    def recording(*args: object, **kwargs: object) -> subprocess.Popen[bytes]:
        proc = real(*args, **kwargs)  # type: ignore[call-overload]
        started.append(proc)
        return proc  # type: ignore[no-any-return]

    monkeypatch.setattr(subprocess, "Popen", recording)
    with pytest.raises(RuntimeError), git.dirty_check(root):
        raise RuntimeError("the answer failed before it read the check")
    assert len(started) == 1 and started[0].returncode is not None  # reaped, not a zombie
