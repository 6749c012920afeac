; Java. Capture names: see languages/spec.py.

(package_declaration [(scoped_identifier) (identifier)] @package.name) @package

; Definitions. Constructors are methods named like their class.
(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.interface
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(compact_constructor_declaration name: (identifier) @name) @definition.method

; extends / implements; generic and qualified supertypes by their class name.
(superclass [
  (type_identifier) @name
  (generic_type [(type_identifier) @name
                 (scoped_type_identifier (_) @receiver . (type_identifier) @name .)])
  (scoped_type_identifier (_) @receiver . (type_identifier) @name .)
] @reference.inherit)
(type_list [
  (type_identifier) @name
  (generic_type [(type_identifier) @name
                 (scoped_type_identifier (_) @receiver . (type_identifier) @name .)])
  (scoped_type_identifier (_) @receiver . (type_identifier) @name .)
] @reference.inherit)

; Calls: m(), this.m(), super.m(), obj.m(), Type.staticM(); new Foo(...).
; new Foo().m() is a call of Foo's m (listed first: the first pattern wins).
(method_invocation
  object: (object_creation_expression type: [
    (type_identifier) @receiver
    (generic_type (type_identifier) @receiver)])
  name: (identifier) @name) @reference.call
; A call's argument list: its count picks an overload.
(method_invocation !object name: (identifier) @name arguments: (argument_list) @arguments) @reference.call
; ((Foo) x).m(): the cast states the type of the receiver (JLS 15.16), read as Foo's m, as `new Foo().m()`.
(method_invocation
  object: (parenthesized_expression (cast_expression type: [
    (type_identifier) @receiver
    (generic_type (type_identifier) @receiver)]))
  name: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(method_invocation object: (_) @receiver name: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(object_creation_expression type: [
  (type_identifier) @name
  (generic_type [(type_identifier) @name
                 (scoped_type_identifier (_) @receiver . (type_identifier) @name .)])
  (scoped_type_identifier (_) @receiver . (type_identifier) @name .)
] arguments: (argument_list)? @arguments) @reference.call
; super(...) in a constructor runs the direct superclass's constructor (JLS 8.8.7.1): the keyword
; as both receiver and name, the resolver's "superclass constructor" (resolver.py, _super_member).
(explicit_constructor_invocation
  constructor: (super) @receiver @name arguments: (argument_list) @arguments) @reference.call
; this(...) runs another constructor of the same class, chosen by its arguments (JLS 8.8.7.1).
(explicit_constructor_invocation
  constructor: (this) @receiver @name arguments: (argument_list) @arguments) @reference.call

; A method of an anonymous class body overrides its base's (JLS 15.9.5): named by the method,
; the base as the receiver; its scope is the method itself.
(object_creation_expression type: [
  (type_identifier) @receiver
  (generic_type [(type_identifier) @receiver (scoped_type_identifier) @receiver])
  (scoped_type_identifier) @receiver
] (class_body (method_declaration name: (identifier) @name) @reference.override))

; A class literal names the class (C.class: reflection may make its objects, graph/instances.py).
(class_literal [
  (type_identifier) @name
  (scoped_type_identifier (_) @receiver . (type_identifier) @name .)
]) @reference.value

; Methods used as values: Foo::bar, this::bar; a constructor, Foo::new (the class). One passed
; as an argument names its @callee (extract/arguments.py); listed first: the first pattern wins.
(method_invocation name: (identifier) @callee arguments: (argument_list
  (method_reference . (_) @receiver . (identifier) @name .) @argument) @reference.value)
(method_invocation name: (identifier) @callee arguments: (argument_list
  (method_reference . (identifier) @name "new") @argument) @reference.value)
(object_creation_expression type: (_) @callee arguments: (argument_list
  (method_reference . (_) @receiver . (identifier) @name .) @argument) @reference.value)
(object_creation_expression type: (_) @callee arguments: (argument_list
  (method_reference . (identifier) @name "new") @argument) @reference.value)
(method_reference . (_) @receiver . (identifier) @name .) @reference.value
(method_reference . (identifier) @name "new") @reference.value
(method_reference . (field_access object: (_) @receiver field: (identifier) @name) "new") @reference.value

; Imports: a class (binds its simple name), a package's classes (wildcard).
; `import static a.B.m` resolves like a class import of a nested name.
(import_declaration (scoped_identifier name: (identifier) @import.name) @import.module .) @import
(import_declaration (scoped_identifier) @import.module (asterisk) @import.wildcard) @import

; Variables whose type the code states: locals, fields (in the class scope),
; parameters, for-each variables; `var x = new Foo()`.
((local_variable_declaration
  type: (_) @binding.type
  declarator: (variable_declarator name: (identifier) @binding.name)) @binding
  (#not-eq? @binding.type "var"))
(local_variable_declaration
  declarator: (variable_declarator
    name: (identifier) @binding.name
    value: (object_creation_expression type: (_) @binding.type))) @binding
; var x = (Foo) y: the cast's type (JLS 15.16); `o instanceof Foo f`: the pattern variable is a Foo (14.30.1).
(local_variable_declaration
  declarator: (variable_declarator
    name: (identifier) @binding.name
    value: (cast_expression type: (_) @binding.type))) @binding
(instanceof_expression right: (_) @binding.type name: (identifier) @binding.name) @binding
; <T extends Foo>: a value of type T is a Foo (a type variable is erased to its first bound, JLS 4.4, 4.6):
; the name T bound in the method's or class's scope (resolve/types.py reads a type name through it).
(type_parameter (type_identifier) @binding.name (type_bound . (_) @binding.type)) @binding
; An array declared with its element type binds NAME[] to it (JLS 10.1): `fs[i].m()` runs the element's m.
((formal_parameter type: (array_type element: (_) @binding.type) name: (identifier) @binding.name)
  @binding (#set! binding.suffix "[]"))
((local_variable_declaration type: (array_type element: (_) @binding.type)
  declarator: (variable_declarator name: (identifier) @binding.name)) @binding (#set! binding.suffix "[]"))
((field_declaration type: (array_type element: (_) @binding.type)
  declarator: (variable_declarator name: (identifier) @binding.name)) @binding (#set! binding.suffix "[]"))
;
; The JDK's collections of one type argument (java.util, Optional, Stream) bind NAME[] to it: their
; elements. A lambda given to the collection's forEach or removeIf, to the Optional's ifPresent…, or
; to a stream of it (xs.stream().filter(…), map, anyMatch…) takes an element as its parameter.
((formal_parameter type: (generic_type (type_identifier) @_c (type_arguments . (_) @binding.type .))
  name: (identifier) @binding.name) @binding
  (#any-of? @_c "Iterable" "Collection" "List" "ArrayList" "LinkedList" "Set" "HashSet" "LinkedHashSet" "TreeSet" "SortedSet" "NavigableSet" "Queue" "Deque" "ArrayDeque" "PriorityQueue" "Vector" "Stack" "CopyOnWriteArrayList" "Optional" "Stream" "Iterator" "ListIterator") (#set! binding.suffix "[]"))
((local_variable_declaration type: (generic_type (type_identifier) @_c (type_arguments . (_) @binding.type .))
  declarator: (variable_declarator name: (identifier) @binding.name)) @binding
  (#any-of? @_c "Iterable" "Collection" "List" "ArrayList" "LinkedList" "Set" "HashSet" "LinkedHashSet" "TreeSet" "SortedSet" "NavigableSet" "Queue" "Deque" "ArrayDeque" "PriorityQueue" "Vector" "Stack" "CopyOnWriteArrayList" "Optional" "Stream" "Iterator" "ListIterator") (#set! binding.suffix "[]"))
((field_declaration type: (generic_type (type_identifier) @_c (type_arguments . (_) @binding.type .))
  declarator: (variable_declarator name: (identifier) @binding.name)) @binding
  (#any-of? @_c "Iterable" "Collection" "List" "ArrayList" "LinkedList" "Set" "HashSet" "LinkedHashSet" "TreeSet" "SortedSet" "NavigableSet" "Queue" "Deque" "ArrayDeque" "PriorityQueue" "Vector" "Stack" "CopyOnWriteArrayList" "Optional" "Stream" "Iterator" "ListIterator") (#set! binding.suffix "[]"))
; A map's elements, as its get returns them, are its values: the second type argument.
((formal_parameter type: (generic_type (type_identifier) @_c (type_arguments (_) . (_) @binding.type .))
  name: (identifier) @binding.name) @binding (#any-of? @_c "Map" "HashMap" "LinkedHashMap" "TreeMap" "SortedMap" "NavigableMap" "ConcurrentMap" "ConcurrentHashMap" "EnumMap" "WeakHashMap" "IdentityHashMap") (#set! binding.suffix "[]"))
((local_variable_declaration type: (generic_type (type_identifier) @_c (type_arguments (_) . (_) @binding.type .))
  declarator: (variable_declarator name: (identifier) @binding.name)) @binding
  (#any-of? @_c "Map" "HashMap" "LinkedHashMap" "TreeMap" "SortedMap" "NavigableMap" "ConcurrentMap" "ConcurrentHashMap" "EnumMap" "WeakHashMap" "IdentityHashMap") (#set! binding.suffix "[]"))
((field_declaration type: (generic_type (type_identifier) @_c (type_arguments (_) . (_) @binding.type .))
  declarator: (variable_declarator name: (identifier) @binding.name)) @binding
  (#any-of? @_c "Map" "HashMap" "LinkedHashMap" "TreeMap" "SortedMap" "NavigableMap" "ConcurrentMap" "ConcurrentHashMap" "EnumMap" "WeakHashMap" "IdentityHashMap") (#set! binding.suffix "[]"))
((method_invocation
  object: [(identifier) (field_access)] @binding.element
  name: (identifier) @_m
  arguments: (argument_list . (lambda_expression parameters: [
    (identifier) @binding.name (inferred_parameters . (identifier) @binding.name .)]))) @binding
  (#any-of? @_m "forEach" "removeIf" "ifPresent" "ifPresentOrElse" "filter" "map" "flatMap"))
((method_invocation
  object: (method_invocation object: [(identifier) (field_access)] @binding.element name: (identifier) @_s)
  name: (identifier) @_m
  arguments: (argument_list . (lambda_expression parameters: [
    (identifier) @binding.name (inferred_parameters . (identifier) @binding.name .)]))) @binding
  (#any-of? @_s "stream" "parallelStream")
  (#any-of? @_m "filter" "map" "flatMap" "forEach" "forEachOrdered" "anyMatch" "allMatch" "noneMatch" "peek"
    "mapToInt" "mapToLong" "mapToDouble" "takeWhile" "dropWhile"))
(field_declaration
  type: (_) @binding.type
  declarator: (variable_declarator name: (identifier) @binding.name)) @binding
; A parameter (@binding.parameter: its entry in the list) also tells which parameters a method calls.
(formal_parameter type: (_) @binding.type name: (identifier) @binding.name) @binding @binding.parameter
; var x = make(): the callee's return type; declared return types.
((local_variable_declaration
  type: (_) @_var
  declarator: (variable_declarator name: (identifier) @binding.name value: (method_invocation) @binding.call)) @binding
  (#eq? @_var "var"))
(method_declaration type: (_) @binding.returns) @binding
; A local bound to a method reference holds that method (resolve/values.py): `r.run()` calls it.
(local_variable_declaration
  declarator: (variable_declarator name: (identifier) @binding.name value: (method_reference) @binding.function)) @binding
(assignment_expression left: (identifier) @binding.name right: (method_reference) @binding.function) @binding
; A binding with no @binding.function rebinds the name to something else.
(assignment_expression left: (identifier) @binding.name) @binding
(spread_parameter (_) @binding.type (variable_declarator name: (identifier) @binding.name)) @binding
(enhanced_for_statement type: (_) @binding.type name: (identifier) @binding.name) @binding
; try (Res r = …): a resource declares its type as a local does (JLS 14.20.3).
(resource type: (_) @binding.type name: (identifier) @binding.name) @binding
(catch_formal_parameter (catch_type (_) @binding.type) name: (identifier) @binding.name) @binding
; An enum's constants are its instances (JLS 8.9.1): `Op.PLUS.apply()` runs Op's apply.
(enum_declaration name: (identifier) @binding.type
  body: (enum_body (enum_constant name: (identifier) @binding.name) @binding))

; Prose for the notes of the definition it documents or sits in (see extract.py).
[(line_comment) (block_comment)] @comment
; String literals are notes too: see python.scm.
[(string_fragment) (multiline_string_fragment)] @doc

; Declarations (no graph node; extract/declarations.py): fields (``static final`` ones are
; constants, as are an interface's), enum constants, record components.
(class_body (field_declaration declarator: (variable_declarator name: (identifier) @name)) @declaration.field)
(class_body (field_declaration (modifiers "static" "final")
  declarator: (variable_declarator name: (identifier) @name)) @declaration.constant)
(class_body (field_declaration (modifiers "final" "static")
  declarator: (variable_declarator name: (identifier) @name)) @declaration.constant)
(enum_body_declarations (field_declaration declarator: (variable_declarator name: (identifier) @name)) @declaration.field)
(interface_body (constant_declaration declarator: (variable_declarator name: (identifier) @name)) @declaration.constant)
(enum_body (enum_constant name: (identifier) @name) @declaration.member)
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @name) @declaration.field))
