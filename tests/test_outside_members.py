"""Spec: a member of a value of an outside type has a type not known here, not an outside type.

A parameter typed with a class from outside the repository (``hook_manager: PluginManager``) is an
outside value: its own methods are the library's (``hook_manager.register(p)`` calls nothing of
ours). But the type of one of its members is declared out of sight, and such members often hold the
repository's own objects: a plugin manager's hook relay calls the hook specifications, a request's
``user`` is the project's user model, a server's handler is the project's. Where objects take members at
run time (Python, JavaScript: ``LanguageSpec.runtime_members``), a call through such a member is
bound as a call on a value of unknown type (by name), as for an untyped parameter, never dropped as
the library's. Where members are declared (Go, TypeScript), the outside package declares the
member's type: it stays outside."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

_PY = {
    "specs.py": "class DatasetSpecs:\n    def before_dataset_loaded(self, name, node):\n        pass\n\n"
    "    def register(self, plugin):\n        pass\n",
    "runner.py": """\
from pluggy import PluginManager


def run(hook_manager: PluginManager, name):
    hook_manager.hook.before_dataset_loaded(name=name, node=None)
    hook_manager.register(name)


def untyped(hook_manager, name):
    hook_manager.hook.before_dataset_loaded(name=name, node=None)
""",
}

_JS = {
    "specs.js": "export class Specs {\n  beforeLoad(name) {}\n}\n",
    "runner.js": """\
import { PluginManager } from 'pluggy-js';

export function run(name) {
  const manager = new PluginManager();
  manager.hook.beforeLoad(name);
}
""",
}

# Members declared with a type: the outside package declares its members' types, outside too.
_GO = {
    "go.mod": "module example.com/m\n\ngo 1.21\n",
    "gen/types.go": "package gen\n\ntype Sig struct{}\n\nfunc (s Sig) In(i int) int {\n\treturn i\n}\n",
    "gen/methods.go": """\
package gen

import "reflect"

func Params(m reflect.Method) int {
\treturn m.Type.In(0).Kind()
}
""",
}

_TS = {
    "src/user.ts": "export class Account {\n  fullName(): string {\n    return '';\n  }\n}\n",
    "src/view.ts": """\
import type { Request } from 'express';

export function greet(req: Request): string {
  return req.user.fullName();
}
""",
}


def _calls(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}


def test_python_a_call_through_a_member_of_an_outside_value_binds_as_untyped() -> None:
    calls = _calls(_PY)
    assert ("runner.py::run", "specs.py::DatasetSpecs.before_dataset_loaded") in calls
    assert ("runner.py::untyped", "specs.py::DatasetSpecs.before_dataset_loaded") in calls
    # Forbidden: the outside type's own method is the library's, whatever its name matches.
    assert ("runner.py::run", "specs.py::DatasetSpecs.register") not in calls


def test_javascript_a_call_through_a_member_of_an_outside_instance_binds_by_name() -> None:
    assert ("runner.js::run", "specs.js::Specs.beforeLoad") in _calls(_JS)


def test_where_members_are_declared_an_outside_values_member_stays_outside() -> None:
    assert ("gen/methods.go::Params", "gen/types.go::Sig.In") not in _calls(_GO)
    assert ("src/view.ts::greet", "src/user.ts::Account.fullName") not in _calls(_TS)
