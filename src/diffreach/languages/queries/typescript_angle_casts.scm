; TypeScript only (not TSX): `(<any>x).m()` is x's value, as `(x as any).m()` is (typescript_casts.scm).
((call_expression
  function: (member_expression
    object: (parenthesized_expression (type_assertion (type_arguments (predefined_type) @_to) (_) @receiver))
    property: (property_identifier) @name)
  arguments: (arguments)? @arguments) @reference.call
  (#any-of? @_to "any" "unknown"))
