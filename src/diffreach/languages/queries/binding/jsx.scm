; JSX (JavaScript and TSX): handlers passed as values, and elements as calls of their component.
; Capture vocabulary: python.scm's header, and the docstring of languages/binding.py.

(jsx_expression (identifier) @value)
(jsx_expression (member_expression property: (property_identifier) @value))

; An element naming a component calls it with one argument, its attributes as one object (React's
; createElement(C, props) runs C(props)): read as an application with the element as that argument.
; The element's value is that description, not what the component returns (the renderer calls it
; later): @application.deferred.
(jsx_self_closing_element name: (identifier) @application.name)
  @application @application.argument @application.deferred
(jsx_element open_tag: (jsx_opening_element name: (identifier) @application.name))
  @application @application.argument @application.deferred
