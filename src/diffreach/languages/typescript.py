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

from .ecmascript import ECMASCRIPT_BODY_DEFAULTS, ECMASCRIPT_FUNCTIONS
from .javascript import GLOBALS
from .javascript import SPEC as JAVASCRIPT
from .js_returns import arrow_values
from .signatures import BindingRules
from .spec import grammar_of

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


# JavaScript's spec, and what TypeScript adds: its own grammar and query, type-only globals,
# overload signatures, and calls bound with types (the arguments' types choose, defaults and
# optional parameters bind).
_TS = replace(
    JAVASCRIPT,
    name="typescript",
    extensions=(".ts", ".mts", ".cts"),
    grammar=grammar_of("tree_sitter_typescript", "language_typescript"),
    query_file="typescript_casts.scm+typescript_angle_casts.scm+ecmascript.scm+typescript.scm",
    runtime_members=False,  # an outside type declares its members' types (its .d.ts)
    unchecked_types=False,  # a checker reads its calls
    returned_values=arrow_values(grammar_of("tree_sitter_typescript", "language_typescript")),
    builtins=GLOBALS | _TS_GLOBALS,
    overload_implementation_last=True,
    overload_arity_selects=True,
    interface_keywords=frozenset({"interface", "type"}),
    interfaces_by_shape=True,
    merged_declarations=True,
    shape_min_methods=2,
    # x!.m(): a non-null assertion leaves the value its own type; a?.b is a.b where a is a value.
    value_postfixes=("!", "?"),
    # Array's methods giving an element; Map's get gives a value.
    element_methods=frozenset({"at", "find", "findLast", "pop", "shift", "get"}),
    resolution="as JavaScript (relative specs, tsconfig paths/baseUrl, monorepo packages); typed "
    "parameters, fields and parameter properties bind receivers; a class with every method of an "
    "interface implements it",
    binding_rules=BindingRules(
        function_nodes=ECMASCRIPT_FUNCTIONS,
        abstract_words=frozenset({"abstract"}),
        defaults=True,
        optional_parameters=True,
        overloads=True,
        erased_type_arguments=True,
        shared_implementation=True,
        typed_arguments=True,
        function_type_this="this",
        default_types=(
            (r"-?(?:\d[\d_]*\.?\d*(?:[eE][-+]?\d+)?|0[xXbBoO][\da-fA-F_]+|Infinity|NaN)", "number"),
            (r"\"[^\"\n]*\"|'[^'\n]*'|`[^`$]*`", "string"),
            (r"true|false", "boolean"),
        ),
        type_alias_lines=(r"^(?:export\s+)?type\s+(?P<name>[\w$]+)\s*=\s*(?P<value>[^;{}=<>\n]+?)\s*;?\s*$",),
        top_types=frozenset({"any", "unknown"}),
        decorators_wrap=True,
        results_by_signature=True,  # overload signatures, then the implementation
        results_optional=True,  # an unannotated result is inferred
        awaitable_words=frozenset({"async"}),
        body_defaults=ECMASCRIPT_BODY_DEFAULTS,
        not_given=frozenset({"undefined"}),
        deprecation_warnings=frozenset({"DeprecationWarning"}),  # as JavaScript
        condition_words=("if",),
        # A type predicate (``x is T``) is a boolean at run time; ``asserts x is T`` returns nothing.
        boolean_result=r"boolean|(?!asserts\b)[\w$]+\s+is\s+.+",
        type_check_silencers=(r"@ts-ignore\b", r"@ts-expect-error\b"),
        # A class member's `private` is its class's (its file), `protected` its subclasses'.
        visibility_scopes=(("private", "file"), ("protected", "subclass"), ("public", "everywhere")),
    ),
)

SPECS = (
    _TS,
    replace(
        _TS,
        extensions=(".tsx",),
        grammar=grammar_of("tree_sitter_typescript", "language_tsx"),
        query_file="typescript_casts.scm+ecmascript.scm+typescript.scm+jsx.scm",
        returned_values=arrow_values(grammar_of("tree_sitter_typescript", "language_tsx")),
    ),
)
