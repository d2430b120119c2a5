"""The bots play the card forms of issue #36 (other players, transfers, values
of the game, the end of the game) from their views: full games with the
corpus of fan ideas (examples/ideas) end, replay, and the new forms act."""

from __future__ import annotations

from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules.bots import make_bot
from pillars_rules.bots.cardvalue import CardValues, Weights
from pillars_rules.cardlang import effects as fx
from pillars_rules.engine import events as E

IDEAS = [str(Path(__file__).resolve().parents[2] / "examples" / "ideas")]


def _reaching(rules) -> set[str]:
    """Ids of the cards whose abilities use a form of issue #36."""
    out = set()
    for c in rules.cards:
        text = repr(c.abilities)
        if any(w in text for w in ("ForPlayers", "Transfer", "PerCount", "HasMost", "game_end", "Vote", "Bid")):
            out.add(c.id)
    return out


@pytest.mark.parametrize("level", ["random", "easy", "heuristic", "heuristic-v1"])
def test_bots_play_games_with_the_new_forms(level):
    acted = set()
    for seed in (1, 2, 3):
        game = pr.play(pr.new_game(3, seed, cards=IDEAS), [make_bot(level, seed * 10 + i) for i in range(3)])
        assert game.is_over
        assert pr.replay(game.events, cards=IDEAS) == game
        new = _reaching(game.rules)
        acted |= {e.reason for e in game.events if isinstance(e, (E.Gained, E.Lost)) and e.reason in new}
    assert acted  # some card of the new forms gave or took something


def test_card_values_see_who_an_effect_reaches():
    game = pr.new_game(3, 1, cards=IDEAS)
    cv = CardValues(game.rules, Weights())
    lose = fx.Lose((fx.Amount("gold", 2),))
    gain = fx.Gain((fx.Amount("gold", 2),))
    others = fx.Players("other")
    cubes = {k: 1.0 for k in fx.CUBES}
    assert cv.effect_value(fx.ForPlayers(others, lose), cubes, 1.0) > 0  # the others fall behind
    assert cv.effect_value(fx.ForPlayers(others, gain), cubes, 1.0) < 0
    assert cv.effect_value(fx.Transfer("take", gain.amounts, others), cubes, 1.0) > cv.effect_value(gain, cubes, 1.0)
    assert cv.effect_value(fx.Transfer("give", gain.amounts, others), cubes, 1.0) < 0
    assert cv.effect_value(fx.Gain(gain.amounts, fx.PerCount("craftsmen")), cubes, 1.0) > cv.effect_value(
        gain, cubes, 1.0
    )


def _decide(level: str, event: str, gold: int = 20):
    """Every ballot of ``event``'s vote or bid cast by bots of ``level``, from their views."""
    game = pr.scenario(3, step="event", event=event, cards=IDEAS, seats={s: dict(gold=gold) for s in range(3)})
    bots = [make_bot(level, 7 + s) for s in range(3)]
    while game.pending.kind == "choice":
        seat = game.pending.seat
        action = bots[seat](game.view(seat))
        assert action in game.legal_actions()
        game = game.apply(action)
    return game, [e.value for e in game.events if isinstance(e, E.BallotCast)]


@pytest.mark.parametrize("level", ["easy", "heuristic", "heuristic-v1", "hard"])
def test_bots_vote_for_what_is_worth_more_to_them_and_bid_up_to_the_prize(level):
    game, votes = _decide(level, "idea_council")
    assert len(votes) == 3 and pr.replay(game.events, cards=IDEAS) == game
    if level != "hard":  # 1 VP is worth more than 2 gold (5 gold a VP)
        assert votes == [1, 1, 1]
        _, votes = _decide(level, "idea_referendum")  # tax +1 for a round costs less than a cube a card
        assert votes == [0, 0, 0]
        _, bids = _decide(level, "idea_auction")
        assert bids == [1, 2, 3]  # each bids the least that leads, while 3 VP are worth it
        _, bids = _decide(level, "idea_auction", gold=0)
        assert bids == [0, 0, 0]  # nothing to bid: everybody passes


def test_a_bots_bid_stops_at_the_prizes_worth():
    from pillars_rules.bots.shared import shared_action
    from pillars_rules.cardlang.effects import Amount, Bid, Gain

    game = pr.scenario(3, step="event", event="idea_auction", cards=IDEAS, seats={s: dict(gold=30) for s in range(3)})
    for bid in (14,):
        game = game.apply(pr.actions.ChooseOption(bid))
    w = Weights()
    worth = CardValues(game.rules, w).effect_value(Gain((Amount("vp", 3),)), {k: 0.0 for k in fx.CUBES}, 1.0) / w.gold
    assert 14 < worth < 16  # 3 VP are worth 15 gold
    assert shared_action(game.view(game.pending.seat), w).index == 15
    game = game.apply(pr.actions.ChooseOption(15))
    assert shared_action(game.view(game.pending.seat), w).index == 0  # 16 is more than it is worth
    assert isinstance(game.rules.card("idea_auction").abilities[0].effect, Bid)


def test_card_values_see_a_turn_order_change():
    # issue #53: becoming the start player is valued by the place it gives in the order of
    # play (bots.probe), each round of it at most the start player spot's worth
    game = pr.new_game(3, 1, cards=IDEAS)
    cv = CardValues(game.rules, Weights())
    cubes = {k: 1.0 for k in fx.CUBES}
    assert 0 < cv.effect_value(fx.BecomeStartPlayer(), cubes, 1.0) <= 2 * Weights().start_player
    assert cv.effect_value(fx.If(fx.IsStartPlayer(), fx.Gain((fx.Amount("gold", 2),))), cubes, 1.0) > 0


def test_card_values_count_reactions_to_other_players_by_how_often_they_fire():
    game = pr.new_game(3, 1, cards=IDEAS)
    cv = CardValues(game.rules, Weights())
    assert {"idea_guild_fee", "idea_eavesdropper", "idea_harbour_master"} <= cv.reacting
    (fee,) = cv.reactions["idea_guild_fee"]
    (ears,) = cv.reactions["idea_eavesdropper"]
    assert cv.reaction_rate(fee, 2) > 0  # three other hirers at 4 seats, one at 2
    assert cv.reaction_rate(fee, 4) == pytest.approx(3 * cv.reaction_rate(fee, 2))
    assert cv.reaction_rate(ears, 4) == cv.reaction_rate(ears, 2) > 0  # one neighbour, however many play
    assert "idea_wood_broker" not in cv.reacting  # 'when you buy' is the owner's own action


def _ideas_alone(tmp_path, name: str, ids: set[str]) -> Path:
    """The corpus's cards ``ids`` (of ``name``.cards) alone in a file."""
    text = (Path(IDEAS[0]) / f"{name}.cards").read_text(encoding="utf-8")
    blocks = [b for b in text.split("\n\n") if any(f" {i} " in b for i in ids)]
    assert len(blocks) == len(ids)
    path = tmp_path / f"{name}_alone.cards"
    path.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
    return path


#: The ideas of issue #53's last forms: 'that player' in a reaction, and a card
#: given to a player you choose or a privilege given, each with the event that
#: shows its effect.
LAST_FORMS = [
    ("turns", {"idea_ferryman", "idea_jealous_rival", "idea_patron", "idea_wool_buyer"}, (E.Gained, E.Lost)),
    (
        "where",
        {"idea_matchmaker", "idea_abdication", "idea_disputed_inheritance", "idea_kings_favour"},
        (E.PrivilegeGiven, E.CraftsmanGiven),
    ),
]


@pytest.mark.parametrize("level", ["random", "heuristic"])
@pytest.mark.parametrize("name, ids, shown_by", LAST_FORMS, ids=["that_player", "give"])
def test_bots_play_the_last_forms_at_every_seat_count(level, name, ids, shown_by, tmp_path):
    cards = _ideas_alone(tmp_path, name, ids)
    acted = 0
    for n in range(2, 7):
        paths = (["expansion"] if n > 4 else []) + [str(cards)]
        game = pr.play(pr.new_game(n, 40 + n, cards=paths), [make_bot(level, 100 * n + i) for i in range(n)])
        assert game.is_over
        assert pr.load(pr.save(game), cards=paths) == game and pr.replay(game.events, cards=paths) == game
        # a gain or loss names its card; a card given is given only by these cards
        acted += sum(1 for e in game.events if isinstance(e, shown_by) and getattr(e, "reason", "") in ids | {""})
    assert acted  # some card of the forms did what it says in these games


DRAFT_BOARD = [str(Path(__file__).resolve().parents[2] / "examples" / "setup_ideas" / "privilege_draft.cards")]


@pytest.mark.parametrize("level", ["random", "easy", "heuristic", "heuristic-v1", "hard"])
def test_bots_draft_privileges_at_set_up_from_their_views(level):
    """A set-up draft (issue #53): every level answers each pick from its own
    view (the search bot samples the hidden decks around the public display)."""
    game = pr.new_game(3, 4, cards=DRAFT_BOARD)
    bots = [make_bot(level, 3 + s) for s in range(3)]
    while game.state.round == 0:
        seat = game.pending.seat
        view = game.view(seat)
        sample = pr.determinize(view, 1)
        assert sample.view(seat).state == view.state and sample.legal_actions() == game.legal_actions()
        action = bots[seat](view)
        assert action in game.legal_actions()
        game = game.apply(action)
    drafted = [e.seat for e in game.events if isinstance(e, E.PrivilegeTaken)]
    assert drafted == [0, 1, 2]
    assert pr.load(pr.save(game), cards=DRAFT_BOARD) == game
