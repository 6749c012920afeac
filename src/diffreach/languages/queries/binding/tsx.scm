; TSX: what TypeScript binds, plus handlers passed as values in JSX.
; Capture vocabulary: python.scm's header, and the docstring of languages/binding.py.

(jsx_expression (identifier) @value)
(jsx_expression (member_expression property: (property_identifier) @value))
