"""Spec: behaviour outcomes of session 21 (issue 19). TypeScript's overload signatures are types
of one implementation, which every call runs: a signature rewritten (a parameter added) leaves a
call the new signatures take running the same body, so it binds as before; where each overload is
a method of its own (Java), a call that a removed sibling takes as well may have called that one
(session 13's test). Through the whole pipeline (a git repository, the new version in the working
tree, ``api.blast_radius``): expected and forbidden verdicts and labels per caller."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_EACH_OLD = """\
export function each<T extends object>(
    obj: T,
    iter: (key: string, value: unknown, source: T) => void
): void
export function each(obj: any, iter: any) {
    Object.keys(obj).forEach(key => iter(key, obj[key], obj))
}
"""
_EACH_NEW = """\
export function each<T extends object>(
    obj: T,
    iter: (key: string, value: unknown, source: T) => void,
    enumerableOnly?: boolean
): void
export function each(obj: any, iter: any, enumerableOnly = false) {
    ;(enumerableOnly ? Object.keys : Object.getOwnPropertyNames)(obj).forEach(key => iter(key, obj[key], obj))
}
"""
_EACH_CALLER = """\
import {each} from "./common"

export function visit(target: object, log: (k: string) => void): void {
    each(target, (key, value) => log(key))
}
"""


def test_typescript_a_call_the_rewritten_signature_takes_runs_the_one_implementation(make_repo: Make) -> None:
    got = _radius(make_repo, {"src/common.ts": _EACH_OLD, "src/visit.ts": _EACH_CALLER}, {"src/common.ts": _EACH_NEW})
    r = got["src/visit.ts::visit"]
    assert (r.verdict, _label(r)) == ("still-binds", "reach"), r.reasons
    assert not any("removed overload" in why for why in r.reasons)


def test_typescript_a_call_no_new_signature_takes_still_no_longer_binds(make_repo: Make) -> None:
    # Forbidden: the shared implementation excusing a call the new signatures refuse.
    refused = _EACH_NEW.replace("enumerableOnly?: boolean", "enumerableOnly: boolean").replace(
        "enumerableOnly = false", "enumerableOnly: boolean"
    )
    got = _radius(make_repo, {"src/common.ts": _EACH_OLD, "src/visit.ts": _EACH_CALLER}, {"src/common.ts": refused})
    r = got["src/visit.ts::visit"]
    assert _label(r) == "behavior-change", (r.verdict, r.reasons)
