"""The extractor's fast paths give what the plain ones gave."""

from __future__ import annotations

import gc

import pytest

from diffreach.extract import handlers as handlers_module
from diffreach.extract import plans as plans_module
from diffreach.extract.core import extract
from diffreach.extract.scopes import make_refs
from diffreach.extract.types import SPACES as _SPACES
from diffreach.extract.types import squeeze as _squeeze
from diffreach.languages import language_for
from diffreach.model import Ref

PY = language_for("m.py")


def test_refs_made_from_slots_equal_the_constructors() -> None:
    made = make_refs([(3, "call", 0, "f", "self", 0, "m.py::A.f", 2), (4, "value", 0, "g", "", 1, "m.py", -1)])
    assert made == [Ref("m.py::A.f", "call", "f", "self", 3, 2), Ref("m.py", "value", "g", "", 4)]
    assert [hash(r) for r in made] == [
        hash(Ref("m.py::A.f", "call", "f", "self", 3, 2)),
        hash(Ref("m.py", "value", "g", "", 4)),
    ]
    with pytest.raises(AttributeError):
        made[0].name = "h"  # type: ignore[misc]  # still frozen


@pytest.mark.parametrize("enabled", [True, False])
def test_extract_leaves_the_collector_as_it_found_it(enabled: bool) -> None:
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        extract("m.py", b"def f():\n    g()\n", PY)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_non_ascii_source_names_and_lines() -> None:
    src = 's = \'héllo wörld\'\n\ndef grüß(x):\n    """Sagt grüß."""\n    return ünter(x)\n'.encode()
    fx = extract("m.py", src, PY)
    func = fx.symbols[1]
    assert (func.name, func.signature, func.doc, func.start_line) == ("grüß", "def grüß(x)", "Sagt grüß.", 3)
    assert [(r.name, r.scope, r.line) for r in fx.refs if r.kind == "call"] == [("ünter", "m.py::grüß", 5)]


@pytest.mark.parametrize("text", ["self.x", "a .\tb", "a\u00a0b", "a\u2028b", "", " ", "x\x1cy"])
def test_squeeze_is_the_whitespace_regex(text: str) -> None:
    assert _squeeze(text) == _SPACES.sub("", text)


def test_receiver_whitespace_is_dropped_and_refs_sorted_by_line() -> None:
    fx = extract("m.py", b"b()\n(x .\n  y).z()\na()\n", PY)
    assert [(r.line, r.name, r.receiver) for r in fx.refs] == [(1, "b", ""), (2, "z", "(x.y)"), (4, "a", "")]


def test_a_pattern_without_one_main_capture_is_read_per_match(monkeypatch: pytest.MonkeyPatch) -> None:
    src = b"import os\nclass A(B):\n    def f(self, x: int):\n        y = C()\n        return g(self.h)\n"
    planned = extract("m.py", src, PY)
    monkeypatch.setattr(plans_module, "_main_candidates", lambda *_: {"definition.class", "import"})
    plans_module._plan.cache_clear()
    try:
        assert {step.handler for step in plans_module._plan(PY) if step} == {handlers_module.on_any}
        assert planned.refs and planned.imports and planned.bindings and len(planned.symbols) == 3
        assert extract("m.py", src, PY) == planned
    finally:
        plans_module._plan.cache_clear()


def test_a_spec_hashes_by_its_fields_so_an_equal_copy_shares_the_compiled_passes() -> None:
    """The spec keeps its hash (speed); equal specs must still hash alike and key the same
    compiled query and plan, and a spec that differs must not be taken for it."""
    from dataclasses import replace

    spec = language_for("a.py")
    assert spec is not None
    copy = replace(spec)
    assert copy is not spec and copy == spec and hash(copy) == hash(spec)
    assert plans_module.passes(copy) is plans_module.passes(spec)
    other = replace(spec, name="python-other")
    assert other != spec and hash(other) != hash(spec)
