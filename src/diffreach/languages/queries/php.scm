; PHP. Capture names: see languages/spec.py. Namespaces are packages, not nodes.

(namespace_definition name: (namespace_name) @package.name) @package

(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(method_declaration name: (name) @name) @definition.method
(function_definition name: (name) @name) @definition.function

; Test code: PHPUnit test methods outside tests/ (testFoo, @test is a docblock).
((method_declaration name: (name) @name) @definition.method @test (#match? @name "^test"))

; Base class, interfaces, traits.
(base_clause (name) @name) @reference.inherit
(base_clause (qualified_name (name) @name)) @reference.inherit
(class_interface_clause (name) @name) @reference.inherit
(class_interface_clause (qualified_name (name) @name)) @reference.inherit
(declaration_list (use_declaration (name) @name) @reference.inherit)

; Calls.
(function_call_expression function: (name) @name) @reference.call
(function_call_expression function: (qualified_name (name) @name .)) @reference.call
(member_call_expression object: (_) @receiver name: (name) @name) @reference.call
(nullsafe_member_call_expression object: (_) @receiver name: (name) @name) @reference.call
(scoped_call_expression scope: (_) @receiver name: (name) @name) @reference.call
(object_creation_expression (name) @name) @reference.call
(object_creation_expression (qualified_name (name) @name .)) @reference.call

; Imports: use statements, expanded by languages/php.py.
(namespace_use_declaration) @import.tree @import

; Variables whose type the code states.
(simple_parameter type: (named_type (name) @binding.type) name: (variable_name) @binding.name) @binding
(property_promotion_parameter type: (named_type (name) @binding.type) name: (variable_name (name) @binding.name)) @binding
(property_declaration type: (named_type (name) @binding.type) (property_element name: (variable_name (name) @binding.name))) @binding
(assignment_expression left: (variable_name) @binding.name right: (object_creation_expression (name) @binding.type)) @binding

; Declarations, no nodes (CAPTURES.md): `const` (a namespace's and a class's), enum cases,
; properties (declared, and promoted by a constructor's parameter).
(const_declaration (const_element (name) @name)) @declaration.constant
(enum_declaration_list (enum_case name: (name) @name) @declaration.member)
(property_declaration (property_element name: (variable_name (name) @name))) @declaration.field
(property_promotion_parameter name: (variable_name (name) @name)) @declaration.field

; Prose for the notes of the definition it documents or sits in (see extract.py).
(comment) @comment
; String literals are notes too: see python.scm.
(string_content) @doc
