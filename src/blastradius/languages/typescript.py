"""TypeScript and TSX: two grammars, one language.

``.ts``/``.mts``/``.cts`` parse with the TypeScript grammar and ``.tsx`` with
the TSX one (JSX nodes exist only there), so there are two specs. Both are named
``typescript``: a ``.tsx`` component and the ``.ts`` hook it calls are one
language to the resolver (unique-name matches, the shared module resolver).
The TSX query is the TypeScript query plus the JSX patterns in ``tsx.scm``.
Module resolution is JavaScript's (``javascript.JsModules``): relative specs
with or without extension, ``.js`` specs naming ``.ts`` sources, tsconfig
``paths``/``baseUrl`` and monorepo packages.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import resources

import tree_sitter_typescript

from .javascript import BUILTIN_METHODS, GLOBALS, JsModules
from .spec import LanguageSpec

_TS_GLOBALS = frozenset({"Partial", "Required", "Readonly", "Record", "Pick", "Omit", "Exclude",
                         "Extract", "NonNullable", "ReturnType", "Parameters", "InstanceType",
                         "Awaited", "satisfies", "keyof", "typeof"})


@dataclass(frozen=True)
class _TsxSpec(LanguageSpec):
    """The TypeScript spec whose query also holds the JSX patterns."""

    @cached_property
    def query_source(self) -> str:
        queries = resources.files("blastradius.languages").joinpath("queries")
        return queries.joinpath("typescript.scm").read_text() + "\n" + queries.joinpath(self.query_file).read_text()


_COMMON = dict(
    name="typescript",
    resolver=JsModules,
    test_globs=("*.test.*", "*.spec.*", "__tests__/*", "__mocks__/*", "test/*", "tests/*"),
    self_names=frozenset({"this"}),
    super_names=frozenset({"super"}),
    constructor_names=("constructor",),
    builtins=GLOBALS | _TS_GLOBALS,
    builtin_methods=BUILTIN_METHODS,
    relative_prefixes=("./", "../"),
    module_separator="/",
    import_alias=lambda module: "",
)

SPECS = (
    LanguageSpec(extensions=(".ts", ".mts", ".cts"), grammar=tree_sitter_typescript.language_typescript,
                 query_file="typescript.scm", **_COMMON),  # type: ignore[arg-type]
    _TsxSpec(extensions=(".tsx",), grammar=tree_sitter_typescript.language_tsx,
             query_file="tsx.scm", **_COMMON),  # type: ignore[arg-type]
)
