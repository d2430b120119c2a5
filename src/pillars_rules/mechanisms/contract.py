"""Using another seat's card for a fee (docs/ora/mechanisms.rst, ``contract``).

A seat (the *user*) names a free card of another seat (the *owner*), pays a
:class:`Fee` -- goods, to the owner or to the supply -- and one of the
**owner's** workers (:mod:`.workers`) is placed on the card; the user then uses
its function. The fees are data, one tuple of alternatives per price *level*
(level 0 at the start; a card may raise the level for everyone, a game value
the caller holds). Who picks the owner's worker is data too (the owner, or the
user). A config with ``places_worker=False`` is the same mechanism without a
worker: the use of another seat's card for its fee alone.

A contract is refused (:func:`can_contract` says why) with oneself, on an
occupied card, with an owner who has no worker left free, or when the user
cannot pay the fee from what it holds *before* the use.

>>> from pillars_rules.mechanisms.workers import WorkerConfig, start
>>> crew = WorkerConfig(kinds=(("hand", 2),))
>>> cfg = ContractConfig(fees=((Fee((("cash", 1),)), Fee((("ale", 1),), to="supply")),))
>>> done = contract(cfg, crew, start(crew, 2), 0, Offer(1, 0, "mill", kind="hand", stock={"cash": 3}))
>>> done.payee, done.goods, done.workers.all[0].at
(0, (('cash', 1),), 'mill')
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..errors import IllegalActionError
from . import _data
from .workers import WorkerConfig, Workers, all_placed, can_place, free, on_card, place

__all__ = [
    "CHOOSERS",
    "PAID_TO",
    "Contract",
    "ContractConfig",
    "Fee",
    "Offer",
    "can_contract",
    "chooser",
    "contract",
    "kinds",
]

#: Where a fee goes.
PAID_TO = ("owner", "supply")
#: Who chooses which of the owner's workers goes on the card.
CHOOSERS = ("owner", "user")


_refuse = _data.refuser("contract config")


@attrs.frozen
class Fee:
    """One way to pay: ``goods`` (pairs of good and amount; empty: free), paid
    ``to`` the card's owner or to the supply."""

    goods: tuple[tuple[str, int], ...] = attrs.field(converter=_data.pairs)
    to: str = "owner"


@attrs.frozen
class ContractConfig:
    """A contract, as data: ``fees`` -- per price level, the alternatives the
    user chooses from; ``chooser`` -- who picks the owner's worker
    (``"owner"`` or ``"user"``); ``places_worker`` -- whether the owner's worker
    goes on the card (without one, the owner's free workers are not asked for).
    A bad config raises :class:`~pillars_rules.errors.ConfigError` naming the
    level and the fee."""

    fees: tuple[tuple[Fee, ...], ...]
    chooser: str = "owner"
    places_worker: bool = True

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.fees, tuple) or not self.fees:
            raise _refuse("fees", f"a non-empty tuple of levels is needed, not {self.fees!r:.60}")
        for lv, level in enumerate(self.fees):
            if not isinstance(level, tuple) or not level:
                raise _refuse(f"fees[{lv}]", f"a non-empty tuple of Fee is needed, not {level!r:.60}")
            for i, fee in enumerate(level):
                where = f"fees[{lv}][{i}]"
                if not isinstance(fee, Fee):
                    raise _refuse(where, f"a Fee is needed, not {fee!r:.40}")
                if fee.to not in PAID_TO:
                    raise _refuse(f"{where}.to", f"{fee.to!r:.40} is not one of {', '.join(PAID_TO)}")
                _data.amounts(_refuse, f"{where}.goods", fee.goods)
        if self.chooser not in CHOOSERS:
            raise _refuse("chooser", f"{self.chooser!r:.40} is not one of {', '.join(CHOOSERS)}")
        if type(self.places_worker) is not bool:
            raise _refuse("places_worker", f"true or false, not {self.places_worker!r:.40}")


@attrs.frozen
class Contract:
    """A contract made: the ``workers`` after it, the worker ``kind`` placed
    (``None``: none), the ``payer`` and the ``payee`` (``None``: the supply) of
    ``goods``."""

    workers: Workers
    kind: str | None
    payer: int
    payee: int | None
    goods: tuple[tuple[str, int], ...]


def chooser(cfg: ContractConfig, user: int, owner: int) -> int:
    """The seat that picks which of the owner's workers goes on the card."""
    return owner if cfg.chooser == "owner" else user


def kinds(workers: Workers, owner: int) -> tuple[str, ...]:
    """The kinds the chooser may pick from: the owner's free workers, each kind once."""
    return tuple(dict.fromkeys(free(workers, owner)))


@attrs.frozen
class Offer:
    """A contract asked for: ``user`` uses ``owner``'s ``card``, paying the
    alternative ``fee`` of the current price level from ``stock`` (what the user
    holds now); the owner's worker of ``kind`` goes on it (``None``: none, when
    the config places none)."""

    user: int
    owner: int
    card: str
    fee: int = 0
    kind: str | None = None
    stock: Mapping[str, int] = attrs.field(factory=dict)


def can_contract(cfg: ContractConfig, crew: WorkerConfig, workers: Workers, level: int, offer: Offer) -> str | None:
    """Why ``offer`` may not be made at price ``level`` (``None``: it may)."""
    user, owner, card, fee, kind, stock = offer.user, offer.owner, offer.card, offer.fee, offer.kind, offer.stock
    if user == owner:
        return "a contract is made with another seat; one's own card is used by placing one's own worker"
    if not 0 <= level < len(cfg.fees):
        return f"there is no price level {level}; the levels are 0 to {len(cfg.fees) - 1}"
    level_fees = cfg.fees[level]
    if not 0 <= fee < len(level_fees):
        return f"there is no fee {fee} at price level {level}; the fees are 0 to {len(level_fees) - 1}"
    if cfg.places_worker:
        if on_card(workers, card):
            return f"the card {card} is occupied"
        if all_placed(workers, owner):
            return f"seat {owner} has no worker left free: its cards cannot be contracted"
        if kind is None:
            return "the kind of the owner's worker to place must be named"
        why = can_place(crew, workers, owner, kind, card)
        if why is not None:
            return why
    elif kind is not None:
        return "this contract places no worker"
    for good, n in level_fees[fee].goods:
        if stock.get(good, 0) < n:
            return f"the fee is {n} {good} and seat {user} holds {stock.get(good, 0)}: it is paid before the use"
    return None


def contract(cfg: ContractConfig, crew: WorkerConfig, workers: Workers, level: int, offer: Offer) -> Contract:
    """The contract made (see :func:`can_contract`); refused with
    :class:`~pillars_rules.errors.IllegalActionError` saying why. The goods'
    move is returned, for the caller to apply before the card is used."""
    why = can_contract(cfg, crew, workers, level, offer)
    if why is not None:
        raise IllegalActionError(why)
    paid = cfg.fees[level][offer.fee]
    after = workers if offer.kind is None else place(crew, workers, offer.owner, offer.kind, offer.card)
    return Contract(after, offer.kind, offer.user, offer.owner if paid.to == "owner" else None, paid.goods)
