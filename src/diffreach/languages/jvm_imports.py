"""Dotted imports shared by Kotlin, Scala and Swift: ``import a.b.C [as D]``,
``import a.b.*`` (Scala ``_`` and ``{A, B => C}`` too), read from the
statement's text by ``dotted_imports``; ``PackageFiles`` maps a declared
package (``@package``) to the files that declare it (C# namespaces build on it),
those of the languages sharing its packages (``LanguageSpec.package_languages``:
Kotlin imports Java classes) included."""

from __future__ import annotations

import re
from collections.abc import Callable

from .spec import LanguageSpec, RepoFiles


def _declared(repo: RepoFiles) -> tuple[Callable[[str], str | None], Callable[[str], str]]:
    """A file's language and declared package, where the repository's view knows them (the
    graph's source does; a bare file listing knows neither)."""
    return getattr(repo, "language_of", lambda path: None), getattr(repo, "package_of", lambda path: "")


def shared_packages(repo: RepoFiles, languages: tuple[str, ...]) -> dict[str, list[str]]:
    """Declared package → the files of ``languages`` that declare it (none when the repository's
    view knows no file's language or package)."""
    out: dict[str, list[str]] = {}
    if not languages:
        return out
    language_of, package_of = _declared(repo)
    for path in sorted(repo.paths()):
        if language_of(path) in languages and (package := package_of(path)):
            out.setdefault(package, []).append(path)
    return out


# Kotlin compiles a file's top-level functions and properties into a class named after the file,
# ``Utils.kt`` in package a.b into ``a.b.UtilsKt`` ("Calling Kotlin from Java": package-level
# functions), which is how Java names them (``UtilsKt.f()``, ``import static a.b.UtilsKt.f``).
KOTLIN_FILE_CLASS_SUFFIX = "Kt"


def kotlin_file_classes(repo: RepoFiles) -> dict[str, list[str]]:
    """``a.b.UtilsKt`` → the Kotlin file ``Utils.kt`` of package a.b (none when the repository's
    view knows no file's language or package)."""
    out: dict[str, list[str]] = {}
    language_of, package_of = _declared(repo)
    for path in sorted(repo.paths()):
        if language_of(path) == "kotlin" and path.endswith(".kt"):
            stem = path.rpartition("/")[2][: -len(".kt")]
            package = package_of(path)
            name = f"{stem[:1].upper()}{stem[1:]}{KOTLIN_FILE_CLASS_SUFFIX}"
            out.setdefault(f"{package}.{name}" if package else name, []).append(path)
    return out


class PackageFiles:
    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        package_of = _declared(repo)[1]
        self._files: dict[str, list[str]] = {}
        for path in sorted(repo.paths()):
            if path.endswith(spec.extensions):
                self._files.setdefault(package_of(path), []).append(path)
        for package, files in shared_packages(repo, spec.package_languages).items():
            self._files.setdefault(package, []).extend(files)

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        if not module:
            return ()
        found = self._files.get(module)
        if not found and "." in module:
            # A path that ends in a type, not a package: Kotlin's ``import a.b.Obj.member`` (an
            # object's member, a nested class, an enum entry), Scala's ``import a.b.Obj.m``, C#'s
            # ``using static A.B.C``. The type's package holds it; the import binds inside the type.
            found = self._files.get(module.rpartition(".")[0])
        return tuple(found or ())

    def item_path(self, module: str) -> tuple[str, str] | None:
        """(package, item) when ``module`` names no package but an item of one (``a.b.Type``)."""
        package, _, item = module.rpartition(".")
        return (package, item) if module not in self._files and package in self._files else None


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
