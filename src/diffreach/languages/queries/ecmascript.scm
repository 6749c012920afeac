; Definitions shared by JavaScript and TypeScript (the two grammars agree on these
; node names); javascript.scm and typescript.scm hold what differs. Capture names:
; see languages/spec.py.

; Methods, class fields and object properties holding a function. Inside a
; class (or an object namespace below) they are methods, elsewhere functions.
(class_body (method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.function)
; Members of an object literal are definitions only where the object is named
; (const api = {…}) or is the module (export default {…}, module.exports = {…});
; an object passed as an argument is anonymous, like a callback.
(variable_declarator value: (object (method_definition name: (property_identifier) @name) @definition.function))
(variable_declarator value: (object (pair
  key: [(property_identifier) (string (string_fragment))] @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function))
(export_statement value: (object (method_definition name: (property_identifier) @name) @definition.function))
(export_statement value: (object (pair
  key: [(property_identifier) (string (string_fragment))] @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function))
(assignment_expression right: (object (method_definition name: (property_identifier) @name) @definition.function))
(assignment_expression right: (object (pair
  key: [(property_identifier) (string (string_fragment))] @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function))

; const f = () => {} / function () {} / class {}.
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(lexical_declaration
  . (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)]) .) @definition.function
(variable_declaration
  . (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)]) .) @definition.function
(export_statement declaration: (lexical_declaration
  . (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)]) .)) @definition.function
(variable_declarator name: (identifier) @name value: (class)) @definition.class

; const api = { get() {}, post: () => {} }: an object of functions is a namespace.
(variable_declarator
  name: (identifier) @name
  value: (object [(method_definition) (pair value: [(arrow_function) (function_expression)])])) @definition.module
(export_statement declaration: (lexical_declaration
  . (variable_declarator
    name: (identifier) @name
    value: (object [(method_definition) (pair value: [(arrow_function) (function_expression)])])) .)) @definition.module

; Foo.prototype.bar = function () {} and Foo.bar = function () {}.
((assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @receiver property: (property_identifier) @_proto)
    property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]) @definition.method
  (#eq? @_proto "prototype"))
((assignment_expression
  left: (member_expression object: (identifier) @receiver property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]) @definition.method
  (#not-match? @receiver "^(module|exports)$"))

; exports.f = function () {} / module.exports.f = ...: a top-level function.
((assignment_expression
  left: (member_expression object: (identifier) @_exports property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]) @definition.function
  (#eq? @_exports "exports"))
((assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]) @definition.function
  (#eq? @_module "module") (#eq? @_exports "exports"))

; module.exports = function () {} (anonymous: named "exports"), or a named one.
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @name)
  right: [(arrow_function) (function_expression !name)]) @definition.function
  (#eq? @_module "module") (#eq? @name "exports"))
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (function_expression name: (identifier) @name)) @definition.function
  (#eq? @_module "module") (#eq? @_exports "exports"))

; export default function () {} / class {}: a definition named "default".
(export_statement "default" @name value: [(function_expression) (arrow_function) (generator_function)]) @definition.function
(export_statement "default" @name value: (class)) @definition.class

; Prose for the notes of the definition it documents or sits in (see extract.py).
(comment) @comment
; String literals are notes too: see python.scm.
(string_fragment) @doc
