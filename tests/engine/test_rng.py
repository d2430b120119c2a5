"""The chance streams (:mod:`pillars_rules.engine.rng`): ``draw`` is ``below`` on a fresh stream."""

from hypothesis import given, strategies as st

from pillars_rules.engine import rng

SEEDS = st.integers(0, rng.MAX_SEED)  # 64-bit seeds and the 128-bit ones (blake2b)


@given(SEEDS, st.integers(0, 10_000), st.integers(1, 12))
def test_draw_is_below_on_the_counters_stream_asked_once_or_again(seed, counter, n):
    want = rng.below(rng.stream(seed, counter), n)
    assert rng.draw(seed, counter, n) == want
    assert rng.draw(seed, counter, n) == want  # the stream's first number remembered


@given(SEEDS, st.integers(0, 10_000))
def test_draw_reads_on_when_the_first_number_is_rejected(seed, counter):
    # n just over 2**63 rejects about half of all numbers: both paths are taken
    n = (1 << 63) + 1
    assert rng.draw(seed, counter, n) == rng.below(rng.stream(seed, counter), n)


def test_a_rejected_first_number_is_read_past():
    n = (1 << 63) + 1
    limit = (1 << 64) - (1 << 64) % n
    seed = next(s for s in range(10_000) if next(rng.stream(s, 0)) >= limit)  # a stream whose first is rejected
    numbers = rng.stream(seed, 0)
    next(numbers)
    assert rng.draw(seed, 0, n) == next(x for x in numbers if x < limit) % n
