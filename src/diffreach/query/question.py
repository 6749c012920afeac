"""What a question says: its terms weighted by where they stand, the files it names, whether it asks about tests.

A question pasted from an issue tracker is a title, some prose, and blocks of
code, tracebacks and tool output. The words of a pasted log are many and mostly
noise, so every line is classed first: the title (first non-empty line), prose,
or a block (fenced code, indented code, interpreter prompts, traceback and log
lines). A term's query weight is the weight of the strongest place it appears
in, times a slowly growing function of its count. Identifiers written as such
(``snake_case``, ``CamelCase``, ``dotted.names`` or anything in backticks) name
code, so their whole-name terms weigh more than prose words. Separately, the
question may name files outright: a path (``src/_pytest/pastebin.py``, a
traceback's ``File "…/_pytest/python.py"``) or a dotted module
(``sphinx.ext.autodoc``). Those are matched against the indexed files, paths by
their longest suffix that exists, dotted names through each language's module
resolver (so no language rule lives here). Whether a question is about tests is
judged on its title and prose only: code blocks of a testing tool's issues are
full of ``def test_…`` and say nothing about what is asked.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from diffreach.languages import language_for
from diffreach.languages.spec import ModuleResolver
from diffreach.query import terms as T

TEST_WORDS = frozenset({"test", "tests", "testing", "fixture", "fixtures"})

# Where a word stands, and how much that says about what is asked.
W_TITLE = 3.0
W_PROSE = 1.0
W_BLOCK = 0.5
# A file or symbol named in a traceback frame counts as much as in prose; named on another line of
# a block (a configuration, an import, an object's repr) it weighs like the block. Over 106 issues,
# such lines named a gold file 5 times in 80, frames 20 in 80, prose 30 in 57.
MENTION_FLOOR = 1.0
PACKAGE_SHARE = 0.5  # a dotted name that resolves to a package's own file (its directory) counts this much
IDENTIFIER_BOOST = 2.0  # whole-name terms of identifiers written as code

_FENCE = re.compile(r"^\s*(```|~~~)")
# Traceback frames and 'path:line:' lines (which name files as precisely as prose does).
_FRAME = re.compile(r"^(\s*File \"|\S+:\d+(:\d+)?:)")
# Lines of pasted output rather than prose: prompts, traceback frames, log and linter lines.
_BLOCK_LINE = re.compile(r"^(\s{4,}|\t|\s*(>>>|\.\.\.|\$ |E  |[-=_*!]{5,}))|" + _FRAME.pattern)
# A folded section (<details>…</details>) holds what the asker pasted: logs, versions, settings.
_DETAILS_OPEN = re.compile(r"<details\b", re.IGNORECASE)
_DETAILS_CLOSE = re.compile(r"</details>", re.IGNORECASE)
# A file name's extension ('conf.py') is not a word of the question; the path is matched on its own.
_EXTENSION = re.compile(r"(?<=\w)\.(py|pyi|js|ts|txt|cfg|toml|ini|rst|md|html|json|yaml|yml)\b")
_TEMPLATE_LINE = re.compile(r"^\s*([-*] \[[ xX]\]|_No response_\s*$)")
_HEADING = re.compile(r"^\s*#{1,6}\s")
# A section heading: a markdown heading, or a line that is bold text alone ('**Environment info**').
_SECTION = re.compile(r"^\s*(#{1,6}\s+\S|\*\*[^*]+\*\*:?\s*$)")
# Sections where the asker describes their setup (versions, platform, environment), not the problem:
# over 168 issues their lines named 33 files, 5 of them gold (docs/benchmarks.md, query round 5).
_SETUP_SECTION = re.compile(r"(?i)\b(environment|versions?|system|platform|os)\b")
_BACKTICK = re.compile(r"`([^`\n]+)`")
# Code tokens and paths are found by scanners (``code_spans``, ``path_spans``) whose patterns are
# linear: each attempt starts only at the start of a run (a negative lookbehind of the characters
# it begins with), and no quantifier is followed by an item that could take the same character, so
# a long run of one character class costs one pass, not one pass per position (a 10,000-character
# word took 14.6 CPU s under the former patterns). tests/test_question_linear.py checks both rules
# and that the scanners find exactly what the former patterns found.
_WORD_RUN = re.compile(r"(?<!\w)\w+")
_DOTTED_AT = re.compile(r"(?<!\w)[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")  # 'a.b.c' from a word's start
_DOTTED_LATE = re.compile(r"(?<!\w)[^\W_A-Za-z]+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)")  # '2to3.fixes' → 'to3.fixes'
_CAMEL_STEP = re.compile(r"[a-z][A-Z]")
_PATH_RUN = re.compile(r"(?<![\w./\\-])[\w./\\-]+")  # what a path is made of: segments and separators
_SEPARATOR = re.compile(r"[/\\]")
# A final segment's extension: a dot, a letter, at most six word characters in all.
_EXT_DOT = re.compile(r"(?<=[\w.-])\.[A-Za-z]\w{0,5}(?!\w)")
# A bare file name ('conf.py'): from the first word character of a run of word characters and dashes.
_FILE_NAME = re.compile(r"(?<![\w-])-*(\w[\w-]*\.[a-z]{2,4})(?!\w)")
# Right after a file name, a dash starts the next one ('a.py-b.md' names 'a.py' and '-b.md').
_DASH_NAME = re.compile(r"-[\w-]*\.[a-z]{2,4}(?!\w)")
_DOTTED = re.compile(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\b")
# `import xarray as xr` in a pasted snippet: `xr.where` then names `xarray.where`.
_IMPORT_AS = re.compile(r"\bimport\s+([A-Za-z_][\w.]*)\s+as\s+([A-Za-z_]\w*)")


@dataclass(frozen=True)
class Question:
    """A question taken apart: weighted terms, named paths and dotted names, its title and prose."""

    terms: dict[str, float]
    paths: dict[str, float]  # path-like mentions, '/' separated → weight of the strongest line naming it
    dotted: dict[str, float]  # dotted names → the same
    prose: str  # title and prose lines (no code blocks, no output)


def parse_question(text: str) -> Question:
    """Class each line, weight each term by its strongest place, collect the names of files."""
    weights: dict[str, float] = {}
    counts: dict[str, int] = {}
    prose: list[str] = []
    paths: dict[str, float] = {}
    dotted: dict[str, float] = {}
    for kind, line in classify_lines(text):
        if kind != W_BLOCK:
            prose.append(line)
        named = max(kind, MENTION_FLOOR) if kind != W_BLOCK or _FRAME.match(line) else kind
        for start, end in path_spans(line):
            m = line[start:end].replace("\\", "/")
            paths[m] = max(paths.get(m, 0.0), named)
        for m in _DOTTED.findall(line):
            dotted[m] = max(dotted.get(m, 0.0), named)
        code = {line[start:end].lower() for start, end in code_spans(line)}
        code.update(t.lower() for span in _BACKTICK.findall(line) for t in T.WORD.findall(span))
        for token in T.WORD.findall(_EXTENSION.sub("", line)):
            found = list(T.identifier_terms(token))
            # The whole name of an identifier written as code is the last term (or the only one).
            whole = found[-1] if found and token.lower() in code else None
            for term in found:
                if not T.topical(term):
                    continue
                w = kind * (IDENTIFIER_BOOST if term == whole else 1.0)
                weights[term] = max(weights.get(term, 0.0), w)
                counts[term] = counts.get(term, 0) + 1
    terms = {t: weights[t] * (1.0 + math.log(counts[t])) for t in weights}
    aliases = {alias: module for module, alias in _IMPORT_AS.findall(text) if alias != module}
    for name, weight in list(dotted.items()):
        head, _, rest = name.partition(".")
        if head in aliases:
            full = f"{aliases[head]}.{rest}"
            dotted[full] = max(dotted.get(full, 0.0), weight)
    return Question(terms=terms, paths=paths, dotted=dotted, prose="\n".join(prose))


def classify_lines(text: str) -> Iterable[tuple[float, str]]:
    """(weight, line) per non-empty line: the title, prose, or a block of code or output.

    The scaffolding of an issue template says nothing about the issue: HTML comments and checklists
    are left out, headings ('### Python version') weigh like a block, and so does a folded section
    (``<details>``, its summary included), where issue templates ask for the versions and logs, and
    a section about the asker's setup ('**Environment info**', '### Versions') up to the next heading.
    """
    in_fence = False
    title_seen = False
    folded = False
    setup = False
    for line in strip_comments(text).splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if not in_fence and title_seen:
            folded = folded or bool(_DETAILS_OPEN.search(line))
            if _DETAILS_CLOSE.search(line):
                folded = False
                continue
        if not line.strip() or (not in_fence and _TEMPLATE_LINE.match(line)):
            continue
        if title_seen and not in_fence and not folded and _SECTION.match(line):
            setup = bool(_SETUP_SECTION.search(line))
        if in_fence or folded or setup or (title_seen and _HEADING.match(line)) or _BLOCK_LINE.match(line):
            yield W_BLOCK, line
        elif not title_seen:
            title_seen = True
            yield W_TITLE, line
        else:
            yield W_PROSE, line


def about_tests(text: str, share: float = 0.2) -> bool:
    """A question is about tests when test words (test, fixture, …) are a real share of its prose words.

    Identifiers and paths written as code are left out (``unittest.TestCase``, ``test_foo``,
    ``tests/test_foo.py`` name the subject, they do not ask for tests), and the share is high because an issue of a testing tool says "test" in every
    other sentence while asking about the tool's own code.
    """
    prose = _BACKTICK.sub(" ", parse_question(text).prose)
    prose = _blank(prose, path_spans(prose))
    prose = _blank(prose, code_spans(prose))
    words = [w.lower() for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", prose)]
    content = [w for w in words if w not in T.STOP_WORDS]
    hits = sum(1 for w in content if w in TEST_WORDS)
    return bool(content) and hits > 0 and hits / len(content) >= share


def bound_question(text: str, max_chars: int) -> tuple[str, bool]:
    """The question cut to ``max_chars`` characters (0: no cap), and whether it was cut."""
    if max_chars <= 0 or len(text) <= max_chars:
        return text, False
    return text[:max_chars], True


def strip_comments(text: str) -> str:
    """``text`` without its HTML comments (``<!-- … -->``), in one pass: an opening without a close
    is left as it is (a non-greedy pattern would rescan the rest of the text from every opening)."""
    out: list[str] = []
    at = 0
    while (start := text.find("<!--", at)) >= 0 and (end := text.find("-->", start + 4)) >= 0:
        out.append(text[at:start])
        at = end + 3
    out.append(text[at:])
    return "".join(out)


Span = tuple[int, int]


def code_spans(line: str) -> list[Span]:
    """Where ``line`` writes identifiers as code: dotted names (``a.b``), camelCase words, words with
    an inner underscore; the spans are those the leftmost-first scan of the three forms finds."""
    out: list[Span] = []
    at = 0
    while (word := _WORD_RUN.search(line, at)) is not None:
        dotted = _DOTTED_AT.match(line, word.start())
        text = word.group()
        if dotted is not None:
            out.append(dotted.span())
            at = dotted.end()
        elif _CAMEL_STEP.search(text) or "_" in text[1:-1]:
            out.append(word.span())
            at = word.end()
        elif (late := _DOTTED_LATE.match(line, word.start())) is not None:
            out.append(late.span(1))
            at = late.end()
        else:
            at = word.end()
    return out


def path_spans(line: str) -> list[Span]:
    """Where ``line`` names a file: a path (``src/a/b.py``, segments joined by single separators, up
    to the last segment with an extension) or a bare file name (``conf.py``)."""
    out: list[Span] = []
    for run in _PATH_RUN.finditer(line):
        out.extend((run.start() + s, run.start() + e) for s, e in _run_paths(run.group()))
    return out


def _run_paths(run: str) -> list[Span]:
    """The paths and file names in one run of path characters. Segments joined by single separators
    form a chain; a chain names the path from its first segment to the last segment that has an
    extension (there, to that segment's last extension); file names are looked for in every other
    segment of the chain (after the path, none can remain in its last segment)."""
    bounds = [0] + [s for m in _SEPARATOR.finditer(run) for s in (m.start(), m.end())] + [len(run)]
    segments = list(zip(bounds[::2], bounds[1::2]))  # (start, end) of each segment, empty ones included
    out: list[Span] = []
    i = 0
    while i < len(segments):
        first = i
        while i + 1 < len(segments) and segments[i][0] < segments[i][1] and segments[i + 1][0] < segments[i + 1][1]:
            i += 1
        chain = segments[first : i + 1]  # consecutive non-empty segments (or one, maybe empty)
        i += 1
        last_ext = None
        for k in range(len(chain) - 1, 0, -1):
            ends = [m.end() for m in _EXT_DOT.finditer(run, chain[k][0] + 1, chain[k][1])]
            if ends:
                last_ext = (k, ends[-1])
                break
        rest = chain
        if last_ext is not None:
            out.append((chain[0][0], last_ext[1]))
            rest = chain[last_ext[0] + 1 :]
        for start, end in rest:
            out.extend(_file_names(run, start, end))
    return out


def _file_names(run: str, start: int, end: int) -> list[Span]:
    out: list[Span] = []
    at = start
    while (m := _FILE_NAME.search(run, at, end)) is not None:
        out.append(m.span(1))
        at = m.end()
        while at < end and run[at] == "-" and (dash := _DASH_NAME.match(run, at, end)) is not None:
            out.append(dash.span())
            at = dash.end()
    return out


def _blank(text: str, spans: list[Span]) -> str:
    """``text`` with each span replaced by one space."""
    out: list[str] = []
    at = 0
    for start, end in spans:
        out.append(text[at:start])
        out.append(" ")
        at = end
    out.append(text[at:])
    return "".join(out)


class _Paths:
    """The RepoFiles a module resolver needs, over the indexed paths only."""

    def __init__(self, root: str, paths: frozenset[str]) -> None:
        self.root = root
        self._paths = paths

    def paths(self) -> frozenset[str]:
        return self._paths

    def read_text(self, path: str) -> str | None:
        return None


Reexports = Callable[[str, str], Iterable[str]]  # (file, name) → module specs that file imports name from


def named_files(
    question: Question, files: Iterable[str], max_matches: int = 3, reexports: Reexports | None = None
) -> dict[str, float]:
    """path → strength of the naming: the weight of the line that names it (title 3, prose 1, block 0.5),
    shared among the files a mention matches (none when it matches more than ``max_matches``).

    A path matches by its longest suffix (whole components) that some file ends with; a dotted name
    by the longest prefix that a language's module resolver turns into files. When the rest of the
    name is a member the module only re-exports (``xarray.where``: ``from .core.computation import
    where`` in ``xarray/__init__.py``), ``reexports`` leads one hop on, to the file defining it.
    """
    listed = tuple(files)  # each lookup built the first time a question needs it (see _suffixes)
    out: dict[str, float] = {}

    def credit(found: list[str] | tuple[str, ...], weight: float) -> None:
        if 0 < len(found) <= max_matches:
            for f in found:
                out[f] = max(out.get(f, 0.0), weight / len(found))

    for mention, weight in question.paths.items():
        parts = [p for p in mention.split("/") if p not in ("", ".", "..")]
        for i in range(len(parts)):
            found = _suffixes(listed).get("/".join(parts[i:]))
            if found:
                credit(found, weight)
                break
    if question.dotted:
        resolvers = _resolvers(listed)
        for name, weight in question.dotted.items():
            module, files = _resolve_dotted(name, resolvers)
            top_only = not module  # a bare top package ('xarray') names nothing by itself, only its members
            if top_only:
                module, files = _resolve_dotted(name, resolvers, shortest=1)
            member = name[len(module) + 1 :].split(".", 1)[0] if module else ""
            origin = _reexported(files, member, resolvers, reexports) if member and reexports else ()
            if origin:
                # A member of the top package is its public surface, written to use it as often as
                # to point at it: a weaker pointer, like a package.
                credit(origin, weight * (PACKAGE_SHARE if top_only else 1.0))
                continue
            if top_only:
                continue
            # 'a.b' resolving to a/b/<index file> names a whole package: a weaker pointer than a module.
            package = any(f.rsplit("/", 2)[-2:-1] == module.split(".")[-1:] for f in files)
            credit(files, weight * (PACKAGE_SHARE if package else 1.0))
    return out


@functools.lru_cache(maxsize=4)
def _suffixes(files: tuple[str, ...]) -> dict[str, list[str]]:
    """Every path suffix → its files. This and the module resolvers are kept per file list (a warm
    query does not rebuild them) and built only for a question that names a path, or a module (the
    resolvers were a third of a warm query on 5,000 files)."""
    by_suffix: dict[str, list[str]] = {}
    for f in files:
        parts = f.split("/")
        for i in range(len(parts)):
            by_suffix.setdefault("/".join(parts[i:]), []).append(f)
    return by_suffix


@functools.lru_cache(maxsize=4)
def _resolvers(files: tuple[str, ...]) -> list[ModuleResolver]:
    specs = {}
    for f in files:
        spec = language_for(f)
        if spec is not None:
            specs[spec.name] = spec
    repo = _Paths("", frozenset(files))
    return [spec.resolver(repo, spec) for spec in specs.values()]


def _reexported(
    found: tuple[str, ...], member: str, resolvers: list[ModuleResolver], reexports: Reexports
) -> tuple[str, ...]:
    """The files ``member`` comes from when the module's files import it from elsewhere."""
    out: list[str] = []
    for f in found:
        for spec in reexports(f, member):
            for resolver in resolvers:
                hit = resolver.resolve(spec, f)
                if hit:
                    out.extend(h for h in hit if h not in out)
                    break
    return tuple(out)


def _resolve_dotted(name: str, resolvers: list[ModuleResolver], shortest: int = 2) -> tuple[str, tuple[str, ...]]:
    """(the module, its files) for the longest prefix of ``name`` (of ``shortest`` parts or more)
    that some resolver knows."""
    parts = name.split(".")
    for end in range(len(parts), shortest - 1, -1):  # a.b.C.method → a.b.C → a.b: the longest that is a module
        module = ".".join(parts[:end])
        for resolver in resolvers:
            found = resolver.resolve(module, "")
            if found:
                return module, found
    return "", ()


def _by_stem(parts: list[str], file: str, qual: list[str]) -> bool:
    """``mock._make_subclass`` names ``_make_subclass`` of a file ``mock.*``; what is written before the
    stem must be the file's own directories (``os.path.abspath`` is not ``sphinx/testing/path.py``)."""
    dirs, _, name = file.rpartition("/")
    head = parts[: -len(qual) - 1]
    if len(parts) < len(qual) + 1 or parts[-len(qual) - 1 :] != [name.split(".", 1)[0], *qual]:
        return False
    return not head or dirs.split("/")[-len(head) :] == head


def named_symbols(
    question: Question, defined: Callable[[frozenset[str]], Iterable[tuple[str, str, str]]], max_matches: int = 3
) -> dict[str, float]:
    """path → strength, for files that define a dotted name the question writes.

    ``Expression.compile`` names the method ``compile`` of ``Expression``; ``mock._make_subclass`` the
    function ``_make_subclass`` of a file called ``mock``. A written name matches a definition when it
    ends with the definition's qualified name (two parts or more) or with its file's stem and then its
    qualified name. ``defined(names)`` yields (name, file, qualname) for the definitions of those names.
    """
    if not question.dotted:
        return {}
    by_name: dict[str, list[tuple[str, list[str]]]] = {}
    for name, file, qualname in defined(frozenset(d.rsplit(".", 1)[1] for d in question.dotted)):
        by_name.setdefault(name, []).append((file, qualname.split(".")))
    out: dict[str, float] = {}
    for written, weight in question.dotted.items():
        parts = written.split(".")
        found = set()
        for file, qual in by_name.get(parts[-1], ()):
            if (len(qual) >= 2 and parts[-len(qual) :] == qual) or _by_stem(parts, file, qual):
                found.add(file)
        if 0 < len(found) <= max_matches:
            for f in found:
                out[f] = max(out.get(f, 0.0), weight / len(found))
    return out
