"""The board of a game as the engine reads it: the tables of one card set's
board (:attr:`~pillars_rules.cardlang.cardset.CardSet.board`), built once per
card set's rules, never a place's name in Python.

:class:`Layout` holds, for each rule the machine knows
(:data:`~pillars_rules.cardlang.effects.STEP_RULES`), the key of the place that
runs it and the numbers the board's text gives it. A card set's
:class:`~.context.Rules` hold its layout (:func:`layout_of` its board) and hand
it to everything that reads the board, :mod:`.evolve` included: no registry by
card set stands between a game and its board.
"""

from __future__ import annotations

from typing import Any, Final

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

    __slots__ = (
        "board",
        "steps",
        "step_index",
        "step_rule",
        "locations",
        "empty_spots",
        "one_per_player",
        "in_order",
        "spot_effects",
        "sites",
        "bishop",
        "privileges",
        "n_privileges",
        "craftsmen",
        "n_craftsmen",
        "tax",
        "tax_die",
        "court_stock",
        "court_good",
        "market",
        "market_refill",
        "buy_prices",
        "sell_prices",
        "market_cubes",
        "cathedral",
        "cube_limit",
        "start_player",
        "gold_cap",
        "first_price",
        "reasons",
        "names",
        "called",
        "spot_index",
        "players",
        "starting_gold",
        "starting_builders",
        "craftsmen_dealt",
        "resources_dealt",
        "free_builders",
        "rounds",
        "collector",
        "markets",
        "other_markets",
        "stock_slot",
        "refills",
        "other_refills",
        "buying",
        "selling",
        "cubes_at",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        self.steps: tuple[str, ...] = board.steps
        self.step_index: dict[str, int] = {k: i for i, k in enumerate(board.steps)}
        self.step_rule: dict[str, str] = dict(zip(board.steps, board.rules))
        self.locations: dict[str, int] = dict(board.locations)
        self.spot_index: dict[str, int] = {k: i for i, k in enumerate(board.locations)}
        self.empty_spots: tuple[tuple[str, tuple[Any, ...]], ...] = tuple(
            (k, (None,) * n) for k, n in board.locations.items()
        )
        places = board.by_key
        self.one_per_player: tuple[str, ...] = tuple(k for k, p in places.items() if p.one_per_player)
        self.in_order: tuple[str, ...] = tuple(k for k, p in places.items() if p.in_order)
        self.spot_effects: dict[str, tuple[tuple[int, Any], ...]] = {
            k: tuple((n - 1, e) for n, e in p.spot_effects) for k, p in places.items() if p.spot_effects
        }
        self.sites: dict[str, str] = dict(board.sites)
        self.bishop = board.place_of("bishop")
        self.privileges = board.place_of("privileges")
        self.n_privileges = board.locations.get(self.privileges, 0)
        self.craftsmen = board.place_of("craftsmen")
        self.n_craftsmen = board.locations.get(self.craftsmen, 0)
        self.tax = board.place_of("tax")
        #: the place whose builders pay no tax and collect the roll (the expansion's Tax collector), or ""
        self.collector = board.place_of("collector")
        tax = places.get(self.tax)
        self.tax_die: tuple[int, ...] = tax.die if tax is not None else ()
        #: what the tax place holds for its first spot each round (``stock 1 metal``): how many, of which good
        self.court_stock = sum(a.n for a in tax.stock) if tax is not None else 0
        self.court_good: str = tax.stock[0].kind if tax is not None and tax.stock else ""
        #: every place with ``step market``, in Phase III order: each trades
        #: with its own stock at its own prices (§4; the expansion's Harbour)
        self.markets: tuple[str, ...] = tuple(k for k, r in zip(board.steps, board.rules) if r == "market")
        #: the board's main market (``state.market``, the Bishop's cube): the one
        #: with the biggest stock, the first in Phase III order on a tie (RULING)
        self.market = max(self.markets, key=lambda k: sum(a.n for a in places[k].stock), default="")
        #: the other markets, whose stocks are ``state.stocks`` in this order
        self.other_markets: tuple[str, ...] = tuple(k for k in self.markets if k != self.market)
        self.stock_slot: dict[str, int] = {k: i for i, k in enumerate(self.other_markets)}
        self.refills: dict[str, tuple[int, int, int, int]] = {}
        self.buying: dict[str, dict[str, int]] = {}
        self.selling: dict[str, dict[str, int]] = {}
        #: the cubes each market holds (§4: never metal on the base board), in cube order
        self.cubes_at: dict[str, tuple[str, ...]] = {}
        for key in self.markets:
            place = places[key]
            refill = [0, 0, 0, 0]
            for a in place.stock:
                refill[_CUBE_INDEX[a.kind]] = a.n
            self.refills[key] = (refill[0], refill[1], refill[2], refill[3])
            self.buying[key] = dict(place.buying)
            self.selling[key] = dict(place.selling)
            self.cubes_at[key] = tuple(c for c in CUBES if refill[_CUBE_INDEX[c]] > 0)
        self.other_refills: tuple[tuple[int, int, int, int], ...] = tuple(self.refills[k] for k in self.other_markets)
        self.market_refill: tuple[int, int, int, int] = self.refills.get(self.market, (0, 0, 0, 0))
        self.buy_prices: dict[str, int] = self.buying.get(self.market, {})
        self.sell_prices: dict[str, int] = self.selling.get(self.market, {})
        #: cubes the first market holds, in cube order
        self.market_cubes: tuple[str, ...] = self.cubes_at.get(self.market, ())
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
        spec = board.spec
        #: the player counts the set plays, and the set-up tables (§1, §2.1)
        self.players: tuple[int, ...] = spec.players
        self.starting_gold: tuple[int, ...] = spec.starting_gold
        self.starting_builders: int = spec.starting_builders
        #: rounds a game lasts (§2.6)
        self.rounds: int = spec.rounds
        #: by number of seats: craftsmen dealt each round (Shiring's first), resource cards dealt
        self.craftsmen_dealt: dict[int, int] = {n: spec.for_players(spec.dealt_craftsmen, n) for n in spec.players}
        self.resources_dealt: dict[int, int] = {n: spec.for_players(spec.dealt_resources, n) for n in spec.players}
        #: by number of seats: how many builders drawn last from the bag cost nothing (§2.3)
        self.free_builders: dict[int, int] = {n: spec.for_players(spec.free_builders, n) for n in spec.players}

    def is_market(self, key: str) -> bool:
        """Whether ``key`` is a place with ``step market``."""
        return key in self.refills

    def stock(
        self, market: tuple[int, int, int, int], stocks: tuple[tuple[int, int, int, int], ...], key: str
    ) -> tuple[int, int, int, int]:
        """The stock of the market place ``key``, from a state's ``market``
        (the first market's) and ``stocks`` (the others')."""
        slot = self.stock_slot.get(key)
        return market if slot is None or slot >= len(stocks) else stocks[slot]

    def spot_effect(self, key: str, spot: int) -> Any:
        """The effect of spot ``spot`` (0-based) of place ``key``, or ``None``."""
        for i, effect in self.spot_effects.get(key, ()):
            if i == spot:
                return effect
        return None

    def spots_of(self, key: str) -> int:
        return self.locations.get(key, 0)

    def craftsmen_for(self, players: int) -> int:
        """Craftsmen dealt each round at a table of ``players`` seats (§2.1)."""
        n = self.craftsmen_dealt.get(players)
        return n if n is not None else self.board.spec.for_players(self.board.spec.dealt_craftsmen, players)

    def resources_for(self, players: int) -> int:
        """Resource cards dealt to the display each round at ``players`` seats (§2.1)."""
        n = self.resources_dealt.get(players)
        return n if n is not None else self.board.spec.for_players(self.board.spec.dealt_resources, players)

    def free_builders_for(self, players: int) -> int:
        """How many builders drawn last from the bag are free at ``players``
        seats (the base game's one with 2 players, §2.3)."""
        n = self.free_builders.get(players)
        return n if n is not None else self.board.spec.for_players(self.board.spec.free_builders, players)

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


# Final: the compiled build reads it from a C static (changed in place, never rebound)
_BASE: Final[list[Layout]] = []


def base_layout() -> Layout:
    """The base board's layout (the board of a card set without places)."""
    if not _BASE:
        from ..cardlang.board import assemble

        _BASE.append(Layout(assemble(base_places())))
    return _BASE[0]


def layout_of(board: Board) -> Layout:
    """The layout of ``board``: the base board's own (one object shared by every
    card set on the base board) when ``board`` is the base board, else a new one."""
    base = base_layout()
    return base if board.steps == base.steps and board == base.board else Layout(board)
