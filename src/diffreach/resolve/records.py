"""The records and the ``Source`` protocol that resolution is written against.

Kept apart from ``resolver.py`` so that the resolver's layers (its state,
imports, classes, the by-name fallback) and the sources (in-memory extracts, the
store) share them without importing the resolver itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import PurePosixPath
from typing import Final, Protocol

from diffreach.languages.spec import LanguageSpec
from diffreach.model import Binding, Import, Ref, SymRow

MAX_AMBIGUOUS = 3
MAX_DEPTH = 6  # re-export chains and base-class walks


class _Unknown(Enum):
    """A memo's "not asked yet" (None is an answer). One enum member rather than an
    ``object()``, so that ``found is UNKNOWN`` narrows the memo's type (PEP 484's sentinel)."""

    UNKNOWN = 0


UNKNOWN: Final = _Unknown.UNKNOWN


def qualname(sid: str) -> str:
    """``path::A.m#2`` → ``A.m``: a symbol id's qualified name without its overload number."""
    return sid.split("::", 1)[-1].split("#", 1)[0]


class Source(Protocol):
    """What resolution reads. Implemented over extracts (full build) and over the store."""

    root: str

    def paths(self) -> frozenset[str]: ...

    def read_text(self, path: str) -> str | None: ...

    def language_of(self, path: str) -> str | None: ...

    def package_of(self, path: str) -> str: ...

    def symbols_in(self, path: str) -> list[SymRow]: ...

    def imports_of(self, path: str) -> list[Import]: ...

    def program_wide_imports(self) -> list[tuple[str, Import]]:
        """Each import that binds in every file of its program, with its file, in file order."""
        ...

    def bindings_of(self, path: str) -> list[Binding]: ...

    def inherit_refs_of(self, class_id: str) -> list[Ref]: ...

    def named(self, name: str) -> list[SymRow]: ...

    def kind_of(self, sid: str) -> str | None: ...

    def signature_of(self, sid: str) -> str:
        """A symbol's signature ("" when unknown): read for the members of overload families."""
        ...


@dataclass(frozen=True, slots=True)
class Module:
    files: tuple[str, ...]


EXTERNAL = Module(())  # bound to something outside the repository
Target = SymRow | Module


def module_name_guess(path: str, part: str, spec: LanguageSpec) -> str:
    """``pkg.sub`` reached as an attribute of module ``pkg``: resolve it relative to pkg's file."""
    return (
        f"{spec.module_separator}{part}"
        if PurePosixPath(path).stem in spec.package_index_names
        else f"{spec.module_separator}{PurePosixPath(path).stem}{spec.module_separator}{part}"
    )
