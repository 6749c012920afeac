; Go. Capture names: see languages/spec.py.

(package_clause (package_identifier) @package.name) @package

; Definitions. A type declared alone is captured with its `type` keyword (the
; widest node wins), so its doc comment is found; grouped types by their spec.
(function_declaration name: (identifier) @name) @definition.function
(method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @receiver))
  name: (field_identifier) @name) @definition.method
(type_declaration . (type_spec name: (type_identifier) @name type: (struct_type)) .) @definition.struct
(type_declaration . (type_spec name: (type_identifier) @name type: (interface_type)) .) @definition.interface
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name type: [
  (type_identifier) (qualified_type) (function_type) (map_type) (slice_type)
  (array_type) (channel_type) (pointer_type) (generic_type)]) @definition.type
(method_elem name: (field_identifier) @name) @definition.method
; An alias denotes the type it names ("Alias declarations"): a node whose members are that type's,
; through an inheritance edge, so ``x Alias`` binds x.m() to the named type's m in every file.
(type_alias name: (type_identifier) @name type: [(type_identifier) (qualified_type) (generic_type)]) @definition.type

; Embedding is Go's inheritance: embedded struct fields promote their methods,
; embedded interfaces their method sets.
(field_declaration_list
  (field_declaration !name type: [
    (type_identifier) @name
    (pointer_type (type_identifier) @name)
    (generic_type type: (type_identifier) @name)
    (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)
    (pointer_type (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name))
  ]) @reference.inherit)
(type_alias type: [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
  (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)
] @reference.inherit)
(interface_type (type_elem [
  (type_identifier) @name
  (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)
]) @reference.inherit)

; Calls, incl. explicit instantiation f[T]() and conversions to named types.
; (&T{...}).m() is a call of T's m (listed first: the first pattern wins).
(call_expression
  function: (selector_expression
    operand: (parenthesized_expression [
      (composite_literal type: (type_identifier) @receiver)
      (unary_expression operand: (composite_literal type: (type_identifier) @receiver))])
    field: (field_identifier) @name)) @reference.call
; (*p).m(), (**pp).m(): the method of what p points to ("Selectors": x.f is (*x).f); v.(*T).m(): T's.
(call_expression
  function: (selector_expression
    operand: (parenthesized_expression
      (unary_expression operator: "*" operand: [(identifier) (selector_expression)] @receiver))
    field: (field_identifier) @name)) @reference.call
(call_expression
  function: (selector_expression
    operand: (parenthesized_expression (unary_expression operator: "*" operand:
      (unary_expression operator: "*" operand: [(identifier) (selector_expression)] @receiver)))
    field: (field_identifier) @name)) @reference.call
(call_expression
  function: (selector_expression
    operand: (type_assertion_expression type: [
      (type_identifier) @receiver (qualified_type) @receiver
      (pointer_type [(type_identifier) (qualified_type)] @receiver)])
    field: (field_identifier) @name)) @reference.call
(call_expression function: (identifier) @name) @reference.call
((call_expression function: (call_expression function: (identifier) @name)) @reference.call
  (#set! suffix "()"))
(call_expression
  function: (selector_expression operand: (_) @receiver field: (field_identifier) @name)) @reference.call
(call_expression function: (index_expression operand: (identifier) @name)) @reference.call
(call_expression
  function: (index_expression
    operand: (selector_expression operand: (_) @receiver field: (field_identifier) @name))) @reference.call
(type_conversion_expression type: (generic_type type: (type_identifier) @name)) @reference.call

; Types constructed by a literal: T{...}, pkg.T{...}.
(composite_literal type: (type_identifier) @name) @reference.value
(composite_literal type: (generic_type type: (type_identifier) @name)) @reference.value
(composite_literal
  type: (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)) @reference.value

; Functions used as values: arguments, struct fields (Action: run), assignments.
; An argument names its @callee (extract/arguments.py).
(call_expression function: (_) @callee arguments: (argument_list (identifier) @name @argument @reference.value))
(call_expression function: (_) @callee arguments: (argument_list
  (selector_expression operand: (_) @receiver field: (field_identifier) @name) @argument @reference.value))
(keyed_element value: (literal_element (identifier) @name) @reference.value)
(keyed_element value: (literal_element
  (selector_expression operand: (_) @receiver field: (field_identifier) @name)) @reference.value)
(literal_value (literal_element (identifier) @name) @reference.value)
(assignment_statement right: (expression_list (identifier) @name) @reference.value)
(assignment_statement right: (expression_list
  (selector_expression operand: (_) @receiver field: (field_identifier) @name)) @reference.value)

; Imports: "path", alias "path", . "path" (its names join this file's), _ "path".
(import_spec !name path: (interpreted_string_literal (interpreted_string_literal_content) @import.module)) @import
(import_spec
  name: (package_identifier) @import.alias
  path: (interpreted_string_literal (interpreted_string_literal_content) @import.module)) @import
(import_spec
  name: (blank_identifier) @import.alias
  path: (interpreted_string_literal (interpreted_string_literal_content) @import.module)) @import
(import_spec
  name: (dot) @import.wildcard
  path: (interpreted_string_literal (interpreted_string_literal_content) @import.module)) @import

; Variables whose type the code states: parameters and receivers, var x T,
; x := T{} / &T{} / new(T), struct fields (in the struct's scope).
; A parameter (@binding.parameter) also tells which parameters a function calls.
(parameter_declaration name: (identifier) @binding.name type: (_) @binding.type) @binding @binding.parameter
(var_spec name: (identifier) @binding.name type: (_) @binding.type) @binding
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . [
    (composite_literal type: (_) @binding.type)
    (unary_expression operand: (composite_literal type: (_) @binding.type))
  ])) @binding
(var_spec
  name: (identifier) @binding.name
  value: (expression_list . [
    (composite_literal type: (_) @binding.type)
    (unary_expression operand: (composite_literal type: (_) @binding.type))
  ])) @binding
((short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (call_expression
    function: (identifier) @_new
    arguments: (argument_list . (type_identifier) @binding.type)))) @binding
  (#eq? @_new "new"))
(field_declaration name: (field_identifier) @binding.name type: (_) @binding.type) @binding
; s := pkg.New(): the callee's return type; declared results (the first of several).
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (call_expression) @binding.call)) @binding
(var_spec name: (identifier) @binding.name !type value: (expression_list . (call_expression) @binding.call)) @binding
(function_declaration result: [(type_identifier) (pointer_type) (qualified_type) (generic_type)] @binding.returns) @binding
(method_declaration result: [(type_identifier) (pointer_type) (qualified_type) (generic_type)] @binding.returns) @binding
(function_declaration result: (parameter_list . (parameter_declaration type: (_) @binding.returns))) @binding
(method_declaration result: (parameter_list . (parameter_declaration type: (_) @binding.returns))) @binding

;
; Element types (the spec's "For statements with range clause", "Index expressions"): a slice,
; array or map declared with its element type binds NAME[] to it; a range's second variable, and
; x := xs[i] / v, ok := m[k], hold an element of the collection they read (@binding.element).
((parameter_declaration name: (identifier) @binding.name type: [
  (slice_type element: (_) @binding.type) (array_type element: (_) @binding.type) (map_type value: (_) @binding.type)])
  @binding (#set! binding.suffix "[]"))
((var_spec name: (identifier) @binding.name type: [
  (slice_type element: (_) @binding.type) (array_type element: (_) @binding.type) (map_type value: (_) @binding.type)])
  @binding (#set! binding.suffix "[]"))
((field_declaration name: (field_identifier) @binding.name type: [
  (slice_type element: (_) @binding.type) (array_type element: (_) @binding.type) (map_type value: (_) @binding.type)])
  @binding (#set! binding.suffix "[]"))
; A defined type of a slice, array or map (`type Items []*Item`; the spec's "Type definitions": its
; underlying type's elements are its elements): NAME[] where the type is declared.
((type_spec name: (type_identifier) @binding.name type: [
  (slice_type element: (_) @binding.type) (array_type element: (_) @binding.type) (map_type value: (_) @binding.type)])
  @binding (#set! binding.suffix "[]"))
((short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . [
    (composite_literal type: [
      (slice_type element: (_) @binding.type) (array_type element: (_) @binding.type) (map_type value: (_) @binding.type)])
    (call_expression function: (identifier) @_make arguments: (argument_list . [
      (slice_type element: (_) @binding.type) (map_type value: (_) @binding.type)]))])) @binding
  (#any-of? @_make "make") (#set! binding.suffix "[]"))
((var_spec
  name: (identifier) @binding.name
  value: (expression_list . [
    (composite_literal type: [
      (slice_type element: (_) @binding.type) (array_type element: (_) @binding.type) (map_type value: (_) @binding.type)])
    (call_expression function: (identifier) @_make arguments: (argument_list . [
      (slice_type element: (_) @binding.type) (map_type value: (_) @binding.type)]))])) @binding
  (#any-of? @_make "make") (#set! binding.suffix "[]"))
(for_statement (range_clause
  left: (expression_list . (_) . (identifier) @binding.name)
  right: [(identifier) (selector_expression)] @binding.element)) @binding
; `range s.Items()`: an element of what the call returns, where its declared result is a slice,
; array or map (`func (s *S) Items() []Item`: bound as the function's `()[]`).
(for_statement (range_clause
  left: (expression_list . (_) . (identifier) @binding.name)
  right: (call_expression function: [(identifier) (selector_expression)]) @binding.element)) @binding
((function_declaration
   result: [(slice_type element: (_) @binding.type) (array_type element: (_) @binding.type) (map_type value: (_) @binding.type)] @binding)
  (#set! binding.name "()") (#set! binding.suffix "[]"))
((method_declaration
   result: [(slice_type element: (_) @binding.type) (array_type element: (_) @binding.type) (map_type value: (_) @binding.type)] @binding)
  (#set! binding.name "()") (#set! binding.suffix "[]"))
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (index_expression operand: [(identifier) (selector_expression)] @binding.element))) @binding
; x := v.(*T), x, ok := v.(*T): a type assertion states the type ("Type assertions").
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (type_assertion_expression type: (_) @binding.type))) @binding
; switch x := v.(type): in a clause listing exactly one type the variable has that type, elsewhere
; v's ("Type switches"); each clause's binding holds in that clause only (the spec's binding_blocks).
(type_switch_statement alias: (expression_list . (identifier) @binding.name) (type_case type: (_) @binding.type) @binding)
((type_switch_statement alias: (expression_list . (identifier) @binding.name)) @binding (#set! binding.local ""))
; func f[T C](x T): a type parameter has the methods of its constraint ("Type parameter declarations").
(type_parameter_declaration
  name: (identifier) @binding.name
  type: (type_constraint . [(type_identifier) (qualified_type)] @binding.type .)) @binding

; x := y, var x = y: x is declared with y's type ("Short variable declarations", "Variable
; declarations": the type of the initialising value), read where y's type is known before it.
(short_var_declaration
  left: (expression_list . (identifier) @binding.name .)
  right: (expression_list . (identifier) @binding.value .)) @binding
(var_spec name: (identifier) @binding.name . value: (expression_list . (identifier) @binding.value .)) @binding
; Function values (resolve/values.py): a name bound to a function or a method value (h := s.Get),
; what a function returns; a binding with no @binding.function or @binding.type rebinds the name.
(short_var_declaration
  left: (expression_list . (identifier) @binding.name .)
  right: (expression_list . [(identifier) (selector_expression)] @binding.function .)) @binding
(assignment_statement
  left: (expression_list . (identifier) @binding.name .)
  right: (expression_list . [(identifier) (selector_expression)] @binding.function .)) @binding
(var_spec
  name: (identifier) @binding.name .
  value: (expression_list . [(identifier) (selector_expression)] @binding.function .)) @binding
(short_var_declaration left: (expression_list (identifier) @binding.name)) @binding
(assignment_statement left: (expression_list (identifier) @binding.name)) @binding
(var_spec name: (identifier) @binding.name) @binding
((return_statement (expression_list . [(identifier) (selector_expression)] @binding.function .)) @binding
  (#set! binding.name "()"))
((return_statement) @binding (#set! binding.name "()"))
; Names a function declares (the spec's "Declarations and scope": parameters, results, x := ...,
; var x, a range clause's := variables) hide an outer binding of the name from there to the end of
; their block, read here as the whole function (binding.local: resolve/resolver.py). A plain
; assignment (x = ..., for x = range) declares nothing.
((parameter_declaration name: (identifier) @binding.name) @binding (#set! binding.local ""))
((variadic_parameter_declaration name: (identifier) @binding.name) @binding (#set! binding.local ""))
((short_var_declaration left: (expression_list (identifier) @binding.name)) @binding (#set! binding.local ""))
((var_spec name: (identifier) @binding.name) @binding (#set! binding.local ""))
((range_clause left: (expression_list (identifier) @binding.name) ":=") @binding (#set! binding.local ""))

; Prose for the notes of the definition it documents or sits in (see extract.py).
(comment) @comment
; String literals are notes too: see python.scm.
[(interpreted_string_literal_content) (raw_string_literal_content)] @doc

; Declarations (no graph node; extract/declarations.py): package-level constants and
; variables, struct fields, type aliases of a type literal (``type X Y`` and ``type X = Y`` are
; definition.type above).
(source_file (const_declaration (const_spec name: (identifier) @name) @declaration.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @declaration.constant))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @declaration.constant)))
(struct_type (field_declaration_list (field_declaration name: (field_identifier) @name) @declaration.field))
(type_alias name: (type_identifier) @name) @declaration.alias
