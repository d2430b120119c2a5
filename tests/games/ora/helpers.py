"""Shared helpers of Ora's tests: rules per mode, new games, a game set to a given state."""

from __future__ import annotations

import functools
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from pillars_rules.core import Game
from pillars_rules.games.ora import ORA, OraRules, new_game, ora_rules
from pillars_rules.games.ora import records as R
from pillars_rules.mechanisms import workers as K

from .catalogue import catalogue

#: Every playable (mode, variant, players).
MODES = [
    (mode, variant, players)
    for mode, players in (
        ("4 players", None),
        ("3 players", None),
        ("2 players", None),
        ("long 2 players", None),
        ("short", 3),
        ("short", 4),
        ("solo", None),
    )
    for variant in ("france", "ireland")
]


#: The catalogues the games are played with: the test-side one (lexicon.csv with small test functions)
#: and the shipped cards (cards/ora-et-labora, the rules' default).
CATALOGUES = ("test", "shipped")


@functools.cache
def rules(
    mode: str = "4 players", variant: str = "france", players: int | None = None, cards: str = "test"
) -> OraRules:
    return ora_rules(mode, variant, catalogue() if cards == "test" else None, players)


def game(mode: str = "4 players", variant: str = "france", players: int | None = None, cards: str = "test") -> Game:
    return new_game(rules(mode, variant, players, cards))


def at(g: Game, **changes: Any) -> Game:
    """``g`` with its state changed (a scenario's situation; the log is ``g``'s)."""
    state = attrs.evolve(g.state, **changes)
    return Game(g.rules, state, list(g.events), g.n_events, None, ORA)


def stock(g: Game, seat: int, **goods: int) -> Game:
    """``g`` with ``seat`` holding exactly ``goods`` (named as the goods card names them: ``peat_coal``)."""
    pairs = tuple(sorted((k, n) for k, n in goods.items() if n))
    return at(g, stocks=g.state.stocks[:seat] + (pairs,) + g.state.stocks[seat + 1 :])


#: The shipped card set's folder.
SHIPPED = Path(__file__).resolve().parents[3] / "cards" / "ora-et-labora"


def located(text: str, new: str) -> tuple[int, int]:
    """The line and column (1-based) where ``new`` first starts in ``text``: where a located error
    about a changed word should point."""
    at = text.index(new)
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def fan_set(folder: Path, file: str, old: str, new: str) -> Path:
    """The shipped set copied to ``folder``, its ``file`` (``goods.cards``, ``tracks.cards``...) with ``old``
    written as ``new`` once: a fan set that differs from the shipped one in that one place."""
    shutil.copytree(SHIPPED, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def placed(g: Game, seat: int, *where: tuple[str, str]) -> Game:
    """``g`` with ``seat``'s clergy placed: each ``(kind, key)`` a clergyman of that kind on that building."""
    w = g.state.workers
    for kind, key in where:
        w = K.place(g.rules.clergy, w, seat, kind, key)
    return at(g, workers=w)


def find(g: Game, test: Callable[[Any], bool]) -> Any:
    """The one listed action that passes ``test``."""
    hits = [a for a in g.legal_actions() if test(a)]
    assert len(hits) == 1, [a.label for a in hits]
    return hits[0]


def until(g: Game, kind: str, seat: int | None = None, limit: int = 500) -> Game:
    """``g`` played on by passing / ending turns / the first action until ``seat`` must decide ``kind``."""
    for _ in range(limit):
        p = g.pending
        if p is None:
            raise AssertionError("the game ended first")
        if p.kind == kind and (seat is None or p.seat == seat):
            return g
        legal = g.legal_actions()
        passes = [a for a in legal if type(a) is R.Pass]
        g = g.apply(passes[0] if passes else legal[0])
    raise AssertionError(f"no {kind!r} decision within {limit} actions")


@attrs.frozen
class Two:
    """A building action with the outcome its ``use`` decision takes (-1: none), as one choice --
    what a single action named before the outcome became a decision of its own. ``label``: the
    action's and the outcome's words; any other attribute is the action's (``key``, ``kind``...)."""

    first: Any
    outcome: int
    label: str

    def __getattr__(self, name: str) -> Any:
        return getattr(self.first, name)


def _to_use(g: Game) -> Game:
    """``g`` on to the ``use`` decision: a contract's owner places the first kind it may."""
    while g.pending is not None and g.pending.kind == "clergy":
        g = g.apply(g.legal_actions()[0])
    return g


def two_steps(g: Game) -> list[Two]:
    """Every building action listed now with each answer of the ``use`` decision it leads to, and
    every other listed action (outcome -1)."""
    out: list[Two] = []
    for a in g.legal_actions():
        if type(a) not in (R.Place, R.Contract, R.Activate):
            out.append(Two(a, -1, a.label))
            continue
        after = _to_use(g.apply(a))
        assert after.pending is not None and after.pending.kind == "use", after.pending
        for u in after.legal_actions():
            if type(u) is R.Pass:
                out.append(Two(a, -1, f"{a.label}, without using it"))
            else:
                out.append(Two(a, u.outcome, f"{a.label}: {u.label.split(': ', 1)[1]}"))
    return out


def find2(g: Game, test: Callable[[Any], bool]) -> Two:
    """The one listed building action and outcome (:func:`two_steps`) that passes ``test``."""
    hits = [t for t in two_steps(g) if test(t)]
    assert len(hits) == 1, [t.label for t in hits]
    return hits[0]


def do(g: Game, t: Two) -> Game:
    """``g`` after the action of ``t`` and, when the seat then decides the outcome, ``t``'s outcome
    (a contract's owner choosing its clergyman first places the first kind it may)."""
    g = g.apply(t.first)
    if type(t.first) not in (R.Place, R.Contract, R.Activate):
        return g
    g = _to_use(g)
    return g.apply(R.Pass() if t.outcome < 0 else R.Use(t.outcome))
