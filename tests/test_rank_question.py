"""Questions taken apart (question.py) and what that changes in the ranking (rank.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from diffreach.graph.store import Store
from diffreach.index.indexer import index
from diffreach.languages import language_for
from diffreach.query.question import (
    MENTION_FLOOR,
    PACKAGE_SHARE,
    W_BLOCK,
    W_PROSE,
    W_TITLE,
    about_tests,
    classify_lines,
    named_files,
    named_symbols,
    parse_question,
)
from diffreach.query.rank import RankParams, file_priors, rank_files

ISSUE = """Lexer "python3" in --pastebin feature causes HTTP errors
The `--pastebin` option submits the output to bpaste.net, see src/_pytest/pastebin.py#L68

```
>>> urlopen(url, data=data)
HTTPError: Bad Request
```
    Traceback (most recent call last):
      File "/usr/lib/python3/site-packages/_pytest/terminal.py", line 12, in write
"""


def test_lines_are_classed_as_title_prose_or_block() -> None:
    kinds = [k for k, _ in classify_lines(ISSUE)]
    assert kinds == [W_TITLE, W_PROSE, W_BLOCK, W_BLOCK, W_BLOCK, W_BLOCK]


def test_a_term_weighs_what_its_strongest_line_weighs() -> None:
    terms = parse_question("Pastebin fails\nthe upload fails\n```\nupload upload error\n```\n").terms
    assert terms["pastebin"] == pytest.approx(W_TITLE)
    # 'upload' stands in prose once and in the block twice: prose weight, count 3.
    assert terms["upload"] == pytest.approx(W_PROSE * (1 + __import__("math").log(3)))
    assert terms["error"] == pytest.approx(W_BLOCK)


def test_identifiers_written_as_code_weigh_more_than_their_words() -> None:
    terms = parse_question("x\nthe get_records call and `lexer` and get records\n").terms
    assert terms["get_records"] > terms["record"]
    plain = parse_question("x\nthe lexer\n").terms
    assert terms["lex"] > plain["lex"]


def test_paths_and_dotted_names_are_collected_with_their_line_weight() -> None:
    q = parse_question(ISSUE)
    assert q.paths["src/_pytest/pastebin.py"] == W_PROSE
    # A name in a block (a traceback frame) is as precise as one in prose.
    assert q.paths["usr/lib/python3/site-packages/_pytest/terminal.py"] == MENTION_FLOOR == W_PROSE
    assert "bpaste.net" in q.paths  # a host looks like a file name; it matches no indexed file
    assert parse_question("Bug in sphinx.ext.autodoc.Documenter").dotted == {"sphinx.ext.autodoc.Documenter": W_TITLE}


def test_a_name_on_a_block_line_other_than_a_frame_weighs_like_the_block() -> None:
    q = parse_question(
        "Autodoc fails\n```python\nextensions = ['sphinx.ext.intersphinx']\n"
        'from sphinx.util import inspect\n```\n  File "sphinx/util/docfields.py", line 3\n'
    )
    assert q.dotted["sphinx.ext.intersphinx"] == q.dotted["sphinx.util"] == W_BLOCK
    assert q.paths["sphinx/util/docfields.py"] == MENTION_FLOOR > W_BLOCK


def test_a_folded_section_is_a_block_summary_included() -> None:
    text = (
        "Weighted mean is wrong\nthe weights are not normalized\n<details><summary>Output of "
        "<tt>xr.show_versions()</tt></summary>\n\npython-bits: 64\nlibhdf5: 1.10.6\n</details>\nit fails\n"
    )
    assert [k for k, _ in classify_lines(text)] == [W_TITLE, W_PROSE, W_BLOCK, W_BLOCK, W_BLOCK, W_PROSE]
    q = parse_question(text)
    assert q.dotted["xr.show_versions"] == W_BLOCK and q.terms["libhdf5"] == pytest.approx(W_BLOCK)


def test_a_setup_section_is_a_block_until_the_next_heading() -> None:
    text = (
        "viewcode pages for epub\n**Describe the bug**\nthe pages are made\n**Environment info**\n"
        '- OS: Mac\n- Sphinx extensions: sphinx.ext.viewcode\n  File "sphinx/ext/viewcode.py", line 3\n'
        "**Additional context**\nonly with epub\n### Python version\n3.9\n## Steps\nmake html\n"
    )
    assert [k for k, _ in classify_lines(text)] == [
        W_TITLE,
        W_PROSE,
        W_PROSE,
        W_BLOCK,
        W_BLOCK,
        W_BLOCK,
        W_BLOCK,
        W_PROSE,
        W_PROSE,
        W_BLOCK,
        W_BLOCK,
        W_BLOCK,
        W_PROSE,
    ]
    q = parse_question(text)
    # The asker's setup names what they run, rarely what is broken; a traceback frame still counts.
    assert q.dotted["sphinx.ext.viewcode"] == W_BLOCK
    assert q.paths["sphinx/ext/viewcode.py"] == MENTION_FLOOR
    assert q.terms["mac"] == pytest.approx(W_BLOCK)
    # A bold phrase inside a sentence is not a heading, and a title about versions is no setup section.
    assert [k for k, _ in classify_lines("Versions are wrong\nthe **system** clock\nx\n")] == [
        W_TITLE,
        W_PROSE,
        W_PROSE,
    ]


def test_named_files_match_the_longest_existing_suffix_and_modules_through_the_resolver() -> None:
    files = [
        "src/_pytest/pastebin.py",
        "src/_pytest/terminal.py",
        "src/_pytest/__init__.py",
        "sphinx/ext/autodoc/__init__.py",
        "sphinx/ext/autodoc/mock.py",
        "a/conf.py",
        "b/conf.py",
        "c/conf.py",
        "d/conf.py",
    ]
    named = named_files(parse_question(ISSUE + "\nsee sphinx.ext.autodoc.Documenter and conf.py\n"), files)
    # conf.py names four files: too vague; sphinx.ext.autodoc names a package, a weaker pointer than a module.
    assert named == {
        "src/_pytest/pastebin.py": W_PROSE,
        "src/_pytest/terminal.py": W_PROSE,
        "sphinx/ext/autodoc/__init__.py": W_PROSE * PACKAGE_SHARE,
    }


def test_about_tests_reads_the_prose_not_the_code() -> None:
    assert about_tests("add tests for the login form")
    assert not about_tests("teardown runs for skipped classes\n```\ndef test_one():\n    test_two()\n```\n")
    # An issue of a testing tool names tests in passing; that does not make it a question about tests.
    assert not about_tests(
        "xfail marker added in a test no longer ignores the failure of the test run "
        "when the marker is added dynamically from a fixture request object at run time"
    )


def test_secondary_directories_and_minor_languages_get_a_prior_below_one() -> None:
    files = (
        ["pkg/core.py", "docs/conf.py", "examples/demo.py"]
        + [f"pkg/m{i}.py" for i in range(20)]
        + ["pkg/static/app.js", "scripts/providers/import_feed.py"]
    )
    priors = file_priors(files, RankParams())
    assert "pkg/core.py" not in priors
    assert "scripts/providers/import_feed.py" not in priors  # a project's own jobs are not secondary
    assert priors["docs/conf.py"] == pytest.approx(0.3)
    assert priors["examples/demo.py"] == pytest.approx(0.3)
    assert priors["pkg/static/app.js"] == pytest.approx(0.3 * 0.5)  # both: a static dir and a minor language


def test_a_directory_the_toolchain_skips_or_cargo_benches_is_secondary_by_the_name_after_its_mark() -> None:
    files = ["mux.go", "_examples/rest/main.go", "crates/globset/benches/bench.rs", "internal/_private/x.go"] + [
        f"m{i}.go" for i in range(20)
    ]
    priors = file_priors(files, RankParams())
    assert priors["_examples/rest/main.go"] == pytest.approx(0.3)
    assert priors["crates/globset/benches/bench.rs"] == pytest.approx(0.3 * 0.5)  # and a minor language
    assert "internal/_private/x.go" not in priors  # a mark alone makes nothing secondary
    assert "mux.go" not in priors


def test_demo_and_tutorial_directories_and_a_modules_hyphenated_role_are_secondary() -> None:
    files = [
        "sentinel-core/src/main/java/Node.java",
        "sentinel-demo/sentinel-demo-basic/src/main/java/RtDegradeDemo.java",
        "site/content/tutorial/01-intro/App.svelte",
        "rayon-demo/src/main.rs",
        "dubbo-common/src/main/java/metrics/model/sample/GaugeMetricSample.java",
    ] + [f"core/m{i}.java" for i in range(20)]
    priors = file_priors(files, RankParams(minor_language_share=0.0))
    assert priors["sentinel-demo/sentinel-demo-basic/src/main/java/RtDegradeDemo.java"] == pytest.approx(0.3)
    assert priors["site/content/tutorial/01-intro/App.svelte"] == pytest.approx(0.3)
    assert priors["rayon-demo/src/main.rs"] == pytest.approx(0.3)
    assert "sentinel-core/src/main/java/Node.java" not in priors  # neither of its words is a secondary name
    assert "dubbo-common/src/main/java/metrics/model/sample/GaugeMetricSample.java" not in priors


@pytest.fixture
def docs_repo(make_repo: Callable[..., Path]) -> Store:
    root = make_repo(
        {
            "pkg/__init__.py": "",
            "pkg/render.py": "def render_page(page):\n    '''Render a page to HTML.'''\n    return page\n",
            "pkg/cache.py": "def cache_page(page):\n    return page\n",
            # Three functions with every word of the question: on words alone, the example file wins.
            "docs/example_render.py": "".join(
                f"def {name}(page):\n    return page\n\n"
                for name in ("render_html_page", "render_page_html", "html_page_render")
            ),
            "tests/test_render.py": "from pkg.render import render_page\n\ndef test_render_page():\n    render_page(1)\n",
        }
    )
    index(root)
    return Store.open(root, create=False)


ALL_TERMS = RankParams(max_df_share=1.0)  # a repository of five files: no term is too common to count


def test_library_code_ranks_above_example_code_with_the_same_words(docs_repo: Store) -> None:
    files = [f.path for f in rank_files(docs_repo, "render page HTML", params=ALL_TERMS).files]
    assert files.index("pkg/render.py") < files.index("docs/example_render.py")
    neutral = RankParams(max_df_share=1.0, secondary_factor=1.0)
    assert rank_files(docs_repo, "render page HTML", params=neutral).files[0].path == "docs/example_render.py"


def test_a_named_file_is_lifted_even_without_matching_words(docs_repo: Store) -> None:
    result = rank_files(docs_repo, "Rendering is slow\nsee pkg/cache.py", params=ALL_TERMS, debug=True)
    assert result.files[0].path == "pkg/cache.py"
    assert result.debug["named_files"] == ["pkg/cache.py"]


def test_test_files_stay_out_of_a_question_that_only_mentions_tests_in_code(docs_repo: Store) -> None:
    question = "render_page breaks HTML\n```\ndef test_render_page():\n    render_page(1)\n```\n"
    files = [f.path for f in rank_files(docs_repo, question, params=ALL_TERMS).files]
    assert files[0] == "pkg/render.py"
    assert not any(f.startswith("tests/") for f in files)
    assert "tests/test_render.py" in [
        f.path for f in rank_files(docs_repo, "add tests for render_page", params=ALL_TERMS).files
    ]


def test_named_symbols_match_a_qualified_name_or_a_file_stem_and_a_name() -> None:
    defs = [
        ("compile", "src/mark/expression.py", "Expression.compile"),
        ("compile", "src/re_tools.py", "compile"),
        ("_make_subclass", "ext/autodoc/mock.py", "_make_subclass"),
        ("_make_subclass", "ext/other.py", "_make_subclass"),
    ]

    def defined(names: frozenset[str]) -> list[tuple[str, str, str]]:
        return [d for d in defs if d[0] in names]

    q = parse_question("Crash in Expression.compile\nsee `mock._make_subclass` and re.compile\n")
    assert named_symbols(q, defined) == {"src/mark/expression.py": W_TITLE, "ext/autodoc/mock.py": W_PROSE}


def test_a_named_test_file_stands_for_the_code_it_exercises(docs_repo: Store) -> None:
    result = rank_files(docs_repo, "Output is wrong\nas in tests/test_render.py", params=ALL_TERMS)
    assert result.files[0].path == "pkg/render.py"
    assert not result.about_tests


def test_naming_many_files_points_at_none_in_particular(docs_repo: Store) -> None:
    from diffreach.query.named import files_named
    from diffreach.query.rank import load_graph

    graph = load_graph(docs_repo)
    one = files_named(docs_repo.conn, graph, parse_question("x\nsee pkg/render.py\n"), frozenset())
    assert one == {"pkg/render.py": W_PROSE}
    listed = "x\n```\npkg/render.py\npkg/cache.py\ndocs/example_render.py\npkg/__init__.py\n```\n"
    many = files_named(docs_repo.conn, graph, parse_question(listed), frozenset(), budget=3.0)
    # Four names on block lines (W_BLOCK each), over a budget of three: each counts three quarters.
    assert many == pytest.approx(
        dict.fromkeys(("pkg/render.py", "pkg/cache.py", "docs/example_render.py", "pkg/__init__.py"), W_BLOCK * 3 / 4)
    )


def test_an_import_alias_expands_the_dotted_names_written_with_it() -> None:
    q = parse_question("xr.where drops attributes\n```python\nimport xarray as xr\nxr.where(a, 1, 0)\n```\n")
    assert q.dotted["xarray.where"] == q.dotted["xr.where"] == W_TITLE


def test_a_member_the_top_package_re_exports_names_the_file_that_defines_it() -> None:
    files = ["xr/__init__.py", "xr/core/computation.py", "xr/core/ops.py"]
    imports = {("xr/__init__.py", "where"): [".core.computation"]}

    def reexports(file: str, name: str) -> list[str]:
        return imports.get((file, name), [])

    q = parse_question("xarray.where fails\n```python\nimport xr as xarray\n```\n")
    # The top package's public surface: a weaker pointer, like a package; the package itself gets none.
    assert named_files(q, files, reexports=reexports) == {"xr/core/computation.py": W_TITLE * PACKAGE_SHARE}
    assert named_files(q, files) == {}  # without the imports table nothing is named
    assert named_files(parse_question("xr.missing fails\n"), files, reexports=reexports) == {}


def test_a_stem_match_needs_the_written_modules_before_it_to_be_the_files_directories() -> None:
    defs = [("abspath", "pkg/testing/path.py", "abspath"), ("_make_subclass", "ext/autodoc/mock.py", "_make_subclass")]

    def defined(names: frozenset[str]) -> list[tuple[str, str, str]]:
        return [d for d in defs if d[0] in names]

    # `os.path.abspath` is the standard library's, not pkg/testing/path.py's.
    assert named_symbols(parse_question("x\nsys.path.insert(0, os.path.abspath('.'))\n"), defined) == {}
    assert named_symbols(parse_question("x\nsee autodoc.mock._make_subclass\n"), defined) == {
        "ext/autodoc/mock.py": W_PROSE
    }
    assert named_symbols(parse_question("x\nsee other.mock._make_subclass\n"), defined) == {}


@pytest.fixture
def replica_repo(make_repo: Callable[..., Path]) -> Store:
    # One message catalogue per language, all alike: on words alone they fill the list.
    catalogue = "def translated_messages():\n    '''Translated messages of the locale catalogue.'''\n    return {}\n"
    files = {f"app/locale/{lang}/messages.py": catalogue for lang in ("da", "de", "fr", "it", "nl", "sv")}
    files["app/i18n.py"] = (
        "def load_locale(path):\n    '''Load the translated messages of a locale.'''\n    return path\n"
    )
    files["app/core.py"] = "def run():\n    return 1\n"
    root = make_repo(files)
    index(root)
    return Store.open(root, create=False)


def test_replicas_give_way_to_the_file_that_reads_them(replica_repo: Store) -> None:
    question = "Translated messages of a locale catalogue are ignored"
    keep = RankParams(max_df_share=1.0, replica_factor=1.0)
    assert "app/i18n.py" not in [f.path for f in rank_files(replica_repo, question, top=3, params=keep).files]
    thinned = [f.path for f in rank_files(replica_repo, question, top=3, params=RankParams(max_df_share=1.0)).files]
    assert "app/i18n.py" in thinned[:2]
    assert sum(f.startswith("app/locale/") for f in thinned[:2]) == 1  # the best replica keeps its place


def test_files_of_one_name_with_different_symbols_are_not_replicas(make_repo: Callable[..., Path]) -> None:
    from diffreach.query.named import _families
    from diffreach.query.rank import load_graph

    files = {f"pkg/{d}/__init__.py": f"def setup_{d}():\n    return 1\n" for d in ("a", "b", "c", "d", "e")}
    files.update({f"pkg/{d}/stub.py": "def stub():\n    return 1\n" for d in ("a", "b", "c", "d", "e")})
    root = make_repo(files)
    index(root)
    graph = load_graph(Store.open(root, create=False))
    families = _families(graph, 5)
    assert sorted(families) == [f"pkg/{d}/stub.py" for d in ("a", "b", "c", "d", "e")]
    assert len(set(families.values())) == 1
    assert _families(graph, 6) == {}


def test_the_graph_arrays_keep_what_the_priors_read_of_the_files(make_repo: Callable[..., Path]) -> None:
    """Each file's language and its replica family are kept with the arrays (and their cache file),
    and give the priors and the families that the file list alone gives."""
    from diffreach.query import arrays
    from diffreach.query.named import _families

    files = {f"pkg/{d}/stub.py": "def stub():\n    return 1\n" for d in ("a", "b", "c", "d", "e", "f")}
    files.update({f"pkg/{d}/one.py": f"def one_{d}():\n    return 1\n" for d in ("a", "b")})
    files.update({"docs/conf.py": "x = 1\n", "web/app.js": "export function go() {}\n", "web/b.ts": "let b = 1;\n"})
    root = make_repo(files)
    index(root)
    with Store.open(root, create=False) as store:
        built = arrays.load_graph(store)
        arrays._GRAPHS.clear()  # as a new process does: from the cache file
        cached = arrays.load_graph(store)
    assert cached is not built
    for graph in (built, cached):
        assert graph.file_language == tuple(s.name if (s := language_for(f)) else "" for f in graph.files)
        assert "javascript" in graph.file_language
        params = RankParams()
        assert file_priors(graph.files, params, graph.file_language) == file_priors(graph.files, params)
        for least in range(8):
            assert _families(graph, least) == arrays.replica_families(graph.files, graph.ids, least), least
        assert len(_families(graph, 5)) == 6
