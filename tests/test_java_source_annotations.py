"""Annotations the compiler discards are no change (JLS 9.6.4.2: ``@Override`` and
``@SuppressWarnings`` have source retention; 9.6.4.4, 9.6.4.5: one asks for a check, the other
silences warnings). Adding, removing or rewriting one leaves what runs and what callers bind as
it was: the definition is not reported changed and its callers are not reached. An annotation
kept in the class file (``@Deprecated``, a framework's) still is a change."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from diffreach.cli import main

BASE = "package p;\npublic class Base {\n  public int size(int x) { return x; }\n}\n"
SUB = "package p;\npublic class Sub extends Base {\n  public int size(int x) { return x + 1; }\n}\n"
USER = "package p;\nclass User {\n  int use(Sub s) { return s.size(1); }\n}\n"
FILES = {"p/Base.java": BASE, "p/Sub.java": SUB, "p/User.java": USER, ".diffreach.toml": "warmup_reviews = 0\n"}


def _radius(root) -> dict:  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--hops", "2", "--no-history", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize(
    "annotations",
    [
        "  @Override\n",
        "  @java.lang.Override\n",
        '  @SuppressWarnings("unchecked")\n',
        '  @SuppressWarnings({"unchecked", "rawtypes"})\n  @Override\n',
    ],
)
def test_a_source_only_annotation_is_no_change(make_repo, annotations: str) -> None:
    root = make_repo(FILES)
    (root / "p/Sub.java").write_text(SUB.replace("  public int size", annotations + "  public int size"))
    radius = _radius(root)
    assert not [c for c in radius["changed"] if c["id"].endswith("Sub.size")]
    assert "p/User.java::User.use" not in {r["id"] for r in radius["callers"]}


@pytest.mark.parametrize("annotation", ["  @Deprecated\n", "  @OverrideMe\n", "  @Override.List\n"])
def test_an_annotation_kept_in_the_class_file_is_a_change(make_repo, annotation: str) -> None:
    root = make_repo(FILES)
    (root / "p/Sub.java").write_text(SUB.replace("  public int size", annotation + "  public int size"))
    radius = _radius(root)
    changed = {c["id"].split("::")[-1]: c["change"] for c in radius["changed"]}
    assert changed.get("Sub.size") == ["decorators"]
    assert "p/User.java::User.use" in {r["id"] for r in radius["callers"]}


def test_a_body_change_next_to_an_added_override_annotation_is_still_a_change(make_repo) -> None:
    root = make_repo(FILES)
    (root / "p/Sub.java").write_text(
        SUB.replace("  public int size", "  @Override\n  public int size").replace("x + 1", "x + 2")
    )
    changed = {c["id"].split("::")[-1]: c["change"] for c in _radius(root)["changed"]}
    assert changed.get("Sub.size") == ["body"]
