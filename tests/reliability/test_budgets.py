"""Budgets that agree with each other (issue #10, item 2).

Whatever ``cards check`` accepts makes games whose saves ``load`` accepts:
card limits and save limits come from one module (``pillars_rules.limits``),
limits that can be known when cards are compiled are ``CardError``s with a
location, and play cannot grow without bound.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules import cardlang, limits
from pillars_rules.limits import (
    MAX_ABILITIES_PER_CARD,
    MAX_CARD_CHARS,
    MAX_CARDS,
    MAX_COUNT,
    MAX_EVENT_BYTES,
    MAX_FILE_BYTES,
    MAX_FILES,
    MAX_NUMBER,
)
from pillars_rules.pillars_json.codec import event_to_dict

ROOT = Path(__file__).resolve().parents[2]
HOARDER = 'craftsman hoarder "Hoarder" { round start convert -> 999 wood, capacity 999 }\n'


def _card_error(paths=None, text=None) -> pr.CardError:
    with pytest.raises(pr.CardError) as info:
        if text is not None:
            cardlang.compile_text(text, "x.cards", known=cardlang.base_cards())
        else:
            cardlang.load_paths(paths, known=cardlang.base_cards())
    return info.value


def _events(n: int, prefix: str) -> str:
    return "".join(f'event {prefix}_{i} "E{i}" {{ now: gain 1 gold }}\n' for i in range(n))


# ------------------------------------------------------------------ compile time
def test_twelve_files_of_a_thousand_cards_are_refused_at_the_first_card_over_the_limit(tmp_path):
    for f in range(12):
        (tmp_path / f"f{f:02}.cards").write_text(_events(1000, f"e{f}"), encoding="utf-8")
    error = _card_error([tmp_path])
    over = [d for d in error.diagnostics if "too many cards" in d.message]
    assert len(over) == 1, error.reason
    d = over[0]
    # the base set's cards count too: the first card past MAX_CARDS in file order
    first_over = MAX_CARDS - len(cardlang.base_cards())
    assert d.file.endswith(f"f{first_over // 1000:02}.cards") and d.line == first_over % 1000 + 1
    assert f"limit {MAX_CARDS}" in d.message


def _busy(triggers: int) -> str:
    body = "\n".join(["at cathedral: gain 1 gold"] * triggers)
    return f'event calm "Calm" {{ now: gain 1 gold }}\ncraftsman busy "Busy" {{ round 1\n cost 1 gold\n{body}\n}}\n'


def test_one_card_with_thirty_thousand_triggers_is_refused_before_it_is_parsed():
    error = _card_error(text=_busy(30_000))
    assert len(error.diagnostics) == 1
    d = error.diagnostics[0]
    assert (d.file, d.line, d.column) == ("x.cards", 2, 1)
    assert "card is too long" in d.message and f"limit {MAX_CARD_CHARS}" in d.message


def test_a_card_with_too_many_abilities_is_refused_at_the_first_one_over():
    error = _card_error(text=_busy(MAX_ABILITIES_PER_CARD + 1))
    d = error.diagnostics[0]
    assert "abilities" in d.message and f"limit {MAX_ABILITIES_PER_CARD}" in d.message
    assert (d.file, d.line) == ("x.cards", 4 + MAX_ABILITIES_PER_CARD)
    assert len(error.diagnostics) == 1
    cardlang.compile_text(_busy(MAX_ABILITIES_PER_CARD), known=cardlang.base_cards())  # at the limit


def test_the_hoarder_is_refused_at_its_numbers():
    error = _card_error(text=HOARDER)
    where = {(1, HOARDER.index("999") + 1), (1, HOARDER.rindex("999") + 1)}
    assert {(d.line, d.column) for d in error.diagnostics} == where
    assert all(f"from 1 to {MAX_NUMBER}" in d.message for d in error.diagnostics), error


def test_a_variant_counts_against_the_ability_limit_too():
    many = " ".join(["now: gain 1 gold"] * (MAX_ABILITIES_PER_CARD + 1))
    error = _card_error(text=f'event e "E" {{ now: gain 1 gold\n variant dm {{ {many} }} }}')
    assert "abilities" in error.reason and error.diagnostics[0].line == 2


def test_a_card_set_built_from_objects_is_held_to_the_same_limits():
    """Card objects skip the compiler; new_game compiles their canonical text."""
    import attrs

    from pillars_rules.cardlang.card import Card
    from pillars_rules.cardlang.cardset import CardSet
    from pillars_rules.cardlang.effects import Amount, Convert

    hoarder = Card("hoarder", "craftsman", "Hoarder", abilities=(Convert((), (Amount("wood", 999),), 999),))
    with pytest.raises(pr.CardError) as info:
        pr.new_game(players=2, cards=CardSet((hoarder,)))
    assert f"from 1 to {MAX_NUMBER}" in info.value.reason
    bidi = attrs.evolve(hoarder, name="Hoard\u202eer", abilities=(Convert((), (Amount("wood", 3),), 2),))
    with pytest.raises(pr.CardError):
        pr.new_game(players=2, cards=CardSet((bidi,)))
    many = CardSet(
        tuple(
            attrs.evolve(hoarder, id=f"h{i}", round=1, abilities=(Convert((), (Amount("wood", 1),), 1),))
            for i in range(MAX_CARDS)
        )
    )
    with pytest.raises(pr.CardError) as info:
        pr.new_game(players=2, cards=many)
    assert "too many cards" in info.value.reason
    fine = CardSet((attrs.evolve(hoarder, abilities=(Convert((), (Amount("wood", 3),), 2),)),))
    game = pr.new_game(players=2, cards=fine)
    assert game.rules.card("hoarder").abilities == fine["hoarder"].abilities


# ------------------------------------------------------------------ reading files
def test_a_fifo_named_like_a_card_file_is_skipped_with_a_diagnostic_not_read(tmp_path):
    os.mkfifo(tmp_path / "x.cards")  # opening it for reading would block forever
    (tmp_path / "ok.cards").write_text('event gift "Gift" { now: gain 1 gold }', encoding="utf-8")
    error = _card_error([tmp_path])
    assert "not a regular file" in error.reason and error.diagnostics[0].file.endswith("x.cards")
    error = _card_error([tmp_path / "x.cards"])
    assert "not a regular file" in error.reason


def test_a_huge_file_is_refused_by_its_size_before_it_is_read(tmp_path, monkeypatch):
    big = tmp_path / "big.cards"
    with open(big, "wb") as f:  # sparse: 600 MB that take no disk
        f.truncate(600 * 1024 * 1024)
    opened = []
    real_open = os.open

    def spy(file, *args, **kw):
        opened.append(str(file))
        return real_open(file, *args, **kw)

    monkeypatch.setattr(os, "open", spy)
    error = _card_error([big])
    assert "too large" in error.reason and f"{MAX_FILE_BYTES}" in error.reason
    assert str(big) not in opened


def test_too_many_files_in_one_load_are_refused(tmp_path):
    for i in range(MAX_FILES + 1):
        (tmp_path / f"c{i:03}.cards").write_text(f'event e{i} "E" {{ now: gain 1 gold }}', encoding="utf-8")
    error = _card_error([tmp_path])
    assert f"limit {MAX_FILES}" in error.reason and "files" in error.reason


# ------------------------------------------------------------------ play
def _play(game: pr.Game, rng: random.Random, most_legal: list) -> pr.Game:
    while game.legal_actions():
        legal = game.legal_actions()
        most_legal.append(len(legal))
        if any(getattr(a, "n", 0) == MAX_COUNT for a in legal):
            most_legal.append("capped")
        game = game.apply(rng.choice(legal))
    return game


def test_the_biggest_cards_allowed_keep_decisions_small_and_saves_loadable():
    """A craftsman at every limit: the most each conversion may make, as often
    as allowed, plus a full set of triggers on every round start."""
    triggers = "\n".join(["at cathedral: gain 30 wood, 30 gold"] * (MAX_ABILITIES_PER_CARD - 1))
    text = (
        f'craftsman hoarder "Hoarder" {{ round start\n convert -> {MAX_NUMBER} wood, '
        f"capacity {MAX_NUMBER}\n{triggers}\n}}\n"
    )
    cards = cardlang.compile_text(text, known=cardlang.base_cards())
    rng = random.Random(2)
    sizes: list[int] = []
    for seed in range(2):
        game = _play(pr.new_game(players=4, seed=seed, cards=cards), rng, sizes)
        assert game.is_over
        assert max(n for n in sizes if n != "capped") <= 3 * MAX_COUNT + 4 * MAX_COUNT + 1
        assert pr.load(pr.save(game), cards=cards) == game
        big = [e for e in game.events if type(e).__name__ not in limits.LARGE_EVENTS]
        assert max(len(str(event_to_dict(e))) for e in big) <= MAX_EVENT_BYTES
    assert "capped" in sizes  # the cap was reached, so it was tested


def test_listed_trades_and_returns_move_at_most_max_count_cubes():
    text = f'craftsman hoarder "Hoarder" {{ round start\n convert -> {MAX_NUMBER} wood, capacity {MAX_NUMBER} }}'
    cards = cardlang.compile_text(text, known=cardlang.base_cards())
    rng = random.Random(5)
    seen = set()
    game = pr.new_game(players=2, seed=4, cards=cards)
    while game.legal_actions():
        legal = game.legal_actions()
        for a in legal:
            if isinstance(a, (A.Buy, A.Sell, A.ReturnCubes)):
                assert 1 <= a.n <= MAX_COUNT
                seen.add(type(a).__name__)
        if game.pending.kind == "return_cubes":
            p = game.state.players[game.pending.seat]
            if p.cube("wood") >= MAX_COUNT:  # as many as one action can return (MAX_CUBES: no more)
                assert A.ReturnCubes("wood", MAX_COUNT + 1) not in legal
                with pytest.raises(pr.IllegalActionError):
                    game.apply(A.ReturnCubes("wood", MAX_COUNT + 1))
                seen.add("big return")
        game = game.apply(rng.choice(legal))
    assert {"ReturnCubes", "big return"} <= seen, seen


def test_a_game_cannot_grow_past_the_event_limit(monkeypatch):
    monkeypatch.setattr(limits, "MAX_EVENTS", 300)
    rng = random.Random(1)
    game = pr.new_game(players=2, seed=1)
    with pytest.raises(pr.LimitError) as info:
        while True:
            before = (game.n_events, game.state)
            action = rng.choice(game.legal_actions())
            try:
                game = game.apply(action)
            except pr.LimitError:
                assert (game.n_events, game.state) == before  # unchanged
                raise
    assert "300" in info.value.reason and game.n_events <= 300
    assert pr.load(pr.save(game)) == game


def test_new_game_refuses_a_start_past_the_event_limit(monkeypatch):
    monkeypatch.setattr(limits, "MAX_EVENTS", 4)  # set-up to the first decision takes 5
    with pytest.raises(pr.LimitError):
        pr.new_game(players=2, seed=1)


# ------------------------------------------------------------------ one source of truth
def test_save_limits_are_derived_from_card_and_game_limits():
    assert limits.MAX_ITEMS >= limits.MAX_CARDS
    assert limits.MAX_STRING_LENGTH >= max(limits.MAX_NAME_LENGTH, limits.MAX_SEAT_NAME_LENGTH)
    assert limits.MAX_SAVE_BYTES >= limits.MAX_EVENTS * limits.MAX_EVENT_BYTES
    from pillars_rules.cardlang import diagnostics
    from pillars_rules.saves import savefile as persistence

    for name in ("MAX_EVENTS", "MAX_SAVE_BYTES", "MAX_STRING_LENGTH", "MAX_ITEMS", "MAX_INT"):
        assert getattr(persistence, name) == limits.LIMITS[name]
    for name in (
        "MAX_FILE_BYTES",
        "MAX_CARDS_PER_FILE",
        "MAX_NESTING",
        "MAX_NUMBER",
        "MAX_NAME_LENGTH",
        "MAX_TITLE_LENGTH",
        "MAX_DIAGNOSTICS",
    ):
        assert getattr(diagnostics, name) == limits.LIMITS[name]


def test_the_reliability_page_lists_every_limit_with_its_value():
    page = (ROOT / "docs" / "reliability.rst").read_text(encoding="utf-8")
    rows = dict(re.findall(r"\* - ``(MAX_[A-Z_]+)``\n\s+- ([^\n]+)", page))
    assert set(rows) == set(limits.LIMITS), set(rows) ^ set(limits.LIMITS)
    for name, value in limits.LIMITS.items():
        assert rows[name] == f"{value:,}", (name, rows[name], value)
