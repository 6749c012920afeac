"""A Kotlin class the grammar cannot parse whole: tree-sitter-kotlin reads ``where = p`` after a
lambda as the start of a ``where`` clause (a soft keyword, Kotlin specification "Keywords and
operators") and gives up on the class, leaving its header's tokens at the start of an error node
that holds what it recovered of the members. Expected: the class, its recovered method as its
member, its base; forbidden: that method as a function of the file (which would shadow the
file's names and take no call through the class)."""

from __future__ import annotations

import pytest

from diffreach.index.build import graph_from_sources

QUERY = """\
package a

open class Query(var where: Int?) : Base() {
    fun where(predicate: Int): Query {
        where?.let {
            error("twice: '$it'")
        }
        where = predicate
        return this
    }

    fun count(): Long {
        val original = where
        try {
            adjust {
                select(
                    fields.map {
                        it as? Alias<*> ?: ((it as? Column<*>)?.alias() ?: it.alias("exp${index++}"))
                    }
                )
            }
        } finally {
            where = original
        }
        return 0L
    }

    fun second(): Int = 2
}

fun topLevel(): Int = 1
"""


HEADERS = {
    "class": "open class Query(var where: Int?) : Base()",
    "object": "object Query : Base()",
    "interface": "interface Query : Base",
}


@pytest.mark.parametrize("kind", sorted(HEADERS))
def test_a_class_the_parser_gave_up_on_keeps_its_members_and_base(kind: str) -> None:
    text = QUERY.replace(HEADERS["class"], HEADERS[kind])
    graph = graph_from_sources({"src/a/Query.kt": text, "src/a/Base.kt": "package a\n\nopen class Base\n"})
    kinds = {s.id: s.kind for s in graph.symbols}
    assert kinds.get("src/a/Query.kt::Query") == "class"
    assert kinds.get("src/a/Query.kt::Query.where") == "method"
    assert "src/a/Query.kt::where" not in kinds
    assert ("src/a/Query.kt::Query", "src/a/Base.kt::Base", "inherits") in graph.edge_set("inherits")
