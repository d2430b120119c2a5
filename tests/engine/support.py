"""Helpers for rule tests, on the public API only: a position comes from
:func:`pillars_rules.scenario` (checked, recorded as an event, chance pinned),
and what happened in it is read from the log and ``game.state_at``."""

from __future__ import annotations

import pillars_rules as pr
from pillars_rules import events as E
from pillars_rules.game import Game

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def game_for(players: int = 4, seed: int = 1, **kw) -> Game:
    return pr.new_game(players, seed, **kw)


def position(step: str, players: int = 4, seed: int = 1, **kw) -> Game:
    """``pr.scenario`` at ``step`` (see its docs), run to the next decision."""
    return pr.scenario(players=players, step=step, seed=seed, **kw)


def after_step(game: Game, step: str):
    """The state when the last run of Phase III ``step`` in the log was over
    (or now, if the game waits for a decision inside it)."""
    events = game.events
    start = max(i for i, e in enumerate(events) if isinstance(e, E.StepStarted) and e.step == step)
    for j in range(start + 1, len(events)):
        if isinstance(events[j], (E.StepStarted, E.RoundEnded)):
            return game.state_at(j - 1)
    return game.state


def cubes(wood: int = 0, stone: int = 0, sand: int = 0, metal: int = 0) -> tuple:
    return (wood, stone, sand, metal)


def new_events(before: Game, after: Game) -> list:
    return list(after.events[before.n_events :])


def of_type(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


def act(game: Game, *actions) -> Game:
    for a in actions:
        game = game.apply(a)
    return game


def pick(game: Game, cls, **fields):
    """The legal action of class ``cls`` whose fields match."""
    for a in game.legal_actions():
        if isinstance(a, cls) and all(getattr(a, k) == v for k, v in fields.items()):
            return a
    raise AssertionError(f"no legal {cls.__name__} {fields} in {[str(a) for a in game.legal_actions()]}")


def bag_prices(game: Game) -> list[int]:
    """From Phase II, the price of every builder drawn from the bag: each kept
    on a redraw and placed on the first spot listed, or parked if its owner
    cannot pay."""
    from pillars_rules.actions import KeepBuilder, Park, Place

    prices = []
    while game.state.bag or game.state.drawn is not None:
        if game.pending.kind == "redraw":
            game = game.apply(KeepBuilder())
            continue
        prices.append(game.state.price)
        afford = game.state.players[game.current_player].gold >= game.state.price
        game = game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)) if afford else Park())
    return prices


def to_builders(game: Game) -> Game:
    """Pass everyone through the draft so Phase II starts."""
    from pillars_rules.actions import Pass

    while game.pending.kind in ("draft", "discard"):
        game = game.apply(Pass())
    return game
