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

; Parameters rebind a name a function value may be bound to elsewhere (resolve/values.py).
(formal_parameters (identifier) @binding.name) @binding
(formal_parameters (assignment_pattern left: (identifier) @binding.name)) @binding

; Declarations: class fields.
(class_body (field_definition property: [(property_identifier) (private_property_identifier)] @name) @declaration.field)
