"""The expansion's second event field (issue #37) and the form that carries it:
a place's spot may grant its builder's owner a lasting change (``spot 1: rest
of game: see next event``). What the field does is our ruling (the source
only names it; docs/expansion.rst gives the reasons)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules.bots.cardvalue import BoardReading, Weights, card_values
from pillars_rules.cardlang import base_cards, compile_text, format_text
from pillars_rules.cardlang import effects as fx
from pillars_rules.engine import events as E

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_WEIGHTS = Weights()


@pytest.fixture(scope="module")
def cards() -> pr.CardSet:
    return pr.load_cards(str(ROOT / "cards" / "expansion"))


def _field(cards, seat: int, players: int = 6, round: int = 2) -> pr.Game:
    return pr.scenario(players=players, round=round, step="event_field", cards=cards, spots={"event_field": (seat,)})


def _grants(game: pr.Game, source: str) -> list:
    return [e for e in game.events if isinstance(e, E.ModifierGranted) and e.card == source]


def test_the_field_is_one_spot_after_the_harbour(cards):
    steps = cards.board.steps
    assert steps.index("harbour") + 1 == steps.index("event_field")
    assert cards.board.by_key["event_field"].spots == 1
    assert cards.board.by_key["event_field"].spot_effects == ((1, fx.Lasting("rest_of_game", fx.PeekEvent())),)


def test_its_builder_looks_at_each_coming_event_for_the_rest_of_the_game(cards):
    g = _field(cards, 3)
    assert [(e.seat, e.first, e.last) for e in _grants(g, "event_field")] == [(3, 2, 6)]
    assert [g.describe(e) for e in _grants(g, "event_field")] == [
        "Yellow holds a change of the second event field for rounds 2-6: "
        "you may look at the next event card at the start of each round."
    ]
    g = pr.playout(g, seed=1, until=lambda s: s.round == 3)
    assert g.state.event == "" and g.state.event_deck
    assert g.view(3).next_event == g.state.event_deck[0]
    assert [g.view(s).next_event for s in (0, 1, 2, 4, 5)] == [None] * 5
    assert g.view(None).next_event is None  # the spectator
    # still so two rounds later (before the round's own event is revealed)
    g = pr.playout(g, seed=2, until=lambda s: s.round == 5)
    assert g.view(3).next_event == g.state.event_deck[0]
    assert g.view(2).next_event is None


def test_no_one_looks_ahead_when_the_spot_is_empty(cards):
    g = pr.scenario(players=6, round=2, step="event_field", cards=cards)
    assert _grants(g, "event_field") == []
    g = pr.playout(g, seed=1, until=lambda s: s.round == 3)
    assert all(g.view(s).next_event is None for s in range(6))


def test_a_game_with_the_grant_saves_and_replays(cards):
    g = pr.playout(_field(cards, 1, players=5), seed=3)
    assert g.is_over and _grants(g, "event_field")
    assert pr.load(pr.save(g), cards=cards) == g


FAN_PLACE = """
place tithe_barn "Tithe barn" {
    after priory
    spots 2
    spot 1: next round: tax 0
    spot 2: this round: yield 1
}
"""


def test_any_lasting_change_and_duration_may_be_a_spots_effect():
    cards = pr.load_cards().merged(compile_text(FAN_PLACE, known=base_cards()))
    g = pr.scenario(players=3, round=2, step="tithe_barn", cards=cards, spots={"tithe_barn": (1, 2)})
    grants = {(e.seat, e.ability, e.first, e.last) for e in _grants(g, "tithe_barn")}
    assert grants == {(1, 0, 3, 3), (2, 1, 2, 2)}
    said = sorted(g.describe(e) for e in _grants(g, "tithe_barn"))
    assert said[0].startswith("Blue holds a change of Tithe barn for round 3: ") and "tax" in said[0]
    assert said[1].startswith("Green holds a change of Tithe barn for round 2: ") and "yield" in said[1]
    rules = g.rules
    assert rules.granted_modifier("tithe_barn", 0, -1) == fx.TaxFixed(0)
    assert rules.granted_modifier("tithe_barn", 1, -1) == fx.YieldDelta(1)


def test_the_form_prints_back_and_refuses_what_is_not_a_modifier():
    text = 'place p "P" {\n    spots 1\n    spot 1: next round: see next event\n}\n'
    assert format_text(text) == text
    with pytest.raises(pr.CardError):
        compile_text('place p "P" { spots 1 spot 1: next round: gain 2 gold }', known=base_cards())


def test_the_heuristic_bot_values_the_look_ahead(cards):
    g = _field(cards, 3)
    reading = BoardReading(g.rules)
    values = card_values(g.rules, DEFAULT_WEIGHTS)
    with_values = reading.spot_gain("event_field", 0, 3, DEFAULT_WEIGHTS, values.acquire, values)
    assert with_values > 0
    assert reading.spot_gain("event_field", 0, 3, DEFAULT_WEIGHTS, values.acquire) == 0.0
    assert reading.grants == {"event_field"}
    # a seat that already looks ahead gains nothing by looking again
    later = pr.playout(g, seed=1, until=lambda s: s.round == 3)
    held = later.rules.modifiers(later.state, 3)
    assert fx.PeekEvent() in held
    assert reading.spot_gain("event_field", 0, 3, DEFAULT_WEIGHTS, values.acquire, values, held) == 0.0
    assert (
        reading.spot_gain(
            "event_field", 0, 3, DEFAULT_WEIGHTS, values.acquire, values, later.rules.modifiers(later.state, 2)
        )
        == with_values
    )
