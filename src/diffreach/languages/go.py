"""Go: modules from ``go.mod``, packages as directories, methods by receiver.

An import path names a package, and a package is every non-test ``.go`` file of
one directory, so the module resolver returns several files for one import.
The directory is found by the longest module path (read from the nearest
``go.mod`` above each directory holding Go code) that prefixes the import
path; anything else (the standard library, other modules) leaves the
repository. Files of one directory that declare the same package share their
top-level names (``package_scope``); a method is declared outside its type,
so the query names the receiver type and the resolver pairs the two, also
across files of the package. Embedded struct and interface types are
inheritance, which makes promoted methods resolve as inherited members. A type
implements an interface by having its methods (``interface_word``:
``structural.py`` links them after each index).

A repository with no ``go.mod`` is laid out for GOPATH mode (Go before modules,
``go help gopath``): the package of import path P is the directory
``$GOPATH/src/P``, and the repository is checked out at ``$GOPATH/src/R`` for its
root import path R, so its own packages are imported as ``R/dir``. R is not
written anywhere, but its last element is the checkout directory's name: an
import resolves to the repository directory ``dir`` when it is ``R/dir`` for an
R ending in that name (``github.com/labstack/echo/middleware`` in a checkout
named ``echo``). A path whose first element has no dot is the standard
library's (the go command reserves those), never the repository's.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from .signature_text import parameter_list
from .signatures import BindingRules, SpreadRule
from .spec import LanguageSpec, RepoFiles, grammar_of
from .test_ids import GO_TEST

_MODULE_LINE = re.compile(r'^\s*module\s+"?([^\s"/][^\s"]*)"?\s*$', re.MULTILINE)
_MAJOR_VERSION = re.compile(r"^v\d+$")
_GOPKG_VERSION = re.compile(r"\.v\d+$")


class GoModules:
    """Maps import paths to the files of the package directory they name."""

    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        self._repo = repo
        self._gomod: dict[str, tuple[str, str] | None] = {}
        self._dirs: dict[str, list[str]] = {}
        for path in sorted(repo.paths()):
            if path.endswith(".go") and not path.endswith("_test.go"):
                self._dirs.setdefault(_parent(path), []).append(path)
        modules: dict[str, str] = {}
        for directory in self._dirs:
            found = self._module_of(directory)
            if found is not None:
                modules.setdefault(found[1], found[0])
        # Longest module path first: nested modules win over the enclosing one.
        self._modules = sorted(modules.items(), key=lambda kv: -len(kv[0]))
        self._checkout = package_name_guess(PurePosixPath(repo.root.replace("\\", "/")).name or "")

    def _module_of(self, directory: str) -> tuple[str, str] | None:
        """(root directory, module path) of the nearest go.mod at or above ``directory``."""
        if directory in self._gomod:
            return self._gomod[directory]
        text = self._repo.read_text(f"{directory}/go.mod" if directory else "go.mod")
        match = _MODULE_LINE.search(text) if text else None
        if match:
            found: tuple[str, str] | None = (directory, match.group(1))
        elif directory:
            found = self._module_of(_parent(directory))
        else:
            found = None
        self._gomod[directory] = found
        return found

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        if not self._modules:
            return self._gopath(module)
        for path, root in self._modules:
            if module == path or module.startswith(path + "/"):
                rest = module[len(path) :].strip("/")
                directory = "/".join(p for p in (root, rest) if p)
                return tuple(self._dirs.get(directory, ()))
        return ()

    def _gopath(self, module: str) -> tuple[str, ...]:
        """GOPATH mode: ``R/dir`` is the directory ``dir`` when R's last element names the
        checkout; the shortest R that does (the longest directory) wins."""
        parts = module.split("/")
        if "." not in parts[0] or not self._checkout:
            return ()
        for n in range(1, len(parts) + 1):
            if package_name_guess(parts[n - 1]) != self._checkout:
                continue
            files = self._dirs.get("/".join(parts[n:]))
            if files:
                return tuple(files)
        return ()


def _parent(path: str) -> str:
    parent = str(PurePosixPath(path).parent)
    return "" if parent == "." else parent


def package_name_guess(module: str) -> str:
    """The name an import binds without an alias: the last path element, minus
    a major-version element (``/v3``), a gopkg.in version (``yaml.v3``) and a
    ``go-`` prefix, which is how most packages are named."""
    parts = [p for p in module.split("/") if p]
    if len(parts) > 1 and _MAJOR_VERSION.match(parts[-1]):
        parts.pop()
    name = _GOPKG_VERSION.sub("", parts[-1]) if parts else module
    name = name.removeprefix("go-").removesuffix("-go").removesuffix(".go")
    return name.replace("-", "_").replace(".", "_")


_BUILTINS = frozenset(
    [
        "append",
        "cap",
        "clear",
        "close",
        "complex",
        "copy",
        "delete",
        "imag",
        "len",
        "make",
        "max",
        "min",
        "new",
        "panic",
        "print",
        "println",
        "real",
        "recover",
        "bool",
        "byte",
        "complex64",
        "complex128",
        "error",
        "float32",
        "float64",
        "int",
        "int8",
        "int16",
        "int32",
        "int64",
        "rune",
        "string",
        "uint",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "uintptr",
        "any",
        "comparable",
    ]
)

# Methods of the standard library's common types (error, io, sync, context,
# testing, strings.Builder, bytes.Buffer, reflect): never matched by name alone.
_BUILTIN_METHODS = frozenset(
    [
        "Error",
        "String",
        "Unwrap",
        "Is",
        "As",
        "Close",
        "Read",
        "Write",
        "ReadFrom",
        "WriteTo",
        "WriteString",
        "WriteByte",
        "WriteRune",
        "ReadString",
        "ReadByte",
        "ReadRune",
        "ReadLine",
        "ReadBytes",
        "Seek",
        "Flush",
        "Sync",
        "Lock",
        "Unlock",
        "RLock",
        "RUnlock",
        "TryLock",
        "Done",
        "Err",
        "Value",
        "Deadline",
        "Add",
        "Wait",
        "Go",
        "Load",
        "Store",
        "Delete",
        "Range",
        "LoadOrStore",
        "Swap",
        "CompareAndSwap",
        "Len",
        "Less",
        "Cap",
        "Reset",
        "Bytes",
        "Grow",
        "Truncate",
        "Fatal",
        "Fatalf",
        "Errorf",
        "Log",
        "Logf",
        "Helper",
        "Skip",
        "Skipf",
        "SkipNow",
        "FailNow",
        "Fail",
        "Failed",
        "Cleanup",
        "Parallel",
        "TempDir",
        "Setenv",
        "Name",
        "Elem",
        "Kind",
        "Field",
        "Type",
        "Interface",
        "Index",
        "Set",
        "Int",
        "Uint",
        "Float",
        "Bool",
        "Format",
        "Printf",
        "Println",
        "Print",
        "Sprintf",
        "Encode",
        "Decode",
        "Scan",
        "Next",
        "Text",
        "Now",
        "Since",
        "Sub",
        "Unix",
        "Before",
        "After",
        "Equal",
        "Stop",
        "Until",
        "Seconds",
        "Milliseconds",
        "Duration",
        "Get",
        "Header",
        "Context",
        "WithValue",
    ]
)

_METHOD = re.compile(r"func\s*\(")


def method_parameters(signature: str) -> str | None:
    """A method's receiver comes before its parameters: ``func (r *T) Name(a int)``."""
    return parameter_list(signature, 1 if _METHOD.match(signature) else 0)


# Untyped constants (the spec's "Constants" and "Representability"): a literal takes the type of the
# parameter it fills when that type can represent it; a negative one no unsigned type can.
_SIGNED = frozenset({"int", "int8", "int16", "int32", "int64", "rune"})
_UNSIGNED = frozenset({"uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "byte"})
_FLOATS = frozenset({"float32", "float64", "complex64", "complex128"})
_UNTYPED_CONSTANTS = (
    (r"(?:0[xXoObB][\da-fA-F_]+|\d[\d_]*)", _SIGNED | _UNSIGNED | _FLOATS),
    (r"-(?:0[xXoObB][\da-fA-F_]+|\d[\d_]*)", _SIGNED | _FLOATS),
    (r"-?(?:\d[\d_]*\.\d*|\.\d+)(?:[eE][-+]?\d+)?|-?\d[\d_]*[eE][-+]?\d+", _FLOATS),
    (r"'(?:[^'\\\n]|\\.)+'", _SIGNED | _UNSIGNED | _FLOATS),
    (r'"(?:[^"\\\n]|\\.)*"|`[^`]*`', frozenset({"string"})),
    (r"true|false", frozenset({"bool"})),
)

SPEC = LanguageSpec(
    name="go",
    extensions=(".go",),
    grammar=grammar_of("tree_sitter_go"),
    query_file="go.scm",
    resolver=GoModules,
    test_globs=("*_test.go",),
    test_runner=GO_TEST,
    package_scope=True,
    package_alternatives=True,
    builtins=_BUILTINS,
    builtin_methods=_BUILTIN_METHODS,
    module_separator="/",
    resolution_configs=("go.mod",),
    import_alias=package_name_guess,
    parameters=method_parameters,
    interface_word="interface",
    resolution="go.mod module path → package directory (all its files); same-package names across files; "
    "receiver methods; embedded structs and interfaces as inheritance; a type with all of an "
    "interface's methods implements it",
    null_types=frozenset({"nil"}),  # the null literal: a returned form of its own (review/change_kinds.py)
    binding_rules=BindingRules(
        spread=SpreadRule.WHOLE_VARIADIC,
        typed_arguments=True,
        # Every type implements the empty interface (`any`, its alias since Go 1.18).
        top_types=frozenset({"any", "interface{}"}),
        literal_types=_UNTYPED_CONSTANTS,
        function_nodes=frozenset({"func_literal", "function_declaration", "method_declaration"}),
    ),
    # Each clause of a switch is an implicit block ("Blocks"): a type switch's variable has the
    # type its clause lists there only ("Type switches").
    binding_blocks=frozenset({"type_case"}),
    locals_hide_functions=True,
    package_variables=True,
    defined_collections=True,
    imports_used=True,
)
