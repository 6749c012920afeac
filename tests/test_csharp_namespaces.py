"""Spec: C#'s namespaces and using directives (ECMA-334 14.5).

A namespace's members are visible, without a ``using``, in code of that namespace wherever its
files are and in code of the namespaces nested in it (``A.B.C`` sees ``A.B``'s and ``A``'s types).
A ``using`` directive imports into its own compilation unit only: it adds nothing to the members
of the namespace its file declares, so another file's ``using A.B;`` never reaches what the files
of ``A.B`` import."""

from __future__ import annotations

from pathlib import Path

from diffreach.config import Config
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild, dump


def _edges(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind in ("calls", "references")}


MODELS = {
    "Data/Entities/User.cs": "namespace App.Data.Entities;\n\npublic class User\n{\n    public User() { }\n}\n",
    "Web/Security/User.cs": "namespace App.Web.Security;\n\npublic class User\n{\n    public User() { }\n}\n",
}


def test_a_using_directive_imports_into_its_own_file_only() -> None:
    files = {
        **MODELS,
        # Helpers.cs imports App.Data.Entities for itself; App.Web.Api gains nothing from it.
        "Web/Api/Helpers.cs": "using App.Data.Entities;\n\nnamespace App.Web.Api;\n\n"
        "public static class Helpers\n{\n    public static User Load() { return new User(); }\n}\n",
        "Web/Api/Controller.cs": "using App.Web.Api;\nusing App.Web.Security;\n\nnamespace App.Api;\n\n"
        "public class Controller\n{\n    public void Get() { var u = new User(); Helpers.Load(); }\n}\n",
    }
    edges = _edges(files)
    assert ("Web/Api/Controller.cs::Controller.Get", "Web/Security/User.cs::User.User") in edges
    assert ("Web/Api/Controller.cs::Controller.Get", "Data/Entities/User.cs::User.User") not in edges
    assert ("Web/Api/Helpers.cs::Helpers.Load", "Data/Entities/User.cs::User.User") in edges


def test_a_namespace_sees_its_own_types_anywhere_and_those_of_enclosing_namespaces() -> None:
    files = {
        "Resolvers/BaseResolver.cs": "namespace App.Library.Resolvers;\n\n"
        "public abstract class BaseResolver\n{\n    public static void Check() { }\n}\n",
        "Resolvers/TV/EpisodeResolver.cs": "namespace App.Library.Resolvers.TV;\n\n"
        "public class EpisodeResolver : BaseResolver\n{\n    public void Resolve() { BaseResolver.Check(); Shared.Run(); }\n}\n",
        # The same namespace in another folder: no using needed.
        "Other/Place/Shared.cs": "namespace App.Library.Resolvers.TV;\n\n"
        "public static class Shared\n{\n    public static void Run() { }\n}\n",
        # A namesake in a namespace EpisodeResolver neither encloses nor imports.
        "Elsewhere/BaseResolver.cs": "namespace App.Plugins;\n\npublic abstract class BaseResolver\n{\n"
        "    public static void Check() { }\n}\n",
    }
    graph = graph_from_sources(files)
    inherits = {(e.source, e.target) for e in graph.edges if e.kind == "inherits"}
    assert ("Resolvers/TV/EpisodeResolver.cs::EpisodeResolver", "Resolvers/BaseResolver.cs::BaseResolver") in inherits
    assert (
        "Resolvers/TV/EpisodeResolver.cs::EpisodeResolver",
        "Elsewhere/BaseResolver.cs::BaseResolver",
    ) not in inherits
    edges = _edges(files)
    assert ("Resolvers/TV/EpisodeResolver.cs::EpisodeResolver.Resolve", "Other/Place/Shared.cs::Shared.Run") in edges
    assert (
        "Resolvers/TV/EpisodeResolver.cs::EpisodeResolver.Resolve",
        "Elsewhere/BaseResolver.cs::BaseResolver.Check",
    ) not in edges


def test_an_update_that_adds_or_moves_an_enclosing_namespaces_type_equals_a_rebuild(tmp_path: Path) -> None:
    root = tmp_path / "app"
    (root / "Library" / "TV").mkdir(parents=True)
    (root / "Library" / "TV" / "Episode.cs").write_text(
        "namespace App.Library.TV;\n\npublic class Episode\n{\n    public void Play() { Helper.Run(); }\n}\n"
    )
    (root / "Library" / "Movie.cs").write_text("namespace App.Library;\n\npublic class Movie { }\n")
    indexer = Indexer(root, Config(workers=1))
    indexer.run()
    helper = "public static class Helper\n{\n    public static void Run() { }\n}\n"
    steps = [
        {"Shared/Helper.cs": "namespace App;\n\n" + helper},  # the enclosing namespace gains Helper
        {"Plugins/Helper.cs": "namespace App.Plugins;\n\n" + helper},  # a namesake out of sight
        {"Shared/Helper.cs": "namespace Other;\n\n" + helper},  # Helper leaves the enclosing namespace
    ]
    (root / "Shared").mkdir()
    (root / "Plugins").mkdir()
    assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    indexer.close()
    # Out of sight now: matched by name only, as the rebuild does (before the update kept the namespace's
    # files as they were declared, and the call stayed bound by scope).
    calls = {(e[0], e[1], e[3]) for e in dump(root)["edges"] if e[2] == "calls"}  # type: ignore[union-attr]
    assert ("Library/TV/Episode.cs::Episode.Play", "Shared/Helper.cs::Helper.Run", "scope") not in calls


def test_a_using_alias_names_a_type_as_well_as_a_namespace() -> None:
    # ECMA-334 14.5.2: `using C = A.B.Canvas;` makes C the type; `using D = A.B;` the namespace.
    canvas = "public class Canvas\n{\n    public Canvas() { }\n    public static void Clear() { }\n    public void Render() { }\n}\n"
    files = {
        "Drawing/Canvas.cs": "namespace Lib.Drawing;\n\n" + canvas,
        "Other/Canvas.cs": "namespace Lib.Other;\n\n" + canvas,  # a namesake neither alias names
        "Views/Legend.cs": "using C = Lib.Drawing.Canvas;\nusing D = Lib.Drawing;\n\nnamespace Lib.Views;\n\n"
        "public class Legend\n{\n    public void Draw()\n    {\n        C.Clear();\n        var c = new C();\n"
        "        c.Render();\n        D.Canvas.Clear();\n    }\n}\n",
    }
    graph = graph_from_sources(files)
    calls = {(e.target, e.line, e.resolution) for e in graph.edges if e.source == "Views/Legend.cs::Legend.Draw"}
    assert calls == {
        ("Drawing/Canvas.cs::Canvas.Clear", 10, "type"),
        ("Drawing/Canvas.cs::Canvas.Canvas", 11, "import"),
        ("Drawing/Canvas.cs::Canvas.Render", 12, "type"),
        ("Drawing/Canvas.cs::Canvas.Clear", 13, "scope"),
    }
