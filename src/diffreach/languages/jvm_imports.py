"""Dotted imports shared by Kotlin, Scala and Swift: ``import a.b.C [as D]``,
``import a.b.*`` (Scala ``_`` and ``{A, B => C}`` too), read from the
statement's text by ``dotted_imports``; ``PackageFiles`` maps a declared
package (``@package``) to the files that declare it (C# namespaces build on it)."""

from __future__ import annotations

import re
from collections.abc import Callable

from .spec import LanguageSpec, RepoFiles


class PackageFiles:
    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        package_of: Callable[[str], str] = getattr(repo, "package_of", lambda path: "")
        self._files: dict[str, list[str]] = {}
        for path in sorted(repo.paths()):
            if path.endswith(spec.extensions):
                self._files.setdefault(package_of(path), []).append(path)

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        return tuple(self._files.get(module, ())) if module else ()


def dotted_imports(text: str) -> list[tuple[str, str, str, bool]]:
    body = re.sub(r"\s+", " ", text.strip()).removeprefix("import ").strip().rstrip(";")
    body = re.sub(r"^(class|struct|enum|protocol|func|var|let|typealias|given) ", "", body)
    group = re.match(r"^(.*)\.\{(.*)\}$", body)
    if group:  # Scala: import a.b.{C, D => E, _}
        out = []
        for part in group.group(2).split(","):
            name, _, alias = part.strip().partition("=>")
            name, alias = name.strip(), alias.strip()
            if name in ("_", "*"):
                out.append((group.group(1), "", "", True))
            elif name and alias != "_":
                out.append((group.group(1), name, alias or name, False))
        return out
    path, _, alias = body.partition(" as ")
    module, _, name = path.strip().rpartition(".")
    if name in ("*", "_"):
        return [(module, "", "", True)]
    if not module:  # Swift: import Foundation binds a module
        return [(name, "", name, False)]
    return [(module, name, alias.strip() or name, False)]
