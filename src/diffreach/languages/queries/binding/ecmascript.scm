; JavaScript and TypeScript, what the two grammars share: definitions, calls, arguments.
; Parameters differ (javascript.scm, typescript.scm). Capture vocabulary: python.scm's
; header, and the docstring of languages/binding.py.

; Definitions: functions, methods, and functions bound to a name.
(function_declaration
  name: (identifier) @definition.name parameters: (formal_parameters) @definition.parameters) @definition
(generator_function_declaration
  name: (identifier) @definition.name parameters: (formal_parameters) @definition.parameters) @definition
(method_definition
  name: [(property_identifier) (private_property_identifier)] @definition.name
  parameters: (formal_parameters) @definition.parameters) @definition
(variable_declarator
  name: (identifier) @definition.name
  value: [
    (arrow_function parameters: (formal_parameters) @definition.parameters)
    (arrow_function parameter: (identifier) @definition.parameters)
    (function_expression parameters: (formal_parameters) @definition.parameters)
    (generator_function parameters: (formal_parameters) @definition.parameters)]) @definition
(pair
  key: [(property_identifier) @definition.name (string (string_fragment) @definition.name)]
  value: [
    (arrow_function parameters: (formal_parameters) @definition.parameters)
    (arrow_function parameter: (identifier) @definition.parameters)
    (function_expression parameters: (formal_parameters) @definition.parameters)]) @definition
(assignment_expression
  left: (member_expression property: (property_identifier) @definition.name)
  right: [
    (arrow_function parameters: (formal_parameters) @definition.parameters)
    (arrow_function parameter: (identifier) @definition.parameters)
    (function_expression parameters: (formal_parameters) @definition.parameters)]) @definition
; A function expression with a name of its own (`module.exports = function createError(…)`).
(function_expression
  name: (identifier) @definition.name parameters: (formal_parameters) @definition.parameters) @definition
(arrow_function parameter: (identifier) @param.positional @param.name @param.list)

; A function that reads `arguments` takes any number of them.
((identifier) @definition.reads_all (#eq? @definition.reads_all "arguments"))

; Calls: f(...), obj.f(...), new F(...). Arity is loose in JavaScript; TypeScript checks it.
(call_expression function: (identifier) @call.name arguments: (arguments) @call.arguments) @call
(call_expression
  function: (member_expression
    object: (_) @call.receiver property: [(property_identifier) (private_property_identifier)] @call.name)
  arguments: (arguments) @call.arguments) @call
(new_expression constructor: (identifier) @call.name arguments: (arguments) @call.arguments) @call
(new_expression
  constructor: (member_expression property: (property_identifier) @call.name)
  arguments: (arguments) @call.arguments) @call

(arguments (_) @arg.positional) @arg.list
(arguments (spread_element) @arg.spread) @arg.list
(arguments (comment) @arg.ignore) @arg.list

; Names used as values: callbacks, handlers, table entries.
(arguments (identifier) @value)
(arguments (member_expression property: (property_identifier) @value))
(pair value: (identifier) @value)
(pair value: (member_expression property: (property_identifier) @value))
(object (shorthand_property_identifier) @value)
(variable_declarator value: (identifier) @value)
(assignment_expression right: (identifier) @value)
(assignment_expression right: (member_expression property: (property_identifier) @value))
(return_statement (identifier) @value)
(array (identifier) @value)
