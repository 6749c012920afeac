"""Rust's module tree over files (the resolver of Rust's spec, rust.py).

A file's module is where it sits: ``src/lib.rs`` (or ``main.rs``) is the crate
root, ``src/a/b.rs`` and ``src/a/b/mod.rs`` are ``crate::a::b``; a file outside
``src/`` (``tests/x.rs``, ``examples/y.rs``) is a crate root of its own, and so is each binary
(``src/bin/x.rs``, ``src/bin/x/main.rs``, a ``[[bin]]``'s ``path``), whose modules sit beside it.
A module declared inside an inline ``mod a { }`` sits under ``a/`` (``{a}m``), and one a
``#[path]`` attribute names is the file it names, a child of the declaring module. Crate
names come from each ``Cargo.toml`` (``-`` read as ``_``), so ``use clap::Parser``
in a test or a sibling workspace crate reaches that crate's ``lib.rs``.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import PurePosixPath

from .rust_crates import CrateGraph
from .spec import LanguageSpec, RepoFiles

_ROOT_FILES = ("lib.rs", "main.rs")
_SRC_ROOTS = tuple(f"/src/{name}" for name in _ROOT_FILES)
# The [package] table: up to the next line that opens a table (an array's lines do not).
_PACKAGE = re.compile(r"^\s*\[package\][ \t]*$(.*?)(?=^\s*\[|\Z)", re.M | re.S)
_NAME = re.compile(r'^\s*name\s*=\s*"([^"]+)"', re.M)
_EDITION = re.compile(r"^\s*edition\b", re.M)
_EDITION_2015 = re.compile(r'^\s*edition\s*=\s*"2015"', re.M)
# A [[bin]] table's `path` (up to the next table), and `autobins = false` in [package].
_BIN = re.compile(r"^\s*\[\[bin\]\][ \t]*$(.*?)(?=^\s*\[|\Z)", re.M | re.S)
_PATH = re.compile(r'^\s*path\s*=\s*"([^"]+)"', re.M)
_NO_AUTOBINS = re.compile(r"^\s*autobins\s*=\s*false\b", re.M)
# `#[path = "p"] mod m;` at a file's top level (not indented: inside an inline module the extraction
# gives the path itself), other outer attributes between: the module m is the file p.
_PATH_MOD = re.compile(
    r'^#\[path\s*=\s*"([^"]+)"\s*\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;', re.M
)


class RustModules:
    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        self._files = frozenset(p for p in repo.paths() if p.endswith(".rs"))
        self._crates: dict[str, str] = {}
        # Crate roots of the 2015 edition (no `edition` key means 2015): there a `use` path
        # starts at the crate root (`use output;` in src/walk.rs is crate::output).
        self._roots_2015: set[str] = set()
        # Binaries' crate roots (src/bin/x.rs, a [[bin]]'s path): a file under src/bin belongs to
        # the one whose directory holds it, not to the library.
        self._bins: set[str] = set()
        # Manifests are not source files (not among the indexed paths): look for one in every
        # directory above the Rust files.
        dirs = {str(parent) for path in self._files for parent in PurePosixPath(path).parents}
        self._dirs = frozenset(dirs)
        packages: dict[str, tuple[str, str]] = {}  # a package's directory → its crate name, manifest
        for base in sorted(dirs):
            path = "Cargo.toml" if base == "." else f"{base}/Cargo.toml"
            manifest = repo.read_text(path) or ""
            package = _PACKAGE.search(manifest)
            name = _NAME.search(package.group(1)) if package else None
            if package is not None and name is not None:
                packages[base] = (name.group(1).replace("-", "_"), manifest)
            root = self._dir_module("src" if base == "." else f"{base}/src")
            if package is None or root is None:
                continue
            if name:
                self._crates.setdefault(name.group(1).replace("-", "_"), root)
            edition_2015 = not _EDITION.search(package.group(1)) or _EDITION_2015.search(package.group(1))
            bins = self._bin_roots(base, manifest, package.group(1), bool(edition_2015))
            self._bins.update(bins)
            if edition_2015:
                self._roots_2015.update((root, *bins))
        # A crate root src/lib.rs or src/main.rs with no manifest beside src/ (built by rustc alone,
        # from before Cargo) is of rustc's default edition, 2015.
        roots = ((p, posixpath.dirname(posixpath.dirname(p))) for p in self._files if f"/{p}".endswith(_SRC_ROOTS))
        self._roots_2015.update(p for p, base in roots if repo.read_text(posixpath.join(base, "Cargo.toml")) is None)
        self._crate_graph = CrateGraph(packages)
        self._repo = repo
        self._path_mods: tuple[dict[str, str], dict[tuple[str, str], str]] | None = None
        # Every answer depends on the files and manifests read above alone, and the resolver asks the
        # same questions for each reference of a file: each is worked out once.
        self._roots: dict[str, str] = {}
        self._resolved: dict[tuple[str, str], tuple[str, ...]] = {}

    def _path_modules(self) -> tuple[dict[str, str], dict[tuple[str, str], str]]:
        """The modules a `#[path]` attribute puts in a file of its choice: each such file's
        declaring file (its parent module, so `super::` there is the declaring file's module, not
        the directory's), and the declaring file's module of that name. Read once, when asked."""
        if self._path_mods is None:
            parents: dict[str, str] = {}
            children: dict[tuple[str, str], str] = {}
            for declaring in sorted(self._files):
                text = self._repo.read_text(declaring) or ""
                if "#[path" not in text:
                    continue
                for found in _PATH_MOD.finditer(text):
                    target = posixpath.normpath(posixpath.join(posixpath.dirname(declaring), found.group(1)))
                    if target in self._files and target != declaring:
                        parents.setdefault(target, declaring)
                        children[(declaring, found.group(2))] = target
            self._path_mods = (parents, children)
        return self._path_mods

    def _bin_roots(self, base: str, manifest: str, package: str, edition_2015: bool) -> set[str]:
        """The crate roots of a package's binaries (Cargo's targets): each [[bin]]'s `path`, and,
        unless turned off, the ones Cargo finds itself, `src/bin/NAME.rs` and `src/bin/NAME/main.rs`.
        A 2015-edition package that declares a [[bin]] finds none itself."""
        prefix = "" if base == "." else f"{base}/"
        declared = {
            posixpath.normpath(prefix + found.group(1))
            for table in _BIN.finditer(manifest)
            if (found := _PATH.search(table.group(1)))
        }
        roots = {p for p in declared if p in self._files}
        if _NO_AUTOBINS.search(package) or (edition_2015 and _BIN.search(manifest)):
            return roots
        bin_dir = f"{prefix}src/bin/"
        for path in self._files:
            rest = path[len(bin_dir) :] if path.startswith(bin_dir) else ""
            if rest.endswith(".rs") and ("/" not in rest or (rest.count("/") == 1 and rest.endswith("/main.rs"))):
                roots.add(path)
        return roots

    def _dir_module(self, directory: str) -> str | None:
        """The file that is the module of a directory."""
        for name in ("mod.rs", *_ROOT_FILES):
            if f"{directory}/{name}" in self._files:
                return f"{directory}/{name}"
        return f"{directory}.rs" if f"{directory}.rs" in self._files else None

    def _crate_root(self, path: str) -> str:
        root = self._roots.get(path)
        if root is None:
            root = self._roots[path] = self._find_crate_root(path)
        return root

    def _find_crate_root(self, path: str) -> str:
        if path in self._bins:
            return path
        for parent in PurePosixPath(path).parents:
            if parent.name == "bin" and parent.parent.name == "src":
                # The binary whose directory holds the file, the nearest first.
                for directory in PurePosixPath(path).parents:
                    owners = sorted(b for b in self._bins if posixpath.dirname(b) == str(directory))
                    if owners:
                        return owners[0]
                    if directory == parent:
                        break
            if parent.name == "src":
                for name in _ROOT_FILES:
                    if f"{parent}/{name}" in self._files:
                        return f"{parent}/{name}"
        return path

    def sees(self, from_file: str, to_file: str) -> bool:
        """Whether code of ``from_file``'s crate can call code of ``to_file``'s (``rust_crates.py``)."""
        return self._crate_graph.sees(from_file, to_file)

    def _child(self, path: str, name: str) -> str | None:
        declared = self._path_modules()[1].get((path, name))
        if declared is not None:
            return declared
        base = self._module_dir(path)
        prefix = "" if str(base) == "." else f"{base}/"
        for candidate in (f"{prefix}{name}.rs", f"{prefix}{name}/mod.rs"):
            # A module is never its own child: in a crate root beside its children (tests/toml.rs,
            # a binary's bus.rs), `use toml::x` names the crate toml, not the file itself.
            if candidate in self._files and candidate != path:
                return candidate
        return None

    def _parent(self, path: str) -> str | None:
        if self._crate_root(path) == path:
            return None
        declaring = self._path_modules()[0].get(path)
        if declaring is not None:
            return declaring
        pure = PurePosixPath(path)
        directory = pure.parent.parent if pure.name == "mod.rs" else pure.parent
        return self._dir_module(str(directory)) or self._inline_module(str(directory))

    def _inline_module(self, directory: str) -> str | None:
        """The module of a directory that has no file of its own: one declared inline in its parent
        module (``mod handlers { mod a; }`` in lib.rs puts ``a`` at ``handlers/a.rs``, the Reference's
        "Module source filenames"), named by the file it would have, so that its children and its
        parent are found from it as from a file's; never the answer of ``resolve`` itself."""
        return f"{directory}.rs" if directory in self._dirs and directory not in ("", ".") else None

    def _within(self, module: str, from_file: str) -> tuple[str, ...]:
        """``{a/b}m``: a module declared inside inline modules a, b of ``from_file``. Their names are
        directories under the file's own module directory (a crate root's or mod.rs's directory,
        else its directory and stem); a #[path] is relative to that directory too."""
        inline, _, name = module[1:].partition("}")
        base = posixpath.join(str(self._module_dir(from_file)), inline)
        candidates: tuple[str, ...]
        if name.endswith(".rs"):
            candidates = (posixpath.normpath(posixpath.join(base, name)),)
        else:
            candidates = (posixpath.normpath(f"{base}/{name}.rs"), posixpath.normpath(f"{base}/{name}/mod.rs"))
        return tuple(c for c in candidates if c in self._files)[:1]

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        found = self._resolved.get((module, from_file))
        if found is None:
            found = self._resolved[(module, from_file)] = self._resolve(module, from_file)
        return found

    def _resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        if module.startswith("{"):
            return self._within(module, from_file)
        if module.endswith(".rs"):  # #[path = "…"]: relative to the declaring file's directory
            target = posixpath.normpath(posixpath.join(posixpath.dirname(from_file), module))
            return (target,) if target in self._files else ()
        if (module.startswith("::") or not module) and self._crate_root(from_file) in self._roots_2015:
            module = f"crate::{module.lstrip(':')}"  # 2015: `::a` (and the bare `::`) is crate::a
        segments = [s for s in module.split("::") if s]
        if not segments:
            return ()
        head = segments[0]
        current: str | None
        if head in ("crate", "$crate"):  # $crate in a macro's body: the crate defining the macro
            current = self._crate_root(from_file)
        elif head == "self":
            current = from_file
        elif head == "super":
            current = self._parent(from_file)
        else:
            current = self._child(from_file, head) or self._crates.get(head)
            root = self._crate_root(from_file)
            if current is None and root in self._roots_2015:
                current = self._child(root, head)
        for segment in segments[1:]:
            if current is None:
                return ()
            current = (
                self._parent(current)
                if segment == "super"
                else current
                if segment == "self"
                else self._child(current, segment)
                or self._extern_crate(current, segment)
                or self._inline_module(str(self._module_dir(current) / segment))
            )
        return (current,) if current in self._files else ()

    def _module_dir(self, path: str) -> PurePosixPath:
        """The directory of a module's children: a crate root's or mod.rs's own, else its stem's."""
        pure = PurePosixPath(path)
        own_dir = pure.name in ("mod.rs", *_ROOT_FILES) or self._crate_root(path) == path
        return pure.parent if own_dir else pure.parent / pure.stem

    def _extern_crate(self, module: str, name: str) -> str | None:
        """A crate named in a crate root: ``extern crate foo;`` makes it an item there
        (``self::foo::x`` in lib.rs, ``crate::foo::x`` anywhere)."""
        return self._crates.get(name) if self._crate_root(module) == module else None
