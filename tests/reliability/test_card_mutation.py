"""Card files from strangers: Hypothesis mutates the base card files; the
compiler answers only with ``CardError`` diagnostics (file, line, column,
message), never another exception, and stays fast on huge or deep input.

This is the quick slice; ``tools/slow_run.py`` / ``pytest -m slow`` compile
10**4 mutants and measure time per KB as files grow. Defects found are
pinned, fixed, in ``test_fixed_card_bugs.py``.
"""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules.cardlang import compile_text, load_paths
from pillars_rules.cardlang.diagnostics import (
    MAX_CARDS_PER_FILE,
    MAX_DIAGNOSTICS,
    MAX_FILE_BYTES,
    MAX_NAME_LENGTH,
    MAX_NESTING,
    MAX_NUMBER,
    MAX_TITLE_LENGTH,
)

from .fuzzlib import _MUTATIONS, BASE_CARD_FILES, compile_checked, mutate_cards

_FILES = [p.read_text(encoding="utf-8") for p in BASE_CARD_FILES]
#: Each base file, and all of them as one text (events refer to craftsmen).
BASE_TEXTS = _FILES + ["\n".join(_FILES)]


def test_base_files_compile():
    assert len(_FILES) >= 4
    assert compile_checked(BASE_TEXTS[-1]) == "ok"
    assert len(load_paths(BASE_CARD_FILES)) == len(pr.cardlang.base_cards())


#: A mutation plan: which base file, then (operation, seed) pairs applied in order.
plans = st.tuples(
    st.integers(0, len(BASE_TEXTS) - 1),
    st.lists(st.tuples(st.integers(0, len(_MUTATIONS) - 1), st.integers(0, 2**32 - 1)), min_size=1, max_size=4),
)


def apply_plan(plan) -> str:
    file_index, steps = plan
    text = BASE_TEXTS[file_index]
    for op, seed in steps:
        text = _MUTATIONS[op](random.Random(seed), text)
    return text


@given(plans)
def test_hypothesis_mutated_base_files(plan):
    compile_checked(apply_plan(plan))


@given(plans)
def test_mutated_fan_cards_against_the_base_set(plan):
    compile_checked(apply_plan(plan), known=pr.cardlang.base_cards())


def test_random_mutants_quick_slice():
    rng = random.Random(7)
    outcomes = [compile_checked(mutate_cards(rng, rng.choice(BASE_TEXTS))) for _ in range(150)]
    assert outcomes.count("error") > 90 and outcomes.count("ok") > 0


@given(st.binary(max_size=2000))
def test_card_file_of_arbitrary_bytes(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("cards") / "junk.cards"
    path.write_bytes(raw)
    try:
        load_paths([path])
    except pr.CardError as exc:
        assert exc.diagnostics and all(d.message for d in exc.diagnostics)


def test_invalid_utf8_file_is_a_diagnostic(tmp_path):
    path = tmp_path / "bad.cards"
    path.write_bytes(BASE_TEXTS[0].encode("utf-8")[:100] + b"\xff\xfe" + b"event")
    with pytest.raises(pr.CardError, match="UTF-8"):
        load_paths([path])


# ------------------------------------------------------------------ limits
def _diagnostics(text: str) -> list:
    with pytest.raises(pr.CardError) as info:
        compile_text(text, "limits.cards")
    return list(info.value.diagnostics)


def test_file_size_limit_is_checked_before_parsing():
    big = "#" * MAX_FILE_BYTES + "\n" + "{" * 1000
    ds = _diagnostics(big)
    assert len(ds) == 1 and "too large" in ds[0].message
    ds = _diagnostics("é" * (MAX_FILE_BYTES // 2 + 1))  # counted in UTF-8 bytes
    assert len(ds) == 1 and "too large" in ds[0].message


def test_nesting_limit():
    nested = "choose one (" * (MAX_NESTING + 1)
    ds = _diagnostics(f'event deep "Deep" {{ now: {nested} gain 1 gold {")" * (MAX_NESTING + 1)} }}')
    assert any("nested too deeply" in d.message for d in ds)
    for depth in (100, 10_000, 100_000):
        ds = _diagnostics("{" * depth)
        assert any("nested too deeply" in d.message for d in ds)
        ds = _diagnostics('event x "X" { now: ' + "choose one (" * depth)
        assert ds


@pytest.mark.parametrize("number", [MAX_NUMBER + 1, 10**30, "9" * 5000, -(MAX_NUMBER + 1)])
def test_number_limit(number):
    ds = _diagnostics(f'event gift "Gift" {{ now: gain {number} gold }}')
    assert len(ds) == 1 and str(MAX_NUMBER) in ds[0].message


def test_name_and_card_count_limits():
    ds = _diagnostics(f'event {"a" * (MAX_NAME_LENGTH + 1)} "Gift" {{ now: gain 1 gold }}')
    assert any("too long" in d.message for d in ds)
    ds = _diagnostics(f'event gift "{"A" * (MAX_TITLE_LENGTH + 1)}" {{ now: gain 1 gold }}')
    assert any("too long" in d.message for d in ds)
    many = "".join(f'event e{i} "E" {{ now: gain 1 gold }}\n' for i in range(MAX_CARDS_PER_FILE + 5))
    ds = _diagnostics(many)
    assert any("too many cards" in d.message for d in ds)


def test_diagnostics_are_capped():
    ds = _diagnostics("craftsman\n" * 5000)
    assert len(ds) == MAX_DIAGNOSTICS + 1 and "more errors" in ds[-1].message


def test_a_1mb_file_is_answered_quickly():
    # generous: measured ~0.7 s on a laptop; the slow run records time per KB
    text = (BASE_TEXTS[0] * (MAX_FILE_BYTES // len(BASE_TEXTS[0]) + 1))[: MAX_FILE_BYTES - 10]
    start = time.perf_counter()
    with pytest.raises(pr.CardError):
        compile_text(text)
    assert time.perf_counter() - start < 5
