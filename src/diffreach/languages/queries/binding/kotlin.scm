; Kotlin: parameter lists and argument lists (default values, named arguments, in position
; since Kotlin 1.4; one `vararg` whose later parameters are passed by name, filled by a
; spread `*array`; a lambda after the parentheses binds the last parameter).
; Capture vocabulary: python.scm's header, and the docstring of languages/binding.py.

(function_declaration
  name: (identifier) @definition.name (function_value_parameters) @definition.parameters) @definition
(class_declaration
  name: (identifier) @definition.name (primary_constructor (class_parameters) @definition.parameters)) @definition
(secondary_constructor (function_value_parameters) @definition.parameters) @definition

(function_value_parameters
  (parameter (identifier) @param.name . ":" . (_) @param.type) @param.positional) @param.list
(function_value_parameters (parameter) @param.default . "=" . (_) @param.value) @param.list
(function_value_parameters
  (parameter_modifiers (parameter_modifier) @_vararg (#eq? @_vararg "vararg"))
  . (parameter) @param.variadic) @param.list
(class_parameters
  (class_parameter (identifier) @param.name . ":" . (_) @param.type) @param.positional) @param.list
(class_parameters (class_parameter "=" . (_) @param.value) @param.default) @param.list

; Calls: f(...), x.f(...), f(...) { }, f { }.
(call_expression (identifier) @call.name (value_arguments) @call.arguments) @call
(call_expression (navigation_expression (identifier) @call.name .) (value_arguments) @call.arguments) @call
(call_expression
  [(identifier) @call.name (navigation_expression (identifier) @call.name .)] . (annotated_lambda)) @call @call.arguments

(value_arguments (value_argument) @arg.positional) @arg.list
(value_arguments (value_argument (identifier) @arg.name . "=") @arg.keyword) @arg.list
(value_arguments (value_argument (spread_expression)) @arg.spread) @arg.list
(call_expression (call_expression (value_arguments) @arg.list) (annotated_lambda) @arg.trailing)
(call_expression
  [(identifier) (navigation_expression)] . (annotated_lambda) @arg.trailing) @arg.list

; Function references: ::f, Type::f.
(callable_reference (identifier) @value .)
