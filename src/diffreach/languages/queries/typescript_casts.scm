; TypeScript, before the shared patterns (the first pattern to capture a call wins): a receiver cast
; to `any` or `unknown` (`(x as any).m()`) is x's value. A type assertion has no run-time effect (the
; handbook, "Type Assertions"); to `any` it only silences the checker, so the call runs what x's own
; type gives it. The angle-bracket form, which TSX does not have, is typescript_angle_casts.scm.
((call_expression
  function: (member_expression
    object: (parenthesized_expression (as_expression (_) @receiver (predefined_type) @_to))
    property: (property_identifier) @name)
  arguments: (arguments)? @arguments) @reference.call
  (#any-of? @_to "any" "unknown"))
