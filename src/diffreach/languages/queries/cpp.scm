; C++. Capture names: see languages/spec.py. Namespaces are not nodes; member
; declarations without a body are not definitions (the out-of-line body is).

(class_specifier name: (type_identifier) @name body: (_)) @definition.class
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(type_definition type: (struct_specifier !name body: (_)) declarator: (type_identifier) @name) @definition.struct

; Functions, inline methods (a function inside a class body is a method).
((function_definition declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name)) @definition.function
  (#not-match? @name "^(TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)$"))

; GoogleTest: TEST_F(Fixture, Name) {…} is a test method of its fixture (the
; fixture's members are in scope, as in the macro's expansion); TEST(Suite,
; Name) is a test function Name (a suite is no class, and is often named like
; the class under test).
((function_definition declarator: (function_declarator
   declarator: (identifier) @_macro
   parameters: (parameter_list . (parameter_declaration type: (type_identifier) @receiver)
                               . (parameter_declaration type: (type_identifier) @name) .))) @definition.method @test
  (#match? @_macro "^(TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)$"))
((function_definition declarator: (function_declarator
   declarator: (identifier) @_macro
   parameters: (parameter_list . (parameter_declaration type: (type_identifier))
                               . (parameter_declaration type: (type_identifier) @name) .))) @definition.function @test
  (#eq? @_macro "TEST"))
(function_definition declarator: (pointer_declarator
  declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name))) @definition.function
(function_definition declarator: (reference_declarator
  (function_declarator declarator: [(identifier) (field_identifier)] @name))) @definition.function
(function_definition declarator: (function_declarator declarator: (destructor_name) @name)) @definition.method

; Out of line: void Foo::bar() {}, Foo::Foo() {}, ns::Foo::bar().
(function_definition declarator: (function_declarator
  declarator: (qualified_identifier scope: (_) @receiver
                                    name: [(identifier) (destructor_name) (operator_name)] @name))) @definition.method
(function_definition declarator: (pointer_declarator declarator: (function_declarator
  declarator: (qualified_identifier scope: (_) @receiver name: (identifier) @name)))) @definition.method
(function_definition declarator: (reference_declarator (function_declarator
  declarator: (qualified_identifier scope: (_) @receiver name: (identifier) @name)))) @definition.method

; Base classes.
(base_class_clause (type_identifier) @name) @reference.inherit
(base_class_clause (qualified_identifier scope: (_) @receiver name: (type_identifier) @name)) @reference.inherit
(base_class_clause (template_type name: (type_identifier) @name)) @reference.inherit

; Function-like macros are called like functions.
(preproc_function_def name: (identifier) @name) @definition.function

; Calls.
; A call's argument list: its count picks an overload.
(call_expression function: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
(call_expression function: (qualified_identifier scope: (_) @receiver name: (identifier) @name)
  arguments: (argument_list)? @arguments) @reference.call
(call_expression function: (field_expression argument: (_) @receiver field: (field_identifier) @name)
  arguments: (argument_list)? @arguments) @reference.call
(call_expression function: (template_function name: (identifier) @name)) @reference.call
(call_expression function: (field_expression argument: (_) @receiver
  field: (template_method name: (field_identifier) @name))) @reference.call
(new_expression type: (type_identifier) @name) @reference.call
(new_expression type: (qualified_identifier scope: (_) @receiver name: (type_identifier) @name)) @reference.call

; Functions passed as values.
(argument_list (identifier) @name) @reference.value
(initializer_list (identifier) @name) @reference.value

; Includes.
(preproc_include path: [(string_literal) (system_lib_string)] @import.module) @import @import.wildcard

; Variables whose type the code states.
(declaration type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
  declarator: [(identifier) (pointer_declarator declarator: (identifier))
               (reference_declarator (identifier))
               (init_declarator declarator: [(identifier) (pointer_declarator declarator: (identifier))])] @binding.name) @binding
(field_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
  declarator: [(field_identifier) (pointer_declarator declarator: (field_identifier))] @binding.name) @binding
(parameter_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
  declarator: [(identifier) (pointer_declarator declarator: (identifier))
               (reference_declarator (identifier))] @binding.name) @binding
(declaration declarator: (init_declarator declarator: [(identifier) (pointer_declarator declarator: (identifier))] @binding.name
  value: (new_expression type: (_) @binding.type))) @binding

; Prose for the notes of the definition it documents or sits in (see extract.py).
(comment) @comment
; String literals are notes too: see python.scm.
[(string_content) (raw_string_content)] @doc
