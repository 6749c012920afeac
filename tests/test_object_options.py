"""Spec: an options object type that only drops optional properties (TypeScript).

A value lacking the dropped properties had the old type and has the new one (structural typing):
a call passing an object literal that names none of them binds as before. An object literal is
checked for excess properties: one naming a dropped property no longer compiles. A value of
another type (a variable) is not read here: its type changed, flagged as before."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_OLD = """\
export function update(el: number, options?: {
  simultaneouslyUpdated?: readonly number[];
  changedElements?: Map<string, number>;
  indirectArrowUpdate?: boolean;
}) {
  return el;
}
"""
_NEW = _OLD.replace("  indirectArrowUpdate?: boolean;\n", "")
_USES = """\
import { update } from "./binding";

export function omitted() {
  return update(1);
}

export function others(m: Map<string, number>) {
  return update(1, { changedElements: m });
}

export function dropped() {
  return update(1, {
    indirectArrowUpdate: true,
  });
}

export function passed(o: any) {
  return update(1, o);
}
"""


def test_an_object_literal_binds_as_before_unless_it_names_a_dropped_property(make_repo: Make) -> None:
    got = _radius(make_repo, {"src/binding.ts": _OLD, "src/use.ts": _USES}, {"src/binding.ts": _NEW})
    assert _label(got["src/use.ts::omitted"]) == "reach"
    others = got["src/use.ts::others"]
    assert (others.verdict, _label(others)) == ("still-binds", "reach"), others.reasons
    dropped = got["src/use.ts::dropped"]
    assert (dropped.verdict, _label(dropped)) == ("no-longer-binds", "behavior-change"), dropped.reasons
    assert "`indirectArrowUpdate`" in dropped.reasons[0]
    # Expected: a value whose own type is not read keeps the changed-type flag.
    passed = got["src/use.ts::passed"]
    assert (passed.verdict, _label(passed)) == ("changed-type", "behavior-change"), passed.reasons
