#!/usr/bin/env python3
"""Instructions the query matching of one language executes over a tree, and what each group of
its patterns adds: where the floor of extraction (parse and match) goes, counted by valgrind.

    python bench/query_match_instructions.py TREE [--language python] [--group reference.protocol ...]
        [--src DIR]

One child process per row, under ``valgrind --tool=cachegrind`` (hash seed fixed): the tree's
files of the language are read and parsed; then matched with the whole query, or with the
patterns of one group disabled (a group: the prefix of a pattern's main capture, as
``binding`` or ``reference.call``). A child that only parses gives the base. Rows: the
instructions of matching with the whole query, and per group the instructions its patterns add
(the whole query's matching less the matching without them). Every pattern runs in one pass
here; ``extract/plans.py`` moves the declaration patterns rooted at the file's root to a pass of
their own, so ``declaration`` is overstated. ``--src`` runs another checkout's ``src`` (its
language specs and queries) with this script. Needs valgrind; about 50 times slower than a plain run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

_GROUPS = ("reference.protocol", "reference.value", "reference.call", "reference.inherit", "binding", "declaration",
           "definition", "import", "comment", "doc")  # fmt: skip
_CAPTURE = re.compile(r"@([\w.]+)")


def _child(tree: Path, language: str, off: str | None, parse_only: bool) -> None:
    from tree_sitter import Parser, Query, QueryCursor

    from diffreach.config import load_config
    from diffreach.extract import core
    from diffreach.index.indexer import walk
    from diffreach.languages import language_for

    try:  # the checkouts of every age this compares (--src): plans.py came after 4a524a5
        from diffreach.extract.plans import language_of, query_patterns
    except ImportError:
        language_of, query_patterns = (lambda spec: core._parser_and_query(spec)[0]), None  # type: ignore[assignment,attr-defined]
    prepared = getattr(core, "_prepared", lambda data, spec: data)

    spec, datas = None, []
    for candidate in sorted(c.path for c in walk(tree, load_config(tree))[0]):
        found = language_for(candidate)
        if found is not None and found.name == language:
            spec = found
            datas.append(prepared((tree / candidate).read_bytes(), found))
    if spec is None:
        raise SystemExit(f"no {language} file in {tree}")
    grammar = language_of(spec)
    query = Query(grammar, spec.query_source)
    if off and query_patterns is not None:
        for i, pattern in enumerate(query_patterns(spec.query_source)):
            if any(c == off or c.startswith(off + ".") for c in _CAPTURE.findall(pattern)):
                query.disable_pattern(i)
    parser = Parser(grammar)
    for data in datas:
        tree_ = parser.parse(data)
        if not parse_only:
            cursor = QueryCursor(query)
            cursor.set_max_start_depth(core.MAX_QUERY_DEPTH)
            for _ in cursor.matches(tree_.root_node):
                pass


def _instructions(tree: Path, language: str, src: Path | None, *args: str) -> int:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if src is not None:
        env["PYTHONPATH"] = str(src)
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    run = subprocess.run(
        [*cmd, sys.executable, __file__, "--child", str(tree), "--language", language, *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed on {tree}: {run.stderr.strip()[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree", type=Path)
    ap.add_argument("--language", default="python")
    ap.add_argument("--group", action="append", help=f"a group to measure (default: {', '.join(_GROUPS)})")
    ap.add_argument("--src", type=Path, help="another checkout's src directory")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--off", help=argparse.SUPPRESS)
    ap.add_argument("--parse-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    tree = args.tree.resolve()
    if args.child:
        _child(tree, args.language, args.off, args.parse_only)
        return 0
    base = _instructions(tree, args.language, args.src, "--parse-only")
    whole = _instructions(tree, args.language, args.src)
    row: dict[str, object] = {
        "tree": tree.name,
        "language": args.language,
        "match_Ginstr": round((whole - base) / 1e9, 3),
    }
    for group in args.group or _GROUPS:
        without = _instructions(tree, args.language, args.src, "--off", group)
        row[f"{group}_Ginstr"] = round((whole - without) / 1e9, 3)
        print(f"{group}: {(whole - without) / 1e9:.3f} G", file=sys.stderr, flush=True)
    print(json.dumps(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
