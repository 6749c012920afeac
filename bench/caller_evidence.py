"""Whether a call on a value names the changed method or another definition of the same name:
the receiver and edit rules of the caller-update truth (v4; bench/caller_truth.py has the rest).

A call ``x.name(...)`` on a value (not ``self``/``this``, not a module, package or class bound by
an import) is found by its name. When the repository defines no other ``name`` that the call could
mean, the name is the evidence and the call is kept. When it does, the call is **ambiguous**, and
only evidence from the text decides; the tool's own resolution is never asked (the truth must stay
independent of what it measures):

* **family**: a definition in the changed method's class, in one of its ancestors, in a class
  whose header names the changed class (a subclass), or in an interface, trait, protocol or
  abstract declaration, is one the call may dispatch through: it is not another definition.
* **receiver names the class**: the function the call is in (else the file: a field) declares
  the receiver's type or constructs it (a variable, or ``self.x``/``this.x`` and the field ``x``) (``ParserA p``, ``p: ParserA``, ``p *ParserA``, ``p = ParserA(…)``, ``new
  ParserA(…)``, ``ParserA::new(…)``); else the receiver's last identifier, lower-cased without ``_``, equals
  or ends a class name (``http_client`` → ``AsyncHTTPClient``, ``tx.callbacks`` → ``callbacks``)
  or is that class's name itself (``Type::f``, ``Foo.bar()``). If it names only the changed
  method's classes the call is kept; if it names only other classes it is dropped
  (``receiver-names-other``).
* **the edit mirrors the change**: otherwise the call is kept only when its edit mirrors the
  changed definition's parameter change — the argument count moved the way the parameter count
  did, or a keyword argument named after an added (removed) parameter was added (removed) on the
  call's line — and no other definition of the name changed its signature in the same commit
  (then the edit would mirror either). Else the call is dropped as ``ambiguous``.

* **arity**: in a language where a call passes exactly the declared parameters (Go, Rust), a
  call whose argument count is not the changed definition's new parameter count is not its call
  (``rows.ColumnTypes()`` is ``sql.Rows``', not the one-parameter method that changed).

The dropped calls are recorded with their reason (``Case.dropped``), so the cases they remove can
be counted apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from diffreach.model import FileExtract, Ref

SELF_WORDS = frozenset({"self", "this", "cls", "Self", "@"})
# A declaration that dispatches to implementations: a call through it may run the changed method.
DISPATCH_HEADER = re.compile(r"\b(interface|trait|protocol|Protocol|abstract|ABC)\b")
RECEIVER_WORD = re.compile(r"[A-Za-z_]\w*")
NOT_PARAMS = frozenset({"self", "cls", "this", "mut", "const", "final", "var", "val", "let", "ref"})


@dataclass(frozen=True)
class Definition:
    """A function or method of some name at the commit: where, in which class (its simple name
    and header, "" for a function), and whether the commit changed its signature."""

    path: str
    owner: str
    header: str = ""
    changed: bool = False


@dataclass(frozen=True)
class ParamChange:
    """How a changed definition's parameters moved: counts before and after, names added and
    removed (``self``/``cls``/``this`` left out)."""

    before: int = -1
    after: int = -1
    added: frozenset[str] = frozenset()
    removed: frozenset[str] = frozenset()
    variadic: bool = False  # the new list ends in ``...T`` (Go) or is not plainly countable
    has_self: bool = False  # Rust: the new list starts with a ``self`` receiver


@dataclass
class Evidence:
    """What the receiver rule reads at the commit: ``definitions(name, language)`` lists the
    repository's definitions of a name (the changed ones included)."""

    definitions: Callable[[str, str], list[Definition]]
    _cache: dict[tuple[str, str], list[Definition]] = field(default_factory=dict)

    def of(self, name: str, language: str) -> list[Definition]:
        key = (name, language)
        if key not in self._cache:
            self._cache[key] = self.definitions(name, language)
        return self._cache[key]


def _param_list(signature: str, name: str) -> str | None:
    """The text between the parentheses of the parameter list that follows ``name``."""
    at = signature.find(name)
    start = signature.find("(", at if at >= 0 else 0)
    if start < 0:
        return None
    depth = 0
    for i in range(start, len(signature)):
        depth += {"(": 1, ")": -1}.get(signature[i], 0)
        if depth == 0:
            return signature[start + 1 : i]
    return signature[start + 1 :]  # a signature cut before its close: what there is


def _split_top(text: str) -> list[str]:
    parts, depth, cur = [], 0, ""
    for i, ch in enumerate(text):
        arrow = ch == ">" and i > 0 and text[i - 1] in "-="  # ``->``, ``=>``: not a bracket
        depth += 0 if arrow else {"(": 1, "[": 1, "{": 1, "<": 1, ")": -1, "]": -1, "}": -1, ">": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    return [p.strip() for p in [*parts, cur] if p.strip()]


def params(signature: str, name: str) -> tuple[int, set[str]]:
    """The parameter count and names of a definition's signature (-1: no list found)."""
    text = _param_list(signature, name)
    if text is None:
        return -1, set()
    names: set[str] = set()
    count = 0
    for part in _split_top(text):
        if part.lstrip("&").removeprefix("mut ").strip() in NOT_PARAMS or part in ("*", "/"):
            continue  # Python's self/cls and markers, Rust's self receivers: not arguments
        head = part.split("=", 1)[0]
        head = head.split(":", 1)[0] if ":" in head and "::" not in head else head
        count += 1
        names |= {w for w in RECEIVER_WORD.findall(head) if w not in NOT_PARAMS}
    return count, names


def param_change(old_signature: str, new_signature: str, name: str) -> ParamChange:
    before, old_names = params(old_signature, name)
    after, new_names = params(new_signature, name)
    text = _param_list(new_signature, name) or ""
    parts = _split_top(text)
    variadic = "..." in text or "*" in text.replace("*self", "")  # Go's ...T; Python's *args (not used)
    has_self = bool(parts) and parts[0].lstrip("&").removeprefix("mut ").strip() == "self"
    return ParamChange(
        before, after, frozenset(new_names - old_names), frozenset(old_names - new_names), variadic, has_self
    )


# Languages where a call passes exactly the parameters its function declares: no defaults, no
# overloads, no keyword arguments (Go; Rust, where a variadic function cannot be written).
EXACT_ARITY = frozenset({"go", "rust"})


def arity_refutes(language: str, ref: Ref, change: ParamChange, counts: list[int], text: str) -> bool:
    """Whether the call's argument count cannot call the changed definition (after the change):
    in a language of exact arity, a fixed parameter list of another length. A Rust call through
    a type path (``Type::m(x, …)``) passes the receiver too, and a closure's ``|a, b|`` is not
    counted: neither is judged."""
    if language not in EXACT_ARITY or change.after < 0 or change.variadic or "..." in text or "|" in text:
        return False
    if language == "rust" and (ref.receiver[:1].isupper() or "::" in ref.receiver or ref.receiver == "Self"):
        return False
    found = [ref.args] if ref.args >= 0 else counts
    return bool(found) and all(n != change.after for n in found)


def _norm(word: str) -> str:
    return word.replace("_", "").lower()


def _named_classes(receiver: str, classes: set[str]) -> set[str]:
    """The classes a receiver's last identifier names (``http_client`` names ``AsyncHTTPClient``)."""
    words = RECEIVER_WORD.findall(receiver.rsplit("(", 1)[0] if receiver.endswith(")") else receiver)
    if not words:
        return set()
    last = _norm(words[-1])
    if len(last) < 3:
        return {c for c in classes if c == words[-1]}
    exact = {c for c in classes if c and _norm(c) == last}
    return exact or {c for c in classes if c and _norm(c).endswith(last)}


def _declared_classes(var: str, text: str, classes: set[str]) -> set[str]:
    """The classes the text declares or constructs ``var`` as, in the forms the languages write:
    ``C var`` (Java, C#), ``var: C`` (Python, TypeScript, Rust, Kotlin), ``var *C``/``var C``
    (Go parameters and fields), ``var = C(…)``/``new C(…)``/``C::new(…)``/``&C{…}`` (a
    constructor)."""
    v = re.escape(var).replace(r"\.", r"\s*\.\s*")
    out = set()
    for c in classes:
        k = re.escape(c)
        forms = (
            rf"\b{k}\s*(<[^;(){{}}]*>)?\s*[*&]?\s+{v}\s*[,)=;:]",
            rf"\b{v}\s*:\s*[&*]?\s*(mut\s+)?(?:\w+(?:\.|::))*{k}\b",
            rf"\b{v}\s+\*?(?:\w+\.)?{k}\b",
            rf"\b{v}\s*:?=\s*(new\s+|&)?(?:\w+(?:\.|::))*{k}\s*(<[^;(){{}}]*>)?\s*(::\w+\s*)?[({{]",
        )
        if any(re.search(form, text) for form in forms):
            out.add(c)
    return out


def _family(
    defn: Definition, owners: set[str], ancestors: frozenset[str], supertypes: Callable[[str, str], set[str]]
) -> bool:
    if defn.owner in owners or defn.owner in ancestors:
        return True
    if DISPATCH_HEADER.search(defn.header):
        return True
    return bool(supertypes(defn.header, defn.owner) & owners)  # a subclass overriding it


def _receiver_vars(receiver: str) -> list[str]:
    """The names a receiver's type may be declared under: a variable (``p``), or an attribute of
    the instance (``self.items``: declared as ``self.items: T``/``self.items = T()`` or as the
    field ``T items;``/``items: T``)."""
    if RECEIVER_WORD.fullmatch(receiver):
        return [receiver]
    head, _, attr = receiver.partition(".")
    if head in SELF_WORDS and RECEIVER_WORD.fullmatch(attr):
        return [receiver, attr]
    return []


def _scope_text(fx: FileExtract, ref: Ref, text: str) -> str:
    """The lines of the symbol the call is in (the whole file at module level)."""
    sym = next((s for s in fx.symbols if s.id == ref.scope), None)
    if sym is None:
        return text
    return "\n".join(text.splitlines()[sym.start_line - 1 : sym.end_line])


def by_receiver(
    ref: Ref,
    fx: FileExtract,
    targets: list[tuple[str, str]],
    ancestors: frozenset[str],
    evidence: Evidence,
    supertypes: Callable[[str, str], set[str]],
    text: str = "",
) -> str | None:
    """For a call on a value of a name the change defines (``targets``: (path, owner) of the
    changed definitions): None when the call is kept, ``receiver-names-other`` when dropped, or
    ``edit`` when only the edit can decide (``mirrors`` then)."""
    if not ref.receiver or ref.receiver in SELF_WORDS or not all(owner for _, owner in targets):
        return None  # bare calls and functions: the visibility rules' business
    head = RECEIVER_WORD.match(ref.receiver)
    if head is not None and any(imp.alias == head.group(0) for imp in fx.imports):
        return None  # module- or import-qualified: the other-module rule's business
    owners = {owner for _, owner in targets}
    mine = set(targets)
    others = {
        d.owner
        for d in evidence.of(ref.name, fx.language)
        if (d.path, d.owner) not in mine and d.owner and not _family(d, owners, ancestors, supertypes)
    }
    if not others:
        return None
    named = set()
    for var in _receiver_vars(ref.receiver):  # in the function, else the file (fields, package vars)
        named = named or _declared_classes(var, _scope_text(fx, ref, text), owners | others)
        named = named or _declared_classes(var, text, owners | others)
    named = named or _named_classes(ref.receiver, owners | others)
    if named and named <= owners:
        return None
    if named and not named & owners:
        return "receiver-names-other"
    return "edit"


def text_args(lines: list[str], line: int, name: str, span: int = 30) -> list[int]:
    """The argument counts of the calls of ``name`` written on ``line`` (1-based), read from the
    text (a call may continue on the next ``span`` lines): for extractors that count none."""
    text = "\n".join(lines[line - 1 : line - 1 + span])
    first = len(lines[line - 1]) if 0 < line <= len(lines) else 0
    out = []
    for m in re.finditer(rf"\b{re.escape(name)}\s*(?:<[^()]*>|\[[^()]*\])?\s*\(", text):
        if m.start() > first:
            break
        inner = _param_list(text[m.end() - 1 :], "")
        out.append(len(_split_top(inner or "")))
    return out


def mirrors(
    change: ParamChange,
    old_calls: list[Ref],
    new_calls: list[Ref],
    old_text: str,
    new_text: str,
    counted: tuple[list[int], list[int]] = ([], []),
) -> bool:
    """Whether one call site's edit mirrors the definition's parameter change: its argument count
    moved the same way, or a keyword named after an added (removed) parameter appeared on (left)
    the call's lines."""
    moved = (change.after > change.before) - (change.after < change.before)
    if change.before >= 0 and change.after >= 0 and moved:
        olds = [r.args for r in old_calls if r.args >= 0] or counted[0]
        news = [r.args for r in new_calls if r.args >= 0] or counted[1]
        if any((n > o) - (n < o) == moved for o in olds for n in news):
            return True

    def keywords(text: str) -> set[str]:
        return set(re.findall(r"\b([A-Za-z_]\w*)\s*=(?!=)", text))

    before, after = keywords(old_text), keywords(new_text)
    return bool((change.added & (after - before)) or (change.removed & (before - after)))


def filter_sites(
    hunks: list[tuple[list[int], list[int]]],
    hits: list[int],
    old_fx: FileExtract | None,
    new_fx: FileExtract | None,
    texts: tuple[bytes, bytes],
    changes: dict[str, list[ParamChange]],
    judge: Callable[[Ref, FileExtract], str | None],
) -> tuple[list[int], dict[int, str]]:
    """The edited call sites (new line numbers) whose calls of a changed name the receiver and
    edit rules keep; and the dropped lines → reason. ``judge`` is ``by_receiver`` bound to the
    case; ``changes`` the changed definitions' parameter changes by name."""
    if new_fx is None:
        return hits, {}
    old_lines = texts[0].decode("utf-8", "replace").splitlines()
    new_lines = texts[1].decode("utf-8", "replace").splitlines()
    kept: list[int] = []
    dropped: dict[int, str] = {}
    for n in hits:
        removed = next((r for r, added in hunks if n in added), [])
        calls = [r for r in new_fx.refs if r.line == n and r.kind == "call" and r.name in changes]
        reasons = []
        for ref in calls:
            verdict = judge(ref, new_fx)
            line_text = new_lines[n - 1] if n <= len(new_lines) else ""
            counted_new = text_args(new_lines, n, ref.name)
            if verdict in (None, "edit") and all(
                arity_refutes(new_fx.language, ref, c, counted_new, line_text) for c in changes[ref.name]
            ):
                verdict = "arity"
            if verdict == "edit":
                before = [r for r in (old_fx.refs if old_fx else ()) if r.line in removed and r.name == ref.name]
                old_text = "\n".join(old_lines[r.line - 1] for r in before if r.line <= len(old_lines))
                new_text = new_lines[n - 1] if n <= len(new_lines) else ""
                counted = (
                    [k for line in sorted({r.line for r in before}) for k in text_args(old_lines, line, ref.name)],
                    text_args(new_lines, n, ref.name),
                )
                ok = any(mirrors(c, before, [ref], old_text, new_text, counted) for c in changes[ref.name])
                verdict = None if ok else "ambiguous"
            if verdict is None:
                break
            reasons.append(verdict)
        else:
            if reasons:
                dropped[n] = ",".join(sorted(set(reasons)))
                continue
        kept.append(n)
    return kept, dropped
