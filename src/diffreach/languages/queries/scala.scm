; Scala. Capture names: see languages/spec.py.

(package_clause name: (package_identifier) @package.name) @package

(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.trait
(function_definition name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function

; Supertypes.
(extends_clause (type_identifier) @name @reference.inherit)
(extends_clause (generic_type type: (type_identifier) @name) @reference.inherit)

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

; Prose for the notes of the definition it documents or sits in (see extract.py).
[(comment) (block_comment)] @comment
; String literals are notes too: see python.scm.
[(string) (interpolated_string)] @doc
