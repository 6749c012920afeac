"""Binding calls to signatures (issue 19): an old and a new definition, the calls of a caller,
each call's outcome out. Snippets go through the languages' binding queries (``parameters_of``,
``calls_in``); a few binder rules are stated on records directly."""

from __future__ import annotations

from textwrap import dedent

import pytest

from diffreach.extract.core import extract
from diffreach.languages import language_for
from diffreach.languages.binding import calls_in, overloads_of, parameters_of, rules_for, type_parameters_of
from diffreach.languages.spec import LanguageSpec
from diffreach.review.binding import (
    SEVERITY,
    ArgKind,
    Argument,
    BindingRules,
    BindProblem,
    BindStatus,
    Parameter,
    ParamKind,
    Severity,
    Verdict,
    Where,
    bind,
    judge,
    judge_call,
    most_severe,
    strip_receiver,
)


def _spec(ext: str) -> LanguageSpec:
    spec = language_for(f"snippet.{ext}")
    assert spec is not None
    return spec


def judged(
    ext: str, old: str, new: str, caller: str, callee: str, line: int = 1, owner: str = ""
) -> list[tuple[str, str]]:
    """Each call of ``callee`` in ``caller`` judged against ``callee``'s definition in ``old`` and
    ``new`` (the one starting at ``line``, else the nearest of that name; ``owner`` its class):
    (verdict, reason)."""
    spec = _spec(ext)
    rules = rules_for(spec)
    before = parameters_of(spec, dedent(old).encode(), line, callee)
    after = parameters_of(spec, dedent(new).encode(), line, callee)
    assert rules is not None and before is not None and after is not None
    others = overloads_of(spec, dedent(new).encode(), line, callee)
    was = overloads_of(spec, dedent(old).encode(), line, callee)
    code = dedent(caller).encode()
    sites = calls_in(spec, code, 1, code.count(b"\n") + 1, callee)
    outcomes = (judge_call(before, after, s, rules, others, Where(owner), was) for s in sites)
    return [(str(o.verdict), o.reason) for o in outcomes]


STILL = ("still-binds", "binds as before")

# -- Python (the language reference, "Calls") ---------------------------------------------------

ECHO_OLD = "def echo(message=None, file=None, nl=True, err=False): ...\n"
ECHO_NEW = "def echo(message, file=None, *, newline=True, err=False): ...\n"


def test_the_issue_example_echo() -> None:
    caller = 'echo("x", nl=False)\necho(err=err)\necho("x", file=f)\n'
    assert judged("py", ECHO_OLD, ECHO_NEW, caller, "echo") == [
        ("no-longer-binds", "`nl=` no longer exists (now `newline`?)"),
        ("no-longer-binds", "`message` is now required"),
        STILL,
    ]


def test_a_call_over_several_lines_is_one_call() -> None:
    caller = """\
        echo(
            "x",  # the message
            nl=False,
        )
    """
    spec = _spec("py")
    (site,) = calls_in(spec, dedent(caller).encode(), 1, 5, "echo")
    assert (site.start_line, site.end_line, len(site.arguments)) == (1, 4, 2)
    assert judged("py", ECHO_OLD, ECHO_NEW, caller, "echo") == [
        ("no-longer-binds", "`nl=` no longer exists (now `newline`?)")
    ]


def test_a_parameter_made_keyword_only_refuses_its_position() -> None:
    found = judged("py", "def f(a, b): ...", "def f(a, *, b): ...", "f(1, 2)\nf(1, b=2)\n", "f")
    assert found == [("no-longer-binds", "`b` is keyword-only now: pass it as `b=`"), STILL]


def test_a_renamed_parameter_made_keyword_only() -> None:
    found = judged("py", ECHO_OLD, ECHO_NEW, 'echo("x", f, False)\n', "echo")
    assert found == [("no-longer-binds", "`newline` is keyword-only now: pass it as `newline=`")]


def test_a_parameter_made_positional_only_refuses_its_name() -> None:
    found = judged("py", "def f(a, b): ...", "def f(a, /, b): ...", "f(a=1, b=2)\nf(1, b=2)\n", "f")
    assert found == [("no-longer-binds", "`a` is positional-only now: `a=` is refused"), STILL]


def test_kwargs_removed_refuses_the_keywords_it_took() -> None:
    found = judged("py", "def f(a, **kw): ...", "def f(a, b=None): ...", "f(1, c=3)\nf(1, b=2)\n", "f")
    assert found == [("no-longer-binds", "no parameter takes `c=` any more"), ("catch-all", found[1][1])]
    assert found[1][1] == "`b=` now goes to `b`, was `**kw`"


def test_args_gives_up_a_value_to_a_new_parameter() -> None:
    found = judged("py", "def f(a, *args): ...", "def f(a, b, *args): ...", "f(1, 2, 3)\n", "f")
    assert found == [("catch-all", "the 2nd argument `2` now goes to `b`, was `*args`")]


def test_unpacking_at_the_call_cannot_tell() -> None:
    found = judged("py", ECHO_OLD, ECHO_NEW, "echo(*args, **kwargs)\necho(*args)\n", "echo")
    assert found == [
        ("cannot-tell", "unpacking at the call (`*args`): cannot tell how it binds"),
        ("cannot-tell", "unpacking at the call (`*args`): cannot tell how it binds"),
    ]


def test_unpacking_does_not_hide_a_keyword_that_no_longer_exists() -> None:
    found = judged("py", ECHO_OLD, ECHO_NEW, "echo(*args, nl=False, **kw)\n", "echo")
    assert found == [("no-longer-binds", "`nl=` no longer exists (now `newline`?)")]


def test_a_changed_default_matters_only_to_calls_that_rely_on_it() -> None:
    found = judged("py", "def f(a, retries=3): ...", "def f(a, retries=5): ...", "f(1)\nf(1, retries=2)\n", "f")
    assert found == [("changed-default", "relies on the default of `retries`: `3` → `5`"), STILL]


def test_a_default_is_compared_as_syntax_not_as_text() -> None:
    # The same value spelled otherwise: quotes, parentheses, spacing, a trailing comma, a comment.
    for old, new in [
        ("def f(a, sep='-'): ...", 'def f(a, sep="-"): ...'),
        ('def f(a, sep="""-"""): ...', 'def f(a, sep="-"): ...'),
        ("def f(a, n=(1)): ...", "def f(a, n=1): ..."),
        ("def f(a, xs=[1,2]): ...", "def f(a, xs=[\n    1,  # one\n    2,\n]): ..."),
        ("def f(a, p=r'x'): ...", 'def f(a, p=R"x"): ...'),
    ]:
        assert judged("py", old, new, "f(1)\n", "f") == [STILL], (old, new)
    assert judged("js", "function f(a, s = 'x') {}", 'function f(a, s = ("x")) {}', "f(1);", "f") == [STILL]
    # A different value is a changed default; a string's prefix is part of its value.
    assert judged("py", "def f(a, sep='-'): ...", "def f(a, sep='+'): ...", "f(1)\n", "f") == [
        ("changed-default", "relies on the default of `sep`: `'-'` → `'+'`")
    ]
    assert judged("py", "def f(a, s='x'): ...", "def f(a, s=b'x'): ...", "f(1)\n", "f")[0][0] == "changed-default"
    assert judged("py", "def f(a, n=(1, 2)): ...", "def f(a, n=1, ): ...", "f(1)\n", "f")[0][0] == "changed-default"


def test_a_call_through_the_class_passes_the_instance_first() -> None:
    old = "class Base:\n    def __init__(self, a, b=None): ...\n"
    new = "class Base:\n    def __init__(self, a, *, b=None): ...\n"
    caller = "Base.__init__(self, 1)\nBase.__init__(self, 1, 2)\nsuper().__init__(1, 2)\nobj.__init__(1)\n"
    assert judged("py", old, new, caller, "__init__", line=2, owner="Base") == [
        STILL,
        ("no-longer-binds", "`b` is keyword-only now: pass it as `b=`"),
        ("no-longer-binds", "`b` is keyword-only now: pass it as `b=`"),
        STILL,
    ]
    # Through a class the method does not name (a subclass): the reading the old parameters take.
    old, new = "class B:\n    def m(self, a): ...\n", "class B:\n    def m(self, a, b): ...\n"
    assert judged("py", old, new, "Sub.m(obj, 1)\n", "m", line=2, owner="B") == [
        ("no-longer-binds", "new parameter `b` is required and not passed")
    ]


def test_a_class_method_is_filled_by_the_class_named_at_the_call() -> None:
    old = "class C:\n    @classmethod\n    def make(cls, a=None): ...\n"
    new = "class C:\n    @classmethod\n    def make(cls, *, a=None): ...\n"
    assert parameters_of(_spec("py"), old.encode(), 2, "make") == (
        Parameter("cls", ParamKind.RECEIVER, implicit=True),
        Parameter("a", ParamKind.POSITIONAL_OR_KEYWORD, has_default=True, default="None", default_form="None"),
    )
    assert judged("py", old, new, "C.make(1)\nC.make()\n", "make", line=2, owner="C") == [
        ("no-longer-binds", "`a` is keyword-only now: pass it as `a=`"),
        STILL,
    ]


def test_an_inserted_parameter_takes_a_positional_argument() -> None:
    found = judged("py", "def f(a, b=None): ...", "def f(a, c=None, b=None): ...", "f(1, 2)\nf(1, b=2)\n", "f")
    assert found == [("binds-differently", "the 2nd argument `2` now binds `c`, was `b`"), STILL]


def test_a_renamed_parameter_by_position_and_by_name() -> None:
    # By position the same value lands in the same place: the call binds as before (low, the
    # issue's "every call that still binds is reach"); named by its old name it no longer binds.
    found = judged("py", "def f(path): ...", "def f(filename): ...", 'f("x")\nf(path="x")\n', "f")
    assert found == [
        ("renamed-parameter", 'the 1st argument `"x"` binds `filename` by position; it was `path`'),
        ("no-longer-binds", "`path=` no longer exists (now `filename`?)"),
    ]
    assert SEVERITY[Verdict.RENAMED_PARAMETER] is Severity.LOW


def test_a_renamed_parameter_with_other_evidence_is_behaviour_change() -> None:
    # Renamed and retyped (Go, a compiler-checked type): the value may be refused, medium.
    go = judged("go", "package p\nfunc F(timeout int) {}\n", "package p\nfunc F(deadline string) {}\n", "F(3)\n", "F")
    assert go == [("changed-type", "the 1st argument `3` now binds `deadline: string`, was `timeout: int`")]
    # Renamed in TypeScript with the type kept: as before.
    ts = judged("ts", "function f(limit: number) {}\n", "function f(count: number) {}\n", "f(3);\n", "f")
    assert [v for v, _ in ts] == ["renamed-parameter"]


def test_a_constructor_call_passes_no_receiver() -> None:
    spec = _spec("py")
    old = parameters_of(spec, b"class K:\n    def __init__(self, a): ...\n", 2) or ()
    new = parameters_of(spec, b"class K:\n    def __init__(self, a, b): ...\n", 2) or ()
    (site,) = calls_in(spec, b"K(1)\n", 1, 1, "K")
    outcome = judge_call(strip_receiver(old), strip_receiver(new), site, rules_for(spec) or PY)
    assert outcome.reason == "new parameter `b` is required and not passed"


def test_self_is_the_receiver_and_a_static_method_has_none() -> None:
    old = "class C:\n    def m(self, a): ...\n    @staticmethod\n    def s(a): ...\n"
    new = "class C:\n    def m(self, a, b): ...\n    @staticmethod\n    def s(a, b=0): ...\n"
    assert judged("py", old, new, "obj.m(1)\n", "m") == [
        ("no-longer-binds", "new parameter `b` is required and not passed")
    ]
    assert judged("py", old, new, "C.s(1)\n", "s") == [STILL]


def test_a_decorated_definition_is_found_from_its_decorator_line() -> None:
    params = parameters_of(_spec("py"), b"@cache\ndef f(a, *, b=1): ...\n", 1)
    assert params == (
        Parameter("a", ParamKind.POSITIONAL_OR_KEYWORD),
        Parameter("b", ParamKind.KEYWORD_ONLY, has_default=True, default="1", default_form="1"),
    )


def test_a_function_passed_as_a_value_cannot_be_checked() -> None:
    found = judged("py", ECHO_OLD, ECHO_NEW, "handlers = [echo]\nmap(echo, xs)\n", "echo")
    assert [v for v, _ in found] == ["passed-as-value", "passed-as-value"]


# -- TypeScript and JavaScript ------------------------------------------------------------------


def test_typescript_optional_parameter_made_required() -> None:
    old = "function f(a: number, b?: string): void {}"
    new = "function f(a: number, b: string): void {}"
    assert judged("ts", old, new, 'f(1);\nf(1, "x");\n', "f") == [
        ("no-longer-binds", "`b` is now required"),
        STILL,
    ]


def test_typescript_checks_arity_over_several_lines() -> None:
    caller = "render(\n  node,\n  // the target\n  target,\n);\n"
    found = judged("tsx", "function render(n: Node, t: El) {}", "function render(n: Node) {}", caller, "render")
    assert found == [("no-longer-binds", "too many positional arguments: takes 1, given 2")]


def test_typescript_default_removed_leaves_undefined() -> None:
    found = judged("ts", "function f(a: number, b = 1) {}", "function f(a: number, b?: number) {}", "f(1);", "f")
    assert found == [("changed-default", "relies on the default of `b`: `1` → undefined")]


def test_typescript_changed_parameter_type() -> None:
    found = judged("ts", "function f(id: number) {}", "function f(id: string) {}", "f(1);", "f")
    assert found == [("changed-type", "argument type changed: `number` → `string` (`id`)")]


def test_typescript_this_parameter_is_no_argument() -> None:
    found = judged("ts", "function f(this: W, a: number) {}", "function f(this: W, a: number, b = 0) {}", "f(1);", "f")
    assert found == [STILL]


def test_javascript_binds_anything_but_a_removed_parameter_moves_arguments() -> None:
    found = judged("js", "function f(a, b, c) {}", "function f(a, c) {}", "f(1, 2, 3);\nf(1);\n", "f")
    assert found == [("binds-differently", "the 2nd argument `2` now binds `c`, was `b` (removed)"), STILL]


def test_javascript_a_new_parameter_without_default_is_left_undefined() -> None:
    assert judged("js", "function f(a) {}", "function f(a, b) {}", "f(1);", "f") == [
        ("left-undefined", "new parameter `b` is left undefined by this call")
    ]
    assert judged("js", "function f(a) {}", "function f(a, b = 2) {}", "f(1);", "f") == [STILL]
    # Every JavaScript call binds; a new parameter without a default wants a value: medium.
    assert SEVERITY[Verdict.LEFT_UNDEFINED] is Severity.MEDIUM


def test_javascript_a_function_expression_with_its_own_name() -> None:
    old = "module.exports = function createError(message, config) {\n};\n"
    new = "module.exports = function createError(message, config, code) {\n};\n"
    assert [p.name for p in parameters_of(_spec("js"), old.encode(), 1, "createError") or ()] == ["message", "config"]
    assert judged("js", old, new, "createError('m', c, 'E');\n", "createError") == [
        ("binds-differently", "the 3rd argument `'E'` was ignored and now binds `code`")
    ]


def test_javascript_arguments_object_takes_every_argument() -> None:
    old = "function f() { return arguments[1]; }"
    found = judged("js", old, "function f(a) { return a; }", "f(1, 2);", "f")
    assert found == [("argument-dropped", "the 2nd argument `2` is now ignored (`arguments` was removed)")]


def test_javascript_spread_cannot_tell() -> None:
    found = judged("js", "const f = (a, b) => a;", "const f = (b) => b;", "f(...xs);\nh(f);\n", "f")
    assert found[0] == ("cannot-tell", "unpacking at the call (`...xs`): cannot tell how it binds")
    assert found[1][0] == "passed-as-value"


# -- Go -----------------------------------------------------------------------------------------


def test_go_added_parameter() -> None:
    old = "package p\nfunc Fetch(url string) error { return nil }\n"
    new = "package p\nfunc Fetch(ctx context.Context, url string) error { return nil }\n"
    caller = 'package p\nfunc run() {\n\tFetch(\n\t\t"http://x",\n\t)\n}\n'
    assert judged("go", old, new, caller, "Fetch", line=2) == [("no-longer-binds", "`url` gets no value any more")]


def test_go_method_receiver_is_not_a_parameter() -> None:
    old = "package p\nfunc (r *Repo) Get(id int) {}\n"
    new = "package p\nfunc (r *Repo) Get(id int, fresh bool) {}\n"
    assert parameters_of(_spec("go"), old.encode(), 2) == (
        Parameter("id", ParamKind.POSITIONAL_ONLY, annotation="int", annotation_form="int"),
    )
    assert judged("go", old, new, "package p\nfunc f() { r.Get(1) }\n", "Get", line=2) == [
        ("no-longer-binds", "new parameter `fresh` is required and not passed")
    ]


def test_go_variadic_and_its_spread() -> None:
    old = "package p\nfunc Log(format string, args ...any) {}\n"
    new = "package p\nfunc Log(format string, args []any) {}\n"
    caller = 'package p\nfunc f() {\n\tLog("x", a, b)\n\tLog("x", args...)\n}\n'
    assert judged("go", old, old, caller, "Log", line=2) == [STILL, STILL]
    assert judged("go", old, new, caller, "Log", line=2) == [
        ("no-longer-binds", "too many positional arguments: takes 2, given 3"),
        ("no-longer-binds", "`args...` would fill `args`, which is not variadic"),
    ]


def test_go_changed_parameter_type() -> None:
    old, new = "package p\nfunc Wait(n int) {}\n", "package p\nfunc Wait(n time.Duration) {}\n"
    assert judged("go", old, new, "package p\nfunc f() { Wait(3) }\n", "Wait", line=2) == [
        ("changed-type", "argument type changed: `int` → `time.Duration` (`n`)")
    ]


# -- Java ---------------------------------------------------------------------------------------


def test_java_varargs_take_the_rest_and_a_new_leading_parameter_shifts_them() -> None:
    old = "class L {\n  void log(String fmt, Object... args) {}\n}\n"
    new = "class L {\n  void log(Level level, String fmt, Object... args) {}\n}\n"
    caller = 'class C { void f() { l.log("x %s",\n    y); l.log("x"); } }\n'
    assert judged("java", old, new, caller, "log") == [
        ("binds-differently", 'the 1st argument `"x %s"` now binds `level`, was `fmt`'),
        ("no-longer-binds", "`fmt` gets no value any more"),
    ]


def test_java_overload_choice_by_arity() -> None:
    old = "class K {\n  void m(int a) {}\n  void m(int a, String... rest) {}\n}\n"
    new = "class K {\n  void m(int a, int b) {}\n  void m(int a, String... rest) {}\n}\n"
    assert judged("java", old, new, "class C { void f() { k.m(1); } }", "m", line=2) == [
        ("other-overload", "no longer fits; now selects the overload (a, rest)")
    ]
    # A call that fitted neither version of m(int) called the other overload all along: it
    # binds m(int, String...) in the old and in the new version.
    assert judged("java", old, new, "class C { void f() { k.m(1, 2, 3); } }", "m", line=2) == [
        (
            "not-this-overload",
            "fits neither the old nor the new parameters: it calls the overload (a, rest), before and after",
        )
    ]


def test_java_method_reference_cannot_be_checked() -> None:
    old, new = "class K { void m(int a) {} }", "class K { void m(int a, int b) {} }"
    assert [v for v, _ in judged("java", old, new, "class C { void f() { xs.forEach(K::m); } }", "m")] == [
        "passed-as-value"
    ]


# -- Rust ---------------------------------------------------------------------------------------


def test_rust_self_is_filled_by_the_receiver_or_by_the_first_argument_of_a_path_call() -> None:
    old = "impl Shape {\n    fn area(&self) -> f64 { 0.0 }\n}\n"
    new = "impl Shape {\n    fn area(&self, scale: f64) -> f64 { 0.0 }\n}\n"
    caller = "fn f() {\n    s.area();\n    Shape::area(&s);\n}\n"
    assert judged("rs", old, old, caller, "area") == [STILL, STILL]
    assert judged("rs", old, new, caller, "area") == [
        ("no-longer-binds", "new parameter `scale` is required and not passed"),
        ("no-longer-binds", "new parameter `scale` is required and not passed"),
    ]


def test_rust_self_forms_are_receivers() -> None:
    code = b"impl T {\n    fn a(self) {}\n    fn b(&mut self, x: u8) {}\n    fn c(self: Box<Self>) {}\n}\n"
    kinds = [[p.kind for p in parameters_of(_spec("rs"), code, line) or ()] for line in (2, 3, 4)]
    assert kinds == [[ParamKind.RECEIVER], [ParamKind.RECEIVER, ParamKind.POSITIONAL_ONLY], [ParamKind.RECEIVER]]


def test_rust_arity() -> None:
    found = judged("rs", "fn f(a: i32, b: i32) {}", "fn f(a: i32) {}", "fn g() { f(1,\n  2); }", "f")
    assert found == [("no-longer-binds", "too many positional arguments: takes 1, given 2")]


# -- C# -----------------------------------------------------------------------------------------

SEND_OLD = 'class M {\n  void Send(string to, string subject = "", bool html = false) {}\n}\n'
SEND_NEW = 'class M {\n  void Send(string to, string subject = "(none)", bool isHtml = false) {}\n}\n'


def test_csharp_named_and_default_arguments() -> None:
    caller = 'class C { void F() {\n  m.Send("a", html: true);\n  m.Send("a");\n  m.Send(to: "a", subject: "s");\n} }\n'
    assert judged("cs", SEND_OLD, SEND_NEW, caller, "Send") == [
        ("no-longer-binds", "`html:` no longer exists (now `isHtml`?)"),
        ("changed-default", 'relies on the default of `subject`: `""` → `"(none)"`'),
        STILL,
    ]


def test_csharp_named_argument_in_position_before_a_positional_one() -> None:
    new = "class M {\n  void Send(string subject, string to) {}\n}\n"
    old = "class M {\n  void Send(string to, string subject) {}\n}\n"
    assert judged("cs", old, old, 'class C { void F() { m.Send(to: "a", "s"); } }', "Send") == [STILL]
    assert judged("cs", old, new, 'class C { void F() { m.Send(to: "a", "s"); } }', "Send") == [
        ("no-longer-binds", "`to` is named out of its position, before positional arguments")
    ]


def test_csharp_params_array_and_extension_receiver() -> None:
    old = "static class X {\n  static void Log(this ILog l, string f, params object[] args) {}\n}\n"
    new = "static class X {\n  static void Log(this ILog l, string f, object arg) {}\n}\n"
    caller = 'class C { void F() { log.Log("x", 1, 2); log.Log("x", 1); } }'
    assert judged("cs", old, new, caller, "Log") == [
        ("no-longer-binds", "too many positional arguments: takes 2, given 3"),
        ("catch-all", "the 2nd argument `1` now goes to `arg`, was `*args`"),
    ]


def test_csharp_overload_choice_by_arity() -> None:
    old = "class K {\n  void M(int a) {}\n  void M(int a, int b, int c = 0) {}\n}\n"
    new = "class K {\n  void M(int a, bool strict) {}\n  void M(int a, int b, int c = 0) {}\n}\n"
    assert judged("cs", old, new, "class C { void F() { k.M(1); } }", "M", line=2) == [
        ("no-longer-binds", "new parameter `strict` is required and not passed")
    ]
    assert judged("cs", old, new, "class C { void F() { k.M(1, 2); } }", "M", line=2) == [
        ("cannot-tell", "fits this overload now and another by arity: the argument types choose")
    ]
    assert judged("cs", old, new, "class C { void F() { k.M(1, 2, 3); } }", "M", line=2) == [
        (
            "not-this-overload",
            "fits neither the old nor the new parameters: it calls the overload (a, b, c), before and after",
        )
    ]


# -- Kotlin -------------------------------------------------------------------------------------

CONNECT_OLD = "fun connect(host: String, port: Int = 80, secure: Boolean = false) {}\n"
CONNECT_NEW = "fun connect(host: String, port: Int = 443, tls: Boolean = false) {}\n"


def test_kotlin_named_and_default_arguments() -> None:
    caller = 'fun f() {\n  connect("h", secure = true)\n  connect("h")\n  connect("h", 8080)\n}\n'
    assert judged("kt", CONNECT_OLD, CONNECT_NEW, caller, "connect") == [
        ("no-longer-binds", "`secure=` no longer exists (now `tls`?)"),
        ("changed-default", "relies on the default of `port`: `80` → `443`"),
        STILL,
    ]


def test_kotlin_trailing_lambda_binds_the_last_parameter() -> None:
    old = "fun retry(times: Int, block: () -> Unit) {}"
    caller = "fun f() {\n  retry(3) {\n    work()\n  }\n}\n"
    assert judged("kt", old, "fun retry(times: Int, delay: Long = 0, block: () -> Unit) {}", caller, "retry") == [STILL]
    assert judged("kt", old, "fun retry(times: Int, delay: Long, block: () -> Unit) {}", caller, "retry") == [
        ("no-longer-binds", "new parameter `delay` is required and not passed")
    ]


def test_kotlin_named_argument_in_position() -> None:
    assert judged("kt", CONNECT_OLD, CONNECT_OLD, 'fun f() { connect(host = "h", 8080) }', "connect") == [STILL]


def test_kotlin_spread_fills_only_a_vararg() -> None:
    old, new = "fun log(vararg parts: String) {}", "fun log(prefix: String, vararg parts: String) {}"
    caller = 'fun f() { log(*items); log("a", "b") }'
    assert judged("kt", old, old, caller, "log") == [STILL, STILL]
    assert judged("kt", old, new, caller, "log") == [
        ("no-longer-binds", "`*items` would fill `prefix`, which is not variadic"),
        ("catch-all", 'the 1st argument `"a"` now goes to `prefix`, was `*parts`'),
    ]


# -- the binder on records, and what the loader answers -----------------------------------------

PY = BindingRules(keyword_arguments=True, defaults=True)


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        ((Argument(), Argument(ArgKind.KEYWORD, "a", "a=1")), BindProblem.DUPLICATE),
        ((Argument(), Argument(), Argument()), BindProblem.TOO_MANY),
        ((Argument(ArgKind.KEYWORD, "b", "b=1"),), BindProblem.MISSING),
    ],
)
def test_python_binding_errors(args: tuple[Argument, ...], problem: BindProblem) -> None:
    params = (Parameter("a"), Parameter("b", has_default=True))
    found = bind(params, args, PY)
    assert (found.status, found.problem) == (BindStatus.FAILS, problem)


def test_a_keyword_spread_may_supply_what_is_missing() -> None:
    found = bind((Parameter("a"), Parameter("b")), (Argument(), Argument(ArgKind.KEYWORD_SPREAD, text="**kw")), PY)
    assert (found.status, found.unpacked) == (BindStatus.UNKNOWN, "**kw")


def test_high_and_medium_are_behaviour_changes_and_the_worst_call_wins() -> None:
    still = judge((Parameter("a"),), (Parameter("a"),), (Argument(),), PY)
    broken = judge((Parameter("a"),), (Parameter("a"), Parameter("b")), (Argument(),), PY)
    assert (still.severity, still.behavior_change) == (Severity.LOW, False)
    assert (broken.severity, broken.behavior_change) == (Severity.HIGH, True)
    assert most_severe([still, broken]) is broken
    assert broken.as_json()["verdict"] == str(Verdict.NO_LONGER_BINDS)


def test_calls_are_those_of_the_name_between_the_lines() -> None:
    code = b"def a():\n    f(1)\n    g(f(2))\n\ndef b():\n    f(3)\n"
    sites = calls_in(_spec("py"), code, 1, 4, "f")
    assert [(s.start_line, s.arguments[0].text) for s in sites] == [(2, "1"), (3, "2")]


def test_a_language_without_binding_query_answers_nothing() -> None:
    spec = _spec("rb")
    assert parameters_of(spec, b"def f(a)\nend\n", 1) is None
    assert calls_in(spec, b"f(1)\n", 1, 1, "f") == []
    assert rules_for(spec) is None


def test_vue_script_blocks_are_read_as_javascript() -> None:
    code = b"<template><div/></template>\n<script>\nfunction f(a, b) {}\nf(1,\n  2)\n</script>\n"
    spec = _spec("vue")
    assert [p.name for p in parameters_of(spec, code, 3) or ()] == ["a", "b"]
    assert [(s.start_line, s.end_line) for s in calls_in(spec, code, 1, 7, "f")] == [(4, 5)]


def test_the_issues_synthetic_change_calls_that_bind_are_reach_and_calls_that_break_are_not() -> None:
    cases = [
        ("py", ECHO_OLD, ECHO_NEW, 'echo("x")\necho("x", file=f, err=True)\necho("x", nl=False)\necho()\n', "echo", 1),
        (
            "py",
            "def save(path, overwrite=False): ...",
            "def save(filename, *, overwrite=False): ...",
            'save("a")\nsave("a", True)\nsave(path="a")\n',
            "save",
            1,
        ),
        (
            "ts",
            "function f(a: number, b?: string) {}",
            "function f(a: number, b: string) {}",
            'f(1, "x");\nf(1);\n',
            "f",
            1,
        ),
        (
            "go",
            "package p\nfunc Get(id int) {}\n",
            "package p\nfunc Get(id int, fresh bool) {}\n",
            "package p\nfunc f() { Get(1) }\n",
            "Get",
            2,
        ),
    ]
    labels = []
    for ext, old, new, caller, callee, line in cases:
        spec = _spec(ext)
        before = parameters_of(spec, old.encode(), line, callee) or ()
        after = parameters_of(spec, new.encode(), line, callee) or ()
        code = caller.encode()
        for site in calls_in(spec, code, 1, code.count(b"\n") + 1, callee):
            labels.append(judge_call(before, after, site, rules_for(spec) or PY).behavior_change)
    assert labels == [False, False, True, True, False, True, True, False, True, True]


@pytest.mark.parametrize("ext", ["py", "js", "ts", "tsx", "go", "java", "rs", "cs", "kt", "vue"])
def test_bad_input_answers_without_raising(ext: str) -> None:
    spec = _spec(ext)
    for data in (b"", b"\xff\xfe(((", b"f(" * 500, b"def f(a, b=1, *c, **d): f(1, *x)\x00" * 50):
        parameters_of(spec, data, 1)
        overloads_of(spec, data, 1, "f")
        assert isinstance(calls_in(spec, data, 1, 10**6, "f"), list)


def test_several_definitions_on_one_line_are_told_apart_by_name() -> None:
    code = b"const o = { m(a) {}, n: function (b) {}, k: (c) => c };\n"
    found = [[p.name for p in parameters_of(_spec("js"), code, 1, name) or ()] for name in "mnk"]
    assert found == [["a"], ["b"], ["c"]]


SYMBOL_SOURCES = {
    "a.py": "class C:\n    @property\n    @cache\n    def p(self): ...\n@app.route('/x',\n  methods=['GET'])\ndef v(r, *a): ...\n",
    "a.ts": "export class S {\n  @Get(':id')\n  async find(@Param('id') id: string, q?: Q) {}\n}\nexport const h = <T,>(x: T) => x;\n",
    "a.go": "package p\n\n// Handle serves.\nfunc (s *Server) Handle(w Writer, r *Request) {}\n",
    "A.java": 'class A {\n  @Override\n  public String toString() { return ""; }\n  @SafeVarargs\n  static <T> void of(T... xs) {}\n}\n',
    "a.rs": "impl S {\n    #[inline]\n    pub fn new(a: u8) -> Self { S }\n}\n#[test]\nfn t() {}\n",
    "A.cs": "class A {\n  [HttpGet]\n  public Task Get(int id, CancellationToken ct = default) { return null; }\n}\n",
    "a.kt": "class A {\n  @Test\n  fun t() {}\n  suspend fun s(a: Int = 1, vararg b: String) {}\n}\n",
}


@pytest.mark.parametrize("path", sorted(SYMBOL_SOURCES))
def test_every_function_the_extractor_finds_has_parameters_at_its_start_line(path: str) -> None:
    spec = language_for(path)
    assert spec is not None
    data = SYMBOL_SOURCES[path].encode()
    functions = [s for s in extract(path, data, spec).symbols if s.kind in ("function", "method")]
    assert functions
    assert [s.name for s in functions if parameters_of(spec, data, s.start_line) is None] == []


def test_a_changed_annotation_where_the_call_fills_the_parameter() -> None:
    caller = "f(1)\nf(1, b=2)\nf(a=1)\n"
    found = judged("py", "def f(a: int, b: int = 0): ...", "def f(a: str, b: int = 0): ...", caller, "f")
    assert found == [("changed-type", "argument type changed: `int` → `str` (`a`)")] * 3
    # Widened, spelled otherwise, or made a top type: the old value still fits.
    for old, new in [
        ("int", "int | str"),
        ("Optional[str]", "str | None"),
        ("t.Optional[t.Union[str, int]]", "str | int | None"),
        ("List[int]", "list[int]"),
        ('"Environment"', "Environment"),
        ("'t.List[V]'", "list[V]"),
        ("str", "t.Any"),
        ("dict[str, int]", "dict[str,int]"),
    ]:
        assert judged("py", f"def f(a: {old}): ...", f"def f(a: {new}): ...", "f(1)\n", "f") == [STILL], (old, new)
    # Narrowed: a value the old type allowed may be refused.
    found = judged("py", "def f(a: int | None): ...", "def f(a: int): ...", "f(x)\n", "f")
    assert found == [("changed-type", "argument type changed: `int | None` → `int` (`a`)")]
    # A parameter the call leaves to its default is not filled: its type is the function's matter.
    assert judged("py", "def f(a, b: int = 0): ...", "def f(a, b: str = ''): ...", "f(1, b=2)\n", "f")[0][0] == (
        "changed-type"
    )
    found = judged("ts", "function f(a: number, b?: number) {}", "function f(a: number, b?: string) {}", "f(1);", "f")
    assert found == [STILL]


@pytest.mark.parametrize(
    ("ext", "code", "line", "name", "generics"),
    [
        ("ts", "interface R {\n  json<T = unknown>(): Promise<T>;\n}\n", 2, "json", "<T = unknown>"),
        ("ts", "function g(a) {}", 1, "g", ""),
        ("java", "class C {\n  <T> T m(T a) { return a; }\n}", 2, "m", "<T>"),
        ("rs", "fn f<T: Clone>(a: T) {}", 1, "f", "<T: Clone>"),
        ("go", "package p\nfunc F[T any](a T) {}\n", 2, "F", "[T any]"),
    ],
)
def test_generic_parameter_lists_are_read(ext: str, code: str, line: int, name: str, generics: str) -> None:
    assert type_parameters_of(_spec(ext), code.encode(), line, name) == generics


def test_a_wrapper_that_does_not_pass_on_a_new_parameter() -> None:
    old = "def urlize(text, limit=None, rel=None): ..."
    new = "def urlize(text, limit=None, rel=None, schemes=None): ..."
    spec = _spec("py")
    before = parameters_of(spec, old.encode(), 1) or ()
    after = parameters_of(spec, new.encode(), 1) or ()
    code = b"urlize(value, limit, rel=rel)\nurlize(value)\nurlize(value, 40, rel=rel)\n"
    sites = calls_in(spec, code, 1, 3, "urlize")
    own = frozenset({"value", "limit", "rel"})  # the caller: def do_urlize(value, limit=None, rel=None)
    found = [judge_call(before, after, s, PY, where=Where(own=own)) for s in sites]
    # Passing on its own parameters, the wrapper pins the new one to its default for its callers.
    assert (found[0].verdict, found[0].reason) == (
        "not-forwarded",
        "new parameter `schemes` is not passed on: this call forwards its caller's own parameters",
    )
    assert found[0].behavior_change
    # One argument, or a value of its own: an ordinary call, which binds as before.
    assert [o.verdict for o in found[1:]] == ["still-binds", "still-binds"]
    # Without a caller's parameters (module level), no call is a wrapper's.
    assert judge_call(before, after, sites[0], PY).verdict == "still-binds"


NEITHER = "fits neither the old nor the new parameters, and no other overload takes it: cannot tell what it calls"


def test_a_call_that_fits_neither_list_cannot_be_told() -> None:
    # The binding cannot explain the call under either list and nothing else is found: cannot
    # tell (medium, said so), never "another definition" (low) on a guess.
    old, new = "def f(a): ...", "def f(a, b=0): ..."
    assert judged("py", old, new, "f(1, 2, 3)\n", "f") == [("cannot-tell", NEITHER)]
    spec = _spec("py")
    before, after = parameters_of(spec, old.encode(), 1) or (), parameters_of(spec, new.encode(), 1) or ()
    (site,) = calls_in(spec, b"f(1, 2, 3)\n", 1, 1, "f")
    through = judge_call(before, after, site, PY, where=Where(decorated=True))
    assert (through.verdict, through.behavior_change) == ("cannot-tell", True)
    assert "decorators" in through.reason


def test_fits_neither_is_another_overload_only_when_a_sibling_takes_it_before_and_after() -> None:
    java = "class K {\n  void m(int a) {}\n  void m(int a, int b, int c) {}\n}\n"
    changed = "class K {\n  void m(int a, int b) {}\n  void m(int a, int b, int c) {}\n}\n"
    caller = "class C { void f() { k.m(1, 2, 3); k.m(); } }"
    found = judged("java", java, changed, caller, "m", line=2)
    assert found == [
        (
            "not-this-overload",
            "fits neither the old nor the new parameters: it calls the overload (a, b, c), before and after",
        ),
        ("cannot-tell", NEITHER),  # no member takes ``m()``: not explained by a sibling
    ]
    # The sibling only in the new version (added with this change): it did not take the call before.
    only_new = "class K {\n  void m(int a, int b) {}\n  void m(int a, int b, int c) {}\n}\n"
    alone = "class K {\n  void m(int a) {}\n}\n"
    assert judged("java", alone, only_new, "class C { void f() { k.m(1, 2, 3); } }", "m", line=2) == [
        ("cannot-tell", NEITHER)
    ]
    assert SEVERITY[Verdict.NOT_THIS_OVERLOAD] is Severity.LOW and SEVERITY[Verdict.CANNOT_TELL] is Severity.MEDIUM


def test_a_call_that_fits_only_the_new_list_binds() -> None:
    found = judged("py", "def f(a): ...", "def f(a, b): ...", "f(1, 2)\n", "f")
    assert found == [("fits-new-only", "fits the new parameters only: updated in this change?")]
    assert SEVERITY[Verdict.FITS_NEW_ONLY] is Severity.LOW  # every call that binds is reach


def test_a_call_that_fits_only_the_new_list_refutes_an_edge_guessed_by_name() -> None:
    # `level` made optional: `y.showHelp()` did not fit the old list, so a call matched to this
    # definition by name only (a receiver of unknown type) ran another definition before: low.
    spec = _spec("ts")
    rules = rules_for(spec)
    old = b"class U {\n  showHelp(level: string): void {}\n}\n"
    new = b"class U {\n  showHelp(level?: string): void {}\n}\n"
    before, after = parameters_of(spec, old, 2, "showHelp"), parameters_of(spec, new, 2, "showHelp")
    assert rules is not None and before is not None and after is not None
    (site,) = calls_in(spec, b"y.showHelp()\n", 1, 1, "showHelp")
    guessed = judge_call(before, after, site, rules, (), Where(guessed=True))
    assert (guessed.verdict, guessed.behavior_change) == ("another-definition", False)
    bound = judge_call(before, after, site, rules, (), Where())
    assert (bound.verdict, bound.behavior_change) == ("other-overload", True)


def test_a_parameter_replaced_in_place_is_not_a_rename() -> None:
    # Renamed with its default kept: the same parameter, the call binds as before (reach).
    old = "def f(text, limit=None, nofollow=False): ..."
    assert judged("py", old, "def f(text, limit=None, no_follow=False): ...", "f(t, 40, True)\n", "f")[0][0] == (
        "renamed-parameter"
    )
    # Another name and another default: another parameter took its place.
    found = judged("py", old, "def f(text, limit=None, rel=None): ...", "f(t, 40, True)\n", "f")
    assert found == [
        ("binds-differently", "the 3rd argument `True` now binds `rel`, was `nofollow` (default `False` → `None`)")
    ]


def test_a_parameter_renamed_to_extend_its_name_and_widen_its_type_is_the_same_parameter() -> None:
    # `fn` became `excinfo_or_fn`, its declared type a union holding the old one, its default
    # gone: the same parameter widened. A call passing it by position binds the same value to
    # it (low); the removed default concerns only a call that leaves it out (now required).
    old = "def prune(tb, fn: Callable[[Entry], bool] = lambda x: True) -> Tb: ...\n"
    new = "def prune(tb, excinfo_or_fn: Union[Info, Callable[[Entry], bool]]) -> Tb: ...\n"
    caller = "prune(tb, lambda x: keep(x))\nprune(tb)\n"
    found = judged("py", old, new, caller, "prune")
    assert found[0][0] == "renamed-parameter"
    assert found[1][0] == "no-longer-binds"
    # Forbidden: the same rule where the new type no longer admits the old values, or where
    # nothing is declared: another parameter may have taken the place.
    narrowed = new.replace("Union[Info, Callable[[Entry], bool]]", "Info")
    assert judged("py", old, narrowed, caller, "prune")[0][0] in ("binds-differently", "changed-type")
    bare = ("def prune(tb, fn=None): ...\n", "def prune(tb, excinfo_or_fn=0): ...\n")
    assert judged("py", *bare, caller, "prune")[0][0] == "binds-differently"


DTS = (
    "export declare function f(a: string, b?: number): void;\ndeclare class K {\n  m(x: string): void;\n"
    "  constructor(y: number);\n}\ndeclare const ky: {\n  get(url: string, options?: Options): Reply;\n};\n"
    "export default function g(input: string): void;\n"
)


@pytest.mark.parametrize(
    ("line", "name", "names"),
    [
        (1, "f", ["a", "b"]),
        (3, "m", ["x"]),
        (4, "constructor", ["y"]),
        (7, "get", ["url", "options"]),
        (9, "g", ["input"]),
    ],
)
def test_typescript_declaration_file_signatures_are_read(line: int, name: str, names: list[str]) -> None:
    spec = language_for("index.d.ts")
    assert spec is not None
    assert [p.name for p in parameters_of(spec, DTS.encode(), line, name) or ()] == names


LINES_SOURCES = {
    **SYMBOL_SOURCES,
    "b.py": "class C:\n    @staticmethod\n    def s(a,\n          b=1): ...\n    @classmethod\n    def k(cls, *a, **kw): ...\n",
    "b.js": "function f(a) {\n  return arguments.length;\n}\nconst g = function g(\n  x,\n  y = 2\n) {};\n",
}


@pytest.mark.parametrize("path", sorted(LINES_SOURCES))
def test_a_definition_read_from_its_own_lines_is_the_whole_files(path: str) -> None:
    spec = language_for(path)
    assert spec is not None
    data = LINES_SOURCES[path].encode()
    functions = [s for s in extract(path, data, spec).symbols if s.kind in ("function", "method")]
    assert functions
    for s in functions:
        whole = parameters_of(spec, data, s.start_line, s.name)
        assert parameters_of(spec, data, s.start_line, s.name, (s.start_line, s.end_line)) == whole
        # No definition of the name starts there: the nearest in the whole file, as without lines.
        assert parameters_of(spec, data, s.start_line, s.name, (s.end_line + 1, s.end_line + 1)) == whole
        assert parameters_of(spec, data, s.end_line, s.name, (s.end_line, s.end_line)) == parameters_of(
            spec, data, s.end_line, s.name
        )
