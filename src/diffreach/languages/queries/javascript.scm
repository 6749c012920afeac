; JavaScript: what its grammar names differently from TypeScript's (ecmascript.scm
; holds what they share, jsx.scm the JSX patterns). Capture names: see languages/spec.py.

; ---------------------------------------------------------------------------
; Definitions: classes (exported or not).
(class_declaration name: (identifier) @name) @definition.class
(export_statement declaration: (class_declaration name: (identifier) @name)) @definition.class

; Class fields and `module.exports = class …` (names differ in the TypeScript grammar).
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (class name: (identifier) @name)) @definition.class
  (#eq? @_module "module") (#eq? @_exports "exports"))

; ---------------------------------------------------------------------------
; Base classes.
(class_heritage (identifier) @name) @reference.inherit
(class_heritage (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.inherit

; ---------------------------------------------------------------------------
; This module's own exports: export default class, module.exports = class.
((export_statement "default" declaration: (class_declaration name: (identifier) @import.name)) @import
  (#set! import.module "") (#set! import.alias "default"))
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (class name: (identifier) @import.name)) @import
  (#eq? @_module "module") (#eq? @_exports "exports")
  (#set! import.module "") (#set! import.alias "default"))

; Parameters rebind a name a function value may be bound to elsewhere (resolve/values.py);
; @binding.parameter (the entry in the list) tells which parameters a function calls.
(formal_parameters (identifier) @binding.name @binding.parameter) @binding
(formal_parameters (assignment_pattern left: (identifier) @binding.name) @binding.parameter) @binding
; A parameter whose default is a function holds it (unless the caller passes another).
(formal_parameters
  (assignment_pattern left: (identifier) @binding.name right: [(identifier) (member_expression)] @binding.function) @binding)
; A destructured parameter: its names by key or index (one level).
(formal_parameters (array_pattern (identifier) @binding.name @binding.index) @binding.parameter) @binding
(formal_parameters
  (object_pattern (shorthand_property_identifier_pattern) @binding.name @binding.key) @binding.parameter) @binding
(formal_parameters
  (object_pattern (pair_pattern key: (property_identifier) @binding.key value: (identifier) @binding.name))
  @binding.parameter) @binding
; Every parameter hides an outer binding of its name (binding.local: resolve/resolver.py).
((formal_parameters
  [(identifier) @binding.name
   (assignment_pattern left: (identifier) @binding.name)
   (rest_pattern (identifier) @binding.name)
   (array_pattern (identifier) @binding.name)
   (object_pattern [(shorthand_property_identifier_pattern) @binding.name (pair_pattern value: (identifier) @binding.name)])])
  @binding (#set! binding.local ""))

; A field initialised by a constructor call or another call holds its result (ECMA-262: the
; initialiser's value becomes the instance's property).
((field_definition
  property: [(property_identifier) (private_property_identifier)] @binding.name
  value: (new_expression constructor: [(identifier) (member_expression)] @binding.type)) @binding
  (#set! binding.prefix "this."))
((field_definition
  property: [(property_identifier) (private_property_identifier)] @binding.name
  value: (call_expression function: [(identifier) (member_expression)]) @binding.call) @binding
  (#set! binding.prefix "this."))

; Declarations: class fields.
(class_body (field_definition property: [(property_identifier) (private_property_identifier)] @name) @declaration.field)

; ---------------------------------------------------------------------------
; JSDoc (languages/jsdoc.py): the types a doc comment states for the function it precedes (its
; parameters and result, bound in the function's scope: @binding is the parameter list) or for
; the variable or field its declaration binds (@binding.name).
((comment) @binding.doc . (method_definition parameters: (formal_parameters) @binding))
((comment) @binding.doc . (function_declaration parameters: (formal_parameters) @binding))
((comment) @binding.doc . (export_statement declaration: (function_declaration parameters: (formal_parameters) @binding)))
((comment) @binding.doc . (expression_statement (assignment_expression
  right: [(function_expression parameters: (formal_parameters) @binding) (arrow_function parameters: (formal_parameters) @binding)])))
((comment) @binding.doc . [(lexical_declaration (variable_declarator value: [(function_expression
    parameters: (formal_parameters) @binding) (arrow_function parameters: (formal_parameters) @binding)]))
  (variable_declaration (variable_declarator value: [(function_expression
    parameters: (formal_parameters) @binding) (arrow_function parameters: (formal_parameters) @binding)]))])
((comment) @binding.doc . (expression_statement (assignment_expression
  left: (member_expression object: (this) property: (property_identifier)) @binding.name)) @binding)
((comment) @binding.doc . [(lexical_declaration (variable_declarator name: (identifier) @binding.name))
  (variable_declaration (variable_declarator name: (identifier) @binding.name))] @binding)
; The supertypes a doc comment declares for the class it precedes (@extends, @implements).
((comment) @reference.doc . (expression_statement (assignment_expression left: (_) @owner right: (class))))
((comment) @reference.doc . (class_declaration name: (identifier) @owner))
((comment) @reference.doc . (export_statement declaration: (class_declaration name: (identifier) @owner)))
