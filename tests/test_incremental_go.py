"""Go: an incremental update equals a full rebuild (a GOPATH-layout repository, element types of
slices and maps declared in another file of the package, type assertions, type parameters bound
by their constraint, dereferenced pointers)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diffreach.config import Config
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild, assert_equals_a_rebuild, dump, write

NAMES = ["alpha", "beta", "gamma"]
FILES = ["store/a.go", "store/b.go", "app/app.go"]
TYPES = ["*Cart", "Order", "*Order"]
BODIES = [
    "for _, c := range s.items {{\n\t\tc.Total()\n\t}}",
    's.byKey["k"].Total()',
    "x := s.items[0]\n\tx.Total()",
    'v, ok := s.byKey["k"]\n\t_ = ok\n\tv.Total()',
    "c := any(s).(*Cart)\n\tc.Total()",
    "(*s).{n}()",
    "{n}()",
    "shelved.Total()",
]


def render(spec: dict[str, list[tuple[str, int, int]]]) -> dict[str, str]:
    """Each file: functions (name, body, element type). The struct's fields live in store/a.go,
    so a change there re-types calls in the package's other files."""
    first = spec.get("store/a.go", [("alpha", 0, 0)])
    element = TYPES[first[0][2] % len(TYPES)] if first else "*Cart"
    files = {
        "store/types.go": (
            "package store\n\ntype Cart struct{}\n\nfunc (c *Cart) Total() int { return 1 }\n\n"
            "type Order struct{}\n\nfunc (o Order) Total() int { return 2 }\n\n"
            "type Totaler interface {\n\tTotal() int\n}\n\n"
            "func Sum[T Totaler](xs []T) {\n\tfor _, x := range xs {\n\t\tx.Total()\n\t}\n}\n"
        ),
    }
    for path, funcs in spec.items():
        package = path.split("/")[0]
        lines = [f"package {package}\n"]
        if package == "app":
            lines.append('import "github.com/acme/shop/store"\n')
        if path == "store/a.go":
            lines.append(f"type Shelf struct {{\n\titems []{element}\n\tbyKey map[string]{element}\n}}\n")
            lines.append(f"var shelved {element}\n")
        for name, body, _ in funcs:
            text = BODIES[body % len(BODIES)].format(n=NAMES[(body + 1) % len(NAMES)])
            if package == "app":
                lines.append(f"func {name}(s *store.Shelf) {{\n\tstore.Sum([]store.Order{{}})\n\t_ = s\n}}\n")
            else:
                lines.append(f"func (s *Shelf) {name}() {{\n\t{text}\n}}\n")
        files[path] = "\n".join(lines)
    for path in FILES:
        files.setdefault(path, f"package {path.split('/')[0]}\n")
    if "type Shelf" not in files["store/a.go"]:
        files["store/a.go"] += f"\ntype Shelf struct {{\n\titems []{element}\n\tbyKey map[string]{element}\n}}\n"
        files["store/a.go"] += f"\nvar shelved {element}\n"
    return files


func = st.tuples(st.sampled_from(NAMES), st.integers(0, len(BODIES) - 1), st.integers(0, len(TYPES) - 1))
state = st.dictionaries(st.sampled_from(FILES), st.lists(func, max_size=3, unique_by=lambda f: f[0]), min_size=1)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(state, min_size=2, max_size=4))
def test_go_incremental_update_equals_full_rebuild(tmp_path_factory, steps) -> None:  # type: ignore[no-untyped-def]
    # Checkouts named after the repository (GOPATH layout: no go.mod, imports by github.com/acme/shop/...).
    work = tmp_path_factory.mktemp("inc") / "shop"
    fresh = tmp_path_factory.mktemp("full") / "shop"
    config = Config(workers=1)
    for i, step in enumerate(steps):
        work.mkdir(exist_ok=True)
        write(work, render(step), "*.go", touch=True)
        ix = Indexer(work, config)
        report = ix.run()
        ix.close()
        assert report.mode in (("full",) if i == 0 else ("incremental", "unchanged"))
        assert_equals_a_rebuild(work, fresh, report, config)


def test_the_rendered_package_has_the_edges_the_rules_make(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # The property above is only worth something if the rules fire in the packages it builds.
    root = tmp_path / "shop"
    root.mkdir()
    files = render(
        {
            "store/a.go": [("alpha", 0, 0)],
            "store/b.go": [("beta", 1, 0), ("gamma", 4, 0)],
            "app/app.go": [("alpha", 0, 0)],
        }
    )
    write(root, files, "*.go", touch=True)
    ix = Indexer(root, Config(workers=1))
    ix.run()
    ix.close()
    calls = {(e[0], e[1], e[3]) for e in dump(root)["edges"] if e[2] == "calls"}  # type: ignore[union-attr]
    cart = "store/types.go::Cart.Total"
    assert ("store/a.go::Shelf.alpha", cart, "type") in calls  # range over a field declared []*Cart
    assert ("store/b.go::Shelf.beta", cart, "type") in calls  # a map field's element, another file
    assert ("store/b.go::Shelf.gamma", cart, "type") in calls  # a type assertion
    assert ("store/types.go::Sum", "store/types.go::Totaler.Total", "type") in calls  # the constraint's
    assert ("app/app.go::alpha", "store/types.go::Sum", "import") in calls  # the GOPATH import path
    assert not any(s.startswith("store/") and t == "store/types.go::Order.Total" for s, t, _ in calls)


def test_a_type_changed_in_one_file_re_types_the_range_and_the_package_variable_in_another(tmp_path) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "shop"
    root.mkdir()
    files = render({"store/a.go": [("alpha", 6, 0)], "store/b.go": [("beta", 0, 0), ("gamma", 7, 0)]})
    write(root, files, "*.go", touch=True)
    ix = Indexer(root, Config(workers=1))
    ix.run()
    step = {"store/a.go": render({"store/a.go": [("alpha", 6, 1)]})["store/a.go"]}  # items []Order now
    assert_each_step_equals_a_rebuild(ix, root, tmp_path, [step])
    ix.close()
    calls = {(e[0], e[1]) for e in dump(root)["edges"] if e[2] == "calls"}  # type: ignore[union-attr]
    assert ("store/b.go::Shelf.beta", "store/types.go::Order.Total") in calls
    assert ("store/b.go::Shelf.beta", "store/types.go::Cart.Total") not in calls
    assert ("store/b.go::Shelf.gamma", "store/types.go::Order.Total") in calls  # var shelved Order
    assert ("store/b.go::Shelf.gamma", "store/types.go::Cart.Total") not in calls


def test_a_package_variable_retyped_in_one_file_re_types_its_calls_in_another(tmp_path) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "shop"
    root.mkdir()
    types = render({"store/a.go": []})["store/types.go"]
    write(
        root,
        {
            "store/types.go": types,
            "store/a.go": "package store\n\nvar shelved *Cart\n",
            "store/b.go": "package store\n\nfunc use() {\n\tshelved.Total()\n}\n",
        },
        "*.go",
        touch=True,
    )
    ix = Indexer(root, Config(workers=1))
    ix.run()
    assert_each_step_equals_a_rebuild(ix, root, tmp_path, [{"store/a.go": "package store\n\nvar shelved Order\n"}])
    ix.close()
    calls = {(e[0], e[1]) for e in dump(root)["edges"] if e[2] == "calls"}  # type: ignore[union-attr]
    assert {c for c in calls if c[0].startswith("store/b.go")} == {("store/b.go::use", "store/types.go::Order.Total")}


def test_a_second_build_variant_added_later_gets_the_calls_a_rebuild_gives_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "shop"
    (root / "metrics").mkdir(parents=True)
    (root / "go.mod").write_text("module example.com/shop\n\ngo 1.22\n")
    (root / "metrics" / "old.go").write_text("//go:build !go1.17\n\npackage metrics\n\nfunc New() int { return 1 }\n")
    (root / "metrics" / "use.go").write_text("package metrics\n\nfunc use() int {\n\treturn New()\n}\n")
    ix = Indexer(root, Config(workers=1))
    ix.run()
    latest = "//go:build go1.17\n\npackage metrics\n\nfunc New() int { return 2 }\n"
    assert_each_step_equals_a_rebuild(
        ix, root, tmp_path, [{"metrics/latest.go": latest}, {"metrics/latest.go": latest + "\n"}]
    )
    ix.close()
    calls = {(e[0], e[1]) for e in dump(root)["edges"] if e[2] == "calls"}  # type: ignore[union-attr]
    assert ("metrics/use.go::use", "metrics/latest.go::New") in calls
