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

; Declarations, no nodes (CAPTURES.md): enumerators; object-like macros with a value that is more
; than one name (`#define MAX 64`; `#define f f_REAL` renames, `#define GUARD_H` marks: neither is
; a constant); `const` variables (those inside a function are its locals: extract/declarations.py
; drops them); typedefs (`typedef struct T T` names the struct itself, a node); struct fields.
(enumerator_list (enumerator name: (identifier) @name) @declaration.member)
(preproc_def name: (identifier) @name value: (preproc_arg) @renamed) @declaration.constant
((declaration (type_qualifier) @_const
  declarator: (init_declarator declarator: [(identifier) @name
                                            (array_declarator declarator: (identifier) @name)
                                            (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])])) @declaration.constant
  (#match? @_const "^(const|constexpr)$"))
(type_definition type: [(primitive_type) (sized_type_specifier) (type_identifier)]
  declarator: [(type_identifier) @name (pointer_declarator declarator: (type_identifier) @name)]) @declaration.alias
(type_definition declarator: (pointer_declarator declarator: (type_identifier) @name)) @declaration.alias
(type_definition declarator: (function_declarator
  declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))) @declaration.alias
((type_definition type: [(struct_specifier name: (type_identifier) @_tag) (union_specifier name: (type_identifier) @_tag)
                         (enum_specifier name: (type_identifier) @_tag)]
  declarator: (type_identifier) @name) @declaration.alias
  (#not-eq? @_tag @name))
(type_definition type: (enum_specifier !name) declarator: (type_identifier) @name) @declaration.alias
(field_declaration_list (field_declaration declarator: [(field_identifier) @name
                                                        (pointer_declarator declarator: (field_identifier) @name)
                                                        (array_declarator declarator: (field_identifier) @name)]) @declaration.field)

; C++: `using A = T;`, and a class's `static const`/`constexpr` members (constants, not fields).
(alias_declaration name: (type_identifier) @name) @declaration.alias
((field_declaration (type_qualifier) @_const declarator: (field_identifier) @name) @declaration.constant
  (#match? @_const "^(const|constexpr)$"))

; Prose for the notes of the definition it documents or sits in (see extract.py).
(comment) @comment
; String literals are notes too: see python.scm.
[(string_content) (raw_string_content)] @doc
