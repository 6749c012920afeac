; JavaScript parameters (ECMAScript's FormalParameters): plain, defaulted, destructured, rest.
; Capture vocabulary: python.scm's header, and the docstring of languages/binding.py.

(formal_parameters (identifier) @param.positional @param.name) @param.list
(formal_parameters [(object_pattern) (array_pattern)] @param.positional @param.name) @param.list
(formal_parameters (assignment_pattern left: (_) @param.name right: (_) @param.value) @param.default) @param.list
(formal_parameters (rest_pattern (_) @param.name) @param.variadic) @param.list
