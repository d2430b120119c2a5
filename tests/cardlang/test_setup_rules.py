"""Set-up rules as text (issue #53): the board card's ``starting vp`` and
``at setup:`` on the board card or a starting craftsman compile, check,
format and render; what set-up gives no meaning is refused at its word."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules.cardlang import base_cards, compile_text, format_cards, format_text, render, strategies
from pillars_rules.cardlang import effects as fx
from pillars_rules.cardlang.board import BoardSpec
from pillars_rules.cardlang.card import Card
from pillars_rules.cardlang.formatter import card_text
from pillars_rules.engine import events as E
from pillars_rules.errors import CardError

BASE = base_cards()
ROOT = Path(__file__).resolve().parents[2]
BOARD = """board fan_board "Fan board" {
    starting vp 3
    at setup: gain 1 wood
    at setup: choose one: gain 1 stone | gain 2 gold
}
"""


def messages(text: str) -> list[str]:
    with pytest.raises(CardError) as err:
        compile_text(text, "fan.cards", known=BASE)
    return [f"{d.line}:{d.column} {d.message}" for d in err.value.diagnostics]


def test_the_shipped_boards_write_the_starting_vp_and_keep_their_identity():
    for path in ("cards/base/board.cards", "cards/expansion/board.cards"):
        assert "starting vp 2" in (ROOT / path).read_text(encoding="utf-8")
    board = next(c for c in BASE.places if c.kind == "board")
    assert board.board.starting_vp == 2 and not board.abilities
    assert "starting vp" not in card_text(board)  # the default is left out: the set's identity is the old one
    assert pr.new_game(2, 1).events[0].vp == 2


def test_a_board_with_set_up_rules_compiles_formats_and_renders():
    cards = compile_text(BOARD, "fan.cards", known=BASE)
    (board,) = cards.places
    assert board.board.starting_vp == 3
    assert board.abilities == (
        fx.Trigger(fx.SETUP, fx.Gain((fx.Amount("wood", 1),))),
        fx.Trigger(fx.SETUP, fx.ChooseOne((fx.Gain((fx.Amount("stone", 1),)), fx.Gain((fx.Amount("gold", 2),))))),
    )
    assert format_text(BOARD) == BOARD
    canon = format_cards(cards.places)  # with the board's gold cap and builder prices, as every board
    assert card_text(board) == canon and "    starting vp 3\n    at setup: gain 1 wood\n" in canon
    assert compile_text(canon, "again.cards", known=BASE).places == cards.places
    text = render(board)
    assert "Each player starts with 3 VP." in text and "At set-up, before the first round, each player: gain" in text


def test_a_starting_craftsmans_set_up_rule_acts_after_the_boards_for_each_seat():
    fan = compile_text(
        BOARD.replace("    at setup: choose one: gain 1 stone | gain 2 gold\n", "")
        + 'craftsman fan_apprentice "Apprentice" {\n    round start\n    at setup: gain 1 sand\n}\n',
        "fan.cards",
        known=BASE,
    )
    game = pr.new_game(2, 5, cards=BASE.merged(fan))
    gains = [(e.seat, e.reason, e.amounts[0].kind) for e in game.events if isinstance(e, E.Gained)]
    assert gains == [
        (0, "fan_board", "wood"),
        (0, "fan_apprentice", "sand"),
        (1, "fan_board", "wood"),
        (1, "fan_apprentice", "sand"),
    ]
    assert [p.vp for p in game.state.players] == [3, 3]
    assert pr.replay(game.events, cards=BASE.merged(fan)) == game


def test_set_up_choices_then_a_new_start_player_open_the_first_draft_there():
    fan = compile_text(
        'board fan_board "Fan board" {\n'
        "    at setup: choose one: gain 1 wood | gain 1 stone\n"
        "    at setup: if you have most gold: become the start player\n"
        "}\n",
        "fan.cards",
        known=BASE,
    )
    cards = BASE.merged(fan)
    game = pr.new_game(3, 2, cards=cards)
    for seat in (0, 1, 2):
        assert (game.pending.kind, game.pending.seat, game.state.round) == ("choice", seat, 0)
        game = game.apply(pr.actions.ChooseOption(seat % 2))
    assert game.state.start_player == 2 and (game.pending.kind, game.pending.seat) == ("draft", 2)
    assert pr.load(pr.save(game), cards=cards) == game and pr.replay(game.events, cards=cards) == game


def test_a_reversal_at_set_up_reverses_the_first_round():
    fan = compile_text(
        'board fan_board "Fan board" {\n'
        "    at setup: if you are the start player: reverse the order of play next round\n"
        "}\n",
        "fan.cards",
        known=BASE,
    )
    game = pr.new_game(3, 2, cards=BASE.merged(fan))
    assert game.state.reversed_rounds == (1,) and game.pending.seat == 0
    game = game.apply(pr.actions.Pass())
    assert game.pending.kind == "draft" and game.pending.seat == 2  # counter-clockwise


@pytest.mark.parametrize(
    "text, where, message",
    [
        ('privilege fan_p "P" {\n    permanent\n    at setup: gain 1 gold\n}\n', "3:8", "'at setup:' on a privilege"),
        ('craftsman fan_c "C" {\n    round 2\n    at setup: gain 1 gold\n}\n', "3:8", "'at setup:' on a craftsman"),
        ('board fan_b "B" {\n    at castle: gain 1 gold\n}\n', "2:8", "a board card acts only at set-up"),
        ('board fan_b "B" {\n    gain 1 gold\n}\n', "2:5", "not allowed on a board card"),
        (
            'board fan_b "B" {\n    at setup: gain 1 gold\n    variant v {\n        at setup: gain 2 gold\n    }\n}\n',
            "3:13",
            "a board card has no variants",
        ),
        (
            'board fan_b "B" {\n    at setup: reverse the order of play this round\n}\n',
            "2:15",
            "no round is under way",
        ),
        (
            'board fan_b "B" {\n    at setup: choose one: gain 1 gold | this round: tax +1\n}\n',
            "2:41",
            "no round is under way",
        ),
        (
            'board fan_b "B" {\n    at setup: choose craftsman: capacity 1\n}\n',
            "2:15",
            "a capacity boost",
        ),
        (
            'board fan_b "B" {\n    at setup: copy a privilege of your left neighbour for rest of game\n}\n',
            "2:15",
            "nobody holds a privilege",
        ),
        ('board carpenter "B" {\n    at setup: gain 1 gold\n}\n', "1:1", "board id 'carpenter' is the id of a card"),
        ('board fan_b "B" {\n    starting vp 100\n}\n', "2:17", "starting VP"),
    ],
)
def test_what_set_up_gives_no_meaning_is_refused_at_its_word(text, where, message):
    got = messages(text)
    assert any(m.startswith(where) and message in m for m in got), got


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(strategies.setup_triggers, min_size=1, max_size=2), st.integers(2, 4), st.integers(0, 999))
def test_any_set_up_rule_the_generator_writes_checks_plays_and_replays(abilities, players, seed):
    board = Card(id="fan_board", kind="board", name="Fan board", abilities=tuple(abilities), board=BoardSpec())
    fan = compile_text(format_cards((board,)), "fan.cards", known=BASE)
    assert fan.places == (board,)
    cards = BASE.merged(fan)
    game = pr.playout(pr.new_game(players, seed, cards=cards), seed=seed, max_actions=40)
    assert game.state.round >= 1 or game.pending.kind == "choice"
    assert pr.load(pr.save(game), cards=cards) == game and pr.replay(game.events, cards=cards) == game
