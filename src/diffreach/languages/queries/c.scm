; C. Capture names: see languages/spec.py. Prototypes are not definitions: a call
; reaches the function's body through the header's paired source.

(function_definition declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(function_definition declarator: (pointer_declarator
  declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(function_definition declarator: (pointer_declarator declarator: (pointer_declarator
  declarator: (function_declarator declarator: (identifier) @name)))) @definition.function
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(type_definition type: (struct_specifier !name body: (_)) declarator: (type_identifier) @name) @definition.struct

; Function-like macros are called like functions.
(preproc_function_def name: (identifier) @name) @definition.function

; Calls: plain, and through a struct field (a function pointer; kept unresolved).
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression argument: (_) @receiver field: (field_identifier) @name)) @reference.call

; Functions passed as values: callbacks, dispatch tables.
(argument_list (identifier) @name) @reference.value
(initializer_list (identifier) @name) @reference.value
(initializer_pair value: (identifier) @name) @reference.value
(assignment_expression right: (identifier) @name) @reference.value

; Includes: everything a header declares is in scope.
(preproc_include path: [(string_literal) (system_lib_string)] @import.module) @import @import.wildcard

; Variables whose type the code states.
(declaration type: [(type_identifier) (struct_specifier name: (type_identifier))] @binding.type
  declarator: [(identifier) (pointer_declarator declarator: (identifier))
               (init_declarator declarator: [(identifier) (pointer_declarator declarator: (identifier))])] @binding.name) @binding
(parameter_declaration type: [(type_identifier) (struct_specifier name: (type_identifier))] @binding.type
  declarator: [(identifier) (pointer_declarator declarator: (identifier))] @binding.name) @binding

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

; Prose for the notes of the definition it documents or sits in (see extract.py).
(comment) @comment
; String literals are notes too: see python.scm.
(string_content) @doc
