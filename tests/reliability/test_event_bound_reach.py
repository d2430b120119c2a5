"""The event bound holds for the card forms of issue #36 too: selectors give
an effect to every other player, transfers give a loss and a gain, and
``at game_end:`` adds effects after the last round. The budget of card
effects counts what each *reached* seat gets (an ability that would take any
reached seat past it gives nothing), so the worst set of these forms we could
write stays within :func:`~pillars_rules.limits.event_bound`."""

from __future__ import annotations

import collections

import pytest

import pillars_rules as pr
from pillars_rules import cardlang, limits
from pillars_rules.engine import events as E
from pillars_rules.engine.evolve import evolve

from .longplay import longest

N = limits.MAX_NUMBER
HOOKS = (
    "round_start",
    "event",
    "wool_mill",
    "kingsbridge",
    "priory",
    "kings_court",
    "shiring",
    "castle",
    "market",
    "cathedral",
)


def _chain() -> str:
    # one level less than the limit: the selector's option goes in parentheses
    text = f"choose one: gain 1 vp | gain {N} gold"
    for _ in range(limits.MAX_NESTING - 2):
        text = f"choose one: ({text}) | gain 1 vp"
    return text


def _abilities() -> list[str]:
    """15 abilities that reach every seat as often as a card can."""
    out = [
        f"at game_end: each player: gain {N} vp per {N} gold",
        f"at game_end: take {N} gold, {N} wood from each other player",
    ]
    forms = (
        f"each other player: ({_chain()})",
        "each player: lose 1 vp",
        "take 1 gold, 1 stone from each other player",
        "give 1 gold to the player with fewest vp",
    )
    k = 0
    while len(out) < limits.MAX_ABILITIES_PER_CARD - 1:  # room for an "allows"
        out.append(f"at {HOOKS[k % len(HOOKS)]}: {forms[k % len(forms)]}")
        k += 1
    return out


def reach_set() -> str:
    body = "\n".join(_abilities())
    out = []
    for cid, extra in (
        ("carpenter", "tags carpenter allows buy wood"),
        ("stonemason", "tags stonemason allows sell stone"),
        ("mortar_mixer", "tags mortar_mixer"),
    ):
        out.append(f'craftsman {cid} "{cid}" {{ round start {extra}\n{body} }}')
    for r in range(1, 7):
        for k in range(3):
            out.append(f'craftsman r{r}_{k} "R{r}{k}" {{ round {r} cost 1 gold\n{body} }}')
    return "\n".join(out)


@pytest.fixture(scope="module")
def reach() -> pr.CardSet:
    return cardlang.compile_text(reach_set(), "reach.cards", known=cardlang.base_cards())


def _most_effects(game) -> int:
    state, most = None, 0
    for e in game.events:
        state = evolve(state, e, game.rules)
        if state.effects:
            most = max(most, max(state.effects))
    return most


@pytest.mark.parametrize("players, seed, policy", [(4, 0, "longest"), (3, 1, "random")])
def test_games_of_the_reach_set_end_within_the_bound(reach, players, seed, policy):
    end = pr.playout(
        pr.new_game(players=players, seed=seed, cards=reach), longest(seed) if policy == "longest" else None, seed=seed
    )
    assert end.is_over and end.n_events <= limits.event_bound(players)["total"]
    assert _most_effects(end) == limits.MAX_CARD_EFFECTS  # the budget was reached, and held
    reasons = collections.Counter(
        type(e).__name__ for e in end.events if isinstance(e, (E.Gained, E.Lost)) and e.reason.startswith(("r", "carp"))
    )
    assert reasons["Lost"] and reasons["Gained"]
    assert pr.load(pr.save(end), cards=reach) == end


def test_an_ability_that_would_pass_a_reached_seats_budget_gives_nothing(reach):
    game = pr.scenario(3, step="round_start", round=2, cards=reach, seats={1: dict(gold=5)})
    # every seat's three starting craftsmen reach every other seat: nobody passes the budget
    state = game.state_at(-1)
    assert max(state.effects) <= limits.MAX_CARD_EFFECTS
