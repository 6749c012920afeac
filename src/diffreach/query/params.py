"""Every knob of the query ranking, with the defaults the query benchmark chose.

``RankParams`` is frozen and hashable, so that per-process caches (file priors) can key on it.
The comments say what was measured for a default; ``docs/benchmarks.md`` has the runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from diffreach.model import EdgeKind


@dataclass(frozen=True)
class RankParams:
    """Every knob of the ranking, with the defaults the query benchmark chose."""

    k1: float = 1.2
    b: float = 0.75
    max_df_share: float = 0.2  # query terms in more documents than this share are dropped
    # Share of a term's idf taken from the files that hold it rather than the documents: a term packed
    # into one file ('linkcheck') says more about the file than one spread thinly over many ('error').
    file_idf: float = 0.5
    # Weight of a node's notes (docstring rest, comments, strings) per term occurrence, against 3
    # for a name word and 0.5 for a word of the docstring's first line; they lengthen the document by as
    # much (BM25F) times ``notes_length_share``. 0 leaves them out: the ranking is then exactly the one
    # before notes were indexed. 0.3 and 0.5 scored alike out of sample and on the hold-out, 0.5 one
    # instance better in sample; 0.1 and 1.0 lower (docs/benchmarks.md, query ranking, round 3).
    notes_weight: float = 0.5
    notes_length_share: float = 1.0  # 0 and 0.5 measured and dropped: lower in sample
    # Share of the documents that hold a term in their notes alone counted in its document frequency
    # (so in its idf and in ``max_df_share``); a term found in notes alone always counts them all.
    # 0 was best in sample and lost out of sample: kept at plain BM25F.
    notes_df: float = 1.0
    seeds: int = 40
    damping: float = 0.85
    reverse_weight: float = 1.0  # weight of walking an edge backwards (callee → caller)
    kind_weights: tuple[tuple[str, float], ...] = (
        (EdgeKind.CALLS, 1.0),
        (EdgeKind.REFERENCES, 0.7),
        (EdgeKind.IMPORTS, 0.3),
        (EdgeKind.INHERITS, 1.0),
        (EdgeKind.CONTAINS, 1.0),
        (EdgeKind.DYNAMIC, 0.5),
        (EdgeKind.TESTS, 0.5),
    )
    file_decay: float = 0.5  # a file's lexical score: best doc + decay * second + decay² * third …
    file_docs: int = 3
    graph_mix: float = 0.5  # weight of the (normalised) graph score next to the lexical one
    graph_size_norm: float = 0.5  # a file's walk score is divided by (its node count) ** this
    neighbour_discount: float = 0.5
    test_share: float = 0.2  # share of test words in the prose that makes a question about tests
    named_bonus: float = 1.0  # added to the score of a file the question names (a path, a dotted module)
    named_budget: float = 3.0  # past this many named files, each naming counts for less
    # Directories of docs, examples, demos, tutorials, benchmarks and vendored code: the question is rarely
    # about them, so their files count for ``secondary_factor`` of their score unless the question names
    # them; a name matches a directory's whole name or a word of a hyphenated one (``sentinel-demo``). Not
    # ``sample``: a metrics library's ``sample`` package is its code. Not
    # ``scripts``: in an application it holds the project's own jobs (imports, data loads, dev tooling)
    # that issues ask for; measured in docs/benchmarks.md, "Query ranking beyond Python (issue 20)".
    secondary_dirs: tuple[str, ...] = (
        "doc",
        "docs",
        "documentation",
        "example",
        "examples",
        "demo",
        "demos",
        "tutorial",
        "tutorials",
        "bench",
        "benchmark",
        "benchmarks",
        "benches",  # Cargo's benchmark targets
        "static",
        "vendor",
        "vendored",
        "third_party",
        "thirdparty",
    )
    secondary_factor: float = 0.3
    # Files in a language that holds less than this share of the indexed files (the JavaScript of a
    # Python project) count for ``minor_language_factor`` unless named.
    minor_language_share: float = 0.1
    minor_language_factor: float = 0.5
    # Weight of a test file in its language's share when the ranking leaves tests out: a repository
    # whose tests are thousands of samples in one language (svelte's JavaScript) does not make its
    # library's language a minor one; 1 counts them as any file.
    minor_language_tests: float = 0.0
    # Files of one name that define the same symbols in ``replica_min`` places or more are replicas
    # (a catalogue per language): all but the best of a family count for ``replica_factor``.
    replica_min: int = 5
    replica_factor: float = 0.2
    # A file read as one document (its documents' terms and lengths summed, BM25 over files) raises its
    # lexical score to that score at this weight of the best file's when higher (``file_level.py``); 0
    # leaves it out. Off: at 0.9 it lifted SWE-bench Pro's Python (any@5 75% → 88%) and Go, and cost
    # sphinx two Acc@5 hits (prose-heavy files such as cmd/quickstart.py rose); docs/benchmarks.md, session 9.
    file_doc_weight: float = 0.0
    file_doc_b: float = 1.0  # its length normalisation: full, files differ in length far more than symbols
    # Multi-file answers: neighbours (``fill_by``: 'graph' for one edge from any node of the file,
    # 'symbols' for one edge from its ``fill_symbols`` best-matching symbols, 'directory' for the same
    # directory) of the ``fill_from`` best files move above every file below those whose score they reach
    # at ``fill_close`` of it; 0 leaves the list as scored. The whole-file 'graph' fill lost hits on
    # SWE-bench Python (session 9); the best symbol's neighbours of the best 3 files lowered no set's
    # Acc@5 (docs/benchmarks.md, session 17).
    fill_from: int = 3
    fill_close: float = 0.8
    fill_by: tuple[str, ...] = ("symbols",)
    fill_symbols: int = 1
    # Share of a node's notes (at ``notes_weight``) that the whole-file document keeps, counts and
    # length alike: 0 reads a file as its names, signatures and docstring first lines only (a file of
    # prompt strings or a message catalogue then no longer matches any prose). Only read when
    # ``file_doc_weight`` > 0; at 0 with a weight of 1.0 it led on the JS/TS/Go/Java/Rust issues and cost
    # pytest a first place: docs/benchmarks.md, "Session 10: query ranking on real issues beyond Python".
    file_doc_notes: float = 1.0
    # Weight of a file's uses of the names the question writes as code (``uses.py``: the refs of its
    # code, by name), as a share of the best word score added to the file's; 0 leaves them out. 0.6 held on
    # every set measured (JS/TS/Go/Java/Rust issues Acc@5 83% → 85%, SWE-bench Pro any@5 85% → 90%,
    # SWE-bench Python unchanged); 1.0 cost the issues an Acc@1: docs/benchmarks.md, session 14.
    uses_weight: float = 0.6
    # A file's whole text read as one document (``file_text.py``): its BM25 over the files, as a share
    # of the best file's, is added to the file's word score at this weight of the best word score; 0
    # leaves it out. 0.4 raised Acc@5 on 4 of 270 development issues and lowered none; 0.2 and 0.6,
    # and a floor in place of a sum at 0.8–1.0, did less or lost some (docs/benchmarks.md, session 38).
    file_text_weight: float = 0.4
    file_text_b: float = 0.75  # its length normalisation
    # Pseudo-relevance feedback (``feedback.py``): the best ``feedback_terms`` terms of the whole text of
    # the first ``feedback_files`` files join the question, the best at ``feedback_weight`` of its
    # heaviest term, for a second pass; those files keep their places. 0 terms leaves it out. Chosen
    # where it raised the most development instances' Acc@5 and lowered the fewest, with Acc@1
    # unchanged; heavier weights and fewer files lowered as many as they raised (docs/benchmarks.md,
    # session 41).
    feedback_terms: int = 20
    feedback_files: int = 3
    feedback_weight: float = 0.2
