; TypeScript (.ts; tsx.scm adds JSX for .tsx). Capture names: see languages/spec.py.
; Kept parallel to javascript.scm: the grammars differ in node names (class
; names are type_identifier, fields public_field_definition), so the files differ.
; Exports are imports of the file's own scope: a pattern that presets
; import.module "" states what a name of this module stands for.

; ---------------------------------------------------------------------------
; Definitions. Wrappers (export, const) are captured as well so that the widest
; node, which the doc comment precedes, is the definition's node.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
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
  (function_declaration name: (identifier) @name)
  (generator_function_declaration name: (identifier) @name)]) @definition.function
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

; ---------------------------------------------------------------------------
; Base classes and implemented interfaces.
(extends_clause value: (identifier) @name) @reference.inherit
(extends_clause value: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.inherit
(implements_clause [(type_identifier) @name (generic_type name: (type_identifier) @name)]) @reference.inherit
(implements_clause (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)) @reference.inherit
(extends_type_clause type: [(type_identifier) @name (generic_type name: (type_identifier) @name)]) @reference.inherit
(extends_type_clause type: (nested_type_identifier module: (_) @receiver name: (type_identifier) @name)) @reference.inherit

; ---------------------------------------------------------------------------
; Calls. new Foo() calls Foo (its constructor); super() the base constructor.
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression
  object: (_) @receiver
  property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
((call_expression function: (super) @receiver @name) @reference.call (#set! name "constructor"))
(new_expression constructor: (identifier) @name) @reference.call
(new_expression constructor: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.call

; ---------------------------------------------------------------------------
; Functions used as values: arguments, dispatch tables, handlers, decorators.
(arguments (identifier) @name) @reference.value
(arguments (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.value
(pair value: (identifier) @name) @reference.value
(pair value: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.value
(object (shorthand_property_identifier) @name @reference.value)
(array (identifier) @name) @reference.value
(assignment_expression right: (identifier) @name) @reference.value
(decorator (identifier) @name) @reference.value
(decorator (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.value

; ---------------------------------------------------------------------------
; ES imports. Every import statement is also an edge, even when it binds nothing.
(import_statement source: (string) @import.module) @import
(import_statement (import_clause (identifier) @import.default) source: (string) @import.module) @import
(import_statement (import_clause (namespace_import (identifier) @import.namespace)) source: (string) @import.module) @import
(import_statement (import_clause (named_imports
  (import_specifier name: _ @import.name alias: (identifier) @import.alias))) source: (string) @import.module) @import
(import_statement (import_clause (named_imports
  (import_specifier name: _ @import.name !alias))) source: (string) @import.module) @import

; Re-exports: export * from, export * as ns from, export { a as b } from.
(export_statement "*" @import.wildcard source: (string) @import.module) @import
(export_statement (namespace_export (_) @import.namespace) source: (string) @import.module) @import
(export_statement (export_clause
  (export_specifier name: _ @import.name alias: _ @import.alias)) source: (string) @import.module) @import
(export_statement (export_clause
  (export_specifier name: _ @import.name !alias)) source: (string) @import.module) @import

; This module's own exports.
((export_statement (export_clause
  (export_specifier name: _ @import.name alias: _ @import.alias)) !source) @import
  (#set! import.module ""))
((export_statement "default" value: (identifier) @import.name) @import
  (#set! import.module "") (#set! import.alias "default"))
((export_statement "default" declaration: [
  (function_declaration name: (identifier) @import.name)
  (generator_function_declaration name: (identifier) @import.name)
  (class_declaration name: (type_identifier) @import.name)
  (abstract_class_declaration name: (type_identifier) @import.name)]) @import
  (#set! import.module "") (#set! import.alias "default"))
; export default { a, b }: the module itself is its default.
((export_statement "default" value: (object)) @import
  (#set! import.module "") (#set! import.alias "default"))

; TypeScript's CommonJS forms: export = foo; import x = require('./x').
((export_statement "=" (identifier) @import.name) @import
  (#set! import.module "") (#set! import.alias "default"))
((import_statement (import_require_clause (identifier) @import.alias source: (string) @import.module)) @import
  (#set! import.name "default"))
(import_statement (import_require_clause (identifier) @import.alias source: (string) @import.module)) @import

; Dynamic import('./x'): an edge.
(call_expression function: (import) arguments: (arguments . (string) @import.module)) @import

; ---------------------------------------------------------------------------
; CommonJS. require('./a') binds the module's default export first (what
; module.exports was set to), the module itself second.
((variable_declarator
  name: (identifier) @import.alias
  value: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))) @import
  (#eq? @_require "require") (#set! import.name "default"))
((variable_declarator
  name: (identifier) @import.alias
  value: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))) @import
  (#eq? @_require "require"))
((variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))) @import
  (#eq? @_require "require"))
((variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias))
  value: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))) @import
  (#eq? @_require "require"))
((variable_declarator
  name: (identifier) @import.alias
  value: (member_expression
    object: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))
    property: (property_identifier) @import.name)) @import
  (#eq? @_require "require"))
((call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .)) @import
  (#eq? @_require "require"))

; module.exports = foo / = function foo / = class Foo / = function () {}.
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: [
    (identifier) @import.name
    (function_expression name: (identifier) @import.name)
    (class name: (type_identifier) @import.name)]) @import
  (#eq? @_module "module") (#eq? @_exports "exports")
  (#set! import.module "") (#set! import.alias "default"))
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @import.name)
  right: [(arrow_function) (function_expression !name)]) @import
  (#eq? @_module "module") (#eq? @import.name "exports")
  (#set! import.module "") (#set! import.alias "default"))
; module.exports = { a, b: c } / exports.a = …: the module is its default;
; a renamed member binds its new name.
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object)) @import
  (#eq? @_module "module") (#eq? @_exports "exports")
  (#set! import.module "") (#set! import.alias "default"))
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (pair key: (property_identifier) @import.alias value: (identifier) @import.name))) @import
  (#eq? @_module "module") (#eq? @_exports "exports")
  (#set! import.module ""))
((assignment_expression
  left: (member_expression object: (identifier) @_exports)) @import
  (#eq? @_exports "exports")
  (#set! import.module "") (#set! import.alias "default"))
((assignment_expression
  left: (member_expression object: (member_expression
    object: (identifier) @_module property: (property_identifier) @_exports))) @import
  (#eq? @_module "module") (#eq? @_exports "exports")
  (#set! import.module "") (#set! import.alias "default"))
((assignment_expression
  left: (member_expression object: (identifier) @_exports property: (property_identifier) @import.alias)
  right: (identifier) @import.name) @import
  (#eq? @_exports "exports")
  (#set! import.module ""))

; ---------------------------------------------------------------------------
; Variables whose type the code states: x = new Foo(), this.x = new Foo().
(variable_declarator
  name: (identifier) @binding.name
  value: (new_expression constructor: [(identifier) (member_expression)] @binding.type)) @binding
(variable_declarator
  name: (identifier) @binding.name
  value: (ternary_expression consequence: (new_expression constructor: [(identifier) (member_expression)] @binding.type))) @binding
(assignment_expression
  left: [(identifier) (member_expression object: (this) property: (property_identifier))] @binding.name
  right: (new_expression constructor: [(identifier) (member_expression)] @binding.type)) @binding
(variable_declarator
  name: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @binding.type)) @binding
(required_parameter
  pattern: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @binding.type)) @binding
(optional_parameter
  pattern: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @binding.type)) @binding
; Typed fields and constructor parameter properties bind this.<name> for the class.
((public_field_definition
  name: (property_identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @binding.type)) @binding
  (#set! binding.prefix "this."))
((required_parameter
  [(accessibility_modifier) "readonly"]
  pattern: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @binding.type)) @binding
  (#set! binding.prefix "this."))
((optional_parameter
  [(accessibility_modifier) "readonly"]
  pattern: (identifier) @binding.name
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @binding.type)) @binding
  (#set! binding.prefix "this."))
