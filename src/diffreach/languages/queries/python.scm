; Python. Capture names: see languages/spec.py.

; Definitions. A decorated definition is captured whole so that its decorators
; belong to it; the extractor keeps the widest node for one name.
(decorated_definition
  definition: (class_definition name: (identifier) @name)) @definition.class
(decorated_definition
  definition: (function_definition name: (identifier) @name)) @definition.function
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function

; Base classes.
(class_definition
  superclasses: (argument_list (identifier) @name) @reference.inherit)
(class_definition
  superclasses: (argument_list
    (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.inherit)
; A generic base given its type arguments, `class D(Base[T])`, derives from `Base` (PEP 484,
; "User-defined generic types": the subscripted class is the base at run time, its __mro__ holds it).
(class_definition
  superclasses: (argument_list (subscript value: (identifier) @name)) @reference.inherit)
(class_definition
  superclasses: (argument_list
    (subscript value: (attribute object: (_) @receiver attribute: (identifier) @name))) @reference.inherit)

; A decorator with arguments (@retry(times=3), @app.route("/")) calls its factory where the
; definition is made (@decorated), and calls what the factory returns with the definition (the
; keyed reference, retry()). Listed before the plain calls: the first pattern wins.
(decorated_definition
  (decorator (call function: (identifier) @name arguments: (argument_list) @arguments) @reference.call)
  definition: (_ name: (identifier) @decorated) (#set! factory ""))
(decorated_definition
  (decorator (call function: (attribute object: (_) @receiver attribute: (identifier) @name)
    arguments: (argument_list) @arguments) @reference.call)
  definition: (_ name: (identifier) @decorated) (#set! factory ""))
((decorated_definition
  (decorator (call function: (identifier) @name)) @reference.call
  definition: (_ name: (identifier) @decorated)) (#set! suffix "()"))

; Calls, with their argument list (its count picks an overload).
; `cast(T, v)` returns v as a T (PEP 484, "Casts"; the type may be a string): `cast(T, v).m()` calls
; m on a T, as `T().m()` does (receiver.suffix). Before the plain pattern: the first one wins. Only
; names are matched by text (a predicate decodes its capture as strict UTF-8); a predicate on a
; capture the match lacks (@_typing of a bare `cast`) holds.
((call function: (attribute
    object: (call
      function: [(identifier) @_cast (attribute object: (identifier) @_typing attribute: (identifier) @_cast)]
      arguments: (argument_list . [(identifier) @receiver (attribute) @receiver (string (string_content) @receiver)]))
    attribute: (identifier) @name)
  arguments: (argument_list)? @arguments) @reference.call
  (#eq? @_cast "cast") (#eq? @_typing "typing") (#set! receiver.suffix "()"))
(call function: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
(call function: (attribute object: (_) @receiver attribute: (identifier) @name)
  arguments: (argument_list)? @arguments) @reference.call
; `raise A` of a class: the language reference ("The raise statement") instantiates it with no
; arguments, a call of the class (its constructor). Only the raised expression, not `from` its
; cause, and only a name spelt as PEP 8 spells classes (CapWords): `raise err` raises an instance
; and calls nothing (a call of it would run its class's `__call__`), and so does `raise ERR`.
((raise_statement . (identifier) @name) @reference.call (#match? @name "^_*[A-Z]([A-Za-z0-9_]*[a-z][A-Za-z0-9_]*)?$"))
((raise_statement . (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.call
  (#match? @name "^_*[A-Z]([A-Za-z0-9_]*[a-z][A-Za-z0-9_]*)?$"))
; Calls through a value: a literal table's entry (TABLE["x"](), handlers[0]()), a returned function (make()()).
(call
  function: (subscript value: (identifier) @name subscript: [(string (string_content) @key) (integer) @key])
  arguments: (argument_list)? @arguments) @reference.call
((call function: (call function: (identifier) @name) arguments: (argument_list)? @arguments) @reference.call
  (#set! suffix "()"))

; Functions and classes used as values: decorators, arguments, dispatch tables. An argument
; names its @callee and, passed by keyword, its @keyword (extract/arguments.py).
(decorator (identifier) @name) @reference.value
(decorator (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.value
(decorator (call function: (identifier) @name)) @reference.value
(decorator (call function: (attribute object: (_) @receiver attribute: (identifier) @name))) @reference.value
(call function: (_) @callee arguments: (argument_list (identifier) @name @argument) @reference.value)
(call function: (_) @callee arguments: (argument_list
  (attribute object: (_) @receiver attribute: (identifier) @name) @argument) @reference.value)
; A decorator is also a call, made where the definition it decorates is made, of that definition.
(decorated_definition
  (decorator (identifier) @name) @reference.call
  definition: (_ name: (identifier) @decorated))
(decorated_definition
  (decorator (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.call
  definition: (_ name: (identifier) @decorated))

; getattr(obj, "name") is a call of obj.name.
((call
  function: (identifier) @_getattr
  arguments: (argument_list . (_) @receiver . (string (string_content) @name))) @reference.call
  (#eq? @_getattr "getattr"))
; Protocol methods: syntax that runs a method of its operand's type (python.py's table names
; them; resolution binds them only through the operand's known type).
((subscript value: [(identifier) (attribute) (call)] @receiver) @name @reference.protocol (#set! protocol "[]"))
((assignment left: (subscript value: [(identifier) (attribute) (call)] @receiver) @name) @reference.protocol
  (#set! protocol "[]="))
((augmented_assignment left: (subscript value: [(identifier) (attribute) (call)] @receiver) @name) @reference.protocol
  (#set! protocol "[]op="))
((delete_statement [
  (subscript value: [(identifier) (attribute) (call)] @receiver) @name
  (expression_list (subscript value: [(identifier) (attribute) (call)] @receiver) @name)]) @reference.protocol
  (#set! protocol "del[]"))
((with_item value: [(identifier) (attribute) (call)] @receiver @name) @reference.protocol (#set! protocol "with"))
((with_item value: (as_pattern . [(identifier) (attribute) (call)] @receiver @name)) @reference.protocol
  (#set! protocol "with"))
((with_statement "async" (with_clause (with_item value: [(identifier) (attribute) (call)] @receiver @name)))
  @reference.protocol (#set! protocol "async with"))
((with_statement "async" (with_clause
  (with_item value: (as_pattern . [(identifier) (attribute) (call)] @receiver @name)))) @reference.protocol
  (#set! protocol "async with"))
((for_statement right: [(identifier) (attribute) (call)] @receiver @name) @reference.protocol (#set! protocol "for"))
((for_statement "async" right: [(identifier) (attribute) (call)] @receiver @name) @reference.protocol
  (#set! protocol "async for"))
((for_in_clause right: [(identifier) (attribute) (call)] @receiver @name) @reference.protocol (#set! protocol "for"))
((binary_operator left: [(identifier) (attribute) (call)] @receiver operator: _ @protocol) @name @reference.protocol)
((comparison_operator . [(identifier) (attribute) (call)] @receiver . operators: _ @protocol) @name @reference.protocol)
((comparison_operator operators: ["in" "not in"] . [(identifier) (attribute) (call)] @receiver @name) @reference.protocol
  (#set! protocol "contains"))
((unary_operator operator: "-" argument: [(identifier) (attribute) (call)] @receiver) @name @reference.protocol
  (#set! protocol "neg"))
((unary_operator operator: "+" argument: [(identifier) (attribute) (call)] @receiver) @name @reference.protocol
  (#set! protocol "pos"))
((unary_operator operator: "~" argument: [(identifier) (attribute) (call)] @receiver) @name @reference.protocol
  (#set! protocol "invert"))
((call
  function: (identifier) @protocol
  arguments: (argument_list . [(identifier) (attribute) (call)] @receiver .)) @name @reference.protocol
  (#any-of? @protocol "len" "iter" "next" "reversed" "hash" "abs"))
; A call of an instance's class, `type(x)(…)` or `x.__class__(…)`, constructs x's class (the data
; model: an instance's `__class__` is its type), whichever subclass x is.
((call function: (call function: (identifier) @_type arguments: (argument_list . [(identifier) (attribute) (call)] @receiver .)))
  @name @reference.protocol (#eq? @_type "type") (#set! protocol "type()"))
((call function: (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @_class))
  @name @reference.protocol (#eq? @_class "__class__") (#set! protocol "type()"))
; x += y runs x's __iadd__, or its __add__ when it has none (python.py's table).
((augmented_assignment left: [(identifier) (attribute)] @receiver operator: _ @protocol) @name @reference.protocol)
; A member read where a value is used (a property's getter runs): returned, assigned, an operand,
; a condition, iterated. Passed as an argument it is a value reference (below), read the same way.
([
  (return_statement (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.protocol)
  (assignment right: (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.protocol)
  (binary_operator (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.protocol)
  (comparison_operator (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.protocol)
  (boolean_operator (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.protocol)
  (not_operator (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.protocol)
  (if_statement condition: (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.protocol)
  (for_statement right: (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.protocol)
] (#set! protocol "."))
; A member assigned to (a property's setter runs); augmented, its getter runs first.
((assignment left: (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name)
  @reference.protocol) (#set! protocol ".="))
((augmented_assignment
  left: (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name)
  @reference.protocol) (#set! protocol ".op="))
(call function: (_) @callee arguments: (argument_list
  (keyword_argument name: (identifier) @keyword value: (identifier) @name @argument) @reference.value))
(call function: (_) @callee arguments: (argument_list
  (keyword_argument
    name: (identifier) @keyword
    value: (attribute object: (_) @receiver attribute: (identifier) @name) @argument) @reference.value))
(class_definition superclasses: (argument_list (keyword_argument value: (identifier) @name) @reference.value))
(class_definition superclasses: (argument_list
  (keyword_argument value: (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.value))
; A literal table's entry (@argument, with its @keyword): passed on when the table is an argument.
(pair key: (_) @keyword value: (identifier) @name @argument) @reference.value
(pair key: (_) @keyword value: (attribute object: (_) @receiver attribute: (identifier) @name) @argument) @reference.value
(list (identifier) @name @argument) @reference.value
(tuple (identifier) @name @argument) @reference.value
(assignment right: (identifier) @name) @reference.value

; Imports.
(import_statement name: (dotted_name) @import.module) @import
(import_statement
  name: (aliased_import name: (dotted_name) @import.module alias: (identifier) @import.alias)) @import
(import_from_statement module_name: (_) @import.module name: (dotted_name) @import.name) @import
(import_from_statement
  module_name: (_) @import.module
  name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias)) @import
(import_from_statement module_name: (_) @import.module (wildcard_import) @import.wildcard) @import

; Variables whose type the code states. `x = cast(T, v)`: x is a T (PEP 484, "Casts"); the call's
; own binding below (cast's result, from outside) is on the same line: one declaration, both true.
((assignment
  left: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.name
  right: (call
    function: [(identifier) @_cast (attribute object: (identifier) @_typing attribute: (identifier) @_cast)]
    arguments: (argument_list . [(identifier) (attribute) (string)] @binding.type))) @binding
  (#eq? @_cast "cast") (#eq? @_typing "typing"))
(assignment
  left: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.name
  right: (call function: [(identifier) (attribute) (call)]) @binding.call) @binding
(assignment
  left: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.name
  right: (await (call function: [(identifier) (attribute) (call)]) @binding.call)) @binding
(assignment
  left: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.name
  right: (identifier) @binding.value) @binding
; `isinstance(x, C)` says x's values may be C's: a candidate of the function's scope beside any other
; (resolve/types.py keeps the class they share), as in code that tests and then uses the value elsewhere.
; A tuple of classes narrows to none.
((call function: (identifier) @_isinstance
   arguments: (argument_list . (identifier) @binding.name . [(identifier) (attribute)] @binding.type .)) @binding
  (#eq? @_isinstance "isinstance"))
; Where the test is true, x is a C (the typing spec's "Type narrowing"), whatever else the scope binds it to:
; in the block an `if` or `elif` of it guards (alone or first of an `and`), and past `if not
; isinstance(…): return` (or raise, continue, break) or `assert isinstance(…)` to the end of their block
; (narrowing_blocks); read by line there only (resolve/blocks.py), so two tests of one name never mix.
((_
   condition: [(call function: (identifier) @_isinstance
                 arguments: (argument_list . (identifier) @binding.name . [(identifier) (attribute)] @binding.type .))
               (boolean_operator
                 left: (call function: (identifier) @_isinstance
                   arguments: (argument_list . (identifier) @binding.name . [(identifier) (attribute)] @binding.type .))
                 operator: "and")]
   consequence: (block) @binding)
  (#eq? @_isinstance "isinstance") (#set! binding.type_suffix "<is>"))
((if_statement
   condition: (not_operator argument: (call function: (identifier) @_isinstance
     arguments: (argument_list . (identifier) @binding.name . [(identifier) (attribute)] @binding.type .)))
   consequence: (block . [(return_statement) (raise_statement) (continue_statement) (break_statement)] .)
   !alternative) @binding
  (#eq? @_isinstance "isinstance") (#set! binding.type_suffix "<is>"))
((assert_statement . (call function: (identifier) @_isinstance
   arguments: (argument_list . (identifier) @binding.name . [(identifier) (attribute)] @binding.type .))) @binding
  (#eq? @_isinstance "isinstance") (#set! binding.type_suffix "<is>"))
; `a or b` is a when a is true, else b (Reference, "Boolean operations"); `a if c else b` is a or b
; ("Conditional expressions"): the name holds one of them, each a candidate (@binding.either).
(assignment
  left: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.name
  right: (boolean_operator
    left: [(identifier) (none) (call function: [(identifier) (attribute) (call)])] @binding.either
    operator: "or"
    right: [(identifier) (none) (call function: [(identifier) (attribute) (call)])] @binding.either)) @binding
(assignment
  left: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.name
  right: (conditional_expression
    . [(identifier) (none) (call function: [(identifier) (attribute) (call)])] @binding.either
    . (_)
    . [(identifier) (none) (call function: [(identifier) (attribute) (call)])] @binding.either .)) @binding
(assignment
  left: (pattern_list . (identifier) @binding.name)
  right: (expression_list . (call function: [(identifier) (attribute) (call)]) @binding.call)) @binding
(assignment
  left: (pattern_list . (identifier) . (identifier) @binding.name)
  right: (expression_list
    . [(identifier) (attribute) (call)] . (call function: [(identifier) (attribute) (call)]) @binding.call)) @binding
(function_definition return_type: (type) @binding.returns) @binding
; `@contextmanager` (contextlib) makes a generator function a context manager whose `__enter__`
; returns what the generator yields: the first type argument of its declared `Iterator[Y]`,
; `Generator[Y, S, R]` (typing). Its call is there to be entered (`with f() as y`): a Y, whose own
; `__enter__`, missing, leaves it as it is (python.py's transparent_methods).
((decorated_definition
   (decorator [(identifier) (attribute attribute: (identifier))] @_decorator)
   definition: (function_definition return_type: (type) @binding.returns)) @binding
  (#any-of? @_decorator "contextmanager" "asynccontextmanager" "contextlib.contextmanager" "contextlib.asynccontextmanager")
  (#match? @binding.returns "^[\"']?((typing|collections[.]abc)[.])?(Iterator|Generator|AsyncIterator|AsyncGenerator)\\[")
  (#set! binding.yields ""))
; A type variable is read as its bound (PEP 484 `TypeVar("T", bound=B)`, PEP 695 `def f[T: B]`):
; a value of type T has B's methods, so `x.m()` with `x: T` runs B's m or an override.
((assignment
  left: (identifier) @binding.name
  right: (call
    function: [(identifier) @_typevar (attribute attribute: (identifier) @_typevar)]
    arguments: (argument_list (keyword_argument name: (identifier) @_bound value: [(identifier) (attribute) (string)] @binding.type))))
  @binding (#eq? @_typevar "TypeVar") (#eq? @_bound "bound"))
(type_parameter (type (constrained_type . (type (identifier) @binding.name) . (type) @binding.type))) @binding
(assignment left: (identifier) @binding.name type: (type) @binding.type) @binding
; A parameter (@binding.parameter: its entry in the list) also tells which parameters a function calls.
(typed_parameter (identifier) @binding.name type: (type) @binding.type) @binding @binding.parameter
(typed_default_parameter name: (identifier) @binding.name type: (type) @binding.type) @binding @binding.parameter

; Function values (resolve/values.py): a name bound to a function, a method, a lambda calling
; one, a functools.partial of one; the entries of a literal table; what a function returns.
;
; A collection whose first type argument is its elements' type (PEP 585's built-ins, typing's
; aliases and ABCs): `cs: list[Cart]` binds cs's elements (binding.suffix) to Cart, which a loop
; over cs reads (@binding.element below).
((typed_parameter (identifier) @binding.name
   type: (type (generic_type (identifier) @_collection (type_parameter . (type) @binding.type))))
  @binding (#any-of? @_collection "list" "List" "set" "Set" "frozenset" "FrozenSet" "Sequence" "MutableSequence" "Iterable" "Iterator" "Collection" "AbstractSet" "MutableSet" "deque" "Deque" "Generator" "AsyncIterable" "AsyncIterator") (#set! binding.suffix "[]"))
((typed_default_parameter name: (identifier) @binding.name
   type: (type (generic_type (identifier) @_collection (type_parameter . (type) @binding.type))))
  @binding (#any-of? @_collection "list" "List" "set" "Set" "frozenset" "FrozenSet" "Sequence" "MutableSequence" "Iterable" "Iterator" "Collection" "AbstractSet" "MutableSet" "deque" "Deque" "Generator" "AsyncIterable" "AsyncIterator") (#set! binding.suffix "[]"))
((assignment left: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.name
   type: (type (generic_type (identifier) @_collection (type_parameter . (type) @binding.type))))
  @binding (#any-of? @_collection "list" "List" "set" "Set" "frozenset" "FrozenSet" "Sequence" "MutableSequence" "Iterable" "Iterator" "Collection" "AbstractSet" "MutableSet" "deque" "Deque" "Generator" "AsyncIterable" "AsyncIterator") (#set! binding.suffix "[]"))
; A mapping's second type argument is its values' type (`d: dict[str, Cart]`): binds d's values
; (binding.suffix "{}") to Cart, which `d[k]`, `d.get(k)`, `d.pop(k)` and a loop over `d.values()` or
; the second name of `d.items()` read; a loop over d itself reads its keys.
((typed_parameter (identifier) @binding.name
   type: (type (generic_type (identifier) @_mapping (type_parameter . (type) . (type) @binding.type .))))
  @binding (#any-of? @_mapping "dict" "Dict" "Mapping" "MutableMapping" "defaultdict" "DefaultDict" "OrderedDict" "ChainMap") (#set! binding.suffix "{}"))
((typed_default_parameter name: (identifier) @binding.name
   type: (type (generic_type (identifier) @_mapping (type_parameter . (type) . (type) @binding.type .))))
  @binding (#any-of? @_mapping "dict" "Dict" "Mapping" "MutableMapping" "defaultdict" "DefaultDict" "OrderedDict" "ChainMap") (#set! binding.suffix "{}"))
((assignment left: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.name
   type: (type (generic_type (identifier) @_mapping (type_parameter . (type) . (type) @binding.type .))))
  @binding (#any-of? @_mapping "dict" "Dict" "Mapping" "MutableMapping" "defaultdict" "DefaultDict" "OrderedDict" "ChainMap") (#set! binding.suffix "{}"))
((for_statement left: (identifier) @binding.name
  right: (call function: (attribute object: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.element
    attribute: (identifier) @_values))) @binding (#eq? @_values "values") (#set! binding.element_suffix "{}"))
((for_in_clause left: (identifier) @binding.name
  right: (call function: (attribute object: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.element
    attribute: (identifier) @_values))) @binding (#eq? @_values "values") (#set! binding.element_suffix "{}"))
((for_statement left: (pattern_list . (identifier) . (identifier) @binding.name .)
  right: (call function: (attribute object: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.element
    attribute: (identifier) @_items))) @binding (#eq? @_items "items") (#set! binding.element_suffix "{}"))
((for_in_clause left: (pattern_list . (identifier) . (identifier) @binding.name .)
  right: (call function: (attribute object: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.element
    attribute: (identifier) @_items))) @binding (#eq? @_items "items") (#set! binding.element_suffix "{}"))
; `for c in cs`, `[... for c in cs]`: c holds an element of cs; `for c in carts()`: an element of
; what the call returns, where its declared return type is such a collection (`-> list[Cart]`, bound
; below as the function's `()[]`).
(for_statement left: (identifier) @binding.name
  right: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.element) @binding
(for_in_clause left: (identifier) @binding.name
  right: [(identifier) (attribute object: (identifier) attribute: (identifier))] @binding.element) @binding
(for_statement left: (identifier) @binding.name
  right: (call function: [(identifier) (attribute object: (identifier) attribute: (identifier))]) @binding.element) @binding
(for_in_clause left: (identifier) @binding.name
  right: (call function: [(identifier) (attribute object: (identifier) attribute: (identifier))]) @binding.element) @binding
((function_definition
   return_type: (type (generic_type (identifier) @_collection (type_parameter . (type) @binding.type))) @binding)
  (#any-of? @_collection "list" "List" "set" "Set" "frozenset" "FrozenSet" "Sequence" "MutableSequence" "Iterable" "Iterator" "Collection" "AbstractSet" "MutableSet" "deque" "Deque" "Generator" "AsyncIterable" "AsyncIterator")
  (#set! binding.name "()") (#set! binding.suffix "[]"))
; `with v as c`: c holds what v.__enter__() returns (the language reference, "The with statement";
; `async with`: __aenter__; a value bound both ways keeps the one class they agree on).
((with_item value: (as_pattern . [(identifier) (attribute) (call)] @binding.call
   alias: (as_pattern_target (identifier) @binding.name))) @binding (#set! binding.method "__enter__"))
((with_statement "async" (with_clause (with_item value: (as_pattern . [(identifier) (attribute) (call)] @binding.call
   alias: (as_pattern_target (identifier) @binding.name))))) @binding (#set! binding.method "__aenter__"))
; `(c := Cart())`: c holds the call's result, as `c = Cart()` does (PEP 572).
(named_expression name: (identifier) @binding.name
  value: (call function: [(identifier) (attribute) (call)]) @binding.call) @binding
; A binding with no @binding.function or @binding.type rebinds the name to something else.
(assignment left: (identifier) @binding.name right: [(identifier) (attribute)] @binding.function) @binding
(assignment
  left: (identifier) @binding.name
  right: (lambda body: (call function: [(identifier) (attribute)] @binding.function))) @binding
((assignment
  left: (identifier) @binding.name
  right: (call
    function: [(identifier) @_partial (attribute attribute: (identifier) @_partial)]
    arguments: (argument_list . [(identifier) (attribute)] @binding.function))) @binding
  (#eq? @_partial "partial"))
(assignment
  left: (identifier) @binding.name
  right: (dictionary
    (pair key: [(string (string_content) @binding.key) (integer) @binding.key] value: [(identifier) (attribute)] @binding.function))) @binding
; An entry holding a call's result holds what the callee returns (`{"a": make()}`).
(assignment
  left: (identifier) @binding.name
  right: (dictionary
    (pair key: [(string (string_content) @binding.key) (integer) @binding.key]
      value: (call function: [(identifier) (attribute)]) @binding.call))) @binding
; `dict.update` writes the entries it is given over the table's (the library reference, "Mapping
; Types"): `T.update({"x": g})`, `T.update(x=g)`.
((call
  function: (attribute object: (identifier) @binding.name attribute: (identifier) @_update)
  arguments: (argument_list
    (dictionary (pair key: (string (string_content) @binding.key) value: [(identifier) (attribute)] @binding.function)))) @binding
  (#eq? @_update "update"))
((call
  function: (attribute object: (identifier) @binding.name attribute: (identifier) @_update)
  arguments: (argument_list
    (keyword_argument name: (identifier) @binding.key value: [(identifier) (attribute)] @binding.function))) @binding
  (#eq? @_update "update"))
(assignment
  left: (identifier) @binding.name
  right: [
    (list [(identifier) (attribute)] @binding.function @binding.index)
    (tuple [(identifier) (attribute)] @binding.function @binding.index)
  ]) @binding
(assignment
  left: (subscript value: (identifier) @binding.name subscript: [(string (string_content) @binding.key) (integer) @binding.key])
  right: [(identifier) (attribute)] @binding.function) @binding
; An attribute of the instance holding one of its methods (``self.on_done = self.finish``): a call
; ``self.on_done()`` looks the instance's attribute up before the class's (the data model's
; attribute lookup) and runs the method held; bound for the whole class (scopes.bindings).
((assignment
  left: (attribute object: (identifier) @_self attribute: (identifier)) @binding.name
  right: (attribute object: (identifier) @_held attribute: (identifier)) @binding.function) @binding
  (#eq? @_self "self") (#eq? @_held "self"))
; Several targets (the language reference, "Assignment statements"): `a, (b, c) = f, (g, h)` binds
; each target to the value at its position, recursively into a target list, a starred target
; to a list of the values left over (extract/destructuring.py); in a chain `a, b = c, d = f, g`
; every target list takes the same values; `a = b = f` binds every target.
(assignment
  left: [(pattern_list) (tuple_pattern) (list_pattern)] @binding.targets
  right: [(expression_list) (tuple) (list)] @binding.values) @binding
(assignment
  left: [(pattern_list) (tuple_pattern) (list_pattern)] @binding.targets
  right: (assignment right: [(expression_list) (tuple) (list)] @binding.values)) @binding
(assignment
  left: (identifier) @binding.name
  right: (assignment right: [(identifier) (attribute)] @binding.function)) @binding
; Each also binds the name for the function (binding.local_too, below: one match for both records).
((assignment left: (identifier) @binding.name) @binding (#set! binding.local_too ""))
((for_statement left: (identifier) @binding.name) @binding (#set! binding.local_too ""))
(parameters (identifier) @binding.name @binding.parameter) @binding
(parameters (default_parameter name: (identifier) @binding.name) @binding.parameter) @binding
; A parameter whose default is a function holds it (unless the caller passes another).
(default_parameter name: (identifier) @binding.name value: [(identifier) (attribute)] @binding.function) @binding
(typed_default_parameter name: (identifier) @binding.name value: [(identifier) (attribute)] @binding.function) @binding
((return_statement [(identifier) (attribute)] @binding.function) @binding (#set! binding.name "()"))
; Every return statement rebinds what the function returns and tells what it returns (a return
; type inferred where all agree: binding.inferred; one match makes both records).
((return_statement (_)? @binding.returned) @binding (#set! binding.name "()") (#set! binding.inferred ""))

; Names a function binds for itself, typed or not (the language reference, "Naming and binding":
; a name bound anywhere in a block is local to all of it): parameters, lambda parameters, assignment
; and loop targets (a single name's: binding.local_too above), `with ... as`, `except ... as`,
; comprehension variables, `:=`. Inside the function they hide the module's binding of the name
; (binding.local: resolve/resolver.py).
((parameters
  [(identifier) @binding.name
   (typed_parameter (identifier) @binding.name)
   (default_parameter name: (identifier) @binding.name)
   (typed_default_parameter name: (identifier) @binding.name)
   (list_splat_pattern (identifier) @binding.name)
   (dictionary_splat_pattern (identifier) @binding.name)
   (typed_parameter (list_splat_pattern (identifier) @binding.name))
   (typed_parameter (dictionary_splat_pattern (identifier) @binding.name))]) @binding (#set! binding.local ""))
((lambda_parameters
  [(identifier) @binding.name
   (default_parameter name: (identifier) @binding.name)
   (list_splat_pattern (identifier) @binding.name)
   (dictionary_splat_pattern (identifier) @binding.name)]) @binding (#set! binding.local ""))
((assignment left: [(pattern_list (identifier) @binding.name) (tuple_pattern (identifier) @binding.name)]) @binding
  (#set! binding.local ""))
((augmented_assignment left: (identifier) @binding.name) @binding (#set! binding.local ""))
((for_statement left: [(pattern_list (identifier) @binding.name) (tuple_pattern (identifier) @binding.name)]) @binding
  (#set! binding.local ""))
((for_in_clause left: (identifier) @binding.name) @binding (#set! binding.local ""))
((for_in_clause left: [(pattern_list (identifier) @binding.name) (tuple_pattern (identifier) @binding.name)]) @binding
  (#set! binding.local ""))
((as_pattern alias: (as_pattern_target (identifier) @binding.name)) @binding (#set! binding.local ""))
((named_expression name: (identifier) @binding.name) @binding (#set! binding.local ""))

; Prose for the notes of the definition it belongs to (see extract.py): comments, docstrings,
; and every other string literal: the names code registers and is asked about by live in
; strings (a directive 'currentmodule', a field 'rtype', a config value, a CLI option, a
; message id) and so do the messages a question pastes.
(comment) @comment
(string_content) @doc

; Declarations (no graph node; extract/declarations.py): module-level constants (PEP 8 names
; them in capitals) and type aliases, class attributes (an Enum's are its members), and the
; attributes ``__init__`` assigns on ``self``.
(module (expression_statement
  (assignment left: (identifier) @name) @declaration.constant)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module (expression_statement
  (assignment left: (identifier) @name type: (type [(identifier) @_t (attribute attribute: (identifier) @_t)])) @declaration.alias)
  (#eq? @_t "TypeAlias"))
(module (type_alias_statement left: (type (identifier) @name)) @declaration.alias)
(class_definition body: (block (expression_statement
  (assignment left: (identifier) @name) @declaration.field)))
(class_definition
  superclasses: (argument_list [(identifier) @_base (attribute attribute: (identifier) @_base)])
  body: (block (expression_statement (assignment left: (identifier) @name) @declaration.member))
  (#match? @_base "(Enum|Flag)$"))
(class_definition body: (block
  (function_definition name: (identifier) @_init body: (block (expression_statement
    (assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name)) @declaration.field)))
  (#eq? @_init "__init__") (#eq? @_self "self")))
