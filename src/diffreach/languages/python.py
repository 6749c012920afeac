"""Python: packages by ``__init__.py``, absolute and relative imports, src layouts."""

from __future__ import annotations

import builtins
import codecs
import io
import tokenize
from pathlib import PurePosixPath

from .signatures import BindingRules
from .spec import LanguageSpec, RepoFiles, grammar_of
from .test_ids import PYTEST

_SOURCE_EXTENSIONS = (".py", ".pyi")
_SRC_ROOT = "src"  # the src layout's directory of import packages


class PythonModules:
    """Maps dotted module names to files.

    A file's primary name starts at its topmost enclosing package (the highest
    directory chain that holds ``__init__.py``), which makes ``src/`` layouts and
    nested projects work without configuration. Then its name below a ``src``
    directory: the src layout's import root (the packaging guide's "src layout"),
    where a package may be a namespace package without ``__init__.py`` (PEP 420,
    ``src/poetry/utils/x.py`` is ``poetry.utils.x``). Then, where one file claims it,
    its name from any other directory above the package chain, which may be a path
    entry holding a namespace package (``lib/ns/pkg/m.py`` imported as ``ns.pkg.m``).
    Paths relative to the repository root are the last fallback, for scripts there.
    """

    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        files = sorted(p for p in repo.paths() if p.endswith(_SOURCE_EXTENSIONS))
        self._files = frozenset(files)
        # Speed: plain string splits, not a PurePosixPath per file (this runs on every
        # update over every path, a one-file update included).
        split = [(path, *_dir_and_stem(path)) for path in files]
        packages = {d or "." for _, d, stem in split if stem == "__init__"}
        self._modules: dict[str, str] = {}
        below_src: dict[str, str] = {}
        fallback: dict[str, str] = {}
        namespaced: dict[str, set[str]] = {}
        for path, directory, stem in split:
            parts = directory.split("/") if directory else []
            # The package root: walk up while the directory is a package.
            start = len(parts)
            while start > 0 and "/".join(parts[:start]) in packages:
                start -= 1
            tail = [] if stem == "__init__" else [stem]
            primary = ".".join(parts[start:] + tail)
            if primary:
                # .py wins over .pyi when both exist: sort order puts .py first.
                self._modules.setdefault(primary, path)
            if _SRC_ROOT in parts:  # the innermost src directory: nested projects have their own
                root = len(parts) - parts[::-1].index(_SRC_ROOT)
                rooted = ".".join(parts[root:] + tail)
                if rooted:
                    below_src.setdefault(rooted, path)
            for root in range(1, start):  # a path entry between the repository root and the package chain
                namespaced.setdefault(".".join(parts[root:] + tail), set()).add(path)
            full = ".".join(parts + tail)
            if full:
                fallback.setdefault(full, path)
        unique = {name: next(iter(claimants)) for name, claimants in namespaced.items() if len(claimants) == 1}
        for names in (below_src, unique, fallback):
            for name, path in names.items():
                self._modules.setdefault(name, path)

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        if module.startswith("."):
            dots = len(module) - len(module.lstrip("."))
            base = PurePosixPath(from_file).parent
            for _ in range(dots - 1):
                base = base.parent
            rest = module[dots:]
            stem = str(base / rest.replace(".", "/")) if rest else str(base)
            stem = "" if stem == "." else stem
            for candidate in (f"{stem}.py", f"{stem}/__init__.py", f"{stem}.pyi", f"{stem}/__init__.pyi"):
                candidate = candidate.lstrip("/")
                if candidate in self._files:
                    return (candidate,)
            return ()
        found = self._modules.get(module)
        return (found,) if found else ()


def _dir_and_stem(path: str) -> tuple[str, str]:
    """('a/b', 'c') for 'a/b/c.py', as PurePosixPath's parent and stem ('' for no parent)."""
    directory, _, name = path.rpartition("/")
    dot = name.rfind(".")
    return directory, name[:dot] if 0 < dot < len(name) - 1 else name


def _builtin_methods() -> frozenset[str]:
    names: set[str] = set()
    for typ in (list, dict, str, set, bytes, tuple, int, float, frozenset):
        names.update(n for n in dir(typ) if not n.startswith("_"))
    names.update({"read", "write", "close", "readline", "readlines", "flush", "seek", "tell"})
    return frozenset(names)


def source_encoding(data: bytes) -> str:
    """The encoding a Python file declares (PEP 263: a ``coding:`` comment on its first or second
    line, or a UTF-8 byte order mark), as the interpreter reads it; UTF-8 without one, and for a
    declaration the interpreter would refuse (an unknown codec), since the file is read anyway."""
    try:
        name, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        return "utf-8"
    return "utf-8" if codecs.lookup(name).name in ("utf-8", "utf-8-sig") else name


# Protocol methods (the language reference, "Data model: special method names"): the syntax a
# query's @reference.protocol match names (a preset key, or an operator's text) → the methods it
# runs on its operand. Augmented assignment (``x += y``: ``__iadd__``, else ``__add__``) is left
# out: which one runs depends on what the class defines, and a reference names one method.
_OPERATORS = {
    "+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv", "%": "mod", "**": "pow",
    "@": "matmul", "<<": "lshift", ">>": "rshift", "&": "and", "|": "or", "^": "xor",
    "<": "lt", "<=": "le", ">": "gt", ">=": "ge", "==": "eq", "!=": "ne",
    "neg": "neg", "pos": "pos", "invert": "invert",
    "len": "len", "iter": "iter", "next": "next", "reversed": "reversed", "hash": "hash", "abs": "abs",
    "contains": "contains", "[]": "getitem", "[]=": "setitem", "del[]": "delitem",
}  # fmt: skip
_AUGMENTED = frozenset(("+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^"))
# A value of the first type fills a parameter of the second: PEP 484's numeric tower (``int`` where
# ``float`` or ``complex`` is declared, ``bool`` a subclass of ``int``), pathlib's paths implement
# ``os.PathLike``, and the built-in collections as ``collections.abc`` registers them (its table of
# "Collections Abstract Base Classes"; ``typing`` names the same classes).
_COLLECTIONS = {
    "list": ("MutableSequence", "Sequence", "Reversible", "Collection", "Iterable", "Container", "Sized"),
    "tuple": ("Sequence", "Reversible", "Collection", "Iterable", "Container", "Sized"),
    "str": ("Sequence", "Reversible", "Collection", "Iterable", "Container", "Sized", "Hashable"),
    "bytes": ("Sequence", "ByteString", "Reversible", "Collection", "Iterable", "Container", "Sized"),
    "range": ("Sequence", "Reversible", "Collection", "Iterable", "Container", "Sized"),
    "dict": ("MutableMapping", "Mapping", "Collection", "Iterable", "Container", "Sized"),
    "set": ("MutableSet", "AbstractSet", "Set", "Collection", "Iterable", "Container", "Sized"),
    "frozenset": ("AbstractSet", "Set", "Collection", "Iterable", "Container", "Sized", "Hashable"),
    "MutableSequence": ("Sequence", "Reversible", "Collection", "Iterable", "Container", "Sized"),
    "Sequence": ("Reversible", "Collection", "Iterable", "Container", "Sized"),
    "MutableMapping": ("Mapping", "Collection", "Iterable", "Container", "Sized"),
    "Mapping": ("Collection", "Iterable", "Container", "Sized"),
    "Iterator": ("Iterable",),
    "Generator": ("Iterator", "Iterable"),
    "int": ("float", "complex"),
    "float": ("complex",),
    "bool": ("int", "float", "complex"),
    **dict.fromkeys(("Path", "PosixPath", "WindowsPath", "PurePosixPath", "PureWindowsPath"), ("PurePath", "PathLike")),
    "PurePath": ("PathLike",),
}
SUBTYPES = tuple((sub, sup) for sub, sups in _COLLECTIONS.items() for sup in sups)
PROTOCOL_METHODS = (
    *((syntax, (f"__{name}__",)) for syntax, name in _OPERATORS.items()),
    ("[]op=", ("__getitem__", "__setitem__")),
    ("type()", ("__init__",)),  # calling a class runs its __init__ (data model 3.3.1)
    # x += y: x.__iadd__(y), or x.__add__(y) when the type has no __iadd__ (data model 3.3.8);
    # "|" separates the alternatives, the first the type has runs.
    *((f"{syntax}=", (f"__i{name}__|__{name}__",)) for syntax, name in _OPERATORS.items() if syntax in _AUGMENTED),
    # for x in a: iter(a), then next() on the iterator it returns ("The for statement").
    ("for", ("__iter__", "__iter__().__next__")),
    ("async for", ("__aiter__", "__aiter__().__anext__")),
    ("with", ("__enter__", "__exit__")),
    ("async with", ("__aenter__", "__aexit__")),
    (".", ("{}",)),  # a property read: the member written, if it is a property
    (".=", ("{}=",)),  # an assignment to it: its setter
    (".op=", ("{}", "{}=")),
)
PROTOCOL_OVERRIDES = (("[]=", "[]"), ("[]op=", "[]"), ("del[]", "[]"), ("async with", "with"), ("async for", "for"))

# The language's own functions and methods that take a function as a value and never call it:
# they store it (list, set, dict), look for it, compare or describe it, or hand it to another
# object to call later (``functools.partial``, ``property``, whose calls are the values layer's),
# or mark it and return it or a stub (``typing.overload``, ``abc.abstractmethod``, ``typing.final``).
# A function passed to any other callee outside the repository (``map(f, xs)``,
# ``sorted(xs, key=f)``, ``Thread(target=f)``, ``atexit.register(f)``) is taken to be called by it
# (``LanguageSpec.callback_keepers``).
CALLBACK_KEEPERS = frozenset(
    {"append", "insert", "extend", "remove", "index", "count", "add", "discard", "setdefault", "get", "pop"}
    | {"isinstance", "issubclass", "callable", "id", "hash", "repr", "str", "print", "type", "format"}
    | {"getattr", "setattr", "hasattr", "delattr", "vars", "dir", "list", "tuple", "set", "frozenset", "dict"}
    | {"zip", "enumerate", "iter", "len", "bool", "staticmethod", "classmethod", "property", "super"}
    | {"partial", "partialmethod", "wraps", "update_wrapper", "ref", "WeakMethod", "proxy", "signature"}
    | {"getsource", "getdoc", "getmodule", "getfile", "iscoroutinefunction", "isfunction", "ismethod"}
    | {"debug", "info", "warning", "error", "exception", "critical", "log", "write", "assertEqual", "assertIs"}
    | {"overload", "abstractmethod", "final", "override", "no_type_check", "type_check_only", "runtime_checkable"}
)


SPEC = LanguageSpec(
    name="python",
    extensions=_SOURCE_EXTENSIONS,
    grammar=grammar_of("tree_sitter_python"),
    query_file="python.scm",
    resolver=PythonModules,
    test_globs=("test_*.py", "*_test.py", "tests/*", "test/*", "conftest.py", "testing/*", "testsuite/*"),
    test_runner=PYTEST,
    self_names=frozenset({"self", "cls"}),
    class_parameters=frozenset({"cls"}),
    super_names=frozenset({"super()"}),
    c3_lookup=True,
    runtime_members=True,
    constructor_names=("__init__", "__new__"),
    # A class called by its name runs its own __init__ (its MRO's), never a subclass's: the
    # subclass's reaches the base's through super(). (``cls()`` in a classmethod may build a
    # subclass: a class known only at run time, not followed.)
    hidden_members=frozenset({"__init__", "__new__"}),
    builtins=frozenset(n for n in dir(builtins) if not n.startswith("_")),
    builtin_methods=_builtin_methods(),
    callback_keepers=CALLBACK_KEEPERS,
    module_separator=".",
    package_index_names=frozenset({"__init__"}),
    docstring=("expression_statement", "string"),
    string_prefixes="rbuRBU",
    spread_arguments=frozenset({"list_splat", "dictionary_splat"}),
    destructure_lists=frozenset({"pattern_list", "tuple_pattern", "list_pattern", "expression_list", "tuple", "list"}),
    destructure_rest=frozenset({"list_splat_pattern"}),
    variadic_prefixes=("*",),
    overload_stub_markers=("@overload", "@typing.overload", "@typing_extensions.overload"),
    self_types=frozenset({"Self", "typing.Self"}),
    transparent_types=frozenset(
        {"Optional", "typing.Optional", "Final", "typing.Final", "ClassVar", "typing.ClassVar", "Awaitable"}
        | {"Annotated", "typing.Annotated"}  # PEP 593: the first argument is the type, the rest metadata
        # PEP 484, "The type of class objects": type[C] holds C or a subclass, its methods C's.
        | {"type", "Type", "typing.Type"}
    ),
    union_wrappers=frozenset({"Union", "typing.Union"}),  # PEP 484: Union[X, Y] is X | Y
    # A @contextmanager function's call is typed by what it yields (python.scm): entered, it is that.
    transparent_methods=frozenset({"__enter__", "__aenter__"}),
    null_types=frozenset({"None"}),
    narrowing_blocks=frozenset({"block"}),
    dynamic_types=frozenset({"Any", "typing.Any"}),  # PEP 484: Any allows every attribute and call
    # list.pop, deque.pop/popleft: an element; dict.get, pop, setdefault: a value.
    element_methods=frozenset({"pop", "popleft", "get", "setdefault"}),
    package_init_files=("__init__.py", "__init__.pyi"),
    resolution="packages by __init__.py (src layouts found), absolute and relative imports, re-exports, star imports",
    return_keywords=("return", "yield"),
    raise_keywords=("raise",),
    visibility_words=(),  # privacy is a naming convention, and a new name is a rename
    decorator_prefix="@",
    source_encoding=source_encoding,
    binding_rules=BindingRules(
        function_nodes=frozenset({"function_definition", "lambda"}),
        keyword_arguments=True,
        defaults=True,
        receiver_by_position=True,
        receiver_may_be_class=True,
        fields_make_constructors=True,  # dataclasses, typing.NamedTuple
        # PEP 484's unions and optionals, PEP 585's built-in generics, PEP 604's ``A | B``.
        union_types=frozenset({"Union"}),
        optional_types=frozenset({"Optional"}),
        null_type="None",
        top_types=frozenset({"Any", "object"}),
        type_aliases=(
            ("List", "list"),
            ("Dict", "dict"),
            ("Set", "set"),
            ("FrozenSet", "frozenset"),
            ("Tuple", "tuple"),
            ("Type", "type"),
        ),
        string_annotations=True,
        type_alias_lines=(
            r"^(?P<name>[A-Za-z_]\w*)\s*(?::\s*(?:typing\.)?TypeAlias\s*)?=\s*(?P<value>(?:typing\.)?"
            r"(?:Union|Optional)\[.*\]|[\w.]+(?:\[.*\])?(?:\s*\|\s*[\w.]+(?:\[.*\])?)+)\s*(?:#.*)?$",
            r"^type\s+(?P<name>[A-Za-z_]\w*)\s*=\s*(?P<value>.+?)\s*(?:#.*)?$",
        ),
        type_variable_lines=(
            r"^(?P<name>[A-Za-z_]\w*)\s*=\s*(?:typing\.)?TypeVar\(\s*[\"'][^\"']*[\"']\s*,?(?P<value>.*)\)\s*(?:#.*)?$",
        ),
        subtypes=SUBTYPES,
        decorators_wrap=True,
        results_by_signature=True,  # typing.overload: the stubs, then the implementation
        results_optional=True,
        awaitable_words=frozenset({"async"}),
        # ``p = p or v``, ``if p is None: p = v`` (on one line or the next).
        body_defaults=(
            r"^\s*{p}\s*=\s*{p}\s+or\s+(?P<value>[^#\n]+?)\s*(?:#.*)?$",
            r"^\s*if\s+{p}\s+is\s+None\s*:\s*\n?\s*{p}\s*=\s*(?P<value>[^#\n]+?)\s*(?:#.*)?$",
        ),
        not_given=frozenset({"None"}),
        lazy_awaitables=True,
        # PEP 647's TypeGuard and PEP 742's TypeIs are ``bool`` at run time.
        boolean_result=r"(?:[\w.]+\.)?(?:bool|TypeGuard\[.*\]|TypeIs\[.*\])",
        # The warnings module's categories for deprecated features (its documentation, "Warning Categories").
        type_check_silencers=(r"#\s*type:\s*ignore\b",),
        deprecation_warnings=frozenset({"DeprecationWarning", "PendingDeprecationWarning", "FutureWarning"}),
        condition_words=("if", "elif"),
    ),
    protocol_methods=PROTOCOL_METHODS,
    protocol_overrides=PROTOCOL_OVERRIDES,
    call_method="__call__",
    property_markers=("@property", "@functools.cached_property", "@cached_property"),
    setter_markers=("@{}.setter",),
    locals_hide_functions=True,
    # The language reference (2.1.5-2.1.8): a logical line at column 0 after a complete statement
    # begins a new statement with the indentation stack at [0]; a compound statement ends at the
    # dedent the next line at column 0 makes, as the end of the text makes it. So a top-level
    # definition's tokens and parse depend on nothing outside its lines.
    top_level_parses_alone=True,
)
