"""What a language's module resolver is given and gives (``LanguageSpec.module_resolver``)."""

from __future__ import annotations

from typing import Protocol


class RepoFiles(Protocol):
    """What a module resolver may know about the repository."""

    root: str

    def paths(self) -> frozenset[str]: ...

    def read_text(self, path: str) -> str | None: ...


class ModuleResolver(Protocol):
    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        """The repository files an import spec names; () when it leaves the repo."""
        ...


__all__ = ["ModuleResolver", "RepoFiles"]
