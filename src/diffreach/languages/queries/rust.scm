; Rust. Capture names: see languages/spec.py.

; Types. Inline `mod x { }` blocks are not nodes: their items are the file's.
(struct_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(union_item name: (type_identifier) @name) @definition.struct
(trait_item name: (type_identifier) @name) @definition.trait
; An alias of a named type ("Type aliases": `type Pcg32 = Lcg64;`) is that type by another name: a
; node whose base is the type it names, so `Pcg32::new()` and `x: Pcg32` reach Lcg64's items. An
; alias of a function, reference or tuple type names no type of ours: it stays a declaration.
(type_item name: (type_identifier) @name
  type: [(type_identifier) (scoped_type_identifier) (generic_type)]) @definition.type

; Methods: functions of an impl block belong to its type.
(impl_item
  type: (_) @receiver
  body: (declaration_list (function_item name: (identifier) @name) @definition.method))
(trait_item body: (declaration_list (function_signature_item name: (identifier) @name) @definition.method))
(function_item name: (identifier) @name) @definition.function

; Test code: #[test], #[tokio::test] and friends, and everything in #[cfg(test)] mod.
((attribute_item (attribute [(identifier) (scoped_identifier)] @_t))
  .
  (function_item name: (identifier) @name) @definition.function @test
  (#match? @_t "(^|::)test$"))
((attribute_item (attribute [(identifier) (scoped_identifier)] @_t))
  .
  (attribute_item)
  .
  (function_item name: (identifier) @name) @definition.function @test
  (#match? @_t "(^|::)test$"))
((attribute_item (attribute (identifier) @_cfg arguments: (token_tree (identifier) @_t)))
  .
  (mod_item body: (declaration_list (function_item name: (identifier) @name) @definition.function @test))
  (#eq? @_cfg "cfg") (#eq? @_t "test"))

; Inheritance: supertraits, and `impl Trait for Type` owned by the type.
(trait_item bounds: (trait_bounds (type_identifier) @name) @reference.inherit)
(impl_item
  trait: [(type_identifier) @name
          (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name)
          (generic_type type: (type_identifier) @name)]
  type: (_) @owner) @reference.inherit

; The type an alias names, its base (see above).
(type_item type: [(type_identifier) @name
                  (generic_type type: (type_identifier) @name)
                  (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name)
                  (generic_type type: (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name))]
  @reference.inherit)

; Calls.
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (scoped_identifier path: (self) name: (identifier) @name)) @reference.call
(call_expression function: (scoped_identifier path: [(identifier) (scoped_identifier) (super) (crate)] @receiver
                                              name: (identifier) @name)) @reference.call
(call_expression function: (scoped_identifier path: (generic_type type: (type_identifier) @receiver)
                                              name: (identifier) @name)) @reference.call
(call_expression function: (field_expression value: (_) @receiver field: (field_identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
((call_expression function: (generic_function
  function: (scoped_identifier path: (_) @receiver name: (identifier) @name))) @reference.call
  (#not-match? @receiver "^<"))
; A qualified path (`<T as Tr>::f(x)`, `<T>::f(x)`, turbofish or not) names T's associated f: T's
; own or its implementation of Tr's f (Reference, "Qualified paths"). Its receiver is T, a type
; parameter's standing for its bound; the trait `Tr` only disambiguates, as in `T::f(x)`.
(call_expression function: [
  (scoped_identifier path: (bracketed_type [(qualified_type type: (_) @receiver) (type_identifier) @receiver
                                            (scoped_type_identifier) @receiver (generic_type) @receiver])
                     name: (identifier) @name)
  (generic_function function: (scoped_identifier
    path: (bracketed_type [(qualified_type type: (_) @receiver) (type_identifier) @receiver
                           (scoped_type_identifier) @receiver (generic_type) @receiver])
    name: (identifier) @name))]) @reference.call
(call_expression function: (generic_function
  function: (field_expression value: (_) @receiver field: (field_identifier) @name))) @reference.call

; Calls in a macro's arguments (println!, assert_eq!, vec!, write!, format!): the grammar leaves
; them as token trees, where a name followed by a (…) tree is a call; its receiver is the run of
; names and `.`/`::` before it (extract/types.token_receiver). cfg's operators all/any/not in an
; attribute's list are no calls.
((token_tree (identifier) @name @reference.call . (token_tree . "("))
  (#not-match? @name "^(all|any|not)$") (#set! tokens ""))

; Struct literals construct their type; functions passed as values.
(struct_expression name: (type_identifier) @name) @reference.value
(struct_expression name: (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name)) @reference.value
(struct_expression name: (generic_type_with_turbofish type: (type_identifier) @name)) @reference.value
(arguments (identifier) @name) @reference.value
(arguments (scoped_identifier path: (_) @receiver name: (identifier) @name)) @reference.value
; A path with generic arguments (`handlers::post::<DB>`, `parse::<T>`) names the same function item
; (Reference, "Paths in expressions"): passed as a value as the plain path is.
(arguments (generic_function function: (identifier) @name)) @reference.value
(arguments (generic_function function: (scoped_identifier path: (_) @receiver name: (identifier) @name))) @reference.value

; Imports: `use` trees are expanded by languages/rust.py; `mod foo;` binds file foo.rs.
(use_declaration argument: (_) @import.tree) @import
; `#[path = "x/y.rs"] mod m;` binds m to that file, relative to the declaring file's directory
; (languages/rust.py); written before the plain `mod m;` pattern, so its binding is read first.
; A module declared inside an inline `mod a { … }` (one or two deep) sits under a/ ("Module source
; filenames", "The path attribute"): @import.within names the inline modules around it, outermost
; first, and the module resolver reads them as directories.
(source_file
  (attribute_item (attribute (identifier) @_path value: (string_literal (string_content) @import.module)))
  .
  (mod_item name: (identifier) @import.alias !body) @import
  (#eq? @_path "path"))
(source_file (mod_item name: (identifier) @import.module !body) @import)
(source_file (mod_item name: (identifier) @import.within body: (declaration_list
  (attribute_item (attribute (identifier) @_path value: (string_literal (string_content) @import.module)))
  .
  (mod_item name: (identifier) @import.alias !body) @import))
  (#eq? @_path "path"))
(source_file (mod_item name: (identifier) @import.within body: (declaration_list
  (mod_item name: (identifier) @import.module !body) @import)))
(source_file (mod_item name: (identifier) @import.within body: (declaration_list
  (mod_item name: (identifier) @import.within body: (declaration_list
    (attribute_item (attribute (identifier) @_path value: (string_literal (string_content) @import.module)))
    .
    (mod_item name: (identifier) @import.alias !body) @import))))
  (#eq? @_path "path"))
(source_file (mod_item name: (identifier) @import.within body: (declaration_list
  (mod_item name: (identifier) @import.within body: (declaration_list
    (mod_item name: (identifier) @import.module !body) @import)))))
; An inline `mod m { … }`: its items are the file's (no node), so the path m::f names the file's f.
((mod_item name: (identifier) @import.alias body: (declaration_list)) @import (#set! import.module "self"))

; Variables whose type the code states.
(let_declaration pattern: (identifier) @binding.name type: (_) @binding.type) @binding
; A stated type (`let x: T = …`) is the type: what the value is made of is not read then.
(let_declaration
  pattern: (identifier) @binding.name
  !type
  value: (call_expression function: (scoped_identifier path: (identifier) @binding.type))) @binding
(let_declaration
  pattern: (identifier) @binding.name
  !type
  value: (struct_expression name: (type_identifier) @binding.type)) @binding
(parameter pattern: (identifier) @binding.name type: (_) @binding.type) @binding
; A function's type parameter bounded by a trait (`fn f<T: Tr>(x: T)`, `where T: Tr`): its values
; are values of the (first) trait, whose methods dispatch to the implementations.
(function_item type_parameters: (type_parameters (type_parameter
  name: (type_identifier) @binding.name
  bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @binding.type)) @binding))
(function_item (where_clause (where_predicate
  left: (type_identifier) @binding.name
  bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @binding.type)) @binding))
; A closure-trait bound (`F: FnOnce(A) -> R`, `where F: Fn() -> R`): calling a value of F gives
; an R (Reference, "Call expressions": the `Output` the bound sets), bound to `F=>` (spec.CALLED);
; a parameter of a callable type (`f: impl Fn() -> R`, `f: fn() -> R`, `f: &dyn Fn() -> R`), to `f=>`.
; Only the `Fn*` traits and function pointers take this parenthesised form.
((function_item type_parameters: (type_parameters (type_parameter
  name: (type_identifier) @binding.name
  bounds: (trait_bounds (function_type return_type: (_) @binding.type))) @binding))
  (#set! binding.suffix "=>"))
((function_item (where_clause (where_predicate
  left: (type_identifier) @binding.name
  bounds: (trait_bounds (function_type return_type: (_) @binding.type))) @binding))
  (#set! binding.suffix "=>"))
((parameter pattern: (identifier) @binding.name
  type: [(function_type return_type: (_) @binding.type)
         (abstract_type trait: (function_type return_type: (_) @binding.type))
         (reference_type type: (dynamic_type trait: (function_type return_type: (_) @binding.type)))]) @binding
  (#set! binding.suffix "=>"))
; An impl block's (`impl<R: Read> De<R>`, `where R: Read`) where the type takes the parameter itself
; (not `De<IoRead<R>>`, whose R is another's): bound in the file (an impl is no node), so its
; methods' values and the struct's fields of type R are values of the trait.
((impl_item
  type_parameters: (type_parameters (type_parameter
    name: (type_identifier) @binding.name
    bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @binding.type)) @binding)
  type: (generic_type type_arguments: (type_arguments (type_identifier) @_arg)))
  (#eq? @_arg @binding.name))
((impl_item
  type: (generic_type type_arguments: (type_arguments (type_identifier) @_arg))
  (where_clause (where_predicate
    left: (type_identifier) @binding.name
    bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @binding.type)) @binding))
  (#eq? @_arg @binding.name))
; Each method of such an impl (whatever its type) binds the parameter for itself too: the innermost
; binding, so an impl whose R is another's (`De<Io<R>> where R: io::Read`) keeps its own.
(impl_item
  type_parameters: (type_parameters (type_parameter
    name: (type_identifier) @binding.name
    bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @binding.type)))
  body: (declaration_list (function_item) @binding))
(impl_item
  (where_clause (where_predicate
    left: (type_identifier) @binding.name
    bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @binding.type)))
  body: (declaration_list (function_item) @binding))
; let x = open(), let x = Db::new(): the callee's return type; struct fields; declared return types.
(let_declaration pattern: (identifier) @binding.name !type value: (call_expression) @binding.call) @binding
(let_declaration pattern: (identifier) @binding.name !type value: (try_expression (call_expression) @binding.call)) @binding
(let_declaration pattern: (identifier) @binding.name !type value: (await_expression (call_expression) @binding.call)) @binding
(field_declaration name: (field_identifier) @binding.name type: (_) @binding.type) @binding
; Positional fields: a tuple struct's first is its field 0 (`struct W(T)`, read as `w.0`), an enum
; variant's the enum's V.0 (`V(T)`); a pattern binding one holds its type (`W(x)`, `E::V(x)`: W#0, E.V#0).
((struct_item body: (ordered_field_declaration_list . (visibility_modifier)? . type: (_) @binding.type) @binding)
  (#set! binding.name "0"))
((enum_variant name: (identifier) @binding.name body: (ordered_field_declaration_list . type: (_) @binding.type)) @binding
  (#set! binding.suffix ".0"))
((tuple_struct_pattern type: [(identifier) (scoped_identifier)] @binding.type
  . [(identifier) @binding.name (ref_pattern (identifier) @binding.name) (mut_pattern (identifier) @binding.name)]) @binding
  (#set! binding.type_suffix "#0"))
; A collection whose type argument is its elements' type (arrays and slices `[T]`, std's sequences and
; sets; a map's values, its second argument) binds NAME[] (binding.suffix) to it: read by a `for`
; loop over it or its iter()/values(), by an index, by the closure of an iterator adapter over it,
; and by its element methods (the spec's element_methods).
((field_declaration name: (field_identifier) @binding.name
   type: [(array_type element: (_) @binding.type) (reference_type type: (array_type element: (_) @binding.type))])
  @binding (#set! binding.suffix "[]"))
((field_declaration name: (field_identifier) @binding.name
   type: [(generic_type type: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .))
          (reference_type type: (generic_type type: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .)))])
  @binding (#any-of? @_c "Vec" "VecDeque" "LinkedList" "HashSet" "BTreeSet" "BinaryHeap" "IndexSet") (#set! binding.suffix "[]"))
((field_declaration name: (field_identifier) @binding.name
   type: [(generic_type type: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .))
          (reference_type type: (generic_type type: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .)))])
  @binding (#any-of? @_c "HashMap" "BTreeMap" "IndexMap") (#set! binding.suffix "[]"))
((parameter pattern: (identifier) @binding.name
   type: [(array_type element: (_) @binding.type) (reference_type type: (array_type element: (_) @binding.type))])
  @binding (#set! binding.suffix "[]"))
((parameter pattern: (identifier) @binding.name
   type: [(generic_type type: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .))
          (reference_type type: (generic_type type: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .)))])
  @binding (#any-of? @_c "Vec" "VecDeque" "LinkedList" "HashSet" "BTreeSet" "BinaryHeap" "IndexSet") (#set! binding.suffix "[]"))
((parameter pattern: (identifier) @binding.name
   type: [(generic_type type: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .))
          (reference_type type: (generic_type type: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .)))])
  @binding (#any-of? @_c "HashMap" "BTreeMap" "IndexMap") (#set! binding.suffix "[]"))
((let_declaration pattern: (identifier) @binding.name
   type: [(array_type element: (_) @binding.type) (reference_type type: (array_type element: (_) @binding.type))])
  @binding (#set! binding.suffix "[]"))
((let_declaration pattern: (identifier) @binding.name
   type: [(generic_type type: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .))
          (reference_type type: (generic_type type: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .)))])
  @binding (#any-of? @_c "Vec" "VecDeque" "LinkedList" "HashSet" "BTreeSet" "BinaryHeap" "IndexSet") (#set! binding.suffix "[]"))
((let_declaration pattern: (identifier) @binding.name
   type: [(generic_type type: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .))
          (reference_type type: (generic_type type: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .)))])
  @binding (#any-of? @_c "HashMap" "BTreeMap" "IndexMap") (#set! binding.suffix "[]"))
; Borrowed (`&xs`, `&mut self.xs`), the loop reads the same elements: the borrowed value is the path.
(for_expression pattern: (identifier) @binding.name
  value: [[(identifier) (field_expression)] @binding.element
          (reference_expression value: [(identifier) (field_expression)] @binding.element)]) @binding
((for_expression pattern: (identifier) @binding.name
  value: (call_expression function: (field_expression value: [(identifier) (field_expression)] @binding.element
    field: (field_identifier) @_it))) @binding
  (#any-of? @_it "iter" "iter_mut" "into_iter" "values" "values_mut" "into_values" "drain"))
((call_expression
  function: (field_expression
    value: (call_expression function: (field_expression value: [(identifier) (field_expression)] @binding.element
      field: (field_identifier) @_it))
    field: (field_identifier) @_m)
  arguments: (arguments . (closure_expression parameters: (closure_parameters .
    [(identifier) @binding.name (parameter pattern: (identifier) @binding.name)])))) @binding
  (#any-of? @_it "iter" "iter_mut" "into_iter" "values" "values_mut" "into_values" "drain")
  (#any-of? @_m "for_each" "map" "filter" "filter_map" "flat_map" "any" "all" "find" "position" "inspect"
    "take_while" "skip_while" "map_while" "partition" "max_by_key" "min_by_key"))
; Every parameter and `let` binds its name in the function (a closure `let f = || …` too): it hides
; a function of the same name from a plain call (binding.local: resolve/resolver.py).
((parameter pattern: (identifier) @binding.name) @binding (#set! binding.local ""))
((let_declaration pattern: (identifier) @binding.name) @binding (#set! binding.local ""))
(function_item return_type: (_) @binding.returns) @binding
(function_signature_item return_type: (_) @binding.returns) @binding

; Prose for the notes of the definition it documents or sits in (see extract.py).
[(line_comment) (block_comment)] @comment
; String literals are notes too: see python.scm.
(string_content) @doc

; Declarations (no graph node; extract/declarations.py): constants and statics (at module or
; impl level), struct fields, enum variants, type aliases.
(source_file (const_item name: (identifier) @name) @declaration.constant)
(source_file (static_item name: (identifier) @name) @declaration.constant)
(declaration_list (const_item name: (identifier) @name) @declaration.constant)
(declaration_list (static_item name: (identifier) @name) @declaration.constant)
(struct_item body: (field_declaration_list (field_declaration name: (field_identifier) @name) @declaration.field))
(enum_variant_list (enum_variant name: (identifier) @name) @declaration.member)
(source_file (type_item name: (type_identifier) @name) @declaration.alias)
(declaration_list (type_item name: (type_identifier) @name) @declaration.alias)
