"""Spec: a JSX element calls its component with one argument, its attributes as one props object.

React's ``<Icon name="x" />`` is ``createElement(Icon, {name: "x"})``, which runs ``Icon(props)``:
the call a changed component's signature is judged at. TypeScript types the props object
structurally, so a props type that only gains optional properties takes every element written
for the old one; one that gains a required property may not. Through the whole pipeline."""

from __future__ import annotations

from diffreach.review.destructured import undestructured, unread
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


def test_javascript_a_props_pattern_that_newly_reads_a_property_the_element_lacks_leaves_it_undefined(
    make_repo: Make,
) -> None:
    # ECMA-262 14.3.3: a destructured property the object lacks binds undefined. An element
    # without the attribute gives the component a value it did not plan for (medium); one that
    # writes it, or a pattern that gives a default, binds as before.
    panel = "export function DebugPanel({ value, autoFold }) {\n  return <pre>{value}</pre>;\n}\n"
    uses = (
        "import { DebugPanel } from './panels';\n"
        "export function Bare() {\n  return <DebugPanel value={a > b ? x : y} autoFold />;\n}\n"
        'export function Given() {\n  return <DebugPanel mode="ast" value={x} />;\n}\n'
    )
    new = panel.replace("{ value, autoFold }", "{ mode, value, autoFold }")
    got = _radius(make_repo, {"panels.jsx": panel, "play.jsx": uses}, {"panels.jsx": new})
    bare = got["play.jsx::Bare"]
    assert (bare.verdict, _label(bare)) == ("left-undefined", "behavior-change"), bare.reasons
    assert "`mode`" in bare.reasons[0]
    assert _label(got["play.jsx::Given"]) == "reach", got["play.jsx::Given"].reasons
    defaulted = panel.replace("{ value, autoFold }", '{ mode = "ast", value, autoFold }')
    got = _radius(make_repo, {"panels.jsx": panel, "play.jsx": uses}, {"panels.jsx": defaulted})
    assert _label(got["play.jsx::Bare"]) == "reach", got["play.jsx::Bare"].reasons


def test_an_object_literal_gives_its_keys_and_a_spread_any() -> None:
    assert undestructured("{ value }", "{ mode, value }", "{ value: 1 }") == ("mode",)
    assert undestructured("{ value }", "{ mode, value }", "{ value: 1, mode }") == ()
    assert undestructured("{ value }", "{ mode, value }", "{ ...opts, value: 1 }") == ()  # forbidden: a guess
    assert undestructured("{ value }", "{ mode, value }", "<P {...props} />") == ()
    assert undestructured("{ value }", "{ mode, value }", "opts") == ()  # unread
    # A property renamed that the call gave under neither name was undefined before as well.
    assert undestructured("{ value, args }", "{ value, options }", "{ value: 1 }") == ()
    assert undestructured("{ value, args }", "{ value, options, mode }", "{ value: 1 }") == ("options", "mode")


def test_a_props_pattern_that_no_longer_reads_a_property_the_element_gives_ignores_it(make_repo: Make) -> None:
    # ECMA-262 14.3.3: a pattern reads only the properties it names. An element that writes a
    # property the pattern stopped reading (`args` renamed `options`) passes a value now ignored
    # (high); one that does not write it binds as before; a pattern with a rest element gathers it.
    translate = "export function Translate({ i18nKey, args }) {\n  return <b>{i18nKey}</b>;\n}\n"
    uses = (
        "import { Translate } from './translate';\n"
        'export function Hello() {\n  return (\n    <Translate\n      i18nKey="hi"\n      args={{ n: 1 }}\n    />\n  );\n}\n'
        'export function Plain() {\n  return <Translate i18nKey="bye" />;\n}\n'
        "export function Call() {\n  return Translate({ i18nKey: 'x', args: {} });\n}\n"
    )
    new = translate.replace("{ i18nKey, args }", "{ i18nKey, options }")
    got = _radius(make_repo, {"translate.jsx": translate, "play.jsx": uses}, {"translate.jsx": new})
    for caller in ("play.jsx::Hello", "play.jsx::Call"):
        r = got[caller]
        assert (r.verdict, _label(r)) == ("argument-dropped", "behavior-change"), (caller, r.reasons)
        assert "`args`" in r.reasons[0]
    assert _label(got["play.jsx::Plain"]) == "reach", got["play.jsx::Plain"].reasons
    gathered = translate.replace("{ i18nKey, args }", "{ i18nKey, ...rest }")
    got = _radius(make_repo, {"translate.jsx": translate, "play.jsx": uses}, {"translate.jsx": gathered})
    assert got["play.jsx::Hello"].verdict != "argument-dropped", got["play.jsx::Hello"].reasons


def test_an_object_gives_a_property_the_pattern_no_longer_reads() -> None:
    assert unread("{ a, args }", "{ a, options }", "{ a: 1, args: 2 }") == ("args",)
    assert unread("{ a, args }", "{ a, options }", '<T a="1" args={x} />') == ("args",)
    assert unread("{ a, args }", "{ a, options }", "{ a: 1 }") == ()
    assert unread("{ a, args }", "{ a, ...rest }", "{ a: 1, args: 2 }") == ()  # forbidden: gathered
    assert unread("{ a }", "{ b }", "{ c: 1 }") == ()  # never read: no change for it
    assert unread("{ a, args }", "{ a }", "{ ...o, args: 2 }") == ()  # forbidden: a spread, a guess
    assert unread("{ a, args }", "props", "{ a: 1, args: 2 }") == ()  # unread


def test_an_element_does_not_use_what_its_component_returns(make_repo: Make) -> None:
    # `<Icon name="x" />` is createElement(Icon, props): a description the renderer calls later.
    # A component returning something else (null) changes no value the element's code reads (low), unlike a
    # direct call `Icon({name})` whose value is used (medium).
    new = _ICON.replace("return <i className={name} />;", "return null;")
    uses = _USES + "export function Direct() {\n  return Icon({ name: 'z' });\n}\n"
    got = _radius(make_repo, {"Icon.tsx": _ICON, "Row.tsx": uses}, {"Icon.tsx": new})
    row = got["Row.tsx::Row"]
    assert _label(row) == "reach" and row.verdict != "return-used", (row.verdict, row.reasons)
    assert got["Row.tsx::Direct"].verdict == "return-used", got["Row.tsx::Direct"].reasons


def test_a_parameter_that_became_a_pattern_reading_its_old_name_reads_the_value_anew(make_repo: Make) -> None:
    # ECMA-262 14.3.3: `add(type, { settings, argv })` reads `settings` off the object passed.
    # A call passing what `add(type, settings)` took now has its settings read for a `settings`
    # property: it binds differently (high). A call written for the new shape binds as intended.
    old = "export function add(type, settings) {\n  return settings.exclude\n}\n"
    new = "export function add(type, { settings, argv }) {\n  return settings.exclude || argv\n}\n"
    uses = (
        "import { add } from './matchers';\n"
        "export function walk(self) {\n  return add('exclude', self.settings);\n}\n"
        "export function fresh(settings, argv) {\n  return add('exclude', { settings, argv });\n}\n"
    )
    got = _radius(make_repo, {"matchers.js": old, "walk.js": uses}, {"matchers.js": new})
    walk = got["walk.js::walk"]
    assert (walk.verdict, _label(walk)) == ("binds-differently", "behavior-change"), walk.reasons
    assert "`settings` property" in walk.reasons[0]
    assert got["walk.js::fresh"].verdict != "binds-differently", got["walk.js::fresh"].reasons
