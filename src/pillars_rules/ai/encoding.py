"""A fixed action encoding: every possible action of a game configuration <-> an integer.

Learning code wants actions as integers ``0 .. num_actions-1``. The encoding is
derived, not hand-written: for each action type of
:data:`pillars_rules.actions.ACTION_TYPES` (in that order), every combination of
values of its fields (the attrs fields, without the ``label``), each field
taking the values of its *domain*:

========================  ==========================================================
field                     domain
========================  ==========================================================
``card``                  the card ids of the card set, in card-set order, of the
                          kinds in :data:`CARD_KINDS` for the action type (all
                          cards for a type not listed there)
``resource``              the cubes: wood, stone, sand, metal
``n``                     ``1 .. MAX_COUNT``
``location`` + ``spot``   every (location, spot) pair of the board (RULES §3)
``location`` alone        the locations; ``spot`` alone: ``0 ..`` most spots - 1
``index``                 ``0 ..`` the most options of a choice, vote, bid or craftsman use - 1
``ability``               ``0 ..`` the most conversions of any card in the set - 1
a ``bool`` field          ``False``, ``True`` (e.g. ``Place.free``)
========================  ==========================================================

So a field added to an action class with one of these names or a ``bool`` type
is encoded without touching this module; a field with an unknown name raises
:class:`~pillars_rules.errors.ConfigError` when an encoding is built (and the
tests build one). The index of an action is the offset of its type plus the
mixed-radix number of its field values; :meth:`ActionEncoding.table` lists the
offsets. Player count does not change the set, so one encoding serves 2-4 players.

>>> import pillars_rules as pr
>>> from pillars_rules.ai.encoding import ActionEncoding
>>> game = pr.new_game(players=2, seed=1)
>>> enc = ActionEncoding.for_rules(game.rules)
>>> all(enc.decode(enc.encode(a)) == a for a in game.legal_actions())
True
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Iterable, Iterator

import attrs

from ..actions import ACTION_TYPES
from ..cardlang.cardset import CardSet
from ..cardlang.effects import (
    CUBES,
    Bid,
    Borrow,
    ChooseCraftsman,
    ChooseOne,
    CopyPrivilege,
    DraftCards,
    GivePrivilege,
    ReorderEvents,
    Vote,
)
from ..errors import ConfigError, IllegalActionError
from ..limits import MAX_COUNT, MOST_PLAYERS  # MAX_COUNT: the engine's bound on the cubes of one Buy/Sell/ReturnCubes

#: Which card kinds a ``card`` field ranges over, per action type.
CARD_KINDS: dict[str, tuple[str, ...]] = {
    "TakeResourceCard": ("resource",),
    "Hire": ("craftsman",),
    "Discard": ("craftsman",),
    "PickCraftsman": ("craftsman",),
    "Build": ("craftsman",),
    "UseOnce": ("privilege",),
}


def _walk(value: object) -> Iterator[object]:
    """``value`` and every effect object nested in it (attrs fields, tuples)."""
    yield value
    if isinstance(value, tuple):
        for v in value:
            yield from _walk(v)
    else:
        cls = type(value)
        if attrs.has(cls):
            for f in attrs.fields(cls):
                yield from _walk(getattr(value, f.name))


def _max_options(cards: CardSet) -> int:
    most = 0
    boards = tuple(p for p in cards.places if p.kind == "board")  # their set-up rules (issue #53)
    for card in tuple(cards) + boards:
        abilities = [card.abilities] + [a for _, a in card.variants]
        for x in _walk(tuple(abilities)):
            if isinstance(x, (ChooseOne, Vote)):
                most = max(most, len(x.options))
            elif isinstance(x, Bid):  # a bid's option is its amount: 0 up to the most gold a seat holds
                most = max(most, cards.board.spec.gold_cap + 1)
            elif isinstance(x, ReorderEvents):  # one option per order of the cards (issue #53)
                most = max(most, math.factorial(x.n))
            elif isinstance(x, DraftCards):  # one option per card dealt for a set-up draft (issue #53)
                most = max(most, x.n * MOST_PLAYERS)
            elif isinstance(x, CopyPrivilege):  # one option per privilege another seat may hold
                most = max(most, sum(1 for c in cards if c.kind == "privilege"))
            elif isinstance(x, (GivePrivilege, ChooseCraftsman)) and x.to is not None and x.to.who == "chosen":
                # a card given to a player you choose (issue #53): one option per card held and taker
                kind = "privilege" if isinstance(x, GivePrivilege) else "craftsman"
                most = max(most, sum(1 for c in cards if c.kind == kind) * (MOST_PLAYERS - 1))
            elif isinstance(x, GivePrivilege):  # to a neighbour: one option per privilege held
                most = max(most, sum(1 for c in cards if c.kind == "privilege"))
            elif getattr(getattr(x, "players", None), "who", "") == "chosen":
                most = max(most, MOST_PLAYERS - 1)  # "a player you choose": one option per other seat
    # a craftsman to use (a card's or a place's, France's): one option per conversion of a
    # craftsman some seat owns, and none
    if any(isinstance(x, Borrow) for x in _walk((tuple(c.abilities for c in cards), cards.board))):
        conversions = sum(len(c.conversions) for c in cards if c.kind == "craftsman")
        most = max(most, MOST_PLAYERS * conversions + 1)
    return most


def _max_conversions(cards: CardSet) -> int:
    return max((len(c.conversions) for c in cards), default=0)


def _fields(cls: type) -> list[attrs.Attribute]:
    """The fields that make an action (the ``label`` does not: it is not compared)."""
    return [f for f in attrs.fields(cls) if f.eq]


def _domains(cls: type, cards: CardSet) -> list[tuple[tuple[str, ...], list[tuple]]]:
    """Per group of fields: (field names, the tuples of values they take)."""
    fields = _fields(cls)
    names = [f.name for f in fields]
    out: list[tuple[tuple[str, ...], list[tuple]]] = []
    for f in fields:
        name = f.name
        values: list[str | int | bool]
        if name == "spot" and "location" in names:
            continue  # encoded with its location
        if name == "card":
            kinds = CARD_KINDS.get(cls.__name__)
            values = [c.id for c in cards if kinds is None or c.kind in kinds]
        elif name == "location" and "spot" in names:  # the set's board: its places and spots
            pairs = [(loc, i) for loc, n in cards.board.locations.items() for i in range(n)]
            out.append((("location", "spot"), pairs))
            continue
        elif name == "location":
            values = list(cards.board.locations)
        elif name == "spot":
            values = list(range(max(cards.board.locations.values())))
        elif name == "resource":
            values = list(CUBES)
        elif name == "n":
            values = list(range(1, MAX_COUNT + 1))
        elif name == "index":
            values = list(range(_max_options(cards)))
        elif name == "ability":
            values = list(range(_max_conversions(cards)))
        elif f.type in (bool, "bool"):
            values = [False, True]
        else:
            raise ConfigError(
                f"the action encoding has no domain for field {cls.__name__}.{name} "
                f"(type {f.type!r}); teach pillars_rules.ai.encoding its values"
            )
        out.append(((name,), [(v,) for v in values]))
    return out


def _actions_of(cls: type, cards: CardSet) -> list:
    groups = _domains(cls, cards)
    out = []
    for combo in itertools.product(*(values for _, values in groups)):
        kwargs: dict[str, object] = {}
        for (names, _), values in zip(groups, combo):
            kwargs.update(zip(names, values))
        out.append(cls(**kwargs))
    return out


class ActionEncoding:
    """The action <-> integer table of one card set (with its variants applied)."""

    __slots__ = ("actions", "_index", "_rows")

    def __init__(self, cards: CardSet) -> None:
        actions: list = []
        rows = []
        for name, cls in ACTION_TYPES.items():
            these = _actions_of(cls, cards)
            fields = ", ".join(f.name for f in _fields(cls))
            rows.append((name, fields, len(actions), len(these)))
            actions.extend(these)
        #: Every action, by index.
        self.actions: tuple = tuple(actions)
        self._index = {a: i for i, a in enumerate(actions)}
        self._rows = tuple(rows)

    _CACHE: dict = {}

    @classmethod
    def for_rules(cls, rules) -> ActionEncoding:
        """The encoding of a game's rules context (``game.rules`` or ``view.rules``);
        built once per card set and variants."""
        key = (rules.content_hash, rules.variants)
        enc = cls._CACHE.get(key)
        if enc is None:
            enc = cls._CACHE[key] = cls(rules.cards)
        return enc

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action) -> int:
        """The index of ``action``; :class:`IllegalActionError` if it has none."""
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise IllegalActionError(
                f"{action!r} has no index in this action encoding (unknown card, "
                f"location or value, or n above {MAX_COUNT})",
                action,
            ) from None

    def decode(self, index: int):
        """The action with ``index``; :class:`IllegalActionError` if out of range."""
        try:
            i = operator.index(index)  # ints and numpy integers, not floats
        except TypeError:
            i = -1
        if isinstance(index, bool) or not 0 <= i < len(self.actions):
            raise IllegalActionError(f"action index {index!r} is not in 0..{len(self.actions) - 1}")
        return self.actions[i]

    def indices(self, actions: Iterable) -> list[int]:
        """The sorted indices of ``actions`` (e.g. ``view.legal_actions``)."""
        return sorted(self.encode(a) for a in actions)

    def table(self) -> tuple[tuple[str, str, int, int], ...]:
        """Per action type: (name, fields, first index, number of indices)."""
        return self._rows


__all__ = ["ActionEncoding", "CARD_KINDS", "MAX_COUNT"]
