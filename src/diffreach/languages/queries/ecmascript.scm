; JavaScript and TypeScript: the patterns of the two grammars that agree on their
; node names. javascript.scm and typescript.scm hold what differs (TypeScript names
; classes type_identifier and has interfaces, enums and typed bindings), jsx.scm the
; JSX patterns of JavaScript and TSX. Capture names: see languages/spec.py.
; Exports are imports of the file's own scope: a pattern that presets
; import.module "" states what a name of this module stands for.

; Methods, class fields and object properties holding a function. Inside a
; class (or an object namespace below) they are methods, elsewhere functions.
(class_body (method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.function)
; Members of an object literal are definitions only where the object is named
; (const api = {…}) or is the module (export default {…}, module.exports = {…});
; an object passed as an argument is anonymous, like a callback.
(variable_declarator value: (object (method_definition name: (property_identifier) @name) @definition.function))
(variable_declarator value: (object (pair
  key: [(property_identifier) @name (string (string_fragment) @name)]
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function))
(export_statement value: (object (method_definition name: (property_identifier) @name) @definition.function))
(export_statement value: (object (pair
  key: [(property_identifier) @name (string (string_fragment) @name)]
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function))
((assignment_expression left: (_) @_left right: (object (method_definition name: (property_identifier) @name) @definition.function))
  (#not-match? @_left "[.]prototype$"))
((assignment_expression left: (_) @_left right: (object (pair
  key: [(property_identifier) @name (string (string_fragment) @name)]
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function))
  (#not-match? @_left "[.]prototype$"))
; F.prototype = {m() {}, n: function () {}}: the methods of F's instances (ECMA-262: new F()
; makes an object whose prototype is F.prototype).
((assignment_expression
  left: (member_expression object: [(identifier) (member_expression)] @receiver property: (property_identifier) @_proto)
  right: (object (method_definition name: (property_identifier) @name) @definition.method))
  (#eq? @_proto "prototype"))
((assignment_expression
  left: (member_expression object: [(identifier) (member_expression)] @receiver property: (property_identifier) @_proto)
  right: (object (pair
    key: [(property_identifier) @name (string (string_fragment) @name)]
    value: [(arrow_function) (function_expression) (generator_function)]) @definition.method))
  (#eq? @_proto "prototype"))
; Object.assign(F.prototype, {m() {}, n: function () {}}): the object's own properties are copied
; onto F.prototype (ECMA-262 Object.assign), so they are methods of F's instances as well.
((call_expression
  function: (member_expression object: (identifier) @_object property: (property_identifier) @_assign)
  arguments: (arguments . (member_expression object: (identifier) @receiver property: (property_identifier) @_proto)
    (object (method_definition name: (property_identifier) @name) @definition.method)))
  (#eq? @_object "Object") (#eq? @_assign "assign") (#eq? @_proto "prototype"))
((call_expression
  function: (member_expression object: (identifier) @_object property: (property_identifier) @_assign)
  arguments: (arguments . (member_expression object: (identifier) @receiver property: (property_identifier) @_proto)
    (object (pair
      key: [(property_identifier) @name (string (string_fragment) @name)]
      value: [(arrow_function) (function_expression) (generator_function)]) @definition.method)))
  (#eq? @_object "Object") (#eq? @_assign "assign") (#eq? @_proto "prototype"))
; this.m = function () {} in a function's own body: each object the function constructs gets m;
; so too for a function expression named by a variable or a path (a.b.F = function () {…}), not a
; method of a prototype (its `this` is the instance), and for new function () {…} (one object).
(function_declaration body: (statement_block (expression_statement (assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @name)
  right: [(arrow_function) (function_expression) (generator_function)]) @definition.method)))
([(variable_declarator value: (function_expression body: (statement_block (expression_statement (assignment_expression
    left: (member_expression object: (this) property: (property_identifier) @name)
    right: [(arrow_function) (function_expression) (generator_function)]) @definition.method))))
  (new_expression constructor: (function_expression body: (statement_block (expression_statement (assignment_expression
    left: (member_expression object: (this) property: (property_identifier) @name)
    right: [(arrow_function) (function_expression) (generator_function)]) @definition.method))))])
((assignment_expression left: (member_expression) @_left right: (function_expression body: (statement_block
  (expression_statement (assignment_expression
    left: (member_expression object: (this) property: (property_identifier) @name)
    right: [(arrow_function) (function_expression) (generator_function)]) @definition.method))))
  (#not-match? @_left "(^|[.])prototype([.]|$)|^this[.]"))

; const f = () => {} / function () {} / class {}.
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(lexical_declaration
  . (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)]) .) @definition.function
(variable_declaration
  . (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)]) .) @definition.function
(export_statement declaration: (lexical_declaration
  . (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)]) .)) @definition.function
(variable_declarator name: (identifier) @name value: (class)) @definition.class

; const api = { get() {}, post: () => {} }: an object of functions is a namespace.
(variable_declarator
  name: (identifier) @name
  value: (object [(method_definition) (pair value: [(arrow_function) (function_expression)])])) @definition.module
(export_statement declaration: (lexical_declaration
  . (variable_declarator
    name: (identifier) @name
    value: (object [(method_definition) (pair value: [(arrow_function) (function_expression)])])) .)) @definition.module

; a.b.Ns = {f() {}, g: function () {}}: an object of functions assigned to a path is a namespace
; named by that path, as const Ns = {…} is by its name (the Closure Library's namespaces).
((assignment_expression
  left: (member_expression object: [(identifier) (member_expression)] @receiver property: (property_identifier) @name)
  right: (object [(method_definition) (pair value: [(arrow_function) (function_expression)])])) @definition.module
  (#not-eq? @name "prototype")
  (#not-match? @receiver "^(module|exports|module[.]exports)$|[.]prototype$|^this[.]"))
; a.b.Ns = new function () {this.f = function () {}}: new makes the one object whose properties
; the body assigns to this (ECMA-262 EvaluateNew), a namespace as the literal above is.
((assignment_expression
  left: (member_expression object: [(identifier) (member_expression)] @receiver property: (property_identifier) @name)
  right: (new_expression constructor: (function_expression))) @definition.function
  (#not-match? @receiver "^(module|exports|module[.]exports)$|[.]prototype$|^this[.]"))

; Foo.prototype.bar = function () {} and Foo.bar = function () {}.
((assignment_expression
  left: (member_expression
    object: (member_expression object: [(identifier) (member_expression)] @receiver property: (property_identifier) @_proto)
    property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]) @definition.method
  (#eq? @_proto "prototype"))
((assignment_expression
  left: (member_expression object: [(identifier) (member_expression)] @receiver property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]) @definition.method
  (#not-match? @receiver "^(module|exports|module[.]exports)$|[.]prototype$|^this[.]"))

; o.C = class {…} (ECMA-262 ClassExpression): a class, whose methods are its instances'; named
; by the member it is assigned to, as a function is (exports.C = class: a top-level class).
((assignment_expression
  left: (member_expression object: [(identifier) (member_expression)] @receiver property: (property_identifier) @name)
  right: (class)) @definition.class
  (#not-match? @receiver "^(module|exports|module[.]exports)$|[.]prototype$|^this[.]"))
((assignment_expression
  left: (member_expression object: (identifier) @_exports property: (property_identifier) @name)
  right: (class)) @definition.class
  (#eq? @_exports "exports"))
((assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    property: (property_identifier) @name)
  right: (class)) @definition.class
  (#eq? @_module "module") (#eq? @_exports "exports"))

; exports.f = function () {} / module.exports.f = ...: a top-level function.
((assignment_expression
  left: (member_expression object: (identifier) @_exports property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]) @definition.function
  (#eq? @_exports "exports"))
((assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]) @definition.function
  (#eq? @_module "module") (#eq? @_exports "exports"))

; module.exports = function () {} (anonymous: named "exports"), or a named one.
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @name)
  right: [(arrow_function) (function_expression !name)]) @definition.function
  (#eq? @_module "module") (#eq? @name "exports"))
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (function_expression name: (identifier) @name)) @definition.function
  (#eq? @_module "module") (#eq? @_exports "exports"))

; export default function () {} / class {}: a definition named "default".
(export_statement "default" @name value: [(function_expression) (arrow_function) (generator_function)]) @definition.function
(export_statement "default" @name value: (class)) @definition.class

; Functions and generators, exported or not. Wrappers (export, const) are captured
; as well so that the widest node, which the doc comment precedes, is the definition's node.
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(export_statement declaration: [
  (function_declaration name: (identifier) @name)
  (generator_function_declaration name: (identifier) @name)]) @definition.function

; ---------------------------------------------------------------------------
; Calls. new Foo() calls Foo (its constructor); super() the base constructor.
; A call's argument list (its count picks an overload) is captured where one is written.
(call_expression function: (identifier) @name arguments: (arguments)? @arguments) @reference.call
(call_expression function: (member_expression
  object: (_) @receiver
  property: [(property_identifier) (private_property_identifier)] @name)
  arguments: (arguments)? @arguments) @reference.call
((call_expression function: (super) @receiver @name) @reference.call (#set! name "constructor"))
(new_expression constructor: (identifier) @name arguments: (arguments)? @arguments) @reference.call
; Calls through a value: a literal table's entry (T["x"](), handlers[0]()), a returned function (make()()).
(call_expression
  function: (subscript_expression object: (identifier) @name index: [(string (string_fragment) @key) (number) @key])
  arguments: (arguments)? @arguments) @reference.call
((call_expression function: (call_expression function: (identifier) @name) arguments: (arguments)? @arguments)
  @reference.call (#set! suffix "()"))
; m.get("k")(): the function a Map holds under "k" (ECMA-262 Map.prototype.get), the entry m[k].
((call_expression
  function: (call_expression
    function: (member_expression object: (identifier) @name property: (property_identifier) @_get)
    arguments: (arguments . (string (string_fragment) @key) .))
  arguments: (arguments)? @arguments) @reference.call
  (#eq? @_get "get"))
(new_expression constructor: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.call
; (0, lib.foo)(): a comma expression's value is its last operand's (ECMA-262's comma operator),
; so this calls lib.foo (without lib as `this`: how compilers emit a call of an imported function).
(call_expression
  function: (parenthesized_expression (sequence_expression (_) (identifier) @name .))
  arguments: (arguments)? @arguments) @reference.call
(call_expression
  function: (parenthesized_expression (sequence_expression
    (_) (member_expression object: (_) @receiver property: (property_identifier) @name) .))
  arguments: (arguments)? @arguments) @reference.call

; `await x` runs x's `then` (a thenable): bound only through x's known type.
((await_expression [(identifier) (member_expression) (call_expression)] @receiver @name) @reference.protocol
  (#set! protocol "await"))

; ---------------------------------------------------------------------------
; Functions used as values: arguments, dispatch tables, handlers, decorators. An argument
; names its @callee (extract/arguments.py).
(call_expression function: (_) @callee arguments: (arguments (identifier) @name @argument) @reference.value)
(call_expression function: (_) @callee arguments: (arguments
  (member_expression object: (_) @receiver property: (property_identifier) @name) @argument) @reference.value)
(new_expression constructor: (_) @callee arguments: (arguments (identifier) @name @argument) @reference.value)
(new_expression constructor: (_) @callee arguments: (arguments
  (member_expression object: (_) @receiver property: (property_identifier) @name) @argument) @reference.value)
; A member read where a value is used (a getter runs): returned, declared, assigned, an operand,
; a condition, interpolated. The resolver binds it only to a getter of the receiver's known type.
([
  (return_statement
    (member_expression object: [(identifier) (this) (member_expression) (call_expression)] @receiver
      property: (property_identifier) @name) @reference.protocol)
  (variable_declarator
    value: (member_expression object: [(identifier) (this) (member_expression) (call_expression)] @receiver
      property: (property_identifier) @name) @reference.protocol)
  (assignment_expression
    right: (member_expression object: [(identifier) (this) (member_expression) (call_expression)] @receiver
      property: (property_identifier) @name) @reference.protocol)
  (binary_expression
    (member_expression object: [(identifier) (this) (member_expression) (call_expression)] @receiver
      property: (property_identifier) @name) @reference.protocol)
  (unary_expression
    argument: (member_expression object: [(identifier) (this) (member_expression) (call_expression)] @receiver
      property: (property_identifier) @name) @reference.protocol)
  (parenthesized_expression
    (member_expression object: [(identifier) (this) (member_expression) (call_expression)] @receiver
      property: (property_identifier) @name) @reference.protocol)
  (template_substitution
    (member_expression object: [(identifier) (this) (member_expression) (call_expression)] @receiver
      property: (property_identifier) @name) @reference.protocol)
] (#set! protocol "."))
; A member assigned to (a setter runs); augmented, its getter runs first.
((assignment_expression
  left: (member_expression object: [(identifier) (this) (member_expression) (call_expression)] @receiver
    property: (property_identifier) @name) @reference.protocol) (#set! protocol ".="))
((augmented_assignment_expression
  left: (member_expression object: [(identifier) (this) (member_expression) (call_expression)] @receiver
    property: (property_identifier) @name) @reference.protocol) (#set! protocol ".op="))
; A literal table's entry (@argument, with its @keyword): passed on when the table is an argument.
(pair key: (_) @keyword value: (identifier) @name @argument) @reference.value
(pair
  key: (_) @keyword
  value: (member_expression object: (_) @receiver property: (property_identifier) @name) @argument) @reference.value
(object (shorthand_property_identifier) @name @reference.value @argument @keyword)
(array (identifier) @name @argument) @reference.value
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

; This module's own exports (export default class: each grammar's own file).
((export_statement (export_clause
  (export_specifier name: _ @import.name alias: _ @import.alias)) !source) @import
  (#set! import.module ""))
((export_statement "default" value: (identifier) @import.name) @import
  (#set! import.module "") (#set! import.alias "default"))
((export_statement "default" declaration: [
  (function_declaration name: (identifier) @import.name)
  (generator_function_declaration name: (identifier) @import.name)]) @import
  (#set! import.module "") (#set! import.alias "default"))
; export default { a, b: c }: the module itself is its default (its members are the object's, as
; for module.exports = {…} below); a renamed member binds its new name.
((export_statement "default" value: (object)) @import
  (#set! import.module "") (#set! import.alias "default"))
((export_statement "default" value: (object (pair
  key: [(property_identifier) @import.alias (string (string_fragment) @import.alias)]
  value: (identifier) @import.name))) @import
  (#set! import.module ""))

; Dynamic import('./x'): an edge. Awaited, it is the module's namespace object (ECMAScript,
; "import() calls": the promise resolves to it), so a declaration of its value binds as the
; static forms do: `const m = await import('./x')` as `import * as m`, a destructuring as
; named imports.
(call_expression function: (import) arguments: (arguments . (string) @import.module)) @import
(variable_declarator
  name: (identifier) @import.namespace
  value: (await_expression (call_expression function: (import) arguments: (arguments . (string) @import.module .)))) @import
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (await_expression (call_expression function: (import) arguments: (arguments . (string) @import.module .)))) @import
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias))
  value: (await_expression (call_expression function: (import) arguments: (arguments . (string) @import.module .)))) @import

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
; exports.Suite = require('./suite') (module.exports.Suite = …): the module exports what the
; required module does under the name Suite, and reads it back as exports.Suite.
((assignment_expression
  left: (member_expression object: (identifier) @_exports property: (property_identifier) @import.alias)
  right: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))) @import
  (#eq? @_exports "exports") (#eq? @_require "require") (#set! import.name "default"))
((assignment_expression
  left: (member_expression object: (identifier) @_exports property: (property_identifier) @import.alias)
  right: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))) @import
  (#eq? @_exports "exports") (#eq? @_require "require"))
((assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    property: (property_identifier) @import.alias)
  right: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))) @import
  (#eq? @_module "module") (#eq? @_exports "exports") (#eq? @_require "require") (#set! import.name "default"))
((assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    property: (property_identifier) @import.alias)
  right: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))) @import
  (#eq? @_module "module") (#eq? @_exports "exports") (#eq? @_require "require"))

; module.exports = foo / = function foo / = function () {} (= class Foo: each grammar's own file).
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: [
    (identifier) @import.name
    (function_expression name: (identifier) @import.name)]) @import
  (#eq? @_module "module") (#eq? @_exports "exports")
  (#set! import.module "") (#set! import.alias "default"))
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @import.name)
  right: [(arrow_function) (function_expression !name)]) @import
  (#eq? @_module "module") (#eq? @import.name "exports")
  (#set! import.module "") (#set! import.alias "default"))
;module.exports = o.C = class {…} (exports = module.exports = … too): the module's default is
; the class the assignment on its right makes (an assignment's value is its right operand's).
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (assignment_expression left: (member_expression object: (identifier)) @import.name right: (class))) @import
  (#eq? @_module "module") (#eq? @_exports "exports")
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
; A property of the global object (`self.chef = new Chef()` in a worker, `window.app = new App()`;
; ECMA-262 9.1.1.4, HTML's WindowOrWorkerGlobalScope): the value every later read of that path sees.
((assignment_expression
  left: (member_expression object: (identifier) @_global property: (property_identifier)) @binding.name
  right: (new_expression constructor: [(identifier) (member_expression)] @binding.type)) @binding
  (#any-of? @_global "self" "window" "globalThis" "global"))
; Inheritance written out on prototypes (before `class ... extends`), owned by the constructor F
; whose prototype it sets: F.prototype = Object.create(G.prototype) and
; Object.setPrototypeOf(F.prototype, G.prototype) make G.prototype the prototype of F's
; prototype (ECMA-262 Object.create, Object.setPrototypeOf), so an F finds G's methods; Node's
; util.inherits(F, G) does the second (and the `inherits` package the first).
((assignment_expression
  left: (member_expression object: (identifier) @owner property: (property_identifier) @_proto)
  right: (call_expression
    function: (member_expression object: (identifier) @_object property: (property_identifier) @_create)
    arguments: (arguments . (member_expression
      object: [(identifier) @name (member_expression object: (_) @receiver property: (property_identifier) @name)]
      property: (property_identifier) @_base_proto)))) @reference.inherit
  (#eq? @_proto "prototype") (#eq? @_base_proto "prototype") (#eq? @_object "Object") (#eq? @_create "create"))
((call_expression
  function: (member_expression object: (identifier) @_object property: (property_identifier) @_set)
  arguments: (arguments
    . (member_expression object: (identifier) @owner property: (property_identifier) @_proto)
    . (member_expression
      object: [(identifier) @name (member_expression object: (_) @receiver property: (property_identifier) @name)]
      property: (property_identifier) @_base_proto))) @reference.inherit
  (#eq? @_proto "prototype") (#eq? @_base_proto "prototype")
  (#eq? @_object "Object") (#eq? @_set "setPrototypeOf"))
((call_expression
  function: (member_expression object: (identifier) @_util property: (property_identifier) @_inherits)
  arguments: (arguments
    . (identifier) @owner
    . [(identifier) @name (member_expression object: (_) @receiver property: (property_identifier) @name)] .)) @reference.inherit
  (#eq? @_util "util") (#eq? @_inherits "inherits"))
((call_expression
  function: (identifier) @_inherits
  arguments: (arguments
    . (identifier) @owner
    . [(identifier) @name (member_expression object: (_) @receiver property: (property_identifier) @name)] .)) @reference.inherit
  (#eq? @_inherits "inherits"))
; x = Object.create(o): an object whose prototype is o (ECMA-262), so o's members are its own
; (the stated o decides over the call's result: extract/types.py).
((variable_declarator
  name: (identifier) @binding.name
  value: (call_expression
    function: (member_expression object: (identifier) @_object property: (property_identifier) @_create)
    arguments: (arguments . [(identifier) (member_expression)] @binding.type))) @binding
  (#eq? @_object "Object") (#eq? @_create "create"))
; `x instanceof C` true narrows x to a C (TypeScript's narrowing; ECMA-262: C's prototype is on x's
; chain, so C's methods are x's): a binding of the function's scope, a candidate beside any other.
(binary_expression left: (identifier) @binding.name operator: "instanceof" right: [(identifier) (member_expression)] @binding.type) @binding
; `a ?? b` is a unless a is null or undefined, `a || b` a unless a is falsy, else b (ECMA-262,
; "Binary Logical Operators"): the name holds one of them, each a candidate (@binding.either).
(variable_declarator
  name: (identifier) @binding.name
  value: (binary_expression
    left: [(identifier) (null) (undefined) (call_expression function: [(identifier) (member_expression)])
           (new_expression constructor: [(identifier) (member_expression)])] @binding.either
    operator: ["??" "||"]
    right: [(identifier) (null) (undefined) (call_expression function: [(identifier) (member_expression)])
            (new_expression constructor: [(identifier) (member_expression)])] @binding.either)) @binding
(assignment_expression
  left: [(identifier) (member_expression object: (this) property: (property_identifier))] @binding.name
  right: (binary_expression
    left: [(identifier) (null) (undefined) (call_expression function: [(identifier) (member_expression)])
           (new_expression constructor: [(identifier) (member_expression)])] @binding.either
    operator: ["??" "||"]
    right: [(identifier) (null) (undefined) (call_expression function: [(identifier) (member_expression)])
            (new_expression constructor: [(identifier) (member_expression)])] @binding.either)) @binding
; `export default new C()` (ECMA-262: the default export is the expression's value) and CommonJS's
; `module.exports = new C()` (what require gives): the module's own export (`default`) is a C.
((export_statement "default" value: (new_expression constructor: [(identifier) (member_expression)] @binding.type)) @binding
  (#set! binding.name "default"))
((assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (new_expression constructor: [(identifier) (member_expression)] @binding.type)) @binding
  (#eq? @_module "module") (#eq? @_exports "exports") (#set! binding.name "default"))
; x = make(), x = a.b().c(): the callee's return type (resolve/types.py).
(variable_declarator
  name: (identifier) @binding.name
  value: (call_expression function: [(identifier) (member_expression)]) @binding.call) @binding
(variable_declarator
  name: (identifier) @binding.name
  value: (await_expression (call_expression function: [(identifier) (member_expression)]) @binding.call)) @binding

; Function values (resolve/values.py): a name bound to a function or method, or to one's
; .bind(); the entries of a literal object or array; what a function returns. A binding with
; no @binding.function or @binding.type rebinds the name to something else.
(variable_declarator name: (identifier) @binding.name value: [(identifier) (member_expression)] @binding.function) @binding
(assignment_expression left: (identifier) @binding.name right: [(identifier) (member_expression)] @binding.function) @binding
((variable_declarator
  name: (identifier) @binding.name
  value: (call_expression
    function: (member_expression object: [(identifier) (member_expression)] @binding.function property: (property_identifier) @_bind)))
  @binding (#eq? @_bind "bind"))
(variable_declarator
  name: (identifier) @binding.name
  value: (object (pair
    key: [(property_identifier) @binding.key (string (string_fragment) @binding.key) (number) @binding.key]
    value: [(identifier) (member_expression)] @binding.function))) @binding
(variable_declarator
  name: (identifier) @binding.name
  value: (object (shorthand_property_identifier) @binding.key @binding.function)) @binding
(variable_declarator
  name: (identifier) @binding.name
  value: (array [(identifier) (member_expression)] @binding.function @binding.index)) @binding
(assignment_expression
  left: (member_expression object: (identifier) @binding.name property: (property_identifier) @binding.key)
  right: [(identifier) (member_expression)] @binding.function) @binding
(assignment_expression
  left: (subscript_expression object: (identifier) @binding.name index: (string (string_fragment) @binding.key))
  right: [(identifier) (member_expression)] @binding.function) @binding
; F.prototype.m = f: F's instances hold the function f as m (ECMA-262: a property read on an
; instance finds it on its prototype), so this.m() in F's methods and x.m() on an F reach f.
((assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) property: (property_identifier) @_proto)
    property: (property_identifier)) @binding.name
  right: [(identifier) (member_expression)] @binding.function) @binding
  (#eq? @_proto "prototype"))
; m.set("k", f): a Map holds f under "k" (ECMA-262 Map.prototype.set), read back by m.get("k").
((call_expression
  function: (member_expression object: (identifier) @binding.name property: (property_identifier) @_set)
  arguments: (arguments . (string (string_fragment) @binding.key) . [(identifier) (member_expression)] @binding.function .))
  @binding (#eq? @_set "set"))
; F.prototype = {m: f, g}: the object is F's instances' prototype, so they hold f as m and g as g
; (the entries F.prototype[m], F.prototype[g]).
((assignment_expression
  left: (member_expression object: (identifier) property: (property_identifier) @_proto) @binding.name
  right: (object (pair
    key: [(property_identifier) @binding.key (string (string_fragment) @binding.key)]
    value: [(identifier) (member_expression)] @binding.function))) @binding
  (#eq? @_proto "prototype"))
((assignment_expression
  left: (member_expression object: (identifier) property: (property_identifier) @_proto) @binding.name
  right: (object (shorthand_property_identifier) @binding.key @binding.function)) @binding
  (#eq? @_proto "prototype"))
; a = b = f, o.a = o.b = function b() {}: each name of a chained assignment holds the value the
; assignment on its right gives (ECMA-262: an assignment's value is its right operand's).
(variable_declarator
  name: (identifier) @binding.name value: (assignment_expression left: [(identifier) (member_expression)] @binding.function)) @binding
(assignment_expression
  left: (identifier) @binding.name right: (assignment_expression left: [(identifier) (member_expression)] @binding.function)) @binding
(assignment_expression
  left: (member_expression object: (identifier) @binding.name property: (property_identifier) @binding.key)
  right: (assignment_expression left: [(identifier) (member_expression)] @binding.function)) @binding
; const { a, b: c } = o: each name holds o's property (the binding pattern reads o.a, o.b).
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @binding.name @binding.property)
  value: (identifier) @binding.object) @binding
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @binding.property value: (identifier) @binding.name))
  value: (identifier) @binding.object) @binding
(variable_declarator name: (identifier) @binding.name) @binding
(assignment_expression left: (identifier) @binding.name) @binding
(for_in_statement left: (identifier) @binding.name) @binding
((return_statement [(identifier) (member_expression)] @binding.function) @binding (#set! binding.name "()"))
; Every return statement rebinds what the function returns and tells what it returns: a return
; type inferred where every return agrees (`return new Cart()`, `return make()`), as Python's.
((return_statement (_)? @binding.returned) @binding (#set! binding.name "()") (#set! binding.inferred ""))
((arrow_function body: [(identifier) (member_expression)] @binding.function) @binding (#set! binding.name "()"))

; Names a function declares for itself (var, let, const, a loop's declaration, a catch parameter,
; an arrow's parameter): they hide an outer binding of the name (binding.local: resolve/resolver.py).
; A plain assignment declares nothing: it writes the outer variable.
((variable_declarator name: (identifier) @binding.name) @binding (#set! binding.local ""))
((variable_declarator
  name: [
    (object_pattern [(shorthand_property_identifier_pattern) @binding.name (pair_pattern value: (identifier) @binding.name)])
    (array_pattern (identifier) @binding.name)
  ]) @binding (#set! binding.local ""))
((for_in_statement kind: _ left: (identifier) @binding.name) @binding (#set! binding.local ""))
((catch_clause parameter: (identifier) @binding.name) @binding (#set! binding.local ""))
((arrow_function parameter: (identifier) @binding.name) @binding (#set! binding.local ""))

; Prose for the notes of the definition it documents or sits in (see extract.py).
(comment) @comment
; String literals are notes too: see python.scm.
(string_fragment) @doc

; ---------------------------------------------------------------------------
; Declarations (no graph node; extract/declarations.py): top-level constants, exported or
; not (a ``require`` is an import, a function value a definition already). Text predicates
; only on identifiers: a large node's text may not decode.
(program (lexical_declaration "const"
  (variable_declarator name: (identifier) @name value: [
    (number) (string) (template_string) (object) (array) (member_expression) (identifier)
    (new_expression) (binary_expression) (unary_expression) (true) (false) (null)
    (parenthesized_expression) (ternary_expression) (regex) (subscript_expression)
    (await_expression)]) @declaration.constant))
((program (lexical_declaration "const"
  (variable_declarator name: (identifier) @name value: (call_expression function: (identifier) @_callee))) @declaration.constant)
  (#not-eq? @_callee "require"))
(program (lexical_declaration "const"
  (variable_declarator name: (identifier) @name value: (call_expression function: [(member_expression) (call_expression)]))) @declaration.constant)
(program (export_statement declaration: (lexical_declaration "const"
  (variable_declarator name: (identifier) @name)) @declaration.constant))
