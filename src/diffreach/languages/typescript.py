"""TypeScript and TSX: two grammars, one language.

``.ts``/``.mts``/``.cts`` parse with the TypeScript grammar and ``.tsx`` with
the TSX one (JSX nodes exist only there), so there are two specs. Both are named
``typescript``: a ``.tsx`` component and the ``.ts`` hook it calls are one
language to the resolver (unique-name matches, the shared module resolver).
The TSX query is the TypeScript query plus the JSX patterns in ``jsx.scm``
(which JavaScript's query has too).
Module resolution is JavaScript's (``js_modules.JsModules``): relative specs
with or without extension, ``.js`` specs naming ``.ts`` sources, tsconfig
``paths``/``baseUrl`` and monorepo packages.
"""

from __future__ import annotations

from dataclasses import replace

import tree_sitter_typescript

from .javascript import BUILTIN_METHODS, DOCSTRING, DOCSTRING_PREFIXES, GLOBALS
from .js_modules import PACKAGE_INDEX_NAMES, RESOLUTION_CONFIGS, JsModules
from .signatures import BindingRules
from .spec import LanguageSpec

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


_TS = LanguageSpec(
    name="typescript",
    extensions=(".ts", ".mts", ".cts"),
    grammar=tree_sitter_typescript.language_typescript,
    query_file="ecmascript.scm+typescript.scm",
    resolver=JsModules,
    test_globs=("*.test.*", "*.spec.*", "__tests__/*", "__mocks__/*", "test/*", "tests/*"),
    self_names=frozenset({"this"}),
    super_names=frozenset({"super"}),
    constructor_names=("constructor",),
    builtins=GLOBALS | _TS_GLOBALS,
    builtin_methods=BUILTIN_METHODS,
    module_separator="/",
    package_index_names=PACKAGE_INDEX_NAMES,
    resolution_configs=RESOLUTION_CONFIGS,
    docstring=DOCSTRING,
    string_prefixes=DOCSTRING_PREFIXES,
    spread_arguments=frozenset({"spread_element"}),
    value_members=True,
    overload_implementation_last=True,
    overload_arity_selects=True,
    transparent_types=frozenset({"Promise", "Readonly"}),
    null_types=frozenset({"null", "undefined"}),
    import_alias=lambda module: "",
    resolution="as JavaScript (relative specs, tsconfig paths/baseUrl, monorepo packages); typed "
    "parameters, fields and parameter properties bind receivers",
    binding_rules=BindingRules(defaults=True, optional_parameters=True, overloads=True, typed_arguments=True),
)

SPECS = (
    _TS,
    replace(
        _TS,
        extensions=(".tsx",),
        grammar=tree_sitter_typescript.language_tsx,
        query_file="ecmascript.scm+typescript.scm+jsx.scm",
    ),
)
