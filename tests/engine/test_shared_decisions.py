"""Shared decisions of an event (issue #36): a vote or a bid of every player
it reaches, in turn order from the start player, each ballot a normal choice
of its seat, with one outcome (docs/cards-reference.rst, rulings in
docs/rules.rst)."""

from __future__ import annotations

import json

import pytest

import pillars_rules as pr
from pillars_rules.actions import ChooseOption, Protect
from pillars_rules.cardlang import base_cards, compile_text, format_cards, format_text
from pillars_rules.cardlang.render import render
from pillars_rules.engine import events as E
from pillars_rules.errors import CardError, IllegalActionError

TEXT = """
event t_vote "Vote" { now: vote: gain 2 gold | gain 1 vp | lose 5 gold }
event t_bid "Bid" { now: bid gold: gain 3 vp }
event t_harm "Harm" {
    harmful
    now: vote: lose 1 vp | lose 2 gold
}
"""
CARDS = base_cards().merged(compile_text(TEXT, "shared.cards", known=base_cards()))


def at(event: str, players: int = 4, **kw) -> pr.Game:
    return pr.scenario(players, step="event", event=event, cards=CARDS, **kw)


def cast(game: pr.Game, values) -> pr.Game:
    for v in values:
        game = game.apply(ChooseOption(v))
    return game


def of(game, cls):
    return [e for e in game.events if isinstance(e, cls)]


def test_every_player_votes_in_turn_order_from_the_start_player():
    game = at("t_vote", start_player=2)
    seen: list[int] = []
    for v in (0, 1, 1, 0):
        assert game.pending.kind == "choice"
        assert game.legal_actions() == [ChooseOption(0), ChooseOption(1), ChooseOption(2)]
        assert game.state.ballots == tuple(zip(seen, (0, 1, 1)))  # the ballots cast so far
        seen.append(game.pending.seat)
        game = game.apply(ChooseOption(v))
    assert seen == [2, 3, 0, 1] and game.state.ballots == ()
    assert [(e.seat, e.value) for e in of(game, E.BallotCast)] == list(zip(seen, (0, 1, 1, 0)))


@pytest.mark.parametrize(
    "votes, won",
    [
        ((1, 0, 0, 1), 1),  # 2-2: the start player's option
        ((2, 0, 1, 0), 0),  # 2 for option 0
        ((2, 1, 0, 2), 2),  # 2-1-1: an option nobody can afford still wins and happens
        ((1, 2, 2, 1), 1),  # 2-2: the tied option voted for first
    ],
)
def test_the_most_votes_win_and_a_tie_goes_to_the_option_voted_for_first(votes, won):
    game = cast(at("t_vote"), votes)
    assert [e.option for e in of(game, E.VoteDecided)] == [won]
    assert game.state.ballots == ()
    reached = sorted(e.seat for e in game.events if isinstance(e, (E.Gained, E.Lost)) and e.reason == "t_vote")
    assert reached == [0, 1, 2, 3]  # every voter gets the outcome
    assert pr.replay(game.events, cards=CARDS) == game


def test_ballots_are_public_and_every_seat_sees_whose_turn_it_is():
    game = cast(at("t_vote"), (1,))
    for seat in range(4):
        view = game.view(seat)
        assert view.state.ballots == ((0, 1),)
        assert (view.legal_actions != ()) == (seat == 1)
    labels = [c.label for c in pr.words.choices(game.view(1))]
    assert labels[1].startswith("vote for: gain 1 VP (every voter, if it wins; 1 vote so far)")


def test_a_bid_rises_up_to_the_bidders_gold_and_the_highest_pays_for_the_prize():
    game = at("t_bid", players=3, seats={0: dict(gold=5), 1: dict(gold=3), 2: dict(gold=9)})
    assert game.legal_actions() == [ChooseOption(i) for i in range(6)]  # a pass, or 1 to 5 gold
    game = game.apply(ChooseOption(3))
    assert game.legal_actions() == [ChooseOption(0)]  # 3 gold cannot beat 3: only a pass
    with pytest.raises(IllegalActionError, match="more than the highest bid so far"):
        game.apply(ChooseOption(3))
    game = game.apply(ChooseOption(0))
    assert game.legal_actions() == [ChooseOption(0)] + [ChooseOption(i) for i in range(4, 10)]
    labels = [c.label for c in pr.words.choices(game.view(2))]
    assert labels[0].startswith("pass") and labels[1].startswith(
        "bid 4 gold: the highest bidder pays it, then gain 3 VP"
    )
    game = game.apply(ChooseOption(4))
    assert [(e.seat, e.amount) for e in of(game, E.BidWon)] == [(2, 4)]
    moved = [
        (type(e).__name__, e.seat, e.amounts[0].kind, e.amounts[0].n)
        for e in game.events
        if isinstance(e, (E.Gained, E.Lost)) and e.reason == "t_bid"
    ]
    assert moved == [("Lost", 2, "gold", 4), ("Gained", 2, "vp", 3)]
    assert pr.load(pr.save(game), cards=CARDS) == game


def test_nobody_bids_nothing_happens_and_the_game_saves():
    # issue #53: the all-pass auction is a BidsPassed (no impossible seat -1),
    # so the game's own save loads and its log replays
    game = cast(at("t_bid", players=3), (0, 0, 0))
    assert of(game, E.BidWon) == [] and of(game, E.BidsPassed) == [E.BidsPassed("t_bid")]
    assert not [e for e in game.events if isinstance(e, (E.Gained, E.Lost)) and e.reason == "t_bid"]
    assert pr.load(pr.save(game), cards=CARDS) == game
    assert pr.replay(game.events, cards=CARDS) == game
    assert game.describe(of(game, E.BidsPassed)[0]).startswith("Nobody bid on")


def test_a_save_from_before_issue_53_with_bid_won_by_seat_minus_one_loads():
    game = cast(at("t_bid", players=3), (0, 0, 0))
    data = json.loads(pr.save(game))
    old = [e for e in data["events"] if e["type"] == "BidsPassed"]
    assert len(old) == 1
    old[0].update(type="BidWon", seat=-1, amount=0)
    assert pr.load(json.dumps(data), cards=CARDS) == game


def test_a_player_protected_from_a_harmful_vote_neither_votes_nor_loses():
    game = at("t_harm", players=3, spots={"bishop": (1,)})
    game = game.apply(Protect())  # the Bishop's owner protects itself
    voters = []
    while game.pending.kind == "choice":
        voters.append(game.pending.seat)
        game = game.apply(ChooseOption(0))
    assert voters == [0, 2]
    assert sorted(e.seat for e in of(game, E.Lost) if e.reason == "t_harm") == [0, 2]


@pytest.mark.parametrize(
    "text, where",
    [
        ('privilege t "T" { immediate\n vote: gain 1 vp | gain 1 gold }', "whole 'now:' effect of an event"),
        ('event t "T" { now: choose one: (vote: gain 1 vp | gain 1 gold) | gain 1 gold }', "whole 'now:'"),
        ('event t "T" { now: vote: choose one: gain 1 vp | gain 2 gold | gain 1 gold }', None),
        ('event t "T" { now: vote: (choose one: gain 1 vp | gain 2 gold) | gain 1 gold }', "cannot ask for a choice"),
        ('event t "T" { now: vote: the market gains 1 wood | gain 1 gold }', "market's own stock"),
        ('event t "T" { now: bid vp: gain 3 gold }', "unknown what is bid 'vp'"),
        ('event t "T" { now: bid gold: (vote: gain 1 vp | gain 1 gold) }', "whole 'now:'"),
    ],
)
def test_a_vote_or_bid_out_of_place_is_refused_where_it_is(text, where):
    with pytest.raises(CardError) as err:
        compile_text(text, "t.cards", known=base_cards())
    if where is not None:
        assert where in str(err.value) and "t.cards:" in str(err.value)


@pytest.mark.parametrize(
    "line",
    [
        "now: vote: gain 2 gold | gain 1 vp",
        "now: vote: this round: tax +1 | next round: yield -1 | lose 1 vp",
        "now: bid gold: rest of game: tax -1",
    ],
)
def test_the_formatter_writes_the_forms_back_as_written(line):
    text = f'event t "T" {{\n    {line}\n}}\n'
    assert format_text(text) == text
    card = compile_text(text, "t.cards", known=base_cards())["t"]
    assert format_cards([card]).strip() == text.strip()  # and from the compiled card back
    assert "votes, in turn order" in render(card) or "bids more gold" in render(card)


def test_a_bid_for_a_lasting_change_grants_it_to_the_winner():
    text = 'event t_pact "Pact" { now: bid gold: rest of game: tax -1 }'
    cards = base_cards().merged(compile_text(text, "p.cards", known=base_cards()))
    game = cast(pr.scenario(2, step="event", event="t_pact", cards=cards), (0, 2))
    assert [(g[0], g[1], g[3], g[5]) for g in game.state.granted] == [(1, "t_pact", 0, 6)]
    from pillars_rules.cardlang.effects import TaxDelta

    assert TaxDelta(-1) in game.rules.modifiers(game.state, 1)
    assert TaxDelta(-1) not in game.rules.modifiers(game.state, 0)
