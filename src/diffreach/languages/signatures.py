"""Parameter lists and argument lists as records: what a definition declares, what a call passes.

A definition's parameters (``Parameter``), a call's arguments (``Argument``), a call site of a
changed symbol (``CallSite``) and the few ways languages differ when they match the one to the
other (``BindingRules``). The languages package reads them from the syntax tree
(``languages/binding.py``, one query per language under ``queries/binding/``) and the review
binds them (``review/binding.py``, which re-exports them). They live here, in the layer that
produces them, because the languages package may not import the review; this module imports
nothing of the package.

The vocabularies follow Python's ``inspect.Parameter`` kinds (the language reference's call
binding rules), which are general enough for every language here: a language without keyword
arguments has only positional-only and variadic parameters; Kotlin's parameters after a
``vararg`` are keyword-only, as Python's after ``*args`` are. Two kinds are added: ``RECEIVER``
for the object a method is called on when the parameter list declares it (Python's ``self``,
Rust's ``self``/``&self``/``&mut self``/``self: Box<Self>``, C#'s ``this`` on an extension
method, TypeScript's ``this:``) and, on the call side, ``TRAILING`` for Kotlin's lambda after
the parentheses, which binds the last parameter.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ParamKind(StrEnum):
    RECEIVER = "receiver"
    POSITIONAL_ONLY = "positional-only"
    POSITIONAL_OR_KEYWORD = "positional-or-keyword"
    KEYWORD_ONLY = "keyword-only"
    VAR_POSITIONAL = "var-positional"  # *args, ...rest, xs ...T, T... xs, vararg xs, params T[] xs
    VAR_KEYWORD = "var-keyword"  # **kwargs


class ArgKind(StrEnum):
    RECEIVER = "receiver"  # the object left of the dot: ``obj`` in ``obj.m(x)``
    POSITIONAL = "positional"
    KEYWORD = "keyword"  # nl=False, name: value (C#), name = value (Kotlin)
    SPREAD = "spread"  # *xs, ...xs, xs..., *array (Kotlin)
    KEYWORD_SPREAD = "keyword-spread"  # **kw
    TRAILING = "trailing"  # Kotlin's lambda after the parentheses: binds the last parameter


class SpreadRule(StrEnum):
    """What a positional spread at the call binds to."""

    UNKNOWN_LENGTH = "unknown-length"  # Python *xs, JS ...xs: any number of values, later positions unknown
    WHOLE_VARIADIC = "whole-variadic"  # Go xs...: the variadic parameter's whole value, and the last argument
    INTO_VARIADIC = "into-variadic"  # Kotlin *array: its values join the variadic parameter's


_BY_POSITION = frozenset({ParamKind.POSITIONAL_ONLY, ParamKind.POSITIONAL_OR_KEYWORD})
_BY_NAME = frozenset({ParamKind.POSITIONAL_OR_KEYWORD, ParamKind.KEYWORD_ONLY})


@dataclass(frozen=True, slots=True)
class Parameter:
    name: str  # "" for an unnamed parameter (Go's ``func f(int)``)
    kind: ParamKind = ParamKind.POSITIONAL_OR_KEYWORD
    has_default: bool = False
    default: str = ""  # the default's source text, when the language states one
    optional: bool = False  # may be left out with no default (TypeScript ``b?``)
    annotation: str = ""  # the declared type's text
    # The default's and the type's syntax with spelling left out (``languages/binding.py``
    # ``syntax_form``): the same form is the same value, whatever the quotes, spacing or
    # redundant parentheses.
    default_form: str = ""
    annotation_form: str = ""
    # Filled by what the call goes through, never by an argument, even when the call names
    # the class (Python's ``cls`` of a classmethod).
    implicit: bool = False

    @property
    def by_position(self) -> bool:
        return self.kind in _BY_POSITION

    @property
    def by_name(self) -> bool:
        return self.kind in _BY_NAME

    @property
    def catch_all(self) -> bool:
        return self.kind in (ParamKind.VAR_POSITIONAL, ParamKind.VAR_KEYWORD)

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": str(self.kind),
            "has_default": self.has_default,
            "default": self.default,
            "optional": self.optional,
            "annotation": self.annotation,
            "implicit": self.implicit,
        }


@dataclass(frozen=True, slots=True)
class Argument:
    kind: ArgKind = ArgKind.POSITIONAL
    name: str = ""  # a keyword argument's parameter name
    text: str = ""  # the argument's source text, for reasons

    def as_json(self) -> dict[str, object]:
        return {"kind": str(self.kind), "name": self.name, "text": self.text}


@dataclass(frozen=True, slots=True)
class CallSite:
    """One call of a symbol inside a caller, read from the syntax tree (lines 1-based, inclusive).

    ``passed_as_value``: the symbol is not called here but handed on (a callback, a method
    reference, a function stored in a table); its calls happen elsewhere and cannot be bound."""

    start_line: int
    end_line: int
    arguments: tuple[Argument, ...] = ()
    passed_as_value: bool = False
    text: str = ""  # the call's source text
    # The call's value is used (not a statement of its own); the call stands in the body of a
    # try with a handler (its raises are handled, roughly).
    value_used: bool = True
    handled: bool = False
    # The call names the class, not the method: a constructor runs (``Foo(a)`` for ``__init__``),
    # its declared receiver the new instance.
    constructs: bool = False
    # What becomes of the call's value: "awaited", "passed" to another call, or "" (``syntax.awaited``).
    awaited: str = ""

    def as_json(self) -> dict[str, object]:
        return {
            "start_line": self.start_line,
            "end_line": self.end_line,
            "arguments": [a.as_json() for a in self.arguments],
            "passed_as_value": self.passed_as_value,
            "text": self.text,
            "value_used": self.value_used,
            "handled": self.handled,
            "constructs": self.constructs,
            **({"awaited": self.awaited} if self.awaited else {}),
        }


@dataclass(frozen=True, slots=True)
class BindingRules:
    """How one language matches a call's arguments to a definition's parameters.

    Every switch is off by default: a language with none of them (Rust) binds positional
    arguments one to one, and a call binds when the counts agree."""

    # Arguments may name their parameter (Python, Kotlin, C#).
    keyword_arguments: bool = False
    # A named argument in its own position may precede positional ones (C# 7.2, Kotlin 1.4);
    # out of position it is an error. Without this, positional arguments bind in order
    # whatever keywords stand between them (Python forbids the mix; ``f(a=1, *xs)`` is legal).
    named_in_position: bool = False
    # A variadic parameter may be passed by name, as one array (C# ``params``, Kotlin ``vararg``).
    named_variadic: bool = False
    # Parameters may declare default values (Python, JS/TS, C#, Kotlin).
    defaults: bool = False
    # Parameters may be declared optional without a default (TypeScript ``b?``).
    optional_parameters: bool = False
    # Any number of arguments binds (JavaScript): extra ones are ignored, missing ones undefined.
    loose_arity: bool = False
    # What a positional spread at the call binds to.
    spread: SpreadRule = SpreadRule.UNKNOWN_LENGTH
    # A spread of names at the call gives every parameter it does not name (Rust's `..base` in
    # a struct expression), where elsewhere (Python's `**kw`) what it holds is unknown.
    keyword_spread_fills: bool = False
    # Some classes have a constructor the language makes from their fields (a Python dataclass, a
    # Rust struct's expressions): the binding query reads such a class as a definition, its fields
    # as the parameters. Only then is a changed class's binding read (review/changes.py).
    fields_make_constructors: bool = False
    # A call with no receiver passes a declared receiver as its first argument (Python
    # ``Cls.m(obj)`` read without the class, Rust ``Type::m(&x)``); TypeScript's ``this:``
    # is never passed that way.
    receiver_by_position: bool = False
    # Whether the receiver written before a call's name may be the class rather than an instance
    # (Python's ``Base.__init__(self, x)``, C#'s ``Ext.M(obj)``: the first argument fills the
    # declared receiver). Not in Rust: ``Type::m(&x)`` has no receiver, ``x.m(y)`` is x's.
    receiver_may_be_class: bool = False
    # One name may have several parameter lists, chosen at the call (Java, C#, Kotlin, TS
    # overload signatures): a call that fits none of this one's calls a sibling.
    overloads: bool = False
    # The overload signatures are types of one implementation, which every call runs (TypeScript,
    # handbook "Function Overloads": the implementation is not callable by its own signature): which
    # signature a call's argument types chose changes no code it runs, so a signature dropped or
    # rewritten leaves a call the new signatures take running the same body.
    shared_implementation: bool = False
    # The compiler checks argument types against parameter types (Go, Java, Rust, C#, Kotlin,
    # TypeScript): a changed parameter type may refuse the call's value. Python's annotations
    # and JS have no such check, so a changed annotation there is not a binding matter.
    typed_arguments: bool = False
    # How declared types are spelled (``review/annotations.py``): wrappers whose arguments are a
    # union's members (Python ``Union[A, B]``) or one member and the null type (``Optional[A]``),
    # types every value has (``Any``), other spellings of one type ((``List``, ``list``)), and
    # quoted annotations that name a type (Python's forward references).
    union_types: frozenset[str] = frozenset()
    optional_types: frozenset[str] = frozenset()
    null_type: str = ""
    top_types: frozenset[str] = frozenset()
    type_aliases: tuple[tuple[str, str], ...] = ()
    string_annotations: bool = False
    # The types a literal argument can fill where argument types choose among overloads (JLS
    # 15.12.2.2: a method is applicable when each argument converts to its parameter's type in
    # a strict or loose invocation context; literals' types are known, JLS 3.10): a pattern of
    # the literal's text and the simple type names that take it (its type, wider primitives,
    # boxing, supertypes). A parameter of a simple type none of them names refuses the literal;
    # a type variable (one capital letter, maybe a digit) or any other form takes anything.
    literal_types: tuple[tuple[str, frozenset[str]], ...] = ()
    # The name of a function type's fake first parameter that types what the function is called
    # on, never an argument (TypeScript's ``(this: Window, ev: Event) => void``): left out of a
    # function type when two declared types are compared.
    function_type_this: str = ""
    # The type a parameter declared without one takes from its default's literal (TypeScript
    # infers it from the initializer): a pattern of the default's text and the type.
    default_types: tuple[tuple[str, str], ...] = ()
    # Lines that name a type at a file's top level, as patterns with the groups ``name`` and
    # ``value`` (Python's ``PathLike = Union[str, Path]``, ``X: TypeAlias = …``, ``type X = …``;
    # TypeScript's ``type X = A | B``), and those that name a type variable with its bound or its
    # constraints (``T = TypeVar("T", bound=Base)``, ``TypeVar("S", str, bytes)``: ``value`` the
    # arguments after the name). A parameter's type that is such a name is compared as what it
    # names (review/type_aliases.py).
    type_alias_lines: tuple[str, ...] = ()
    type_variable_lines: tuple[str, ...] = ()
    # Types carry lifetime parameters (Rust's ``&'a mut T``), named anew by each signature: a
    # renamed lifetime takes the same values; ``'static`` is another bound, kept.
    lifetimes: bool = False
    # (type, supertype) pairs by simple name that the language's standard library declares: a value
    # of the first fills a parameter of the second (Python: pathlib's paths implement
    # ``os.PathLike``; PEP 484's numeric tower; the built-in collections are registered with
    # ``collections.abc``'s classes). A parameter retyped to a supertype of the old refuses nothing.
    subtypes: tuple[tuple[str, str], ...] = ()
    # Conversion traits the standard library implements for every type of a form (Rust's
    # ``AsRef<X>`` for ``X``, ``&X``, ``&mut X``): (trait, templates over its argument ``{}``), and
    # single conversions it declares, (bound, type): a parameter retyped to such a bound takes the
    # old type's values (``review/conversions.py``).
    conversions: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # Type arguments have no run-time value (TypeScript's are erased by the compiler, Kotlin's and
    # Java's by the JVM): a default differing only in them (``new Map<K, A>()`` → ``new Map<K, B>()``)
    # is the same value.
    erased_type_arguments: bool = False
    conversion_pairs: frozenset[tuple[str, str]] = frozenset()
    # A decorator replaces the function a call runs (Python, JavaScript and TypeScript): a changed
    # one may change what a call passes. Java's, C#'s and Kotlin's annotations are metadata.
    decorators_wrap: bool = False
    # Annotations on a method that say whether its result may be null (Java's ``@Nullable``,
    # ``@NonNull``, …, by their simple name): metadata the compiler and null checkers read. One
    # added, removed or swapped changes what a caller using the value must expect.
    nullness_annotations: frozenset[str] = frozenset()
    # Those of them that say the result is never null (``@NonNull``): a result that loses a
    # nullable mark or gains one of these refuses a caller nothing.
    non_null_annotations: frozenset[str] = frozenset()
    # Annotations that mark a definition deprecated (Java's ``@Deprecated``): every call still
    # binds, but the compiler warns at it and its callers are expected to move off it.
    deprecation_annotations: frozenset[str] = frozenset()
    # Attributes that decide whether the definition is compiled at all (Rust's `#[cfg(p)]`,
    # Reference, "Conditional compilation"): one new or changed may leave a call with nothing to
    # bind where the condition fails; whether a caller is built so, the call cannot tell.
    conditional_attributes: frozenset[str] = frozenset()
    # What each visibility word grants access to (``review/access.py``): "file", "package" (its
    # directory), "package+subclass", "subclass", "everywhere"; the first word found wins, and
    # ``default_visibility`` holds without one. Empty: the language's visibility is not judged.
    visibility_scopes: tuple[tuple[str, str], ...] = ()
    default_visibility: str = "everywhere"
    # The compiler checks the exceptions a header declares (Java's ``throws``): a raise changed
    # in the body only, under the same clause, is unchecked and asks nothing of a call.
    checked_raises: bool = False
    # A call's declared result is that of the first signature of its family the call binds, the
    # last member being the implementation no caller sees (Python's ``typing.overload``,
    # TypeScript's overload signatures): a result is compared per call.
    results_by_signature: bool = False
    # A result annotation is optional and its absence says nothing (Python's PEP 484: an
    # unannotated function is unchecked; TypeScript infers it): a header that drops its
    # annotation takes no result away from the calls that use it.
    results_optional: bool = False
    # How a body gives a parameter left out its value when the header gives it none (or the
    # language's "not given": ``None``, ``undefined``): patterns over the body's first lines,
    # ``{p}`` the parameter's name, the group ``value`` the value (``p = p || v``, ``p ??= v``,
    # ``if p is None: p = v``). What they find is the parameter's default to a call that leaves
    # it out, compared as a written default is (review/body_defaults.py).
    body_defaults: tuple[str, ...] = ()
    not_given: frozenset[str] = frozenset()
    # How a definition's doc comment declares a parameter optional where the header cannot (JSDoc's
    # ``@param {T} [p]``): patterns over the comment right above it, ``{p}`` the parameter's name;
    # a call may leave such a parameter out (review/doc_optional.py).
    doc_optional: tuple[str, ...] = ()
    # Syntax nodes that are a function of their own inside a body (a closure, a lambda, a local
    # function): a ``return`` in one leaves it, not the function around it (nested_functions.py).
    function_nodes: frozenset[str] = frozenset()
    # Words before a function's name that make a call of it give an awaitable (``async``), and
    # whether its body then runs only when that is awaited (Python's coroutines, PEP 492; Rust's
    # futures) rather than up to its first ``await`` at the call (ECMAScript's async functions).
    awaitable_words: frozenset[str] = frozenset()
    lazy_awaitables: bool = False
    # Words before a class's name that forbid constructing it (Java's ``abstract``, JLS 15.9.1;
    # TypeScript's and C#'s, Kotlin's): a class made so takes no ``new C(…)`` any more.
    abstract_words: frozenset[str] = frozenset()
    # A declared result whose value is a boolean at run time, whatever a type checker narrows
    # with it (Python's ``TypeGuard[T]``, ``TypeIs[T]``; TypeScript's ``x is T``): a pattern.
    boolean_result: str = ""
    # Comments that silence the type checker at a line, as patterns (``# type: ignore``, which mypy
    # also reads without the spaces; TypeScript's ``@ts-ignore``, ``@ts-expect-error`` on the line
    # before): where one stands at a call, what the type checker infers there is part of what the
    # call's code says.
    type_check_silencers: tuple[str, ...] = ()
    # The warning categories that mark a deprecation where the body raises one (Python's
    # ``warnings.warn(…, DeprecationWarning)``, Node's ``process.emitWarning(…, "DeprecationWarning")``),
    # and the words that open a condition guarding it (``if x is not None:``): a warning under a
    # condition naming a parameter deprecates passing that parameter, one under none the function.
    deprecation_warnings: frozenset[str] = frozenset()
    condition_words: tuple[str, ...] = ()


__all__ = ["ArgKind", "Argument", "BindingRules", "CallSite", "ParamKind", "Parameter", "SpreadRule"]
