; Go: parameter lists and argument lists (the spec's "Calls": arity must match; a final
; `...T` parameter takes the rest, or one slice passed as `xs...`).
; Capture vocabulary: python.scm's header, and the docstring of languages/binding.py.

; Definitions. A method's receiver `(r *T)` is a parameter list of its own: no definition
; names it as its parameters, so its parameters belong to nothing here.
(function_declaration
  name: (identifier) @definition.name parameters: (parameter_list) @definition.parameters) @definition
(method_declaration
  name: (field_identifier) @definition.name parameters: (parameter_list) @definition.parameters) @definition
(method_elem
  name: (field_identifier) @definition.name parameters: (parameter_list) @definition.parameters) @definition

; `a, b int` declares two parameters: one per name.
(parameter_list
  (parameter_declaration name: (identifier) @param.positional @param.name type: (_) @param.type)) @param.list
(parameter_list (parameter_declaration !name type: (_) @param.type) @param.positional) @param.list
(parameter_list
  (variadic_parameter_declaration name: (identifier) @param.name type: (_) @param.type) @param.variadic) @param.list
(parameter_list (variadic_parameter_declaration !name type: (_) @param.type) @param.variadic) @param.list

; Calls: f(...), x.f(...), f[T](...).
(call_expression function: (identifier) @call.name arguments: (argument_list) @call.arguments) @call
(call_expression
  function: (selector_expression field: (field_identifier) @call.name)
  arguments: (argument_list) @call.arguments) @call
(call_expression
  function: (index_expression operand: [(identifier) @call.name (selector_expression field: (field_identifier) @call.name)])
  arguments: (argument_list) @call.arguments) @call

(argument_list (_) @arg.positional) @arg.list
(argument_list (variadic_argument) @arg.spread) @arg.list
(argument_list (comment) @arg.ignore) @arg.list

; Function values: passed on, assigned, returned, stored in a literal.
(argument_list (identifier) @value)
(argument_list (selector_expression field: (field_identifier) @value))
(expression_list (identifier) @value)
(expression_list (selector_expression field: (field_identifier) @value))
(literal_element (identifier) @value)
(literal_element (selector_expression field: (field_identifier) @value))
;
; Generic parameter lists: a changed one retypes a call that binds as before.
(function_declaration type_parameters: (type_parameter_list) @definition.type_parameters)
