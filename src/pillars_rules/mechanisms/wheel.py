"""A rotating track of values (docs/ora/mechanisms.rst, ``wheel``).

A track holds a sequence of ``n`` values and a set of *indicators*, each naming
a kind of good. An indicator present on the track holds ``s``, the number of
steps since it was last taken, and is worth ``values[s]``. :func:`rotate` moves
every indicator one step on; one on the last value stays there (``"cap"``) or
leaves the track (``"remove"``). :func:`take` gives an indicator's worth and
puts it back on 0; :func:`take_wild` gives the *wild* indicator's worth in the
good named and resets only the wild one. An indicator may :func:`enter` in a
given round (on 0). A taking that finds nothing to act on (``idle=True``) gives
nothing and resets only if the track says so.

Everything is data (:class:`WheelConfig`) and pure functions on an immutable
:class:`Wheel`: no name of any game is known here.

>>> cfg = WheelConfig(values=(0, 1, 3), indicators=("a", "b"), wild="b")
>>> t = rotate(cfg, rotate(cfg, start(cfg)))
>>> worth(cfg, t, "a"), take(cfg, t, "a").amount
(3, 3)
>>> take_wild(cfg, t, "a").wheel.steps == (("a", 2), ("b", 0))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import attrs

from ..errors import ConfigError, IllegalActionError

__all__ = [
    "AT_END",
    "Taken",
    "Wheel",
    "WheelConfig",
    "WheelFields",
    "enter",
    "new_round",
    "rotate",
    "start",
    "take",
    "take_wild",
    "worth",
]


#: What a rotation does to an indicator on the last value: it stays there, or it leaves.
AT_END = ("cap", "remove")


def _refuse(where: str, what: str) -> ConfigError:
    return ConfigError(f"wheel config, {where}: {what}")


def _pairs(value: object) -> tuple[tuple[str, int], ...]:
    """``entering`` given as a mapping or as pairs, kept as pairs (hashable, immutable)."""
    if isinstance(value, Mapping):
        return tuple(value.items())
    if isinstance(value, (tuple, list)):
        return tuple(tuple(p) if isinstance(p, (tuple, list)) else p for p in value)
    raise _refuse("entering", f"a mapping of name to round is needed, not {value!r:.60}")


def _check_name(where: str, name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise _refuse(where, f"a name must be a non-empty string, not {name!r:.40}")
    return name


class WheelFields(Protocol):
    """A wheel's fields as data holds them (a card set's compiled ``wheel`` lines)."""

    @property
    def values(self) -> tuple[int, ...]: ...
    @property
    def indicators(self) -> tuple[str, ...]: ...
    @property
    def entering(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def at_end(self) -> str: ...
    @property
    def wild(self) -> str | None: ...
    @property
    def idle_resets(self) -> bool: ...


@attrs.frozen
class WheelConfig:
    """A track, as data.

    ``values`` -- the worths after 0, 1, ... steps (at least one, never
    decreasing, so that a rotation never lowers a worth); ``indicators`` -- the
    indicators on the track at the start, on 0; ``entering`` -- indicators that
    enter later, each with the round it enters in; ``at_end`` -- ``"cap"`` or
    ``"remove"``; ``wild`` -- the indicator that may be taken instead of any
    other (``None``: none); ``idle_resets`` -- whether a taking that finds
    nothing to act on still resets the indicator.

    A bad config raises :class:`~pillars_rules.errors.ConfigError` naming the
    field and the entry.
    """

    values: tuple[int, ...]
    indicators: tuple[str, ...]
    entering: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_pairs)
    at_end: str = "cap"
    wild: str | None = None
    idle_resets: bool = False

    def __attrs_post_init__(self) -> None:
        values = self.values
        if not isinstance(values, tuple) or not values:
            raise _refuse("values", f"a non-empty tuple of numbers is needed, not {values!r:.60}")
        for i, v in enumerate(values):
            if type(v) is not int:
                raise _refuse(f"values[{i}]", f"{v!r:.40} is not a whole number")
            if i and v < values[i - 1]:
                raise _refuse(
                    f"values[{i}]", f"{v} is lower than {values[i - 1]} before it: the values may not decrease"
                )
        if not isinstance(self.indicators, tuple):
            raise _refuse("indicators", f"a tuple of names is needed, not {self.indicators!r:.60}")
        seen: set[str] = set()
        for i, name in enumerate(self.indicators):
            _check_name(f"indicators[{i}]", name)
            if name in seen:
                raise _refuse(f"indicators[{i}]", f"{name!r} is named twice")
            seen.add(name)
        for i, pair in enumerate(self.entering):
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise _refuse(f"entering[{i}]", f"a pair (name, round) is needed, not {pair!r:.40}")
            name, round_ = pair
            _check_name(f"entering[{i}]", name)
            if name in seen:
                raise _refuse(f"entering[{name!r}]", "it is named twice, or is on the track from the start already")
            seen.add(name)
            if type(round_) is not int or round_ < 1:
                raise _refuse(f"entering[{name!r}]", f"the round must be a whole number from 1, not {round_!r:.40}")
        if self.at_end not in AT_END:
            raise _refuse("at_end", f"{self.at_end!r:.40} is not one of {', '.join(AT_END)}")
        if self.wild is not None and self.wild not in self.names:
            raise _refuse("wild", f"{self.wild!r:.40} is not one of the track's indicators")
        if type(self.idle_resets) is not bool:
            raise _refuse("idle_resets", f"true or false, not {self.idle_resets!r:.40}")

    @classmethod
    def from_fields(cls, spec: WheelFields) -> WheelConfig:
        """The config of anything that holds a wheel's fields by these names --
        a card set's compiled ``wheel`` lines
        (:class:`pillars_rules.cardlang.board.WheelSpec`), where no wild
        indicator is written ``""``."""
        return cls(
            values=spec.values,
            indicators=spec.indicators,
            entering=spec.entering,
            at_end=spec.at_end,
            wild=spec.wild or None,
            idle_resets=spec.idle_resets,
        )

    @property
    def names(self) -> tuple[str, ...]:
        """Every indicator the track knows: those at the start, then those entering."""
        return self.indicators + tuple(n for n, _ in self.entering)


@attrs.frozen
class Wheel:
    """The state: ``steps`` holds ``(indicator, s)`` for each indicator present,
    in the config's order; an indicator not listed has not entered yet or has
    left the track."""

    steps: tuple[tuple[str, int], ...]

    def step(self, name: str) -> int | None:
        """The steps of ``name`` since it was last taken, ``None`` if absent."""
        for n, s in self.steps:
            if n == name:
                return s
        return None

    def present(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.steps)


@attrs.frozen
class Taken:
    """What a taking gave: ``amount`` of ``good``, the indicator it ``reset``
    (``None`` when it reset none) and the ``wheel`` after it."""

    good: str
    amount: int
    reset: str | None
    wheel: Wheel


def start(cfg: WheelConfig) -> Wheel:
    """The track at the start: the starting indicators on 0."""
    return Wheel(tuple((n, 0) for n in cfg.indicators))


def _ordered(cfg: WheelConfig, steps: Mapping[str, int]) -> Wheel:
    return Wheel(tuple((n, steps[n]) for n in cfg.names if n in steps))


def rotate(cfg: WheelConfig, track: Wheel) -> Wheel:
    """Every indicator one step on; one on the last value stays or leaves (``at_end``)."""
    last = len(cfg.values) - 1
    out: dict[str, int] = {}
    for n, s in track.steps:
        if s < last:
            out[n] = s + 1
        elif cfg.at_end == "cap":
            out[n] = last
    return _ordered(cfg, out)


def enter(cfg: WheelConfig, track: Wheel, round_: int) -> Wheel:
    """The indicators that enter in ``round_`` put on 0 (one present already stays)."""
    out = dict(track.steps)
    for n, r in cfg.entering:
        if r == round_ and n not in out:
            out[n] = 0
    return _ordered(cfg, out)


def new_round(cfg: WheelConfig, track: Wheel, round_: int) -> Wheel:
    """A round's turn of the track: rotate, then the indicators due in ``round_`` enter
    (so they are worth the first value in the round they enter)."""
    return enter(cfg, rotate(cfg, track), round_)


def _known(cfg: WheelConfig, name: str) -> None:
    if name not in cfg.names:
        raise IllegalActionError(f"the track has no indicator {name!r:.40}; it has {', '.join(cfg.names)}")


def worth(cfg: WheelConfig, track: Wheel, name: str) -> int:
    """What taking ``name`` would give now."""
    _known(cfg, name)
    s = track.step(name)
    if s is None:
        raise IllegalActionError(f"the indicator {name!r} is not on the track (not entered yet, or gone)")
    return cfg.values[s]


def _reset(cfg: WheelConfig, track: Wheel, name: str) -> Wheel:
    return _ordered(cfg, {**dict(track.steps), name: 0})


def take(cfg: WheelConfig, track: Wheel, name: str, *, idle: bool = False) -> Taken:
    """Take ``name``: its worth, and it goes back to 0. ``idle``: the taking has
    nothing to act on; it gives nothing and resets only if ``idle_resets``."""
    amount = worth(cfg, track, name)
    if idle:
        if cfg.idle_resets:
            return Taken(name, 0, name, _reset(cfg, track, name))
        return Taken(name, 0, None, track)
    return Taken(name, amount, name, _reset(cfg, track, name))


def take_wild(cfg: WheelConfig, track: Wheel, good: str, *, idle: bool = False) -> Taken:
    """Take the wild indicator instead of ``good``'s: its worth in ``good``; only
    the wild one resets. ``good`` may be absent from the track (not entered yet
    or gone); it must be one the track knows."""
    if cfg.wild is None:
        raise IllegalActionError("the track has no wild indicator")
    _known(cfg, good)
    if good == cfg.wild:
        raise IllegalActionError(f"the wild indicator {good!r} is taken by its own name, not instead of itself")
    got = take(cfg, track, cfg.wild, idle=idle)
    return Taken(good, got.amount, got.reset, got.wheel)
