"""Paths from a global name (``LanguageSpec.global_paths``, ECMAScript's scripts).

In a script, a name no declaration binds is a property of the global object (ECMA-262 9.1.1.4), so
``a.b.C = class {…}`` in one file and ``a.b.C.m()`` in another name the same class: the extractor names
such a definition by its whole path (``extract/scopes.py``'s ``nest``), and these lookups find it from
any file of the language, where neither that file nor the defining one binds the path's first name.
"""

from __future__ import annotations

from diffreach.model import NodeKind, SymRow
from diffreach.resolve.records import qualname as _qualname
from diffreach.resolve.types import Types


class GlobalPaths(Types):
    def _global_path(self, path: str, receiver: str) -> tuple[SymRow | None, str]:
        """The class (or constructor) a path from a global names (``a.b.C`` of ``a.b.C = class {…}``), the longest
        prefix naming one, and the path's rest (its members); (None, "") when no prefix names
        exactly one class of the language."""
        parts = receiver.split(".")
        for n in range(len(parts), 1, -1):
            found = self.global_type(path, ".".join(parts[:n]))
            if found is not None:
                return found, ".".join(parts[n:])
        return None, ""

    def global_type(self, path: str, full: str) -> SymRow | None:
        """The class a path names, or the constructor function (``a.b.F = function () {this.m = …}``,
        ``a.b.F.prototype.m = …``): ``new a.b.F()`` makes its instances as ``new C()`` does a class's."""
        found = self.global_definitions(path, full, (NodeKind.CLASS, NodeKind.METHOD, NodeKind.FUNCTION))
        return (
            found if found is not None and (found.kind == NodeKind.CLASS or self.constructor_function(found)) else None
        )

    def global_definitions(self, path: str, full: str, kinds: tuple[NodeKind, ...]) -> SymRow | None:
        """The definition of one of ``kinds`` named by the path ``full`` in the scripts of ``path``'s
        language, where the path starts at a global there too (a module's own ``var res = {}``
        makes ``res.send`` its own), when one file gives it (two: which runs last is unknown)."""
        lang = self.source.language_of(path)
        found = [
            r
            for r in self._candidates(full.rpartition(".")[2])
            if r.kind in kinds and _qualname(r.id) == full and self.source.language_of(r.file) == lang
        ]
        if not found or any(r.file != found[0].file for r in found):
            return None
        return found[0] if self._global_root(found[0].file, found[0].file, full) else None

    def global_member(self, path: str, scope: str, receiver: str, name: str) -> SymRow | None:
        """``a.b.m()`` where no scope binds ``a``, so that it is the global object's (LanguageSpec's
        ``global_paths``): the function some script gives to that very path (``a.b.m = function``)."""
        if not self._global_root(path, scope, receiver):
            return None
        return self.global_definitions(path, f"{receiver}.{name}", (NodeKind.METHOD, NodeKind.FUNCTION, NodeKind.CLASS))

    def _global_root(self, path: str, scope: str, dotted: str) -> bool:
        """Whether the path starts at a name the file binds nowhere (no declaration, no local, no
        import, in any of its scopes): the global object's."""
        head = dotted.partition(".")[0]
        if not head.isidentifier() or self._bindings_by_name(path).get(head) or self._value_table(path).get(head):
            return False
        return self.lookup_name(path, scope, head) is None
