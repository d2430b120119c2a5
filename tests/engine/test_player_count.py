"""The player count comes from the card set (issue #37): a board's text
declares the counts its set plays and the set-up tables; the base set plays
2-4 exactly as before, and a count outside a set's range is refused by name."""

from __future__ import annotations

import pytest

import pillars_rules as pr
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.errors import CardError

from .support import bag_prices, to_builders

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
    extra = compile_text(
        BOARD
        + """
resource big_quarry "Big quarry" { players 5 site quarry yields 2 stone workers 2 }
""",
        known=base_cards(),
    )
    cards = pr.load_cards(extra)
    from pillars_rules.engine.context import rules_for

    rules = rules_for(cards, ())
    assert "big_quarry" in rules.resource_cards(5)
    assert "big_quarry" not in rules.resource_cards(4)


@pytest.mark.parametrize(
    "text, message",
    [
        ('board b "B" { players 2, 4 }', "run up by one"),
        ('board b "B" { players 2, 3, 4, 5, 6, 7 }', "a player count"),
        ('board b "B" { players 2, 3, 4, 5 starting gold 1, 2, 3, 4 }', "5 players need one number each"),
        ('board b "B" { dealt craftsmen 4, 5 }', "one number, or one for each player count"),
        ('board b "B" { dealt resource cards 13 }', "resource cards dealt"),
    ],
)
def test_bad_set_up_tables_are_card_errors(text, message):
    with pytest.raises(CardError, match=message):
        compile_text(text, known=base_cards())


def _prices(g: pr.Game) -> list[int]:
    """The price of every builder drawn from the bag in round 1."""
    return bag_prices(to_builders(g))


def test_the_free_last_builder_is_a_table_of_the_board():
    base = base_cards().board.spec
    assert base.free_builders == (1, 0, 0)  # cards/base/board.cards: 'free last builders 1, 0, 0'
    assert _prices(pr.new_game(players=2, seed=4)) == [7, 6, 5, 4, 3, 0]

    def cards(table: str) -> pr.CardSet:
        text = BOARD.replace("starting builders 3", f"starting builders 3\n    free last builders {table}")
        return pr.load_cards(compile_text(text, known=base_cards()))

    two = cards("2, 0, 0, 0")
    assert two.board.spec.free_builders == (2, 0, 0, 0)
    assert _prices(pr.new_game(players=2, seed=4, cards=two)) == [7, 6, 5, 4, 0, 0]
    assert _prices(pr.new_game(players=2, seed=4, cards=cards("0"))) == [7, 6, 5, 4, 3, 2]


def test_a_board_without_the_table_keeps_the_base_rule_and_its_canonical_text():
    from pillars_rules.cardlang.formatter import format_cards

    assert _wide().board.spec.free_builders == (1, 0, 0, 0)  # one free with 2 players, whatever the range
    base_text = format_cards(base_cards().places)
    assert "free last builders" not in base_text  # the base board's canonical text is as before
    text = BOARD.replace("starting builders 3", "starting builders 3\n    free last builders 0")
    board = format_cards(pr.load_cards(compile_text(text, known=base_cards())).places)
    assert "free last builders 0\n" in board
    again = pr.load_cards(compile_text(board, known=base_cards()))
    assert again.board.spec.free_builders == (0,) and format_cards(again.places) == board


def test_the_table_is_checked_like_the_others():
    with pytest.raises(CardError, match="one number, or one for each player count"):
        compile_text('board b "B" { free last builders 1, 0 }', known=base_cards())
    with pytest.raises(CardError, match="free builders"):
        compile_text('board b "B" { free last builders 99 }', known=base_cards())
