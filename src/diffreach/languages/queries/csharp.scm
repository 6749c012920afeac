; C#. Capture names: see languages/spec.py. Namespaces are packages, not nodes.

(namespace_declaration name: (_) @package.name) @package
(file_scoped_namespace_declaration name: (_) @package.name) @package

(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(struct_declaration name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.enum

(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(property_declaration name: (identifier) @name accessors: (accessor_list)) @definition.method
(property_declaration name: (identifier) @name value: (arrow_expression_clause)) @definition.method
(local_function_statement name: (identifier) @name) @definition.function

; Test code: xUnit, NUnit, MSTest attributes on methods and classes.
((method_declaration (attribute_list (attribute name: (identifier) @_a)) name: (identifier) @name) @definition.method @test
  (#match? @_a "^(Fact|Theory|Test|TestCase|TestCaseSource|TestMethod|DataTestMethod)(Attribute)?$"))
((class_declaration (attribute_list (attribute name: (identifier) @_a)) name: (identifier) @name) @definition.class @test
  (#match? @_a "^(TestFixture|TestClass)(Attribute)?$"))

; Base class and interfaces.
(base_list (identifier) @name) @reference.inherit
(base_list (generic_name (identifier) @name)) @reference.inherit
(base_list (qualified_name qualifier: (_) @receiver name: (identifier) @name)) @reference.inherit

; Calls.
; A call's argument list: its count picks an overload.
(invocation_expression function: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
(invocation_expression function: (generic_name (identifier) @name) arguments: (argument_list)? @arguments) @reference.call
(invocation_expression function: (member_access_expression expression: _ @receiver name: (identifier) @name)
  arguments: (argument_list)? @arguments) @reference.call
(invocation_expression function: (member_access_expression expression: _ @receiver
  name: (generic_name (identifier) @name))) @reference.call
(invocation_expression function: (conditional_access_expression
  (member_binding_expression name: (identifier) @name))) @reference.call
(object_creation_expression type: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
(object_creation_expression type: (generic_name (identifier) @name)) @reference.call
(object_creation_expression type: (qualified_name qualifier: (_) @receiver name: (identifier) @name)) @reference.call

; Methods passed as values (delegates, event handlers). A method group passed to a call names
; its @callee (extract/arguments.py); listed first: the first pattern wins.
(invocation_expression function: (_) @callee arguments: (argument_list
  (argument . (identifier) @name .) @argument) @reference.value)
(object_creation_expression type: (_) @callee arguments: (argument_list
  (argument . (identifier) @name .) @argument) @reference.value)
(argument (identifier) @name) @reference.value
(assignment_expression right: (identifier) @name) @reference.value

; using directives. A `global using` applies to every compilation unit of the program, not to its
; own file only (C# 10, "global using directives"): import.program_wide names the leading token
; that says so (a text predicate would decode the directive as strict UTF-8).
((using_directive . [(identifier) (qualified_name)] @import.module .) @import @import.wildcard
  (#set! import.program_wide "global"))
((using_directive name: (identifier) @import.alias [(identifier) (qualified_name)] @import.module) @import
  (#set! import.program_wide "global"))

; Variables whose type the code states.
(variable_declaration type: [(identifier) (generic_name) (qualified_name)] @binding.type
  (variable_declarator name: (identifier) @binding.name)) @binding
(variable_declaration
  (variable_declarator name: (identifier) @binding.name
    (object_creation_expression type: (_) @binding.type))) @binding
; `where T : B, I`: a value of type T has B's members (a type parameter's constraint), read from the
; first, where a class constraint must stand (C# 15.2.5), as Java erases T to its first bound.
(type_parameter_constraints_clause . (identifier) @binding.name
  . (type_parameter_constraint type: [(identifier) (generic_name) (qualified_name)] @binding.type)) @binding
; A parameter (@binding.parameter: its entry in the list) also tells which parameters a method calls.
(parameter type: [(identifier) (generic_name) (qualified_name)] @binding.type name: (identifier) @binding.name)
  @binding @binding.parameter
; Every parameter and local binds its name in the method: it hides a method of the same name from
; a plain call (a delegate's invocation; binding.local: resolve/resolver.py).
((parameter name: (identifier) @binding.name) @binding (#set! binding.local ""))
((local_declaration_statement (variable_declaration (variable_declarator name: (identifier) @binding.name)))
  @binding (#set! binding.local ""))
; Declared return types: a method's, and a property's, which is what reading it gives (its getter's
; value; a property has no parameter list, ECMA-334 15.7: spec parameterless_properties). `T?` is a T.
(method_declaration returns: [(identifier) (generic_name) (qualified_name)] @binding.returns) @binding
(method_declaration returns: (nullable_type type: [(identifier) (generic_name) (qualified_name)] @binding.returns)) @binding
(property_declaration type: [(identifier) (generic_name) (qualified_name)] @binding.returns) @binding
(property_declaration type: (nullable_type type: [(identifier) (generic_name) (qualified_name)] @binding.returns)) @binding
; An extension method (ECMA-334 15.6.10: `static R F(this X x, …)` in a static class) is called as a
; member of X (`x.F()`): its receiver type, bound to `this` in its own scope, marks it (resolve/names.py).
((parameter_list . (parameter (modifier) @_this
    type: [(identifier) (generic_name) (qualified_name)] @binding.type @binding))
  (#eq? @_this "this") (#set! binding.name "this"))
; var x = Make(): the callee's return type (an implicitly typed local has its initializer's type, 13.6.2).
(variable_declaration type: (implicit_type)
  (variable_declarator name: (identifier) @binding.name (invocation_expression) @binding.call)) @binding

; Prose for the notes of the definition it documents or sits in (see extract.py).
(comment) @comment
; String literals are notes too: see python.scm.
[(string_literal_content) (string_content) (verbatim_string_literal)] @doc

; Declarations (no graph node; extract/declarations.py): fields (``const`` and ``readonly``
; ones are constants; properties are methods above), enum members.
(declaration_list (field_declaration
  (variable_declaration (variable_declarator name: (identifier) @name))) @declaration.field)
((declaration_list (field_declaration (modifier) @_mod
  (variable_declaration (variable_declarator name: (identifier) @name))) @declaration.constant)
  (#eq? @_mod "const"))
((declaration_list (field_declaration (modifier) @_mod
  (variable_declaration (variable_declarator name: (identifier) @name))) @declaration.constant)
  (#eq? @_mod "readonly"))
(enum_member_declaration_list (enum_member_declaration name: (identifier) @name) @declaration.member)
