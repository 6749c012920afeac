"""Spec: a JavaScript parameter its JSDoc declares optional may be left out by a call.

JSDoc writes an optional parameter's name in brackets (``@param {T} [p]``, ``[p=value]``) or its
type with a trailing ``=`` (``{T=}``), and TypeScript's checking of JavaScript reads either as
``p?``. A call that leaves out a new parameter so declared binds as the function intends (reach);
one the doc does not mark, or marks as required, is left undefined (behaviour change)."""

from __future__ import annotations

from diffreach.languages import language_for
from diffreach.languages.binding import parameters_of
from diffreach.review.doc_optional import with_doc_optional
from tests.test_callsites import Make, _label, _radius

_OLD = """\
export class Batch {
  /**
   * @param {Array<Feature>} features Features to add.
   */
  addFeatures(features) {
    return features.length;
  }
}
"""
_USES = """\
import { Batch } from './batch.js';
export function fill(batch, features) {
  const b = new Batch();
  return b.addFeatures(features);
}
"""


def _new(doc_line: str) -> str:
    return _OLD.replace(
        "   */\n  addFeatures(features) {",
        f"   * {doc_line}\n   */\n  addFeatures(features, transform) {{",
    )


def test_a_new_parameter_the_jsdoc_brackets_is_left_out_as_intended(make_repo: Make) -> None:
    new = _new("@param {import('./proj.js').TransformFunction} [transform] Projection transform.")
    got = _radius(make_repo, {"batch.js": _OLD, "use.js": _USES}, {"batch.js": new})
    fill = got["use.js::fill"]
    assert (fill.verdict, _label(fill)) == ("still-binds", "reach"), fill.reasons


def test_a_new_parameter_the_jsdoc_types_as_required_is_left_undefined(make_repo: Make) -> None:
    new = _new("@param {TransformFunction} transform Projection transform.")
    got = _radius(make_repo, {"batch.js": _OLD, "use.js": _USES}, {"batch.js": new})
    fill = got["use.js::fill"]
    assert (fill.verdict, _label(fill)) == ("left-undefined", "behavior-change"), fill.reasons


def test_the_forms_of_an_optional_parameter() -> None:
    spec = language_for("m.js")
    assert spec is not None
    src = (
        b"/**\n"
        b" * @param {number} a First.\n"
        b" * @param {number=} b Second.\n"
        b" * @param {string} [c='x'] Third.\n"
        b" * @param [d] Fourth.\n"
        b" * @param {Object} e Fifth, about [d].\n"
        b" */\n"
        b"export function f(a, b, c, d, e) {\n  return a;\n}\n"
    )
    params = parameters_of(spec, src, 8, "f")
    assert params is not None
    got = {p.name: p.optional for p in with_doc_optional(spec, params, src, 8)}
    assert got == {"a": False, "b": True, "c": True, "d": True, "e": False}
    # Forbidden: TypeScript reads its own header, never the JSDoc.
    ts = language_for("m.ts")
    assert ts is not None
    ts_params = parameters_of(ts, src, 8, "f")
    assert ts_params is not None
    assert not any(p.optional for p in with_doc_optional(ts, ts_params, src, 8))
