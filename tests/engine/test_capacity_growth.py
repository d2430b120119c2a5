"""A capacity that grows with a count, and counters as a conversion's output
(issue #36: a card's upgrade level, value expressions in capacities)."""

from __future__ import annotations

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.cardlang import base_cards, compile_text, format_cards
from pillars_rules.cardlang.render import render
from pillars_rules.engine import events as E

TEXT = """
craftsman fan_guild "Guild hall" de "Zunfthaus" {
    round 1
    cost 2 gold
    convert 1 sand -> 1 vp, capacity 1 + 1 per 2 craftsmen
    convert 2 gold -> 2 counters + 1 vp, capacity 1
}
"""
CARDS = compile_text(TEXT, "guild.cards", known=base_cards())
SET = base_cards().merged(CARDS)
GUILD = CARDS.cards[0]


def _cathedral(craftsmen=(), **seat):
    return pr.scenario(
        3, round=2, step="cathedral", cards=SET, seats={0: dict(craftsmen=("fan_guild",) + tuple(craftsmen), **seat)}
    )


@pytest.mark.parametrize(
    "others, capacity",
    [((), 1), (("carpenter",), 2), (("carpenter", "stonemason"), 2), (("carpenter", "stonemason", "mortar_mixer"), 3)],
)
def test_the_capacity_grows_by_one_for_every_two_craftsmen_the_owner_has(others, capacity):
    game = _cathedral(others, cubes=dict(sand=5))
    assert game.rules.capacity(game.state, 0, "fan_guild", GUILD.conversions[0]) == capacity
    for _ in range(capacity):
        game = game.apply(A.Build("fan_guild", 0))
    assert A.Build("fan_guild", 0) not in game.legal_actions()
    with pytest.raises(pr.IllegalActionError, match="capacity"):
        game.apply(A.Build("fan_guild", 0))


def test_counters_and_other_outputs_of_one_conversion_go_where_they_belong():
    game = _cathedral(gold=5)
    after = game.apply(A.Build("fan_guild", 1))
    made = [e for e in after.events[len(game.events) :] if isinstance(e, E.Converted)]
    assert [str(a) for a in made[0].outputs] == ["2 counters", "1 VP"]
    assert after.state.counters == ((0, "fan_guild", 2),)
    assert after.state.players[0].vp == game.state.players[0].vp + 1
    assert after.state.players[0].gold == game.state.players[0].gold - 2
    assert after.view(1).state.counters == after.state.counters  # public, like every counter
    assert pr.load(pr.save(after), cards=SET) == after


def test_the_forms_read_back_and_in_english():
    assert compile_text(format_cards(CARDS.cards), "again.cards", known=base_cards()).identity == CARDS.identity
    assert "capacity 1 + 1 per 2 craftsmen" in format_cards(CARDS.cards)
    assert "convert 2 gold -> 2 counters + 1 vp, capacity 1" in format_cards(CARDS.cards)
    text = render(GUILD)
    assert "up to once per round, once more per 2 craftsmen you have" in text, text
    assert "Converts 2 gold into 2 counters on this card and 1 VP" in text, text
