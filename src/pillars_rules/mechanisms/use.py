"""Using a card's function: every complete way to use it, listed (docs/ora/mechanisms.rst, ``use``).

A card whose function a worker triggers (a building, say) may offer many ways
to use it: how many times to run a conversion, which good to take, which goods
to give for a value. The game asks the card for its *outcomes* in a
:class:`UseContext` -- the user's stock and what the card's function may read --
and lists each outcome as one legal action, so a use is one decision and one
event, and what a seat may do is always a finite, inspected list.

An :class:`Outcome` is complete: the goods given and taken, the track values
taken (which the game resets), and the follow-up steps the game's flow runs
after it, in order (a step's name and argument are the card text's words,
which the game's flow knows; this module knows none).

Everything is data and pure functions: no name of any game is known here.

>>> o = Outcome(give=(("seed", 2),), take=(("husk", 2),), words="2 seed to 2 husk")
>>> apply({"seed": 3}, o)
{'seed': 1, 'husk': 2}
>>> apply({"seed": 1}, o)
Traceback (most recent call last):
...
pillars_rules.errors.IllegalActionError: 2 seed are needed, the stock has 1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

import attrs

from ..errors import ConfigError, IllegalActionError

__all__ = ["Follow", "Outcome", "UseContext", "UseFunction", "apply", "merged"]


def _amounts(value: object) -> tuple[tuple[str, int], ...]:
    """``value`` (a mapping or pairs of good and amount) as sorted pairs, each
    good once with a positive whole amount."""
    items = value.items() if isinstance(value, Mapping) else value
    out: dict[str, int] = {}
    for pair in items:  # type: ignore[attr-defined]
        good, n = pair
        if type(good) is not str or not good or type(n) is not int or n < 0:
            raise ConfigError(
                f"an outcome's amounts are pairs of a good's name and a whole number >= 0, not {pair!r:.60}"
            )
        if n:
            out[good] = out.get(good, 0) + n
    return tuple(sorted(out.items()))


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class Follow:
    """A follow-up step of an outcome: ``step`` is a name the game's flow knows
    (the card text's word), ``arg`` its argument (empty: none)."""

    step: str
    arg: str = ""


def _follows(value: Iterable[Follow]) -> tuple[Follow, ...]:
    out = tuple(value)
    if not all(type(f) is Follow for f in out):
        raise ConfigError(f"an outcome's follow-ups are Follow steps, not {out!r:.60}")
    return out


@attrs.frozen
class Outcome:
    """One complete way to use a card's function.

    ``give`` and ``take``: the goods the user gives and receives (sorted pairs
    of good and amount); ``reset``: the track values taken, which the game sets
    back (e.g. a wheel's indicators); ``then``: the follow-up steps, in order;
    ``words``: the outcome in a few words, for the action's label."""

    give: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_amounts)
    take: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_amounts)
    reset: tuple[str, ...] = attrs.field(default=(), converter=_names)
    then: tuple[Follow, ...] = attrs.field(default=(), converter=_follows)
    words: str = ""


class UseContext(Protocol):
    """What a card's function may read when it lists its outcomes (the game gives it)."""

    def stock(self) -> Mapping[str, int]:
        """The user's goods (a good missing: none)."""
        ...

    def track(self, name: str) -> int | None:
        """A track's current value for ``name`` (a wheel's indicator, say); ``None``
        when ``name`` is not on the track (yet)."""
        ...

    def count(self, what: str) -> int:
        """How many of ``what`` the user has that are not goods (covers on the
        user's grid, cards of a kind built): the game's words."""
        ...


class UseFunction(Protocol):
    """A card's compiled function."""

    def outcomes(self, ctx: UseContext) -> Sequence[Outcome]:
        """Every complete way to use the function in ``ctx`` (each once, in a fixed
        order; empty: the function cannot be used now)."""
        ...


def apply(stock: Mapping[str, int], outcome: Outcome) -> dict[str, int]:
    """``stock`` after giving and taking ``outcome``'s goods (goods at 0 are
    left out); :class:`IllegalActionError` if the stock lacks a good it gives."""
    out = dict(stock)
    for good, n in outcome.give:
        have = out.get(good, 0)
        if have < n:
            raise IllegalActionError(f"{n} {good} are needed, the stock has {have}")
        out[good] = have - n
    for good, n in outcome.take:
        out[good] = out.get(good, 0) + n
    return {g: n for g, n in out.items() if n}


def merged(*outcomes: Outcome, words: str = "") -> Outcome:
    """Outcomes run one after another as one (a function of several parts):
    what the first takes may be given by the next, so only the net amounts
    are kept; resets and follow-ups in order. The caller checks that each
    part can be given in turn (the net amounts cannot say so)."""
    net: dict[str, int] = {}
    for o in outcomes:
        for good, n in o.give:
            net[good] = net.get(good, 0) - n
        for good, n in o.take:
            net[good] = net.get(good, 0) + n
    give = {g: -n for g, n in net.items() if n < 0}
    take = {g: n for g, n in net.items() if n > 0}
    reset = tuple(r for o in outcomes for r in o.reset)
    then = tuple(f for o in outcomes for f in o.then)
    return Outcome(
        give=give, take=take, reset=reset, then=then, words=words or "; ".join(o.words for o in outcomes if o.words)
    )
