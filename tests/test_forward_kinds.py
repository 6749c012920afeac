"""Forward context, language by language: the definition line of each kind of name a change uses.

Each test is a small repository, a change, and the review context at 4,000 tokens: the definition
line as written in its file must be in the ``uses`` section, and a definition of the same name in
another file must not be, where the using file's imports (or package) decide which one is meant.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from diffreach import api
from tests.test_forward import entries


def uses_after(make_repo: Callable[..., Path], before: dict[str, str], after: dict[str, str]) -> str:
    """The ``uses`` blocks of the context of changing ``before`` into ``after`` (4,000 tokens)."""
    root = make_repo(before)
    api.index(root)
    for path, text in after.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    ctx = api.review_context(root, api.blast_radius(root), budget=4000)
    assert ctx.fits and ctx.tokens <= 4000
    return "\n".join(b.text for b in ctx.blocks if b.section == "uses")


def listed(uses: str) -> dict[tuple[str, int], str]:
    """(file, line) → text over every ``uses`` block."""
    out: dict[tuple[str, int], str] = {}
    for block in uses.split("\nAlso used:"):
        out.update(entries(block if block.startswith("New uses:") else "Also used:" + block))
    return out


def first(found: dict[tuple[str, int], str], file: str, line: int) -> str:
    """The first line listed for a definition (a short class is listed whole)."""
    return found[(file, line)].splitlines()[0]


# Class bodies long enough that only the definition's line is listed, not the whole class.
PY_BODY = "".join(f"\n    def step{i}(self):\n        return {i}\n" for i in range(6))
TS_BODY = "".join(f"\n  step{i}(): number {{\n    return {i};\n  }}\n" for i in range(6))

PY_ROUTING = {
    "app/__init__.py": "",
    "app/routing.py": "class Router:\n    def url_path_for(self, name):\n        return name\n" + PY_BODY,
    "app/applications.py": "class Starlette:\n    def url_path_for(self, name):\n        return name\n" + PY_BODY,
    "app/other.py": "class Router:\n    pass\n\n\nclass Starlette:\n    pass\n",
    "app/requests.py": "from __future__ import annotations\n\nimport typing\n\n"
    "if typing.TYPE_CHECKING:\n    from app.routing import Router\n\n\n"
    "class Conn:\n    def __init__(self, scope):\n        self.scope = scope\n\n"
    "    def url_for(self, name):\n        return self.scope['router'].url_path_for(name)\n",
}


def test_python_names_used_only_in_annotations_imported_for_type_checking(make_repo: Callable[..., Path]) -> None:
    after = (
        "from __future__ import annotations\n\nfrom typing import TYPE_CHECKING\n\n"
        "if TYPE_CHECKING:\n    from app.applications import Starlette\n    from app.routing import Router\n\n\n"
        "class Conn:\n    def __init__(self, scope):\n        self.scope = scope\n\n"
        "    def url_for(self, name):\n"
        "        provider: Router | Starlette | None = self.scope.get('router')\n"
        "        return provider.url_path_for(name)\n\n"
        "    def routers(self) -> list[Router]:\n        return []\n"
    )
    uses = uses_after(make_repo, PY_ROUTING, {"app/requests.py": after})
    found = listed(uses)
    assert first(found, "app/routing.py", 1) == "class Router:"  # the line as written
    assert first(found, "app/applications.py", 1) == "class Starlette:"
    assert "app/other.py" not in uses  # the same names in a file the imports do not name


PY_ERRORS = {
    "app/__init__.py": "",
    "app/errors/__init__.py": "from .codes import DEFAULT_STATUS\nfrom .http import HTTPError\n",
    "app/errors/codes.py": "DEFAULT_STATUS = 500\n",
    "app/errors/http.py": "class HTTPError(Exception):\n    def __init__(self, status):\n        self.status = status\n"
    + PY_BODY,
    "app/legacy.py": "DEFAULT_STATUS = 400\n\n\nclass HTTPError(Exception):\n    pass\n",
    "app/client.py": "def check(status):\n    return status\n",
}


def test_python_a_class_raised_and_annotated_through_a_package_reexport(make_repo: Callable[..., Path]) -> None:
    after = (
        "from app.errors import DEFAULT_STATUS, HTTPError\n\n\n"
        "def check(status: int) -> HTTPError | None:\n    if status >= 400:\n        raise HTTPError(status or DEFAULT_STATUS)\n"
        "    return None\n"
    )
    uses = uses_after(make_repo, PY_ERRORS, {"app/client.py": after})
    found = listed(uses)
    assert first(found, "app/errors/http.py", 1) == "class HTTPError(Exception):"
    assert found[("app/errors/codes.py", 1)] == "DEFAULT_STATUS = 500"  # a constant (no node), re-exported too
    assert "app/legacy.py" not in uses


TS_ERRORS = {
    "package.json": '{"name": "k", "type": "module"}\n',
    "src/errors/HTTPError.ts": "export class HTTPError extends Error {\n"
    "  constructor(public status: number) {\n    super('http');\n  }\n" + TS_BODY + "}\n",
    "src/errors/TimeoutError.ts": "export class TimeoutError extends Error {\n  name = 'TimeoutError';\n"
    + TS_BODY
    + "}\n",
    "src/errors/kinds.ts": "export type ErrorKind = 'http' | 'timeout';\n",
    "src/index.ts": "export {HTTPError} from './errors/HTTPError.js';\nexport * from './errors/TimeoutError.js';\n"
    "export type {ErrorKind} from './errors/kinds.js';\n",
    "src/legacy/errors.ts": "export class HTTPError {\n  code = 0;\n}\nexport class TimeoutError {}\n"
    "export type ErrorKind = number;\n",
    "src/hooks.ts": "export type Hook = () => void;\n",
}


def test_typescript_classes_and_aliases_through_an_index_reexport(make_repo: Callable[..., Path]) -> None:
    after = (
        "import {HTTPError, TimeoutError, type ErrorKind} from './index.js';\n\n"
        "export type Hook = () => void;\n"
        "export type BeforeErrorHook = (error: HTTPError) => HTTPError | Promise<HTTPError>;\n\n"
        "export function fail(kind: ErrorKind): never {\n  throw new TimeoutError();\n}\n\n"
        "export function make(status: number): Array<HTTPError> {\n  return [new HTTPError(status)];\n}\n"
    )
    uses = uses_after(make_repo, TS_ERRORS, {"src/hooks.ts": after})
    found = listed(uses)
    assert first(found, "src/errors/HTTPError.ts", 1) == "export class HTTPError extends Error {"
    assert first(found, "src/errors/TimeoutError.ts", 1) == "export class TimeoutError extends Error {"
    assert first(found, "src/errors/kinds.ts", 1) == "export type ErrorKind = 'http' | 'timeout';"
    assert "src/legacy/errors.ts" not in uses


JAVA_COLORS = "".join(f"  SHADE{i},\n" for i in range(12))
JAVA = {
    "src/main/java/com/x/Color.java": "package com.x;\n\npublic enum Color {\n  RED,\n  GREEN,\n" + JAVA_COLORS + "}\n",
    "src/main/java/com/x/Limits.java": "package com.x;\n\npublic final class Limits {\n"
    "  public static final int MAX = 3;\n  private Limits() {}\n}\n",
    "src/main/java/com/x/Shade.java": "package com.x;\n\npublic interface Shade {\n  int depth();\n}\n",
    "src/main/java/com/x/Canvas.java": "package com.x;\n\npublic class Canvas {\n  public int width = 640;\n"
    + "".join(f"  public int step{i}() {{\n    return {i};\n  }}\n" for i in range(4))
    + "}\n",
    "src/main/java/com/y/Color.java": "package com.y;\n\npublic enum Color {\n  RED,\n  BLUE;\n}\n",
    "src/main/java/com/y/Shade.java": "package com.y;\n\npublic interface Shade {\n  int depth();\n}\n",
    "src/main/java/com/z/Painter.java": "package com.z;\n\npublic class Painter {\n"
    "  public int paint() {\n    return 0;\n  }\n}\n",
}


def test_java_enum_constant_static_constant_and_parameter_and_field_types(make_repo: Callable[..., Path]) -> None:
    after = (
        "package com.z;\n\nimport com.x.Canvas;\nimport com.x.Color;\nimport com.x.Limits;\nimport com.x.Shade;\n\n"
        "public class Painter {\n  private Shade shade;\n\n"
        "  public int paint(Shade other, Canvas canvas) {\n"
        "    Color c = Color.RED;\n    return other.depth() > Limits.MAX ? canvas.width : 0;\n  }\n}\n"
    )
    uses = uses_after(make_repo, JAVA, {"src/main/java/com/z/Painter.java": after})
    found = listed(uses)
    assert first(found, "src/main/java/com/x/Color.java", 3) == "public enum Color {"
    assert found[("src/main/java/com/x/Color.java", 4)] == "Color: RED,"
    assert found[("src/main/java/com/x/Limits.java", 4)] == "Limits: public static final int MAX = 3;"
    assert first(found, "src/main/java/com/x/Shade.java", 3) == "public interface Shade {"
    assert found[("src/main/java/com/x/Canvas.java", 4)] == "Canvas: public int width = 640;"  # a field read
    assert ("src/main/java/com/x/Shade.java", 4) not in found  # a method of an interface listed whole
    assert "com/y/" not in uses  # another package's Color and Shade: the imports decide


GO = {
    "go.mod": "module example.com/m\n\ngo 1.21\n",
    "kinds/kinds.go": "package kinds\n\ntype Kind int\n\nconst (\n\tA Kind = iota\n\tB\n)\n\n"
    "const Limit = 10\n\ntype Options struct {\n\tName string\n}\n\ntype Label = string\n\n"
    "type Engine struct {\n\tRetries int\n" + "".join(f"\tSlot{i} int\n" for i in range(12)) + "}\n",
    "other/other.go": 'package other\n\ntype Kind string\n\nconst (\n\tA Kind = "a"\n\tB Kind = "b"\n)\n\n'
    "const Limit = 99\n\ntype Options struct {\n\tName []byte\n}\n\ntype Label = int\n",
    "app/app.go": "package app\n\nfunc Run() int {\n\treturn 0\n}\n",
}


def test_go_const_block_types_fields_and_aliases_of_an_imported_package(make_repo: Callable[..., Path]) -> None:
    after = (
        'package app\n\nimport "example.com/m/kinds"\n\n'
        "func Run(o kinds.Options, l kinds.Label, e *kinds.Engine) kinds.Kind {\n"
        "\tif len(o.Name) > kinds.Limit || e.Retries > 0 {\n\t\treturn kinds.B\n\t}\n\treturn kinds.A\n}\n"
    )
    uses = uses_after(make_repo, GO, {"app/app.go": after})
    found = listed(uses)
    assert found[("kinds/kinds.go", 3)] == "type Kind int"
    assert found[("kinds/kinds.go", 6)] == "A Kind = iota"
    assert found[("kinds/kinds.go", 7)] == "B"
    assert found[("kinds/kinds.go", 10)] == "const Limit = 10"
    assert first(found, "kinds/kinds.go", 12) == "type Options struct {"
    assert found[("kinds/kinds.go", 16)] == "type Label = string"
    assert found[("kinds/kinds.go", 18)] == "type Engine struct {"  # long: its line, and the field read
    assert found[("kinds/kinds.go", 19)] == "Engine: Retries int"
    assert "other/other.go" not in uses


RUST = {
    "Cargo.toml": '[package]\nname = "m"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/lib.rs": "pub mod kinds;\npub mod other;\npub mod app;\n",
    "src/kinds.rs": "pub const LIMIT: usize = 10;\n\npub type Label = String;\n\n"
    "pub struct Options {\n    pub name: String,\n}\n\npub enum Kind {\n    A,\n    B,\n"
    + "".join(f"    K{i},\n" for i in range(12))
    + "}\n",
    "src/other.rs": "pub enum Kind {\n    A,\n    B,\n}\n\npub const LIMIT: usize = 99;\n\n"
    "pub type Label = u32;\n\npub struct Options {\n    pub name: Vec<u8>,\n}\n",
    "src/app.rs": "pub fn run() -> usize {\n    0\n}\n",
}


def test_rust_enum_variants_consts_aliases_and_struct_fields(make_repo: Callable[..., Path]) -> None:
    after = (
        "use crate::kinds::{Kind, Label, Options, LIMIT};\n\n"
        "pub fn run(o: &Options, _l: Label) -> Kind {\n"
        "    if o.name.len() > LIMIT {\n        return Kind::B;\n    }\n    Kind::A\n}\n"
    )
    uses = uses_after(make_repo, RUST, {"src/app.rs": after})
    found = listed(uses)
    assert found[("src/kinds.rs", 9)] == "pub enum Kind {"  # long: its line, and the variants named
    assert found[("src/kinds.rs", 10)] == "Kind: A," and found[("src/kinds.rs", 11)] == "Kind: B,"
    assert found[("src/kinds.rs", 1)] == "pub const LIMIT: usize = 10;"
    assert found[("src/kinds.rs", 3)] == "pub type Label = String;"
    assert first(found, "src/kinds.rs", 5) == "pub struct Options {"
    assert "src/other.rs" not in uses


def test_python_enum_member_of_a_long_enum_and_a_property_written(make_repo: Callable[..., Path]) -> None:
    before = {
        "app/__init__.py": "",
        "app/modes.py": "import enum\n\n\nclass Mode(enum.Enum):\n"
        + "".join(f"    M{i} = {i}\n" for i in range(14))
        + "    AUTO = 'auto'\n",
        "app/other.py": "import enum\n\n\nclass Mode(enum.Enum):\n    AUTO = 1\n",
        "app/engine.py": "class Engine:\n    def __init__(self):\n        self.mode = None\n" + PY_BODY,
        "app/run.py": "def run(engine):\n    return engine\n",
    }
    after = (
        "from app.engine import Engine\nfrom app.modes import Mode\n\n\n"
        "def run(engine: Engine):\n    engine.mode = Mode.AUTO\n    return engine\n"
    )
    uses = uses_after(make_repo, before, {"app/run.py": after})
    found = listed(uses)
    assert found[("app/modes.py", 19)] == "Mode: AUTO = 'auto'"
    assert found[("app/engine.py", 3)] == "Engine: self.mode = None"
    assert "app/other.py" not in uses


DOCS = {
    "app/__init__.py": "",
    "app/background.py": "class BackgroundTasks:\n    def __init__(self):\n        self.tasks = []\n" + PY_BODY,
    "app/middleware.py": "class Middleware:\n    pass\n",
    "app/legacy.py": "class Middleware:\n    pass\n",
    "app/limits.py": "TIMEOUT = 3\n",
    "app/run.py": "def run():\n    return 1\n",
    "docs/release-notes.md": "# Release notes\n",
}
NOTES = (
    "# Release notes\n\n- `BackgroundTasks` now run after the `Middleware` stack; see `BackgroundTasks.tasks`.\n"
    "- Install with `pip install app` and `TIMEOUT` applies.\n"
)


def test_names_a_docs_change_writes_in_backticks_are_listed_last_when_they_have_one_definition(
    make_repo: Callable[..., Path],
) -> None:
    run = "from app.limits import TIMEOUT\n\n\ndef run():\n    return TIMEOUT\n"
    uses = uses_after(make_repo, DOCS, {"docs/release-notes.md": NOTES, "app/run.py": run})
    found = listed(uses)
    assert found[("app/limits.py", 1)] == "TIMEOUT = 3"  # the code's use, first
    assert first(found, "app/background.py", 1) == "class BackgroundTasks:"
    assert found[("app/background.py", 3)] == "BackgroundTasks: self.tasks = []"  # ``Owner.field``
    docs = uses.index("Named in the changed docs:")
    assert uses.index("app/limits.py") < docs < uses.index("app/background.py")
    # Two classes called Middleware: prose imports nothing, so neither is meant.
    assert "app/middleware.py" not in uses and "app/legacy.py" not in uses


def test_a_docs_only_change_lists_the_one_definition_it_names(make_repo: Callable[..., Path]) -> None:
    uses = uses_after(make_repo, DOCS, {"docs/release-notes.md": NOTES})
    assert first(listed(uses), "app/background.py", 1) == "class BackgroundTasks:"
    assert "Middleware" not in uses
