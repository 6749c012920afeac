"""Which edited calls of a changed function's name can be calls of it: the evidence rules of the
caller-update truth (bench/review_bench.py).

The miner finds calls by name. A call of the same name that cannot refer to the changed symbol
is not a caller that had to be edited, and counting it would make every recall figure measure
the wrong thing. The evidence here comes from the text of the files alone (the extractor's
symbols, refs and imports, plus a few per-language import patterns), never from the tool's
resolver, which is what the truth measures. A call is dropped only when one rule says it cannot
be a call of the changed symbol; anything undecided is kept.

* **own**: the calling file defines a function of that name and the call is bare (it calls its
  own), or the call is on ``self``/``this``/``cls``/``Self``/the class's name/a Go method's
  receiver (or bare, where the language calls methods of ``this`` without naming it) inside a
  class of that file that defines a method of that name (it calls its own method), or the call
  is bare and names a class the file declares (``new Foo()``: its own class's constructor). Code
  in a class's own body (a JavaScript constructor function's) is inside that class.
* **self-call**: the call is on ``self``/``this``/``cls``/``Self`` and every changed symbol of the
  name is a function outside any class: a member lookup never reaches another module's function.
* **other-module**: the call is qualified by a name that an import binds to a module or package
  other than the changed file's (``os.Exit``, ``strings.Split``, ``fs::read``, a namespace
  import of another module; JavaScript: a relative ``require``/namespace import of a file that is
  not the changed file and does not re-export it), by a standard-library module, or (Go) by a package name while the
  changed symbol is a method (a package-qualified call names a function, not a method), or
  (Rust) by another type's name while the changed symbol is an inherent method of a type.
* **bare-call**: a bare call of a name whose changed symbols are all methods, in a language
  where a method is only called on a receiver (Python, JavaScript, Go, Rust).
* **unseen**: the calling file cannot see the changed file's module: it is not in the same Go or
  Java package, and no import of it names the module, an enclosing package (which may re-export
  it), a JavaScript barrel file that re-exports it, or a workspace crate that depends on it. Only
  for a bare or import-qualified call: a method called on some value is never judged by imports
  (the value's type can travel without its module being imported: duck typing, returned values).
* **receiver-names-other**, **ambiguous** (v4): a call on a value of a name that other
  definitions in the repository carry too is decided by its receiver's name or by its edit
  mirroring the parameter change (bench/caller_evidence.py).
"""

from __future__ import annotations

import posixpath
import re
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field

from caller_evidence import ParamChange
from diffreach.model import FileExtract, Import, Ref

# Receivers that name the instance or class whose method runs the call.
SELF_WORDS = frozenset({"self", "this", "cls", "Self", "@"})
# Languages whose bare call inside a class calls the class's own method (implicit ``this``).
IMPLICIT_THIS = frozenset({"java", "csharp", "kotlin", "cpp", "scala", "ruby", "swift"})
# Languages where a package's files see each other's names without an import.
PACKAGE_BY_DIR = frozenset({"go"})
PACKAGE_BY_DECL = frozenset({"java", "kotlin", "scala", "csharp"})
JS_LIKE = frozenset({"javascript", "typescript", "tsx", "jsx"})
JS_EXT = (".d.ts", ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".vue")
RUST_STD = frozenset({"std", "core", "alloc"})
PY_STD = frozenset(sys.stdlib_module_names)
NODE_BUILTIN = frozenset(
    (
        "assert",
        "buffer",
        "child_process",
        "crypto",
        "dns",
        "events",
        "fs",
        "http",
        "http2",
        "https",
        "net",
        "os",
        "path",
        "process",
        "querystring",
        "readline",
        "stream",
        "string_decoder",
        "timers",
        "tls",
        "tty",
        "url",
        "util",
        "v8",
        "vm",
        "worker_threads",
        "zlib",
    )
)

Reader = Callable[[str], bytes | None]  # a path at the commit being read → its bytes


@dataclass(frozen=True)
class Target:
    """A changed symbol: its name and, for a method, the simple name of its class ("" otherwise)."""

    name: str
    owner: str = ""
    # Rust: defined in ``impl Trait for Type``, so callable as ``Trait::name(x)`` (also a std
    # trait's: ``Default::default()``, ``fmt::Display::fmt(..)``): qualifiers say nothing.
    via_trait: bool = False
    change: ParamChange = field(default_factory=ParamChange)  # how its parameters moved (v4)


@dataclass
class Origin:
    """The changed file as the callers' files see it."""

    path: str
    language: str
    package: str  # Java/Go declared package ("" when none)
    targets: dict[str, list[Target]]  # name → changed symbols of that name
    traits: frozenset[str] = frozenset()  # Rust: classes of the file declared as traits
    # Names of the classes the changed methods' classes extend or implement, transitively: a call
    # of a method of one of those on ``this`` may dispatch to the changed override.
    ancestors: frozenset[str] = frozenset()
    _visible: dict[tuple[str, str], bool] = field(default_factory=dict)


def _dir(path: str) -> str:
    return posixpath.dirname(path)


def _stem(path: str) -> str:
    base = posixpath.basename(path)
    return base.split(".", 1)[0]


# ---- Python -------------------------------------------------------------------------------


def _py_module(path: str) -> list[str]:
    parts = path.removesuffix(".py").removesuffix(".pyi").split("/")
    return parts[:-1] if parts[-1] == "__init__" else parts


def _py_resolve(module: str, importer: str) -> list[str]:
    """``..pkg.mod`` imported from ``importer`` → dotted parts (relative to the repository root)."""
    dots = len(module) - len(module.lstrip("."))
    rest = [p for p in module[dots:].split(".") if p]
    if not dots:
        return rest
    base = importer.split("/")[:-1]
    base = base[: len(base) - (dots - 1)] if dots > 1 else base
    return base + rest


def _runs(hay: list[str], needle: list[str]) -> list[int]:
    """End indexes (exclusive) where ``needle`` occurs as a contiguous run of ``hay``."""
    n = len(needle)
    return [i + n for i in range(len(hay) - n + 1) if n and hay[i : i + n] == needle]


def _py_sees(origin: Origin, fx: FileExtract) -> bool:
    mod = _py_module(origin.path)
    names = {t.name for ts in origin.targets.values() for t in ts} | {
        t.owner for ts in origin.targets.values() for t in ts
    }
    for imp in fx.imports:
        parts = _py_resolve(imp.module, fx.path)
        full = [*parts, imp.name] if imp.name and imp.name != "*" else parts
        for cand in (full, parts):
            for end in _runs(mod, cand):
                if end == len(mod):
                    return True  # the module itself (``import a.b``, ``from a import b``)
                if cand is parts and (not imp.name or imp.wildcard or imp.name in names):
                    return True  # an enclosing package: it may re-export what it names
    return False


# ---- JavaScript / TypeScript ---------------------------------------------------------------


def _strip_js(path: str) -> str:
    for ext in JS_EXT:
        if path.endswith(ext):
            return path[: -len(ext)]
    return path


def _js_target(spec: str, importer: str) -> str | None:
    """A relative import spec → repository path without extension; None for a bare spec."""
    if not spec.startswith("."):
        return None
    return _strip_js(posixpath.normpath(posixpath.join(_dir(importer), spec)))


def _js_hits(resolved: str, a_noext: str) -> bool:
    if resolved in (a_noext, _dir(a_noext) + "/index"):
        return True
    base = resolved.removesuffix("/index")
    if base in (".", "", "index"):
        return True  # the package root: its index may re-export anything
    return a_noext.startswith(base + "/") or base == ".."  # a directory above: its index may re-export


def _js_package(spec: str) -> str:
    parts = spec.split("/")
    return "/".join(parts[:2]) if spec.startswith("@") else parts[0]


def _js_bare_may_be_own(spec: str, origin_path: str, ctx: Context | None = None) -> bool:
    """A bare spec can name the repository's own package (a workspace package, which may
    re-export any other, a path alias, a base-URL path)."""
    if spec.startswith(("@/", "~", "#", "/")):
        return True
    if spec.startswith("node:") or spec.split("/")[0] in NODE_BUILTIN:
        return False
    if ctx is not None and (_js_package(spec) in ctx.js_packages or spec.split("/")[0] in ctx.top_dirs):
        return True
    name = spec
    segs = [s for s in name.split("/") if s and not s.startswith("@")]
    path_segs = set(origin_path.split("/")) | {_stem(origin_path)}
    return any(s in path_segs or s.replace("-", "") in path_segs for s in segs)


def _js_sees(origin: Origin, fx: FileExtract, ctx: Context) -> bool:
    read = ctx.read
    a_noext = _strip_js(origin.path)
    for imp in fx.imports:
        resolved = _js_target(imp.module, fx.path)
        if resolved is None:
            if _js_bare_may_be_own(imp.module, origin.path, ctx):
                return True
            continue
        if _js_hits(resolved, a_noext) or (read is not None and _js_reexports(resolved, a_noext, read)):
            return True
    return False


def _js_reexports(resolved: str, a_noext: str, read: Reader) -> bool:
    """One barrel hop: the imported file itself imports or re-exports the changed file."""
    from diffreach.extract.core import extract  # the bench's own extractor (a heavy import)
    from diffreach.languages import language_for

    for cand in [resolved + ext for ext in JS_EXT] + [resolved + "/index" + ext for ext in JS_EXT]:
        data = read(cand)
        spec = language_for(cand)
        if data is None or spec is None:
            continue
        for imp in extract(cand, data, spec).imports:
            hop = _js_target(imp.module, cand)
            if hop is not None and _js_hits(hop, a_noext):
                return True
        return False
    return True  # not a file we can read (a generated or aliased module): undecided, kept


# ---- Go -------------------------------------------------------------------------------------


def _go_sees(origin: Origin, fx: FileExtract, module_path: str | None) -> bool:
    if _dir(fx.path) == _dir(origin.path):
        return True
    a_dir = _dir(origin.path)
    for imp in fx.imports:
        if module_path is not None:
            if imp.module == (f"{module_path}/{a_dir}" if a_dir else module_path):
                return True
        elif not a_dir or imp.module.endswith("/" + a_dir):
            return True
    return False


def _go_receiver_var(signature: str) -> str:
    m = re.match(r"\s*func\s*\(\s*(\w+)\s", signature)
    return m.group(1) if m else ""


def _is_std_go(module: str) -> bool:
    return "." not in module.split("/")[0]


# ---- Java -----------------------------------------------------------------------------------


def _java_sees(origin: Origin, fx: FileExtract, text: bytes) -> bool:
    if fx.package == origin.package:
        return True
    cls = f"{origin.package}.{_stem(origin.path)}" if origin.package else _stem(origin.path)
    for imp in fx.imports:
        if imp.module == cls or imp.module.startswith(cls + "."):
            return True
        if imp.wildcard and imp.module in (origin.package, cls):
            return True
    return bool(origin.package) and re.search(rb"\b" + re.escape(cls.encode()) + rb"\b", text) is not None


# ---- Rust -----------------------------------------------------------------------------------


def _rust_crate_dir(path: str) -> str:
    """The crate directory: everything before the last ``src/`` (or the path's first segment)."""
    parts = path.split("/")
    if "src" in parts:
        i = len(parts) - 1 - parts[::-1].index("src")
        return "/".join(parts[:i])
    return parts[0] if len(parts) > 1 else ""


@dataclass
class Cargo:
    """The workspace's crates at one commit: directory → package name and dependency names."""

    names: dict[str, str]
    deps: dict[str, set[str]]

    def depends(self, user_dir: str, dep_dir: str) -> bool | None:
        if user_dir not in self.names or dep_dir not in self.names:
            return None
        by_name = {n: d for d, n in self.names.items()}
        seen, todo = {user_dir}, [user_dir]
        while todo:
            for dep in self.deps.get(todo.pop(), set()):
                d = by_name.get(dep)
                if d == dep_dir:
                    return True
                if d is not None and d not in seen:
                    seen.add(d)
                    todo.append(d)
        return False


def read_cargo(paths: list[str], read: Reader) -> Cargo:
    names: dict[str, str] = {}
    deps: dict[str, set[str]] = {}
    for p in paths:
        data = read(p)
        if data is None:
            continue
        try:
            doc = tomllib.loads(data.decode("utf-8", "replace"))
        except tomllib.TOMLDecodeError:
            continue
        name = doc.get("package", {}).get("name")
        if not isinstance(name, str):
            continue
        d = _dir(p)
        names[d] = name
        got: set[str] = set()
        tables = [doc.get(k, {}) for k in ("dependencies", "dev-dependencies", "build-dependencies")]
        tables += [t.get(k, {}) for t in doc.get("target", {}).values() for k in ("dependencies", "dev-dependencies")]
        for table in tables:
            for key, val in table.items():
                pkg = val.get("package") if isinstance(val, dict) else None
                got.add(pkg if isinstance(pkg, str) else key)
        deps[d] = got
    return Cargo(names, deps)


# ---- the rules ------------------------------------------------------------------------------


@dataclass
class Context:
    """What the rules may read at the commit: file versions, the Go module path, the crates."""

    read: Reader | None = None
    go_module: str | None = None
    cargo: Cargo | None = None
    js_packages: frozenset[str] = frozenset()  # the names in the repository's package.json files
    top_dirs: frozenset[str] = frozenset()  # its top-level entries' names and stems


def sees(origin: Origin, fx: FileExtract, text: bytes, ctx: Context) -> bool:
    """Whether the calling file can name the changed file's module at all."""
    key = (fx.path, str(hash(text)))
    if key not in origin._visible:
        origin._visible[key] = _sees(origin, fx, text, ctx)
    return origin._visible[key]


def _sees(origin: Origin, fx: FileExtract, text: bytes, ctx: Context) -> bool:
    lang = fx.language
    if lang != origin.language and not (lang in JS_LIKE and origin.language in JS_LIKE):
        return True  # another language (bindings, generated glue): not ours to judge
    if lang in PACKAGE_BY_DIR:
        return _go_sees(origin, fx, ctx.go_module)
    if lang in PACKAGE_BY_DECL:
        return _java_sees(origin, fx, text)
    if lang == "python":
        return _py_sees(origin, fx)
    if lang in JS_LIKE:
        return _js_sees(origin, fx, ctx)
    if lang == "rust":
        a, b = _rust_crate_dir(origin.path), _rust_crate_dir(fx.path)
        if a == b or ctx.cargo is None:
            return True
        dep = ctx.cargo.depends(b, a)
        return dep is None or dep
    return True


def _enclosing_class(fx: FileExtract, scope: str, classes: dict[str, str]) -> str | None:
    best = None
    for cid in classes:
        if (scope == cid or scope.startswith(cid + ".")) and (best is None or len(cid) > len(best)):
            best = cid
    return best


def _other_module(ref: Ref, fx: FileExtract, origin: Origin, targets: list[Target], ctx: Context) -> bool:
    """The call's qualifier is a module, package or type that is not the changed symbol's."""
    head = ref.receiver.split(".")[0]
    lang = fx.language
    if any(b.name == head and (ref.scope == b.scope or ref.scope.startswith(b.scope + ".")) for b in fx.bindings):
        return False  # a local or parameter of that name hides the import (Go's ``url := …``)
    binds = [imp for imp in fx.imports if imp.alias == head]
    methods_only = all(t.owner for t in targets)
    if lang == "go":
        if not binds:
            return False
        if methods_only:
            return True  # ``pkg.f()`` names a package's function, never a method
        return all(imp.module != _go_package_path(origin, ctx) for imp in binds) and all(
            _is_std_go(imp.module) or ctx.go_module is not None for imp in binds
        )
    if lang == "rust":
        if any(t.via_trait for t in targets):
            return False
        if head in RUST_STD or any(imp.module.split("::")[0] in RUST_STD for imp in binds):
            return True
        owners = {t.owner for t in targets}
        return (
            methods_only
            and ref.receiver == head
            and head[:1].isupper()
            and head not in SELF_WORDS
            and head not in owners
            and not owners & origin.traits
            and all(imp.name == imp.alias for imp in binds)  # ``use a::T as U`` may rename the type
            and head not in _rust_type_aliases(fx)
        )
    if lang == "python":
        mods = [imp for imp in binds if not imp.name]
        if not mods:
            return False
        return all(
            (_py_resolve(imp.module, fx.path) or [""])[0] in PY_STD
            or not _runs(_py_module(origin.path), _py_resolve(imp.module, fx.path))
            for imp in mods
        )
    if lang in JS_LIKE:
        return bool(binds) and all(_js_other_module(imp, fx.path, origin.path, ctx) for imp in binds)
    return False


def _js_other_module(imp: Import, importer: str, origin_path: str, ctx: Context) -> bool:
    """The import binds another module: a bare spec of no package of ours, or (the module object
    itself, ``require('./utils')``, ``import * as u``) a relative path to a file that neither is
    the changed file nor re-exports it."""
    resolved = _js_target(imp.module, importer)
    if resolved is None:
        return not _js_bare_may_be_own(imp.module, origin_path, ctx)
    if imp.name not in ("", "*", "default") or ctx.read is None:
        return False  # a member of the module: it may be an object holding the changed function
    a_noext = _strip_js(origin_path)
    return not _js_hits(resolved, a_noext) and not _js_reexports(resolved, a_noext, ctx.read)


TRAIT = re.compile(r"\s*(pub(\([\w:]+\))?\s+)?(unsafe\s+)?trait\s")
SUPER_NOISE = frozenset(
    {"extends", "implements", "class", "interface", "public", "private", "protected", "abstract", "final"}
    | {"static", "sealed", "open", "data", "object", "metaclass", "export", "default", "declare", "struct", "where"}
)


def _is_trait(fx: FileExtract, cid: str) -> bool:
    return any(s.id == cid and TRAIT.match(s.signature) for s in fx.symbols)


def supertypes(signature: str, name: str) -> set[str]:
    """Names a class header mentions after the class's own name (its bases, interfaces, type
    arguments): more than the bases, which only makes the own-method rule apply less."""
    i = signature.find(name)
    rest = signature[i + len(name) :] if i >= 0 else signature
    return {w for w in re.findall(r"[A-Za-z_]\w*", rest) if w not in SUPER_NOISE and w != name}


def ancestors(owners: set[str], classes_named: Callable[[str], list[str]], depth: int = 8) -> frozenset[str]:
    """The names the owners' class headers reach through ``supertypes``, transitively;
    ``classes_named(n)`` gives the headers of the classes named ``n`` at the commit."""
    seen: set[str] = set()
    todo = set(owners)
    for _ in range(depth):
        nxt: set[str] = set()
        for n in todo:
            for header in classes_named(n):
                nxt |= supertypes(header, n) - seen - owners
        seen |= nxt
        todo = nxt
        if not todo:
            break
    return frozenset(seen)


IMPL_HEADER = re.compile(rb"^\s*(unsafe\s+)?impl\b")


def in_trait_impl(text: bytes, line: int) -> bool:
    """Whether the Rust item starting at ``line`` (1-based) sits in an ``impl Trait for Type``
    block: the nearest ``impl`` header above it names a trait."""
    lines = text.splitlines()
    for i in range(min(line, len(lines)) - 1, -1, -1):
        if IMPL_HEADER.match(lines[i]):
            header = b" ".join(lines[i : i + 3]).split(b"{", 1)[0]
            return re.search(rb"\bfor\b", header) is not None
        if lines[i][:1] not in (b" ", b"\t", b"") and not lines[i].lstrip().startswith((b"//", b"#", b"}")):
            return False  # left the item's block without meeting an impl header
    return False


def _rust_type_aliases(fx: FileExtract) -> set[str]:
    return {s.name for s in fx.symbols if s.kind == "class" and s.signature.lstrip().startswith(("type ", "pub type"))}


def _go_package_path(origin: Origin, ctx: Context) -> str:
    a_dir = _dir(origin.path)
    if ctx.go_module is None:
        return a_dir
    return f"{ctx.go_module}/{a_dir}" if a_dir else ctx.go_module


def why_not(ref: Ref, fx: FileExtract, text: bytes, origin: Origin, ctx: Context) -> str | None:
    """Why a call of a changed symbol's name in ``fx`` cannot be a call of it (None: it can)."""
    targets = origin.targets.get(ref.name)
    if not targets or fx.path == origin.path:
        return None
    own_functions = {s.name for s in fx.symbols if s.kind == "function" and s.parent == fx.path}
    imported = any(imp.alias == ref.name for imp in fx.imports)  # a local import shadows the def
    if not ref.receiver and ref.name in own_functions and not imported:
        return "own"
    own_classes = {s.name for s in fx.symbols if s.kind == "class"}
    if not ref.receiver and ref.name in own_classes and not imported:
        return "own"  # ``new Foo()``/``Foo()`` of a class the file declares: its own constructor
    if ref.receiver in SELF_WORDS and not any(t.owner for t in targets):
        return "self-call"  # ``self.f()``/``this.f()`` looks up a member, never another module's function
    # A class, or a function given methods (a JavaScript constructor function's prototype methods).
    holders = {s.parent for s in fx.symbols if s.kind == "method"}
    classes = {s.id: s.name for s in fx.symbols if s.kind == "class" or s.id in holders}
    cid = _enclosing_class(fx, ref.scope, classes)
    if (
        cid is not None
        and classes[cid] not in origin.ancestors
        and not (fx.language == "rust" and _is_trait(fx, cid))  # a default method's self.n() runs the impl's
        and any(s.kind == "method" and s.parent == cid and s.name == ref.name for s in fx.symbols)
    ):
        go_var = ""
        if fx.language == "go":
            method = next((s for s in fx.symbols if ref.scope.startswith(s.id) and s.parent == cid), None)
            go_var = _go_receiver_var(method.signature) if method else ""
        if (
            ref.receiver in SELF_WORDS
            or ref.receiver == classes[cid]
            or (go_var and ref.receiver == go_var)
            or (not ref.receiver and fx.language in IMPLICIT_THIS)
        ):
            return "own"
    if not ref.receiver and fx.language not in IMPLICIT_THIS and all(t.owner for t in targets):
        return "bare-call"  # a method is called on a receiver; a bare name is a function
    if ref.receiver and ref.receiver not in SELF_WORDS and _other_module(ref, fx, origin, targets, ctx):
        return "other-module"
    # A bare or module-qualified name must be visible in the file. A method called on some value is
    # not judged by imports: the value's type can come from anywhere (duck typing, a returned value).
    qualified_by_import = any(imp.alias == ref.receiver.split(".")[0] for imp in fx.imports)
    bare = not ref.receiver and fx.language not in IMPLICIT_THIS  # implicit this reaches inherited methods
    if (bare or qualified_by_import) and not sees(origin, fx, text, ctx):
        return "unseen"
    return None


def call_lines(
    fx: FileExtract | None, text: bytes, origin: Origin, ctx: Context
) -> tuple[dict[int, set[str]], dict[int, dict[str, str]]]:
    """Lines with a call that can be a call of a changed symbol → names; and the dropped calls
    of changed names → {name: reason} (how the truth's removals are read)."""
    kept: dict[int, set[str]] = {}
    dropped: dict[int, dict[str, str]] = {}
    if fx is None:
        return kept, dropped
    for ref in fx.refs:
        if ref.kind != "call":
            continue
        reason = why_not(ref, fx, text, origin, ctx)
        if reason is None:
            kept.setdefault(ref.line, set()).add(ref.name)
        else:
            dropped.setdefault(ref.line, {})[ref.name] = reason
    return kept, dropped
