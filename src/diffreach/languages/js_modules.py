"""Module resolution that JavaScript and TypeScript share: ``JsModules``.

``JsModules`` turns an import spec into repository files the way Node and
TypeScript's bundler resolution find them: a relative spec names a file with or
without its extension (``./x`` → ``x.ts``, ``x.js``, …, ``x/index.*``; a ``.js``
spec may name the ``.ts`` file that compiles to it). A bare spec leaves the
repository unless the nearest ``tsconfig.json``/``jsconfig.json`` maps it
(``paths``, ``baseUrl``, following ``extends``) or a ``package.json`` inside the
repository carries that name (monorepos; a ``dist/`` entry point falls back to
``src/``), unless the importing file's own package installs that name from the registry (a
range the repository's copy does not meet) and no workspace of the root links it (an example app
on the published release). Configuration files are read once, lazily, through ``RepoFiles``.
"""

from __future__ import annotations

import fnmatch
import json
import posixpath
import re
from collections.abc import Iterable
from typing import Any

from .semver import satisfies
from .spec import LanguageSpec, RepoFiles

JS_EXTENSIONS = (".js", ".jsx", ".mjs", ".cjs")
TS_EXTENSIONS = (".ts", ".tsx", ".mts", ".cts")
_ALL_EXTENSIONS = JS_EXTENSIONS + TS_EXTENSIONS
# A compiled extension in a spec may stand for the TypeScript source next to it.
_SOURCE_FOR = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}
_CONFIG_NAMES = ("tsconfig.json", "jsconfig.json")
# Shared with TypeScript: the files that steer module resolution, and the stem of a folder's entry file.
RESOLUTION_CONFIGS = ("package.json", *_CONFIG_NAMES)
PACKAGE_INDEX_NAMES = frozenset({"index"})
_ENTRY_FIELDS = ("source", "exports", "module", "main", "types", "typings")
_BUILD_DIRS = ("dist", "lib", "build", "out", "esm", "cjs", "es", "umd", "amd")
_MAX_EXTENDS = 5
_DEPENDENCY_FIELDS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")
_LINKED = ("workspace:", "file:", "link:", "portal:")
_JSONC_TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/|,(?=\s*[}\]])', re.S)


def read_jsonc(text: str | None) -> dict[str, Any]:
    """JSON with comments and trailing commas (tsconfig); {} when unreadable."""
    if not text:
        return {}
    cleaned = _JSONC_TOKEN.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", text)
    try:
        data = json.loads(cleaned)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _join(*parts: str) -> str | None:
    """A normalised repo-relative path, or None when it climbs out of the repository."""
    path = posixpath.normpath(posixpath.join(*parts))
    if path == ".":
        return ""
    if path.startswith(("../", "/")) or path == "..":
        return None
    return path


class _PathMap:
    """The ``baseUrl`` and ``paths`` of one tsconfig, with extends resolved."""

    def __init__(self, base_url: str | None, paths: dict[str, list[str]], paths_base: str) -> None:
        self.base_url = base_url
        self.paths = paths
        self.paths_base = paths_base

    def candidates(self, spec: str) -> list[str]:
        out: list[str] = []
        best: tuple[int, list[str], str] | None = None
        for pattern, targets in self.paths.items():
            if not isinstance(targets, list):
                continue
            prefix, star, suffix = pattern.partition("*")
            if not star:
                if spec == pattern:
                    best = (len(pattern) + 1, targets, "")
                continue
            fits = spec.startswith(prefix) and spec.endswith(suffix) and len(spec) >= len(prefix) + len(suffix)
            if fits and (best is None or len(prefix) > best[0]):
                best = (len(prefix), targets, spec[len(prefix) : len(spec) - len(suffix)])
        if best is not None:
            for target in best[1]:
                if isinstance(target, str):
                    joined = _join(self.paths_base, target.replace("*", best[2]))
                    if joined is not None:
                        out.append(joined)
        if self.base_url is not None:
            joined = _join(self.base_url, spec)
            if joined is not None:
                out.append(joined)
        return out


class JsModules:
    """Import specs → repository files for JavaScript and TypeScript."""

    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        self._repo = repo
        # Components that embed JS/TS (.vue, .svelte) are import targets too, tried last.
        self._embedded = _embedding_extensions()
        self._files = frozenset(p for p in repo.paths() if p.endswith(_ALL_EXTENSIONS + self._embedded))
        self._dirs = frozenset(posixpath.dirname(p) for p in self._files)
        self._workspace_globs: list[str] | None = None
        self._manifests: dict[str, str | None] = {}
        self._all_dirs = _with_ancestors(posixpath.dirname(p) for p in repo.paths())
        self._maps: dict[str, _PathMap | None] = {}
        self._packages: dict[str, str] | None = None
        self._versions: dict[str, str] = {}  # a package's directory → its package.json's version
        self._cache: dict[tuple[str, str], tuple[str, ...]] = {}
        self._entries: dict[tuple[str, bool], str | None] = {}

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        here = posixpath.dirname(from_file)
        if module.startswith(("./", "../")) or module in (".", ".."):
            base = _join(here, module)
            found = self.find(base, from_file) if base is not None else None
            if base is not None and (found is None or posixpath.dirname(found) == base):
                # Node loads a folder by its package.json's entry before its index file.
                found = (self._package_entry(base, from_file) if base in self._all_dirs else None) or found
            if found is None and base is not None:
                found = self._source_of_output(base, from_file)
            return (found,) if found else ()
        if module.startswith("/") and not module.startswith("//"):
            return self._from_root(module, here, from_file)
        if not module:
            return ()
        key = (here, module)
        if key not in self._cache:
            self._cache[key] = self._resolve_bare(module, here, from_file)
        return self._cache[key]

    def _from_root(self, module: str, here: str, from_file: str) -> tuple[str, ...]:
        """``import … from '/models/x'``: no repository holds a file at its machine's absolute path,
        and the tools that take such a path (Meteor, Vite, webpack's roots) read it from the project's
        root: the folder of the nearest package.json, else the repository's."""
        base = _join(self._nearest_manifest(here) or "", module.lstrip("/"))
        found = self.find(base, from_file) if base else None
        return (found,) if found else ()

    def _resolve_bare(self, module: str, here: str, from_file: str) -> tuple[str, ...]:
        path_map = self._path_map(here)
        for candidate in path_map.candidates(module) if path_map else ():
            found = self.find(candidate, from_file)
            if found:
                return (found,)
        found = self._package_file(module, from_file)
        return (found,) if found else ()

    # ----- files -------------------------------------------------------------------------------

    def find(self, base: str, from_file: str) -> str | None:
        """The file a path without (or with a compiled) extension names."""
        if base in self._files:
            return base
        order = (
            TS_EXTENSIONS + JS_EXTENSIONS if from_file.endswith(TS_EXTENSIONS) else JS_EXTENSIONS + TS_EXTENSIONS
        ) + self._embedded
        stem, ext = posixpath.splitext(base)
        for alt in _SOURCE_FOR.get(ext, ()):
            if stem + alt in self._files:
                return stem + alt
        for ext in order:
            if base + ext in self._files:
                return base + ext
        if base + ".d.ts" in self._files:
            return base + ".d.ts"
        if base in self._dirs or not base:
            prefix = f"{base}/index" if base else "index"
            for ext in order:
                if prefix + ext in self._files:
                    return prefix + ext
        return None

    def _source_of_output(self, base: str, from_file: str) -> str | None:
        """A path into a build folder the repository does not hold (``../dist/cjs/x``: what the
        build writes, ignored by git): the file at the same place below the source folder beside
        it (``src/x``, ``lib/x``), since a build's output mirrors its source tree. A build folder
        the repository holds is read as it is (``find``)."""
        parts = base.split("/")
        for i, part in enumerate(parts):
            if part not in _BUILD_DIRS:
                continue
            if "/".join(parts[: i + 1]) in self._all_dirs:
                return None  # the folder is in the repository: its files are what they are
            j = i
            while j < len(parts) - 1 and parts[j] in _BUILD_DIRS:  # dist/cjs/, dist/esm/
                j += 1
            for source in ("src", "lib"):
                found = self.find("/".join([*parts[:i], source, *parts[j:]]), from_file)
                if found:
                    return found
            return None
        return None

    # ----- tsconfig / jsconfig -------------------------------------------------------------------

    def _path_map(self, directory: str) -> _PathMap | None:
        """The path mapping of the nearest config file at or above a directory."""
        if directory in self._maps:
            return self._maps[directory]
        found: _PathMap | None = None
        for name in _CONFIG_NAMES:
            config_path = posixpath.join(directory, name) if directory else name
            text = self._repo.read_text(config_path)
            if text is not None:
                found = self._load_config(config_path, read_jsonc(text))
                break
        else:
            if directory:
                found = self._path_map(posixpath.dirname(directory))
        self._maps[directory] = found
        return found

    def _load_config(self, config_path: str, data: dict[str, Any]) -> _PathMap:
        base_url: str | None = None
        paths: dict[str, list[str]] | None = None
        paths_base = posixpath.dirname(config_path)
        current, data_now = config_path, data
        for _ in range(_MAX_EXTENDS):
            options = data_now.get("compilerOptions") or {}
            here = posixpath.dirname(current)
            if base_url is None and isinstance(options.get("baseUrl"), str):
                base_url = _join(here, options["baseUrl"])
            if paths is None and isinstance(options.get("paths"), dict):
                paths, paths_base = options["paths"], here
            parent = data_now.get("extends")
            parent = parent[0] if isinstance(parent, list) and parent else parent
            if not isinstance(parent, str) or not parent.startswith("."):
                break
            parent = parent if parent.endswith(".json") else parent + ".json"
            nxt = _join(here, parent)
            if nxt is None:
                break
            current, data_now = nxt, read_jsonc(self._repo.read_text(nxt))
        if paths is not None and base_url is not None:
            paths_base = base_url
        return _PathMap(base_url, paths or {}, paths_base)

    # ----- packages of a monorepo ------------------------------------------------------------------

    def _package_dirs(self) -> dict[str, str]:
        if self._packages is None:
            names: dict[str, str] = {}
            seen: set[str] = set()
            for d in sorted(self._dirs):
                while d not in seen:
                    seen.add(d)
                    manifest = read_jsonc(
                        self._repo.read_text(posixpath.join(d, "package.json") if d else "package.json")
                    )
                    name, version = manifest.get("name"), manifest.get("version")
                    if isinstance(name, str) and name:
                        names.setdefault(name, d)
                    if isinstance(version, str):
                        self._versions[d] = version
                    if not d:
                        break
                    d = posixpath.dirname(d)
            self._packages = names
        return self._packages

    def _package_file(self, module: str, from_file: str) -> str | None:
        packages = self._package_dirs()
        parts = module.split("/")
        width = 2 if module.startswith("@") else 1
        name, sub = "/".join(parts[:width]), "/".join(parts[width:])
        directory = packages.get(name)
        if directory is None or self._installs_published(name, directory, from_file):
            return None
        if sub:
            for base in (sub, f"src/{sub}"):
                found = self._in_package(directory, base, from_file)
                if found:
                    return found
            return None
        found = self._package_entry(directory, from_file)
        if found:
            return found
        for base in ("src/index", "index", "lib/index"):
            found = self._in_package(directory, base, from_file)
            if found:
                return found
        return None

    def _installs_published(self, name: str, directory: str, from_file: str) -> bool:
        """Does the importing file's own package install ``name`` from the registry, so that
        Node finds the published copy in its ``node_modules``, not the repository's source? Its
        nearest package.json (not ``name``'s own) lists ``name`` with a version range, not a
        ``workspace:``, ``file:``, ``link:`` or ``*`` one, that the repository's copy does not meet
        (its ``version``: a package manager links a local package that meets the range), and no
        workspace the repository's root declares (package.json ``workspaces``) holds that package,
        which would link the source."""
        own = self._nearest_manifest(posixpath.dirname(from_file))
        if own is None or own == directory:
            return False
        manifest = read_jsonc(self._repo.read_text(posixpath.join(own, "package.json") if own else "package.json"))
        wanted = next(
            (deps[name] for f in _DEPENDENCY_FIELDS if isinstance(deps := manifest.get(f), dict) and name in deps),
            None,
        )
        if not isinstance(wanted, str) or wanted.strip() in ("", "*", "latest") or wanted.startswith(_LINKED):
            return False
        # The repository's own copy meets the range: workspaces (npm, Yarn, pnpm) and lerna link it.
        if directory in self._versions and satisfies(self._versions[directory], wanted):
            return False
        return not any(fnmatch.fnmatch(own, pattern.rstrip("/")) for pattern in self._workspaces())

    def _nearest_manifest(self, directory: str) -> str | None:
        """The nearest directory at or above ``directory`` holding a package.json."""
        if directory not in self._manifests:
            if self._repo.read_text(posixpath.join(directory, "package.json") if directory else "package.json"):
                self._manifests[directory] = directory
            else:
                self._manifests[directory] = self._nearest_manifest(posixpath.dirname(directory)) if directory else None
        return self._manifests[directory]

    def _workspaces(self) -> list[str]:
        if self._workspace_globs is None:
            declared = read_jsonc(self._repo.read_text("package.json")).get("workspaces")
            if isinstance(declared, dict):
                declared = declared.get("packages")
            self._workspace_globs = [g for g in declared if isinstance(g, str)] if isinstance(declared, list) else []
        return self._workspace_globs

    def _package_entry(self, directory: str, from_file: str) -> str | None:
        """The file a folder's package.json names as its entry (``main``, ``exports``…), or its
        source where the entry is build output the repository does not hold; None without one."""
        key = (directory, from_file.endswith(TS_EXTENSIONS))  # the extensions tried first differ
        if key not in self._entries:
            manifest = read_jsonc(
                self._repo.read_text(posixpath.join(directory, "package.json") if directory else "package.json")
            )
            found = (self._in_package(directory, entry, from_file) for entry in _entries(manifest))
            self._entries[key] = next(filter(None, found), None)
        return self._entries[key]

    def _in_package(self, directory: str, relative: str, from_file: str) -> str | None:
        base = _join(directory, relative)
        if base is None:
            return None
        found = self.find(base, from_file) or (self.find(base[:-5], from_file) if base.endswith(".d.ts") else None)
        if found:
            return found
        # A build output that is not in the repository: its source usually is (``lib/umd/main.js``
        # of ``src/main.ts``: a module format's folder inside the build folder, as ``_source_of_output``).
        found = self._source_of_output(base.removesuffix(".d.ts"), from_file)
        if found:
            return found
        head, _, rest = posixpath.normpath(relative).partition("/")
        if head in _BUILD_DIRS and rest:
            stem = posixpath.splitext(rest.removesuffix(".d.ts"))[0]
            src = _join(directory, "src", stem)
            return self.find(src, from_file) if src is not None else None
        return None


# A declaration file's extension → that of the JavaScript module it declares (TypeScript
# handbook, "Modules .d.ts"; module resolution tries ``x.d.ts`` for ``x.js``'s types).
_DECLARED = {".d.ts": ".js", ".d.mts": ".mjs", ".d.cts": ".cjs"}


def declared_modules(repo: RepoFiles) -> list[tuple[str, str]]:
    """(declaration file, the JavaScript module it declares): ``x.d.ts`` beside ``x.js``, and a
    package.json's ``types``/``typings`` file with the package's ``main`` (``index.js`` when
    none is named), both in the repository. Compiled output (``dist/``) is not in it: a
    declaration of a module the repository does not hold declares nothing here."""
    paths = repo.paths()
    pairs: set[tuple[str, str]] = set()
    for path in paths:
        for declared, module in _DECLARED.items():
            if path.endswith(declared) and path[: -len(declared)] + module in paths:
                pairs.add((path, path[: -len(declared)] + module))
    for directory in sorted(_with_ancestors(posixpath.dirname(p) for p in paths if p.endswith(_ALL_EXTENSIONS))):
        manifest = read_jsonc(repo.read_text(posixpath.join(directory, "package.json")))
        types = next((manifest[k] for k in ("types", "typings") if isinstance(manifest.get(k), str)), None)
        main = manifest.get("main")
        declaration = _join(directory, types) if types else None
        base = _join(directory, main if isinstance(main, str) else "index.js")
        if declaration is None or declaration not in paths or base is None:
            continue
        found = (base, *(base + e for e in JS_EXTENSIONS), base + "/index.js")
        implementation = next((c for c in found if c in paths and c.endswith(JS_EXTENSIONS)), None)
        if implementation is not None:
            pairs.add((declaration, implementation))
    return sorted(pairs)


def _with_ancestors(directories: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for d in directories:
        while d not in out:
            out.add(d)
            if not d:
                break
            d = posixpath.dirname(d)
    return out


def _embedding_extensions() -> tuple[str, ...]:
    """Extensions of the formats that embed JS/TS and resolve like it (``embedded`` specs)."""
    from . import all_languages  # the registry imports this module: look it up when used

    return tuple(
        ext
        for spec in all_languages()
        if spec.embedded is not None and spec.resolver is JsModules
        for ext in spec.extensions
    )


def _entries(manifest: dict[str, Any]) -> list[str]:
    """Entry points a package.json names, most source-like first."""
    out: list[str] = []
    for field in _ENTRY_FIELDS:
        value = manifest.get(field)
        if field == "exports" and isinstance(value, dict):
            value = value.get(".", value if not any(k.startswith(".") for k in value) else None)
        while isinstance(value, dict):
            value = next((value[k] for k in ("source", "import", "require", "default", "types") if k in value), None)
        if isinstance(value, str):
            out.append(value)
    return out
