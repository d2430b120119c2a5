"""The board of a game as the engine reads it: the tables of one card set's
board (:attr:`~pillars_rules.cardlang.cardset.CardSet.board`), built once per
card set, never a place's name in Python.

:class:`Layout` holds, for each rule the machine knows
(:data:`~pillars_rules.cardlang.effects.STEP_RULES`), the key of the place that
runs it and the numbers the board's text gives it. :func:`layout_for` keeps
one per card-set identity, so that :mod:`.evolve` (which folds events without
the rules) finds the board of a state by its ``card_hash``; :class:`~.context.Rules`
registers its own when it is made, before any event of its games is folded.
"""

from __future__ import annotations

from typing import Any

from ..cardlang.board import Board
from ..cardlang.cardset import base_places
from ..cardlang.effects import CUBES

_CUBE_INDEX = {c: i for i, c in enumerate(CUBES)}
#: The round opening (``round_start``, a hook of the machine, not a place) in words.
ROUND_OPENING = "the round opening"
#: The machine's hooks that are no place, in words.
_MACHINE_WORDS = {"round_start": ROUND_OPENING, "game_end": "the end of the game"}


class Layout:
    """One board's tables (read-only by convention: shared between games)."""

    __slots__ = ("board", "steps", "step_index", "step_rule", "locations", "empty_spots", "one_per_player",
                 "in_order", "spot_effects", "sites", "bishop", "privileges", "n_privileges", "craftsmen",
                 "n_craftsmen", "tax", "tax_die", "court_stock", "market", "market_refill", "buy_prices",
                 "sell_prices", "market_cubes", "cathedral", "cube_limit", "start_player", "gold_cap",
                 "first_price", "reasons", "names", "called", "spot_index")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.steps: tuple[str, ...] = board.steps
        self.step_index: dict[str, int] = {k: i for i, k in enumerate(board.steps)}
        self.step_rule: dict[str, str] = dict(zip(board.steps, board.rules))
        self.locations: dict[str, int] = dict(board.locations)
        self.spot_index: dict[str, int] = {k: i for i, k in enumerate(board.locations)}
        self.empty_spots: tuple[tuple[str, tuple[Any, ...]], ...] = tuple(
            (k, (None,) * n) for k, n in board.locations.items())
        places = board.by_key
        self.one_per_player: tuple[str, ...] = tuple(k for k, p in places.items() if p.one_per_player)
        self.in_order: tuple[str, ...] = tuple(k for k, p in places.items() if p.in_order)
        self.spot_effects: dict[str, tuple[tuple[int, Any], ...]] = {
            k: tuple((n - 1, e) for n, e in p.spot_effects) for k, p in places.items() if p.spot_effects}
        self.sites: dict[str, str] = dict(board.sites)
        self.bishop = board.place_of("bishop")
        self.privileges = board.place_of("privileges")
        self.n_privileges = board.locations.get(self.privileges, 0)
        self.craftsmen = board.place_of("craftsmen")
        self.n_craftsmen = board.locations.get(self.craftsmen, 0)
        self.tax = board.place_of("tax")
        tax = places.get(self.tax)
        self.tax_die: tuple[int, ...] = tax.die if tax is not None else ()
        self.court_stock = sum(a.n for a in tax.stock if a.kind == "metal") if tax is not None else 0
        self.market = board.place_of("market")
        market = places.get(self.market)
        refill = [0, 0, 0, 0]
        for a in (market.stock if market is not None else ()):
            refill[_CUBE_INDEX[a.kind]] = a.n
        self.market_refill: tuple[int, int, int, int] = (refill[0], refill[1], refill[2], refill[3])
        self.buy_prices: dict[str, int] = dict(market.buying) if market is not None else {}
        self.sell_prices: dict[str, int] = dict(market.selling) if market is not None else {}
        #: cubes the market holds (§4: never metal on the base board), in cube order
        self.market_cubes: tuple[str, ...] = tuple(c for c in CUBES if refill[_CUBE_INDEX[c]] > 0)
        self.cathedral = board.place_of("cathedral")
        cathedral = places.get(self.cathedral)
        self.cube_limit = cathedral.cube_limit if cathedral is not None else 0
        self.start_player = board.place_of("start_player")
        self.gold_cap = board.spec.gold_cap
        self.first_price = board.spec.builder_prices[0] if board.spec.builder_prices else 0
        #: reasons of gains and losses the board gives (a place's key, the tax)
        self.reasons: frozenset[str] = frozenset(board.steps) | {"tax"}
        #: each place's name as a title ("King's court") and in a sentence ("the King's court")
        self.names: dict[str, str] = {c.id: c.name for c in board.places}
        self.called: dict[str, str] = {c.id: c.place.called or c.name for c in board.places}

    def spots_of(self, key: str) -> int:
        return self.locations.get(key, 0)

    def words(self, key: str) -> str:
        """A place or step in the middle of a sentence, as the board's text
        calls it ("the King's court"); the machine's hooks, no places, are
        "the round opening" and "the end of the game"."""
        called = self.called.get(key)
        if called is not None:
            return called
        if key in _MACHINE_WORDS:
            return _MACHINE_WORDS[key]
        return key.replace("_", " ")


_LAYOUTS: dict[str, Layout] = {}
_BASE: list[Layout] = []


def base_layout() -> Layout:
    """The base board's layout (the board of a card set without places)."""
    if not _BASE:
        from ..cardlang.board import assemble

        _BASE.append(Layout(assemble(base_places())))
    return _BASE[0]


def register(card_hash: str, board: Board) -> Layout:
    """The layout of ``board``, kept for the card set ``card_hash``."""
    layout = _LAYOUTS.get(card_hash)
    if layout is None:
        base = base_layout()
        layout = base if board.steps == base.steps and board == base.board else Layout(board)
        if len(_LAYOUTS) > 64:
            _LAYOUTS.pop(next(iter(_LAYOUTS)))
        _LAYOUTS[card_hash] = layout
    return layout


def layout_for(card_hash: str) -> Layout:
    """The layout registered for ``card_hash``, or the base board's."""
    layout = _LAYOUTS.get(card_hash)
    return layout if layout is not None else base_layout()
