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

; A struct with named fields is built by a struct expression that names every field, unless
; `..base` gives the rest (Rust Reference, "Struct expressions"): the struct is a definition
; whose fields are parameters taken by name only, each expression a call with named arguments.
(struct_item
  name: (type_identifier) @definition.name body: (field_declaration_list) @definition.parameters) @definition
(field_declaration_list "{" @param.separator.keyword) @param.list
(field_declaration_list
  (field_declaration name: (field_identifier) @param.name type: (_) @param.type) @param.positional) @param.list
; A tuple struct is built as a function is called: `P(a, b)` gives its fields in order.
(struct_item
  name: (type_identifier) @definition.name body: (ordered_field_declaration_list) @definition.parameters) @definition
(ordered_field_declaration_list type: (_) @param.positional @param.type) @param.list
(struct_expression
  name: [
    (type_identifier) @call.name
    (scoped_type_identifier name: (type_identifier) @call.name)
    (generic_type_with_turbofish type: [
      (type_identifier) @call.name
      (scoped_identifier name: (identifier) @call.name)])]
  body: (field_initializer_list) @call.arguments) @call
(field_initializer_list (field_initializer field: (field_identifier) @arg.name) @arg.keyword) @arg.list
(field_initializer_list (shorthand_field_initializer (identifier) @arg.name) @arg.keyword) @arg.list
(field_initializer_list (base_field_initializer) @arg.keywords) @arg.list

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
