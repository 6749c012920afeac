"""TypeScript declaration files: a change to the JavaScript a `.d.ts` declares reaches the
callers bound to the declaration (a package.json's `types` declares its `main`; `x.d.ts`
declares `x.js`)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from diffreach.api import index
from diffreach.cli import main
from diffreach.graph.store import Store
from diffreach.index.declared_modules import declaration_edges

PACKAGE = {
    "package.json": json.dumps({"name": "cmdr", "main": "index", "typings": "typings/index.d.ts"}),
    "index.js": (
        "class Command {\n  help(cb) { return cb; }\n  name() { return 'x'; }\n}\nexports.Command = Command;\n"
    ),
    "typings/index.d.ts": (
        "export class Command {\n  help(): void;\n  help(cb: (s: string) => string): void;\n  name(): string;\n"
        "  version(): string;\n}\n"
    ),
    "typings/usage.ts": (
        "import * as commander from './index';\n"
        "const program: commander.Command = new commander.Command();\n"
        "export function show() { program.help(); }\n"
    ),
    "lib/util.js": "class Pad {\n  run(s) { return s; }\n}\nmodule.exports = { Pad };\n",
    "lib/util.d.ts": "export class Pad {\n  run(s: string): string;\n  other(): void;\n}\n",
    ".diffreach.toml": "warmup_reviews = 0\n",
}


def impact(root) -> dict:  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_each_declaration_is_linked_to_the_implementation_of_its_name(make_repo) -> None:
    root = make_repo(PACKAGE)
    index(root)
    with Store.open(root, create=False) as store:
        edges = {(e.source, e.target, e.kind) for e in declaration_edges(store)}
    assert edges == {
        ("typings/index.d.ts::Command.help", "index.js::Command.help", "dynamic"),
        ("typings/index.d.ts::Command.help#2", "index.js::Command.help", "dynamic"),
        ("typings/index.d.ts::Command.name", "index.js::Command.name", "dynamic"),
        ("lib/util.d.ts::Pad.run", "lib/util.js::Pad.run", "dynamic"),
    }  # `version`, `other`: declared, implemented nowhere here: no edge


def test_a_changed_implementation_reaches_the_callers_of_its_declaration(make_repo) -> None:
    root = make_repo(PACKAGE)
    (root / "index.js").write_text(PACKAGE["index.js"].replace("help(cb) {", "help(context, cb) {"))
    callers = {r["id"]: r["hop"] for r in impact(root)["callers"]}
    assert callers["typings/usage.ts::show"] == 1


def test_no_declaration_file_no_link(make_repo) -> None:
    files = {k: v for k, v in PACKAGE.items() if not k.endswith(".d.ts")}
    files["package.json"] = json.dumps({"name": "cmdr", "main": "index"})
    root = make_repo(files)
    index(root)
    with Store.open(root, create=False) as store:
        assert declaration_edges(store) == []
