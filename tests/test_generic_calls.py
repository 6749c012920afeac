"""Spec: a definition's own type parameters, as a call that writes no type arguments sees them.

TypeScript infers a type parameter from the argument whose parameter names it (Java, JLS 18.5.1;
Rust and Kotlin alike): a parameter retyped to the function's own `T` takes every argument T's
bound takes, any when it has none. A type parameter no parameter names takes its default or bound
whatever the call passes, so a change to it changes the call's types; so does any change where
the call writes its type arguments."""

from __future__ import annotations

from diffreach.review.generics import bound_of, declared
from tests.test_callsites import Make, _label, _radius

_CACHE = "export function set(key: string, value: unknown) {\n  return key\n}\n"
_USES = (
    "import { set } from './cache'\n"
    "export function plain() {\n  return set('a', 1)\n}\n"
    "export function explicit() {\n  return set<number>('b', 2)\n}\n"
)


def test_a_parameter_retyped_to_its_own_unbounded_type_parameter_takes_any_argument(make_repo: Make) -> None:
    new = _CACHE.replace("set(key: string, value: unknown)", "set<T>(key: string, value: T)")
    got = _radius(make_repo, {"cache.ts": _CACHE, "use.ts": _USES}, {"cache.ts": new})
    plain = got["use.ts::plain"]
    assert (plain.verdict, _label(plain)) == ("still-binds", "reach"), plain.reasons


def test_a_type_parameter_bounded_by_the_old_type_takes_what_it_took(make_repo: Make) -> None:
    old = "export interface Provider { get(): number }\nexport function wrap(p: Provider) {\n  return p\n}\n"
    uses = "import { wrap, Provider } from './wrap'\nexport function f(p: Provider) {\n  return wrap(p)\n}\n"
    bounded = old.replace("wrap(p: Provider)", "wrap<T extends Provider>(p: T)")
    got = _radius(make_repo, {"wrap.ts": old, "use.ts": uses}, {"wrap.ts": bounded})
    assert (got["use.ts::f"].verdict, _label(got["use.ts::f"])) == ("still-binds", "reach"), got["use.ts::f"].reasons
    # Forbidden: a bound narrowed to another type is still a changed type for the argument.
    generic = old.replace("wrap(p: Provider)", "wrap<T extends Provider>(p: T)")
    narrowed = generic.replace("T extends Provider", "T extends Other") + "export interface Other { put(): void }\n"
    got = _radius(make_repo, {"wrap.ts": generic, "use.ts": uses}, {"wrap.ts": narrowed})
    assert (got["use.ts::f"].verdict, _label(got["use.ts::f"])) == ("changed-type", "behavior-change")


def test_a_bound_added_to_an_unbounded_type_parameter_may_refuse_the_argument(make_repo: Make) -> None:
    # `<T>(…, value: T)` took any value (T inferred, `unknown` at most); `<T extends Cart>` refuses
    # what is no Cart: the argument's type is judged against the bound.
    generic = _CACHE.replace("set(key: string, value: unknown)", "set<T>(key: string, value: T)")
    bounded = generic.replace("set<T>(", "set<T extends Cart>(") + "export interface Cart { total(): number }\n"
    got = _radius(make_repo, {"cache.ts": generic, "use.ts": _USES}, {"cache.ts": bounded})
    assert (got["use.ts::plain"].verdict, _label(got["use.ts::plain"])) == ("changed-type", "behavior-change")


def test_a_bound_changed_on_a_type_parameter_nested_in_a_parameters_type_changes_the_calls_types(
    make_repo: Make,
) -> None:
    # `<T>(c: Config<T>)` → `<T extends object>(c: Config<T>)`: T is inferred from inside Config,
    # and its new bound may refuse what was inferred: a change of the call's types.
    machine = "export interface Config<T> { context: T }\nexport function create<T>(c: Config<T>) {\n  return c\n}\n"
    uses = "import { create } from './machine'\nexport function f() {\n  return create({ context: 1 })\n}\n"
    bounded = machine.replace("create<T>(", "create<T extends object>(")
    got = _radius(make_repo, {"machine.ts": machine, "use.ts": uses}, {"machine.ts": bounded})
    assert got["use.ts::f"].verdict == "changed-type", got["use.ts::f"].reasons
    assert "type parameters changed" in got["use.ts::f"].reasons[0]


def test_a_call_writing_its_type_arguments_follows_the_type_parameters(make_repo: Make) -> None:
    generic = _CACHE.replace("set(key: string, value: unknown)", "set<T>(key: string, value: T)")
    two = generic.replace("set<T>(", "set<T, K extends string>(").replace("key: string", "key: K")
    got = _radius(make_repo, {"cache.ts": generic, "use.ts": _USES}, {"cache.ts": two})
    assert got["use.ts::explicit"].verdict == "changed-type", got["use.ts::explicit"].reasons
    assert "type parameters changed" in got["use.ts::explicit"].reasons[0]
    assert got["use.ts::plain"].verdict == "still-binds", got["use.ts::plain"].reasons


def test_a_type_parameter_no_parameter_names_changes_the_calls_types(make_repo: Make) -> None:
    # `<T>` → `<T, R = string>` with R only in the result: every call gets R's default.
    generic = _CACHE.replace("set(key: string, value: unknown)", "set<T>(key: string, value: T)")
    added = generic.replace("set<T>(", "set<T, R = string>(")
    got = _radius(make_repo, {"cache.ts": generic, "use.ts": _USES}, {"cache.ts": added})
    assert got["use.ts::plain"].verdict == "changed-type", got["use.ts::plain"].reasons


def test_a_generic_list_read_by_declaration() -> None:
    assert declared("<T extends A = B, K>") == {"T": "extends A = B", "K": ""}
    assert declared("<'a, S: AsRef<str>, const N: usize>") == {"S": ": AsRef<str>", "N": ": usize"}
    assert declared("") == {}
    assert bound_of("extends A = B") == "A" and bound_of(": AsRef<str>") == "AsRef<str>" and bound_of("= B") == ""


_RUST_CALLERS = 'use std::path::Path;\nuse crate::open;\n\npub fn by_path(p: &Path) -> u8 {\n    open(p, "a")\n}\n'


def _rust(params: str, generics: str = "") -> dict[str, str]:
    lib = f"use std::path::Path;\npub mod b;\npub fn open{generics}({params}) -> u8 {{\n    0\n}}\n"
    return {"Cargo.toml": '[package]\nname = "t"\n', "src/lib.rs": lib, "src/b.rs": _RUST_CALLERS}


def test_rust_a_parameter_retyped_to_a_conversion_bound_takes_the_old_type(make_repo: Make) -> None:
    # std: `impl AsRef<U> for &T` where T: AsRef<U>, and Path: AsRef<Path>; `&str: Into<String>`
    # (`From<&str> for String`). `impl Trait` in a parameter is an anonymous type parameter so
    # bounded, as `<P: AsRef<Path>>` is a named one.
    old = _rust("path: &Path, mode: &str")
    for params, generics in (
        ("path: impl AsRef<Path>, mode: impl Into<String>", ""),
        ("path: P, mode: &str", "<P: AsRef<Path>>"),
    ):
        got = _radius(make_repo, old, {"src/lib.rs": _rust(params, generics)["src/lib.rs"]})
        r = got["src/b.rs::by_path"]
        assert (r.verdict, _label(r)) == ("still-binds", "reach"), (params, r.reasons)
    # Forbidden: a bound the old type does not meet is still a changed type.
    got = _radius(make_repo, old, {"src/lib.rs": _rust("path: impl AsRef<[u8]>, mode: &str")["src/lib.rs"]})
    r = got["src/b.rs::by_path"]
    assert (r.verdict, _label(r)) == ("changed-type", "behavior-change"), r.reasons


def test_a_default_changed_only_in_its_type_arguments_is_the_same_value(make_repo: Make) -> None:
    # TypeScript erases type arguments: `new Map<string, A>()` and `new Map<string, B>()` make the
    # same empty map, so a call relying on the default binds as before; another value does not.
    table = "export function index(key: string, values = new Map<string, { a: number }>()) {\n  return key\n}\n"
    uses = "import { index } from './table'\nexport function f() {\n  return index('k')\n}\n"
    retyped = table.replace("{ a: number }", "{ a: number; b: string }")
    got = _radius(make_repo, {"table.ts": table, "use.ts": uses}, {"table.ts": retyped})
    assert (got["use.ts::f"].verdict, _label(got["use.ts::f"])) == ("still-binds", "reach"), got["use.ts::f"].reasons
    other = table.replace("new Map<string, { a: number }>()", "new Set<string>()")
    got = _radius(make_repo, {"table.ts": table, "use.ts": uses}, {"table.ts": other})
    assert got["use.ts::f"].verdict == "changed-default", got["use.ts::f"].reasons


_JAVA_USE = 'package p;\n\npublic class Use {\n    void f(Store s) {\n        s.put("x");\n    }\n}\n'


def _java_store(method: str) -> str:
    return f"package p;\n\npublic class Store {{\n    {method} {{\n    }}\n}}\n"


def test_java_object_takes_any_reference_and_a_bound_narrows(make_repo: Make) -> None:
    # JLS 4.3.2: every class extends Object, so `put(String v)` → `put(Object v)` refuses nothing.
    # `<T> put(T v)` took any reference (T inferred, Object at most); `<T extends Number>` refuses a String.
    old = {"src/p/Store.java": _java_store("public void put(String v)"), "src/p/Use.java": _JAVA_USE}
    got = _radius(make_repo, old, {"src/p/Store.java": _java_store("public void put(Object v)")})
    assert (got["src/p/Use.java::Use.f"].verdict, _label(got["src/p/Use.java::Use.f"])) == ("still-binds", "reach")
    generic = {"src/p/Store.java": _java_store("public <T> void put(T v)"), "src/p/Use.java": _JAVA_USE}
    got = _radius(make_repo, generic, {"src/p/Store.java": _java_store("public <T extends Number> void put(T v)")})
    assert got["src/p/Use.java::Use.f"].verdict == "changed-type", got["src/p/Use.java::Use.f"].reasons


def test_a_javascript_call_of_a_typescript_declaration_is_judged_with_the_types_erased(make_repo: Make) -> None:
    """No compiler checks a JavaScript file's calls (``LanguageSpec.unchecked_types``): a declared
    type changed in the TypeScript it calls refuses none of its values, and new type parameters
    change nothing it passes. A TypeScript caller of the same change is still flagged."""
    area = "export function area(x: number): number {\n  return x\n}\n"
    retyped = area.replace("area(x: number)", "area(x: string)")
    generic = area.replace("area(x: number)", "area<T extends Shape>(x: T)") + "export interface Shape { n: number }\n"
    uses_js = "import { area } from './area'\nexport function f() {\n  return area(1)\n}\n"
    uses_ts = uses_js
    for new in (retyped, generic):
        got = _radius(make_repo, {"area.ts": area, "use.js": uses_js, "typed.ts": uses_ts}, {"area.ts": new})
        assert (got["use.js::f"].verdict, _label(got["use.js::f"])) == ("still-binds", "reach"), got[
            "use.js::f"
        ].reasons
        assert (got["typed.ts::f"].verdict, _label(got["typed.ts::f"])) == ("changed-type", "behavior-change")
    # Forbidden: erasing types hides no change of the parameters themselves (one more required).
    required = area.replace("area(x: number)", "area(x: number, y: number)")
    got = _radius(make_repo, {"area.ts": area, "use.js": uses_js}, {"area.ts": required})
    assert _label(got["use.js::f"]) == "behavior-change"


def test_a_union_holding_the_definition_s_own_type_parameter_takes_what_that_member_takes(make_repo: Make) -> None:
    """`value: any` → `value: T | T[]` with T unbounded: a union with a member that takes any
    value takes any value. With a bound, the member takes what the bound takes: `T extends Cart`
    refuses what is no Cart, so a call passing a number is still flagged."""
    old = "export function wrap(value: any) {\n  return value\n}\n"
    uses = "import { wrap } from './wrap'\nexport function f(n: number) {\n  return wrap(n)\n}\n"
    union = old.replace("wrap(value: any)", "wrap<T>(value: T | T[])")
    got = _radius(make_repo, {"wrap.ts": old, "use.ts": uses}, {"wrap.ts": union})
    assert (got["use.ts::f"].verdict, _label(got["use.ts::f"])) == ("still-binds", "reach"), got["use.ts::f"].reasons
    typed = old.replace("wrap(value: any)", "wrap(value: number)")
    bounded = (
        typed.replace("wrap(value: number)", "wrap<T extends Cart>(value: T | T[])")
        + "export interface Cart { n: number }\n"
    )
    got = _radius(make_repo, {"wrap.ts": typed, "use.ts": uses}, {"wrap.ts": bounded})
    assert got["use.ts::f"].verdict == "changed-type", got["use.ts::f"].reasons
