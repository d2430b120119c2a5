"""No observation leaks hidden cards (issue #15).

Construction: take a position ``a`` of a random game and build ``b`` by replaying
``a``'s log with the undealt cards permuted in the one event that records the
shuffle (:class:`pillars_rules.events.DecksShuffled`): the craftsman decks of the
rounds still to come, the event cards after the next one (a privilege may peek at
that one, RULES §7) and the privilege cards still in the deck. ``a`` and ``b``
then differ exactly in cards no seat has seen, so every observation of every
seat -- tensors and strings, of the observation module and of both adapters --
must be equal. Playing on with the same actions until the permuted cards come
out shows the construction is not vacuous: the observations then differ.
"""

from __future__ import annotations

from requires import need

need("ai", module=True)  # the [ai] extra: without it this module skips, saying what to install

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import pillars_rules as pr
from pillars_rules.ai.observation import Layout
from pillars_rules.ai.openspiel_game import PillarsGame
from pillars_rules.ai.pettingzoo_env import PillarsEnv

from .support import random_positions


def permuted_twin(game: pr.Game) -> pr.Game:
    """``game`` with its still-hidden cards in another order."""
    s = game.state
    events = list(game.events)
    i = next(k for k, e in enumerate(events) if isinstance(e, pr.events.DecksShuffled))
    shuffled = events[i]
    decks = tuple(d[::-1] if r >= s.round else d for r, d in enumerate(shuffled.craftsmen))
    left = len(s.event_deck)  # the undealt events are the tail of the shuffled deck
    evs = shuffled.events
    evs = evs[: len(evs) - left + 1] + evs[len(evs) - left + 1 :][::-1] if left > 2 else evs
    privileges = shuffled.privileges
    keep = len(privileges) - len(s.privilege_deck)
    privileges = privileges[:keep] + privileges[keep:][::-1]
    events[i] = pr.events.DecksShuffled(decks, evs, privileges)
    return pr.replay(events, verify=False)


def observations(game: pr.Game, os_game: PillarsGame, env: PillarsEnv) -> list:
    """Every observation of every seat, from the observation module and both adapters."""
    layout = Layout.for_rules(game.rules, game.state.n_players)
    state = os_game.new_initial_state(engine_game=game)
    env.reset(seed=0)
    env.game = game
    out = []
    for seat in range(game.state.n_players):
        view = game.view(seat)
        out += [layout.text(view), layout.tensor(view).tolist()]
        out += [
            state.observation_string(seat),
            state.information_state_string(seat),
            state.observation_tensor(seat),
            state.information_state_tensor(seat),
        ]
        obs = env.observe(f"player_{seat}")
        out += [obs["observation"].tolist(), obs["action_mask"].tolist()]
    return out


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_hidden_cards_never_change_an_observation(players, seed):
    os_game = pyspiel.load_game("python_pillars_of_the_earth", {"players": players})
    env = PillarsEnv(players=players)
    checked = 0
    for a in random_positions(players, seed, every=17):
        if a.is_over or a.state.round >= 6:
            break
        b = permuted_twin(a)
        assert b.state.decks != a.state.decks  # the hidden cards do differ...
        assert b.state.players == a.state.players and b.events[-1] == a.events[-1]
        for seat in range(players):  # ...and what each seat may know does not
            assert b.view(seat).state == a.view(seat).state
        assert observations(b, os_game, env) == observations(a, os_game, env)
        checked += 1
    assert checked >= 3


def test_the_permuted_cards_do_show_once_dealt():
    """The same construction, played on with identical actions: once the next
    round deals the permuted craftsmen, observations differ (so the test above
    could fail)."""
    os_game = pyspiel.load_game("python_pillars_of_the_earth", {"players": 2})
    env = PillarsEnv(players=2)
    a = pr.new_game(2, 21)
    b = permuted_twin(a)
    bot = pr.RandomBot(21)
    while a.state.round == 1:
        assert observations(a, os_game, env) == observations(b, os_game, env)
        action = bot(a.view(a.current_player))
        a, b = a.apply(action), b.apply(action)
    assert observations(a, os_game, env) != observations(b, os_game, env)
    assert a.view(0).state.display != b.view(0).state.display


def test_the_deal_is_in_no_information_state():
    """A state reached through the chance node (deal k) and one started at the
    same engine game observe the same: the deal index is not in any observation."""
    os_game = pyspiel.load_game("python_pillars_of_the_earth", {"players": 2, "seed": 100})
    dealt = os_game.new_initial_state()
    dealt.apply_action(7)
    direct = os_game.new_initial_state(engine_game=pr.new_game(2, 107))
    rng = np.random.RandomState(3)
    for _ in range(60):
        for seat in range(2):
            assert dealt.information_state_tensor(seat) == direct.information_state_tensor(seat)
            assert dealt.information_state_string(seat) == direct.information_state_string(seat)
            assert dealt.observation_tensor(seat) == direct.observation_tensor(seat)
        action = rng.choice(dealt.legal_actions())
        dealt.apply_action(action)
        direct.apply_action(action)
    assert dealt.history()[0] == 7 and len(dealt.history()) == len(direct.history()) + 1


def _first_peek(players: int):
    """A position of a random game where one seat peeks at the coming event (RULES §7)."""
    for seed in range(100):
        for game in random_positions(players, seed):
            for seat in range(players):
                if not game.is_over and game.view(seat).next_event:
                    return game, seat
    raise AssertionError("no random game reached a peek")


def test_only_the_peeking_seat_observes_the_coming_event():
    game, seat = _first_peek(2)
    card = game.view(seat).next_event
    other = 1 - seat
    os_game = pyspiel.load_game("python_pillars_of_the_earth", {"players": 2})
    state = os_game.new_initial_state(engine_game=game)
    assert f"next event {card}" in state.observation_string(seat)
    assert f"next event {card}" in state.information_state_string(seat)
    assert f"next event {card}" not in state.observation_string(other)
    layout = Layout.for_rules(game.rules, 2)
    block = dict(
        zip(
            [n for n, _ in layout.blocks()],
            np.split(layout.tensor(game.view(seat)), np.cumsum([k for _, k in layout.blocks()])[:-1]),
        )
    )
    assert block["next_event"].sum() == 1
    # a public observer (no private information) leaves the peek out
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observation = make_observation(os_game, public)
    observation.set_from(state, seat)
    assert f"next event {card}" not in observation.string_from(state, seat)
    assert observation.string_from(state, seat) == observation.string_from(state, other).replace(
        f"you are seat {other}", f"you are seat {seat}"
    )
