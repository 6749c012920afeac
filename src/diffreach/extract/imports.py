"""One import statement's captures → the imports it names.

A helper of ``extract.py``: an ``@import`` match carries its module, name, alias,
default, namespace or wildcard captures (or a whole use tree for the spec's
``import_tree``); pattern settings may preset any of them (``export default foo``
is ``Import("", "foo", "default")``: a module of "" is the file's own scope).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from tree_sitter import Node

from diffreach.languages.spec import LanguageSpec
from diffreach.model import Import

QUOTES = "'\"`"


def imports_of(
    captures: dict[str, list[Node]], spec: LanguageSpec, preset: dict[str, str], text: Callable[[Node], str]
) -> list[Import]:
    """The imports one ``@import`` match names (``text``: a node's source text). A pattern's
    ``import.program_wide`` setting names a leading token (C#'s ``global``): a statement that
    starts with it binds in every file of the program."""
    made = _imports_of(captures, spec, preset, text)
    token = preset.get("import.program_wide")
    statement = captures.get("import")
    if token and statement and statement[0].child_count and statement[0].children[0].type == token:
        return [replace(i, program_wide=True) for i in made]
    return made


def _imports_of(
    captures: dict[str, list[Node]], spec: LanguageSpec, preset: dict[str, str], text: Callable[[Node], str]
) -> list[Import]:
    tree = captures.get("import.tree")
    if tree and spec.import_tree is not None:
        line = tree[0].start_point.row + 1
        made = spec.import_tree(text(tree[0]))
        if spec.import_tree_scope is not None:
            scoped = spec.import_tree_scope
            made = [(scoped(tree[0], m), n, a, w) for m, n, a, w in made]
        return [Import(m, n, a, line, wildcard=w) for m, n, a, w in made]
    # A preset module "" is the file's own scope: how a language states its exports
    # (``export default foo`` is Import("", "foo", "default")).
    module_nodes = captures.get("import.module")
    if module_nodes:
        module = text(module_nodes[0]).strip(QUOTES)
    elif "import.module" in preset:
        module = preset["import.module"]
    else:
        return []
    line = (module_nodes or captures["import"])[0].start_point.row + 1
    within = captures.get("import.within")
    if within:  # declared inside inline modules: `{a/b}m`, read by the module resolver; bound as m
        inline = "/".join(text(n) for n in sorted(within, key=lambda n: n.start_byte))
        alias = text(captures["import.alias"][0]) if "import.alias" in captures else spec.import_alias(module)
        return [Import("{" + inline + "}" + module, "", alias, line)]
    if "import.wildcard" in captures:
        return [Import(module, "", "", line, wildcard=True)]
    alias = text(captures["import.alias"][0]) if "import.alias" in captures else preset.get("import.alias", "")
    if "import.name" not in captures and preset.get("import.name"):
        return [Import(module, preset["import.name"], alias, line)]
    if "import.default" in captures:
        return [Import(module, "default", text(captures["import.default"][0]), line)]
    if "import.namespace" in captures:
        return [Import(module, "", text(captures["import.namespace"][0]), line)]
    if "import.name" in captures:
        name = text(captures["import.name"][0])
        return [Import(module, name, alias or name.rsplit(".", 1)[-1], line)]
    return [Import(module, "", alias or spec.import_alias(module), line)]


__all__ = ["QUOTES", "imports_of"]
