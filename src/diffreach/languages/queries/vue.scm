; Vue's Options API, added to the JavaScript/TypeScript queries for the <script>
; of .vue files (see languages/vue.py). The functions a component groups under
; methods/computed/watch are definitions; so are the hooks of a component object
; passed to defineComponent()/Vue.extend()/Vue.component() (export default {…}
; is already a definition site in ecmascript.scm).
(pair
  key: (property_identifier) @_group
  value: (object (method_definition name: (property_identifier) @name) @definition.function)
  (#match? @_group "^(methods|computed|watch)$"))
(pair
  key: (property_identifier) @_group
  value: (object (pair
    key: [(property_identifier) @name (string (string_fragment) @name)]
    value: [(arrow_function) (function_expression)]) @definition.function)
  (#match? @_group "^(methods|computed|watch)$"))
(call_expression
  function: [(identifier) (member_expression)] @_factory
  arguments: (arguments (object (method_definition name: (property_identifier) @name) @definition.function))
  (#match? @_factory "^(defineComponent|Vue\\.extend|Vue\\.component)$"))
