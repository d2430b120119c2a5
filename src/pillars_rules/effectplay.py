"""Playing one effect, or one decision, on a state: the engine's steps that a
client may use to see what a card does without playing a whole game (the
heuristic bots' effect probe, :mod:`pillars_rules.bots.probe`). Each function
returns the state the engine's own fold gives; nothing here changes a game.

>>> import pillars_rules as pr
>>> from pillars_rules.cardlang.effects import Amount, Gain
>>> game = pr.new_game(players=3, seed=1)
>>> after = effect_result(game.state, game.rules, 0, Gain((Amount("gold", 2),)), "probe", -1)
>>> after.players[0].gold - game.state.players[0].gold
2
"""

from __future__ import annotations

from typing import Any

from .engine.batch import instant_events
from .engine.context import Rules
from .engine.evolve import evolve
from .engine.flow import advance
from .engine.legal import action_events, legal_actions
from .engine.state import GameState


def effect_result(
    state: GameState, rules: Rules, seat: int, effect: Any, source: str, ability: int, actor: int = -1
) -> GameState:
    """``state`` after ``effect`` happens to ``seat`` (as card ``source``'s ability
    ``ability``; ``actor``: the seat a reaction's ``that player`` names, -1 for none).
    A decision it asks is queued, not answered (see :func:`settled`)."""
    after = state
    for e in instant_events(state, rules, seat, effect, source, ability, -1, None, actor):
        after = evolve(after, e, rules)
    return after


def settled(state: GameState, rules: Rules) -> GameState:
    """``state`` with the engine's automatic steps run up to the next decision."""
    return advance(state, rules).state


def answers(state: GameState, rules: Rules, most: int) -> list[tuple[Any, GameState]]:
    """The first ``most`` legal answers of the pending decision, each with the state it gives."""
    out = []
    for action in legal_actions(state, rules)[:most]:
        after = state
        for e in action_events(state, rules, action):
            after = evolve(after, e, rules)
        out.append((action, after))
    return out
