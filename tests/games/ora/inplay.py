"""Helpers of the buildings-in-play tests: a building on a seat's landscape, its uses as listed in play."""

from __future__ import annotations

from typing import Any

from pillars_rules.core import Game
from pillars_rules.games.ora import records as R
from pillars_rules.games.ora.rules import piece
from pillars_rules.games.ora.words import describe
from pillars_rules.mechanisms import grid as G
from pillars_rules.mechanisms.wheel import Wheel

from .helpers import at, do, two_steps


def goods(pairs: Any) -> str:
    return ", ".join(f"{n} {g}" for g, n in pairs) or "nothing"


def landed(g: Game, seat: int, kind: str, side: str, spot: tuple[int, int] | None = None) -> Game:
    """``g`` with a ``kind`` board laid on ``seat``'s landscape at ``spot`` (default: its first allowed one)."""
    grid = g.state.grids[seat]
    spot = spot or G.attach_spots(g.rules.grid, grid, kind, side)[0]
    grid = G.attach(g.rules.grid, grid, kind, side, spot)
    return at(g, grids=g.state.grids[:seat] + (grid,) + g.state.grids[seat + 1 :])


def erected(g: Game, seat: int, card: str) -> tuple[Game, tuple[int, int]]:
    """``g`` with ``card`` built on ``seat``'s landscape (a coast plot, a mountain plot laid first
    when its terrain needs one) at its first allowed spot, and that spot."""
    rule, p = g.rules.rule(card), piece(g.rules.cards[card])
    for kind, side in (("", ""), ("coast-plot", "coast"), ("mountain-plot", "mountain")):
        if kind:
            g = landed(g, seat, kind, side)
        spots = G.place_spots(g.state.grids[seat], p, rule)
        if spots:
            grid = G.place(g.state.grids[seat], spots[0], p, rule)
            return at(g, grids=g.state.grids[:seat] + (grid,) + g.state.grids[seat + 1 :]), spots[0]
    raise AssertionError(f"{card} fits nowhere")


def wheel(g: Game, **steps: int) -> Game:
    """``g`` with the wheel's indicators on these steps (others as they are; a name not on it yet enters)."""
    now = dict(g.state.wheel.steps) | {k.replace("_", " "): v for k, v in steps.items()}
    return at(g, wheel=Wheel(tuple((n, now[n]) for n in g.rules.wheel.names if n in now)))


def text(e: R.Used) -> str:
    """A use as ``gives -> takes`` (goods in name order), its resets and its follow-ups."""
    out = f"{goods(e.give)} -> {goods(e.take)}"
    out += "".join(f"; reset {r}" for r in e.reset)
    out += "".join(f"; then {s} {a}".rstrip() for s, a in e.then)
    return out


def uses(g: Game, key: str, kind: str = "prior") -> dict[str, tuple[R.Used, Game]]:
    """Each use of the building ``key`` the pending seat is offered by placing its ``kind``
    there, played: its text (:func:`text`) -> its ``Used`` event and the game after it."""
    out: dict[str, tuple[R.Used, Game]] = {}
    for t in two_steps(g):
        if type(t.first) is R.Place and t.key == key and t.kind == kind and t.outcome >= 0:
            after = do(g, t)
            (used,) = [e for e in after.events[len(g.events) :] if type(e) is R.Used]
            assert text(used) not in out, f"{text(used)} listed twice"
            out[text(used)] = (used, after)
    return out


def sentence(g: Game, e: Any) -> str:
    return describe(g.state, g.rules, e)
