"""Views hold no secret (issue #24 item 9) and a spectator sees no seat's secret (#22).

* No module of the library keeps a seed or a deck order after views are made
  (the old ``_FIXED`` and ``_DECKS`` caches of ``pillars_rules.view`` kept the
  last viewed game's), and nothing reachable from a view -- attributes,
  closures, class dictionaries, module globals, any ``gc`` referent -- holds
  the seed or an undealt card's place (the old private ``_raw`` log did).
* A view pickles as its export, so a bot in another process gets redacted
  data only: the worker's whole heap holds neither the seed nor a deck order.
* The spectator's view and export pass the hidden-card permutation test the
  seat views pass (tests/ai/test_hidden_information.py): twins that differ only
  in undealt cards look the same, and no seat's peek shows.
"""

from __future__ import annotations

import concurrent.futures
import gc
import json
import multiprocessing
import pickle
import sys
import types

import pytest
from ai.support import random_positions
from ai.test_hidden_information import permuted_twin

import pillars_rules as pr
from pillars_rules.view import from_export

from .secrets_walk import a_game_in_round_2, leaks, reachable, secrets_of


def test_the_walk_finds_secrets_where_they_are():
    # control: the walk would see a seed or a deck reachable from an object
    game = a_game_in_round_2()
    seed, decks = secrets_of(game)
    assert len(decks) >= 3 and seed > 2**32
    assert "the seed" in leaks(reachable([game]), seed, decks)
    assert any("undealt" in x for x in leaks(reachable([game]), seed, decks))
    holder = types.SimpleNamespace(f=lambda: game.state.decks)  # behind a closure
    assert leaks(reachable([holder]), seed, decks)


def test_no_module_of_the_library_holds_a_secret_after_views():
    game = a_game_in_round_2()
    seed, decks = secrets_of(game)
    views = [game.view(s) for s in range(3)] + [game.view(None)]
    [v.events for v in views]
    exports = [game.export(s) for s in (0, 1, None)]
    modules = [m for name, m in sys.modules.items() if name.split(".")[0] == "pillars_rules"]
    found = leaks(reachable(modules), seed, decks)
    assert found == [], found
    assert all(str(seed) not in e for e in exports)


def test_nothing_reachable_from_a_view_holds_a_secret():
    game = a_game_in_round_2()
    seed, decks = secrets_of(game)
    for seat in (0, 1, 2, None):
        view = game.view(seat)  # before .events is read (the old view kept the raw log then)
        found = leaks(reachable([view]), seed, decks)
        assert found == [], (seat, found)
        _ = view.events  # read: what the view keeps then holds no secret either
        assert leaks(reachable([view]), seed, decks) == []


def test_views_keep_their_speed_tricks_without_sharing_across_games():
    a, b = a_game_in_round_2(), a_game_in_round_2()
    # one game's views share the redacted state; another game's views never reuse it
    assert a.view(0).state is a.view(1).state is a.view(None).state
    assert b.view(0).state is not a.view(0).state
    assert a.view(0).state.decks != b.view(0).state.decks or a.state.decks == b.state.decks
    # a branch off an older game gets its own redacted log
    old = a
    newer = a.apply(a.legal_actions()[0])
    other = old.apply(old.legal_actions()[-1])
    assert newer.view(0).events[-3:] == tuple(newer.view(None).events[-3:])
    assert other.view(0).events == tuple(pr.view.redact_event(e) for e in other.events)
    assert newer.view(0).events == tuple(pr.view.redact_event(e) for e in newer.events)


# ---------------------------------------------------------------- another process
def _bot_side(view) -> dict:
    """In a spawned worker: what the bot's argument and the whole heap hold."""
    from pillars_rules.bots import make_bot

    action = make_bot("heuristic", 1)(view)
    roots = [view]
    big_ints, orders = set(), []
    for o in list(reachable(roots)) + [r for x in gc.get_objects() for r in gc.get_referents(x)]:
        if type(o) is int and o > 2**62:
            big_ints.add(o)
        elif (
            type(o) in (tuple, list)
            and 2 <= len(o) <= 20
            and (all(type(x) is str for x in o) or all(type(x) is tuple and all(type(y) is str for y in x) for x in o))
        ):
            orders.append(tuple(o))
    return {
        "action": pr.encode_action(action),
        "ints": sorted(big_ints),
        "orders": orders,
        "seat": view.seat,
        "decision": view.decision,
        "seed": view.state.seed,
    }


@pytest.fixture(scope="module")
def spawned():
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield pool


@pytest.mark.parametrize("cards", [None, "fan"])
def test_a_bot_in_another_process_gets_no_secret(spawned, cards):
    from ai.support import FAN_CARDS

    # a fixed seed long enough that its digits cannot turn up in a pickle by chance
    game = pr.new_game(players=3, seed=7_316_942_058_113_651, cards=[FAN_CARDS] if cards else None)
    bot = pr.RandomBot(2)
    while game.state.round < 2:
        game = game.apply(bot(game.view(game.current_player)))
    seed, decks = secrets_of(game)
    view = game.view(game.current_player)
    payload = pickle.dumps(view)
    assert str(seed).encode() not in payload
    assert not any(json.dumps(list(d)).encode() in payload for d in decks)
    got = spawned.submit(_bot_side, view).result(timeout=120)
    assert got["seat"] == view.seat and got["decision"] == view.decision and got["seed"] == 0
    assert seed not in got["ints"]
    assert not set(decks) & set(got["orders"])
    # and the bot still plays: its answer is legal for the real game
    assert game.apply(pr.decode_action(got["action"]), seat=view.seat, expect=view.decision)


def test_a_view_rebuilt_from_its_export_is_the_view():
    for game in random_positions(3, 8, every=37):
        for seat in (0, 1, 2, None):
            view = game.view(seat)
            rebuilt = from_export(game.export(seat))
            assert rebuilt == view and rebuilt.rules is view.rules
            assert pickle.loads(pickle.dumps(view)) == view


# ---------------------------------------------------------------- spectators
@pytest.mark.parametrize("players,seed", [(2, 11), (4, 13)])
def test_hidden_cards_never_change_the_spectators_view(players, seed):
    checked = 0
    for a in random_positions(players, seed, every=17):
        if a.is_over or a.state.round >= 6:
            break
        b = permuted_twin(a)
        assert b.state.decks != a.state.decks  # the hidden cards differ...
        assert b.export(None) == a.export(None)  # ...and the spectator cannot tell
        assert b.view(None) == a.view(None)
        checked += 1
    assert checked >= 3


def test_the_spectators_view_is_what_every_seat_sees_in_common():
    for game in random_positions(3, 21, every=23):
        spec = json.loads(game.export(None))
        assert spec["seat"] is None and spec["legal_actions"] == [] and spec["next_event"] is None
        for seat in range(3):
            mine = json.loads(game.export(seat))
            assert (mine["state"], mine["events"]) == (spec["state"], spec["events"])


def test_the_permuted_cards_do_show_to_spectators_once_dealt():
    a = pr.new_game(2, 21)
    b = permuted_twin(a)
    bot = pr.RandomBot(21)
    while a.state.round == 1:
        assert a.export(None) == b.export(None)
        action = bot(a.view(a.current_player))
        a, b = a.apply(action), b.apply(action)
    assert a.export(None) != b.export(None)


def test_no_peek_reaches_a_spectator():
    for seed in range(100):
        for game in random_positions(2, seed):
            peeking = [s for s in range(2) if not game.is_over and game.view(s).next_event]
            if peeking:
                assert game.view(None).next_event is None
                assert json.loads(game.export(None))["next_event"] is None
                assert game.view(None).state == game.view(peeking[0]).state
                return
    raise AssertionError("no random game reached a peek")
