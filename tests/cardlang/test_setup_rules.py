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
        # a draft of cards (issue #53): the table's, once, on the board card, of privileges
        (
            'board fan_b "B" {\n    at setup: choose one: gain 1 gold | draft 1 of 2 privileges per player\n}\n',
            "2:41",
            "a draft of cards is a set-up rule of the whole table",
        ),
        (
            'board fan_b "B" {\n    at setup: if you are the start player: draft 1 of 2 privileges per player\n}\n',
            "2:44",
            "stands alone after 'at setup:'",
        ),
        (
            'craftsman fan_c "C" {\n    round start\n    at setup: draft 1 of 2 privileges per player\n}\n',
            "3:15",
            "write it on the board card, not on a craftsman",
        ),
        (
            'board fan_b "B" {\n    at setup: draft 1 of 2 privileges per player\n'
            "    at setup: draft 1 of 2 privileges per player, the rest to the box\n}\n",
            "3:15",
            "one at most, on the board card",
        ),
        ('board fan_b "B" {\n    at setup: draft 3 of 2 privileges per player\n}\n', "2:21", "more than are dealt"),
        ('board fan_b "B" {\n    at setup: draft 1 of 5 privileges per player\n}\n', "2:26", "from 1 to 4"),
        ('board fan_b "B" {\n    at setup: draft 1 of 2 craftsmen per player\n}\n', "2:28", "kind of card drafted"),
        ('event fan_e "E" {\n    now: draft 1 of 2 privileges per player\n}\n', "2:10", "set-up rule"),
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


DRAFT = """board fan_draft "Draft" {
    at setup: choose one: gain 1 stone | gain 2 gold
    at setup: draft 2 of 3 privileges per player
}
"""


def test_a_draft_compiles_formats_renders_and_refuses_nothing_it_means():
    cards = compile_text(DRAFT, "fan.cards", known=BASE)
    (board,) = cards.places
    assert board.abilities[1] == fx.Trigger(fx.SETUP, fx.DraftCards(2, 3, "privilege_deck", "box"))
    assert format_text(DRAFT) == DRAFT
    under = DRAFT.replace("per player\n", "per player, the rest under the deck\n")
    assert format_text(under) == under
    assert format_text(DRAFT.replace("per player\n", "per player, the rest to the box\n")) == DRAFT  # the default
    canon = format_cards(cards.places)
    assert compile_text(canon, "again.cards", known=BASE).places == cards.places
    assert "draft 2 of 3 privileges per player\n" in card_text(board)
    text = render(board)
    assert "after the other set-up rules: deal 3 privileges per player face up" in text and "go to the box" in text


def test_a_draft_comes_after_the_other_set_up_choices_in_a_snake_free_order_and_boxes_the_rest():
    """Two rounds of picks, each in turn order from the start player (not back and
    forth), after every seat's set-up choice; the rest leave the game."""
    cards = BASE.merged(compile_text(DRAFT, "fan.cards", known=BASE))
    game = pr.new_game(3, 4, cards=cards)
    deck = next(e for e in game.events if isinstance(e, E.DecksShuffled)).privileges
    assert game.state.display == deck[:9] and len(game.state.privilege_deck) == len(deck) - 9
    asked = []
    while game.state.round == 0:
        job = game.state.jobs[0]
        asked.append((job.ability, game.pending.seat))
        game = game.apply(game.legal_actions()[0])  # the first card of the display, or the stone
    assert asked == [(0, 0), (0, 1), (0, 2)] + [(1, 0), (1, 1), (1, 2)] * 2  # the choices, then the picks
    taken = [e for e in game.events if isinstance(e, E.PrivilegeTaken)]
    assert [(e.seat, e.card) for e in taken] == list(zip([0, 1, 2, 0, 1, 2], deck[:6]))
    assert [(e.to, e.reason) for e in game.events if isinstance(e, E.DisplayCleared)] == [("box", "fan_draft")]
    assert game.state.display and not set(game.state.display) & set(deck[:6])  # the first round's own display
    assert pr.load(pr.save(game), cards=cards) == game and pr.replay(game.events, cards=cards) == game


def test_a_draft_larger_than_the_deck_deals_what_there_is_and_asks_no_empty_pick():
    big = 'board fan_draft "Draft" {\n    at setup: draft 4 of 4 privileges per player, the rest under the deck\n}\n'
    cards = BASE.merged(compile_text(big, "fan.cards", known=BASE))
    game = pr.new_game(4, 9, cards=cards)
    n = len(next(e for e in game.events if isinstance(e, E.DecksShuffled)).privileges)
    assert len(game.state.display) == n < 16 and not game.state.privilege_deck
    picks = 0
    while game.state.round == 0:
        game = game.apply(game.legal_actions()[-1])
        picks += 1
    assert picks == n  # the picks past the last card ask nothing
    assert sum(1 for e in game.events if isinstance(e, E.ChoiceMade) and e.option < 0) == 16 - n
    assert not game.state.kingsbridge or set(game.state.kingsbridge) == {""} or not any(game.state.kingsbridge)
    end = pr.playout(game, seed=3)
    assert end.is_over and pr.load(pr.save(end), cards=cards) == end and pr.replay(end.events, cards=cards) == end


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategies.board_setups, st.integers(2, 4), st.integers(0, 999))
def test_any_board_set_up_with_a_draft_the_generator_writes_checks_plays_and_replays(abilities, players, seed):
    board = Card(id="fan_board", kind="board", name="Fan board", abilities=tuple(abilities), board=BoardSpec())
    fan = compile_text(format_cards((board,)), "fan.cards", known=BASE)
    assert fan.places == (board,)
    cards = BASE.merged(fan)
    game = pr.playout(pr.new_game(players, seed, cards=cards), seed=seed, max_actions=60)
    assert pr.load(pr.save(game), cards=cards) == game and pr.replay(game.events, cards=cards) == game


def test_a_draft_starts_at_the_start_player_the_set_up_effects_made():
    text = (
        'board fan_draft "Draft" {\n    at setup: if you have most gold: become the start player\n'
        "    at setup: draft 1 of 1 privileges per player\n}\n"
    )
    cards = BASE.merged(compile_text(text, "fan.cards", known=BASE))
    game = pr.new_game(3, 4, cards=cards)
    assert game.state.start_player == 2  # the most starting gold
    seats = []
    while game.state.round == 0:
        seats.append(game.pending.seat)
        game = game.apply(game.legal_actions()[0])
    assert seats == [2, 0, 1] and game.pending.kind == "draft" and game.pending.seat == 2
