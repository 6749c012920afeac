"""Vue and Svelte components: their <script> blocks in, the expected nodes and edges out."""

from __future__ import annotations

from diffreach.extract.core import content_hash, extract
from diffreach.index.build import graph_from_sources
from diffreach.languages import language_for
from diffreach.languages.embedded import blank_outside, script_blocks

UTIL = "export function fmt(x: number): string { return String(x); }\n"


def edges(g, kind: str = "calls") -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in g.edges if e.kind == kind}


def symbols(g, path: str) -> dict[str, tuple[str, int, int]]:
    return {s.id: (s.kind, s.start_line, s.end_line) for s in g.symbols if s.file == path}


def test_vue_script_setup_in_typescript_keeps_the_file_lines_and_resolves_imports() -> None:
    g = graph_from_sources(
        {
            "src/util.ts": UTIL,
            "src/App.vue": (
                "<template>\n"
                '  <button @click="onClick(2)">{{ msg }}</button>\n'
                "</template>\n"
                "\n"
                '<script setup lang="ts">\n'
                "import { fmt } from './util'\n"
                "const msg: string = fmt(1)\n"
                "function onClick(n: number): void {\n"
                "  fmt(n)\n"
                "}\n"
                "</script>\n"
                "<style scoped>button { color: red }</style>\n"
            ),
        }
    )
    assert symbols(g, "src/App.vue") == {
        "src/App.vue": ("file", 1, 12),
        "src/App.vue::onClick": ("function", 8, 10),
    }
    assert edges(g) == {("src/App.vue", "src/util.ts::fmt"), ("src/App.vue::onClick", "src/util.ts::fmt")}
    assert edges(g, "imports") == {("src/App.vue", "src/util.ts")}


def test_the_lang_attribute_chooses_the_grammar() -> None:
    ts = extract("A.vue", b'<script lang="ts">\nlet n: number = 1\n</script>\n', language_for("A.vue"))
    js = extract("B.vue", b"<script>\nlet n = 1\n</script>\n", language_for("B.vue"))
    tsx = extract(
        "C.vue",
        b'<script lang="tsx">\nexport const V = (p: {n: number}) => <b>{p.n}</b>\n</script>\n',
        language_for("C.vue"),
    )
    assert (ts.language, js.language, tsx.language) == ("typescript", "javascript", "typescript")
    assert ts.parse_errors == js.parse_errors == tsx.parse_errors == 0
    assert [s.id for s in tsx.symbols] == ["C.vue", "C.vue::V"]


def test_two_svelte_blocks_are_one_program() -> None:
    g = graph_from_sources(
        {
            "src/lib/format.js": "export function fmt(x) { return String(x); }\n",
            "src/Counter.svelte": (
                '<script context="module">\n'
                "  export function preload() { return helper() }\n"
                "</script>\n"
                "\n"
                "<script>\n"
                "  import { fmt } from './lib/format'\n"
                "  function helper() { return fmt(2) }\n"
                "  let count = 0\n"
                "  $: doubled = count * 2\n"
                "</script>\n"
                "\n"
                "<button on:click={() => count++}>{doubled}</button>\n"
            ),
        }
    )
    assert symbols(g, "src/Counter.svelte") == {
        "src/Counter.svelte": ("file", 1, 12),
        "src/Counter.svelte::preload": ("function", 2, 2),
        "src/Counter.svelte::helper": ("function", 7, 7),
    }
    assert edges(g) == {
        ("src/Counter.svelte::preload", "src/Counter.svelte::helper"),
        ("src/Counter.svelte::helper", "src/lib/format.js::fmt"),
    }


def test_vue_setup_and_plain_script_blocks_in_one_file() -> None:
    g = graph_from_sources(
        {
            "src/Comp.vue": (
                '<script lang="ts">\n'
                "export function shared(): number { return 1 }\n"
                "</script>\n"
                '<script setup lang="ts">\n'
                "function local() { return shared() }\n"
                "</script>\n"
            ),
        }
    )
    assert set(symbols(g, "src/Comp.vue")) == {"src/Comp.vue", "src/Comp.vue::shared", "src/Comp.vue::local"}
    assert edges(g) == {("src/Comp.vue::local", "src/Comp.vue::shared")}


def test_ts_imports_a_component_and_a_component_imports_a_store_index() -> None:
    g = graph_from_sources(
        {
            "src/store/index.ts": "export function useStore() { return {} }\n",
            "src/components/Panel.vue": (
                "<template><div/></template>\n"
                '<script setup lang="ts">\n'
                "import { useStore } from '../store/index.ts'\n"
                "const store = useStore()\n"
                "</script>\n"
            ),
            "src/main.ts": "import Panel from './components/Panel.vue'\nexport const root = Panel\n",
            "src/legacy.js": "import Panel from './components/Panel'\n",
        }
    )
    assert edges(g, "imports") == {
        ("src/components/Panel.vue", "src/store/index.ts"),
        ("src/main.ts", "src/components/Panel.vue"),
        ("src/legacy.js", "src/components/Panel.vue"),
    }
    assert edges(g) == {("src/components/Panel.vue", "src/store/index.ts::useStore")}


def test_options_api_methods_are_functions() -> None:
    g = graph_from_sources(
        {
            "src/api.js": "export function post() {}\n",
            "src/Form.vue": (
                '<template><form @submit="save"></form></template>\n'
                "<script>\n"
                "import { post } from './api'\n"
                "export default {\n"
                "  methods: {\n"
                "    save() { post() },\n"
                "    reset: function () {},\n"
                "  },\n"
                "}\n"
                "</script>\n"
            ),
        }
    )
    assert symbols(g, "src/Form.vue") == {
        "src/Form.vue": ("file", 1, 10),
        "src/Form.vue::save": ("function", 6, 6),
        "src/Form.vue::reset": ("function", 7, 7),
    }
    assert edges(g) == {("src/Form.vue::save", "src/api.js::post")}


def test_a_spec_file_tests_a_component_function() -> None:
    g = graph_from_sources(
        {
            "src/Price.vue": '<script lang="ts">\nexport function total(a: number) { return a }\n</script>\n',
            "src/Price.spec.ts": "import { total } from './Price.vue'\ntest('total', () => { expect(total(1)).toBe(1) })\n",
        }
    )
    assert edges(g, "tests") == {("src/Price.spec.ts", "src/Price.vue::total")}
    assert next(s for s in g.symbols if s.id == "src/Price.spec.ts").is_test
    assert not next(s for s in g.symbols if s.id == "src/Price.vue").is_test


def test_a_template_only_component_is_a_file_node_alone() -> None:
    g = graph_from_sources(
        {
            "src/Logo.vue": "<template>\n  <svg><title>logo</title></svg>\n</template>\n<style>svg { width: 1em }</style>\n",
            "src/Note.svelte": "<p>{note}</p>\n<style>p { margin: 0 }</style>\n",
        }
    )
    assert {s.id: (s.kind, s.end_line) for s in g.symbols} == {
        "src/Logo.vue": ("file", 4),
        "src/Note.svelte": ("file", 2),
    }
    assert list(g.edges) == []


def test_markup_comments_and_unparseable_scripts_make_no_nodes() -> None:
    g = graph_from_sources(
        {
            "src/util.js": "export function ghost() {}\nexport function real() {}\n",
            "src/Page.vue": (
                '<template><p @click="ghost()">ghost()</p></template>\n'
                "<!-- <script>import { ghost } from './util'; function commented() { ghost() }</script> -->\n"
                '<script lang="coffee">\nshadow = -> ghost()\n</script>\n'
                '<script type="text/x-template" id="t"><div>{{ ghost() }}</div></script>\n'
            ),
        }
    )
    assert symbols(g, "src/Page.vue") == {"src/Page.vue": ("file", 1, 6)}
    assert not any(e.source.startswith("src/Page.vue") for e in g.edges)


def test_blanking_keeps_every_byte_offset_and_line() -> None:
    data = "<template>\n  <p>é</p>\n</template>\n<script setup>\nconst a = 1\n</script>\n".encode()
    ((start, end, dialect),) = script_blocks(data)
    code = blank_outside(data, [(start, end)])
    assert (len(code), code.count(b"\n"), dialect) == (len(data), data.count(b"\n"), "js")
    assert code[start:end] == b"\nconst a = 1\n"
    assert code[:start].strip() == b"" and code[end:].strip() == b""


def test_a_template_edit_changes_the_content_hash() -> None:
    spec = language_for("A.vue")
    before = b"<template><p>a</p></template>\n<script>\nlet x = 1\n</script>\n"
    after = before.replace(b"<p>a</p>", b"<p>b</p>")
    assert extract("A.vue", before, spec).content_hash == content_hash(before)
    assert extract("A.vue", after, spec).content_hash != extract("A.vue", before, spec).content_hash


def test_languages_lists_the_component_formats() -> None:
    import json

    from click.testing import CliRunner

    from diffreach.cli import main

    result = CliRunner().invoke(main, ["languages", "--json"])
    rows = {row["name"]: row for row in json.loads(result.output)}
    assert rows["vue"]["extensions"] == [".vue"] and rows["svelte"]["extensions"] == [".svelte"]
    assert "TypeScript" in rows["vue"]["resolution"] and "TypeScript" in rows["svelte"]["resolution"]
    assert language_for("src/stores/cart.svelte.ts").name == "typescript"  # a runes module stays TypeScript


def test_compiler_macros_and_runes_are_builtins_but_a_repo_definition_wins() -> None:
    g = graph_from_sources(
        {
            "src/Card.vue": '<script setup lang="ts">\nconst props = defineProps<{ n: number }>()\nshow(props.n)\n</script>\n',
            "src/show.ts": "export function show(n: number) {}\n",
            "src/Box.svelte": "<script>\n  import { defineProps } from './props'\n  let { a } = $props()\n  defineProps()\n</script>\n",
            "src/props.js": "export function defineProps() {}\n",
        }
    )
    statuses = {(r.file, r.ref.name): r.status for r in g.resolved}
    assert statuses[("src/Card.vue", "defineProps")] == "builtin"
    assert statuses[("src/Box.svelte", "$props")] == "builtin"
    # A TypeScript component is TypeScript to the resolver: an auto-imported helper
    # matches the one .ts definition of its name, as a guess.
    assert {(e.source, e.target, e.resolution) for e in g.edges if e.kind == "calls"} == {
        ("src/Box.svelte", "src/props.js::defineProps", "import"),
        ("src/Card.vue", "src/show.ts::show", "unique-name"),
    }
