"""The rules context of one game: its cards (variants applied) and fast look-ups.

State holds card ids; everything a card *does* is read here. Nothing in the
engine knows a card by name: behaviour comes from the abilities in the effect
registry (:mod:`pillars_rules.cardlang.effects`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, TypeVar

from ..cardlang.card import Card
from ..cardlang.cardset import CardSet
from ..cardlang.effects import (
    BuilderLimit,
    CapacityDelta,
    Convert,
    CraftsmanLimit,
    ExtraWorker,
    Lasting,
    MillBonus,
    NextRound,
    OnAction,
    Once,
    Passive,
    PeekEvent,
    Permit,
    PriceDelta,
    RestOfGame,
    TaxDelta,
    TaxFixed,
    ThisRound,
    Trigger,
    YieldDelta,
    addressed,
    lastings,
)
from .layout import Layout, layout_of
from .state import GameState, PlayerState, RoundState

# Imported names read in hot code, as Final aliases: the compiled build reads a Final
# from a C static, any other module global from the module's dict at every read.
_BuilderLimit: Final = BuilderLimit
_CapacityDelta: Final = CapacityDelta
_CraftsmanLimit: Final = CraftsmanLimit
_ExtraWorker: Final = ExtraWorker
_MillBonus: Final = MillBonus
_PeekEvent: Final = PeekEvent
_Permit: Final = Permit
_PriceDelta: Final = PriceDelta
_TaxDelta: Final = TaxDelta
_TaxFixed: Final = TaxFixed
_YieldDelta: Final = YieldDelta

_V = TypeVar("_V")
#: the prices of a trade a market place does not offer
_NO_PRICES: Final[dict[str, int]] = {}


def _board_with_rules(cards: CardSet, by_id: Mapping[str, Card]) -> Card | None:
    """The set's board card, if it has set-up rules (``at setup:``): the
    rules context holds it with the cards, so its abilities are found as
    theirs (a set-up choice names it as its source)."""
    for c in cards.places:
        if c.kind == "board" and c.abilities and c.id not in by_id:
            return c
    return None


def _table(entries: dict[str, _V]) -> Mapping[str, _V]:
    """A read-only look-up table (Rules are shared between games)."""
    return MappingProxyType(entries)


DEFAULT_CRAFTSMAN_LIMIT: Final = 5
DEFAULT_BUILDERS = 3  # the base board's; a board's text sets its own ('starting builders')
#: The engine variant that plays rules version 3's readings (saves made under
#: rules version 3 load with it, :mod:`pillars_rules.games.pillars.upcasters`): any free
#: spot may be taken at every place but the market, and the Priory and the King's
#: court pay by spot; immediate privileges stay among their holder's privileges.
#: (The board's places, their spots and prices, which places fill in order and
#: which allow one builder per player, are the board's text: :attr:`Rules.layout`.)
RULES_V3 = "rules_v3"
#: Engine variant of rules version 4's reading of a place's spot effect that
#: asks a choice (the expansion's France): the choice was asked after the next
#: step had started (saves of rules version 4 that did so load with it).
RULES_V4 = "rules_v4"
#: Trades that need a Permit from a card the player owns (§4).
RESTRICTED_TRADES: Final = frozenset({("buy", "wood"), ("sell", "stone")})
#: Version of the rules as this engine plays them. Bump it whenever a change to
#: the rules or to how random outcomes are drawn changes which events a game's
#: log holds: saves record it, and a save from another rules version that no
#: longer replays is refused with a message naming both versions.
#: History: 1 -- the first rules; 2 -- issue #9: the player chooses whether the
#: big worker goes on a resource card, Richard/Aliena/Tom Builder pay at their
#: site's step, the Archbishop's statue boosts every craftsman (old variant
#: ``archbishop_all_craftsmen`` is the default), dm with City wall, limits both ways;
#: 3 -- issue #24: budgets per seat and round (card effects, trades, conversions,
#: cubes of a kind held; :mod:`pillars_rules.limits`), which base games never reach;
#: 4 -- issue #34: the Priory's and the King's court's spots fill in order
#: (the board's ``fill in order``), and an immediate privilege leaves play once its effect is
#: had (``OnceUsed`` after its gains); version 3 saves play on under :data:`RULES_V3`;
#: 5 -- issue #54: a choice a place's spot gives (France's one use) is made at
#: that place's own step, before the next step starts (a ``Decided`` of kind
#: ``spot:<place>`` records it); version 4 saves that asked one later play on
#: under :data:`RULES_V4`.
RULES_VERSION = 5
#: Known variant options (RULES §2.3, §8). Card files may define more.
ENGINE_VARIANTS = ("dm", RULES_V3, RULES_V4)


def _lasting(abilities: tuple[Any, ...]) -> list[Any]:
    """The modifiers a card's abilities may grant single seats (issue #36):
    every lasting change in them (:func:`~pillars_rules.cardlang.effects.lastings`)."""
    out: list[Any] = []
    for a in abilities:
        if isinstance(a, RestOfGame):
            out.append(a.modifier)
        else:
            out.extend(m.modifier for m in lastings(a))
    return out


class _Held:
    """A seat's held modifiers (:meth:`Rules.modifiers`) with what they were
    read from: the seat's record and the round's, and the seat's cards and the
    round's events and who they spare, the very objects (a record copied for
    another change -- cubes, gold, a spot -- keeps the latter, so an
    unchanged seat is known by identity alone)."""

    __slots__ = (
        "player",
        "table",
        "craftsmen",
        "privileges",
        "event",
        "prev_event",
        "protected",
        "prev_protected",
        "mods",
    )

    def __init__(self, p: PlayerState, t: RoundState, mods: tuple) -> None:
        self.player = p  # the same records: the quickest test, and the most common case
        self.table = t
        self.craftsmen: tuple[str, ...] = p.craftsmen
        self.privileges: tuple[str, ...] = p.privileges
        self.event: str = t.event
        self.prev_event: str = t.prev_event
        self.protected: frozenset[int] = t.protected
        self.prev_protected: frozenset[int] = t.prev_protected
        self.mods: tuple = mods


class Rules:
    """Cards and variants of one game, with per-card look-ups precomputed.

    One ``Rules`` is shared by every game of the process with the same cards
    and variants (:func:`rules_for`), so it is read-only: attributes cannot be
    set, and every look-up table is a read-only mapping of tuples and
    frozensets. (The caches whose names start with ``_`` are the engine's own.)
    """

    __slots__ = (
        "base",
        "variants",
        "cards",
        "content_hash",
        "identity",
        "by_id",
        "passives",
        "triggers",
        "triggered",
        "triggered_on",
        "converts",
        "onces",
        "on_actions",
        "acting",
        "this_round",
        "next_round",
        "tags",
        "starting_craftsmen",
        "lowest_craftsman_limit",
        "in_order",
        "layout",
        "one_per_player",
        "steps",
        "locations",
        "spent_when_gained",
        "held_one_round",
        "spot_choices_at_step",
        "_mods_cache",
        "_mods_last",
        "_actions",
        "_prices_cache",
        "_other_prices",
        "shared",
        "in_game",
    )

    base: CardSet
    variants: tuple[str, ...]
    cards: CardSet
    content_hash: str
    #: the card set's identity (:attr:`~pillars_rules.cardlang.cardset.CardSet.identity`):
    #: the key its games' states carry (``card_hash``): :func:`.evolve.evolve` refuses a state of another
    identity: str
    by_id: Mapping[str, Card]
    passives: Mapping[str, tuple[Any, ...]]
    triggers: Mapping[str, tuple[tuple[int, Trigger], ...]]
    #: Cards with at least one step trigger (most have none).
    triggered: frozenset[str]
    #: hook (a step, ``round_start``) -> the cards with a trigger on it; most hooks have none.
    triggered_on: Mapping[str, frozenset[str]]
    #: A card's conversions, numbered among its conversions (``Build(card, 0)`` is the first).
    converts: Mapping[str, tuple[tuple[int, Convert], ...]]
    #: (card, conversion) -> the conversions sharing its capacity, itself
    #: included (alternatives, ``convert A | B -> ...``); other conversions are not here.
    shared: Mapping[tuple[str, int], tuple[int, ...]]
    onces: Mapping[str, tuple[tuple[int, Once], ...]]
    #: ``when you <action>:`` abilities by card, and the cards that have any.
    on_actions: Mapping[str, tuple[tuple[int, OnAction], ...]]
    acting: frozenset[str]
    this_round: Mapping[str, tuple[Any, ...]]
    next_round: Mapping[str, tuple[Any, ...]]
    tags: Mapping[str, frozenset[str]]
    starting_craftsmen: tuple[str, ...]
    #: The lowest craftsman limit any card may set: below it, no check is needed.
    lowest_craftsman_limit: int
    #: Places whose spots fill in order (the board's ``fill in order``; under
    #: :data:`RULES_V3` only the market's).
    in_order: tuple[str, ...]
    #: The board's tables (:mod:`.layout`), and the ones every step reads: the one board its
    #: games' events fold with (:func:`.evolve.evolve`, :class:`.batch.Batch`).
    layout: Layout
    one_per_player: tuple[str, ...]
    steps: tuple[str, ...]
    locations: Mapping[str, int]
    #: The immediate privileges, which leave play once gained and had (none under :data:`RULES_V3`).
    spent_when_gained: frozenset[str]
    #: privileges held for one round only: they leave the game at its end
    held_one_round: frozenset[str]
    #: A choice a spot's effect asks is made at its place's step (not under :data:`RULES_V4`).
    spot_choices_at_step: bool
    _mods_cache: dict[tuple[tuple[str, ...], tuple[str, ...], str, str], tuple[Any, ...]]
    #: seat -> (holdings, round table, modifiers) of the last question per seat
    _mods_last: dict[int, _Held]
    #: Listed actions by key, shared across states (see ``legal._act``).
    _actions: dict[tuple[Any, ...], Any]
    _prices_cache: dict[tuple[Any, ...], dict[tuple[str, str], int]]
    _other_prices: dict[str, dict[tuple[Any, ...], dict[tuple[str, str], int]]]
    #: (kind, seats) -> the cards of that kind in a game of that many seats, in
    #: set order (a card's ``players`` line leaves it out at other counts)
    in_game: Mapping[tuple[str, int], tuple[Card, ...]]

    def __init__(self, cards: CardSet, variants: tuple[str, ...] = ()) -> None:
        # object.__setattr__ with a literal name: a plain store under mypyc
        # (Rules refuses assignments, see __setattr__)
        variants = tuple(variants)
        played = cards.with_variants(variants)
        by_id: Mapping[str, Card] = played.by_id
        board = _board_with_rules(cards, by_id)
        if board is not None:  # its 'at setup:' rules are every player's (issue #53)
            by_id = MappingProxyType({**by_id, board.id: board})
        abilities = {cid: c.abilities for cid, c in by_id.items()}
        triggers = _table(
            {cid: tuple((i, a) for i, a in enumerate(ab) if isinstance(a, Trigger)) for cid, ab in abilities.items()}
        )
        on_actions = _table(
            {cid: tuple((i, a) for i, a in enumerate(ab) if isinstance(a, OnAction)) for cid, ab in abilities.items()}
        )
        passives = _table(
            {cid: tuple(a.modifier for a in ab if isinstance(a, Passive)) for cid, ab in abilities.items()}
        )
        this_round = _table(
            {cid: tuple(a.modifier for a in ab if isinstance(a, ThisRound)) for cid, ab in abilities.items()}
        )
        next_round = _table(
            {cid: tuple(a.modifier for a in ab if isinstance(a, NextRound)) for cid, ab in abilities.items()}
        )
        object.__setattr__(self, "base", cards)
        object.__setattr__(self, "variants", variants)
        object.__setattr__(self, "cards", played)
        object.__setattr__(self, "content_hash", cards.content_hash)
        object.__setattr__(self, "by_id", by_id)
        object.__setattr__(self, "passives", passives)
        object.__setattr__(self, "triggers", triggers)
        object.__setattr__(self, "triggered", frozenset(cid for cid, t in triggers.items() if t))
        hooks = {a.step for ts in triggers.values() for _, a in ts}
        object.__setattr__(
            self,
            "triggered_on",
            _table(
                {
                    hook: frozenset(cid for cid, ts in triggers.items() if any(a.step == hook for _, a in ts))
                    for hook in hooks
                }
            ),
        )
        converts = _table(
            {cid: tuple(enumerate(a for a in ab if isinstance(a, Convert))) for cid, ab in abilities.items()}
        )
        object.__setattr__(self, "converts", converts)
        shared: dict[tuple[str, int], tuple[int, ...]] = {}
        for cid, convs in converts.items():
            for head, _ in convs:
                group = tuple(i for i, c in convs if i == head or c.shares == head)
                if len(group) > 1:
                    for i in group:
                        shared[cid, i] = group
        object.__setattr__(self, "shared", MappingProxyType(shared))
        object.__setattr__(
            self,
            "onces",
            _table(
                {cid: tuple((i, a) for i, a in enumerate(ab) if isinstance(a, Once)) for cid, ab in abilities.items()}
            ),
        )
        object.__setattr__(self, "on_actions", on_actions)
        object.__setattr__(self, "acting", frozenset(cid for cid, t in on_actions.items() if t))
        object.__setattr__(self, "this_round", this_round)
        object.__setattr__(self, "next_round", next_round)
        object.__setattr__(self, "tags", _table({cid: frozenset(c.tags) for cid, c in by_id.items()}))
        object.__setattr__(
            self, "starting_craftsmen", tuple(c.id for c in played if c.kind == "craftsman" and c.round == 0)
        )
        object.__setattr__(
            self,
            "lowest_craftsman_limit",
            min(
                [DEFAULT_CRAFTSMAN_LIMIT]
                + [
                    m.n
                    for mods in (passives, this_round, next_round)
                    for ms in mods.values()
                    for m in ms
                    if isinstance(m, _CraftsmanLimit)
                ]
                + [m.n for ab in abilities.values() for m in _lasting(ab) if isinstance(m, _CraftsmanLimit)]
                + [
                    e.modifier.n
                    for c in cards.board.places
                    for _, e in c.place.spot_effects
                    if isinstance(e, Lasting) and isinstance(e.modifier, _CraftsmanLimit)
                ]
            ),
        )
        object.__setattr__(self, "identity", cards.identity)
        layout = layout_of(cards.board)
        object.__setattr__(self, "layout", layout)
        v3 = RULES_V3 in variants
        object.__setattr__(self, "in_order", tuple(k for k in layout.in_order if not v3 or k == layout.market))
        object.__setattr__(self, "one_per_player", layout.one_per_player)
        object.__setattr__(self, "steps", layout.steps)
        object.__setattr__(self, "locations", _table(dict(layout.locations)))
        object.__setattr__(
            self,
            "spent_when_gained",
            frozenset() if v3 else frozenset(c.id for c in played if c.kind == "privilege" and c.mode == "immediate"),
        )
        object.__setattr__(self, "spot_choices_at_step", RULES_V4 not in variants)
        object.__setattr__(
            self, "held_one_round", frozenset(c.id for c in played if c.kind == "privilege" and c.mode == "one_round")
        )
        object.__setattr__(self, "_mods_cache", {})
        object.__setattr__(self, "_mods_last", {})
        object.__setattr__(self, "_actions", {})
        object.__setattr__(self, "_prices_cache", {})
        object.__setattr__(self, "_other_prices", {})
        object.__setattr__(
            self,
            "in_game",
            MappingProxyType(
                {
                    (kind, n): tuple(c for c in played if c.kind == kind and (not c.players or n in c.players))
                    for kind in ("craftsman", "event", "privilege", "resource")
                    for n in layout.players
                }
            ),
        )

    def cards_at(self, kind: str, players: int) -> tuple[Card, ...]:
        """The cards of ``kind`` in a game of ``players`` seats (a card's
        ``players`` line names the counts it plays at; none: every count)."""
        got = self.in_game.get((kind, players))
        if got is None:
            got = tuple(c for c in self.cards.of_kind(kind) if not c.players or players in c.players)
        return got

    def resource_cards(self, players: int) -> list[str]:
        """The ids of the resource cards shuffled each round at ``players`` seats (§2.1)."""
        return [c.id for c in self.cards_at("resource", players) if not c.every_round]

    def every_round_cards(self, players: int) -> tuple[str, ...]:
        """The resource cards dealt every round beside the shuffled ones (``every round``)."""
        return tuple(c.id for c in self.cards_at("resource", players) if c.every_round)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Rules are shared between games and read-only; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Rules are shared between games and read-only; cannot delete {name!r}")

    def card(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def name(self, card_id: str) -> str:
        c = self.by_id.get(card_id)
        return c.name if c else card_id.replace("_", " ")

    # ------------------------------------------------------------ modifiers
    def affected(self, event: str, protected: frozenset[int], seat: int) -> bool:
        """Does ``event`` touch ``seat``? Harmful events spare protected seats (§2.4)."""
        return bool(event) and (not self.by_id[event].harmful or seat not in protected)

    def modifiers(self, state: GameState, seat: int) -> tuple:
        """Every modifier holding for ``seat`` now: owned cards, this round's
        event, last round's next-round event, and what cards granted the seat
        for this round (:attr:`.GameState.granted`)."""
        p = state.players[seat]
        t = state.table  # affected(), inlined: this runs at almost every step of the flow
        last = self._mods_last.get(seat)
        # the seat's cards, the events and who they spare unchanged (the very objects: a
        # record copied for another change -- cubes, gold, a spot -- keeps them)
        if last is not None and last.player is p and last.table is t:
            held = last.mods
        elif (
            last is not None
            and last.craftsmen is p.craftsmen
            and last.privileges is p.privileges
            and last.event is t.event
            and last.prev_event is t.prev_event
            and last.protected is t.protected
            and last.prev_protected is t.prev_protected
        ):
            held = last.mods
            # the next ask is likely of these records: answer it by the quick test. (Threads may
            # interleave these two writes; any record kept here matches the entry's cards and
            # events, so a mixed pair still answers right.)
            last.player = p
            last.table = t
        else:
            held = self._held_modifiers(state, seat, p, t)
        if not state.granted:
            return held
        r = state.round
        extra = tuple(
            self.granted_modifier(g[1], g[2], g[3]) for g in state.granted if g[0] == seat and g[4] <= r <= g[5]
        )
        return held + extra if extra else held

    def granted_modifier(self, card: str, ability: int, option: int) -> Any:
        """The modifier a :class:`~.events.ModifierGranted` names: the card's
        ``rest of game:`` ability, option ``option`` of its choice, or the
        lasting effect of spot ``ability`` of the place ``card``."""
        # the one walk (issue #53): through every wrapper, a chosen player's too
        where: Any = (
            self.layout.spot_effect(card, ability)
            if card in self.layout.spot_effects
            else self.by_id[card].abilities[ability]
        )  # a place's spot (the expansion's event field)
        node: Any = addressed(where, option, True)
        return node.modifier

    def _held_modifiers(self, state: GameState, seat: int, p: PlayerState, t: Any) -> tuple:
        this, prev = t.event, t.prev_event
        if this and self.by_id[this].harmful and seat in t.protected:
            this = ""
        if prev and self.by_id[prev].harmful and seat in t.prev_protected:
            prev = ""
        key = (p.craftsmen, p.privileges, this, prev)
        mods = self._mods_cache.get(key)
        if mods is None:
            out: list = []
            for cid in p.craftsmen:
                out.extend(self.passives[cid])
            for cid in p.privileges:
                out.extend(self.passives[cid])
            if this:
                out.extend(self.this_round[this])
            if prev:
                out.extend(self.next_round[prev])
            mods = tuple(out)
            if len(self._mods_cache) > 4096:
                self._mods_cache.clear()
            self._mods_cache[key] = mods
        if len(self._mods_last) < 64:  # seats: a handful (a forged state cannot grow it)
            # one assignment: safe across threads; the entry holds what it was keyed by
            self._mods_last[seat] = _Held(p, t, mods)
        return mods

    # Limits (§2.2, §2.3): a limit modifier sets the value, up or down; when
    # several hold (a privilege and an event), the lowest applies.
    def craftsman_limit(self, state: GameState, seat: int) -> int:
        limits = [m.n for m in self.modifiers(state, seat) if isinstance(m, _CraftsmanLimit)]
        return min(limits) if limits else DEFAULT_CRAFTSMAN_LIMIT

    def builder_limit(self, state: GameState, seat: int) -> int:
        limits = [m.n for m in self.modifiers(state, seat) if isinstance(m, _BuilderLimit)]
        return min(limits) if limits else self.layout.starting_builders

    def extra_workers(self, state: GameState, seat: int) -> int:
        return sum(m.n for m in self.modifiers(state, seat) if isinstance(m, _ExtraWorker))

    def peeks(self, state: GameState, seat: int) -> bool:
        return any(isinstance(m, _PeekEvent) for m in self.modifiers(state, seat))

    def yield_delta(self, state: GameState, seat: int) -> int:
        return sum(m.n for m in self.modifiers(state, seat) if isinstance(m, _YieldDelta))

    def mill_bonus(self, state: GameState, seat: int, value: int) -> int:
        return sum(m.per * min(value, m.up_to) for m in self.modifiers(state, seat) if isinstance(m, _MillBonus))

    def tax_for(self, state: GameState, seat: int, rolled: Any) -> Any:
        """The tax ``seat`` pays when the die shows ``rolled`` (a whole number in
        the game; bots ask with the die's mean, a float: ``Any``, so the compiled
        build keeps each number's own type, as the pure build does)."""
        fixed, delta = self._tax_terms(state, seat)
        return max(0, (rolled if fixed is None else fixed) + delta)

    def tax_faces(self, state: GameState, seat: int, faces: Sequence[int]) -> list[int]:
        """:meth:`tax_for` of each of ``faces`` (the modifiers read once)."""
        fixed, delta = self._tax_terms(state, seat)
        return [max(0, (f if fixed is None else fixed) + delta) for f in faces]

    def _tax_terms(self, state: GameState, seat: int) -> tuple[int | None, int]:
        """(the lowest fixed tax or ``None``, the sum of the tax changes) holding for ``seat``."""
        mods = self.modifiers(state, seat)
        fixed = [m.n for m in mods if isinstance(m, _TaxFixed)]
        return (min(fixed) if fixed else None), sum(m.n for m in mods if isinstance(m, _TaxDelta))

    def price(self, state: GameState, seat: int, trade: str, resource: str, place: str = "") -> int | None:
        """Price of one cube for ``seat`` at the market place ``place`` (the
        first market if ``""``), or ``None`` if that trade does not exist there.
        A card's price change holds at every market (RULING, docs/rules.rst)."""
        layout = self.layout
        if not place or place == layout.market:
            table = layout.buy_prices if trade == "buy" else layout.sell_prices
        else:
            table = (layout.buying if trade == "buy" else layout.selling).get(place, _NO_PRICES)
        if resource not in table:
            return None
        price = table[resource]
        for m in self.modifiers(state, seat):
            if isinstance(m, _PriceDelta) and m.resource == resource and m.trade in (trade, "both"):
                price += m.n
        return max(0, price)

    def market_prices(self, state: GameState, seat: int, place: str = "") -> dict[tuple[str, str], int]:
        """``{(trade, cube): price}`` for every trade ``seat`` may make (§4) at
        the market place ``place`` (the first market if ``""``), cached per set
        of modifiers (and per further market)."""
        mods = self.modifiers(state, seat)
        layout = self.layout
        if not place or place == layout.market:
            cache = self._prices_cache
            buying, selling = layout.buy_prices, layout.sell_prices
        else:
            found = self._other_prices.get(place)
            if found is None:
                found = {}
                self._other_prices[place] = found
            cache = found
            buying, selling = layout.buying.get(place, _NO_PRICES), layout.selling.get(place, _NO_PRICES)
        table = cache.get(mods)
        if table is None:
            table = {}
            for trade, prices in (("buy", buying), ("sell", selling)):
                for r in prices:
                    price = self.price(state, seat, trade, r, place)
                    if price is not None and self.permitted(state, seat, trade, r):
                        table[trade, r] = price
            if len(cache) > 4096:
                cache.clear()
            cache[mods] = table
        return table

    def permitted(self, state: GameState, seat: int, trade: str, resource: str) -> bool:
        if (trade, resource) not in RESTRICTED_TRADES:
            return True
        return any(
            isinstance(m, _Permit) and m.trade == trade and m.resource == resource for m in self.modifiers(state, seat)
        )

    def once_card(self, state: GameState, seat: int, window: str) -> str | None:
        """An unused once-per-game privilege of ``seat`` for ``window``."""
        for cid in state.players[seat].privileges:
            for _, a in self.onces[cid]:
                if a.window == window:
                    return cid
        return None

    def once_uses(self, state: GameState, seat: int, window: str) -> tuple[tuple[str, int], ...]:
        """(card, ability index) of every unused once-per-game ability of
        ``seat`` for a general ``window`` (draft, market, cathedral)."""
        return tuple(
            (cid, i)
            for cid in dict.fromkeys(state.players[seat].privileges)
            for i, a in self.onces[cid]
            if a.window == window
        )

    def has_tag(self, state: GameState, seat: int, tag: str) -> bool:
        return any(tag in self.tags[c] for c in state.players[seat].craftsmen)

    def uses(self, p: PlayerState, card: str, ability: int) -> int:
        """Uses this round of conversion ``ability`` of ``card``, the uses of
        the alternatives sharing its capacity counted in (issue #36)."""
        group = self.shared.get((card, ability))
        if group is None:
            return p.uses_of(card, ability)
        return sum(p.uses_of(card, i) for i in group)

    def capacity(self, state: GameState, seat: int, card: str, conv: Convert) -> int:
        """How often ``conv`` of ``card`` may be used this round (§6): its
        capacity (and what it grows by, ``+ 1 per counter``), plus boosts
        chosen this round, plus capacity modifiers (§8, the Archbishop's
        statue), never below 0. Without a capacity: once."""
        if conv.capacity is None:
            return 1
        n = conv.capacity + state.players[seat].boost_of(card)
        per = conv.capacity_per
        if per is not None:  # capacity N + M per COUNT (issue #36), as it stands now
            n += conv.capacity_plus * (state.count(seat, per.what, card) // per.per)
        for m in self.modifiers(state, seat):
            if type(m) is _CapacityDelta and card not in m.exclude:
                n += m.n
        return max(0, n)

    # ------------------------------------------------------------ words for refusals
    def granting(self, predicate: Callable[[Card], bool]) -> str:
        """The names of the cards with a modifier or tag for which
        ``predicate(card)`` holds, as ``"A or B"`` (refusal reasons name the rule
        from the cards, never from names in the engine)."""
        names = list(dict.fromkeys(c.name for c in self.cards if predicate(c)))
        if not names:
            return "a card that allows it"
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]

    def permit_names(self, trade: str, resource: str) -> str:
        """Who allows a restricted trade, e.g. ``"Carpenter or Master carpenter"``."""
        return self.granting(
            lambda c: any(isinstance(a, Passive) and a.modifier == _Permit(trade, resource) for a in c.abilities)
        )

    def tag_names(self, tag: str) -> str:
        """The craftsmen with ``tag``, e.g. ``"Mortar mixer or Mortar mixer (improved)"``."""
        return self.granting(lambda c: c.kind == "craftsman" and tag in c.tags)


_RULES: dict[tuple[str, tuple[str, ...]], Rules] = {}
_RULES_KEEP = 32


def rules_for(cards: CardSet, variants: tuple[str, ...] = ()) -> Rules:
    """The :class:`Rules` of a card set and variants, shared by every game that
    uses the same cards (by :attr:`~pillars_rules.cardlang.cardset.CardSet.identity`, which
    depends only on the compiled cards), so look-ups and listed actions are
    built once per process, not once per game."""
    key = (cards.identity, tuple(variants))
    rules = _RULES.get(key)
    if rules is None:
        if len(_RULES) >= _RULES_KEEP:
            _RULES.pop(next(iter(_RULES)))
        rules = _RULES[key] = Rules(cards, tuple(variants))
    return rules
