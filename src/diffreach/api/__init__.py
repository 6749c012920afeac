"""The library's front door: what the CLI, the MCP server and the presentation call.

Each function takes a repository path and returns plain data (records or
JSON-ready dicts); none prints or exits. The front ends (``cli``, ``serve``,
``present``) import this package and the bottom modules (model, errors, config,
git) only, never a stage of the pipeline (an import contract checks it), so the
records and helpers they need from a stage are named here too.

- ``indexing``: build the graph, keep it current (a kept indexer, a watcher);
- ``reading``: the whole graph, callers and callees, relevant files, languages;
- ``state``: the store opened, and the graph's state against git (every answer's ``index``);
- ``change`` and ``radius``: a diff read into changed symbols, and its blast radius;
- ``serving``: the budgeted review context, its cut blocks, the token bill.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from diffreach.api.change import diff_limit, whole_file_changes
    from diffreach.api.indexing import GraphUpdater, index, watch
    from diffreach.api.radius import blast_radius, radius_json, warmup_line
    from diffreach.api.reading import (
        callees_of,
        callers_of,
        graph,
        languages,
        query,
        runner_test_ids,
    )
    from diffreach.api.serving import (
        TreeMark,
        check_tokenizer,
        expand,
        graph_facts,
        review_context,
        source_reader,
        stats,
        tree_mark,
    )
    from diffreach.api.state import index_state, open_store, repository_root, versions
    from diffreach.index.indexer import IndexReport
    from diffreach.index.watch import ChangeDetector, Update, Watcher
    from diffreach.review.behavior import MISMATCH_SCORE, Judge, command_judge
    from diffreach.review.context import ReviewContext
    from diffreach.review.diff import check_diff_size
    from diffreach.review.impact import describe_hop, is_behavior_change
    from diffreach.review.tokens import (
        attach_context_savings,
        estimate_context_savings,
        estimate_tokens,
        format_context_savings,
    )

# Each name is loaded from its module on first use (PEP 562), as ``diffreach``'s own are: a
# command loads the stages it calls, not every stage of the pipeline (speed: the query stack,
# the watcher, the review context and the token counters were a share of a warm answer's start).
_HOMES = {
    "diffreach.api.change": "diff_limit whole_file_changes",
    "diffreach.api.indexing": "GraphUpdater index watch",
    "diffreach.api.radius": "blast_radius radius_json warmup_line",
    "diffreach.api.reading": "callees_of callers_of graph languages query runner_test_ids",
    "diffreach.api.state": "index_state open_store repository_root versions",
    "diffreach.api.serving": "TreeMark check_tokenizer expand graph_facts review_context source_reader stats tree_mark",
    "diffreach.index.indexer": "IndexReport",
    "diffreach.index.watch": "ChangeDetector Update Watcher",
    "diffreach.review.behavior": "MISMATCH_SCORE Judge command_judge",
    "diffreach.review.context": "ReviewContext",
    "diffreach.review.diff": "check_diff_size",
    "diffreach.review.impact": "describe_hop is_behavior_change",
    "diffreach.review.tokens": "attach_context_savings estimate_context_savings estimate_tokens format_context_savings",
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names.split()}


def __getattr__(name: str) -> Any:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # the next use is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME_OF})


__all__ = [
    "MISMATCH_SCORE",
    "ChangeDetector",
    "GraphUpdater",
    "IndexReport",
    "Judge",
    "ReviewContext",
    "TreeMark",
    "Update",
    "Watcher",
    "attach_context_savings",
    "blast_radius",
    "callees_of",
    "callers_of",
    "check_diff_size",
    "check_tokenizer",
    "command_judge",
    "describe_hop",
    "diff_limit",
    "estimate_context_savings",
    "estimate_tokens",
    "expand",
    "format_context_savings",
    "graph",
    "graph_facts",
    "index",
    "index_state",
    "is_behavior_change",
    "languages",
    "open_store",
    "query",
    "radius_json",
    "repository_root",
    "review_context",
    "runner_test_ids",
    "source_reader",
    "stats",
    "tree_mark",
    "versions",
    "warmup_line",
    "watch",
    "whole_file_changes",
]
