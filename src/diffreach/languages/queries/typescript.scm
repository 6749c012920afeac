; TypeScript (.ts; jsx.scm adds JSX for .tsx): what its grammar names differently from
; JavaScript's (class names are type_identifier, fields public_field_definition) and what
; only TypeScript has; ecmascript.scm holds what the two share. Capture names: see
; languages/spec.py.

; ---------------------------------------------------------------------------
; Definitions: classes, interfaces, enums and namespaces (exported or not).
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: (identifier) @name) @definition.module
(export_statement declaration: [
  (interface_declaration name: (type_identifier) @name)]) @definition.interface
(export_statement declaration: [
  (enum_declaration name: (identifier) @name)]) @definition.enum
(export_statement declaration: [
  (class_declaration name: (type_identifier) @name)
  (abstract_class_declaration name: (type_identifier) @name)]) @definition.class

; Interface and abstract method signatures are methods a call can reach.
(method_signature name: (property_identifier) @name) @definition.function
(abstract_method_signature name: (property_identifier) @name) @definition.function

; Class fields and `module.exports = class …` (names differ from the JavaScript grammar).
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (class name: (type_identifier) @name)) @definition.class
  (#eq? @_module "module") (#eq? @_exports "exports"))

; An alias of a named type, or of an intersection of them, denotes a type whose members are theirs
; (an intersection has every member of each constituent): a node with those types as bases, so
; `x: Alias` binds x.m() to the m a constituent declares (as Go's alias, go.scm). An alias of an
; object type is an interface written another way (the handbook's "Differences Between Type Aliases
; and Interfaces"): its method signatures are its members, not functions of the module. An alias of
; a function, union or mapped type has no members of its own: it stays a declaration.
(type_alias_declaration name: (type_identifier) @name
  value: [(type_identifier) (generic_type) (nested_type_identifier) (intersection_type) (object_type)]) @definition.interface

; ---------------------------------------------------------------------------
; Base classes and implemented interfaces.
(extends_clause value: (identifier) @name) @reference.inherit
(extends_clause value: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.inherit
(implements_clause [(type_identifier) @name (generic_type name: (type_identifier) @name)]) @reference.inherit
(implements_clause (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)) @reference.inherit
(extends_type_clause type: [(type_identifier) @name (generic_type name: (type_identifier) @name)]) @reference.inherit
(extends_type_clause type: (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)) @reference.inherit
; The types an alias names, its bases: the one it names, or each constituent of its intersection
; (left-nested, ((A & B) & C) & D: one pattern per depth, six deep).
(type_alias_declaration value: [(type_identifier) @name (generic_type name: (type_identifier) @name)
   (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)] @reference.inherit)
(type_alias_declaration value: (intersection_type [(type_identifier) @name (generic_type name: (type_identifier) @name)
   (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)] @reference.inherit))
(type_alias_declaration value: (intersection_type (intersection_type [(type_identifier) @name (generic_type name: (type_identifier) @name)
   (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)] @reference.inherit)))
(type_alias_declaration value: (intersection_type (intersection_type (intersection_type [(type_identifier) @name (generic_type name: (type_identifier) @name)
   (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)] @reference.inherit))))
(type_alias_declaration value: (intersection_type (intersection_type (intersection_type (intersection_type [(type_identifier) @name (generic_type name: (type_identifier) @name)
   (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)] @reference.inherit)))))
(type_alias_declaration value: (intersection_type (intersection_type (intersection_type (intersection_type (intersection_type [(type_identifier) @name (generic_type name: (type_identifier) @name)
   (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)] @reference.inherit))))))
(type_alias_declaration value: (intersection_type (intersection_type (intersection_type (intersection_type (intersection_type (intersection_type [(type_identifier) @name (generic_type name: (type_identifier) @name)
   (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)] @reference.inherit)))))))

; An object literal of functions declared with a type, `const o: T = { m() {} }`, or checked or
; asserted against one (`{ … } satisfies T`, `{ … } as T`), is a T: T is its base, so its functions
; implement T's members, as a class's implement the interface it names.
(variable_declarator
  type: (type_annotation [(type_identifier) @name (generic_type name: (type_identifier) @name)
    (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)])
  value: (object [(method_definition) (pair value: [(arrow_function) (function_expression)])])) @reference.inherit
(variable_declarator
  value: [(satisfies_expression (object [(method_definition) (pair value: [(arrow_function) (function_expression)])])
            [(type_identifier) @name (generic_type name: (type_identifier) @name)
             (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)])
          (as_expression (object [(method_definition) (pair value: [(arrow_function) (function_expression)])])
            [(type_identifier) @name (generic_type name: (type_identifier) @name)
             (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)])]) @reference.inherit

; ---------------------------------------------------------------------------
; This module's own exports: export default class, module.exports = class.
((export_statement "default" declaration: [
  (class_declaration name: (type_identifier) @import.name)
  (abstract_class_declaration name: (type_identifier) @import.name)]) @import
  (#set! import.module "") (#set! import.alias "default"))
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (class name: (type_identifier) @import.name)) @import
  (#eq? @_module "module") (#eq? @_exports "exports")
  (#set! import.module "") (#set! import.alias "default"))

; TypeScript's CommonJS forms: export = foo; import x = require('./x').
((export_statement "=" (identifier) @import.name) @import
  (#set! import.module "") (#set! import.alias "default"))
((import_statement (import_require_clause (identifier) @import.alias source: (string) @import.module)) @import
  (#set! import.name "default"))
(import_statement (import_require_clause (identifier) @import.alias source: (string) @import.module)) @import

; ---------------------------------------------------------------------------
; Variables whose type the code states: x: Foo, (x: Foo) =>, fields and parameter properties.
(variable_declarator
  name: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (union_type)] @binding.type)) @binding
(required_parameter
  pattern: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (union_type)] @binding.type)) @binding
(optional_parameter
  pattern: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (union_type)] @binding.type)) @binding
; const f: F = (a, b) => …: a parameter that states no type takes the type of F's parameter at
; its position (contextual typing), read from `type F = (x: X, y: Y) => R` (@binding.slot).
(variable_declarator
  type: (type_annotation [(type_identifier) @binding.contextual (generic_type name: (type_identifier) @binding.contextual)])
  value: [
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.slot))
    (arrow_function parameter: (identifier) @binding.name @binding.slot)
    (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.slot))]) @binding
(type_alias_declaration
  name: (type_identifier) @binding.name
  value: (function_type parameters: (formal_parameters
    [(required_parameter
       pattern: (identifier)
       type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (union_type)] @binding.type))
     (optional_parameter
       pattern: (identifier)
       type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (union_type)] @binding.type))]
    @binding.slot))) @binding
; Declared return types: in the function's scope.
; <T extends B>: a value of type T has B's members (a type parameter's constraint), so `x.m()` with
; `x: T` runs B's m or an override.
(type_parameter name: (type_identifier) @binding.name constraint: (constraint (_) @binding.type)) @binding
(function_declaration return_type: (type_annotation (_) @binding.returns)) @binding
(method_definition return_type: (type_annotation (_) @binding.returns)) @binding
(function_signature return_type: (type_annotation (_) @binding.returns)) @binding
(method_signature return_type: (type_annotation (_) @binding.returns)) @binding
; A type predicate (`isCart(x: unknown): x is Cart`, the handbook's "Using type predicates"): what it
; asserts of its argument (binding.asserted), read where a call of it guards a block: `if (isCart(x))
; {…}`, `if (Cart.is(x)) {…}` make x a Cart in that block, which the binding's node is (blocks.py).
((_ return_type: (type_predicate_annotation (type_predicate type: (_) @binding.returns))) @binding
  (#set! binding.asserted ""))
((if_statement
  condition: (parenthesized_expression
    (call_expression function: [(identifier) (member_expression)] arguments: (arguments . (identifier) @binding.name .))
    @binding.call)
  consequence: (statement_block) @binding) (#set! binding.asserted ""))
; `if (!isCart(x)) return;` (or throw, continue, break): past the if, to its block's end, x is a Cart
; (the handbook's "Control flow analysis": the rest is reached only where the call was true).
((if_statement
  condition: (parenthesized_expression (unary_expression operator: "!" argument:
    (call_expression function: [(identifier) (member_expression)] arguments: (arguments . (identifier) @binding.name .))
    @binding.call))
  consequence: [(return_statement) (throw_statement) (continue_statement) (break_statement)
    (statement_block . [(return_statement) (throw_statement) (continue_statement) (break_statement)] .)]
  !alternative) @binding (#set! binding.asserted ""))
;
; A collection whose type argument is its elements' type (`Cart[]`, `readonly Cart[]`, `Array<Cart>`,
; `Set<Cart>`, the iterables): binds NAME[] (binding.suffix) to the element type, which a `for … of`
; loop, an index, and the callback of an array method read (below).
((required_parameter pattern: (identifier) @binding.name
   type: (type_annotation [(array_type . (_) @binding.type) (readonly_type (array_type . (_) @binding.type))]))
  @binding (#set! binding.suffix "[]"))
((optional_parameter pattern: (identifier) @binding.name
   type: (type_annotation [(array_type . (_) @binding.type) (readonly_type (array_type . (_) @binding.type))]))
  @binding (#set! binding.suffix "[]"))
((variable_declarator name: (identifier) @binding.name
   type: (type_annotation [(array_type . (_) @binding.type) (readonly_type (array_type . (_) @binding.type))]))
  @binding (#set! binding.suffix "[]"))
((required_parameter pattern: (identifier) @binding.name
   type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .))))
  @binding (#any-of? @_c "Array" "ReadonlyArray" "Set" "ReadonlySet" "Iterable" "IterableIterator" "Iterator" "AsyncIterable" "AsyncIterableIterator" "Generator" "AsyncGenerator") (#set! binding.suffix "[]"))
((optional_parameter pattern: (identifier) @binding.name
   type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .))))
  @binding (#any-of? @_c "Array" "ReadonlyArray" "Set" "ReadonlySet" "Iterable" "IterableIterator" "Iterator" "AsyncIterable" "AsyncIterableIterator" "Generator" "AsyncGenerator") (#set! binding.suffix "[]"))
((variable_declarator name: (identifier) @binding.name
   type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .))))
  @binding (#any-of? @_c "Array" "ReadonlyArray" "Set" "ReadonlySet" "Iterable" "IterableIterator" "Iterator" "AsyncIterable" "AsyncIterableIterator" "Generator" "AsyncGenerator") (#set! binding.suffix "[]"))
((public_field_definition name: (property_identifier) @binding.name
   type: (type_annotation [(array_type . (_) @binding.type) (readonly_type (array_type . (_) @binding.type))]))
  @binding (#set! binding.prefix "this.") (#set! binding.suffix "[]"))
((public_field_definition name: (property_identifier) @binding.name
   type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .))))
  @binding (#any-of? @_c "Array" "ReadonlyArray" "Set" "ReadonlySet" "Iterable" "IterableIterator" "Iterator" "AsyncIterable" "AsyncIterableIterator" "Generator" "AsyncGenerator") (#set! binding.prefix "this.") (#set! binding.suffix "[]"))
((required_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @binding.name
   type: (type_annotation [(array_type . (_) @binding.type) (readonly_type (array_type . (_) @binding.type))]))
  @binding (#set! binding.prefix "this.") (#set! binding.suffix "[]"))
((required_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @binding.name
   type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .))))
  @binding (#any-of? @_c "Array" "ReadonlyArray" "Set" "ReadonlySet" "Iterable" "IterableIterator" "Iterator" "AsyncIterable" "AsyncIterableIterator" "Generator" "AsyncGenerator") (#set! binding.prefix "this.") (#set! binding.suffix "[]"))
; A map's second type argument is its values' type (`Map<string, Cart>`, `Record<string, Cart>`): binds
; NAME{} (binding.suffix) to it, which `m.get(k)`, `r[k]` and a `for … of m.values()` read.
((required_parameter pattern: (identifier) @binding.name
   type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .))))
  @binding (#any-of? @_c "Map" "ReadonlyMap" "WeakMap" "Record") (#set! binding.suffix "{}"))
((optional_parameter pattern: (identifier) @binding.name
   type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .))))
  @binding (#any-of? @_c "Map" "ReadonlyMap" "WeakMap" "Record") (#set! binding.suffix "{}"))
((variable_declarator name: (identifier) @binding.name
   type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .))))
  @binding (#any-of? @_c "Map" "ReadonlyMap" "WeakMap" "Record") (#set! binding.suffix "{}"))
((variable_declarator name: (identifier) @binding.name
   value: (new_expression constructor: (identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .)))
  @binding (#any-of? @_c "Map" "WeakMap") (#set! binding.suffix "{}"))
((public_field_definition name: (property_identifier) @binding.name
   type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .))))
  @binding (#any-of? @_c "Map" "ReadonlyMap" "WeakMap" "Record") (#set! binding.prefix "this.") (#set! binding.suffix "{}"))
((public_field_definition name: (property_identifier) @binding.name
   value: (new_expression constructor: (identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .)))
  @binding (#any-of? @_c "Map" "WeakMap") (#set! binding.prefix "this.") (#set! binding.suffix "{}"))
((required_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @binding.name
   type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments (_) . (_) @binding.type .))))
  @binding (#any-of? @_c "Map" "ReadonlyMap" "WeakMap" "Record") (#set! binding.prefix "this.") (#set! binding.suffix "{}"))
((for_in_statement left: (identifier) @binding.name operator: "of"
  right: (call_expression function: (member_expression object: [(identifier) (member_expression)] @binding.element
    property: (property_identifier) @_values))) @binding (#eq? @_values "values") (#set! binding.element_suffix "{}"))
; `for (const c of cs)` (ECMA-262 14.7.5: `of` runs the iterator, whose values are the elements; `in`
; gives keys): c holds an element of cs. The first parameter of the callback of an array method
; that passes each element first (forEach, map, filter…; not reduce, whose first is the accumulator).
(for_in_statement left: (identifier) @binding.name operator: "of"
  right: [(identifier) (member_expression)] @binding.element) @binding
; `for (const c of carts())`: an element of what the call returns, where its declared return type is
; such a collection (`(): Cart[]`, `Iterable<Cart>`: bound as the function's `()[]`).
(for_in_statement left: (identifier) @binding.name operator: "of"
  right: (call_expression function: [(identifier) (member_expression)]) @binding.element) @binding
((function_declaration
   return_type: (type_annotation [(array_type . (_) @binding.type) (readonly_type (array_type . (_) @binding.type))]) @binding)
  (#set! binding.name "()") (#set! binding.suffix "[]"))
((function_declaration
   return_type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .))) @binding)
  (#any-of? @_c "Array" "ReadonlyArray" "Set" "ReadonlySet" "Iterable" "IterableIterator" "Iterator" "AsyncIterable" "AsyncIterableIterator" "Generator" "AsyncGenerator")
  (#set! binding.name "()") (#set! binding.suffix "[]"))
((method_definition
   return_type: (type_annotation [(array_type . (_) @binding.type) (readonly_type (array_type . (_) @binding.type))]) @binding)
  (#set! binding.name "()") (#set! binding.suffix "[]"))
((method_definition
   return_type: (type_annotation (generic_type name: (type_identifier) @_c type_arguments: (type_arguments . (_) @binding.type .))) @binding)
  (#any-of? @_c "Array" "ReadonlyArray" "Set" "ReadonlySet" "Iterable" "IterableIterator" "Iterator" "AsyncIterable" "AsyncIterableIterator" "Generator" "AsyncGenerator")
  (#set! binding.name "()") (#set! binding.suffix "[]"))
((call_expression
  function: (member_expression object: [(identifier) (member_expression)] @binding.element property: (property_identifier) @_m)
  arguments: (arguments . [
    (arrow_function parameter: (identifier) @binding.name)
    (arrow_function parameters: (formal_parameters . (required_parameter pattern: (identifier) @binding.name)))
    (function_expression parameters: (formal_parameters . (required_parameter pattern: (identifier) @binding.name)))]))
  @binding (#any-of? @_m "forEach" "map" "filter" "some" "every" "find" "findLast" "findIndex" "findLastIndex" "flatMap"))
; Typed fields and constructor parameter properties bind this.<name> for the class.
((public_field_definition
  name: (property_identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (union_type)] @binding.type)) @binding
  (#set! binding.prefix "this."))
((required_parameter
  [(accessibility_modifier) "readonly"]
  pattern: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (union_type)] @binding.type)) @binding
  (#set! binding.prefix "this."))
; A field initialised by a constructor call or another call holds its result (ECMA-262: the
; initialiser's value becomes the instance's property); a stated type decides over it.
((public_field_definition
  name: [(property_identifier) (private_property_identifier)] @binding.name
  value: (new_expression constructor: [(identifier) (member_expression)] @binding.type)) @binding
  (#set! binding.prefix "this."))
((public_field_definition
  name: [(property_identifier) (private_property_identifier)] @binding.name
  value: (call_expression function: [(identifier) (member_expression)]) @binding.call) @binding
  (#set! binding.prefix "this."))
((optional_parameter
  [(accessibility_modifier) "readonly"]
  pattern: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (union_type)] @binding.type)) @binding
  (#set! binding.prefix "this."))
; An interface's typed property, and an object type alias's (an interface written another way),
; is its values' field: `d.utilities.has(k)` with `d: DS` and `interface DS { utilities: Utilities }`
; runs Utilities' has. (Not an inline object type's: a parameter's `{ a: A }` names no type.)
(interface_body (property_signature
  name: (property_identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (union_type)] @binding.type)) @binding
  (#set! binding.prefix "this."))
(type_alias_declaration value: (object_type (property_signature
  name: (property_identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (union_type)] @binding.type)) @binding
  (#set! binding.prefix "this.")))

; Parameters rebind a name a function value may be bound to elsewhere (resolve/values.py);
; @binding.parameter (the entry in the list) tells which parameters a function calls.
(required_parameter pattern: (identifier) @binding.name) @binding @binding.parameter
(optional_parameter pattern: (identifier) @binding.name) @binding @binding.parameter
; A parameter whose default is a function holds it (unless the caller passes another).
(required_parameter pattern: (identifier) @binding.name value: [(identifier) (member_expression)] @binding.function) @binding
; A destructured parameter: its names by key or index (one level).
(required_parameter pattern: (array_pattern (identifier) @binding.name @binding.index)) @binding @binding.parameter
(required_parameter
  pattern: (object_pattern (shorthand_property_identifier_pattern) @binding.name @binding.key)) @binding @binding.parameter
(required_parameter
  pattern: (object_pattern (pair_pattern key: (property_identifier) @binding.key value: (identifier) @binding.name)))
  @binding @binding.parameter
; Every parameter hides an outer binding of its name (binding.local: resolve/resolver.py).
((formal_parameters
  [(required_parameter pattern: [(identifier) @binding.name (rest_pattern (identifier) @binding.name)])
   (optional_parameter pattern: (identifier) @binding.name)
   (required_parameter pattern: (array_pattern (identifier) @binding.name))
   (required_parameter
     pattern: (object_pattern [(shorthand_property_identifier_pattern) @binding.name (pair_pattern value: (identifier) @binding.name)]))])
  @binding (#set! binding.local ""))

; ---------------------------------------------------------------------------
; Declarations (no graph node; extract/declarations.py): class fields and constructor
; parameter properties, interface properties, enum members, type aliases and unions.
(class_body (public_field_definition name: [(property_identifier) (private_property_identifier)] @name) @declaration.field)
(method_definition
  name: (property_identifier) @_ctor
  parameters: (formal_parameters [(required_parameter (accessibility_modifier) pattern: (identifier) @name)
                                  (optional_parameter (accessibility_modifier) pattern: (identifier) @name)] @declaration.field)
  (#eq? @_ctor "constructor"))
(interface_body (property_signature name: (property_identifier) @name) @declaration.field)
(enum_body (enum_assignment name: (property_identifier) @name) @declaration.member)
(enum_body name: (property_identifier) @name @declaration.member)
(type_alias_declaration name: (type_identifier) @name) @declaration.alias
(program (lexical_declaration "const"
  (variable_declarator name: (identifier) @name value: [(as_expression) (satisfies_expression) (non_null_expression)]) @declaration.constant))

; `e satisfies T` and `e as T` are e, checked or asserted against T (TypeScript 4.9, "The satisfies
; Operator"; "Type Assertions"): an object literal so wrapped is named by its variable as a plain
; one is (ecmascript.scm): a namespace of its functions.
(variable_declarator value: [(satisfies_expression (object (method_definition name: (property_identifier) @name) @definition.function))
                             (as_expression (object (method_definition name: (property_identifier) @name) @definition.function))])
(variable_declarator value: [(satisfies_expression (object (pair
                               key: [(property_identifier) @name (string (string_fragment) @name)]
                               value: [(arrow_function) (function_expression) (generator_function)]) @definition.function))
                             (as_expression (object (pair
                               key: [(property_identifier) @name (string (string_fragment) @name)]
                               value: [(arrow_function) (function_expression) (generator_function)]) @definition.function))])
(variable_declarator
  name: (identifier) @name
  value: [(satisfies_expression (object [(method_definition) (pair value: [(arrow_function) (function_expression)])]))
          (as_expression (object [(method_definition) (pair value: [(arrow_function) (function_expression)])]))]) @definition.module
(export_statement declaration: (lexical_declaration
  . (variable_declarator
    name: (identifier) @name
    value: [(satisfies_expression (object [(method_definition) (pair value: [(arrow_function) (function_expression)])]))
            (as_expression (object [(method_definition) (pair value: [(arrow_function) (function_expression)])]))]) .)) @definition.module
