"""What JavaScript and TypeScript share as syntax: their function nodes, the blocks a declaration
holds in, the forms that give a parameter left out its value, JSDoc's optional parameters.
"""

from __future__ import annotations

# ``p = p || v``, ``p = p ?? v``, ``p ||= v``, ``p ??= v``, ``if (p === undefined) p = v`` (ECMA-262:
# a parameter left out is undefined; these give it its value then).
ECMASCRIPT_BODY_DEFAULTS = (
    r"^\s*{p}\s*=\s*{p}\s*(?:\|\||\?\?)\s*(?P<value>[^;\n]+?)\s*;?\s*$",
    r"^\s*{p}\s*(?:\|\||\?\?)=\s*(?P<value>[^;\n]+?)\s*;?\s*$",
    r"^\s*if\s*\(\s*{p}\s*===?\s*(?:undefined|null|void 0)\s*\)\s*\{?\s*\n?\s*{p}\s*=\s*(?P<value>[^;\n]+?)\s*;?\s*\}?\s*$",
    # Read through optional chaining (``p?.filter``, ECMA-262 13.3.9: undefined when p is): left out, it is undefined.
    r"(?<![\w$.]){p}\s*\?\.(?P<value>)",
)

# The nodes that are a function of their own: a ``return`` in one leaves it (ECMA-262's function
# and arrow function bodies, methods and generators).
ECMASCRIPT_FUNCTIONS = frozenset(
    {
        "arrow_function",
        "function_expression",
        "function_declaration",
        "generator_function",
        "generator_function_declaration",
        "method_definition",
    }
)

# JSDoc's optional parameter: a name in brackets (``[p]``, ``[p=value]``) or a type ending in ``=``
# (``{T=}``), which TypeScript's checking of JavaScript reads as ``p?`` ("JSDoc Reference", @param).
JSDOC_OPTIONAL = (
    r"@param\s+(?:\{[^\n]*?\}\s*)?\[\s*{p}\s*(?:=[^\]\n]*)?\]",
    r"@param\s+\{[^\n]*?=\s*\}\s*{p}(?![\w$])",
)

# A `let`, `const`, class or function declaration holds to the end of its block, a loop's
# variable in its loop, a catch's in its clause, a parameter in its function (ECMA-262 14.2, 14.7,
# 14.15: each has its own declarative environment); `var` in the whole function (14.3.2), and an
# assignment declares nothing; a narrowing (`x instanceof C`) is read as before, for the function.
ECMASCRIPT_BLOCKS = ECMASCRIPT_FUNCTIONS | {"statement_block", "for_statement", "for_in_statement", "catch_clause"}
ECMASCRIPT_FUNCTION_WIDE = frozenset(
    {"variable_declaration", "assignment_expression", "augmented_assignment_expression", "binary_expression"}
)

__all__ = [
    "ECMASCRIPT_BLOCKS",
    "ECMASCRIPT_BODY_DEFAULTS",
    "ECMASCRIPT_FUNCTIONS",
    "ECMASCRIPT_FUNCTION_WIDE",
    "JSDOC_OPTIONAL",
]
