"""Words out of code and prose, the same way for the index and for a query.

An identifier is split at underscores, dashes, dots, case changes and digits
(``parseHTTPResponse2`` → parse, http, response, 2) and each word is lowercased
and reduced by a short suffix stripper (``tests`` → test, ``caching`` → cach is
not wanted, so only a few safe suffixes go). The whole identifier, lowercased,
is kept as a term too: a query that names ``get_records`` exactly should find
the symbol of that name far above everything that merely contains "get" or
"records", and BM25's inverse document frequency does that by itself once the
whole name is a term. Stop words are English glue plus the few keywords every
Python file repeats; they carry no signal in either direction.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

# A run of identifier characters; dots and slashes separate (paths, dotted names).
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+")
# Split points inside an identifier: lower→Upper, ACRONYMWord, letter→digit.
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")

STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "been",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "done",
        "for",
        "from",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "no",
        "nor",
        "not",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "also",
        "however",
        "may",
        "might",
        "must",
        "shall",
        "yet",
        "get",
        "got",
        "any",
        "all",
        "each",
        "both",
        "few",
        "here",
        "now",
        "use",
        "used",
        "using",
        "like",
        "want",
        "one",
        "two",
        "way",
        "make",
        "made",
        "see",
        "e",
        "g",
        "eg",
        "ie",
        "etc",
        "self",
        "cls",
        "def",
        "return",
        "none",
        "true",
        "false",
        "class",
        "import",
        "pass",
        "elif",
        "else",
        "lambda",
    ]
)

# Suffixes stripped, longest first; a stem keeps at least three letters.
_SUFFIXES = ("ations", "ation", "ings", "ing", "ies", "ied", "ers", "er", "es", "ed", "ly", "s")
# A short stem of consonant, vowel, consonant (not w, x or y) lost a final e to its suffix.
_SHORT = re.compile(r"[^aeiou][aeiouy][^aeiouwxy]")


def stem(word: str) -> str:
    """A light suffix stripper: enough to meet 'tests'/'test', 'parsing'/'parse', 'caching'/'cache'."""
    if len(word) <= 3 or not word.isalpha():
        return word
    base = word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if suffix in ("ation", "ations"):
                # 'validation' meets 'validate'; 'serialization' meets 'serialize'
                base = base if base.endswith(("iz", "is")) else base + "at"
            elif suffix == "ies":
                base += "y"
            elif suffix == "s" and base.endswith(("s", "u", "i")):
                base = word  # 'class', 'status', 'analysis' keep their s
            elif suffix == "es" and not base.endswith(("ss", "sh", "ch", "x", "z")):
                base = word[:-1]  # 'types' → 'type', but 'classes' → 'class'
            elif suffix in ("ing", "ings", "ed", "er", "ers"):
                if len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
                    base = base[:-1]  # 'running' → 'run', but 'called' → 'call', 'added' → 'add'
                elif len(base) == 3 and _SHORT.fullmatch(base):
                    base += "e"  # 'typed' → 'type', 'named' → 'name', but 'added' → 'add'
            break
    # A final e goes too, so that 'parse', 'parsed' and 'parsing' meet; a word of four letters keeps
    # it, so that 'mode' does not become 'mod' nor 'note' 'not'.
    return base[:-1] if base.endswith("e") and len(base) > 4 else base


def topical(term: str) -> bool:
    """Whether a term can name a topic: not one letter ('x'), not a number ('1', a version's parts)."""
    return len(term) > 1 and not term.isdigit()


def split_identifier(identifier: str) -> list[str]:
    """``HTTPResponse_code2`` → ['http', 'response', 'code', '2'] (lowercased, unstemmed)."""
    words: list[str] = []
    for chunk in re.split(r"[_\-.\s/:]+", identifier):
        words.extend(w.lower() for w in _CAMEL.findall(chunk))
    return words


def identifier_terms(identifier: str) -> Iterator[str]:
    """The terms of one identifier: its stemmed words, and the whole name when it has parts."""
    words = split_identifier(identifier)
    for w in words:
        if w not in STOP_WORDS:
            yield stem(w)
    whole = identifier.strip("_").lower()
    if len(words) > 1 and whole and whole not in STOP_WORDS:
        yield whole


def text_terms(text: str) -> Iterator[str]:
    """Terms of free text (a docstring, a question): every identifier-like word, split and whole."""
    for token in WORD.findall(text):
        yield from identifier_terms(token)


def path_terms(path: str) -> Iterator[str]:
    """Terms of a file path: its directory and file names without the extension."""
    parts = path.split("/")
    parts[-1] = parts[-1].rsplit(".", 1)[0]
    for part in parts:
        yield from identifier_terms(part)


def count(terms: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in terms:
        out[t] = out.get(t, 0) + 1
    return out
