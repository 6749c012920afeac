"""PHP: namespaces and ``use``, PSR-4 autoload from ``composer.json``, PHPUnit.

A ``use App\\Models\\User`` names a class by its namespace: the module resolver
maps a namespace to the files that declare it (``@package``) and, through the
PSR-4 prefixes of every ``composer.json`` (``"App\\\\": "src/"``), to the files
of the directory it names, so ``User`` is looked up in ``src/Models/``. Use
groups (``use A\\{B, C as D}``) are expanded by ``use_clauses``. ``$this->``,
``self::`` and ``static::`` are the enclosing class, ``parent::`` its base;
``Foo::bar()`` resolves ``Foo`` through the imports; ``new Foo`` calls
``__construct``. Traits used by a class are inheritance edges. Files named
``*Test.php`` or under ``tests/`` are test code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import PurePosixPath

from .spec import LanguageSpec, RepoFiles, grammar_of


class Psr4:
    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        package_of: Callable[[str], str] = getattr(repo, "package_of", lambda path: "")
        self._dirs: dict[str, list[str]] = {}
        self._namespaces: dict[str, list[str]] = {}
        for path in sorted(repo.paths()):
            if path.endswith(".php"):
                self._dirs.setdefault(str(PurePosixPath(path).parent), []).append(path)
                self._namespaces.setdefault(package_of(path), []).append(path)
        self._prefixes: list[tuple[str, str]] = []
        for path in sorted(p for p in repo.paths() if p.rsplit("/", 1)[-1] == "composer.json"):
            base = str(PurePosixPath(path).parent)
            for prefix, dirs in _psr4(repo.read_text(path) or ""):
                for d in dirs:
                    d = d.strip("/")
                    self._prefixes.append((prefix.strip("\\"), d if base == "." else f"{base}/{d}".rstrip("/")))
        self._prefixes.sort(key=lambda p: -len(p[0]))

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        module = module.strip("\\")
        found = list(self._namespaces.get(module, ()))
        for prefix, directory in self._prefixes:
            if module == prefix or module.startswith(prefix + "\\"):
                rest = module[len(prefix) :].strip("\\").replace("\\", "/")
                target = f"{directory}/{rest}".strip("/") if rest else directory
                if f"{target}.php" in self._dirs.get(str(PurePosixPath(target).parent), ()):
                    return (f"{target}.php",)
                found.extend(p for p in self._dirs.get(target or ".", ()) if p not in found)
        return tuple(found)


def _psr4(text: str) -> list[tuple[str, list[str]]]:
    try:
        data = json.loads(text)
    except ValueError:
        return []
    out: list[tuple[str, list[str]]] = []
    for section in ("autoload", "autoload-dev"):
        table = (data.get(section) or {}).get("psr-4") or {} if isinstance(data, dict) else {}
        for prefix, dirs in table.items():
            out.append((prefix, [dirs] if isinstance(dirs, str) else list(dirs)))
    return out


def use_clauses(text: str) -> list[tuple[str, str, str, bool]]:
    """``use A\\B\\{C, D as E};`` → (namespace, name, alias, False) per name."""
    body = re.sub(r"\s+", " ", text.strip().rstrip(";")).removeprefix("use ").strip()
    body = re.sub(r"^(function|const) ", "", body)
    out: list[tuple[str, str, str, bool]] = []
    group = re.match(r"^([^{]*)\{(.*)\}$", body)
    prefix, parts = (group.group(1).strip().rstrip("\\"), group.group(2)) if group else ("", body)
    for part in parts.split(","):
        part = re.sub(r"^(function|const) ", "", part.strip())
        if not part:
            continue
        path, _, alias = part.partition(" as ")
        full = f"{prefix}\\{path.strip()}" if prefix else path.strip()
        namespace, _, name = full.strip("\\").rpartition("\\")
        out.append((namespace, name, alias.strip() or name, False))
    return out


SPEC = LanguageSpec(
    name="php",
    construction_keyword="new",
    extensions=(".php",),
    grammar=grammar_of("tree_sitter_php", "language_php"),
    query_file="php.scm",
    resolver=Psr4,
    test_globs=("*Test.php", "tests/*", "test/*"),
    self_names=frozenset({"$this", "self", "static"}),
    super_names=frozenset({"parent"}),
    constructor_names=("__construct",),
    # ``new Base()`` runs Base's constructor, never a subclass's (parent::__construct() goes up).
    hidden_members=frozenset({"__construct"}),
    package_scope=True,
    builtins=frozenset(
        {
            "count",
            "strlen",
            "array_map",
            "array_filter",
            "array_keys",
            "array_values",
            "array_merge",
            "in_array",
            "implode",
            "explode",
            "sprintf",
            "printf",
            "isset",
            "unset",
            "empty",
            "is_array",
            "is_string",
            "json_encode",
            "json_decode",
            "trim",
            "str_replace",
            "substr",
            "strpos",
            "var_dump",
            "print_r",
            "echo",
            "die",
            "exit",
        }
    ),
    builtin_methods=frozenset(
        {
            "get",
            "set",
            "has",
            "add",
            "remove",
            "count",
            "toArray",
            "getMessage",
            "assertEquals",
            "assertSame",
            "assertTrue",
            "assertFalse",
            "assertCount",
            "expectException",
            "format",
            "first",
            "all",
            "map",
            "filter",
            "each",
        }
    ),
    module_separator="\\",
    resolution_configs=("composer.json",),
    # As JavaScript's (see DOCSTRING there): a string statement first in a body is read as a doc.
    docstring=("expression_statement", "string"),
    string_prefixes="rbuRBU",
    member_separators=("->", "::", "?->"),
    import_tree=use_clauses,
    resolution="namespaces and use (groups, aliases, functions); PSR-4 autoload from composer.json; "
    "$this->/self::/static::/parent:: and Foo::bar() through imports",
)
