"""Spec: TypeScript's overload signatures are what a call sees; one implementation runs for all.

The handbook and the spec: a function with overload signatures is called through those
signatures only (the implementation's own is hidden), and every call runs the one body. So when
signatures are removed, a call that one of the signatures left (or the implementation standing
alone) still takes binds as before and runs the same body; a call none of them takes no longer
compiles. Through the whole pipeline: expected and forbidden verdicts and labels per caller."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_OLD = """\
export class Observable {
  subscribe(observer?: Observer): Subscription;
  subscribe(next: (value: number) => void, error?: any, complete?: () => void): Subscription;
  subscribe(observerOrNext?: any, error?: any, complete?: any): Subscription {
    return new Subscription();
  }
}
export class Subscription {}
export interface Observer { next(v: number): void; }
"""
_NEW = """\
export class Observable {
  subscribe(observerOrNext?: Observer | ((value: number) => void)): Subscription {
    return new Subscription();
  }
}
export class Subscription {}
export interface Observer { next(v: number): void; }
"""
_USES = """\
import { Observable } from './obs';
export function one(o: Observable, fn: (v: number) => void) {
  o.subscribe(fn);
}
export function none(o: Observable) {
  o.subscribe();
}
export function three(o: Observable, fn: (v: number) => void) {
  o.subscribe(fn, null, () => {});
}
"""


def test_removed_signatures_leave_the_calls_the_remaining_one_takes_binding(make_repo: Make) -> None:
    got = _radius(make_repo, {"obs.ts": _OLD, "use.ts": _USES}, {"obs.ts": _NEW})
    for caller in ("use.ts::one", "use.ts::none"):
        assert _label(got[caller]) == "reach", (caller, got[caller].verdict, got[caller].reasons)
        assert got[caller].verdict not in ("no-longer-binds", "other-overload")
    # Expected: three arguments the remaining signature refuses no longer compile.
    three = got["use.ts::three"]
    assert (three.verdict, _label(three)) == ("no-longer-binds", "behavior-change"), three.reasons
    assert "no remaining `subscribe` takes the call" in three.reasons[0]


def test_a_function_split_into_signatures_binds_a_call_the_old_one_took_as_before(make_repo: Make) -> None:
    # `share()` becomes two signatures over one implementation: a call with no argument fits the
    # first, as it fitted the old function, and runs the one body. Forbidden: "now selects
    # `share(options)`" (Java's rule for overloads with bodies of their own).
    old = "export function share<T>(): Op<T> {\n  return make();\n}\n"
    new = (
        "export function share<T>(): Op<T>;\n\n"
        "export function share<T, R = T>(options: Options<T, R>): OpF<T, R>;\n\n"
        "export function share<T, R>(options: Options<T, R> = {}): OpF<T, R> {\n  return make(options);\n}\n"
    )
    uses = "import { share } from './share';\nexport function a(src: any) {\n  return src.pipe(share());\n}\n"
    got = _radius(make_repo, {"share.ts": old, "use.ts": uses}, {"share.ts": new})
    a = got["use.ts::a"]
    assert (a.verdict, _label(a)) == ("still-binds", "reach"), a.reasons


_DEFAULT_OLD = """\
export function defaultIfEmpty<T, R = T>(defaultValue?: R): Op<T, T | R>;
export function defaultIfEmpty<T, R>(defaultValue: R | null = null): Op<T, T | R> {
  return make(defaultValue);
}
"""
_DEFAULT_NEW = """\
export function defaultIfEmpty<T, R>(defaultValue: R): Op<T, T | R> {
  return make(defaultValue);
}
"""
_DEFAULT_USES = """\
import { defaultIfEmpty } from "./defaultIfEmpty";

export function given<R>(d: R) {
  return defaultIfEmpty(d);
}

export function left() {
  return defaultIfEmpty();
}
"""


def test_a_call_saw_the_signature_never_the_hidden_implementation(make_repo: Make) -> None:
    """The old implementation's `R | null` was never visible: a call passing a value was checked
    against the signature's `defaultValue?: R`, which the new `defaultValue: R` takes alike."""
    got = _radius(
        make_repo,
        {"src/defaultIfEmpty.ts": _DEFAULT_OLD, "src/use.ts": _DEFAULT_USES},
        {"src/defaultIfEmpty.ts": _DEFAULT_NEW},
    )
    given = got["src/use.ts::given"]
    assert (given.verdict, _label(given)) == ("still-binds", "reach"), given.reasons
    left = got["src/use.ts::left"]
    assert _label(left) == "behavior-change", (left.verdict, left.reasons)
