; Ruby. Capture names: see languages/spec.py.

(class name: (constant) @name) @definition.class
(class name: (scope_resolution name: (constant) @name)) @definition.class
(module name: (constant) @name) @definition.module
(module name: (scope_resolution name: (constant) @name)) @definition.module
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method

; Superclass and mixins.
(superclass (constant) @name) @reference.inherit
(superclass (scope_resolution scope: (_) @receiver name: (constant) @name)) @reference.inherit
((call method: (identifier) @_m arguments: (argument_list (constant) @name)) @reference.inherit
  (#match? @_m "^(include|extend|prepend)$"))
((call method: (identifier) @_m arguments: (argument_list (scope_resolution scope: (_) @receiver name: (constant) @name))) @reference.inherit
  (#match? @_m "^(include|extend|prepend)$"))

; Calls with a receiver, or with arguments or a block (a bare word may be a local).
(call receiver: (_) @receiver method: (identifier) @name) @reference.call
(call receiver: (_) @receiver method: (constant) @name) @reference.call
(call !receiver method: (identifier) @name arguments: (_)) @reference.call
(call !receiver method: (identifier) @name block: (_)) @reference.call

; Methods passed as values: method(:name), &method(:name).
((call !receiver method: (identifier) @_m arguments: (argument_list (simple_symbol) @name)) @reference.value
  (#eq? @_m "method"))

; Requires load a file's constants into the global scope.
((call !receiver method: (identifier) @_r arguments: (argument_list . (string (string_content) @import.module))) @import @import.wildcard
  (#match? @_r "^require(_relative)?$"))

; Variables whose type the code states: x = Foo.new.
(assignment left: [(identifier) (instance_variable)] @binding.name
  right: (call receiver: [(constant) (scope_resolution)] @binding.type method: (identifier) @_new (#eq? @_new "new"))) @binding

; Declarations, no nodes (CAPTURES.md): CONSTANTS assigned (Ruby allows it in no method), and the
; fields `attr_reader`/`attr_writer`/`attr_accessor` name (the spec's `name_sigils` drop the `:`).
(assignment left: (constant) @name) @declaration.constant
((call !receiver method: (identifier) @_attr arguments: (argument_list (simple_symbol) @name)) @declaration.field
  (#match? @_attr "^attr_(reader|writer|accessor)$"))

; Prose for the notes of the definition it documents or sits in (see extract.py).
(comment) @comment
; String literals are notes too: see python.scm.
(string_content) @doc
