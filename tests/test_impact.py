"""The blast radius of a diff, end to end through the CLI on temporary git repositories."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from tests.conftest import commit_all, write_files

BASE = {
    "pkg/__init__.py": "",
    "pkg/core.py": ("def helper(a):\n    return a\n\nclass Base:\n    def run(self):\n        return helper(1)\n"),
    "pkg/api.py": (
        "from .core import helper, Base\n\n"
        "def use():\n    return helper(2)\n\n"
        "def top():\n    return use()\n\n"
        "def far():\n    return top()\n\n"
        "class Sub(Base):\n    pass\n"
    ),
    "tests/test_api.py": "from pkg.api import use\n\ndef test_use():\n    assert use() == 2\n",
    ".diffreach.toml": "warmup_reviews = 0\n",
}


def impact(root: Path, *args: str, input: str | None = None) -> dict:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json", *args], input=input)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def by_id(data: dict) -> dict[str, dict]:
    return {r["id"]: r for r in data["callers"]}


def test_signature_change_reaches_callers_by_hop_and_finds_tests(make_repo) -> None:
    root = make_repo(BASE)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("def helper(a):", "def helper(a, b):"))
    data = impact(root)
    assert [(c["id"], c["change"]) for c in data["changed"]] == [("pkg/core.py::helper", ["signature"])]
    radius = by_id(data)
    assert radius["pkg/api.py::use"]["hop"] == 1
    assert radius["pkg/core.py::Base.run"]["hop"] == 1
    assert radius["pkg/api.py::top"]["hop"] == 2
    assert "pkg/api.py::far" not in radius  # hop 3 is beyond the default cap
    # helper(2) no longer matches helper(a, b): a behaviour change, not mere reach
    assert radius["pkg/api.py::use"]["label"] == "behavior-change"
    assert data["files"] == ["pkg/api.py", "pkg/core.py"]
    assert data["tests"] == ["tests/test_api.py"]
    assert data["index"]["stale"] is False
    assert data["truncated"] is False


def test_body_only_change_reaches_but_is_labelled_reach(make_repo) -> None:
    root = make_repo(BASE)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("return a\n", "a = a\n    return a\n"))
    data = impact(root)
    assert data["changed"][0]["change"] == ["body"]
    radius = by_id(data)
    assert radius["pkg/api.py::use"]["label"] == "reach"


def test_hops_flag_widens_the_walk(make_repo) -> None:
    root = make_repo(BASE)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("return a\n", "a = a\n    return a\n"))
    assert by_id(impact(root, "--hops", "3"))["pkg/api.py::far"]["hop"] == 3


def test_deleted_function_reaches_the_callers_of_its_old_name(make_repo) -> None:
    root = make_repo(BASE)
    (root / "pkg/core.py").write_text("class Base:\n    def run(self):\n        return 1\n")
    data = impact(root)
    changed = {c["id"]: c["change"] for c in data["changed"]}
    assert "deleted" in changed["pkg/core.py::helper"]
    assert "pkg/api.py::use" in by_id(data)


def test_changed_hub_lists_ranked_callers_and_says_it_was_cut(make_repo) -> None:
    callers = "".join(f"def c{i}():\n    return hub()\n\n" for i in range(25))
    root = make_repo({"lib.py": "def hub():\n    return 1\n", "use.py": "from lib import hub\n\n" + callers})
    (root / "lib.py").write_text("def hub():\n    return 2\n")
    data = impact(root)
    assert data["truncated"] is True
    assert data["hub_callers"] == [{"id": "lib.py::hub", "total": 25}]
    assert len([r for r in data["callers"] if r["hop"] == 1]) == 10
    assert any("--all-callers" in n for n in data["notes"])
    assert len([r for r in impact(root, "--all-callers")["callers"] if r["hop"] == 1]) == 25


def test_hub_reached_during_the_walk_is_listed_not_expanded(make_repo) -> None:
    callers = "".join(f"def c{i}():\n    return mid()\n\n" for i in range(22))
    root = make_repo(
        {
            "lib.py": "def leaf():\n    return 1\n\ndef mid():\n    return leaf()\n",
            "use.py": "from lib import mid\n\n" + callers,
        }
    )
    (root / "lib.py").write_text("def leaf():\n    return 2\n\ndef mid():\n    return leaf()\n")
    data = impact(root)
    radius = by_id(data)
    assert radius["lib.py::mid"]["hub"] is True
    assert not [r for r in data["callers"] if r["hop"] == 2]


def test_changed_base_method_reaches_subclass_that_inherits_it(make_repo) -> None:
    root = make_repo(BASE)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("return helper(1)", "return helper(3)"))
    radius = by_id(impact(root))
    assert radius["pkg/api.py::Sub"]["edge"] == "inherits"


def test_module_level_change_reaches_importers_of_the_module_and_its_names_not_of_its_definitions(make_repo) -> None:
    root = make_repo(
        {
            **BASE,
            "pkg/core.py": "LIMIT = 2\n" + BASE["pkg/core.py"],
            "pkg/conf.py": "from pkg.core import LIMIT, Base\n",
            "pkg/whole.py": "import pkg.core\n\nX = pkg.core.helper\n",
        }
    )
    (root / "pkg/core.py").write_text("LIMIT = 3\n" + BASE["pkg/core.py"])
    data = impact(root)
    assert data["changed"][0]["id"] == "pkg/core.py"
    radius = by_id(data)
    assert radius["pkg/conf.py"]["edge"] == radius["pkg/whole.py"]["edge"] == "imports"
    assert "pkg/api.py" not in radius  # takes only helper and Base, which did not change


def test_module_level_change_in_javascript_leaves_out_importers_of_its_functions_only(make_repo) -> None:
    lib = "export function old() { return 1; }\nconst LIMIT = 2;\n"
    root = make_repo(
        {
            "lib.js": lib,
            "named.js": 'import { old } from "./lib";\nexport const a = () => old();\n',
            "star.js": 'import * as lib from "./lib";\nexport const b = () => lib.old();\n',
            "side.js": 'import "./lib";\n',
        }
    )
    (root / "lib.js").write_text(lib.replace("LIMIT = 2", "LIMIT = 3"))
    radius = by_id(impact(root))
    assert radius["star.js"]["edge"] == radius["side.js"]["edge"] == "imports"
    assert "named.js" not in radius  # takes only old(), which did not change


def test_changed_test_file_is_reviewed_like_code(make_repo) -> None:
    root = make_repo(BASE)
    (root / "tests/test_api.py").write_text(BASE["tests/test_api.py"].replace("== 2", "== 1 + 1"))
    data = impact(root)
    assert data["changed"][0]["id"] == "tests/test_api.py::test_use"


def test_base_revision_and_diff_from_stdin(make_repo) -> None:
    root = make_repo(BASE)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("def helper(a):", "def helper(a, b=1):"))
    commit_all(root)
    data = impact(root, "--base", "HEAD~1")
    assert data["changed"][0]["id"] == "pkg/core.py::helper"
    assert data["base"]
    diff = CliRunner().invoke(main, ["--help"])  # sanity: the CLI loads
    assert diff.exit_code == 0
    import subprocess

    text = subprocess.run(["git", "-C", str(root), "diff", "HEAD~1", "HEAD"], capture_output=True, text=True).stdout
    data = impact(root, "--diff", "-", input=text)
    assert data["changed"][0]["id"] == "pkg/core.py::helper"


def test_cross_cutting_change_lifts_the_caps_and_says_so(make_repo) -> None:
    files = dict(BASE)
    files[".diffreach.toml"] = 'warmup_reviews = 0\ncross_cutting = ["pkg/core.py"]\n'
    root = make_repo(files)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("return a\n", "a = a\n    return a\n"))
    data = impact(root)
    assert any("cross-cutting" in n for n in data["notes"])
    assert by_id(data)["pkg/api.py::far"]["hop"] == 3


def test_warm_up_uses_a_wider_hop_cap_for_the_first_reviews(make_repo) -> None:
    files = dict(BASE)
    files[".diffreach.toml"] = "warmup_reviews = 1\nwarmup_hops = 3\n"
    root = make_repo(files)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("return a\n", "a = a\n    return a\n"))
    first = impact(root)
    assert impact(root) == first  # the same change is counted once: the same answer (issue 21)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("return a\n", "a = a + 0\n    return a\n"))
    second = impact(root)
    assert first["hops"] == 3 and any("warm-up" in n for n in first["notes"])
    assert second["hops"] == 2


def test_tests_command_prints_test_files(make_repo) -> None:
    root = make_repo(BASE)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("return a\n", "a = a\n    return a\n"))
    result = CliRunner().invoke(main, ["tests", "--root", str(root)])
    assert result.exit_code == 0
    assert result.output.split() == ["tests/test_api.py"]


def test_tests_the_diff_adds_or_edits_are_tests_to_run(make_repo) -> None:
    root = make_repo({**BASE, "tests/test_old.py": "def test_gone():\n    assert True\n"})
    (root / "tests/test_api.py").write_text(BASE["tests/test_api.py"].replace("== 2", "== 2, 'two'"))
    (root / "tests/test_new.py").write_text("def test_fresh():\n    assert 1 + 1 == 2\n")
    (root / "tests/test_old.py").unlink()
    data = impact(root)
    assert data["tests"] == ["tests/test_api.py", "tests/test_new.py"]  # neither calls a changed symbol
    result = CliRunner().invoke(main, ["tests", "--root", str(root)])
    assert result.output.split() == ["tests/test_api.py", "tests/test_new.py"]


def test_untracked_source_files_are_part_of_the_working_tree_change(make_repo) -> None:
    root = make_repo({**BASE, ".gitignore": "scratch/\n"})
    (root / "pkg/extra.py").write_text("from .core import helper\n\ndef extra():\n    return helper(5)\n")
    (root / "scratch").mkdir()
    (root / "scratch/tmp.py").write_text("def ignored():\n    pass\n")
    (root / "notes.txt").write_text("not code\n")
    (root / ".venv/lib").mkdir(parents=True)  # not ignored, yet vendored: the index skips it
    (root / ".venv/lib/six.py").write_text("def wraps():\n    pass\n")
    data = impact(root)
    assert [(c["id"], c["change"]) for c in data["changed"]] == [
        ("pkg/extra.py", ["added"]),
        ("pkg/extra.py::extra", ["added"]),
    ]
    assert "pkg/core.py::helper" in data["uses"]
    assert any(n == "untracked files read as added: pkg/extra.py" for n in data["notes"])
    assert impact(root, "--staged")["changed"] == []  # the index alone: nothing added to it


def test_human_output_lists_the_first_changed_symbols_and_counts_the_rest(make_repo) -> None:
    root = make_repo(BASE)
    (root / "pkg/many.py").write_text("".join(f"def f{i}():\n    return {i}\n\n" for i in range(60)))
    result = CliRunner().invoke(main, ["impact", "--root", str(root)])
    lines = result.output.splitlines()
    assert "hop 0 — changed (61)" in lines  # the file and its 60 functions
    assert sum(1 for line in lines if line.startswith("  pkg/many.py")) == 50
    assert "  … 11 more (--json lists them all)" in lines
    assert len(impact(root)["changed"]) == 61


def test_bad_revisions_and_diffs_are_one_line_errors(make_repo) -> None:
    root = make_repo(BASE)
    for args, needle in (
        (["--base", "--upload-pack=evil"], "refusing revision"),
        (["--base", "nope"], "unknown revision"),
        (["--diff", "-"], "diff"),
    ):
        result = CliRunner().invoke(main, ["impact", "--root", str(root), *args], input="@@ -1,2 +1,2 @@\n garbage\n")
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith("error:") and needle in result.output
        assert result.output.count("\n") == 1


def test_missing_path_is_a_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["index", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert result.output.startswith("error: path does not exist")


def test_human_output_groups_by_hop(make_repo) -> None:
    root = make_repo(BASE)
    write_files(root, {"pkg/core.py": BASE["pkg/core.py"].replace("def helper(a):", "def helper(a, b):")})
    result = CliRunner().invoke(main, ["impact", "--root", str(root)])
    assert result.exit_code == 0
    assert "hop 1 — direct callers: required reading" in result.output
    assert "hop 2 — indirect callers: skim for contract drift" in result.output


def test_diff_not_yet_applied_is_read_against_the_old_side_on_disk(make_repo) -> None:
    import subprocess

    root = make_repo(BASE)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("def helper(a):", "def helper(a, b):"))
    text = subprocess.run(["git", "-C", str(root), "diff"], capture_output=True, text=True).stdout
    subprocess.run(["git", "-C", str(root), "checkout", "--", "."], check=True)
    data = impact(root, "--diff", "-", input=text)
    assert [(c["id"], c["change"]) for c in data["changed"]] == [("pkg/core.py::helper", ["signature"])]
    assert "pkg/api.py::use" in by_id(data)


def test_changed_override_reaches_callers_of_the_base_method_at_hop_one(make_repo) -> None:
    root = make_repo(
        {
            "shapes.py": (
                "class Shape:\n    def area(self):\n        return 0\n\n"
                "class Square(Shape):\n    def area(self):\n        return 4\n"
            ),
            "report.py": "from shapes import Shape\n\ndef total(shape: Shape):\n    return shape.area()\n",
            ".diffreach.toml": "warmup_reviews = 0\n",
        }
    )
    (root / "shapes.py").write_text((root / "shapes.py").read_text().replace("return 4", "return 5"))
    radius = by_id(impact(root))
    assert radius["shapes.py::Shape.area"]["edge"] == "dynamic"
    assert radius["report.py::total"]["hop"] == 1


def test_changed_override_in_a_test_fake_does_not_reach_the_callers_of_the_base_method(make_repo) -> None:
    root = make_repo(
        {
            "shapes.py": "class Shape:\n    def area(self):\n        return 0\n",
            "report.py": "from shapes import Shape\n\ndef total(shape: Shape):\n    return shape.area()\n",
            "tests/test_report.py": (
                "from shapes import Shape\nfrom report import total\n\n"
                "class FakeShape(Shape):\n    def area(self):\n        return 4\n\n"
                "def test_total():\n    assert total(FakeShape()) == 4\n"
            ),
            ".diffreach.toml": "warmup_reviews = 0\n",
        }
    )
    fake = root / "tests/test_report.py"
    fake.write_text(fake.read_text().replace("return 4", "return 5"))
    data = impact(root)
    assert [c["id"] for c in data["changed"]] == ["tests/test_report.py::FakeShape.area"]
    radius = by_id(data)
    assert "shapes.py::Shape.area" not in radius and "report.py::total" not in radius


def test_registry_declared_in_config_links_dispatch_to_registered_functions(make_repo) -> None:
    root = make_repo(
        {
            ".diffreach.toml": 'warmup_reviews = 0\ndynamic = [{register = "register", dispatch = "dispatch"}]\n',
            "handlers.py": "from registry import register\n\ndef on_save():\n    return 1\n\nregister('save', on_save)\n",
            "registry.py": "TABLE = {}\n\ndef register(name, fn):\n    TABLE[name] = fn\n\ndef dispatch(name):\n    return TABLE[name]()\n",
            "app.py": "from registry import dispatch\n\ndef handle():\n    return dispatch('save')\n",
        }
    )
    (root / "handlers.py").write_text((root / "handlers.py").read_text().replace("return 1", "return 2"))
    radius = by_id(impact(root))
    assert radius["app.py::handle"]["edge"] == "dynamic"


def test_changed_signature_lists_call_sites_on_receivers_of_unknown_type(make_repo) -> None:
    root = make_repo(
        {
            "app.py": (
                "class App:\n    def url_for(self, name):\n        return name\n\n"
                "class Router:\n    def url_for(self, name):\n        return name\n\n"
                "class Mount:\n    def url_for(self, name):\n        return name\n\n"
                "class Host:\n    def url_for(self, name):\n        return name\n"
            ),
            "views.py": "def link(request):\n    return request.app.url_for('home')\n",
            ".diffreach.toml": "warmup_reviews = 0\n",
        }
    )
    (root / "app.py").write_text(
        (root / "app.py")
        .read_text()
        .replace("class App:\n    def url_for(self, name):", "class App:\n    def url_for(self, name, **params):")
    )
    data = impact(root)
    row = by_id(data)["views.py::link"]
    assert (row["hop"], row["resolution"]) == (1, "name")
    assert any("ambiguous" in n for n in data["notes"])
    (root / ".diffreach.toml").write_text("warmup_reviews = 0\nname_matches = 0\n")
    capped = impact(root)
    assert "views.py::link" not in by_id(capped)
    assert "1 call site of 'url_for' on receivers of unknown type not listed (cap 0)" in capped["notes"]


def test_call_sites_in_tests_do_not_use_up_the_cap_on_unknown_receivers(make_repo) -> None:
    # The cap bounds what a reviewer reads: the one site in code is listed although the tests
    # call the name on unknown receivers more often than the cap allows; those are counted.
    root = make_repo(
        {
            "app.py": "".join(
                f"class {c}:\n    def url_for(self, name):\n        return name\n\n"
                for c in ("App", "Router", "Mount", "Host")
            ),
            "views.py": "def link(request):\n    return request.app.url_for('home')\n",
            "tests/test_views.py": "def test_links(client):\n" + "    client.url_for('a')\n" * 3,
            ".diffreach.toml": "warmup_reviews = 0\nname_matches = 2\n",
        }
    )
    (root / "app.py").write_text(
        (root / "app.py").read_text().replace("url_for(self, name):", "url_for(self, name, x):", 1)
    )
    data = impact(root)
    assert (by_id(data)["views.py::link"]["hop"], by_id(data)["views.py::link"]["resolution"]) == (1, "name")
    assert "tests/test_views.py::test_links" not in by_id(data)
    assert "3 call sites in tests of 'url_for' on receivers of unknown type not listed (cap 2)" in data["notes"]


def test_changed_return_lists_call_sites_on_receivers_of_unknown_type_but_a_body_change_does_not(make_repo) -> None:
    files = {
        "app.py": "".join(
            f"class {c}:\n    def url_for(self, name) -> str:\n        return name\n\n"
            for c in ("App", "Router", "Mount", "Host")
        ),
        "views.py": "def link(request):\n    return request.app.url_for('home')\n",
        ".diffreach.toml": "warmup_reviews = 0\n",
    }
    root = make_repo(files)
    app = root / "app.py"
    app.write_text(
        files["app.py"].replace("        return name\n", "        name = name or 'home'\n        return name\n", 1)
    )
    assert "views.py::link" not in by_id(impact(root))  # the callers' contract still holds
    app.write_text(files["app.py"].replace("def url_for(self, name) -> str:", "def url_for(self, name) -> bytes:", 1))
    assert (by_id(impact(root))["views.py::link"]["resolution"]) == "name"


def test_new_optional_parameter_leaves_fitting_callers_as_reach(make_repo) -> None:
    root = make_repo(BASE)
    (root / "pkg/core.py").write_text(BASE["pkg/core.py"].replace("def helper(a):", "def helper(a, strict=False):"))
    radius = by_id(impact(root))
    assert radius["pkg/api.py::use"]["label"] == "reach"
    assert radius["pkg/api.py::use"]["hop"] == 1


def test_module_level_change_in_a_go_package_reaches_the_importers_that_read_its_names(make_repo) -> None:
    # An import names the package, all of its files: an importer depends on one file's module-level
    # code only through the names it reads from it ("Exported identifiers"); an importer that reads
    # no name uses only the package's types (an unused import is illegal), a blank import is kept.
    cart = "package shop\n\nvar Limit = 2\n\ntype Cart struct{ n int }\n\nfunc New() *Cart { return &Cart{} }\n"
    root = make_repo(
        {
            "go.mod": "module example.com/app\n\ngo 1.21\n",
            "shop/cart.go": cart,
            "shop/other.go": "package shop\n\nvar Other = 1\n",
            "calls/calls.go": 'package calls\n\nimport "example.com/app/shop"\n\nfunc A() { shop.New() }\n',
            "reads/reads.go": 'package reads\n\nimport "example.com/app/shop"\n\nfunc B() int { return shop.Limit }\n',
            "types/types.go": 'package types\n\nimport "example.com/app/shop"\n\nfunc C(c *shop.Cart) {}\n',
            "blank/blank.go": 'package blank\n\nimport _ "example.com/app/shop"\n',
            "field/field.go": (
                'package field\n\nimport "example.com/app/shop"\n\n'
                "type W struct{ shop struct{ Limit int } }\n\n"
                "func F(w W) int { shop.New(); return w.shop.Limit }\n"
            ),
            "elsewhere/e.go": 'package elsewhere\n\nimport "example.com/app/shop"\n\nfunc E() int { return shop.Other }\n',
            ".diffreach.toml": "warmup_reviews = 0\n",
        }
    )
    (root / "shop/cart.go").write_text(cart.replace("Limit = 2", "Limit = 3"))
    data = impact(root)
    assert data["changed"][0]["id"] == "shop/cart.go"
    radius = by_id(data)
    assert radius["reads/reads.go"]["edge"] == radius["blank/blank.go"]["edge"] == "imports"
    for importer in ("calls/calls.go", "types/types.go", "elsewhere/e.go", "field/field.go"):
        assert importer not in radius  # New (a function), Cart (a type), another file's Other; a field


def test_a_rust_change_reaches_the_callers_of_its_cfg_twin_taken_whole_beside_it(make_repo) -> None:
    # `pub use self::unix::*;` and `pub use self::windows::*;` both bind `open`: two wildcards that
    # bind one name clash where it is used (the Reference's use declarations), so the two are #[cfg]
    # alternatives and `sys::open()` may run either. A caller of the twin's own module, and an
    # module not taken whole, are not reached.
    windows = "pub fn open() -> u8 { 1 }\npub fn only_here() {}\n"
    root = make_repo(
        {
            "Cargo.toml": '[package]\nname = "plat"\nedition = "2021"\n',
            "src/lib.rs": "mod sys;\npub fn start() { sys::open(); }\n",
            "src/sys/mod.rs": (
                "#[cfg(unix)]\nmod unix;\n#[cfg(windows)]\nmod windows;\nmod other;\n"
                "#[cfg(unix)]\npub use self::unix::*;\n#[cfg(windows)]\npub use self::windows::*;\n"
                "pub fn close() { other::open(); }\n"
            ),
            "src/sys/other.rs": "pub fn open() -> u8 { 3 }\n",
            "src/sys/unix.rs": "pub fn open() -> u8 { 0 }\nfn again() { open(); }\n",
            "src/sys/windows.rs": windows,
            ".diffreach.toml": "warmup_reviews = 0\n",
        }
    )
    (root / "src/sys/windows.rs").write_text(windows.replace("{ 1 }", "{ 2 }"))
    radius = by_id(impact(root))
    assert "src/lib.rs::start" in radius
    assert "src/sys/unix.rs::again" not in radius
    assert "src/sys/mod.rs::close" not in radius  # other is not taken whole: no alternative


def test_a_module_calling_a_changed_function_of_a_changed_module_is_judged_at_its_call(make_repo) -> None:
    # app.py imports lib (whose module-level code changed) and calls lib.f at module level: the
    # call is the more telling edge, so the file is reached by it and judged at its call site.
    root = make_repo(
        {
            "lib.py": "LIMIT = 1\n\ndef f(a):\n    return a\n",
            "app.py": "import lib\n\nlib.f(1)\n",
            ".diffreach.toml": "warmup_reviews = 0\n",
        }
    )
    (root / "lib.py").write_text("LIMIT = 2\n\ndef f(a, b):\n    return a\n")
    row = by_id(impact(root))["app.py"]
    assert (row["hop"], row["edge"], row["verdict"]) == (1, "calls", "no-longer-binds")


def test_an_extension_function_whose_receiver_changed_lists_the_calls_left_unbound(make_repo) -> None:
    """Kotlin's ``fun T.f()`` is called as a member of T: after ``IColumnType.isId()`` becomes
    ``Column.isId()``, ``c.columnType.isId()`` binds nothing, and it is the call that broke. A
    function declared without a receiver keeps the rule for bare names: its unbound calls
    through a receiver are not its callers."""
    files = {
        "src/a/Types.kt": (
            "package a\n\ninterface IColumnType {\n    val nullable: Boolean\n}\n\n"
            "class Column(val columnType: IColumnType)\n\n"
            "fun IColumnType.isId(): Boolean = nullable\n\nfun plain(x: Int): Int = x\n"
        ),
        "src/a/Use.kt": (
            "package a\n\nfun check(c: Column): Boolean {\n    return c.columnType.isId()\n}\n\n"
            "fun other(c: Column): Int {\n    return c.columnType.plain(1)\n}\n"
        ),
        ".diffreach.toml": "warmup_reviews = 0\n",
    }
    root = make_repo(files)
    types = root / "src/a/Types.kt"
    types.write_text(
        files["src/a/Types.kt"].replace(
            "fun IColumnType.isId(): Boolean = nullable", "fun Column.isId(): Boolean = columnType.nullable"
        )
    )
    radius = by_id(impact(root))
    assert radius["src/a/Use.kt::check"]["resolution"] == "name"
    types.write_text(files["src/a/Types.kt"].replace("fun plain(x: Int): Int = x", "fun plain(x: Long): Int = 1"))
    assert "src/a/Use.kt::other" not in by_id(impact(root))
