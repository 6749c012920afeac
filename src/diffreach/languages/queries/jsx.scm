; JSX, for JavaScript and TSX: the plain TypeScript grammar has no JSX nodes, so
; these patterns cannot live in ecmascript.scm. Capture names: see languages/spec.py.

; Rendering <Component /> calls it (lower-case tags are HTML elements).
((jsx_opening_element name: (identifier) @name) @reference.call (#match? @name "^[A-Z]"))
((jsx_self_closing_element name: (identifier) @name) @reference.call (#match? @name "^[A-Z]"))
(jsx_opening_element name: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.call
(jsx_self_closing_element name: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.call

; Handlers passed as props: onClick={handle}, onChange={this.update}.
(jsx_expression (identifier) @name) @reference.value
(jsx_expression (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.value
