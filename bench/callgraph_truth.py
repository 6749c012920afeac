#!/usr/bin/env python3
"""Score the tool's call edges against published call-graph truth sets (issue 18): precision and recall.

Usage:
    .venv/bin/python bench/callgraph_truth.py [--exe .venv/bin/diffreach] [--js DIR] [--go DIR] [--json OUT]
        [--list-misses]      (the venv's Python: the truth programs are parsed with the tool's grammar wheels)

``--js`` is a clone of Persper/js-callgraph, ``--go`` one of golang/tools; nothing is downloaded or kept.
Each program is written to a fresh temporary git repository (committed, so the tool's walk sees it),
indexed with ``EXE index`` and read back with ``EXE graph --json``: only the CLI, so the script outlives
any restructuring of the library. The sets, whole:

* js: each ``tests/**/*.truth`` with the program of its stem (.js, .ts, .vue) plus the files that imports
  (as the set's runner finds them). ``a.js:f:L -> b.js:g:D``: a call on line L in ``f`` (``global``: module
  level, ``anon``: a function expression) reaches ``g`` defined on line D; ``Native`` callees are skipped.
* go/cha ``cha/testdata/*.go`` (``a --> b``; dynamic calls only, which are all the calls of their callers,
  or all calls in generics.go), go/rta ``rta/testdata/*.txtar`` (``edge a --kind--> b``, ``!reachable f``),
  go/vta ``vta/testdata/src/*.go`` whose WANT is a call graph (``f: site -> g, h; ...``, complete for each
  caller listed). Laid out as their tests lay them out (go.mod, main/main.go or testdata/NAME.go).

Mapping truth functions to graph nodes:

1. JS caller ``global`` is the file node; another is the innermost function around the call line in the
   source (parsed with the grammar wheels the tool uses), modelled if a function or method node starts on
   its first line (.vue, which has no grammar here: the node around the call line, if it has the name).
   JS callee: the function or method (else class) node starting on line D, the name breaking ties; an edge
   to a class counts as one to its ``constructor`` (the tool files ``new C()`` as a call of C). Functions
   are told apart by line, so a line holding several (minified code) maps to one of them.
2. Go: type arguments are dropped (``f[int]`` is ``f``); ``(T).m``, ``(*T).m`` and VTA's ``T.m`` are the node
   ``T.m`` in a file of the package's folder, ``f`` the node ``f``; packages outside the module (reflect) are
   external, skipped like ``Native``. A closure ``f$N`` is f's N-th function literal in source order
   (``init$N``: at package level), modelled if a node starts on its line. SSA's synthetic ``$bound`` and
   ``$thunk`` are contracted (``a --> x$bound --> b`` is ``a --> b``); a method node's edge to itself is the
   pointer-receiver wrapper ``(*T).m --> (T).m`` and dropped.
3. A truth edge with an end that is no node is counted as unmodelled, outside recall. If only its caller
   is missing, the tool files the call under the node around it (enclosing function or file): that node's
   edge to the callee counts as correct, not false.

Counting: call edges are the graph's ``calls``, ``references`` and ``dynamic`` edges, once per node pair,
with the resolution of the most confident. Expected: distinct modelled (caller, callee) pairs; found: those
the graph has; recall = found / expected. A graph whose ``graph --json`` lists ``dispatch`` pairs (caller,
override, via the base method) has each as a call pair, found under the resolution ``dispatch``. Column
``dispatch``: expected pairs a graph without that list has only as caller -> X plus a ``dynamic`` edge
X -> callee (the walk's hop through an interface method), not in found. Tool edges:
call pairs from the callers the truth lists (also those calling only outside); correct: the expected ones;
precision = correct / tool edges. RTA's edge lines leave out static calls, so there a tool edge is judged
only if expected or if its callee is asserted ``!reachable``.

Declarations: a call through a value whose declared type is an interface binds, in the graph, to the
interface's method (resolution ``type``: where the call binds, which a change of that method's signature
reaches), and through dispatch to the implementations (the ``dispatch`` pairs), as ``callees`` lists them.
The interface method has no body and never runs; the truth lists what runs. So a ``type`` edge to a method
declared without a body (Go: a method of an ``interface`` type, read from the program's source) is
read as the binding of the dispatch pairs beside it, not as a callee: counted in column ``declared``,
outside precision. An ``ambiguous-name`` or ``unique-name`` edge to such a method is a guess by name and
is judged like any other edge.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import tree_sitter_go
import tree_sitter_javascript
import tree_sitter_typescript
from tree_sitter import Language, Node, Parser

CALL_KINDS = frozenset({"calls", "references", "dynamic"})
GRAMMARS = {
    ".js": Language(tree_sitter_javascript.language()),
    ".ts": Language(tree_sitter_typescript.language_typescript()),
    ".go": Language(tree_sitter_go.language()),
}
JS_FUNCTIONS = frozenset(
    {"function_declaration", "function_expression", "function", "arrow_function", "method_definition"}
    | {"generator_function_declaration", "generator_function"}
)
JS_IMPORTS = re.compile(r"""(?:require\(|import\s.*?from\s|import\s|export\s.*?from\s)\s*['"]([^'"]+)['"]""")
GO_METHOD = re.compile(r"\(\*?(?:(?P<pkg>[^()]+)\.)?(?P<recv>\w+)\)\.(?P<fn>\w+)(?P<cl>(?:\$\d+)*)")
GO_FUNC = re.compile(r"(?:(?P<pkg>[^()]+)\.)?(?P<fn>\w+)(?P<cl>(?:\$\d+)*)")
TYPE_ARGS = re.compile(r"\[[^\[\]]*\]")
SYNTHETIC = ("$bound", "$thunk")
COLUMNS = (
    *("programs", "expected", "unmodelled", "found", "recall", "dispatch"),
    *("declared", "tool_edges", "correct", "precision"),
)
GO_MOD = "module x.io\ngo 1.22\n"


@dataclass(frozen=True)
class Mapped:
    """Where a truth function landed: the nodes that stand for it; if none, the node hosting its calls."""

    nodes: frozenset[str] = frozenset()
    host: str | None = None
    external: bool = False


EXTERNAL, UNMODELLED = Mapped(external=True), Mapped()


@dataclass(frozen=True)
class Program:
    suite: str
    name: str
    files: dict[str, str]
    edges: tuple[tuple[str, str], ...]
    complete: bool = True
    dead: tuple[str, ...] = ()
    module: str = "x.io"
    main_dir: str = ""


@dataclass
class Graph:
    nodes: dict[str, dict[str, Any]]
    calls: dict[tuple[str, str], tuple[str, str]]
    dynamic: dict[str, set[str]]

    def innermost(self, file: str, line: int) -> str | None:
        around = [n for n in self.nodes.values() if n["file"] == file and n["start_line"] <= line <= n["end_line"]]
        around.sort(key=lambda n: (n["kind"] != "file", n["start_line"], -n["end_line"]))
        return str(around[-1]["id"]) if around else None

    def function_at(self, file: str, start: int, name: str, kinds: tuple[str, ...], inner: int = 0) -> Mapped:
        """The node of `kinds` starting on line `start` (`name` first); if none, the host of line `inner`."""
        here = [n for n in self.nodes.values() if n["file"] == file and n["start_line"] == start and n["kind"] in kinds]
        here.sort(key=lambda n: (n["name"].strip("'\"") != name, n["kind"] == "class", n["end_line"], n["id"]))
        return Mapped(frozenset({str(here[0]["id"])})) if here else Mapped(host=self.innermost(file, inner or start))


@dataclass
class Score:
    expected: int = 0
    found: Counter[str] = field(default_factory=Counter)
    dispatch: int = 0
    declared: int = 0  # type edges to a method without a body: the binding, outside precision
    tool: Counter[str] = field(default_factory=Counter)
    correct: Counter[str] = field(default_factory=Counter)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (MISS, FALSE or UNMODELLED, edge)


def run(exe: str, args: list[str], cwd: Path) -> str:
    proc = subprocess.run([exe, *args], cwd=cwd, capture_output=True, text=True, errors="replace", check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"{exe} {' '.join(args)}: exit {proc.returncode}: {proc.stderr.strip()[:300]}")
    return proc.stdout


def graph_json(exe: str, files: dict[str, str], label: str = "truth") -> dict[str, Any]:
    """``EXE graph --json`` of a program indexed in a temporary git repository of its own."""
    with tempfile.TemporaryDirectory(prefix=f"{label}-") as tmp:
        root = Path(tmp)
        for path, text in files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text)
        git = ["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", "-c", "commit.gpgsign=false"]
        for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", f"{label} program"]):
            subprocess.run([*git, *args], cwd=root, check=True, capture_output=True)
        run(exe, ["index", "."], root)
        data: dict[str, Any] = json.loads(run(exe, ["graph", "--json"], root))
    return data


def build_graph(exe: str, files: dict[str, str]) -> Graph:
    data = graph_json(exe, files)
    best: dict[tuple[str, str], tuple[float, str, str]] = {}
    dynamic: dict[str, set[str]] = defaultdict(set)
    for e in (e for e in data["edges"] if e["kind"] in CALL_KINDS):
        pair = (e["source"], e["target"])
        best[pair] = max(best.get(pair, (-1.0, "", "")), (float(e["confidence"]), e["resolution"], e["kind"]))
        if e["kind"] == "dynamic":
            dynamic[e["source"]].add(e["target"])
    calls = {pair: (resolution, kind) for pair, (_, resolution, kind) in best.items()}
    # A graph that states dispatch (``dispatch``: a caller of a base method reaches the override)
    # has those pairs as call pairs of their own, scored under the resolution "dispatch".
    for d in data.get("dispatch", ()):
        calls.setdefault((d["source"], d["target"]), ("dispatch", "dispatch"))
    return Graph({str(n["id"]): n for n in data["nodes"]}, calls, dynamic)


def revision(repo: Path) -> str:
    git = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True, check=False)
    return git.stdout.strip() or "unknown"


def syntax_tree(path: str, text: str) -> Node | None:
    grammar = GRAMMARS.get(PurePosixPath(path).suffix)
    return Parser(grammar).parse(text.encode()).root_node if grammar else None


def js_function_spans(path: str, text: str) -> list[tuple[int, int]]:
    tree = syntax_tree(path, text)
    return [(n.start_point.row + 1, n.end_point.row + 1) for n in descendants(tree) if n.type in JS_FUNCTIONS]


def descendants(node: Node | None) -> list[Node]:
    out, stack = [], [node] if node else []
    while stack:
        out.append(stack.pop())
        stack.extend(reversed(out[-1].children))
    return out


# -- Persper/js-callgraph ---------------------------------------------------------------------------------


def js_programs(root: Path) -> list[Program]:
    programs = []
    for truth in sorted((root / "tests").rglob("*.truth")):
        sources = [p for p in truth.parent.glob(truth.stem + ".*") if p.suffix in (".js", ".ts", ".vue")]
        base = truth.parent.resolve()
        files, todo = {}, [s.resolve() for s in sources[:1]]
        while todo:
            path = todo.pop()
            rel = path.relative_to(base).as_posix()
            files[rel] = files.get(rel) or path.read_text(errors="replace")
            for target in JS_IMPORTS.findall(files[rel]):
                ext = "" if target.endswith((".js", ".ts", ".vue")) else ".js"
                found = (path.parent / (target + ext)).resolve()
                if found.is_file() and found.is_relative_to(base) and found.relative_to(base).as_posix() not in files:
                    todo.append(found)
        lines = [line.split(" -> ") for line in truth.read_text().splitlines() if " -> " in line]
        edges = tuple(dict.fromkeys((a.strip(), b.strip()) for a, b in lines))
        if files:
            programs.append(Program("js", truth.relative_to(root / "tests").with_suffix("").as_posix(), files, edges))
    return programs


def js_resolver(program: Program, graph: Graph) -> Callable[[str, bool], Mapped]:
    spans = {path: js_function_spans(path, text) for path, text in program.files.items()}
    by_base = {PurePosixPath(path).name: path for path in program.files}

    def resolve(ref: str, caller: bool) -> Mapped:
        if ref == "Native":
            return EXTERNAL
        base, rest = ref.split(":", 1)
        name, number = rest.rsplit(":", 1)
        path, line = by_base.get(base, ""), int(number)
        if path not in graph.nodes:
            return UNMODELLED
        if caller and name == "global":
            return Mapped(frozenset({path}))
        if caller and PurePosixPath(path).suffix not in GRAMMARS:  # .vue: the node around the call, if named so
            host = graph.innermost(path, line)
            return Mapped(frozenset({host})) if host and graph.nodes[host]["name"] == name else Mapped(host=host)
        if caller:
            around = [span for span in spans.get(path, []) if span[0] <= line <= span[1]]
            start = max(around, key=lambda s: (s[0], -s[1]))[0] if around else 0
            return graph.function_at(path, start, name, ("function", "method"), inner=line)
        callee = graph.function_at(path, line, name, ("function", "method", "class"))
        for node in callee.nodes:  # the class stands for its constructor
            owner = node.rsplit(".", 1)[0]
            if graph.nodes[node]["name"] == "constructor" and owner in graph.nodes:
                return Mapped(frozenset({node, owner}))
        return callee if callee.nodes else UNMODELLED

    return resolve


# -- golang/tools go/callgraph ----------------------------------------------------------------------------


def want_block(text: str) -> list[str]:
    """The lines of the `// WANT:` comment, type arguments dropped (`f[x.io/main.A]` is `f`)."""
    lines = text.splitlines()
    start = next((i + 1 for i, line in enumerate(lines) if line.strip() == "// WANT:"), len(lines))
    block = []
    for line in lines[start:]:
        if not line.lstrip().startswith("//"):
            break
        block.append(line.lstrip()[2:].strip())
        while TYPE_ARGS.search(block[-1]):
            block[-1] = TYPE_ARGS.sub("", block[-1])
    return [line for line in block if line]


def contract(edges: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """Replace SSA's synthetic $bound and $thunk wrappers by the functions they call."""
    out = {(a, b) for a, b in edges if not a.endswith(SYNTHETIC) and not b.endswith(SYNTHETIC)}
    for a, s in edges:
        if s.endswith(SYNTHETIC) and not a.endswith(SYNTHETIC):
            out |= {(a, b) for x, b in edges if x == s and not b.endswith(SYNTHETIC)}
    return tuple(sorted(out))


def cha_programs(root: Path) -> list[Program]:
    programs = []
    for path in sorted((root / "cha" / "testdata").glob("*.go")):
        edges = [tuple(line.split(" --> ")) for line in want_block(path.read_text()) if " --> " in line]
        files = {"go.mod": GO_MOD, "main/main.go": path.read_text()}
        programs.append(Program("go/cha", path.stem, files, contract(edges), main_dir="main"))
    return programs


def txtar(text: str) -> dict[str, str]:
    parts = re.split(r"^-- (.+) --\n", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def rta_programs(root: Path) -> list[Program]:
    programs = []
    for path in sorted((root / "rta" / "testdata").glob("*.txtar")):
        files = txtar(path.read_text())
        module = re.search(r"^module (\S+)", files.get("go.mod", ""), re.M)
        wanted = next((p for p, t in files.items() if p.endswith(".go") and want_block(t)), "")
        block = want_block(files.get(wanted, ""))
        edges = [m.groups() for m in map(re.compile(r"edge (.+?) --[^>]*--> (.+)").fullmatch, block) if m]
        # (*T).m and (T).m are one node, T.m: it is dead only when neither form is asserted reachable.
        live = {x[10:].replace("*", "") for x in block if x.startswith("reachable ")}
        dead = tuple(x[11:] for x in block if x.startswith("!reachable ") and x[11:].replace("*", "") not in live)
        folder = str(PurePosixPath(wanted).parent).strip(".")
        mod = module[1] if module else ""
        programs.append(Program("go/rta", path.stem, files, contract(edges), False, dead, mod, main_dir=folder))
    return programs


def vta_programs(root: Path) -> list[Program]:
    programs = []
    for path in sorted((root / "vta" / "testdata" / "src").glob("*.go")):
        block = want_block(path.read_text())
        if not block or not re.match(r"\S+: ", block[0]):
            continue  # a type-propagation graph, not a call graph
        edges = []
        for caller, sites in (line.split(": ", 1) for line in block):
            for site in sites.split("; "):
                edges += [(caller, callee) for callee in site.rsplit(" -> ", 1)[1].split(", ")]
        files = {"go.mod": GO_MOD, f"testdata/{path.name}": path.read_text()}
        programs.append(Program("go/vta", path.stem, files, contract(edges), main_dir="testdata"))
    return programs


def go_closures(files: dict[str, str]) -> dict[tuple[str, str], tuple[str, int]]:
    """(folder, SSA name of a function literal: f$1, T.m$2$1, m$2$1, init$1) -> (file, first line)."""
    out: dict[tuple[str, str], tuple[str, int]] = {}
    for path, text in files.items():
        tree = syntax_tree(path, text) if path.endswith(".go") else None
        folder, counts = str(PurePosixPath(path).parent).strip("."), Counter[str]()
        stack: list[tuple[Node, str]] = [(tree, "init")] if tree else []
        while stack:
            node, owner = stack.pop()
            if node.type == "func_literal":
                counts[owner] += 1
                owner = f"{owner}${counts[owner]}"
                for key in {owner, owner.rsplit(".", 1)[-1]}:
                    out.setdefault((folder, key), (path, node.start_point.row + 1))
            elif node.type in ("function_declaration", "method_declaration"):
                recv = node.child_by_field_name("receiver")
                types = [n for n in descendants(recv) if n.type == "type_identifier"][:1] if recv else []
                owner = ".".join(n.text.decode() for n in [*types, node.child_by_field_name("name")] if n and n.text)
            stack.extend((child, owner) for child in reversed(node.children))
    return out


def go_resolver(program: Program, graph: Graph) -> Callable[[str, bool], Mapped]:
    closures = go_closures(program.files)
    files = [str(n["id"]) for n in graph.nodes.values() if n["kind"] == "file"]

    def resolve(name: str, caller: bool) -> Mapped:
        m = GO_METHOD.fullmatch(name) or GO_FUNC.fullmatch(name)
        if m is None:
            return UNMODELLED
        pkg, recv, fn, cl = m["pkg"], m.groupdict().get("recv"), m["fn"], m["cl"]
        if program.suite == "go/vta" and recv is None and pkg:
            pkg, recv = None, pkg  # VTA prints methods as T.m and never qualifies a function
        if pkg is not None and pkg != program.module and not pkg.startswith(program.module + "/"):
            return EXTERNAL
        folder = program.main_dir if pkg is None else pkg[len(program.module) + 1 :]
        owner = f"{recv}.{fn}" if recv else fn
        if cl:
            path, line = closures.get((folder, owner + cl), ("", 0))
            return graph.function_at(path, line, "", ("function", "method"))
        ids = [f"{f}::{owner}" for f in files if str(PurePosixPath(f).parent).strip(".") == folder]
        return next((Mapped(frozenset({i})) for i in ids if i in graph.nodes), UNMODELLED)

    return resolve


def go_declarations(files: dict[str, str]) -> set[tuple[str, int]]:
    """(file, line) of each method an interface type declares (no body: it never runs)."""
    out = set()
    for path, text in files.items():
        tree = syntax_tree(path, text) if path.endswith(".go") else None
        out |= {(path, n.start_point.row + 1) for n in descendants(tree) if n.type in ("method_elem", "method_spec")}
    return out


RESOLVERS = {"js": js_resolver, "go": go_resolver}
DECLARATIONS: dict[str, Callable[[dict[str, str]], set[tuple[str, int]]]] = {"go": go_declarations}


# -- scoring ----------------------------------------------------------------------------------------------


def score(program: Program, graph: Graph) -> Score:
    resolve = RESOLVERS[program.suite.split("/")[0]](program, graph)
    result, covered = Score(), set()
    expected: dict[tuple[str, frozenset[str]], str] = {}
    accepted: set[tuple[str | None, str]] = set()
    for a, b in program.edges:
        caller, callee = resolve(a, True), resolve(b, False)
        wrapper = len(caller.nodes) == 1 and caller.nodes == callee.nodes and program.suite.startswith("go")
        if wrapper and graph.nodes[next(iter(caller.nodes))]["kind"] == "method":
            continue  # the pointer-receiver wrapper (*T).m --> (T).m
        covered |= caller.nodes
        if caller.external or callee.external:
            continue
        if not (caller.nodes and callee.nodes):
            result.notes.append(("UNMODELLED", f"{a} -> {b}"))
            accepted |= {(caller.host, t) for t in callee.nodes}
            continue
        source = next(iter(caller.nodes))
        expected.setdefault((source, callee.nodes), f"{a} -> {b}")
        accepted |= {(source, t) for t in callee.nodes}
    for (source, targets), text in expected.items():
        hits = [graph.calls[(source, t)][0] for t in sorted(targets) if (source, t) in graph.calls]
        via = not hits and any(targets & graph.dynamic.get(x, set()) for s, x in graph.calls if s == source)
        if hits:
            result.found[hits[0]] += 1
        else:
            result.dispatch += via
            result.notes.append(("MISS", text + ("  [the graph has it via a dynamic edge]" if via else "")))
    result.expected = len(expected)
    dead = {n for name in program.dead for n in resolve(name, False).nodes}
    lines = DECLARATIONS.get(program.suite.split("/")[0], lambda _: set())(program.files)
    declared = {i for i, n in graph.nodes.items() if n["kind"] == "method" and (n["file"], n["start_line"]) in lines}
    for (source, target), (resolution, kind) in sorted(graph.calls.items()):
        if source in covered and target in declared and resolution == "type" and (source, target) not in accepted:
            result.declared += 1
            result.notes.append(("DECLARED", f"{source} -> {target}  [{kind}, {resolution}]"))
        elif source in covered and (program.complete or target in dead or (source, target) in accepted):
            result.tool[resolution] += 1
            if (source, target) in accepted:
                result.correct[resolution] += 1
            else:
                result.notes.append(("FALSE", f"{source} -> {target}  [{kind}, {resolution}]"))
    return result


def totals(scores: list[Score]) -> dict[str, Any]:
    found, tool, correct = (sum((getattr(s, k) for s in scores), Counter[str]()) for k in ("found", "tool", "correct"))
    expected, kinds = sum(s.expected for s in scores), sorted(set(found) | set(tool))
    return {
        "programs": len(scores),
        "expected": expected,
        "unmodelled": sum(tag == "UNMODELLED" for s in scores for tag, _ in s.notes),
        "found": found.total(),
        "recall": round(found.total() / expected, 3) if expected else None,
        "dispatch": sum(s.dispatch for s in scores),
        "declared": sum(s.declared for s in scores),
        "tool_edges": tool.total(),
        "correct": correct.total(),
        "precision": round(correct.total() / tool.total(), 3) if tool.total() else None,
        "by_resolution": {k: {"found": found[k], "tool_edges": tool[k], "correct": correct[k]} for k in kinds},
    }


def report(suites: dict[str, dict[str, Any]]) -> None:
    print("| suite | " + " | ".join(COLUMNS) + " |\n|---|" + "---:|" * len(COLUMNS))
    for name, row in suites.items():
        print(f"| {name} | " + " | ".join("–" if row[c] is None else str(row[c]) for c in COLUMNS) + " |")
    print("\n| suite | resolution | found | tool_edges | correct | precision |\n|---|---|---:|---:|---:|---:|")
    for name, row in suites.items():
        for kind, c in row["by_resolution"].items():
            precision = f"{c['correct'] / c['tool_edges']:.3f}" if c["tool_edges"] else "–"
            print(f"| {name} | {kind} | {c['found']} | {c['tool_edges']} | {c['correct']} | {precision} |")


def list_misses(scores: list[tuple[Program, Score]]) -> None:
    for program, s in scores:
        if s.notes:
            print(f"\n## {program.suite} {program.name}\n" + "\n".join(f"  {t:10} {e}" for t, e in sorted(s.notes)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--exe", default=".venv/bin/diffreach", help="the tool's console script")
    parser.add_argument("--js", type=Path, help="a clone of Persper/js-callgraph")
    parser.add_argument("--go", type=Path, help="a clone of golang/tools (or its go/callgraph folder)")
    parser.add_argument("--json", type=Path, metavar="OUT", help="write the figures as JSON")
    parser.add_argument("--list-misses", action="store_true", help="print every missed, false and unmodelled edge")
    args = parser.parse_args(argv)
    exe = str(Path(args.exe).resolve()) if Path(args.exe).exists() else args.exe
    programs = js_programs(args.js) if args.js else []
    if args.go:
        go = args.go / "go" / "callgraph" if (args.go / "go" / "callgraph").is_dir() else args.go
        programs += cha_programs(go) + rta_programs(go) + vta_programs(go)
    if not programs:
        parser.error("no truth set found: give --js and/or --go")
    try:
        scores = [(p, score(p, build_graph(exe, p.files))) for p in programs]
    except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
        sys.exit(f"callgraph_truth: {error}")
    groups = {p.suite: [s for q, s in scores if q.suite == p.suite] for p in programs}
    if sum(suite.startswith("go/") for suite in groups) > 1:
        groups["go"] = [s for p, s in scores if p.suite.startswith("go/")]
    suites = {suite: totals(group) for suite, group in groups.items()}
    report(suites)
    if args.list_misses:
        list_misses(scores)
    if args.json:
        truth = {name: revision(root) for name, root in (("js", args.js), ("go", args.go)) if root}
        figures = {"exe": run(exe, ["--version"], Path.cwd()).strip(), "truth": truth, "suites": suites}
        figures["programs"] = {f"{p.suite}/{p.name}": totals([s]) for p, s in scores}
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
