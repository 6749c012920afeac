"""Swift: types, extensions, protocols; ``import Module`` as a SwiftPM target.

Swift has no per-file imports inside a module: every file of a target sees the
others. ``import Shop`` binds the files under a folder named ``Shop``
(``Sources/Shop/``) as a wildcard; type names are global within the repository
(``global_types``) and the pieces of a type declared by ``extension`` share its
members (``open_classes``). Tests: ``Tests/`` folders and ``*Tests.swift``.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from .jvm_imports import dotted_imports
from .spec import LanguageSpec, RepoFiles, grammar_of


class SwiftTargets:
    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        self._targets: dict[str, list[str]] = {}
        for path in sorted(p for p in repo.paths() if p.endswith(".swift")):
            for parent in PurePosixPath(path).parents:
                if parent.name:
                    self._targets.setdefault(parent.name, []).append(path)

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        return tuple(self._targets.get(module.split(".", 1)[0], ()))


def _wildcard_modules(text: str) -> list[tuple[str, str, str, bool]]:
    return [(m or n, "", "", True) if not m else (m, n, a, w) for m, n, a, w in dotted_imports(text)]


SPEC = LanguageSpec(
    name="swift",
    extensions=(".swift",),
    grammar=grammar_of("tree_sitter_swift"),
    query_file="swift.scm",
    resolver=SwiftTargets,
    test_globs=("Tests/*", "*Tests.swift", "*Test.swift"),
    self_names=frozenset({"self", "Self"}),
    super_names=frozenset({"super"}),
    constructor_names=("init",),
    implicit_self=True,
    package_scope=True,
    open_classes=True,
    global_types=True,
    builtins=frozenset(
        {
            "print",
            "debugPrint",
            "fatalError",
            "precondition",
            "assert",
            "min",
            "max",
            "abs",
            "zip",
            "stride",
            "String",
            "Int",
            "Double",
            "Array",
            "Dictionary",
            "Set",
            "XCTAssertEqual",
            "XCTAssertTrue",
            "XCTAssertFalse",
            "XCTAssertNil",
        }
    ),
    builtin_methods=frozenset(
        {
            "append",
            "insert",
            "remove",
            "map",
            "filter",
            "reduce",
            "forEach",
            "contains",
            "first",
            "last",
            "count",
            "isEmpty",
            "sorted",
            "joined",
            "split",
            "description",
            "compactMap",
            "flatMap",
            "removeAll",
            "index",
        }
    ),
    module_separator=".",
    import_tree=_wildcard_modules,
    resolution="import Module as every file of that target folder; global type names; extensions merged",
    static_modifiers=frozenset({"static"}),
    implicit_members=True,
    # `override` must override, and a conformance must match each requirement's signature.
    overrides_keep_signature=True,
)
