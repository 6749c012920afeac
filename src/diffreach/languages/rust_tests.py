"""How ``cargo test`` names a test: the module path of its file under its crate's ``src`` (or
``--test NAME`` for an integration test), and the inline modules around it."""

from __future__ import annotations

from pathlib import PurePosixPath

from tree_sitter import Language, Node

from .parsing import PARSE_CPU_SECONDS, budgeted_parse, parse_budget
from .spec import LanguageSpec


def cargo_test_prefix(path: str) -> str:
    """What ``cargo test`` is given before a test's path in its module: the file's module path
    under its crate's ``src`` (``src/a/b.rs`` and ``src/a/b/mod.rs``: ``a::b::``; the crate
    root: nothing), or ``--test NAME`` for an integration test (``tests/NAME.rs``,
    ``tests/NAME/main.rs``), a crate of its own whose tests sit at its top."""
    parts = PurePosixPath(path).parts
    if "tests" in parts[:-1]:
        i = len(parts) - 1 - parts[::-1].index("tests")
        rest = parts[i + 1 :]
        if rest and (len(rest) == 1 or rest[-1] == "main.rs") and "src" not in parts[i:]:
            return f"--test {PurePosixPath(rest[0]).stem} "
    if "src" not in parts:
        return ""
    i = len(parts) - 1 - parts[::-1].index("src")
    module = [*parts[i + 1 : -1], PurePosixPath(parts[-1]).stem]
    if module[-1] in ("mod", *(PurePosixPath(name).stem for name in ("lib.rs", "main.rs"))):
        module.pop()
    return "".join(f"{m}::" for m in module)


def inline_modules(spec: LanguageSpec, source: bytes, line: int) -> tuple[str, ...]:
    """The inline modules (``mod tests { … }``) around ``line`` (1-based), outermost first: part
    of a test's path for cargo, absent from the graph's ids (a module is no node)."""
    try:
        tree = budgeted_parse(Language(spec.grammar()), source, parse_budget(len(source)), PARSE_CPU_SECONDS)
    except ValueError:  # past the parse budget
        return ()
    node: Node | None = tree.root_node.descendant_for_point_range((line - 1, 0), (line - 1, 0))
    names: list[str] = []
    while node is not None:
        name = node.child_by_field_name("name") if node.type == "mod_item" else None
        if name is not None and name.text is not None:
            names.append(name.text.decode("utf-8", "replace"))
        node = node.parent
    return tuple(reversed(names))


__all__ = ["cargo_test_prefix", "inline_modules"]
