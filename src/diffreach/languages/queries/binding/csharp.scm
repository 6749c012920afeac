; C#: parameter lists and argument lists (optional parameters with defaults, `params`
; arrays, named arguments, in position since C# 7.2; `this` marks an extension method's
; receiver; overloads are chosen by the arguments).
; Capture vocabulary: python.scm's header, and the docstring of languages/binding.py.

(method_declaration
  name: (identifier) @definition.name parameters: (parameter_list) @definition.parameters) @definition
(constructor_declaration
  name: (identifier) @definition.name parameters: (parameter_list) @definition.parameters) @definition
(local_function_statement
  name: (identifier) @definition.name parameters: (parameter_list) @definition.parameters) @definition

(parameter_list (parameter type: (_) @param.type name: (identifier) @param.name) @param.positional) @param.list
(parameter_list
  (parameter name: (identifier) @param.name "=" . (_) @param.value) @param.default) @param.list
((parameter_list (parameter (modifier) @_this) @param.self) @param.list
  (#eq? @_this "this"))
; `params T[] xs`: the grammar puts its type and name in the list itself.
(parameter_list type: (_) @param.type . name: (identifier) @param.name @param.variadic) @param.list

; Calls: F(...), x.F(...), F<T>(...), new F(...).
(invocation_expression function: (identifier) @call.name arguments: (argument_list) @call.arguments) @call
(invocation_expression
  function: (generic_name (identifier) @call.name) arguments: (argument_list) @call.arguments) @call
(invocation_expression
  function: (member_access_expression
    expression: (_) @call.receiver name: [(identifier) @call.name (generic_name (identifier) @call.name)])
  arguments: (argument_list) @call.arguments) @call
(object_creation_expression
  type: [
    (identifier) @call.name
    (generic_name (identifier) @call.name)
    (qualified_name name: (identifier) @call.name)]
  arguments: (argument_list) @call.arguments) @call

(argument_list (argument) @arg.positional) @arg.list
(argument_list (argument name: (identifier) @arg.name) @arg.keyword) @arg.list

; Method groups passed as values: Run(M), x.Event += Handler.
(argument (identifier) @value .)
(argument (member_access_expression name: (identifier) @value) .)
(assignment_expression right: (identifier) @value)
(assignment_expression right: (member_access_expression name: (identifier) @value))
;
; The declared result, before the name: a changed one matters where a call uses the value.
(method_declaration returns: (_) @definition.result)
