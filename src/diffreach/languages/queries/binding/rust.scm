; Rust: parameter lists and argument lists (arity must match; no defaults, no named
; arguments; a method's `self` in any of its forms is filled by the receiver of `x.m()`, or
; by the first argument of `Type::m(&x)`).
; Capture vocabulary: python.scm's header, and the docstring of languages/binding.py.

(function_item
  name: (identifier) @definition.name parameters: (parameters) @definition.parameters) @definition
(function_signature_item
  name: (identifier) @definition.name parameters: (parameters) @definition.parameters) @definition

(parameters (parameter pattern: (_) @param.name type: (_) @param.type) @param.positional) @param.list
(parameters (self_parameter) @param.self @param.name) @param.list
(parameters (parameter pattern: (self) @param.name) @param.self) @param.list

; Calls: f(...), x.f(...) (the receiver fills `self`), Type::f(...), f::<T>(...).
(call_expression function: (identifier) @call.name arguments: (arguments) @call.arguments) @call
(call_expression
  function: (field_expression value: (_) @call.receiver field: (field_identifier) @call.name)
  arguments: (arguments) @call.arguments) @call
(call_expression
  function: (scoped_identifier name: (identifier) @call.name) arguments: (arguments) @call.arguments) @call
(call_expression
  function: (generic_function function: [
    (identifier) @call.name
    (scoped_identifier name: (identifier) @call.name)])
  arguments: (arguments) @call.arguments) @call
(call_expression
  function: (generic_function
    function: (field_expression value: (_) @call.receiver field: (field_identifier) @call.name))
  arguments: (arguments) @call.arguments) @call

(arguments (_) @arg.positional) @arg.list
(arguments [(line_comment) (block_comment)] @arg.ignore) @arg.list

; Functions passed as values: f, Type::f.
(arguments (identifier) @value)
(arguments (scoped_identifier name: (identifier) @value))
(let_declaration value: (identifier) @value)
(let_declaration value: (scoped_identifier name: (identifier) @value))
;
; Generic parameter lists: a changed one retypes a call that binds as before.
(function_item type_parameters: (type_parameters) @definition.type_parameters)
(function_signature_item type_parameters: (type_parameters) @definition.type_parameters)
