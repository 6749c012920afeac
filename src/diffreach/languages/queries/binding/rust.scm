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

; Calls in a macro's arguments (`assert_eq!(r.fill(&mut b, n), Ok(()))`, `distr!(d, T::new(1))`):
; the grammar leaves them as token trees, where a name followed by a (…) tree is a call, as
; rust.scm reads them. Each argument is the first node after the "(" or after a "," at the top of
; that tree (`&mut x`: `mut`, `-3`: `3`), so the count is the call's. A call after "." has the
; name before the "." as its receiver, written first: a call's first match is kept.
(token_tree (_) @call.receiver . "." . (identifier) @call.name @call . (token_tree . "(") @call.arguments)
(token_tree (identifier) @call.name @call . (token_tree . "(") @call.arguments)
(token_tree . "(" . (_) @arg.positional) @arg.list
(token_tree "," . (_) @arg.positional) @arg.list

; Functions passed as values: f, Type::f.
(arguments (identifier) @value)
(arguments (scoped_identifier name: (identifier) @value))
(let_declaration value: (identifier) @value)
(let_declaration value: (scoped_identifier name: (identifier) @value))
;
; Generic parameter lists: a changed one retypes a call that binds as before.
(function_item type_parameters: (type_parameters) @definition.type_parameters)
(function_signature_item type_parameters: (type_parameters) @definition.type_parameters)
