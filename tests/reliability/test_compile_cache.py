"""Card compiles are cached by their bytes, and large sets compile fast (issue #24, item 2).

Before: compiling the same 1 MiB file a second time in one process cost as
much as the first (2.4 s on a quiet machine), and every ``new_game`` and
``load`` of a fan set paid for it again, and for formatting every card to
hash the merged set. Now the second compile is a look-up, and a merged set
hashes the canonical texts its parts already made. Work is measured in
Python function calls (deterministic); times are for ``bench/cards.py``.
"""

from __future__ import annotations

import gc

import pytest

import pillars_rules as pr
from pillars_rules import cardlang
from pillars_rules.cardlang import cache
from pillars_rules.cardlang.cardset import card_set_identity
from pillars_rules.testing import count_calls as _calls

from .bigcards import dense_cards, nested_cards

FAN = "examples/fan_cards"


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


def test_the_same_bytes_are_compiled_once_per_process():
    text = dense_cards(120)
    base = cardlang.base_cards()
    first_work = _calls(lambda: cardlang.compile_text(text, "big.cards", known=base))
    first = cardlang.compile_text(text, "big.cards", known=base)
    again_work = _calls(lambda: cardlang.compile_text(text, "big.cards", known=base))
    assert cardlang.compile_text(text, "big.cards", known=base) is first
    assert again_work * 100 < first_work, (again_work, first_work)
    # anything that could change the result is part of the key
    assert cardlang.compile_text(text + "\n", "big.cards", known=base) is not first
    assert cardlang.compile_text(text, "other.cards", known=base) is not first  # positions name the file
    assert (
        cardlang.compile_text(text, "big.cards", known=base.merged(cardlang.load_paths([FAN], known=base))) is not first
    )


def test_a_cached_result_equals_a_fresh_compile():
    text = dense_cards(60)
    cached = cardlang.compile_text(text, "x.cards", known=cardlang.base_cards())
    cache.clear()
    fresh = cardlang.compile_text(text, "x.cards", known=cardlang.base_cards())
    assert fresh is not cached and fresh == cached and fresh.identity == cached.identity


def test_a_card_error_is_cached_and_raised_anew_each_time():
    text = 'event e "E" { now: gain 1 goldd }'
    with pytest.raises(pr.CardError) as one:
        cardlang.compile_text(text, "e.cards")
    with pytest.raises(pr.CardError) as two:
        cardlang.compile_text(text, "e.cards")
    assert one.value is not two.value and one.value.diagnostics == two.value.diagnostics
    assert cache.stats()["hits"] >= 1


def test_files_are_recompiled_when_their_bytes_change(tmp_path):
    path = tmp_path / "fan.cards"
    path.write_text('event gift "Gift" { now: gain 1 gold }', encoding="utf-8")
    one = cardlang.load_paths([path], known=cardlang.base_cards())
    assert cardlang.load_paths([path], known=cardlang.base_cards()) is one
    path.write_text('event gift "Gift" { now: gain 2 gold }', encoding="utf-8")
    two = cardlang.load_paths([path], known=cardlang.base_cards())
    assert two is not one and two["gift"] != one["gift"]


def test_the_cache_is_bounded_least_recent_first(monkeypatch):
    monkeypatch.setattr(cache, "MAX_ENTRIES", 2)
    texts = [f'event e "E" {{ now: gain {n} gold }}' for n in (1, 2, 3)]
    first = cardlang.compile_text(texts[0])
    cardlang.compile_text(texts[1])
    assert cardlang.compile_text(texts[0]) is first  # used again: now the most recent
    cardlang.compile_text(texts[2])  # evicts texts[1]
    assert cache.stats()["entries"] == 2 and cardlang.compile_text(texts[0]) is first
    monkeypatch.setattr(cache, "MAX_TEXT_BYTES", 10)  # too big to keep: compiled, not kept
    assert cardlang.compile_text(texts[1]) is not cardlang.compile_text(texts[1])


@pytest.mark.parametrize("enabled", [True, False])
def test_the_garbage_collector_is_paused_only_while_compiling(enabled, monkeypatch):
    """Half of a large compile was the collector's passes over objects that
    hold no cycles; it is paused for the compile and restored after, errors too."""
    from pillars_rules.cardlang import compiler

    during = []
    real = compiler._compile_all

    def spy(*args):
        during.append(gc.isenabled())
        return real(*args)

    monkeypatch.setattr(compiler, "_compile_all", spy)
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        cardlang.compile_text('event e "E" { now: gain 1 gold }')
        with pytest.raises(pr.CardError):
            cardlang.compile_text('event e "E" { now: gain 1 goldd }')
        assert during == [False, False] and gc.isenabled() is enabled
        nested = []
        with cache.no_gc():
            with cache.no_gc():
                nested.append(gc.isenabled())
            nested.append(gc.isenabled())
        assert nested == [False, False] and gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_a_merged_set_hashes_the_texts_its_parts_made():
    base = cardlang.base_cards()
    fan = cardlang.load_paths([FAN], known=base)
    replacing = cardlang.compile_text(
        'craftsman carpenter "Carpenter" { round start\n tags carpenter\n'
        " allows buy wood\n convert 3 wood -> 1 vp, capacity 4 }",
        known=base,
    )
    for merged in (base.merged(fan), base.merged(replacing), base.merged(fan).merged(replacing)):
        assert merged.identity == card_set_identity(merged.cards)  # computed afresh, card by card
    big = cardlang.compile_text(dense_cards(200), "big.cards", known=base)
    _ = big.identity  # computed once, before the counts
    work = _calls(lambda: base.merged(big).identity)
    fresh = _calls(lambda: card_set_identity(base.merged(big).cards))
    assert work * 20 < fresh, (work, fresh)


def test_new_game_and_load_of_a_large_set_pay_the_compile_once(tmp_path):
    path = tmp_path / "big.cards"
    path.write_text(dense_cards(300), encoding="utf-8")
    game = pr.new_game(players=3, seed=1, cards=[path])
    first = _calls(lambda: pr.new_game(players=3, seed=2, cards=[path]))
    text = pr.save(game)
    again = _calls(lambda: pr.load(text, cards=[path]))
    cache.clear()
    cold = _calls(lambda: pr.new_game(players=3, seed=3, cards=[path]))
    assert first * 10 < cold and again * 10 < cold, (first, again, cold)


def test_a_card_set_from_card_files_is_not_compiled_again_by_new_game(tmp_path):
    """Issue #34: ``new_game(cards=pr.load_cards(paths))`` formatted the whole set and
    compiled its text again to hold it to the limits (5 s for a 1 MiB file of nested
    choices, under load) although it came from card files; a set the card compiler
    made is now known to keep them, and only a set built from ``Card`` objects is checked."""
    path = tmp_path / "nested.cards"
    path.write_text(nested_cards(120), encoding="utf-8")
    cards = pr.load_cards([path])
    compiles = []
    real = cardlang.compile_text

    def counting(*args, **kwargs):
        compiles.append(1)
        return real(*args, **kwargs)

    import pillars_rules.cardlang as cl

    cl.compile_text = counting
    try:
        first = _calls(lambda: pr.new_game(players=3, seed=2, cards=cards))
        fans = pr.CardSet([c for c in cards if c.id.startswith("nest_")])
        pr.new_game(players=3, seed=2, cards=fans)  # its fan cards alone: the set compiled from the file
        assert compiles == []
        built = pr.CardSet(list(fans.cards)[:-1])  # a set of Card objects no compiler made
        pr.new_game(players=3, seed=2, cards=built)
        assert compiles == [1]
    finally:
        cl.compile_text = real
    assert first < 200_000, first


def test_a_full_memory_of_checked_sets_forgets_the_oldest_not_the_set_just_loaded(tmp_path):
    """The memory of sets known to keep the limits is bounded (64); when it is full
    a load's fan cards stay known with their merged set (it was cleared whole, so
    a load at the 64th entry forgot its own fan cards: a flaky recompile under xdist)."""
    from pillars_rules.games.pillars import setup as G

    base = pr.load_cards()
    G._CHECKED.clear()
    for i in range(63):
        G._CHECKED[(f"other{i}", base.identity)] = True
    path = tmp_path / "one.cards"
    path.write_text(nested_cards(2), encoding="utf-8")
    cards = pr.load_cards([path])
    fans = pr.CardSet([c for c in cards if c.id.startswith("nest_")])
    assert (fans.identity, base.identity) in G._CHECKED and (cards.identity, base.identity) in G._CHECKED
    assert len(G._CHECKED) == 64 and ("other0", base.identity) not in G._CHECKED
