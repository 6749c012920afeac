"""Which crates of a workspace a file's crate can reach: its own package and the packages it
depends on, through their dependencies (The Cargo Book, "Specifying Dependencies": a crate names
only the crates its manifest declares; a value of a type from a crate further down the graph,
handed up through one it declares, still runs that crate's methods). Every package of the
repository that another cannot reach this way holds nothing its code can call.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

# A table header (`[dependencies]`, `[target.'cfg(unix)'.dev-dependencies]`, `[dependencies.foo]`).
_TABLE = re.compile(r"^[ \t]*\[([^\[\]\n]+)\][ \t]*(?:#.*)?$", re.M)
# A dependency table, or one dependency's own table (its last segment the crate's key).
_DEPENDENCIES = re.compile(r"^(?:target\..+\.)?(?:dev-|build-)?dependencies(?:\.([A-Za-z0-9_-]+))?$")
# `name = "1"`, `name = { path = "…", package = "real" }`, `name.workspace = true`.
_ENTRY = re.compile(r"^[ \t]*([A-Za-z0-9_-]+)(?:\.workspace)?[ \t]*=(.*)$", re.M)
_RENAMED = re.compile(r'\bpackage\s*=\s*"([^"]+)"')


def declared_dependencies(manifest: str) -> frozenset[str]:
    """The crate names a Cargo.toml's dependency tables declare (``-`` read as ``_``; a renamed
    dependency by its package's name). ``[workspace.dependencies]`` declares none for a package."""
    out: set[str] = set()
    tables = list(_TABLE.finditer(manifest))
    for i, table in enumerate(tables):
        found = _DEPENDENCIES.match(table.group(1).strip().replace('"', "").replace("'", ""))
        if found is None:
            continue
        body = manifest[table.end() : tables[i + 1].start() if i + 1 < len(tables) else len(manifest)]
        if found.group(1):  # [dependencies.foo]: one dependency, its keys in the table
            renamed = _RENAMED.search(body)
            out.add(renamed.group(1) if renamed else found.group(1))
            continue
        for entry in _ENTRY.finditer(body):
            renamed = _RENAMED.search(entry.group(2))
            out.add(renamed.group(1) if renamed else entry.group(1))
    return frozenset(name.replace("-", "_") for name in out)


class CrateGraph:
    """The packages of a repository by directory, and what each depends on among them."""

    def __init__(self, packages: dict[str, tuple[str, str]]) -> None:
        """``packages``: a package's directory ("." for the root) → (its crate name, its manifest)."""
        self._names = {directory: name for directory, (name, _) in packages.items()}
        self._deps = {name: declared_dependencies(manifest) for name, manifest in packages.values()}
        self._of_dir: dict[str, str | None] = {}
        self._reach: dict[str, frozenset[str]] = {}

    def sees(self, from_file: str, to_file: str) -> bool:
        """Whether code of ``from_file``'s package can run code of ``to_file``'s; True where either
        belongs to no package of the repository (nothing is known to rule it out)."""
        source, target = self._package(from_file), self._package(to_file)
        if source is None or target is None or source == target:
            return True
        return target in self._reachable(source)

    def _package(self, path: str) -> str | None:
        directory = str(PurePosixPath(path).parent)
        found = self._of_dir.get(directory, "")
        if found == "":
            owner = next(
                (d for d in (directory, *map(str, PurePosixPath(directory).parents)) if d in self._names), None
            )
            found = self._of_dir[directory] = self._names[owner] if owner is not None else None
        return found

    def _reachable(self, name: str) -> frozenset[str]:
        found = self._reach.get(name)
        if found is None:
            seen, todo = {name}, [name]
            while todo:
                for dep in self._deps.get(todo.pop(), ()):
                    if dep in self._deps and dep not in seen:
                        seen.add(dep)
                        todo.append(dep)
            found = self._reach[name] = frozenset(seen)
        return found
