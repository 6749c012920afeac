; Kotlin. Capture names: see languages/spec.py.

(package_header (qualified_identifier) @package.name) @package

(class_declaration name: (identifier) @name) @definition.class
(object_declaration name: (identifier) @name) @definition.class
; A class the grammar could not parse whole (tree-sitter-kotlin misreads some constructs: a soft
; keyword such as `where` starting a statement after a lambda): its header's tokens start an error
; node that holds its members, which are the class's, not the file's.
(source_file (ERROR . (modifiers)? . ["class" "interface" "object"] . (identifier) @name) @definition.class)
(function_declaration name: (identifier) @name) @definition.function
((function_declaration (modifiers (annotation (user_type (identifier) @_a))) name: (identifier) @name)
  @definition.function @test (#eq? @_a "Test"))

; Supertypes, by their last name: a nested one (`Outer.Inner`) on its outer class, a longer path by
; the name alone (the first pattern that matches a name wins; the other names of the path are no
; supertypes).
(delegation_specifier [
  (user_type . (identifier) @receiver . (identifier) @name . (type_arguments)? .)
  (constructor_invocation (user_type . (identifier) @receiver . (identifier) @name . (type_arguments)? .))
]) @reference.inherit
(delegation_specifier [
  (user_type (identifier) @name . (type_arguments)? .)
  (constructor_invocation (user_type (identifier) @name . (type_arguments)? .))
]) @reference.inherit

; Calls.
(call_expression . (identifier) @name) @reference.call
(call_expression . (navigation_expression (_) @receiver . (identifier) @name .)) @reference.call

; Function references: ::name, this::name, Foo::name. One passed as an argument names its @callee
; (extract/arguments.py; index/functional.py); listed first: the first pattern wins.
(call_expression . (identifier) @callee (value_arguments (value_argument . [
  (callable_reference (identifier) @name .)
  (navigation_expression (_) @receiver . "::" . (identifier) @name .)] .) @argument)) @reference.value
(call_expression . (navigation_expression (_) . (identifier) @callee .) (value_arguments (value_argument . [
  (callable_reference (identifier) @name .)
  (navigation_expression (_) @receiver . "::" . (identifier) @name .)] .) @argument)) @reference.value
(callable_reference (identifier) @name .) @reference.value
(navigation_expression (_) @receiver . "::" . (identifier) @name .) @reference.value

; Imports.
(import) @import.tree @import

; Variables whose type the code states.
; A nullable type `T?` holds a T or null: its members are T's.
(property_declaration (variable_declaration (identifier) @binding.name [(user_type) (nullable_type)] @binding.type)) @binding
; `val x = f(…)`, `a.b().c()`: what the call returns (a class called by its name constructs it:
; Kotlin writes no `new`).
(property_declaration (variable_declaration . (identifier) @binding.name .) (call_expression (value_arguments)) @binding.call) @binding
; `val x by lazy { f(…) }`: a property delegated to the standard library's `lazy` holds what the
; lambda returns, its last expression (Kotlin specification, "Delegated property declaration":
; reading x is `getValue`, which `Lazy<T>` answers with the initializer's T).
((property_declaration (variable_declaration . (identifier) @binding.name .)
   (property_delegate (call_expression (identifier) @_lazy
     (annotated_lambda (lambda_literal (call_expression (value_arguments)) @binding.call .))))) @binding
  (#eq? @_lazy "lazy"))
; `<T : B>`: a value of type T has B's members (a type parameter's upper bound).
(type_parameter (identifier) @binding.name (user_type) @binding.type) @binding
(parameter (identifier) @binding.name [(user_type) (nullable_type)] @binding.type) @binding
(class_parameter (identifier) @binding.name [(user_type) (nullable_type)] @binding.type) @binding
; A collection whose first type argument is its elements' type (`List<Cart>`, `Set<Cart>`,
; `Sequence<Cart>`, `Array<Cart>`, kotlin.collections): binds NAME[] (binding.suffix) to it, which a
; `for (c in xs)` loop reads ("For-loop statement": the iterator's values); a function declared to
; return one binds its `()[]`, which a loop over its call reads.
((parameter (identifier) @binding.name (user_type (identifier) @_c (type_arguments . (type_projection [(user_type) (nullable_type)] @binding.type))))
  @binding (#any-of? @_c "List" "MutableList" "ArrayList" "Set" "MutableSet" "HashSet" "LinkedHashSet" "Collection" "MutableCollection" "Iterable" "Sequence" "Array") (#set! binding.suffix "[]"))
((class_parameter (identifier) @binding.name (user_type (identifier) @_c (type_arguments . (type_projection [(user_type) (nullable_type)] @binding.type))))
  @binding (#any-of? @_c "List" "MutableList" "ArrayList" "Set" "MutableSet" "HashSet" "LinkedHashSet" "Collection" "MutableCollection" "Iterable" "Sequence" "Array") (#set! binding.suffix "[]"))
((property_declaration (variable_declaration (identifier) @binding.name (user_type (identifier) @_c (type_arguments . (type_projection [(user_type) (nullable_type)] @binding.type)))))
  @binding (#any-of? @_c "List" "MutableList" "ArrayList" "Set" "MutableSet" "HashSet" "LinkedHashSet" "Collection" "MutableCollection" "Iterable" "Sequence" "Array") (#set! binding.suffix "[]"))
((function_declaration (function_value_parameters) . ":" . (user_type (identifier) @_c (type_arguments . (type_projection [(user_type) (nullable_type)] @binding.type))) @binding)
  (#any-of? @_c "List" "MutableList" "ArrayList" "Set" "MutableSet" "HashSet" "LinkedHashSet" "Collection" "MutableCollection" "Iterable" "Sequence" "Array") (#set! binding.name "()") (#set! binding.suffix "[]"))
; A test of a value's class smart-casts it where the test held (the specification's "Smart casts"): in
; the block `if (x is C) {…}` guards, in a `when` entry `is C ->` of `when (x)` or `x is C ->`, and past
; `if (x !is C) return …` (or throw) to the end of its block (narrowing_blocks; read by line there only,
; resolve/blocks.py). An entry testing several types (`is A, is B ->`) casts to none.
((if_expression condition: (is_expression left: (identifier) @binding.name "is" right: (_) @binding.type) . (block) @binding)
  (#set! binding.type_suffix "<is>"))
((when_expression (when_subject (identifier) @binding.name)
   (when_entry . condition: (type_test "is" (_) @binding.type) . "->") @binding)
  (#set! binding.type_suffix "<is>"))
((when_entry . condition: (is_expression left: (identifier) @binding.name "is" right: (_) @binding.type) . "->") @binding
  (#set! binding.type_suffix "<is>"))
((if_expression condition: (is_expression left: (identifier) @binding.name "!is" right: (_) @binding.type)
   . [(return_expression) (throw_expression)] .) @binding
  (#set! binding.type_suffix "<is>"))
(for_statement (variable_declaration (identifier) @binding.name)
  . "in" . [(identifier) (navigation_expression) (call_expression (value_arguments))] @binding.element) @binding
; `fun f(…): R`: a declared return type (after the parameters; an extension's receiver type is
; written before the name).
(function_declaration (function_value_parameters) . ":" . [(user_type) (nullable_type)] @binding.returns) @binding
; An extension function (`fun T.f()`, Kotlin specification, "Extension function declaration") is
; called as a member of T (`x.f()`); its receiver is `this` in its body: a binding of its own scope
; (the receiver's node is inside the declaration), which also marks it an extension (resolve/names.py).
((function_declaration [(user_type) (nullable_type)] @binding.type @binding . "." . (identifier))
  (#set! binding.name "this"))

; Declarations, no nodes (CAPTURES.md): `const val` and top-level `val`, properties (in a class
; body, an object, a primary constructor's `val`/`var`), enum entries, `typealias`.
((property_declaration (modifiers (property_modifier) @_const) (variable_declaration (identifier) @name)) @declaration.constant
  (#eq? @_const "const"))
(source_file (property_declaration "val" (variable_declaration (identifier) @name)) @declaration.constant)
(class_body (property_declaration (variable_declaration (identifier) @name)) @declaration.field)
(class_parameter ["val" "var"] (identifier) @name) @declaration.field
(enum_class_body (enum_entry (identifier) @name) @declaration.member)
(type_alias type: (identifier) @name) @declaration.alias

; Prose for the notes of the definition it documents or sits in (see extract.py).
[(line_comment) (block_comment)] @comment
; String literals are notes too: see python.scm.
(string_content) @doc
