"""Heuristic and ISMCTS bots: legal on any reachable position, blind to hidden
cards, able to play fan cards, and made by name."""

import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules import testing
from pillars_rules.bots import BOTS, LEVELS, make_bot
from pillars_rules.bots.cardvalue import Weights
from pillars_rules.bots.evaluate import Evaluator
from pillars_rules.bots.heuristic import HeuristicBot
from pillars_rules.bots.mcts import MCTSBot
from pillars_rules.errors import ConfigError

FAN = str(Path(__file__).resolve().parents[2] / "examples" / "fan_cards")


def small_mcts(seed):
    return MCTSBot(seed, iterations=6, depth=30)


#: The playout budget of the search made by name, in the property tests below: a tenth of its
#: 400. They check that a choice is legal and blind to hidden cards, which does not depend on how
#: many sampled worlds are played out -- each is drawn from the view alone -- while 400 playouts
#: made the search nine tenths of this file's time. With 40 the paired search still plays several
#: worlds between two eliminations (every 2; every 20 at 400, every 1 at the small budgets of
#: ``BOT_MAKERS``), with the real depth, width and value.
PROPERTY_ITERATIONS = 40


def _by_name(name: str, seed):
    bot = make_bot(name, seed)
    if isinstance(bot, MCTSBot):
        assert bot.iterations > PROPERTY_ITERATIONS and bot.seconds is None
        bot.iterations = PROPERTY_ITERATIONS
    return bot


def _one_name_per_bot() -> dict:
    """Every registered bot and level, once per factory (``medium`` is
    ``heuristic``, ``hard`` is ``mcts``), made by name as every tool makes it
    (the search with :data:`PROPERTY_ITERATIONS` playouts)."""
    out, seen = {}, set()
    for name, factory in BOTS.items():
        if factory not in seen:
            seen.add(factory)
            out[name] = lambda seed, name=name: _by_name(name, seed)
    return out


#: Every registered bot (the real settings but the search's budget), and the search's other modes at
#: small budgets.
BOT_MAKERS = {
    **_one_name_per_bot(),
    "mcts-small": small_mcts,
    "mcts-ucb": lambda seed: MCTSBot(seed, iterations=6, depth=30, paired=False),
    "mcts-heuristic-value": lambda seed: MCTSBot(seed, iterations=6, depth=30, value="heuristic"),
    "mcts-learned-value": lambda seed: MCTSBot(seed, iterations=6, depth=30, value="learned"),
}


def test_every_registered_name_is_covered():
    covered = {n for n in BOT_MAKERS if n in BOTS}
    assert {BOTS[n] for n in covered} == set(BOTS.values())
    assert set(LEVELS) <= set(BOTS)


def test_bots_are_registered_by_name():
    assert {"random", "heuristic", "mcts"} <= set(BOTS)
    assert isinstance(make_bot("heuristic", 1), HeuristicBot)
    assert isinstance(make_bot("mcts", 1), MCTSBot)
    with pytest.raises(ConfigError, match="unknown bot 'greedy'.*heuristic"):
        make_bot("greedy", 1)


@pytest.mark.parametrize("name", sorted(BOT_MAKERS))
@given(
    game=st.one_of(testing.played_games(max_actions=700), testing.played_games(cards=[FAN], max_actions=700)),
    seed=st.integers(0, 2**16),
)
def test_bots_choose_a_legal_action_on_any_reachable_position(name, game, seed):
    """Base games and games with the fan cards of ``examples/`` alike."""
    if game.is_over:
        return
    seat = game.current_player
    action = BOT_MAKERS[name](seed)(game.view(seat))
    assert action in game.legal_actions()
    game.apply(action, seat=seat)


@pytest.mark.parametrize("name", sorted(BOT_MAKERS))
@given(game=testing.played_games(max_actions=700), seed=st.integers(0, 2**16))
def test_choices_do_not_depend_on_hidden_cards(name, game, seed):
    """A world with the same view but other hidden cards (and another seed)
    gets the same choice from a bot with the same seed."""
    if game.is_over:
        return
    seat = game.current_player
    view = game.view(seat)
    other = pr.determinize(view, random.Random(seed + 1))
    assert other.state.decks != game.state.decks or other.state.seed != game.state.seed
    assert other.view(seat) == view
    assert BOT_MAKERS[name](seed)(view) == BOT_MAKERS[name](seed)(other.view(seat))


@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_fan_cards_through_whole_games(players):
    variants = ["dm"] if players == 4 else []  # the PC-version builders too (§2.3)
    game = pr.new_game(players, seed=17, cards=[FAN], variants=variants)
    bots = [
        make_bot("medium", 1),
        MCTSBot(2, iterations=12, depth=30),
        make_bot("easy", 3),
        make_bot("heuristic-v1", 4),
    ][:players]
    game = pr.play(game, bots)
    testing.check_game(game)
    fan = set(game.rules.by_id) - set(pr.new_game(2, seed=0).rules.by_id)
    assert fan
    hired = {e.card for e in game.events if type(e).__name__ == "CraftsmanHired"}
    assert game.is_over and hired & fan, "the bots never hired a fan craftsman"


def test_heuristic_bot_beats_random_bots():
    for seed in range(4):
        game = pr.play(pr.new_game(2, seed=300 + seed), [HeuristicBot(seed), pr.RandomBot(seed)])
        assert game.winners() == [0]
        assert game.state.players[0].vp >= 30


def test_evaluation_of_a_finished_game_is_its_score():
    game = pr.play(pr.new_game(2, seed=8), pr.RandomBot(8))
    ev = Evaluator(game.rules)
    for seat, p in enumerate(game.state.players):
        assert ev.value(game.state, seat) == pytest.approx(p.vp + Weights().end_gold * p.gold)


def test_bots_of_one_evaluation_share_an_evaluator_that_answers_as_a_fresh_one():
    """Bots with the same evaluation and weights share one evaluator (the lab
    makes new bots for every game); a shared one, warm from a whole game,
    values every position of another game as a fresh evaluator does."""
    game = pr.new_game(players=3, seed=21)
    rules = game.rules
    a, b = HeuristicBot(1), HeuristicBot(2)
    assert a.evaluator(rules) is b.evaluator(rules)
    assert HeuristicBot(3, weights=Weights(gold=0.5)).evaluator(rules) is not a.evaluator(rules)
    pr.play(pr.new_game(players=3, seed=22), [a, b, HeuristicBot(4)])  # warms the shared caches
    warm = a.evaluator(rules)
    while not game.is_over:
        fresh = Evaluator(rules, a.weights)
        for seat in range(3):
            assert warm.parts(game.state, seat) == fresh.parts(game.state, seat)
        game = game.apply(HeuristicBot(5)(game.view(game.current_player)))


def test_weights_are_one_frozen_documented_record():
    w = Weights()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):  # in either build
        w.gold = 1.0  # type: ignore[misc]
    assert Weights(gold=0.3).gold == 0.3
    # weights change what the bot values: free gold makes hiring no cost at all
    game = pr.new_game(2, seed=1)
    cheap, dear = Evaluator(game.rules, Weights(gold=0.0)), Evaluator(game.rules, Weights(gold=1.0))
    assert cheap.value(game.state, 0) < dear.value(game.state, 0)


def test_mcts_budget_in_iterations_is_kept_and_reproducible():
    game = pr.play(pr.new_game(3, seed=9), pr.RandomBot(9), max_actions=40)
    view = game.view(game.current_player)
    bot = MCTSBot(5, iterations=12, depth=20)
    a = bot(view)
    assert bot.last_iterations in (0, 12)  # 0: one candidate, no search needed
    assert MCTSBot(5, iterations=12, depth=20)(view) == a


def test_every_bot_values_a_trigger_at_every_hook_point_a_card_can_name(tmp_path):
    # a fan privilege may trigger at the round opening (``at round_start``) as well as at any Phase III
    # step; the improved evaluation once looked the trigger's step up among the steps only and raised
    from pillars_rules.cardlang.effects import HOOK_POINTS

    (tmp_path / "hooks.cards").write_text(
        "".join(
            f'privilege hook_{h} "Hook {i}" de "Haken {i}" {{\n    permanent\n    at {h}: gain 1 vp\n}}\n'
            for i, h in enumerate(HOOK_POINTS)
        )
    )
    held = tuple(f"hook_{h}" for h in HOOK_POINTS)
    game = pr.scenario(
        3, round=2, step="draft", start_player=0, seats={0: dict(privileges=held, gold=12)}, cards=[str(tmp_path)]
    )
    view = game.view(game.current_player)
    assert view.seat == 0 and set(held) <= set(view.state.players[0].privileges)
    for name, make in BOT_MAKERS.items():
        assert make(1)(view) in view.legal_actions, name


def test_a_copied_heuristic_bot_plays_on_as_the_original_with_its_own_generator():
    """``copy.deepcopy`` of a bot (the lab forks bots at a moment) gives a
    twin whose generator is in the same state but is not the same object, so
    both play the same moves from there, and one object shared by two bots
    stays one object in the copy."""
    import copy

    game = pr.new_game(players=2, seed=31)
    bot = HeuristicBot(7)
    for _ in range(5):
        game = game.apply(bot(game.view(game.current_player)))
    twin = copy.deepcopy(bot)
    assert twin.random is not bot.random and twin.random.getstate() == bot.random.getstate()
    a, b = game, game
    for _ in range(30):
        if a.is_over:
            break
        move = bot(a.view(a.current_player))
        assert twin(b.view(b.current_player)) == move
        a, b = a.apply(move), b.apply(move)
    pair = copy.deepcopy([bot, bot])
    assert pair[0] is pair[1]
    other = HeuristicBot(8)
    other.random = bot.random
    both = copy.deepcopy((bot, other))
    assert both[0].random is both[1].random is not bot.random
