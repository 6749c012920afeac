"""The resolver's view of a stored graph, for incremental updates.

``StoreSource`` has the shape of ``resolve.records.Source`` (the protocol is structural, so the
graph layer does not import the resolver): the paths, languages and packages of the indexed files,
each file's symbols, imports and bindings, a class's inheritance references, and lookups of a
symbol by id or by name, all read from the database, in the order the resolver expects.
"""

from __future__ import annotations

from pathlib import Path

from diffreach.graph.store import Store
from diffreach.model import Binding, Import, Ref, RefKind, SymRow


class StoreSource:
    """resolve.Source over the database, for incremental updates."""

    def __init__(self, store: Store, langs: dict[str, tuple[str, str]] | None = None) -> None:
        """``langs``: every stored file's (language, package) when the caller keeps them."""
        self.store = store
        self.root = store.root
        self._langs = store.file_languages() if langs is None else langs

    def paths(self) -> frozenset[str]:
        return frozenset(self._langs)

    def read_text(self, path: str) -> str | None:
        try:
            return (Path(self.root) / path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None

    def language_of(self, path: str) -> str | None:
        found = self._langs.get(path)
        return found[0] if found else None

    def package_of(self, path: str) -> str:
        found = self._langs.get(path)
        return found[1] if found else ""

    def symbols_in(self, path: str) -> list[SymRow]:
        return [
            SymRow(r[0], r[1], r[2], r[3], r[4], bool(r[5]))
            for r in self.store.conn.execute(
                "SELECT id, kind, name, file, parent, is_test FROM nodes WHERE file=?"
                " ORDER BY start_line, end_line DESC, id",
                (path,),
            )
        ]

    def imports_of(self, path: str) -> list[Import]:
        return [
            Import(r[0], r[1], r[2], r[3], bool(r[4]), bool(r[5]))
            for r in self.store.conn.execute(
                "SELECT module, name, alias, line, wildcard, program_wide FROM imports WHERE file=? ORDER BY rowid",
                (path,),
            )
        ]

    def program_wide_imports(self) -> list[tuple[str, Import]]:
        """Every import that binds in every file of its program (C#'s ``global using``), with
        the file that writes it, in file order."""
        return [
            (r[0], Import(r[1], r[2], r[3], r[4], bool(r[5]), True))
            for r in self.store.conn.execute(
                "SELECT file, module, name, alias, line, wildcard FROM imports WHERE program_wide=1 ORDER BY file, rowid"
            )
        ]

    def bindings_of(self, path: str) -> list[Binding]:
        return [
            Binding(*r)
            for r in self.store.conn.execute(
                "SELECT scope, name, type_name, line, end_line FROM bindings WHERE file=? ORDER BY rowid", (path,)
            )
        ]

    def inherit_refs_of(self, class_id: str) -> list[Ref]:
        path = class_id.split("::", 1)[0]
        return [
            Ref(*r)
            for r in self.store.conn.execute(
                "SELECT scope, kind, name, receiver, line FROM refs WHERE file=? AND scope=? AND kind=? ORDER BY id",
                (path, class_id, RefKind.INHERIT),
            )
        ]

    def kind_of(self, sid: str) -> str | None:
        row = self.store.conn.execute("SELECT kind FROM nodes WHERE id=?", (sid,)).fetchone()
        return row[0] if row else None

    def signature_of(self, sid: str) -> str:
        row = self.store.conn.execute("SELECT signature FROM nodes WHERE id=?", (sid,)).fetchone()
        return str(row[0]) if row else ""

    def named(self, name: str) -> list[SymRow]:
        return [
            SymRow(r[0], r[1], r[2], r[3], r[4], bool(r[5]))
            for r in self.store.conn.execute(
                "SELECT id, kind, name, file, parent, is_test FROM nodes WHERE name=? AND kind!='file' ORDER BY file, start_line",
                (name,),
            )
        ]
