"""A variable a module binds at its top level keeps its value when another module imports it: an
import binds the importing module's name to the same object (Python's Reference, "The import
statement": ``from m import x`` binds x to m's attribute x; ECMA-262's imports are live bindings of
the exporting module's variable). So ``Cache.get()`` on an imported ``Cache = CacheClass()`` runs
CacheClass's method, as it does in the module itself, through a module object and re-exports
too; a name of the same spelling the importing module binds itself is not the import."""

from __future__ import annotations

import pytest

from tests.conftest import calls_from_f

PY_CACHE = (
    "class CacheClass:\n    def get(self, k):\n        pass\n\n"
    "class Other:\n    def get(self, k):\n        pass\n\nCache = CacheClass()\n"
)
PY_USES = {
    "from_import": "from cache import Cache\n\ndef f(u):\n    Cache.get(u)\n",
    "aliased": "from cache import Cache as C\n\ndef f(u):\n    C.get(u)\n",
    "module_attribute": "import cache\n\ndef f(u):\n    cache.Cache.get(u)\n",
    "reexported": "from pkg import Cache\n\ndef f(u):\n    Cache.get(u)\n",
}
TS_CACHE = (
    "export class CacheClass {\n  get(k: string) {}\n}\n"
    "export class Other {\n  get(k: string) {}\n}\nexport const Cache = new CacheClass();\n"
)
TS_USES = {
    "named": "import { Cache } from './cache';\nexport function f(u: string) { Cache.get(u); }\n",
    "namespace": "import * as c from './cache';\nexport function f(u: string) { c.Cache.get(u); }\n",
    "reexported": "import { Cache } from './index';\nexport function f(u: string) { Cache.get(u); }\n",
}


def gets_from_f(files: dict[str, str]) -> dict[str, str]:
    return calls_from_f(files, "get")


@pytest.mark.parametrize("case", sorted(PY_USES))
def test_python_an_imported_module_variable_holds_the_class_it_is_bound_to(case: str) -> None:
    files = {"cache.py": PY_CACHE, "pkg/__init__.py": "from cache import Cache\n", "use.py": PY_USES[case]}
    assert gets_from_f(files) == {"cache.py::CacheClass.get": "type"}


@pytest.mark.parametrize("case", sorted(TS_USES))
def test_typescript_an_imported_module_variable_holds_the_class_it_is_bound_to(case: str) -> None:
    files = {
        "src/cache.ts": TS_CACHE,
        "src/index.ts": "export { Cache } from './cache';\n",
        "src/use.ts": TS_USES[case],
    }
    assert gets_from_f(files) == {"src/cache.ts::CacheClass.get": "type"}


DEFAULT_EXPORTS = {
    "export_default_new": ("src/cache.ts", "export default new CacheClass();\n", "import cache from './cache';\n"),
    "export_default_name": (
        "src/cache.ts",
        "const cache = new CacheClass();\nexport default cache;\n",
        "import cache from './cache';\n",
    ),
    "module_exports_new": (
        "lib/cache.js",
        "module.exports = new CacheClass();\n",
        "const cache = require('./cache');\n",
    ),
    "module_exports_name": (
        "lib/cache.js",
        "const cache = new CacheClass();\nmodule.exports = cache;\n",
        "const cache = require('./cache');\n",
    ),
}


@pytest.mark.parametrize("case", sorted(DEFAULT_EXPORTS))
def test_a_module_whose_own_export_is_an_instance_gives_that_instance(case: str) -> None:
    # ECMA-262: the default export is the expression's (or the variable's) value; CommonJS's
    # require gives the module's module.exports.
    cache, export, importing = DEFAULT_EXPORTS[case]
    classes = "class CacheClass {\n  get(k) {}\n}\nclass Other {\n  get(k) {}\n}\n"
    use = cache.replace("cache.", "use.")
    files = {cache: classes + export, use: importing + "function f(u) { cache.get(u); }\nmodule.exports = { f };\n"}
    assert gets_from_f(files) == {f"{cache}::CacheClass.get": "type"}


def test_a_name_the_importing_module_rebinds_is_not_the_imported_variable() -> None:
    use = "from cache import Cache\n\ndef f(u, Cache=None):\n    Cache.get(u)\n"
    assert "type" not in gets_from_f({"cache.py": PY_CACHE, "use.py": use}).values()
