"""The guarded JSON reader saves and action messages share (pillars_rules.saves.jsonguard):
its byte limits at the boundary, each refusal in the caller's error type and
wording, and the caller's number hooks."""

from __future__ import annotations

import pytest
from compiled.support import module_doctests

from pillars_rules.errors import ConfigError, IllegalActionError, SaveError
from pillars_rules.saves import jsonguard
from pillars_rules.saves.jsonguard import GuardedJson, JsonWords

# every template names its case, so a message shows which one was chosen
WORDS = JsonWords(
    too_many_bytes="too_many_bytes {size}>{limit}",
    not_utf8="not_utf8 {reason}@{start}",
    not_text="not_text {kind}",
    too_large="too_large {limit}",
    duplicate_key="duplicate_key {key!r}",
    not_json="not_json {msg} {line}:{column}",
    too_deep="too_deep",
    unreadable="unreadable {text:.30}|{shown}",
)
LIMIT = 128


def _refusal(read: GuardedJson, data: object) -> str:
    with pytest.raises(SaveError) as info:
        read(data)
    return str(info.value)


@pytest.fixture
def read() -> GuardedJson:
    return GuardedJson(limit=LIMIT, error=SaveError, words=WORDS)


def test_module_doctest():
    result = module_doctests(jsonguard)  # the compiled build: the source's examples
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("make", [str, str.encode, lambda s: bytearray(s.encode())])
def test_limit_is_inclusive(read, make):
    fits = '"' + "x" * (LIMIT - 2) + '"'
    assert read(make(fits)) == "x" * (LIMIT - 2)
    over = '"' + "x" * (LIMIT - 1) + '"'
    want = f"too_large {LIMIT}" if make is str else f"too_many_bytes {LIMIT + 1}>{LIMIT}"
    assert _refusal(read, make(over)) == want


@pytest.mark.parametrize("char, size", [("é", 2), ("€", 3), ("😀", 4), ("\ud800", 3)])
def test_limit_counts_utf8_bytes_not_characters(read, char, size):
    """Text is measured in UTF-8 bytes (a lone surrogate as the 3 bytes it would take)."""
    n = (LIMIT - 2) // size
    assert read('"' + char * n + '"') == char * n
    assert _refusal(read, '"' + char * (n + 1) + '"') == f"too_large {LIMIT}"


def test_short_text_is_measured_too():
    """Text of more than a quarter of the limit in characters is encoded to be measured."""
    quarter = GuardedJson(limit=4 * 10, error=SaveError, words=WORDS)
    assert _refusal(quarter, "😀" * 11) == "too_large 40"  # 11 characters, 44 bytes
    assert quarter(" " * 38 + "[]") == []  # 40 characters, 40 bytes


@pytest.mark.parametrize(
    "data, want",
    [
        (b'["\xff"]', "not_utf8 invalid start byte@2"),
        ("x" * 5, "not_json Expecting value 1:1"),
        ('{"a": 1,\n"a": 2}', "duplicate_key 'a'"),
        ('{"' + "k" * 50 + '": 1, "' + "k" * 50 + '": 2}', f"duplicate_key {'k' * 40!r}"),
        ("[" * 60, "not_json Expecting value 1:61"),
        ("\ufeff[]", "not_json Unexpected UTF-8 BOM (decode using utf-8-sig) 1:1"),
        (3, "not_text int"),
        (None, "not_text NoneType"),
        (type("Text", (str,), {})("[]"), "not_text Text"),
        (memoryview(b"[]"), "not_text memoryview"),
    ],
)
def test_each_refusal_has_its_wording(read, data, want):
    assert _refusal(read, data) == want


def test_deep_nesting_and_unconvertible_numbers():
    read = GuardedJson(limit=10**6, error=SaveError, words=WORDS)
    assert _refusal(read, "[" * 100_000) == "too_deep"
    message = _refusal(read, "9" * 5000)  # more digits than Python converts
    assert message.startswith("unreadable Exceeds the limit (4") and "|'Exceeds" in message


def test_the_callers_error_type_and_hooks():
    def refuse(reason: str) -> IllegalActionError:
        return IllegalActionError(f"bad: {reason}")

    def small_int(text: str) -> int:
        if len(text) > 3:
            raise ConfigError(f"{text} is too long")  # any PillarsError goes to the caller unchanged
        return int(text)

    def no_constant(text: str):
        raise refuse(f"{text} is not allowed")

    read = GuardedJson(limit=LIMIT, error=refuse, words=WORDS, parse_int=small_int, parse_constant=no_constant)
    assert read('[1, 2.5, 999, "x"]') == [1, 2.5, 999, "x"]
    with pytest.raises(ConfigError, match="^1000 is too long$"):
        read("[1000]")
    with pytest.raises(IllegalActionError, match="^bad: NaN is not allowed$"):
        read('{"n": NaN}')
    with pytest.raises(IllegalActionError, match="^bad: duplicate_key 'n'$"):
        read('{"n": 1, "n": 1}')
    with pytest.raises(IllegalActionError, match=f"^bad: too_large {LIMIT}$"):
        read(" " * (LIMIT + 1))
    # without hooks, the decoder's own: large integers and the constants are values
    plain = GuardedJson(limit=LIMIT, error=refuse, words=WORDS)
    assert plain("[1000, Infinity]") == [1000, float("inf")]


def test_malformed_json_is_always_the_callers_error(read):
    for data in ["[", "]", '{"a"}', "[1,]", "\x00", "tru", "-", "01", '{"a": [}']:
        with pytest.raises(SaveError, match="^not_json "):
            read(data)
