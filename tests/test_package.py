"""The package's front: its public names come from ``api`` and cost nothing until used."""

from __future__ import annotations

import subprocess
import sys

import pytest

import diffreach


def test_the_public_functions_are_the_api_ones() -> None:
    from diffreach import api

    for name in ("blast_radius", "review_context", "callers_of", "callees_of", "radius_json", "expand", "stats"):
        assert getattr(diffreach, name) is getattr(api, name)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        diffreach.no_such_thing  # noqa: B018


def test_importing_the_package_loads_no_stage_of_the_pipeline() -> None:
    code = "import sys, diffreach; print(sorted(m for m in sys.modules if m.startswith('diffreach.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['diffreach.errors']"
