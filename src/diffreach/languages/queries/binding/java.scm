; Java: parameter lists and argument lists (JLS 15.12: arity, then `T...` variable arity;
; overloads are chosen by the arguments).
; Capture vocabulary: python.scm's header, and the docstring of languages/binding.py.

(method_declaration
  name: (identifier) @definition.name parameters: (formal_parameters) @definition.parameters) @definition
(constructor_declaration
  name: (identifier) @definition.name parameters: (formal_parameters) @definition.parameters) @definition
(record_declaration
  name: (identifier) @definition.name parameters: (formal_parameters) @definition.parameters) @definition

(formal_parameters
  (formal_parameter type: (_) @param.type name: (identifier) @param.name) @param.positional) @param.list
(formal_parameters
  (spread_parameter
    (_) @param.type . "..." . (variable_declarator name: (identifier) @param.name)) @param.variadic) @param.list
(formal_parameters (receiver_parameter) @param.self) @param.list

; Calls: f(...), x.f(...), new F(...).
(method_invocation name: (identifier) @call.name arguments: (argument_list) @call.arguments) @call
(object_creation_expression
  type: [
    (type_identifier) @call.name
    (generic_type (type_identifier) @call.name)
    (scoped_type_identifier (type_identifier) @call.name .)]
  arguments: (argument_list) @call.arguments) @call
; super(...): the superclass's constructor, named by the keyword (JLS 8.8.7.1).
(explicit_constructor_invocation constructor: [(super) (this)] @call.name arguments: (argument_list) @call.arguments) @call

(argument_list (_) @arg.positional) @arg.list
(argument_list [(line_comment) (block_comment)] @arg.ignore) @arg.list

; Method references: Foo::bar, this::bar.
(method_reference "::" . (identifier) @value)
;
; Generic parameter lists: a changed one retypes a call that binds as before.
(method_declaration type_parameters: (type_parameters) @definition.type_parameters)
(constructor_declaration type_parameters: (type_parameters) @definition.type_parameters)
;
; The declared result, before the name: a changed one matters where a call uses the value.
(method_declaration type: (_) @definition.result)
