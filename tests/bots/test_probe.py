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
    # first in the order: second, the seat moves up one place and the first back one (half of its
    # loss counts for the seat); first already, nothing; last, two places and both others back one
    start = values.effect_value(fx.BecomeStartPlayer(), cubes, 1.0)
    assert start == pytest.approx((0.75 + 0.0 + 1.5) * w.first_in_order / 3)
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


def test_a_capacity_boost_is_worth_one_more_use_of_the_craftsman_boosted(values):
    # a boosted craftsman yields one more use (two with +2) while this round's cathedral is ahead
    craftsman = max(values.boost, key=values.boost.__getitem__)
    assert values.boost[craftsman] > 0
    for n in (1, 2):
        game = pr.scenario(3, round=3, step="draft", seats={0: dict(craftsmen=(craftsman,))}, cards=IDEAS)
        boosted = pr.scenario(
            3, round=3, step="draft", seats={0: dict(craftsmen=(craftsman,), boosts=[(craftsman, n)])}, cards=IDEAS
        )
        probe = values.probe
        assert probe.worth(boosted.state, 0) - probe.worth(game.state, 0) == pytest.approx(n * values.boost[craftsman])
        late = pr.scenario(
            3,
            round=3,
            step="start_player",
            seats={0: dict(craftsmen=(craftsman,), boosts=[(craftsman, n)])},
            cards=IDEAS,
        )
        assert probe.worth(late.state, 0) == probe.worth(
            pr.scenario(3, round=3, step="start_player", seats={0: dict(craftsmen=(craftsman,))}, cards=IDEAS).state, 0
        )  # after the cathedral a boost yields nothing
    # the expansion's apprentice ("at cathedral: choose craftsman except apprentice: capacity +1"),
    # worth nothing before: the probe answers its choice with the seat's best craftsman
    expansion = CardValues(pr.new_game(3, 1, cards=["expansion"]).rules, Weights())
    (trigger,) = expansion.triggers["apprentice"]
    assert expansion.effect_value(trigger.effect, expansion.acquire, 1.0) > 0


def _seer_game(top: tuple[str, str], **seat):
    """Round 2 opens with seat 0 holding the seer (it looks at the next 2 events) and ``seat``'s holdings."""
    base = pr.new_game(4, 1, cards=IDEAS)
    rest = [c.id for c in base.rules.cards.of_kind("event") if c.id not in top]
    privileges = ("idea_seer",) + seat.pop("privileges", ())
    return pr.scenario(
        4,
        round=2,
        step="round_start",
        seats={0: dict(privileges=privileges, **seat)},
        decks=dict(events=[*top, *rest]),
        cards=IDEAS,
    )


HARMFUL, GOOD = "william_hamleigh", "king_celebrates"  # lose 4 gold; gain 5 gold


def test_burying_an_event_is_worth_what_the_seat_knew_of_it(values):
    from pillars_rules.effectplay import effect_result

    # unknown, the coming event is as likely any other after it is buried: nothing
    assert values.probe.effect_value(fx.BuryEvent()) == 0.0
    for top, sign in (((HARMFUL, GOOD), 1), ((GOOD, HARMFUL), -1)):
        game = _seer_game(top)
        assert (0, top[0]) in game.state.seen
        probe = CardValues(game.rules, Weights()).probe
        after = effect_result(game.state, game.rules, 0, fx.BuryEvent(), "", -1)
        assert after.event_deck[0] == top[1]
        assert sign * probe.gain(game.state, after, 0) > 0, top
        # a seat that has not looked at the events gains nothing from it
        assert probe.gain(game.state, after, 1) == pytest.approx(-0.5 * probe.gain(game.state, after, 0))


@pytest.mark.parametrize("top, used", [((HARMFUL, GOOD), True), ((GOOD, HARMFUL), False)])
def test_the_bot_buries_a_harmful_event_it_has_seen_and_keeps_a_good_one(top, used):
    # "once, in the draft: put the coming event under the deck": the position after it has the
    # seat's second looked-at event on top; before issue #53's bots work both were valued alike
    game = _seer_game(top, privileges=("idea_delay",))
    assert game.pending.kind == "draft" and game.pending.seat == 0
    use = next(a for a in game.legal_actions() if isinstance(a, pr.actions.UseOnce) and a.card == "idea_delay")
    score = HeuristicBot(1).scorer(game.view(0))
    now, buried = score.value(game.state, 0, 2), score.value(game.state_after(use), 0, 2)
    assert (buried > now) is used and buried != now


@pytest.mark.parametrize("start, place, used", [(1, 3, True), (3, 1, False), (0, 0, False)])
def test_the_bot_reverses_the_order_of_play_when_it_moves_it_earlier(start, place, used):
    # "once, in the draft: reverse the order of play this round": seat 0 is `place`-th in the order
    game = pr.scenario(
        4,
        round=2,
        step="draft",
        start_player=start,
        passed=(1, 2, 3),
        seats={0: dict(privileges=("idea_contrarian",))},
        cards=IDEAS,
    )
    assert game.pending.seat == 0 and (0 - start) % 4 == place
    use = next(a for a in game.legal_actions() if isinstance(a, pr.actions.UseOnce) and a.card == "idea_contrarian")
    after = game.state_after(use)
    assert 2 in after.reversed_rounds
    score = HeuristicBot(1).scorer(game.view(0))
    gain = score.value(after, 0, 2) - score.value(game.state, 0, 2)
    w = Weights()
    assert gain == pytest.approx(w.first_in_order * ((place - (-place) % 4) / 3))
    assert (gain > 0) is used
