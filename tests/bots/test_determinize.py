"""pr.determinize: games consistent with one seat's view (RULES §1 deck structure)."""

import random
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules import testing
from pillars_rules.bots.heuristic import HeuristicBot
from pillars_rules.engine import events as E
from pillars_rules.engine.legal import legal_actions as listing
from pillars_rules.view import HIDDEN, from_export, redact_state

FAN = str(Path(__file__).resolve().parents[2] / "examples" / "fan_cards")


def _seat(game):
    return game.current_player if game.current_player is not None else 0


def _check(game, sample_seed):
    view = game.view(_seat(game))
    sample = pr.determinize(view, random.Random(sample_seed))
    # it keeps the laws and agrees with the view in every visible field
    testing.check_state(sample.state, sample.rules)
    testing.check_round_workers(sample)
    assert redact_state(sample.state) == view.state
    again = sample.view(view.seat)
    assert again.next_event == view.next_event
    # the seat's options: the view's very objects (a search applies them as listed), which are
    # what the engine lists for the sampled state (they depend on nothing hidden)
    assert all(a is b for a, b in zip(sample.legal_actions(), view.legal_actions, strict=True))
    assert tuple(listing(sample.state, sample.rules)) == view.legal_actions
    assert again == view
    # no hidden card is left unknown, and the decks hold real cards of the right kind
    decks = sample.state.decks
    rules = sample.rules
    for r, deck in enumerate(decks.craftsman_decks, start=1):
        assert all(rules.card(c).kind == "craftsman" and rules.card(c).round == r for c in deck)
        assert len(set(deck)) == len(deck)
    assert all(rules.card(c).kind == "event" for c in decks.event_deck)
    assert all(rules.card(c).kind == "privilege" for c in decks.privilege_deck)
    # unseen means unseen: no revealed event or held privilege comes again
    revealed = {e.card for e in view.events if isinstance(e, E.EventRevealed)}
    assert not revealed & set(decks.event_deck)
    held = {c for p in sample.state.players for c in p.privileges}
    assert not held & set(decks.privilege_deck)
    # the last-round privileges stay at the bottom (§1)
    lasts = [c for c in decks.privilege_deck if rules.card(c).last_round]
    assert list(decks.privilege_deck[len(decks.privilege_deck) - len(lasts) :]) == lasts
    # its log folds to its state (a log for search, not a verified replay)
    assert pr.replay(sample.events, cards=rules.base, verify=False).state == sample.state
    assert sample.state.seed != 0
    return sample


@given(testing.played_games(max_actions=600), st.integers(0, 2**32))
def test_determinized_games_agree_with_the_view_and_keep_the_laws(game, sample_seed):
    sample = _check(game, sample_seed)
    if not sample.is_over:  # and they can be played on
        testing.check_state(pr.play(sample, pr.RandomBot(sample_seed), max_actions=60).state, sample.rules)


@given(testing.played_games(cards=[FAN], max_actions=600), st.integers(0, 2**32))
def test_determinize_with_fan_cards(game, sample_seed):
    _check(game, sample_seed)


def test_hidden_cards_vary_and_the_peeked_event_is_kept():
    game = pr.new_game(4, seed=21)
    view = game.view(0)
    decks = {pr.determinize(view, random.Random(k)).state.decks for k in range(20)}
    assert len(decks) > 1
    assert pr.determinize(view, 7).state == pr.determinize(view, 7).state  # seeded
    # a seat that may peek (Ellen's modifier, §7) keeps the known next event
    for seed in range(200):
        game = testing.play_random(pr.new_game(3, seed=seed), random.Random(seed), 200)
        for seat in range(3):
            view = game.view(seat)
            if view.next_event:
                for k in range(5):
                    assert pr.determinize(view, k).state.event_deck[0] == view.next_event
                return
    raise AssertionError("no seat could peek in 200 random games")


def test_the_true_decks_are_not_reached():
    game = pr.new_game(2, seed=5)
    view = game.view(0)
    assert all(c == HIDDEN for c in view.state.event_deck)
    samples = [pr.determinize(view, k).state.event_deck for k in range(30)]
    assert any(s != game.state.event_deck for s in samples)


@given(testing.scenarios(), st.integers(0, 2**32))
def test_determinize_positions_set_up_by_scenario(game, sample_seed):
    """A game set up with pr.scenario: the sample agrees with the view and keeps
    the laws (its log is the view's own, not a fold of the sampled decks)."""
    if game.is_over:
        return
    view = game.view(_seat(game))
    sample = pr.determinize(view, random.Random(sample_seed))
    testing.check_state(sample.state, sample.rules)
    assert redact_state(sample.state) == view.state
    assert tuple(sample.legal_actions()) == view.legal_actions
    action = HeuristicBot(sample_seed)(view)
    assert action in game.legal_actions()


def test_a_view_rebuilt_from_its_export_is_sampled_from_its_decoded_events():
    """A view read back from ``game.export(seat)`` (its events still JSON until
    asked for) is sampled from its decoded events: the sample's log is the
    view's log after the set-up. (An export holds no draw counter, so such a
    sample's log does not fold to its state's counter and decks.)"""
    game = pr.play(pr.new_game(players=3, seed=9), pr.RandomBot(9), max_actions=140)
    seat = game.current_player
    view = game.view(seat)
    rebuilt = from_export(game.export(seat))
    a, b = pr.determinize(view, random.Random(4)), pr.determinize(rebuilt, random.Random(4))
    assert b.events[2:] == a.events[2:] == view.events[2:] and b.n_events == view.n_events
    assert redact_state(b.state).players == view.state.players


@given(seed=st.integers(0, 2**32), n=st.integers(0, 120), data=st.data())
def test_the_compiled_sample_draws_what_random_sample_draws(seed, n, data):
    # determinize's own sample (compiled with it) must deal the very cards random.Random.sample
    # would, and leave the generator where sample leaves it, so the bots play the same games
    from pillars_rules.determinize import _sample

    k = data.draw(st.integers(0, n), label="k")
    pool = [f"c{i}" for i in range(n)]
    ours, theirs = random.Random(seed), random.Random(seed)
    assert _sample(ours, pool, k) == theirs.sample(pool, k)
    assert ours.getstate() == theirs.getstate()
    assert pool == [f"c{i}" for i in range(n)]  # the pool itself is untouched


def test_a_random_subclass_keeps_its_own_sample():
    from pillars_rules.determinize import _sample

    class Loaded(random.Random):
        def sample(self, population, k, *, counts=None):
            return list(population)[:k]

    assert _sample(Loaded(1), ["a", "b", "c"], 2) == ["a", "b"]
