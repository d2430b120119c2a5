"""The heuristic bots value an effect by what it does through the model
(issue #53, "Bots and the lab"): a form with no closed-form value is played
through the engine on probe positions and valued by what changed, so a new
kind of card gets a value without code for its form."""

from __future__ import annotations

from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules.bots.cardvalue import CardValues, Weights
from pillars_rules.bots.evaluate import Evaluator
from pillars_rules.bots.heuristic import HeuristicBot
from pillars_rules.cardlang import effects as fx

IDEAS = [str(Path(__file__).resolve().parents[2] / "examples" / "ideas")]
GOLD = (fx.Amount("gold", 2),)
VP = (fx.Amount("vp", 1),)


@pytest.fixture(scope="module")
def values() -> CardValues:
    return CardValues(pr.new_game(3, 1, cards=IDEAS).rules, Weights())


def test_the_probe_agrees_with_the_closed_forms(values):
    # what the closed forms say of gains, gifts to others and transfers, the probe finds by playing them
    cubes = {k: 0.0 for k in fx.CUBES}
    others = fx.Players("other")
    for effect in (
        fx.Gain(GOLD),
        fx.Gain(VP),
        fx.Lose(VP),
        fx.ForPlayers(others, fx.Gain(VP)),
        fx.Transfer("take", GOLD, others),
    ):
        assert values.probe.effect_value(effect) == pytest.approx(values.effect_value(effect, cubes, 1.0)), effect


def _effect(values: CardValues, card: str, form: type):
    """The first effect of ``form`` among ``card``'s abilities."""
    return next(a.effect for a in values.rules.by_id[card].abilities if isinstance(getattr(a, "effect", None), form))


def test_effects_without_a_closed_form_are_valued_by_what_they_do(values):
    cubes = {k: 0.0 for k in fx.CUBES}
    w = values.w
    start = values.effect_value(fx.BecomeStartPlayer(), cubes, 1.0)
    assert 0 < start <= 2 * w.start_player  # ahead in the order of play
    assert values.effect_value(fx.LookEvents(2), cubes, 1.0) == pytest.approx(2 * w.per_round_minor)
    # the decisions an ability asks are answered: a privilege given away is a loss where the
    # seat holds one (nothing where it holds none), and another's lasting modifiers copied for
    # the rest of the game are worth more than for a round
    assert values.effect_value(_effect(values, "idea_abdication", fx.GivePrivilege), cubes, 1.0) < 0
    heir = values.effect_value(_effect(values, "idea_heir", fx.CopyPrivilege), cubes, 1.0)
    mimic = values.effect_value(_effect(values, "idea_mimic", fx.CopyPrivilege), cubes, 1.0)
    assert heir > mimic > 0


@pytest.mark.parametrize("card", ["idea_guild_fee", "idea_ferryman", "idea_seer", "idea_usurper", "idea_heir"])
def test_a_privilege_of_a_new_kind_is_worth_taking(card):
    # before issue #53's probe, reactions to other players counted nothing at Kingsbridge
    game = pr.new_game(4, 1, cards=IDEAS)
    ev = Evaluator(game.rules, Weights())
    assert ev.privilege(card, 4, held=False, craftsmen=game.state.players[0].craftsmen) > 0.3


def test_a_once_used_effect_counts_for_a_privilege_on_offer():
    # "once; on draft: reverse the order of play this round": a little, once; while the card is
    # held it counts nothing, so the bot uses it whenever that helps
    game = pr.new_game(4, 1, cards=IDEAS)
    ev = Evaluator(game.rules, Weights())
    assert 0 < ev.cards.once_use_value("idea_contrarian") < Weights().start_player
    assert ev.cards.once_value("idea_contrarian") == 0
    assert ev.privilege("idea_contrarian", 4, held=False, craftsmen=()) == ev.cards.once_use_value("idea_contrarian")


def test_the_bot_places_beside_a_reaction_that_pays_it():
    # Kingsbridge offers a once-used reversal of the order of play (first, so a tie would take
    # it) and a reaction that pays gold at every other player's hire; the bot takes the second
    game = pr.scenario(
        4,
        round=2,
        step="builders",
        kingsbridge=("idea_contrarian", "idea_guild_fee"),
        builders=dict(drawn=0),
        cards=IDEAS,
    )
    assert game.pending.kind == "place" and game.pending.seat == 0
    legal = [a for a in game.legal_actions() if isinstance(a, pr.actions.Place) and a.location == "kingsbridge"]
    assert len(legal) == 2
    bot = HeuristicBot(1)
    best, _ = HeuristicBot.best(game, 0, legal, bot.scorer(game.view(0)))
    assert game.state.kingsbridge[best.spot] == "idea_guild_fee"
