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

from collections.abc import Callable
from typing import TypedDict

import tree_sitter_typescript

from .javascript import BUILTIN_METHODS, GLOBALS, JsModules
from .spec import LanguageSpec, ResolverFactory

_TS_GLOBALS = frozenset(
    {
        "Partial",
        "Required",
        "Readonly",
        "Record",
        "Pick",
        "Omit",
        "Exclude",
        "Extract",
        "NonNullable",
        "ReturnType",
        "Parameters",
        "InstanceType",
        "Awaited",
        "satisfies",
        "keyof",
        "typeof",
    }
)


class _Common(TypedDict):
    """The fields the two specs share, typed so that ``**_COMMON`` is checked field by field."""

    name: str
    resolver: ResolverFactory
    test_globs: tuple[str, ...]
    self_names: frozenset[str]
    super_names: frozenset[str]
    constructor_names: tuple[str, ...]
    builtins: frozenset[str]
    builtin_methods: frozenset[str]
    relative_prefixes: tuple[str, ...]
    module_separator: str
    import_alias: Callable[[str], str]
    resolution: str


_COMMON: _Common = {
    "name": "typescript",
    "resolver": JsModules,
    "test_globs": ("*.test.*", "*.spec.*", "__tests__/*", "__mocks__/*", "test/*", "tests/*"),
    "self_names": frozenset({"this"}),
    "super_names": frozenset({"super"}),
    "constructor_names": ("constructor",),
    "builtins": GLOBALS | _TS_GLOBALS,
    "builtin_methods": BUILTIN_METHODS,
    "relative_prefixes": ("./", "../"),
    "module_separator": "/",
    "import_alias": lambda module: "",
    "resolution": "as JavaScript (relative specs, tsconfig paths/baseUrl, monorepo packages); typed "
    "parameters, fields and parameter properties bind receivers",
}

SPECS = (
    LanguageSpec(
        extensions=(".ts", ".mts", ".cts"),
        grammar=tree_sitter_typescript.language_typescript,
        query_file="ecmascript.scm+typescript.scm",
        **_COMMON,
    ),
    LanguageSpec(
        extensions=(".tsx",),
        grammar=tree_sitter_typescript.language_tsx,
        query_file="ecmascript.scm+typescript.scm+tsx.scm",
        **_COMMON,
    ),
)
