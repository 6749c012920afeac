#!/usr/bin/env python3
"""Score the tool's call edges against published call-graph suites (issue 18's held-out measurement).

Usage:
    .venv/bin/python bench/callgraph_suites.py [--exe .venv/bin/diffreach] [--pycg DIR] [--jcg DIR] [--jelly DIR]
        [--json OUT] [--list-misses]   (the venv's Python: lambdas are located with the tool's grammar wheels)

The suites, whole; nothing is downloaded, and nothing is written into DIR:

* ``--pycg``: a checkout of vitsalis/PyCG (or its ``micro-benchmark/snippets``): 119 small programs in
  ``snippets/<category>/<case>/``, each with ``callgraph.json`` mapping every function of the program
  (``module.Class.method``, ``module`` for module-level code, ``module.f.<lambdaN>`` for the N-th lambda in
  f) to the functions it calls. Complete for every function it lists.
* ``--jcg``: a checkout of opalj/JCG (or its ``jcg_testcases/src/main/resources``): Markdown files per
  language (``java``, ``js``, ``python``) and feature; each ``## case`` holds code blocks headed by their path.
  JS and Python cases carry ``{"directLinks": [[caller, callee], ...]}`` (``<global>``: module-level code of any file of the case, which the truth does not name;
  ``File.f``, ``File.Class.m``, ``File.f:L``: the function named so in ``File.*`` around line L,
  ``File.<anonymous:L>``: the function expression on line L); cases without it have no truth and are
  skipped. A case lists the calls it tests, not every call its callers make (CL1's ``f = outer(foo)``
  runs ``outer``, P1's ``new A()`` runs ``A``, OO1's ``Foo(1)`` runs ``Foo.__init__``, D3's ``@dec``
  runs ``dec``: none is listed; C7 lists its ``__init__`` because it tests it), so a tool edge is judged
  only where it ends at a function the case's truth names as a callee (as Java's annotated calls). A
  builtin that calls a function passed to it (``["<global>", "Native.Array_prototype_map"],
  ["Native.Array_prototype_map", "B2.foo"]``) is, in the tool's words, a ``callback`` call from the
  function that passes it: expected as ``<global> -> B2.foo``. Java cases annotate methods with ``@DirectCall(name, line,
  resolvedTargets, prohibitedTargets)``: the call of ``name`` on line L reaches ``name`` declared in each
  resolved class (JVM names, ``Lpkg/Outer$Inner;``). Only those call sites are judged. ``@IndirectCall``
  (reflection, serialization, JVM callbacks: a path, not an edge) is left out, and so are the cases
  with no ``@DirectCall``. One JSON block has a trailing comma; it is read as meant.
* ``--jelly``: a checkout of cs-au-dk/jelly (or its ``tests/micro``): small JavaScript programs whose
  ``NAME.json`` is the call graph recorded by running them (``jelly --dynamic``): ``functions`` as
  ``file:line:col:line:col`` (the module's own code spans the file), ``fun2fun`` the (caller, callee) pairs
  that ran. A function is the node starting on its first line (ending on its last line first). A recorded
  run is a lower bound of what can run: an edge it lacks may still be possible, so its precision is a
  floor. Functions under ``node_modules/`` are external.

Each program is copied to a fresh temporary git repository (committed, so the tool's walk sees it), indexed
with ``EXE index`` and read back with ``EXE graph --json``: only the CLI, as in callgraph_truth.py.

Mapping names to graph nodes (ids ``path::Qual.name``, ``path`` for a file's module-level code):

1. External ends are excluded from both sides: PyCG's ``<builtin>.x`` and any name whose module is not a
   file of the program (``os.path.join``); JCG names whose ``File`` is not a file of the case (``print``,
   ``Array.prototype.map``); Java classes outside the case (``Ljava/lang/String;``). The tool's edges all end
   at the program's own nodes, so nothing external is counted on its side.
2. A call of a class is the tool's name for running its constructor: a callee ``C.__init__`` (JS ``C.constructor``,
   Java ``<init>``) is found by an edge to C or to that method. A tool edge to a class that defines no
   constructor names no function of the program: counted in column ``classes``, outside precision. A call
   edge the graph says does not run (``"runs": false``: bound to a method declared without a body, or to one no
   object runs; the call runs one of the implementations the graph lists as ``dispatch`` pairs beside it) is
   not a call the graph says runs, and is not exported: counted in column ``declarations``. A graph without
   ``runs`` (before session 15) has every such edge counted, in precision, as the edge it states.
3. A truth edge with an end that is no node (a lambda, a nested function the tool does not model, a method
   inherited rather than defined) is unmodelled: counted in ``expected`` as a miss and in ``unmodelled``. If
   only its caller is missing, the tool files the call under the node around it: that node's edge to the
   callee counts as correct, not false.

Counting, per program: expected are the distinct internal (caller, callee) pairs; found those the graph has
as an edge of the scored kinds; recall = found / expected. Tool edges: the graph's edges of those kinds from
the nodes the truth lists as callers (Java: from the method around an annotated line, to a node named like
the annotated call); correct: those the truth accepts; precision = correct / tool edges. The scored kinds are
``calls`` and the ``dispatch`` pairs that a graph lists (a caller of a base method reaches the override:
issue 18's "calls and dynamic edges scored", in the words ``callees`` uses); the second table adds
``references`` (a function named but not called, e.g. a decorator), the third the raw ``dynamic`` edges
(Base.m -> Sub.m read as a call, as this script counted before session 10).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import tree_sitter_python
from tree_sitter import Language, Parser

from callgraph_truth import EXTERNAL, UNMODELLED, Mapped, graph_json, revision, run

# What ``callees`` lists: calls, and the overrides a call reaches through dispatch (the
# ``dispatch`` pairs). A ``dynamic`` edge Base.m -> Sub.m is no call of Base.m's: it says that
# Base.m's callers may run Sub.m, which the dispatch pairs state. ``WITH_DYNAMIC``: the count
# before session 10, which read that edge as a call.
SCORED = frozenset({"calls", "dispatch"})
WITH_REFERENCES = SCORED | {"references"}
WITH_DYNAMIC = SCORED | {"dynamic"}
FUNCTIONS = ("function", "method", "class")
CONSTRUCTORS = frozenset({"__init__", "constructor"})
PYTHON = Language(tree_sitter_python.language())
CASE = re.compile(
    r"^##(?P<name>[^\n]*)\n\[//\]: # \((?:MAIN: [^\n]*|LIBRARY)\)\n(?P<body>.*?)\[//\]: # \(END\)", re.S | re.M
)
BLOCK = re.compile(
    r"```(?:json\n(?P<truth>[^`]*)```\n```)?(?P<lang>java|js|python)\n(?://|#) ?(?P<path>[^\n]*)\n(?P<code>[^`]*)```"
)
ANNOTATION = re.compile(r'@DirectCall\s*\(((?:[^()"]|"[^"]*")*)\)')
LINE = re.compile(r"(?P<name>.*?):(?P<line>\d+)")
COLUMNS = (
    "programs",
    "expected",
    "unmodelled",
    "found",
    "recall",
    "tool_edges",
    "correct",
    "precision",
    "classes",
    "declarations",
)


@dataclass(frozen=True)
class Site:
    """A Java call site the suite annotates: the call of `name` on `line` reaches `name` in each target class."""

    path: str
    line: int
    name: str
    targets: tuple[str, ...]
    prohibited: tuple[str, ...] = ()


@dataclass(frozen=True)
class Program:
    suite: str
    category: str
    name: str
    files: dict[str, str]
    edges: tuple[tuple[str, str], ...] = ()
    callers: tuple[str, ...] = ()
    sites: tuple[Site, ...] = ()


@dataclass
class Graph:
    nodes: dict[str, dict[str, Any]]
    edges: dict[tuple[str, str], dict[str, str]]  # (source, target) -> kind -> resolution of the most confident
    bound_only: set[tuple[str, str]] = field(default_factory=set)  # call edges whose target never runs

    def calls(self, kinds: frozenset[str]) -> dict[tuple[str, str], str]:
        """(source, target) -> resolution, for the pairs with an edge of one of `kinds` (calls first)."""
        out = {}
        for pair, by_kind in self.edges.items():
            kind = next((k for k in ("calls", "dynamic", "dispatch", "references") if k in by_kind and k in kinds), "")
            if kind:
                out[pair] = by_kind[kind]
        return out

    def innermost(self, file: str, line: int, kinds: tuple[str, ...] = ("file", *FUNCTIONS)) -> str | None:
        around = [
            n
            for n in self.nodes.values()
            if n["file"] == file and n["kind"] in kinds and n["start_line"] <= line <= n["end_line"]
        ]
        around.sort(key=lambda n: (n["kind"] != "file", n["start_line"], -n["end_line"]))
        return str(around[-1]["id"]) if around else None

    def constructor_of(self, node: str) -> bool:
        """Whether `node` is a class that defines its own constructor (so a call of it runs a function)."""
        return any(f"{node}.{name}" in self.nodes for name in CONSTRUCTORS)


@dataclass
class Score:
    expected: int = 0
    unmodelled: int = 0
    found: Counter[str] = field(default_factory=Counter)
    tool: Counter[str] = field(default_factory=Counter)
    correct: Counter[str] = field(default_factory=Counter)
    classes: int = 0
    declarations: int = 0  # edges the graph says do not run (bound to a declaration; an implementation runs)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (MISS, FALSE or UNMODELLED, edge)


def build_graph(exe: str, files: dict[str, str]) -> Graph:
    data = graph_json(exe, files, "suite")
    best: dict[tuple[str, str], dict[str, tuple[float, str]]] = defaultdict(dict)
    bound_only = set()
    for e in data["edges"]:
        if e.get("runs") is False:  # the call binds there and runs an implementation (a dispatch pair)
            bound_only.add((e["source"], e["target"]))
        elif e["kind"] in WITH_REFERENCES | WITH_DYNAMIC:
            kinds = best[(e["source"], e["target"])]
            kinds[e["kind"]] = max(kinds.get(e["kind"], (-1.0, "")), (float(e["confidence"]), e["resolution"]))
    # A graph that states dispatch (a caller of a base method reaches the override) has those pairs too.
    for d in data.get("dispatch", ()):
        best[(d["source"], d["target"])].setdefault("dispatch", (0.0, "dispatch"))
    edges = {pair: {k: resolution for k, (_, resolution) in kinds.items()} for pair, kinds in best.items()}
    return Graph({str(n["id"]): n for n in data["nodes"]}, edges, bound_only)


def qualname(node: str) -> str:
    """``path::A.m#2`` -> ``A.m`` (an overload's number dropped)."""
    return node.split("::", 1)[-1].split("#", 1)[0]


def with_owner(graph: Graph, nodes: Iterable[str]) -> Mapped:
    """The nodes, with a constructor's class and a class's constructor: the tool files ``C()`` under either."""
    out = set(nodes)
    for node in list(out):
        owner = node.rsplit(".", 1)[0]
        if qualname(node).rsplit(".", 1)[-1] in CONSTRUCTORS and graph.nodes.get(owner, {}).get("kind") == "class":
            out.add(owner)
        if graph.nodes.get(node, {}).get("kind") == "class":
            out |= {f"{node}.{name}" for name in CONSTRUCTORS} & graph.nodes.keys()
    return Mapped(frozenset(out))


def lambda_spans(path: str, text: str) -> dict[str, tuple[int, int]]:
    """PyCG's names of a Python file's lambdas (``f.<lambda1>``: the first in f, in source order) -> lines."""
    out, counts = {}, Counter[str]()
    stack = [(Parser(PYTHON).parse(text.encode()).root_node, "")]
    while stack:
        node, owner = stack.pop()
        if node.type == "lambda":
            counts[owner] += 1
            owner = f"{owner}.<lambda{counts[owner]}>".lstrip(".")
            out[owner] = (node.start_point.row + 1, node.end_point.row + 1)
        elif node.type in ("function_definition", "class_definition"):
            name = node.child_by_field_name("name")
            owner = f"{owner}.{name.text.decode() if name and name.text else ''}".lstrip(".")
        stack.extend((child, owner) for child in reversed(node.children))
    return out


def at_span(graph: Graph, path: str, span: tuple[int, int]) -> Mapped:
    """The function node spanning exactly `span` (a lambda the tool models); else the node around it hosts it."""
    here = [i for i, n in graph.nodes.items() if n["file"] == path and (n["start_line"], n["end_line"]) == span]
    here = [i for i in here if graph.nodes[i]["kind"] in ("function", "method")]
    return Mapped(frozenset(here[:1])) if here else Mapped(host=graph.innermost(path, span[0]))


# -- PyCG micro-benchmark ---------------------------------------------------------------------------------


def pycg_programs(root: Path) -> list[Program]:
    snippets = root / "micro-benchmark" / "snippets" if (root / "micro-benchmark").is_dir() else root
    programs = []
    for truth in sorted(snippets.glob("*/*/callgraph.json")):
        case = truth.parent
        files = {p.relative_to(case).as_posix(): p.read_text(errors="replace") for p in sorted(case.rglob("*.py"))}
        graph: dict[str, list[str]] = json.loads(truth.read_text())
        edges = tuple((a, b) for a, callees in graph.items() for b in dict.fromkeys(callees))
        programs.append(Program("pycg", case.parent.name, case.name, files, edges, tuple(graph)))
    return programs


def module_name(path: str) -> str:
    parts = PurePosixPath(path).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def pycg_resolver(program: Program, graph: Graph) -> Callable[[str], Mapped]:
    modules = {module_name(p): p for p in program.files}
    lambdas = {(p, name): span for p, text in program.files.items() for name, span in lambda_spans(p, text).items()}

    def resolve(name: str) -> Mapped:
        module = max((m for m in modules if name == m or name.startswith(m + ".")), key=len, default=None)
        if module is None:
            return EXTERNAL  # <builtin>.x, or a module that is not a file of the program
        path = modules[module]
        if name == module:
            return Mapped(frozenset({path})) if path in graph.nodes else UNMODELLED
        rest = name[len(module) + 1 :]
        if (path, rest) in lambdas:
            return at_span(graph, path, lambdas[(path, rest)])
        if f"{path}::{rest}" in graph.nodes:
            return with_owner(graph, [f"{path}::{rest}"])
        host = rest
        while host and f"{path}::{host}" not in graph.nodes:
            host = host.rpartition(".")[0]
        return Mapped(host=f"{path}::{host}" if host else path)

    return resolve


# -- JCG (Java, JavaScript, Python) -----------------------------------------------------------------------


def jcg_programs(root: Path) -> list[Program]:
    resources = root / "jcg_testcases" / "src" / "main" / "resources" if (root / "jcg_testcases").is_dir() else root
    programs = []
    for md in sorted(resources.glob("*/*.md")):
        language = md.parent.name
        for case in CASE.finditer(md.read_text(errors="replace")):
            blocks = list(BLOCK.finditer(case["body"]))
            files = {b["path"].strip(): b["code"] for b in blocks}
            truth = next((relaxed_json(b["truth"]) for b in blocks if b["truth"]), None)
            name, suite = case["name"].strip(), f"jcg/{language}"
            if language == "java":
                sites = tuple(s for path, text in files.items() for s in java_sites(path, text))
                if sites:  # a case with only @IndirectCall has nothing judged here
                    programs.append(Program(suite, md.stem, name, files, sites=sites))
            elif truth is not None:
                edges = with_passers(tuple(dict.fromkeys((a, b) for a, b in truth.get("directLinks", []))))
                callers = tuple(dict.fromkeys(a for a, _ in edges))
                programs.append(Program(suite, md.stem, name, files, edges, callers))
    return programs


def with_passers(edges: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """A builtin's call of a function passed to it, as the call of the function that passed it."""
    natives = {b: a for a, b in edges if b.startswith("Native.")}
    return tuple(dict.fromkeys((natives.get(a, a), b) for a, b in edges))


def relaxed_json(text: str) -> Any:
    """JSON, tolerating a trailing comma (one case of the suite has one)."""
    return json.loads(re.sub(r",(\s*[\]}])", r"\1", text))


def java_sites(path: str, text: str) -> list[Site]:
    sites = []
    for m in ANNOTATION.finditer(text):
        fields = dict(re.findall(r"(\w+)\s*=\s*(\{[^}]*\}|\"[^\"]*\"|\d+)", m[1]))
        names = {k: tuple(re.findall(r'"([^"]*)"', v)) for k, v in fields.items()}
        if "line" in fields and names.get("name"):
            line, name = int(fields["line"]), names["name"][0]
            sites.append(Site(path, line, name, names.get("resolvedTargets", ()), names.get("prohibitedTargets", ())))
    return sites


def jcg_resolver(program: Program, graph: Graph) -> Callable[[str], Mapped]:
    stems = {PurePosixPath(p).stem: p for p in program.files}
    files = frozenset(p for p in program.files if p in graph.nodes)

    def resolve(name: str) -> Mapped:
        if name == "<global>":
            return Mapped(files)  # module-level code: of the case's main file, which the truth does not name
        head, _, rest = name.partition(".")
        path = stems.get(head)
        if path is None or not rest:
            return EXTERNAL
        m, line = LINE.fullmatch(rest), 0
        if m:
            rest, line = m["name"], int(m["line"])
        if rest.startswith(("<anonymous", "<lambda")):
            line = line or int(re.sub(r"\D", "", rest) or 0)
            here = [i for i, n in graph.nodes.items() if n["file"] == path and n["start_line"] == line]
            here = [i for i in here if graph.nodes[i]["kind"] in ("function", "method")]
            return Mapped(frozenset(here[:1])) if here else Mapped(host=graph.innermost(path, line))
        named = [
            i
            for i, n in graph.nodes.items()
            if n["file"] == path
            and n["kind"] in FUNCTIONS
            and (qualname(i) == rest or qualname(i).endswith("." + rest))
        ]
        if line:
            named = [i for i in named if graph.nodes[i]["start_line"] <= line <= graph.nodes[i]["end_line"]]
            named = sorted(named, key=lambda i: graph.nodes[i]["start_line"])[-1:]
        if named:
            return with_owner(graph, named)
        return Mapped(host=graph.innermost(path, line) if line else None)

    return resolve


def java_targets(program: Program, graph: Graph, site: Site) -> tuple[list[tuple[str, Mapped]], frozenset[str]]:
    """For each resolved class inside the case, the nodes the site's call reaches; the nodes it must not reach."""

    def folder(path: str) -> str:
        return PurePosixPath(path).parent.as_posix().strip(".")

    def nodes(jvm: str) -> Mapped:
        package, _, cls = jvm.strip("L;").rpartition("/")
        paths = [p for p in program.files if folder(p) == package]
        if not paths:
            return EXTERNAL
        cls = cls.replace("$", ".")
        wanted = {f"{cls}.{cls.rsplit('.', 1)[-1]}"} if site.name == "<init>" else {f"{cls}.{site.name}"}
        found = {i for i in graph.nodes if i.split("::", 1)[0] in paths and qualname(i) in wanted}
        if site.name == "<init>":
            found |= {f"{p}::{cls}" for p in paths if f"{p}::{cls}" in graph.nodes}
        return Mapped(frozenset(found))

    prohibited = frozenset().union(*(nodes(t).nodes for t in site.prohibited))
    return [(t, m) for t, m in zip(site.targets, map(nodes, site.targets)) if not m.external], prohibited


# -- Jelly's recorded call graphs (JavaScript) ------------------------------------------------------------


def jelly_programs(root: Path) -> list[Program]:
    micro = root / "tests" / "micro" if (root / "tests" / "micro").is_dir() else root
    programs = []
    for truth in sorted(micro.glob("*.json")):
        data = json.loads(truth.read_text())
        if not isinstance(data, dict) or "fun2fun" not in data:
            continue  # package.json and the access-pattern files
        names = data.get("files") or [m.split(":", 1)[-1] for m in data.get("modules", [])]
        if not all((micro / name).is_file() for name in names):
            continue
        files = {name: (micro / name).read_text(errors="replace") for name in names}
        spans = [jelly_span(names, f) for f in data["functions"]]
        edges = tuple(dict.fromkeys((spans[a], spans[b]) for a, b in data["fun2fun"]))
        programs.append(Program("jelly", "micro", truth.stem, files, edges, tuple(dict.fromkeys(a for a, _ in edges))))
    return programs


def jelly_span(files: list[str], function: str) -> str:
    """``0:4:12:4:37`` (file index, start line and column, end line and column) -> ``path:4:4``; ``0`` -> ``path``."""
    parts = function.split(":")
    return files[int(parts[0])] + (f":{parts[1]}:{parts[3]}" if len(parts) == 5 else "")


def jelly_resolver(program: Program, graph: Graph) -> Callable[[str], Mapped]:
    def resolve(name: str) -> Mapped:
        path, _, span = name.partition(":")
        if "node_modules/" in path or path not in graph.nodes:
            return EXTERNAL if "node_modules/" in path else UNMODELLED
        start, end = map(int, span.split(":")) if span else (1, 0)
        if not span or (start == 1 and end >= program.files[path].rstrip("\n").count("\n") + 1):
            return Mapped(frozenset({path}))  # the module's own function
        here = [
            i
            for i, n in graph.nodes.items()
            if n["file"] == path and n["start_line"] == start and n["kind"] in FUNCTIONS
        ]
        here.sort(key=lambda i: (graph.nodes[i]["end_line"] != end, graph.nodes[i]["kind"] == "class", i))
        return with_owner(graph, here[:1]) if here else Mapped(host=graph.innermost(path, start))

    return resolve


# -- scoring ----------------------------------------------------------------------------------------------


def score(program: Program, graph: Graph, kinds: frozenset[str]) -> Score:
    """Expected pairs found, and the tool's edges from the listed callers judged (PyCG and JCG's JS, Python)."""
    resolve = RESOLVERS[program.suite](program, graph)
    result, calls = Score(), graph.calls(kinds)
    covered = {n for c in program.callers for n in resolve(c).nodes}
    expected: dict[tuple[frozenset[str], frozenset[str]], str] = {}
    accepted: set[tuple[str | None, str]] = set()
    unmodelled = set()
    for a, b in program.edges:
        caller, callee = resolve(a), resolve(b)
        if caller.external or callee.external:
            continue
        if not (caller.nodes and callee.nodes):
            unmodelled.add(f"{a} -> {b}")
            accepted |= {(caller.host, t) for t in callee.nodes}
            continue
        expected.setdefault((caller.nodes, callee.nodes), f"{a} -> {b}")
        accepted |= {(s, t) for s in caller.nodes for t in callee.nodes}
    count(result, calls, expected, unmodelled)
    if program.suite.startswith("jcg/"):  # the calls a case tests (the module's docstring)
        tested = {t for _, b in program.edges for t in resolve(b).nodes}
        judge(result, graph, calls, covered, accepted, lambda s, t: t in tested)
    else:
        judge(result, graph, calls, covered, accepted, lambda s, t: "node_modules/" not in t)
    return result


def score_java(program: Program, graph: Graph, kinds: frozenset[str]) -> Score:
    """The annotated call sites: each resolved class inside the case is one expected pair."""
    result, calls = Score(), graph.calls(kinds)
    expected: dict[tuple[frozenset[str], frozenset[str]], str] = {}
    accepted: set[tuple[str | None, str]] = set()
    names: dict[str, set[str]] = defaultdict(set)  # caller -> the names its annotated calls call
    unmodelled = set()
    for site in program.sites:
        caller = graph.innermost(site.path, site.line, ("function", "method"))
        targets, prohibited = java_targets(program, graph, site)
        if caller:
            names[caller].add(site.name)
        for jvm, target in targets:
            text = f"{site.path}:{site.line} {site.name} -> {jvm}"
            if caller is None or not target.nodes:
                unmodelled.add(text)
                continue
            expected.setdefault((frozenset({caller}), target.nodes), text)
            accepted |= {(caller, t) for t in target.nodes - prohibited}
    count(result, calls, expected, unmodelled)

    def relevant(source: str, target: str) -> bool:
        node = graph.nodes[target]
        parts = qualname(target).split(".")
        constructor = node["kind"] == "class" or (len(parts) > 1 and parts[-1] == parts[-2])
        return any(name == node["name"] or (name == "<init>" and constructor) for name in names[source])

    judge(result, graph, calls, set(names), accepted, relevant)
    return result


RESOLVERS = {"pycg": pycg_resolver, "jcg/python": jcg_resolver, "jcg/js": jcg_resolver, "jelly": jelly_resolver}


def count(result: Score, calls: dict[tuple[str, str], str], expected: dict[Any, str], unmodelled: set[str]) -> None:
    for (sources, targets), text in expected.items():
        hits = sorted(calls[(s, t)] for s in sorted(sources) for t in sorted(targets) if (s, t) in calls)
        if hits:
            result.found[hits[0]] += 1
        else:
            result.notes.append(("MISS", text))
    result.notes += [("UNMODELLED", text) for text in sorted(unmodelled)]
    result.unmodelled = len(unmodelled)
    result.expected = len(expected) + len(unmodelled)


def judge(
    result: Score,
    graph: Graph,
    calls: dict[tuple[str, str], str],
    covered: set[str],
    accepted: set[tuple[str | None, str]],
    relevant: Callable[[str, str], bool],
) -> None:
    result.declarations += sum(1 for s, t in graph.bound_only - calls.keys() if s in covered and relevant(s, t))
    for (source, target), resolution in sorted(calls.items()):
        if source not in covered or not relevant(source, target):
            continue
        if (source, target) in accepted:
            result.tool[resolution] += 1
            result.correct[resolution] += 1
        elif graph.nodes[target]["kind"] == "class" and not graph.constructor_of(target):
            result.classes += 1
        else:
            result.tool[resolution] += 1
            result.notes.append(("FALSE", f"{source} -> {target}  [{resolution}]"))


def totals(scores: list[Score]) -> dict[str, Any]:
    found, tool, correct = (sum((getattr(s, k) for s in scores), Counter[str]()) for k in ("found", "tool", "correct"))
    expected, kinds = sum(s.expected for s in scores), sorted(set(found) | set(tool))
    return {
        "programs": len(scores),
        "expected": expected,
        "unmodelled": sum(s.unmodelled for s in scores),
        "found": found.total(),
        "recall": round(found.total() / expected, 3) if expected else None,
        "tool_edges": tool.total(),
        "correct": correct.total(),
        "precision": round(correct.total() / tool.total(), 3) if tool.total() else None,
        "classes": sum(s.classes for s in scores),
        "declarations": sum(s.declarations for s in scores),
        "by_resolution": {k: {"found": found[k], "tool_edges": tool[k], "correct": correct[k]} for k in kinds},
    }


def table(title: str, rows: dict[str, dict[str, Any]]) -> None:
    print(f"\n{title}\n\n| group | " + " | ".join(COLUMNS) + " |\n|---|" + "---:|" * len(COLUMNS))
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join("–" if row[c] is None else str(row[c]) for c in COLUMNS) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--exe", default=".venv/bin/diffreach", help="the tool's console script")
    parser.add_argument("--pycg", type=Path, help="a checkout of vitsalis/PyCG (or its micro-benchmark/snippets)")
    parser.add_argument("--jcg", type=Path, help="a checkout of opalj/JCG (or its jcg_testcases/src/main/resources)")
    parser.add_argument("--jelly", type=Path, help="a checkout of cs-au-dk/jelly (or its tests/micro)")
    parser.add_argument("--json", type=Path, metavar="OUT", help="write the figures as JSON")
    parser.add_argument("--list-misses", action="store_true", help="print every missed, false and unmodelled edge")
    args = parser.parse_args(argv)
    exe = str(Path(args.exe).resolve()) if Path(args.exe).exists() else args.exe
    programs = (pycg_programs(args.pycg) if args.pycg else []) + (jcg_programs(args.jcg) if args.jcg else [])
    programs += jelly_programs(args.jelly) if args.jelly else []
    if not programs:
        parser.error("no suite found: give --pycg, --jcg and/or --jelly")
    results: dict[str, list[tuple[Program, Score]]] = {"scored": [], "with_references": [], "with_dynamic": []}
    try:
        for program in programs:
            graph = build_graph(exe, program.files)
            scorer = score_java if program.suite == "jcg/java" else score
            results["scored"].append((program, scorer(program, graph, SCORED)))
            results["with_references"].append((program, scorer(program, graph, WITH_REFERENCES)))
            results["with_dynamic"].append((program, scorer(program, graph, WITH_DYNAMIC)))
    except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
        sys.exit(f"callgraph_suites: {error}")
    figures: dict[str, Any] = {"exe": run(exe, ["--version"], Path.cwd()).strip()}
    for variant, scores in results.items():
        suites = dict.fromkeys(p.suite for p, _ in scores)
        groups = {s: [r for p, r in scores if p.suite == s] for s in suites}
        categories = {
            f"{p.suite}/{p.category}": [r for q, r in scores if (q.suite, q.category) == (p.suite, p.category)]
            for p, _ in scores
        }
        figures[variant] = {"suites": {k: totals(v) for k, v in groups.items()}}
        figures[variant]["categories"] = {k: totals(v) for k, v in categories.items()}
    table("Calls, dynamic and dispatch edges, by suite:", figures["scored"]["suites"])
    table("By category:", figures["scored"]["categories"])
    table("With references counted as calls, by suite:", figures["with_references"]["suites"])
    table(
        "With dynamic edges counted as calls (the count before session 10), by suite:",
        figures["with_dynamic"]["suites"],
    )
    if args.list_misses:
        for program, s in results["scored"]:
            if s.notes:
                print(f"\n## {program.suite} {program.category}/{program.name}")
                print("\n".join(f"  {t:10} {e}" for t, e in sorted(s.notes)))
    if args.json:
        figures["suites"] = {
            name: revision(root)
            for name, root in (("pycg", args.pycg), ("jcg", args.jcg), ("jelly", args.jelly))
            if root
        }
        figures["programs"] = {f"{p.suite}/{p.category}/{p.name}": totals([s]) for p, s in results["scored"]}
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
