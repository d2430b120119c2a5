"""Helpers for rule tests: set up a situation by state surgery, then let the
engine's own flow run up to the next decision."""

from __future__ import annotations

from pillars_rules import new_game
from pillars_rules.effects import LOCATIONS
from pillars_rules.engine.legal import run
from pillars_rules.engine.state import replace
from pillars_rules.game import Game

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def game_for(players: int = 4, seed: int = 1, **kw) -> Game:
    return new_game(players, seed, **kw)


def spots(**where: tuple) -> tuple:
    """A spots tuple with the given seats placed, e.g. ``spots(market=(2, 0))``."""
    out = []
    for loc, n in LOCATIONS.items():
        seats = tuple(where.get(loc, ()))
        out.append((loc, seats + (None,) * (n - len(seats))))
    return tuple(out)


def cubes(wood: int = 0, stone: int = 0, sand: int = 0, metal: int = 0) -> tuple:
    return (wood, stone, sand, metal)


def surgery(game: Game, players: dict | None = None, **changes) -> Game:
    """The same game with changed state fields and player fields (no events)."""
    state = game.state
    if players:
        ps = list(state.players)
        for seat, ch in players.items():
            ps[seat] = replace(ps[seat], **ch)
        changes["players"] = tuple(ps)
    supply_fix = changes.pop("keep_supply", False)
    new = replace(state, **changes)
    if not supply_fix:
        new = _rebalance_supply(new)
    return Game(game.rules, new, list(game.events), game.n_events)


def _rebalance_supply(state):
    """Keep cube conservation exact after surgery: the supply absorbs the difference."""
    from pillars_rules.engine.state import CUBE_TOTALS

    supply = list(state.supply)
    for i, kind in enumerate(("wood", "stone", "sand", "metal")):
        supply[i] += CUBE_TOTALS[i] - state.cube_total(kind)
    return replace(state, supply=tuple(supply))


def resume(game: Game, players: dict | None = None, **changes) -> Game:
    """Surgery, then run the automatic flow up to the next decision."""
    g = surgery(game, players, pending=None, **changes)
    events, state = run(g.state, g.rules, [])
    log = list(g.events) + events
    return Game(g.rules, state, log, len(log))


def at_step(game: Game, step: str, players: dict | None = None, **changes) -> Game:
    """Run Phase III ``step`` alone (its triggers and body) and stop before the next
    step starts, or at the first decision inside it."""
    from pillars_rules.engine import events as E
    from pillars_rules.engine.evolve import evolve
    from pillars_rules.engine.flow import advance, trigger_events

    g = surgery(game, players, pending=None, stage="resolution", step=step, drawn=None, bag=(), **changes)
    started = E.StepStarted(step)
    state = evolve(g.state, started)
    log = list(g.events) + [started]
    pending = trigger_events(state, g.rules, step)
    while True:
        for e in pending:
            if isinstance(e, E.StepStarted) and e.step != step or isinstance(e, E.RoundEnded):
                return Game(g.rules, state, log, len(log))
            state = evolve(state, e)
            log.append(e)
            if isinstance(e, E.DecisionPending):
                return Game(g.rules, state, log, len(log))
        pending = advance(state, g.rules).events


def new_events(before: Game, after: Game) -> list:
    return list(after.events[before.n_events:])


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


def to_builders(game: Game) -> Game:
    """Pass everyone through the draft so Phase II starts."""
    while game.pending.kind in ("draft", "discard"):
        from pillars_rules.actions import Pass

        game = game.apply(Pass())
    return game


def force_draw(game: Game, seat: int) -> Game:
    """Make the builder just drawn be one of ``seat`` (redraw switched off)."""
    s = game.state
    bag = list(s.bag) + ([s.drawn] if s.drawn is not None else [])
    bag.remove(seat)
    price = s.price if s.drawn is not None else s.marker
    return resume(game, bag=tuple(bag), drawn=seat, price=price, redraw_used=True)
