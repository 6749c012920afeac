"""Spec: in Rust, the receiver of ``x.m(y)`` is an instance, never the type.

A method is called through a type only as a path, ``Type::m(&x, y)``, where the first argument
fills ``self`` (the Reference, "Method call expressions" and "Call expressions"). So ``x.m(y)``
passes ``y`` to the first parameter after ``self``: a method that gains one (``editor``) takes a
call passing one argument, and a call whose argument count its old parameters refused never
called it (matched by name only: another type's method)."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_DOC = "pub struct Document {}\nimpl Document {\n    pub fn format(&self) -> Option<u8> {\n        None\n    }\n}\n"
_USES = """\
pub fn chrono_like(t: Time, f: Fmt) -> Option<String> {
    Some(t.format(f.fmt).to_string())
}

pub fn old_call(d: Opt) -> Option<u8> {
    d.format()
}

pub fn path_call(d: Opt) -> Option<u8> {
    Document::format(&d)
}
"""


def test_a_method_call_argument_fills_the_parameter_after_self(make_repo: Make) -> None:
    new = _DOC.replace("format(&self)", "format(&self, editor: &Editor)")
    files = {"Cargo.toml": "[package]\nname = 'a'\n", "src/lib.rs": "mod doc;\nmod use_;\n"}
    got = _radius(make_repo, {**files, "src/doc.rs": _DOC, "src/use_.rs": _USES}, {"src/doc.rs": new})
    # Forbidden: reading `f.fmt` as the `self` of a call through the type.
    other = got["src/use_.rs::chrono_like"]
    assert (other.verdict, _label(other)) == ("another-definition", "reach"), other.reasons
    for caller in ("src/use_.rs::old_call", "src/use_.rs::path_call"):
        broken = got[caller]
        assert (broken.verdict, _label(broken)) == ("no-longer-binds", "behavior-change"), broken.reasons
        assert "`editor`" in broken.reasons[0]
