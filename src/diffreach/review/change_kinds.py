"""The kinds of change between two versions of one symbol (``changes.py`` finds the pairs).

Each side's own lines of code (nested definitions and comments left out) are taken apart into a
profile: decorators, the header split around the symbol's name (words before it, the parameter
list, what follows up to a raise keyword, the declared raises), the forms of the statements
opened by a return or raise keyword, and the rest. A return's form is what a caller can tell
apart without running the body: nothing, a null (the spec's ``null_types``), a string, a number,
a list, a mapping or a group (one that closes before the value ends, a cast ``(T) x``, is
none), an instance of a named class (``new X``), or some other value, per
returned part (``return a, b``); a value that is one of its operands (the spec's
``operand_operators``: ``a || b``) has the forms of each, an assignment that of its right side; a raise's form is the exception it names. A return or raise
statement edited within its form (another expression, another message) is a body change. Two profiles differ field by field: ``decorators``,
``visibility`` (modifier words), ``signature``, ``return``, ``raises``, ``body``; a file node is
compared as a whole (``module``); returned forms that only narrow (fewer of the same, the same
declared result) are the body's change, and so are raises that only narrow (a raise dropped under the same
declared raises) or a re-raise (the keyword alone: the exception being handled). Blank lines and spacing never count. The words come from the
``LanguageSpec``: this module never branches on a language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import NamedTuple

from diffreach.extract.symbols import MAX_SIGNATURE
from diffreach.languages.nested_functions import nested_function_lines
from diffreach.languages.signature_text import top_level_split
from diffreach.languages.spec import LanguageSpec
from diffreach.model import ChangeKind, NodeKind, Symbol
from diffreach.review.annotations import same_type

_SPACES = re.compile(r"\s+")
_WORDS = re.compile(r"[\w$]+")
_OPEN, _CLOSE = "([{", ")]}"
# What may stand between a name and its parameter list: generics, or the
# `= function`, `= async`, `:` of a function bound to a name (arrow functions).
_BEFORE_PARAMS = re.compile(r"\s*(<.*>)?\s*([=:]\s*(async\s+)?(function\b\s*\*?\s*)?)?(<.*>)?\s*")
# An arrow function's one parameter written without parentheses (ECMA-262 ArrowParameters: a
# BindingIdentifier): `f = x => …` takes what `f = (x) => …` takes.
_BARE_ARROW = re.compile(r"\s*[=:]\s*(async\s+)?([\w$]+)\s*=>(.*)")


class _Profile(NamedTuple):  # internal: no dataclass methods to compile at load (speed)
    decorators: tuple[str, ...]
    before_name: tuple[str, ...]  # header words before the name (modifiers, types, keywords)
    params: str
    result: str  # header text after the parameters, up to a raise keyword
    declared_raises: str  # header text from a raise keyword on ('throws X')
    returns: frozenset[str]
    raises: frozenset[str]
    body: tuple[str, ...]
    exits: frozenset[str]  # the return and raise statements as written


def change_kinds(
    old_lines: list[str],
    before: Symbol,
    new_lines: list[str],
    after: Symbol,
    spec: LanguageSpec,
    rename: tuple[str, str] | None = None,
) -> tuple[str, ...]:
    """The kinds of change between two versions of one symbol, from its own lines of code on
    each side; () when only blank lines or spacing differ. ``rename``: (old name, new name),
    swapped in the old text first."""
    old_signature = before.signature
    if rename is not None:
        swap = name_swapper(*rename)
        old_lines = [swap(line) for line in old_lines]
        old_signature = swap(old_signature)
    if before.kind == NodeKind.FILE:
        return (ChangeKind.MODULE,) if normal_lines(old_lines) != normal_lines(new_lines) else ()
    a = _profile(old_lines, after.name, old_signature, spec)
    b = _profile(new_lines, after.name, after.signature, spec)
    kinds = _header_kinds(a, b, spec)
    # Returning fewer of the same forms under the same declared result (``return None`` dropped)
    # gives a caller nothing it did not get before: the body's change, not the return's.
    narrowed = a.result == b.result and bool(b.returns) and b.returns < a.returns
    # A constructor declared to give nothing, or not declared, gives the call nothing either way
    # (``__init__(…) -> None`` written where it was left out: ``C(…)`` is the new instance).
    constructor = (
        before.kind == NodeKind.METHOD
        and after.name in spec.constructor_names
        and _declares_nothing(a.result, spec)
        and _declares_nothing(b.result, spec)
    )
    declared_same = constructor or _same_result(a.result, b.result, (old_signature, after.signature))
    if not declared_same or (a.returns != b.returns and not narrowed):
        kinds.add(ChangeKind.SIGNATURE if before.kind == NodeKind.CLASS and a.result != b.result else ChangeKind.RETURN)
    # A raise naming nothing re-raises the exception being handled (Python's bare ``raise``): no
    # exception the body's calls did not raise already. Raising fewer of the same under the same
    # declared raises asks nothing new of a caller: the body's change, as a narrowed return is.
    raised_before, raised_after = _new_raises(a, spec), _new_raises(b, spec)
    fewer = raised_after < raised_before
    if a.declared_raises != b.declared_raises or (raised_before != raised_after and not fewer):
        kinds.add(ChangeKind.RAISES)
    if (constructor and a.result != b.result) or _arguments_written(a.result, b.result):
        kinds.add(ChangeKind.BODY)  # what a type checker reads in it changed; no call receives it
    if a.body != b.body or (a.exits != b.exits and not kinds & {ChangeKind.RETURN, ChangeKind.RAISES}):
        kinds.add(ChangeKind.BODY)  # a return or raise edited within its form is the body's change
    return tuple(sorted(kinds))


def _header_kinds(a: _Profile, b: _Profile, spec: LanguageSpec) -> set[str]:
    """The kinds the header's words and parameters show: decorators, visibility, a function made
    async or plain (what a call gives: an awaitable, not what it takes) and the signature."""
    kinds: set[str] = set()
    if _meant(a.decorators, spec) != _meant(b.decorators, spec):
        kinds.add(ChangeKind.DECORATORS)
    vis = set(spec.visibility_words)
    if {w for w in a.before_name if w in vis} != {w for w in b.before_name if w in vis}:
        kinds.add(ChangeKind.VISIBILITY)
    awaits = spec.binding_rules.awaitable_words if spec.binding_rules is not None else frozenset()
    if {w for w in a.before_name if w in awaits} != {w for w in b.before_name if w in awaits}:
        kinds.add(ChangeKind.RETURN)
    other = vis | awaits
    if [w for w in a.before_name if w not in other] != [w for w in b.before_name if w not in other] or (
        a.params != b.params
    ):
        kinds.add(ChangeKind.SIGNATURE)
    return kinds


def _declares_nothing(result: str, spec: LanguageSpec) -> bool:
    """A header's result text that is none: absent, or the language's null type (``-> None``)."""
    declared = result.lstrip("-=>: ").strip()
    return not declared or (spec.binding_rules is not None and declared == spec.binding_rules.null_type)


def _new_raises(profile: _Profile, spec: LanguageSpec) -> frozenset[str]:
    """The raise forms that name an exception (a re-raise, the keyword alone, names none)."""
    return frozenset(r for r in profile.raises if r not in spec.raise_keywords)


def _same_result(a: str, b: str, signatures: tuple[str, str]) -> bool:
    """Do two headers declare the same result? A signature the index cut at its length limit
    (``MAX_SIGNATURE``) shows only the start of its result: one that agrees with the other side
    as far as it is shown is not known to differ."""
    if a == b or same_type(a, b) or _arguments_written(a, b):
        return True
    cut = [len(sig) >= MAX_SIGNATURE for sig in signatures]
    a, b = _SPACES.sub("", a), _SPACES.sub("", b)
    return (cut[1] and a.startswith(b)) or (cut[0] and b.startswith(a))


def _arguments_written(a: str, b: str) -> bool:
    """Is one result the other generic type with its type arguments written out (``dict`` →
    ``dict[Key, Any]``, ``Map`` → ``Map<string, Node>``)? A generic named bare leaves its arguments
    unknown (PEP 484: each is ``Any``): the same value comes back, stated more or less precisely.
    Arguments that change (``list[int]`` → ``list[str]``) are a change, and so is an array (``int``
    → ``int[]``): empty brackets are no arguments."""
    one, two = _SPACES.sub("", a), _SPACES.sub("", b)
    bare, written = sorted((one, two), key=len)
    if not bare or "[" in bare or "<" in bare or not written.startswith(bare) or len(written) < len(bare) + 3:
        return False
    opening, inside, closing = written[len(bare)], written[len(bare) + 1], written[-1]
    return (opening, closing) in (("[", "]"), ("<", ">")) and inside not in "]>"


def _profile(lines: list[str], name: str, signature: str, spec: LanguageSpec) -> _Profile:
    decorators, rest = split_decorators(lines, spec.decorator_prefix)
    wanted = _SPACES.sub("", signature)
    decorated = "".join(_SPACES.sub("", d) for d in decorators)
    if decorated and wanted.startswith(decorated):
        wanted = wanted[len(decorated) :]  # the extractor's signature may include decorators
    header, body_lines = _split_header(rest, len(wanted))
    before_name, params, result, declared = _split_signature(header, name, spec.raise_keywords)
    returns: set[str] = set()
    raises: set[str] = set()
    exits: set[str] = set()
    body: list[str] = []
    body_row = len(lines) - len(body_lines)
    nested = nested_function_lines(spec, lines, body_row)  # a closure's return is its own
    for row, line in enumerate(body_lines, body_row):
        line = line.rstrip()
        if not line.strip():
            continue
        first = _first_word(line)
        if first in spec.return_keywords and row not in nested:
            returns.add(_returned_form(line.strip(), first, spec))
            exits.add(line.strip())
        elif first in spec.raise_keywords:
            raises.add(_raised_form(line.strip(), first))
            exits.add(line.strip())
        else:
            body.append(line)
            inner = _inner_exit(line, spec)
            if inner is not None and (row not in nested or inner[0] not in spec.return_keywords):
                # ``if x: return None``, ``} else { throw new E(); }``
                keyword, statement = inner
                kept = returns if keyword in spec.return_keywords else raises
                form = _returned_form if keyword in spec.return_keywords else _raised
                kept.add(form(statement, keyword, spec))
    if spec.returned_values is not None:  # returned without the keyword: the same forms
        keyword = spec.return_keywords[0]
        returns.update(_returned_form(f"{keyword} {v}", keyword, spec) for v in spec.returned_values("\n".join(lines)))
    return _Profile(
        tuple(_SPACES.sub(" ", d).strip() for d in decorators),
        before_name,
        params,
        result,
        declared,
        frozenset(returns),
        frozenset(raises),
        tuple(body),
        frozenset(exits),
    )


_QUOTES = ("'", '"', "`")
_OPENERS = "[{("


def _returned_form(statement: str, keyword: str, spec: LanguageSpec) -> str:
    """A return statement's form: the keyword and, per top-level part of what it returns, the
    kind of value a caller receives."""
    rest = statement[len(keyword) :].strip().rstrip(";").strip()
    if not rest:
        return keyword
    return keyword + " " + ", ".join(_value_form(part.strip(), spec) for part in top_level_split(rest))


def _value_form(text: str, spec: LanguageSpec) -> str:
    if not text:
        return ""
    operands = _operands(text, spec)
    if operands != [text]:  # a || b: either one's form (the forms of each, joined)
        return "|".join(sorted({_value_form(o, spec) for o in operands}))
    if text in spec.null_types or text in spec.value_forms:
        return text
    word = _WORDS.match(text)
    if word is not None and word.group() in spec.value_forms:
        return word.group()  # Some(x), Err(e): the variant a caller matches on
    if text[:1] in _QUOTES or (word is not None and text[word.end() : word.end() + 1] in _QUOTES):
        return "string"  # a prefixed string too: f"…", b'…', r"…"
    if text[:1].isdigit() or (text[:1] == "-" and text[1:2].isdigit()):
        return "number"
    if text[:1] == "(" and _matching(text, 0) == len(text) - 1:
        inner = list(top_level_split(text[1:-1]))
        if len(inner) == 1:  # parentheses around one value: that value
            return _value_form(inner[0].strip(), spec)
    if text[:1] == "(" and _matching(text, 0) < len(text) - 1:
        # ``(v) => …`` (a function), a cast ``(T) x``, a call or member of a group ``(f)(x)``,
        # ``(a or b).c``: the group is not the value returned.
        return "value"
    if text[:1] in _OPENERS:
        return text[0]
    if word is not None and word.group() == "new":
        constructed = _WORDS.match(text[word.end() :].strip())
        return "new " + (constructed.group() if constructed else "")
    return "value"


_NOT_ASSIGNMENT = frozenset("=!<>+-*/%&|^?~")  # before ``=``: a comparison or a compound assignment


def _operands(text: str, spec: LanguageSpec) -> list[str]:
    """The operands of the top-level operators whose value is one of them (``a || b``: a and b;
    the spec's ``operand_operators``), or the right side of a top-level assignment (whose value it
    is); ``[text]`` when there is none, or when the text is a function (``x => x || 1``)."""
    ops, assign = spec.operand_operators, spec.assignment_operator
    parts: list[str] = []
    depth, last, i, quote = 0, 0, 0, ""
    while (ops or assign) and i < len(text):
        ch = text[i]
        if quote:
            i += 2 if ch == "\\" else 1
            quote = "" if ch == quote else quote
            continue
        if ch in _QUOTES:
            quote = ch
        elif ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
        elif depth == 0 and text.startswith("=>", i):
            return [text]
        elif depth == 0 and (op := next((o for o in ops if text.startswith(o, i)), None)):
            parts.append(text[last:i])
            i = last = i + len(op)
            continue
        elif depth == 0 and not parts and assign and text.startswith(assign, i) and _assigns(text, i):
            right = text[i + len(assign) :].strip()
            return _operands(right, spec) if right else [text]
        i += 1
    if not parts:
        return [text]
    return [p.strip() for p in (*parts, text[last:]) if p.strip()]


def _assigns(text: str, i: int) -> bool:
    """Is the ``=`` at ``i`` an assignment, not part of ``==``, ``<=``, ``=>``, ``+=``?"""
    return text[i - 1 : i] not in _NOT_ASSIGNMENT and text[i + 1 : i + 2] not in ("=", ">")


@lru_cache(maxsize=32)
def _exit_pattern(keywords: tuple[str, ...]) -> re.Pattern[str]:
    # A statement keyword after what may end a condition or open a block on the same line.
    words = "|".join(re.escape(k) for k in keywords)
    return re.compile(rf"(?:[;{{}}:)]|(?<![\w$])else)\s*({words})(?![\w$])")


def _inner_exit(line: str, spec: LanguageSpec) -> tuple[str, str] | None:
    """A return or raise statement that does not open its line (after a condition, a label or a
    brace on the same line): its keyword and its text up to the statement's end."""
    found = _exit_pattern(spec.return_keywords + spec.raise_keywords).search(line)
    if found is None:
        return None
    statement = line[found.start(1) :].split(";", 1)[0].rstrip("} ").strip()
    return found.group(1), statement


def _raised(statement: str, keyword: str, spec: LanguageSpec) -> str:
    return _raised_form(statement, keyword)


def _raised_form(statement: str, keyword: str) -> str:
    """A raise statement's form: the exception it names (``new`` skipped), or a re-raise."""
    words = _WORDS.findall(statement[len(keyword) :])
    if words[:1] == ["new"]:
        words = words[1:]
    return keyword + (" " + words[0] if words else "")


def _meant(decorators: tuple[str, ...], spec: LanguageSpec) -> str:
    """The decorator lines as one text, without the annotations the compiler discards."""
    text = " ".join(decorators)
    if spec.source_only_annotations:
        text = _source_only(spec.decorator_prefix, spec.source_only_annotations).sub(" ", text)
    return " ".join(text.split())


@lru_cache(maxsize=16)
def _source_only(prefix: str, names: tuple[str, ...]) -> re.Pattern[str]:
    # The name, then its arguments when given (one level of nested brackets: {"a", "b"}; Rust's
    # `= "text"` form), then the bracket a prefix that opens one leaves to close (Rust's `#[…]`).
    alternatives = "|".join(re.escape(n) for n in names)
    arguments = r'(?:\s*\((?:[^()]|\([^()]*\))*\)|\s*=\s*"(?:[^"\\]|\\.)*")?'
    closer = r"\s*\]" if prefix.endswith("[") else ""
    return re.compile(rf"{re.escape(prefix)}\s*(?:{alternatives})\b(?!\.){arguments}{closer}")


def split_decorators(lines: list[str], prefix: str) -> tuple[list[str], list[str]]:
    """Leading decorator/annotation lines (with their bracketed continuation lines)."""
    if not prefix:
        return [], lines
    i, depth = 0, 0
    while i < len(lines) and (depth > 0 or lines[i].strip().startswith(prefix)):
        depth = max(0, depth + sum(lines[i].count(c) for c in _OPEN) - sum(lines[i].count(c) for c in _CLOSE))
        i += 1
    return [line for line in lines[:i] if line.strip()], lines[i:]


def _split_header(lines: list[str], size: int) -> tuple[str, list[str]]:
    """Cut the first ``size`` non-space characters (the signature) off ``lines``."""
    parts: list[str] = []
    got = 0
    for i, line in enumerate(lines):
        count = len(line) - sum(1 for c in line if c.isspace())
        if got + count <= size:
            parts.append(line)
            got += count
            if got == size:
                return " ".join(parts), lines[i + 1 :]
            continue
        cut, seen = 0, got
        while cut < len(line) and seen < size:
            seen += not line[cut].isspace()
            cut += 1
        parts.append(line[:cut])
        return " ".join(parts), [line[cut:], *lines[i + 1 :]]
    return " ".join(parts), []


def words_before(signature: str, name: str) -> tuple[str, ...]:
    """A header's words before the symbol's name (modifiers, ``async``, a declared type)."""
    return _split_signature(signature, name, ())[0]


def _split_signature(header: str, name: str, raise_words: tuple[str, ...]) -> tuple[tuple[str, ...], str, str, str]:
    """(words before the name, parameter list, text after it, declared raises)."""
    header = _SPACES.sub(" ", header).strip()
    match = re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", header) if name else None
    if match is None:
        return tuple(_WORDS.findall(header)), "", "", ""
    before = tuple(_WORDS.findall(header[: match.start()]))
    tail = header[match.end() :]
    opening = tail.find("(")
    params, after = tail, ""
    bare = _BARE_ARROW.match(tail)
    if bare is not None and (opening < 0 or opening > bare.end(2)):
        params = " ".join(x for x in ((bare.group(1) or "").strip(), f"({bare.group(2)})") if x)
        return before, params, _result_text(bare.group(3)), ""
    between = _BEFORE_PARAMS.fullmatch(tail[:opening]) if opening >= 0 else None
    if between is not None:
        close = _matching(tail, opening)
        # The `=` or `:` that binds a function to the name, and the `function` keyword, are how it
        # is written, not what it takes (`function f(x)` and `const f = (x) =>` take the same);
        # generics and `async` are kept.
        kept = (between.group(g) for g in (1, 3, 5))
        params = " ".join([*(k.strip() for k in kept if k), tail[opening : close + 1]])
        after = tail[close + 1 :]
    for word in _WORDS.finditer(after):
        if word.group() in raise_words:
            return before, params.strip(), after[: word.start()].strip(), after[word.start() :].strip()
    return before, params.strip(), _result_text(after), ""


def _result_text(after: str) -> str:
    """The header's text after the parameters, without what opens the body: `{`, Python's `:`,
    and an arrow (`=> e`, C#'s expression-bodied `=>`), which opens it as `{` does."""
    return after.strip().rstrip("{").strip().removesuffix("=>").strip().rstrip(":").strip()


def _matching(text: str, opening: int) -> int:
    depth = 0
    for i in range(opening, len(text)):
        if text[i] in _OPEN:
            depth += 1
        elif text[i] in _CLOSE:
            depth -= 1
            if depth == 0:
                return i
    return len(text) - 1


def _first_word(line: str) -> str:
    match = _WORDS.match(line.strip())
    return match.group() if match else ""


def normal_lines(lines: Iterable[str]) -> list[str]:
    """Lines with trailing spaces and blank lines dropped: such edits change nothing."""
    return [line.rstrip() for line in lines if line.strip()]


def name_swapper(old: str, new: str) -> Callable[[str], str]:
    if not old or old == new:
        return lambda line: line
    pattern = re.compile(rf"(?<![\w$]){re.escape(old)}(?![\w$])")
    return lambda line: pattern.sub(new, line)
