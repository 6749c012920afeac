"""Spec: C#'s global using directives (C# 10, "global using directive").

A ``global using`` applies to every compilation unit of the program it is compiled into, not to
its own file only: a type of the namespace it names is in sight in every file of that project
(an SDK project compiles every ``.cs`` file under the directory of its ``.csproj``), and in none of
another project's. A plain ``using`` still binds in its own file only."""

from __future__ import annotations

from pathlib import Path

from diffreach.config import Config
from diffreach.index.build import BuiltGraph, graph_from_sources
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild, dump


def _graph(root: Path, files: dict[str, str]) -> BuiltGraph:
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return graph_from_sources(files, str(root))


def _edges(graph: BuiltGraph) -> set[tuple[str, str, str]]:
    """Calls and bases bound by the program's names, not matched by name alone."""
    by_name = ("unique-name", "ambiguous-name")
    return {
        (e.source, e.target, e.kind)
        for e in graph.edges
        if e.kind in ("calls", "tests", "inherits") and e.resolution not in by_name
    }


def _canvas(namespace: str) -> str:
    return (
        f"namespace {namespace};\n\npublic class Canvas\n{{\n    public void Render() {{ }}\n"
        "    public static void Clear() { }\n}\n"
    )


LEGEND = (
    "namespace Lib.Views;\n\npublic class Legend : Canvas\n{\n    public void Draw() { Render(); Canvas.Clear(); }\n}\n"
)


def test_a_global_using_brings_its_namespace_into_every_file_of_the_program(tmp_path: Path) -> None:
    graph = _graph(
        tmp_path,
        {
            "Drawing/Canvas.cs": _canvas("Lib.Drawing"),
            "Other/Canvas.cs": _canvas("Lib.Other"),  # a namesake no directive names
            "App.cs": "global using Lib.Drawing;\n\nnamespace Lib;\n\npublic static class App { }\n",
            "Views/Legend.cs": LEGEND,
        },
    )
    edges = _edges(graph)
    assert ("Views/Legend.cs::Legend", "Drawing/Canvas.cs::Canvas", "inherits") in edges
    assert ("Views/Legend.cs::Legend.Draw", "Drawing/Canvas.cs::Canvas.Render", "calls") in edges
    assert ("Views/Legend.cs::Legend.Draw", "Drawing/Canvas.cs::Canvas.Clear", "calls") in edges
    assert not {e for e in edges if e[1].startswith("Other/")}


def test_a_plain_using_still_binds_in_its_own_file_only(tmp_path: Path) -> None:
    graph = _graph(
        tmp_path,
        {
            "Drawing/Canvas.cs": _canvas("Lib.Drawing"),
            "App.cs": "using Lib.Drawing;\n\nnamespace Lib;\n\npublic static class App { }\n",
            "Views/Legend.cs": LEGEND,
        },
    )
    assert ("Views/Legend.cs::Legend", "Drawing/Canvas.cs::Canvas", "inherits") not in _edges(graph)


def test_a_global_using_stops_at_its_projects_boundary(tmp_path: Path) -> None:
    graph = _graph(
        tmp_path,
        {
            "Lib/Lib.csproj": '<Project Sdk="Microsoft.NET.Sdk" />\n',
            "Lib/GlobalUsings.cs": "global using Lib.Drawing;\n",
            "Lib/Drawing/Canvas.cs": _canvas("Lib.Drawing"),
            "Lib/Views/Legend.cs": LEGEND,
            "Tests/Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk" />\n',
            "Tests/GlobalUsings.cs": "global using Fakes.Drawing;\n",
            "Tests/Fakes/Canvas.cs": _canvas("Fakes.Drawing"),
            "Tests/LegendTests.cs": "namespace Tests;\n\npublic class LegendTests\n{\n"
            "    public void Clears() { Canvas.Clear(); }\n}\n",
        },
    )
    edges = _edges(graph)
    assert ("Lib/Views/Legend.cs::Legend", "Lib/Drawing/Canvas.cs::Canvas", "inherits") in edges
    assert ("Tests/LegendTests.cs::LegendTests.Clears", "Tests/Fakes/Canvas.cs::Canvas.Clear", "tests") in edges
    assert ("Tests/LegendTests.cs::LegendTests.Clears", "Lib/Drawing/Canvas.cs::Canvas.Clear", "tests") not in edges
    assert ("Lib/Views/Legend.cs::Legend", "Tests/Fakes/Canvas.cs::Canvas", "inherits") not in edges


def test_an_update_that_adds_turns_or_drops_a_global_using_equals_a_rebuild(tmp_path: Path) -> None:
    root = tmp_path / "app"
    (root / "Drawing").mkdir(parents=True)
    (root / "Views").mkdir()
    (root / "Drawing" / "Canvas.cs").write_text(_canvas("Lib.Drawing"))
    (root / "Views" / "Legend.cs").write_text(LEGEND)
    indexer = Indexer(root, Config(workers=1))
    indexer.run()
    steps = [
        {"App.cs": "global using Lib.Drawing;\n\nnamespace Lib;\n\npublic static class App { }\n"},
        {"App.cs": "using Lib.Drawing;\n\nnamespace Lib;\n\npublic static class App { }\n"},
        {"App.cs": "global using Lib.Drawing;\n\nnamespace Lib;\n\npublic static class App { }\n"},
        {"Drawing/Canvas.cs": _canvas("Lib.Paint")},
    ]
    assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    indexer.close()
    # The namespace the directive names is gone: the base is matched by its name alone, as a rebuild does.
    edges = {(e[0], e[1], e[2], e[3]) for e in dump(root)["edges"]}  # type: ignore[union-attr]
    assert ("Views/Legend.cs::Legend", "Drawing/Canvas.cs::Canvas", "inherits", "unique-name") in edges
