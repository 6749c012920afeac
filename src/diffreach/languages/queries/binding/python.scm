; Python: parameter lists and argument lists, for binding calls (languages/binding.py).
;
; Capture vocabulary (the full contract is the docstring of languages/binding.py):
;   @definition (+ @definition.name, @definition.parameters)   a function and its parameter list
;   @param.positional | .default | .optional | .variadic | .keywords | .self   one parameter, by kind,
;     inside @param.list, with @param.name, @param.type, @param.value (the default's text)
;   @param.separator.positional (`/`), @param.separator.keyword (`*`)   kind markers in a list
;   @param.ignore   a node of the list that is no parameter (a dataclass's ClassVar)
;   @param.no_receiver   a list whose first parameter is not a receiver (a static method)
;   @param.implicit_receiver   a list whose receiver the call's target fills, even a class (a classmethod)
;   @call (+ @call.name, @call.arguments, @call.receiver)        a call
;   @arg.positional | .keyword (+ @arg.name) | .spread | .keywords | .trailing | .ignore
;     one argument inside @arg.list
;   @value   a name used as a value, not called (a callback, a dispatch table entry)
;   @application (+ @application.name, @application.receiver, @application.argument)   a decorator
;     applied to a definition: a call of it with the definition's name as its one argument

; Definitions. A decorated one also from its decorator line (a symbol's start line).
(function_definition
  name: (identifier) @definition.name
  parameters: (parameters) @definition.parameters) @definition
(decorated_definition
  definition: (function_definition
    name: (identifier) @definition.name
    parameters: (parameters) @definition.parameters)) @definition

;
; A dataclass's generated __init__ takes its fields, in order (PEP 557; the dataclasses module's
; documentation): `x: T` a parameter without a default, `x: T = v` or `field(default=…)`,
; `field(default_factory=…)` one with; a `ClassVar` or `field(init=False)` is no parameter; after
; `_: KW_ONLY`, or with `kw_only=True` on the decorator, every one is keyword-only. The class is
; the definition (a call of the class is a call of its __init__), only without bases: a base's
; fields come first, and they are not in the class's own text. Not with `init=False`.
((decorated_definition
  (decorator) @_dataclass
  definition: (class_definition
    !superclasses
    name: (identifier) @definition.name
    body: (block) @definition.parameters)) @definition
  (#match? @_dataclass "^@([A-Za-z_][A-Za-z_0-9]*[.])*dataclass([(]|$)")
  (#not-match? @_dataclass "init *= *False"))
((decorated_definition
  (decorator) @_dataclass
  definition: (class_definition
    body: (block
      (expression_statement (assignment left: (identifier) @param.name type: (type) @param.type !right))
        @param.positional) @param.list))
  (#match? @_dataclass "^@([A-Za-z_][A-Za-z_0-9]*[.])*dataclass([(]|$)"))
((decorated_definition
  (decorator) @_dataclass
  definition: (class_definition
    body: (block
      (expression_statement
        (assignment left: (identifier) @param.name type: (type) @param.type right: (_) @param.value))
        @param.default) @param.list))
  (#match? @_dataclass "^@([A-Za-z_][A-Za-z_0-9]*[.])*dataclass([(]|$)")
  (#not-match? @param.value "^([A-Za-z_][A-Za-z_0-9]*[.])*field[(]"))
((decorated_definition
  (decorator) @_dataclass
  definition: (class_definition
    body: (block
      (expression_statement
        (assignment left: (identifier) @param.name type: (type) @param.type right: (call) @param.value))
        @param.default) @param.list))
  (#match? @_dataclass "^@([A-Za-z_][A-Za-z_0-9]*[.])*dataclass([(]|$)")
  (#match? @param.value "^([A-Za-z_][A-Za-z_0-9]*[.])*field[(]")
  (#match? @param.value "[(,] *default(_factory)? *="))
((decorated_definition
  (decorator) @_dataclass
  definition: (class_definition
    body: (block
      (expression_statement
        (assignment left: (identifier) @param.name type: (type) @param.type right: (call) @_field))
        @param.positional) @param.list))
  (#match? @_dataclass "^@([A-Za-z_][A-Za-z_0-9]*[.])*dataclass([(]|$)")
  (#match? @_field "^([A-Za-z_][A-Za-z_0-9]*[.])*field[(]")
  (#not-match? @_field "[(,] *default(_factory)? *="))
((decorated_definition
  (decorator) @_dataclass
  definition: (class_definition
    body: (block (expression_statement (assignment type: (type) @_type)) @param.ignore) @param.list))
  (#match? @_dataclass "^@([A-Za-z_][A-Za-z_0-9]*[.])*dataclass([(]|$)")
  (#match? @_type "^([A-Za-z_][A-Za-z_0-9]*[.])*ClassVar(\\[|$)"))
((decorated_definition
  (decorator) @_dataclass
  definition: (class_definition
    body: (block (expression_statement (assignment right: (call) @_field)) @param.ignore) @param.list))
  (#match? @_dataclass "^@([A-Za-z_][A-Za-z_0-9]*[.])*dataclass([(]|$)")
  (#match? @_field "^([A-Za-z_][A-Za-z_0-9]*[.])*field[(]")
  (#match? @_field "[(,] *init *= *False"))
((decorated_definition
  (decorator) @_dataclass
  definition: (class_definition
    body: (block (expression_statement (assignment type: (type) @_type)) @param.separator.keyword) @param.list))
  (#match? @_dataclass "^@([A-Za-z_][A-Za-z_0-9]*[.])*dataclass([(]|$)")
  (#match? @_type "^([A-Za-z_][A-Za-z_0-9]*[.])*KW_ONLY$"))
((decorated_definition
  (decorator (call arguments: (argument_list (keyword_argument name: (identifier) @_kw value: (true))
    @param.separator.keyword))) @_dataclass
  definition: (class_definition body: (block) @param.list))
  (#match? @_dataclass "^@([A-Za-z_][A-Za-z_0-9]*[.])*dataclass([(]|$)")
  (#eq? @_kw "kw_only"))
; A typing.NamedTuple subclass's generated __new__ takes its fields the same way (the typing
; module's documentation), when NamedTuple is its one base.
((class_definition
  name: (identifier) @definition.name
  superclasses: (argument_list . [(identifier) (attribute)] @_base .)
  body: (block) @definition.parameters)
  @definition
  (#match? @_base "^(typing[.])?NamedTuple$"))
((class_definition
  superclasses: (argument_list . [(identifier) (attribute)] @_base .)
  body: (block
    (expression_statement (assignment left: (identifier) @param.name type: (type) @param.type !right))
      @param.positional) @param.list)
  (#match? @_base "^(typing[.])?NamedTuple$"))
((class_definition
  superclasses: (argument_list . [(identifier) (attribute)] @_base .)
  body: (block
    (expression_statement
      (assignment left: (identifier) @param.name type: (type) @param.type right: (_) @param.value))
      @param.default) @param.list)
  (#match? @_base "^(typing[.])?NamedTuple$"))

; Parameters (the language reference, "Function definitions").
(parameters (identifier) @param.positional @param.name) @param.list
(parameters (typed_parameter (identifier) @param.name type: (type) @param.type) @param.positional) @param.list
(parameters
  (default_parameter name: (identifier) @param.name value: (_) @param.value) @param.default) @param.list
(parameters
  (typed_default_parameter
    name: (identifier) @param.name type: (type) @param.type value: (_) @param.value) @param.default) @param.list
(parameters (list_splat_pattern (identifier) @param.name) @param.variadic) @param.list
(parameters (typed_parameter (list_splat_pattern (identifier) @param.name) type: (type) @param.type) @param.variadic) @param.list
(parameters (dictionary_splat_pattern (identifier) @param.name) @param.keywords) @param.list
(parameters (typed_parameter (dictionary_splat_pattern (identifier) @param.name) type: (type) @param.type) @param.keywords) @param.list
(parameters (positional_separator) @param.separator.positional) @param.list
(parameters (keyword_separator) @param.separator.keyword) @param.list

; A method's first parameter receives the instance (or the class, for a classmethod)...
(class_definition
  body: (block
    (function_definition
      parameters: (parameters
        . [(identifier) (typed_parameter) (default_parameter) (typed_default_parameter)] @param.self) @param.list)))
(class_definition
  body: (block
    (decorated_definition
      definition: (function_definition
        parameters: (parameters
          . [(identifier) (typed_parameter) (default_parameter) (typed_default_parameter)] @param.self) @param.list))))
; ...except a static method's.
((decorated_definition
  (decorator (identifier) @_decorator)
  definition: (function_definition parameters: (parameters) @param.no_receiver))
  (#eq? @_decorator "staticmethod"))
; A class method's is filled by the class, also when the call names it (`Cls.make(x)`).
((decorated_definition
  (decorator (identifier) @_decorator)
  definition: (function_definition parameters: (parameters) @param.implicit_receiver))
  (#eq? @_decorator "classmethod"))

; Calls: f(...), obj.f(...), f(x for x in xs).
(call
  function: (identifier) @call.name
  arguments: [(argument_list) (generator_expression)] @call.arguments) @call
(call
  function: (attribute object: (_) @call.receiver attribute: (identifier) @call.name)
  arguments: [(argument_list) (generator_expression)] @call.arguments) @call

; Arguments (the language reference, "Calls").
(argument_list (_) @arg.positional) @arg.list
(argument_list (keyword_argument name: (identifier) @arg.name) @arg.keyword) @arg.list
(argument_list (list_splat) @arg.spread) @arg.list
(argument_list (dictionary_splat) @arg.keywords) @arg.list
(argument_list (comment) @arg.ignore) @arg.list
(call arguments: (generator_expression) @arg.positional @arg.list)

; A decorator applies to the definition below it: `@d def f` is `f = d(f)` (the language
; reference, "Function definitions"; "Class definitions"). `@d(x)` is a call of `d` above.
(decorated_definition
  (decorator (identifier) @application.name) @application
  definition: (_ name: (identifier) @application.argument))
(decorated_definition
  (decorator
    (attribute object: (_) @application.receiver attribute: (identifier) @application.name)) @application
  definition: (_ name: (identifier) @application.argument))

; Names used as values: passed on, stored, returned, decorating.
(argument_list (identifier) @value)
(argument_list (attribute attribute: (identifier) @value))
(keyword_argument value: (identifier) @value)
(keyword_argument value: (attribute attribute: (identifier) @value))
(pair value: (identifier) @value)
(pair value: (attribute attribute: (identifier) @value))
(assignment right: (identifier) @value)
(assignment right: (attribute attribute: (identifier) @value))
(return_statement (identifier) @value)
(return_statement (attribute attribute: (identifier) @value))
(list (identifier) @value)
(tuple (identifier) @value)
(decorator (identifier) @value)
(decorator (attribute attribute: (identifier) @value))
