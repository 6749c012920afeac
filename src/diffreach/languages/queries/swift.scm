; Swift. Capture names: see languages/spec.py.

(class_declaration name: (type_identifier) @name) @definition.class
(class_declaration name: (user_type (type_identifier) @name)) @definition.class
(protocol_declaration name: (type_identifier) @name) @definition.interface
(function_declaration name: (simple_identifier) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(init_declaration "init" @name) @definition.method
((function_declaration name: (simple_identifier) @name) @definition.function @test (#match? @name "^test"))

; Supertypes and conformances, by their last name: a nested one (`Outer.Inner`) on its outer type, a
; longer path by the name alone (the first pattern that matches a name wins).
(inheritance_specifier inherits_from:
  (user_type . (type_identifier) @receiver . (type_identifier) @name . (type_arguments)? .)) @reference.inherit
(inheritance_specifier inherits_from: (user_type (type_identifier) @name . (type_arguments)? .)) @reference.inherit

; Calls.
(call_expression . (simple_identifier) @name) @reference.call
(call_expression . (navigation_expression target: (_) @receiver
  suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call

; Imports: a module is a target folder.
(import_declaration) @import.tree @import

; Variables whose type the code states.
(property_declaration name: (pattern bound_identifier: (simple_identifier) @binding.name)
  (type_annotation (user_type) @binding.type)) @binding
(property_declaration name: (pattern bound_identifier: (simple_identifier) @binding.name)
  value: (call_expression . (simple_identifier) @binding.type)) @binding

; Declarations, no nodes (CAPTURES.md): enum cases, `let` constants (top level, and a type's), stored
; properties (a computed one runs code: no value of its own to show), `typealias`.
(enum_class_body (enum_entry name: (simple_identifier) @name) @declaration.member)
((source_file (property_declaration (value_binding_pattern) @_let
  name: (pattern bound_identifier: (simple_identifier) @name)) @declaration.constant) (#eq? @_let "let"))
((class_body (property_declaration (value_binding_pattern) @_let
  name: (pattern bound_identifier: (simple_identifier) @name)) @declaration.constant) (#eq? @_let "let"))
(class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name) !computed_value) @declaration.field)
(protocol_body (protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @declaration.field)
(typealias_declaration name: (type_identifier) @name) @declaration.alias

; Prose for the notes of the definition it documents or sits in (see extract.py).
[(comment) (multiline_comment)] @comment
; String literals are notes too: see python.scm.
(line_str_text) @doc
