"""Spec: a JSX element calls its component with one argument, its attributes as one props object.

React's ``<Icon name="x" />`` is ``createElement(Icon, {name: "x"})``, which runs ``Icon(props)``:
the call a changed component's signature is judged at. TypeScript types the props object
structurally, so a props type that only gains optional properties takes every element written
for the old one; one that gains a required property may not. Through the whole pipeline."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_ICON = "export function Icon({ name }: { name: string }) {\n  return <i className={name} />;\n}\n"
_USES = (
    "import { Icon } from './Icon';\n"
    'export function Row() {\n  return <div><Icon name="x" /></div>;\n}\n'
    'export function Cell() {\n  return (\n    <Icon\n      name="y"\n    />\n  );\n}\n'
)


def test_a_props_type_that_gains_an_optional_property_takes_every_element(make_repo: Make) -> None:
    new = _ICON.replace("{ name }: { name: string }", "{ name, title }: { name: string; title?: string }")
    got = _radius(make_repo, {"Icon.tsx": _ICON, "Row.tsx": _USES}, {"Icon.tsx": new})
    for caller in ("Row.tsx::Row", "Row.tsx::Cell"):
        r = got[caller]
        assert _label(r) == "reach" and r.verdict != "cannot-tell", (caller, r.verdict, r.reasons)


def test_a_props_type_that_gains_a_required_property_is_flagged(make_repo: Make) -> None:
    new = _ICON.replace("{ name }: { name: string }", "{ name, title }: { name: string; title: string }")
    got = _radius(make_repo, {"Icon.tsx": _ICON, "Row.tsx": _USES}, {"Icon.tsx": new})
    r = got["Row.tsx::Row"]
    assert (r.verdict, _label(r)) == ("changed-type", "behavior-change"), r.reasons
