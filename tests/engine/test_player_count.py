"""The player count comes from the card set (issue #37): a board's text
declares the counts its set plays and the set-up tables; the base set plays
2-4 exactly as before, and a count outside a set's range is refused by name."""

from __future__ import annotations

import pytest

import pillars_rules as pr
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.errors import CardError

BOARD = """
board wide "A wide board" {
    players 2, 3, 4, 5
    starting gold 20, 21, 22, 23, 24
    starting builders 3
    dealt craftsmen 4, 4, 4, 3
    dealt resource cards 7, 7, 7, 5
}
place harbour_test "Quay" { after castle spots 3 spot 1: gain 1 gold }
"""


def _wide() -> pr.CardSet:
    return pr.load_cards(compile_text(BOARD, known=base_cards()))


def test_the_base_set_plays_two_to_four_with_its_board_text_tables():
    spec = base_cards().board.spec
    assert spec.players == (2, 3, 4)
    assert spec.starting_gold == (20, 21, 22, 23)
    assert spec.starting_builders == 3
    for n in (2, 3, 4):
        g = pr.new_game(players=n, seed=5)
        assert [p.gold for p in g.state.players] == [20, 21, 22, 23][:n]
        assert len(g.state.display) == 2 + 7  # two craftsmen, seven resource cards


@pytest.mark.parametrize("players", [1, 5, 6, 7])
def test_a_count_the_set_does_not_play_is_refused_naming_the_set(players):
    with pytest.raises(pr.ConfigError, match="players must be") as err:
        pr.new_game(players=players, seed=1)
    if players in (5, 6):
        assert isinstance(err.value, pr.PlayerCountError)
        assert "'base'" in str(err.value) and err.value.allowed == (2, 3, 4)


def test_a_board_sets_the_range_and_the_tables_per_count():
    cards = _wide()
    g = pr.new_game(players=5, seed=3, cards=cards)
    assert [p.gold for p in g.state.players] == [20, 21, 22, 23, 24]
    assert len(g.state.shiring) == 2 and len(g.state.display) == 1 + 5  # 3 craftsmen dealt: 2 to Shiring
    g4 = pr.new_game(players=4, seed=3, cards=cards)
    assert len(g4.state.display) == 2 + 7
    with pytest.raises(pr.PlayerCountError, match="2 to 5 with the card set 'wide' .A wide board., not 6$"):
        pr.new_game(players=6, cards=cards)
    end = pr.playout(g, seed=2)
    assert end.is_over and pr.replay(end.events, cards=cards) == end
    assert pr.load(pr.save(end), cards=cards).events == end.events


def test_a_card_with_a_players_line_is_in_the_game_only_at_those_counts():
    extra = compile_text(BOARD + """
resource big_quarry "Big quarry" { players 5 site quarry yields 2 stone workers 2 }
""", known=base_cards())
    cards = pr.load_cards(extra)
    from pillars_rules.engine.context import rules_for

    rules = rules_for(cards, ())
    assert "big_quarry" in rules.resource_cards(5)
    assert "big_quarry" not in rules.resource_cards(4)


@pytest.mark.parametrize("text, message", [
    ("board b \"B\" { players 2, 4 }", "run up by one"),
    ("board b \"B\" { players 2, 3, 4, 5, 6, 7 }", "a player count"),
    ("board b \"B\" { players 2, 3, 4, 5 starting gold 1, 2, 3, 4 }", "5 players need one number each"),
    ("board b \"B\" { dealt craftsmen 4, 5 }", "one number, or one for each player count"),
    ("board b \"B\" { dealt resource cards 13 }", "resource cards dealt"),
])
def test_bad_set_up_tables_are_card_errors(text, message):
    with pytest.raises(CardError, match=message):
        compile_text(text, known=base_cards())
