"""A plain call ``name()`` where a function around it binds ``name`` (a parameter, a local): in a
language that calls locals, the binding hides every outer definition of the name and the call
is of the local's value (Python's LEGB rule; JavaScript's and Go's block scopes; Rust's value
namespace, where ``let`` shadows an item; C#'s simple names, where a local hides a member). In
Java a plain call names a method only (JLS 6.5.7.1, 15.12.1): a local or parameter hides nothing.

Each test: a small repository in, the expected and the forbidden edges out.
"""

from __future__ import annotations

from tests.test_passed_values import edges, targets


def test_python_a_parameter_or_local_named_like_a_function_hides_it_from_a_call() -> None:
    files = {
        "a.py": "def helper():\n    pass\n\ndef run(helper):\n    helper()\n\ndef main():\n    helper = make()\n"
        "    helper()\n\ndef plain():\n    helper()\n\ndef nested(helper):\n    def inner():\n        helper()\n"
        "    return inner\n\nclass Handler:\n    def __call__(self):\n        pass\n\n"
        "def typed():\n    helper = Handler()\n    helper()\n",
    }
    found = edges(files)
    assert targets(found, "a.py::run") == set()
    assert "a.py::helper" not in targets(found, "a.py::main")
    assert targets(found, "a.py::nested.inner") == set()  # the enclosing function's parameter
    assert targets(found, "a.py::plain") == {"a.py::helper"}
    assert "a.py::Handler.__call__" in targets(found, "a.py::typed")  # a local holding an instance


def test_javascript_and_go_parameters_and_locals_hide_a_function() -> None:
    files = {
        "a.js": "function helper() {}\nfunction run(helper) { helper(); }\nfunction main() { helper(); }\n"
        "const merge = (a) => { merge(a); };\nconst make = () => { const o = {}; o.extend = () => make(); };\n",
        "go.mod": "module x\n",
        "b.go": "package main\n\nfunc helper() {}\nfunc run(helper func()) { helper() }\n"
        "func main() {\n\thelper := func() {}\n\thelper()\n}\nfunc plain() { helper() }\n",
    }
    found = edges(files)
    assert targets(found, "a.js::run") == set()
    assert targets(found, "a.js::main") == {"a.js::helper"}
    # The binding of a definition's own name (const f = () => …) hides nothing: recursion stays.
    assert targets(found, "a.js::merge") == {"a.js::merge"}
    assert targets(found, "a.js::make.extend") == {"a.js::make"}
    assert targets(found, "b.go::run") == set()
    assert targets(found, "b.go::main") == set()
    assert targets(found, "b.go::plain") == {"b.go::helper"}


def test_rust_a_let_or_parameter_hides_a_function_from_a_call() -> None:
    files = {
        "Cargo.toml": '[package]\nname = "x"\n',
        "src/main.rs": "fn helper() {}\nfn other() {}\nfn run(helper: impl Fn()) {\n    helper();\n}\n"
        "fn main() {\n    let other = || {};\n    other();\n    helper();\n}\n",
    }
    found = edges(files)
    assert targets(found, "src/main.rs::run") == set()
    assert targets(found, "src/main.rs::main") == {"src/main.rs::helper"}


def test_csharp_a_delegate_parameter_or_local_hides_a_method_and_java_s_does_not() -> None:
    files = {
        "A.cs": "class A {\n  void Work() {}\n  void Run(System.Action Work) { Work(); }\n"
        "  void M() { System.Action Work = null; Work(); }\n  void N() { Work(); }\n}\n",
        "src/a/B.java": "package a;\n\nclass B {\n    void work() {}\n    void run(Runnable work) { work(); }\n"
        "    void main() { Runnable work = null; work(); }\n}\n",
    }
    found = edges(files)
    assert targets(found, "A.cs::A.Run") == set()
    assert targets(found, "A.cs::A.M") == set()
    assert targets(found, "A.cs::A.N") == {"A.cs::A.Work"}
    assert targets(found, "src/a/B.java::B.run") == {"src/a/B.java::B.work"}
    assert targets(found, "src/a/B.java::B.main") == {"src/a/B.java::B.work"}
