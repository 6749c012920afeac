"""What a language's module resolver is given and gives (``LanguageSpec.module_resolver``)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


class RepoFiles(Protocol):
    """What a module resolver may know about the repository."""

    root: str

    def paths(self) -> frozenset[str]: ...

    def read_text(self, path: str) -> str | None: ...


class ModuleResolver(Protocol):
    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        """The repository files an import spec names; () when it leaves the repo."""
        ...


@runtime_checkable
class PackageScopes(Protocol):
    """A resolver that also knows which packages a file's code can reach (Rust's crates by their
    manifests' dependencies): a match by name never crosses into one it cannot."""

    def sees(self, from_file: str, to_file: str) -> bool: ...


@runtime_checkable
class Programs(Protocol):
    """A resolver that knows the program (the compilation) each file is built into: an import
    written for the whole program (C#'s ``global using``) binds in each of its files."""

    def program_of(self, path: str) -> str: ...


@runtime_checkable
class ItemPaths(Protocol):
    """A resolver whose module paths may end in an item of a package rather than a package (C#'s
    ``using C = A.B.Type;``): ``item_path`` splits such a path into (package, item), else None."""

    def item_path(self, module: str) -> tuple[str, str] | None: ...


__all__ = ["ItemPaths", "ModuleResolver", "PackageScopes", "Programs", "RepoFiles"]
