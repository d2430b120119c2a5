"""Workers that stay on a card until recalled (docs/ora/mechanisms.rst, ``worker``).

Each seat owns a fixed set of workers of named *kinds* (a count per kind).
Placing one puts it on a card (the card's key is the caller's: any string); it
stays there, and the card is *occupied*: no other worker may be placed on it
unless the placement is ``shared`` (a permission the caller grants, e.g. for one
kind in one phase). Workers come home by *recall rules*, data of the config:
at a named *moment*, the workers of the given kinds return, for every seat or
only for a seat that has none of its workers left free. A card's function may
:func:`recall` some directly.

Everything is data (:class:`WorkerConfig`) and pure functions on an immutable
:class:`Workers`: no name of any game is known here.

>>> cfg = WorkerConfig(kinds=(("lead", 1), ("hand", 1)), recalls=(Recall("dawn"),))
>>> w = place(cfg, start(cfg, 2), 0, "hand", "mill")
>>> can_place(cfg, w, 1, "hand", "mill")
'the card mill is occupied'
>>> w = place(cfg, w, 0, "lead", "kiln")
>>> free(recall_at(cfg, w, "dawn"), 0)
('lead', 'hand')
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ..errors import ConfigError, IllegalActionError
from . import _data

__all__ = [
    "WHEN",
    "Recall",
    "Worker",
    "WorkerConfig",
    "Workers",
    "all_placed",
    "can_place",
    "free",
    "on_card",
    "place",
    "recall",
    "recall_at",
    "start",
]

#: When a recall rule applies: to every seat, or only to a seat with no worker left free.
WHEN = ("all placed", "always")


_refuse = _data.refuser("worker config")


@attrs.frozen
class Recall:
    """A recall rule: at ``moment`` (a name the game's flow announces), the
    workers of ``kinds`` (empty: every kind) come home -- for a seat whose
    workers are all placed (``when="all placed"``), or for every seat
    (``"always"``)."""

    moment: str
    when: str = "all placed"
    kinds: frozenset[str] = attrs.field(default=frozenset(), converter=_data.frozen)


@attrs.frozen
class WorkerConfig:
    """Workers, as data: ``kinds`` -- each kind with the number every seat owns
    (in order: a seat's workers are listed kind by kind); ``recalls`` -- the
    recall rules. A bad config raises :class:`~pillars_rules.errors.ConfigError`
    naming the field and the entry."""

    kinds: tuple[tuple[str, int], ...] = attrs.field(converter=_data.pairs)
    recalls: tuple[Recall, ...] = ()

    def __attrs_post_init__(self) -> None:
        seen = set(dict(_data.amounts(_refuse, "kinds", self.kinds, empty=False)))
        if not isinstance(self.recalls, tuple):
            raise _refuse("recalls", f"a tuple of Recall is needed, not {self.recalls!r:.60}")
        for i, rule in enumerate(self.recalls):
            if not isinstance(rule, Recall):
                raise _refuse(f"recalls[{i}]", f"a Recall is needed, not {rule!r:.40}")
            _data.name(_refuse, f"recalls[{i}].moment", rule.moment)
            if rule.when not in WHEN:
                raise _refuse(f"recalls[{i}].when", f"{rule.when!r:.40} is not one of {', '.join(WHEN)}")
            unknown = sorted(rule.kinds - seen)
            if unknown:
                raise _refuse(f"recalls[{i}].kinds", f"{', '.join(map(repr, unknown))} is not a kind of worker")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.kinds)

    @property
    def per_seat(self) -> int:
        return sum(n for _, n in self.kinds)


@attrs.frozen
class Worker:
    """One worker: its ``seat``, ``kind``, and the card it stands on (``None``: home)."""

    seat: int
    kind: str
    at: str | None = None


@attrs.frozen
class Workers:
    """The state: every seat's workers, seat by seat, kind by kind (the config's order)."""

    all: tuple[Worker, ...]

    def of(self, seat: int) -> tuple[Worker, ...]:
        return tuple(w for w in self.all if w.seat == seat)

    @property
    def seats(self) -> int:
        return max((w.seat for w in self.all), default=-1) + 1


def start(cfg: WorkerConfig, seats: int) -> Workers:
    """Every seat's workers, all home."""
    if type(seats) is not int or seats < 1:
        raise ConfigError(f"worker state: the number of seats must be a whole number from 1, not {seats!r:.40}")
    return Workers(tuple(Worker(s, k) for s in range(seats) for k, n in cfg.kinds for _ in range(n)))


def free(workers: Workers, seat: int) -> tuple[str, ...]:
    """The kinds of ``seat``'s workers at home, one entry per worker."""
    return tuple(w.kind for w in workers.of(seat) if w.at is None)


def all_placed(workers: Workers, seat: int) -> bool:
    """Whether none of ``seat``'s workers is home (its cards cannot be worked, nor contracted)."""
    return not free(workers, seat)


def on_card(workers: Workers, card: str) -> tuple[Worker, ...]:
    """The workers standing on ``card``."""
    return tuple(w for w in workers.all if w.at == card)


def can_place(
    cfg: WorkerConfig, workers: Workers, seat: int, kind: str, card: str, *, shared: bool = False
) -> str | None:
    """Why ``seat`` may not place a ``kind`` worker on ``card`` (``None``: it may).
    ``shared`` lets it join workers already there."""
    if not 0 <= seat < workers.seats:
        return f"there is no seat {seat}"
    if kind not in cfg.names:
        return f"{kind!r:.40} is not a kind of worker; the kinds are {', '.join(cfg.names)}"
    if kind not in free(workers, seat):
        return f"seat {seat} has no {kind} worker left to place"
    if not shared and on_card(workers, card):
        return f"the card {card} is occupied"
    return None


def place(cfg: WorkerConfig, workers: Workers, seat: int, kind: str, card: str, *, shared: bool = False) -> Workers:
    """``seat``'s first ``kind`` worker at home, put on ``card``; refused with
    :class:`~pillars_rules.errors.IllegalActionError` saying why."""
    why = can_place(cfg, workers, seat, kind, card, shared=shared)
    if why is not None:
        raise IllegalActionError(why)
    out, done = [], False
    for w in workers.all:
        if not done and w.seat == seat and w.kind == kind and w.at is None:
            w, done = attrs.evolve(w, at=card), True
        out.append(w)
    return Workers(tuple(out))


def recall(workers: Workers, seat: int, kinds: Iterable[str] = ()) -> Workers:
    """``seat``'s placed workers of ``kinds`` (empty: every kind) come home (a card's function)."""
    only = frozenset(kinds)
    return Workers(
        tuple(attrs.evolve(w, at=None) if w.seat == seat and (not only or w.kind in only) else w for w in workers.all)
    )


def recall_at(cfg: WorkerConfig, workers: Workers, moment: str) -> Workers:
    """The recall rules of ``moment`` applied, in the config's order. Whether a
    seat's workers are all placed is read before any of the moment's rules acts."""
    placed = {s for s in range(workers.seats) if all_placed(workers, s)}
    for rule in cfg.recalls:
        if rule.moment != moment:
            continue
        for s in range(workers.seats):
            if rule.when == "always" or s in placed:
                workers = recall(workers, s, rule.kinds)
    return workers
