"""C#: a small solution in, the expected edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

REPO = {
    "src/Models/Repo.cs": "namespace App.Models;\npublic class Repo { public void Save() {} }\n",
    "src/Other/Repo.cs": "namespace App.Other;\npublic class Repo { public void Save() {} }\n",
    "src/Services/Svc.cs": (
        "using System;\nusing App.Models;\n"
        "namespace App.Services {\n"
        "  public partial class Svc : BaseSvc, IRunner {\n"
        "    private Repo _repo = new Repo();\n"
        "    public int Count { get { return Compute(); } }\n"
        "    public override void Run() { this.Helper(); _repo.Save(); base.Run(); thing.Frob(); }\n"
        "  }\n"
        "  public interface IRunner { void Run(); }\n"
        "}\n"
    ),
    "src/Services/Svc.Part.cs": (
        "namespace App.Services {\n"
        "  public partial class Svc { void Helper() {} int Compute() { return 1; } }\n"
        "  public class BaseSvc { public virtual void Run() {} }\n"
        "}\n"
    ),
    "tests/SvcSpec.cs": (
        "using App.Services;\nusing Xunit;\nnamespace App.Tests {\n"
        "public class SvcSpec {\n  [Fact]\n  public void Runs() { var s = new Svc(); s.Run(); }\n"
        "  private void Setup() {}\n}\n}\n"
    ),
}


def test_using_namespace_picks_the_right_class_of_two_namesakes() -> None:
    calls = {(e.source, e.target) for e in graph_from_sources(REPO).edges if e.kind == "calls"}
    assert ("src/Services/Svc.cs::Svc.Run", "src/Models/Repo.cs::Repo.Save") in calls
    assert ("src/Services/Svc.cs::Svc.Run", "src/Other/Repo.cs::Repo.Save") not in calls
    assert ("src/Services/Svc.cs::Svc", "src/Models/Repo.cs::Repo") in calls  # field initializer


def test_partial_class_members_property_accessors_and_base() -> None:
    g = graph_from_sources(REPO)
    edges = {(e.source, e.target, e.kind) for e in g.edges}
    assert ("src/Services/Svc.cs::Svc.Run", "src/Services/Svc.Part.cs::Svc.Helper", "calls") in edges
    assert ("src/Services/Svc.cs::Svc.Count", "src/Services/Svc.Part.cs::Svc.Compute", "calls") in edges
    assert ("src/Services/Svc.cs::Svc.Run", "src/Services/Svc.Part.cs::BaseSvc.Run", "calls") in edges
    assert ("src/Services/Svc.cs::Svc", "src/Services/Svc.Part.cs::BaseSvc", "inherits") in edges
    assert ("src/Services/Svc.cs::Svc", "src/Services/Svc.cs::IRunner", "inherits") in edges
    assert ("src/Services/Svc.cs::IRunner.Run", "src/Services/Svc.cs::Svc.Run", "dynamic") in edges


def test_xunit_fact_is_a_test_and_unknown_receiver_is_not_connected() -> None:
    g = graph_from_sources(REPO)
    tests = {s.id for s in g.symbols if s.is_test}
    assert "tests/SvcSpec.cs::SvcSpec.Runs" in tests
    assert ("tests/SvcSpec.cs::SvcSpec.Runs", "src/Services/Svc.cs::Svc.Run", "tests") in g.edge_set("tests")
    statuses = {r.ref.name: r.status for r in g.resolved if r.ref.scope == "src/Services/Svc.cs::Svc.Run"}
    assert statuses["Frob"] == "unresolved"


def test_nunit_attribute_outside_a_test_folder() -> None:
    g = graph_from_sources(
        {"src/Checks.cs": "public class Checks {\n [Test]\n public void A() {}\n public void B() {}\n}\n"}
    )
    assert {s.id for s in g.symbols if s.is_test} == {"src/Checks.cs::Checks.A"}
