"""Spec: a return inside a nested function returns from it, not from the function around it.

A closure, a lambda, a local function or a Rust async block is a function of its own, and its
``return`` leaves it (every language's definition of ``return``). So an edit to a return
statement inside one changes the outer function's body, not what a call of it receives: the
callers that use its value are reached (body-only), not flagged. A changed return of the outer
function's own stays a return change."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_GO_MOD = "module example.com/m\n\ngo 1.21\n"
_GO_LIB = """\
package lib

type Runner interface{ Run() error }

func Npx(name string) (Runner, error) {
	try := map[int]func() (Runner, error){
		1: func() (Runner, error) {
			return %s
		},
	}
	return %s
}
"""
_GO_USE = """\
package lib

func Use() error {
	r, err := Npx("babel")
	if err != nil {
		return err
	}
	return r.Run()
}
"""


def test_go_a_closures_return_edited_is_the_body_of_the_function_around_it(make_repo: Make) -> None:
    old = {"go.mod": _GO_MOD, "lib/a.go": _GO_LIB % ("nil, nil", "try[1]()"), "lib/b.go": _GO_USE}
    got = _radius(make_repo, old, {"lib/a.go": _GO_LIB % ("nil, fail(name)", "try[1]()")})
    use = got["lib/b.go::Use"]
    assert (use.verdict, _label(use)) == ("body-only", "reach"), use.reasons


def test_go_the_outer_functions_own_return_edited_is_a_return_change(make_repo: Make) -> None:
    old = {"go.mod": _GO_MOD, "lib/a.go": _GO_LIB % ("nil, nil", "try[1]()"), "lib/b.go": _GO_USE}
    got = _radius(make_repo, old, {"lib/a.go": _GO_LIB % ("nil, nil", "nil, nil")})
    use = got["lib/b.go::Use"]
    assert (use.verdict, _label(use)) == ("return-used", "behavior-change"), use.reasons


_JS_LIB = "export function names(items) {\n  return items.map((x) => {\n    return %s;\n  });\n}\n"
_JS_USE = "import { names } from './lib.js';\nexport function show(xs) {\n  return names(xs).join(', ');\n}\n"


def test_javascript_an_arrow_functions_return_edited_is_the_outer_body(make_repo: Make) -> None:
    old = {"lib.js": _JS_LIB % "x.name", "use.js": _JS_USE}
    got = _radius(make_repo, old, {"lib.js": _JS_LIB % "x.title"})
    show = got["use.js::show"]
    assert (show.verdict, _label(show)) == ("body-only", "reach"), show.reasons
