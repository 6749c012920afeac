"""C: ``#include "…"`` as a wildcard import of the header and its paired source.

An include is looked up next to the including file, then in the include
directories: the ``-I`` flags of ``compile_commands.json`` when the repository
has one, else every folder named ``include``, ``inc`` or ``src`` and the root.
A path still unfound matches a unique file whose path ends with it. A header
resolves to itself plus the sources with its stem (``foo.h`` → ``foo.c`` /
``foo.cpp``, beside it or the only one in the repository), so a call to a
function declared in a header reaches its definition. Headers (``.h``) belong
to the C++ spec, whose grammar parses C headers too: one grammar per extension.
"""

from __future__ import annotations

import json
import shlex
from pathlib import PurePosixPath

from .spec import LanguageSpec, RepoFiles, grammar_of

HEADER_EXTENSIONS = (".h", ".hh", ".hpp", ".hxx", ".h++", ".inl", ".ipp")
SOURCE_EXTENSIONS = (".c", ".cc", ".cpp", ".cxx", ".c++")
_INCLUDE_FOLDERS = frozenset({"include", "inc", "src"})


def _normalize(path: str) -> str:
    parts: list[str] = []
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                return ""
            parts.pop()
        else:
            parts.append(part)
    return "/".join(parts)


class IncludeFiles:
    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        paths = repo.paths()
        self._files = frozenset(p for p in paths if p.endswith(HEADER_EXTENSIONS + SOURCE_EXTENSIONS))
        self._dirs = _compile_db_dirs(repo) or sorted(
            {str(parent) for p in self._files for parent in PurePosixPath(p).parents if parent.name in _INCLUDE_FOLDERS}
        )
        self._sources: dict[str, list[str]] = {}
        self._cache: dict[tuple[str, str], tuple[str, ...]] = {}
        self._by_name: dict[str, list[str]] = {}
        for p in sorted(self._files):
            pure = PurePosixPath(p)
            if p.endswith(SOURCE_EXTENSIONS):
                self._sources.setdefault(pure.stem, []).append(p)
            self._by_name.setdefault(pure.name, []).append(p)

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        key = (module, str(PurePosixPath(from_file).parent))
        cached = self._cache.get(key)
        if cached is None:
            found = self._find(module.strip("<>\"' "), from_file)
            cached = self._cache[key] = self._paired(found) if found else ()
        return cached

    def _find(self, include: str, from_file: str) -> str | None:
        here = str(PurePosixPath(from_file).parent)
        for base in (here, *self._dirs, "."):
            candidate = _normalize(include if base == "." else f"{base}/{include}")
            if candidate in self._files:
                return candidate
        tail = "/" + include.lstrip("./")
        matches = [p for p in self._by_name.get(PurePosixPath(include).name, []) if ("/" + p).endswith(tail)]
        return matches[0] if len(matches) == 1 else None

    def _paired(self, header: str) -> tuple[str, ...]:
        if not header.endswith(HEADER_EXTENSIONS):
            return (header,)
        pure = PurePosixPath(header)
        sources = self._sources.get(pure.stem, [])
        beside = [s for s in sources if str(PurePosixPath(s).parent) == str(pure.parent)]
        return (header, *(beside or (sources if len(sources) == 1 else [])))


def _compile_db_dirs(repo: RepoFiles) -> list[str]:
    """Repository-relative include dirs named by -I in compile_commands.json."""
    text = next(
        (repo.read_text(p) for p in sorted(repo.paths(), key=len) if p.rsplit("/", 1)[-1] == "compile_commands.json"),
        None,
    )
    if not text:
        return []
    try:
        entries = json.loads(text)
    except ValueError:
        return []
    root = repo.root.rstrip("/")
    dirs: dict[str, None] = {}
    for entry in entries if isinstance(entries, list) else []:
        args = entry.get("arguments") or shlex.split(entry.get("command", ""))
        directory = entry.get("directory", root)
        for i, arg in enumerate(args):
            value = (
                arg[2:]
                if arg.startswith("-I") and len(arg) > 2
                else (args[i + 1] if arg in ("-I", "-isystem", "-iquote") and i + 1 < len(args) else "")
            )
            if value:
                full = value if value.startswith("/") else f"{directory}/{value}"
                rel = _normalize(full[len(root) :]) if full.startswith(root) else ""
                if rel or full.rstrip("/") == root:
                    dirs[rel or "."] = None
    return list(dirs)


C_KEYWORDS = frozenset({"sizeof", "defined", "offsetof", "alignof", "typeof", "__attribute__"})
C_STDLIB = frozenset(
    {
        "printf",
        "fprintf",
        "sprintf",
        "snprintf",
        "vsnprintf",
        "vfprintf",
        "puts",
        "putchar",
        "fputs",
        "malloc",
        "calloc",
        "realloc",
        "free",
        "memcpy",
        "memmove",
        "memset",
        "memcmp",
        "strlen",
        "strcmp",
        "strncmp",
        "strcpy",
        "strncpy",
        "strcat",
        "strncat",
        "strchr",
        "strrchr",
        "strstr",
        "strdup",
        "strtol",
        "strtoul",
        "strtod",
        "atoi",
        "atof",
        "abs",
        "exit",
        "abort",
        "assert",
        "fopen",
        "fclose",
        "fread",
        "fwrite",
        "fgets",
        "fseek",
        "ftell",
        "fflush",
        "perror",
        "getenv",
        "qsort",
        "isdigit",
        "isspace",
        "isalpha",
        "isalnum",
        "toupper",
        "tolower",
        "read",
        "write",
        "open",
        "close",
        "ioctl",
        "time",
        "rand",
        "srand",
        "signal",
        "errno",
        "va_start",
        "va_end",
        "va_arg",
        "fabs",
        "pow",
        "sqrt",
        "floor",
        "ceil",
        "log",
        "exp",
        "sscanf",
        "scanf",
        "getchar",
        "isprint",
        "iscntrl",
        "tcgetattr",
        "tcsetattr",
        "atexit",
        "select",
        "sizeof",
        # <stdio.h>, <stdlib.h>, <string.h>, <ctype.h>, <math.h>, <time.h>, <locale.h> and POSIX.
        "fgetc",
        "fputc",
        "getc",
        "putc",
        "ungetc",
        "feof",
        "ferror",
        "clearerr",
        "rewind",
        "fgetpos",
        "fsetpos",
        "freopen",
        "remove",
        "rename",
        "tmpfile",
        "setvbuf",
        "setbuf",
        "vprintf",
        "vsprintf",
        "fscanf",
        "vsscanf",
        "strtoll",
        "strtoull",
        "strtof",
        "strtold",
        "atol",
        "atoll",
        "labs",
        "llabs",
        "div",
        "ldiv",
        "bsearch",
        "system",
        "strerror",
        "strspn",
        "strcspn",
        "strpbrk",
        "strtok",
        "strtok_r",
        "strnlen",
        "strndup",
        "strcasecmp",
        "strncasecmp",
        "memchr",
        "isupper",
        "islower",
        "isxdigit",
        "ispunct",
        "isgraph",
        "isblank",
        "isnan",
        "isinf",
        "isfinite",
        "isnormal",
        "signbit",
        "fmod",
        "round",
        "lround",
        "trunc",
        "modf",
        "frexp",
        "ldexp",
        "log10",
        "log2",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "atan2",
        "sinh",
        "cosh",
        "tanh",
        "hypot",
        "cbrt",
        "fmin",
        "fmax",
        "clock",
        "difftime",
        "mktime",
        "localtime",
        "gmtime",
        "localtime_r",
        "gmtime_r",
        "strftime",
        "gettimeofday",
        "clock_gettime",
        "nanosleep",
        "sleep",
        "usleep",
        "setlocale",
        "localeconv",
        "fileno",
        "fdopen",
        "popen",
        "pclose",
        "lseek",
        "unlink",
        "stat",
        "fstat",
        "lstat",
        "mkdir",
        "rmdir",
        "opendir",
        "readdir",
        "closedir",
        "access",
        "getpid",
        "fork",
        "pipe",
        "dup",
        "dup2",
        "kill",
        "waitpid",
        "execvp",
        "mmap",
        "munmap",
        "fsync",
        "fcntl",
        "sysconf",
        "pthread_create",
        "pthread_join",
        "pthread_mutex_init",
        "pthread_mutex_lock",
        "pthread_mutex_unlock",
        "pthread_mutex_destroy",
        "pthread_cond_init",
        "pthread_cond_wait",
        "pthread_cond_signal",
        "pthread_cond_broadcast",
        "pthread_cond_destroy",
        "pthread_once",
        "pthread_self",
    }
)

SPEC = LanguageSpec(
    name="c",
    extensions=(".c",),
    grammar=grammar_of("tree_sitter_c"),
    query_file="c.scm",
    resolver=IncludeFiles,
    test_globs=("test/*", "tests/*", "test_*.c", "*_test.c", "*_tests.c", "*_unittest.c"),
    builtins=C_KEYWORDS | C_STDLIB,
    module_separator="/",
    member_separators=("->",),
    resolution='#include "…" beside the file, then compile_commands.json -I dirs or include/, src/ '
    "folders; a header brings its paired source (foo.h → foo.c)",
    bare_enum_members=True,
    declarations_included_only=True,
)
