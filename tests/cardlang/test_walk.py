"""The one walk over the effect tree (issue #53): every reader of a (card,
ability, option) address -- the engine's jobs and granted modifiers, the
compiler's checks -- finds the same node through the same wrappers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pillars_rules.cardlang import effects as fx
from pillars_rules.cardlang.strategies import instants, lastings


def gold(n: int) -> fx.Gain:
    return fx.Gain((fx.Amount("gold", n),), None)


def paths(node, prefix=()):
    """Every path of option indexes to a node under ``node``'s decisions."""
    for i, opt in enumerate(fx.options_of(fx.peel(node))):
        yield prefix + (i,), fx.peel(opt)
        yield from paths(opt, prefix + (i,))


@given(instants)
def test_every_nested_option_has_an_address_that_leads_back_to_it(effect):
    ability = fx.Now(effect)
    for path, node in paths(ability):
        address = -1
        for i in path:
            address = fx.deeper(ability, address, i)
        assert fx.addressed(ability, address) == node
        if len(path) == 1:
            assert address == path[0]  # a top-level option keeps the number old logs wrote


def test_wrappers_are_walked_alike_through_abilities_conditions_and_selectors():
    change = fx.Lasting("rest_of_game", fx.YieldDelta(-1))
    given_away = fx.OnGain(fx.ForPlayers(fx.Players("right"), change))
    assert fx.addressed(given_away) is change  # the form that crashed granted_modifier
    chosen = fx.Trigger("round_start", fx.ForPlayers(fx.Players("chosen"), change))
    assert fx.addressed(chosen) is chosen.effect  # a player to choose is a question of its own
    assert fx.addressed(chosen, into_chosen=True) is change  # what the chosen player then gets
    bid = fx.Now(fx.Bid("gold", fx.Borrow("any")))
    assert fx.addressed(bid, 0) == fx.Borrow("any")  # a bid's prize is its option 0
    assert fx.lastings(given_away) == [change] and fx.offers_lasting(given_away.effect)


@given(st.lists(lastings, min_size=2, max_size=3))
def test_lastings_finds_every_lasting_change_of_a_vote(options):
    vote = fx.Now(fx.Vote(tuple(options)))
    assert fx.lastings(vote) == list(options)


def test_an_address_past_the_options_is_a_lookup_error():
    import pytest

    with pytest.raises(LookupError, match="offers no options"):
        fx.addressed(fx.Now(gold(1)), 0)
