"""The package's front: its public names come from ``api`` and cost nothing until used."""

from __future__ import annotations

import importlib
import json
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


def test_every_api_name_is_its_modules_and_loaded_on_first_use() -> None:
    from diffreach import api

    homes = api._HOME_OF
    assert set(homes) == set(api.__all__)
    for name, module in homes.items():
        assert getattr(api, name) is getattr(importlib.import_module(module), name)
    assert set(api.__all__) <= set(dir(api))
    with pytest.raises(AttributeError, match="no_such_thing"):
        api.no_such_thing  # noqa: B018


def test_the_command_line_loads_the_stages_its_command_calls() -> None:
    """``import diffreach.cli`` (what ``--help`` runs) loads no stage of the pipeline;
    the presentation modules load when a command renders with them."""
    code = "import json, sys, diffreach.cli; print(json.dumps([m for m in sys.modules if m.startswith('diffreach.')]))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    stages = ("extract", "resolve", "index", "review", "query", "graph", "languages", "serve")
    loaded = json.loads(out)
    assert [m for m in loaded if m.split(".")[1] in stages] == []
    assert "diffreach.present.text" not in loaded
    from diffreach import present

    assert present.text.__name__ == "diffreach.present.text"
    with pytest.raises(AttributeError, match="nothing"):
        present.nothing  # noqa: B018
