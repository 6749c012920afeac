; Scala. Capture names: see languages/spec.py.

(package_clause name: (package_identifier) @package.name) @package

(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.trait
(enum_definition name: (identifier) @name) @definition.enum
(function_definition name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function

; Supertypes.
(extends_clause (type_identifier) @name @reference.inherit)
(extends_clause (generic_type type: (type_identifier) @name) @reference.inherit)
; A nested or qualified one (`Outer.Inner`, `a.b.C`): the last name, on the path before it.
(extends_clause [
  (stable_type_identifier (_) @receiver . (type_identifier) @name .)
  (generic_type type: (stable_type_identifier (_) @receiver . (type_identifier) @name .))
] @reference.inherit)

; Calls.
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression value: (_) @receiver field: (identifier) @name)) @reference.call
(instance_expression (type_identifier) @name) @reference.call

; Imports.
(import_declaration) @import.tree @import

; Variables whose type the code states.
(val_definition pattern: (identifier) @binding.name type: (_) @binding.type) @binding
(val_definition pattern: (identifier) @binding.name value: (instance_expression (type_identifier) @binding.type)) @binding
(var_definition pattern: (identifier) @binding.name type: (_) @binding.type) @binding
(parameter name: (identifier) @binding.name type: (_) @binding.type) @binding
(class_parameter name: (identifier) @binding.name type: (_) @binding.type) @binding

; Declarations, no nodes (CAPTURES.md): an object's `val`s and top-level ones (constants), a
; class's `val`/`var` and its constructor's `val`/`var` parameters (a case class's every one),
; enum cases, `type` aliases.
(object_definition body: (template_body (val_definition pattern: (identifier) @name) @declaration.constant))
(compilation_unit (val_definition pattern: (identifier) @name) @declaration.constant)
(template_body [(val_definition pattern: (identifier) @name) (var_definition pattern: (identifier) @name)] @declaration.field)
(class_parameter ["val" "var"] name: (identifier) @name) @declaration.field
(class_definition "case" class_parameters: (class_parameters (class_parameter name: (identifier) @name) @declaration.field))
(simple_enum_case name: (identifier) @name) @declaration.member
(full_enum_case name: (identifier) @name) @declaration.member
(type_definition name: (type_identifier) @name) @declaration.alias

; Prose for the notes of the definition it documents or sits in (see extract.py).
[(comment) (block_comment)] @comment
; String literals are notes too: see python.scm.
[(string) (interpolated_string)] @doc
