; TypeScript parameters: required (with or without a default), optional (`b?`), rest, and the
; `this:` pseudo-parameter (a receiver no argument fills); overload and interface signatures.
; Capture vocabulary: python.scm's header, and the docstring of languages/binding.py.

(function_signature
  name: (identifier) @definition.name parameters: (formal_parameters) @definition.parameters) @definition
(method_signature
  name: (property_identifier) @definition.name parameters: (formal_parameters) @definition.parameters) @definition
(abstract_method_signature
  name: (property_identifier) @definition.name parameters: (formal_parameters) @definition.parameters) @definition

(formal_parameters
  (required_parameter
    pattern: [(identifier) (object_pattern) (array_pattern)] @param.name
    type: (type_annotation (_) @param.type)?) @param.positional) @param.list
(formal_parameters
  (required_parameter pattern: (_) @param.name value: (_) @param.value) @param.default) @param.list
(formal_parameters
  (optional_parameter pattern: (_) @param.name type: (type_annotation (_) @param.type)?) @param.optional) @param.list
(formal_parameters
  (optional_parameter pattern: (_) @param.name value: (_) @param.value) @param.default) @param.list
(formal_parameters
  (required_parameter
    pattern: (rest_pattern (_) @param.name) type: (type_annotation (_) @param.type)?) @param.variadic) @param.list
(formal_parameters (required_parameter pattern: (this) @param.name) @param.self) @param.list
;
; Generic parameter lists: a changed one retypes a call that binds as before.
(function_declaration type_parameters: (type_parameters) @definition.type_parameters)
(function_signature type_parameters: (type_parameters) @definition.type_parameters)
(method_signature type_parameters: (type_parameters) @definition.type_parameters)
(method_definition type_parameters: (type_parameters) @definition.type_parameters)
(abstract_method_signature type_parameters: (type_parameters) @definition.type_parameters)
(arrow_function type_parameters: (type_parameters) @definition.type_parameters)
(function_expression type_parameters: (type_parameters) @definition.type_parameters)
