"""Parsing in a long-lived process (the MCP server, ``watch``) keeps no memory per parse.

py-tree-sitter 0.26.1 keeps a reference to every chunk a read callback returns
(the read wrapper takes a buffer view of it and never drops its own reference),
so parsing a file through a callback left a copy of the file behind each time.
Python's allocator counts those chunks, so ``tracemalloc`` sees the growth.
"""

from __future__ import annotations

import gc
import threading
import tracemalloc
from collections.abc import Callable

from tree_sitter import Language

from diffreach.extract.core import extract
from diffreach.languages import language_for
from diffreach.languages.binding import calls_in
from diffreach.languages.parsing import budgeted_parse

SOURCE = "".join(f"def f{j}(x, y=1):\n    return f{j - 1}(x, y=y) + {j}\n\n\n" for j in range(1, 2000)).encode()
LEAK_LIMIT = 512 * 1024  # bytes over all measured parses; a leak of the source is about 100 KB per parse


def growth(parse: Callable[[int], object], warm: int = 20, measured: int = 30) -> int:
    """Traced bytes gained over ``measured`` parses, after ``warm`` parses fill the caches."""
    tracemalloc.start()
    try:
        for i in range(warm):
            parse(i)
        gc.collect()  # a leak is what stays: cyclic garbage not yet collected is not one
        before = tracemalloc.get_traced_memory()[0]
        for i in range(warm, warm + measured):
            parse(i)
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def test_extracting_a_file_again_and_again_keeps_no_copy_of_it() -> None:
    spec = language_for("m.py")
    assert spec is not None and len(SOURCE) > 100_000
    assert extract("m.py", SOURCE, spec).parse_errors == 0
    assert growth(lambda i: extract("m.py", SOURCE + b"# %d\n" % i, spec)) < LEAK_LIMIT


def test_reading_call_sites_again_and_again_keeps_no_copy_of_the_file() -> None:
    spec = language_for("m.py")
    assert spec is not None
    assert calls_in(spec, SOURCE, 2, 2, "f0")  # the call in f1's body is found
    # A distinct source each time: the last few files' facts are cached, the parses are not.
    assert growth(lambda i: calls_in(spec, SOURCE + b"# %d\n" % i, 2, 2, "f0")) < LEAK_LIMIT


def test_parsing_in_two_threads_at_once_gives_each_its_own_tree() -> None:
    """Reads run beside an update in the MCP server: each thread parses with its own parser."""
    spec = language_for("m.py")
    assert spec is not None
    expected = extract("m.py", SOURCE, spec)
    results: list[bool] = []

    def work() -> None:
        results.extend(extract("m.py", SOURCE, spec) == expected for _ in range(5))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 20


def test_a_node_text_read_after_the_parse_is_the_file_s_bytes_whatever_its_length() -> None:
    """Query predicates read node texts back through the read callback, in chunks that grow
    from a short first one: a name, a line and a node longer than the largest chunk all
    come back whole, and reads of other nodes in between do not mix them up."""
    spec = language_for("m.py")
    assert spec is not None
    language = Language(spec.grammar())
    data = SOURCE + b"x = '" + b"a" * 150_000 + b"'\n"
    root = budgeted_parse(language, data, 10**9, 60.0).root_node
    nodes = [root.children[0].child_by_field_name("name"), root.children[1], root.children[-1], root]
    for node in nodes + nodes[::-1]:
        assert node is not None
        assert node.text == data[node.start_byte : node.end_byte]
