"""Ora et Labora's rules value: the mode, the variant, the mechanisms' configs and the catalogue.

:class:`OraRules` is what the core finds the game by (``GameType.rules_type``)
and what every function of the game reads. It is made once per game and checked
when made: an unknown mode or variant, a seat count the mode does not take, a
catalogue the game cannot play or a building whose function names a follow-up
step the flow does not know raises :class:`~pillars_rules.errors.ConfigError`.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from ...errors import ConfigError
from ...mechanisms.contract import ContractConfig
from ...mechanisms.grid import GridConfig, Piece, Rule, Stacks
from ...mechanisms.phases import PhaseConfig
from ...mechanisms.twosided import GoodsConfig
from ...mechanisms.wheel import WheelConfig
from ...mechanisms.workers import WorkerConfig
from . import setup
from .cards import (
    chosen_parts,
    goods_of,
    set_hash,
    shipped,
    shipped_landscapes,
    shipped_modes,
    shipped_terrains,
    shipped_tracks,
)
from .catalogue import Building, check

# the follow-ups' data, public here too (docs/ora/game.rst)
from .steps import CARD_STEPS as CARD_STEPS
from .steps import FOLLOWS as FOLLOWS
from .steps import PHASE_STEPS as PHASE_STEPS  # the phase steps the flow runs (a mode card's ``runs``)
from .steps import STEPS as STEPS
from .steps import flow_step as flow_step
from .steps import playable, split_except, written

#: What building a card changes for every seat (the card's ``built``, as ``(step, arg)``) that the
#: game knows: the work contract's fee goes to 2 coins, level 1 (the Winery, the Whiskey Distillery;
#: §4.3.3, D5). A catalogue whose cards have no ``built`` names them (:data:`setup.RAISES_FEE`: the
#: names of the shipped cards that have one).
BUILT: Mapping[tuple[str, str], str] = {("price", "work_contract 2 coin"): "fee level 1"}


class _Probe:
    """A rich situation in which every building lists its outcomes, so that their follow-ups are checked."""

    def __init__(self, goods: Sequence[str]) -> None:
        self.goods = goods

    def stock(self) -> Mapping[str, int]:
        return {g: 30 for g in self.goods}

    def track(self, name: str) -> int | None:
        return 6

    def count(self, what: str) -> int:
        return 5


def _options(value: object) -> frozenset[str]:
    if isinstance(value, str) or not isinstance(value, (set, frozenset, tuple, list)):
        raise ConfigError(f"Ora rules: options are a set of names, not {value!r:.40}")
    return frozenset(value)


@attrs.frozen(eq=False)
class OraRules:
    """A game's rules. ``mode``: the name of one of the set's mode cards (:data:`setup.MODES` for the
    shipped ones); ``variant``: ``france`` or ``ireland``;
    ``catalogue``: every card (:class:`~.catalogue.Building`; default: the shipped set,
    ``cards/ora-et-labora``); ``players``: the seats (the mode's own
    count when there is one; the short game takes 3 or 4); ``options``: set-up options of
    its mode card ("german heartland", "no deck-C quarry": :data:`setup.OPTIONS`)."""

    mode: str
    variant: str
    catalogue: tuple[Any, ...] = attrs.field(factory=shipped, converter=tuple)
    players: int | None = None
    options: frozenset[str] = attrs.field(default=frozenset(), converter=_options)
    #: the set's track cards (:class:`~pillars_rules.cardlang.buildcomp.TrackCard`): the wheel of each mode
    #: and variant; ``None``: the shipped set's (``cards/ora-et-labora/tracks.cards``)
    tracks: tuple[Any, ...] | None = attrs.field(default=None, kw_only=True)
    #: the set's landscape cards (:class:`~pillars_rules.cardlang.landcomp.LandscapeCard`): the boards, where
    #: they attach, the piles' prices; ``None``: the shipped set's (``cards/ora-et-labora/landscapes.cards``)
    landscapes: tuple[Any, ...] | None = attrs.field(default=None, kw_only=True)
    #: the set's mode cards (:class:`~pillars_rules.cardlang.modecomp.ModeCard`): the set-up of each mode;
    #: ``None``: the shipped set's (``cards/ora-et-labora/modes.cards``)
    modes: tuple[Any, ...] | None = attrs.field(default=None, kw_only=True)
    #: the goods card's terrains; ``None``: the shipped goods card's
    terrains: tuple[str, ...] | None = attrs.field(default=None, kw_only=True)
    # derived when made
    #: the mode card of ``mode``
    setup: Any = attrs.field(init=False)
    #: what each seat starts with (R11; solo none, §9.1), the income by round (§10.6; R28), the last round
    #: (R35; ``None``: none), the neutral player's name (§9.3; ``""``: none) and the solo goal (§9.7; R24)
    start_goods: tuple[tuple[str, int], ...] = attrs.field(init=False)
    income: Mapping[int, tuple[tuple[str, int], ...]] = attrs.field(init=False)
    last_round: int | None = attrs.field(init=False)
    neutral: str = attrs.field(init=False)
    goal: int | None = attrs.field(init=False)
    #: how many more of each good taken from the wheel every seat takes (the short game's 1, §10.6; R25)
    wheel_bonus: int = attrs.field(init=False)
    #: the pile each bought board comes from (board -> pile), and for each pile the other one (a free
    #: landscape of either pile, Bulwark), from the landscape cards; the good each cover gives (§4.5)
    piles: Mapping[str, str] = attrs.field(init=False)
    other_pile: Mapping[str, str] = attrs.field(init=False)
    cover_good: Mapping[str, str] = attrs.field(init=False)
    seats: int = attrs.field(init=False)
    code: str = attrs.field(init=False)
    cards: Mapping[str, Building] = attrs.field(init=False)
    #: the cards a building's ``use ... except CARD`` follow-up leaves out, by (its id, the flow's ``use`` argument)
    excepts: Mapping[tuple[str, str], frozenset[str]] = attrs.field(init=False)
    #: the ids of the cards whose building raises the work contract's fee (:data:`BUILT`)
    raises_fee: frozenset[str] = attrs.field(init=False)
    wheel: WheelConfig = attrs.field(init=False)
    grid: GridConfig = attrs.field(init=False)
    #: each seat's first board and its side, (board, side): the landscape card with no ``attach``
    home: tuple[str, str] = attrs.field(init=False)
    clergy: WorkerConfig = attrs.field(init=False)
    contracts: ContractConfig = attrs.field(init=False)
    phases: PhaseConfig = attrs.field(init=False)
    #: the goods, from the set's goods card (:func:`.cards.goods_of`); ``backs`` (the free turns, front ->
    #: back), ``trades`` (the one-way exchanges of one good for coins) and ``values`` (good -> kind -> value)
    #: are read from it
    goods: GoodsConfig = attrs.field(init=False)
    backs: Mapping[str, str] = attrs.field(init=False)
    trades: Mapping[str, int] = attrs.field(init=False)
    values: Mapping[str, Mapping[str, Fraction]] = attrs.field(init=False)
    stacks: Stacks = attrs.field(init=False)
    start: tuple[str, ...] = attrs.field(init=False)
    decks: Mapping[str, tuple[str, ...]] = attrs.field(init=False)
    settlements: Mapping[str, tuple[str, ...]] = attrs.field(init=False)
    #: the card set's content hash (:func:`.cards.set_hash`: its cards, and its track cards when not the
    #: shipped ones); ``content_hash`` adds the mode, variant and options
    card_hash: str = attrs.field(init=False)
    content_hash: str = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        modes = self.modes if self.modes is not None else shipped_modes()
        put("modes", tuple(modes))
        terrains = tuple(self.terrains if self.terrains is not None else shipped_terrains())
        put("terrains", terrains)
        card = setup.mode_card(self.mode, modes)
        put("setup", card)
        if self.variant not in setup.VARIANTS:
            raise ConfigError(f"Ora rules: variant {self.variant!r:.40} is not one of {', '.join(setup.VARIANTS)}")
        counts = dict(card.seats)
        seats = self.players if self.players is not None else (next(iter(counts)) if len(counts) == 1 else None)
        if type(seats) is not int or seats not in counts:
            raise ConfigError(
                f"Ora rules: the {self.mode} game takes {' or '.join(map(str, counts))} players, not {self.players!r:.20}"
            )
        chosen = _chosen_options(self.options, card, modes)
        put("seats", seats)
        put("code", counts[seats])
        goods = goods_of(self.catalogue)
        put("goods", goods)
        put("backs", {f: b for f, b in goods.backs.items() if f in goods.free})
        put("trades", trades(goods))
        put("values", {g: dict(kinds) for g, kinds in goods.values})
        cards = check(self.catalogue, terrains, goods.goods)
        put("cards", cards)
        put("raises_fee", _raises_fee(cards))
        in_play = [c for c in cards.values() if self.code in c.modes and c.variant in ("both", self.variant)]
        for option, cid in chosen.get("without", ()):
            out = [c for c in in_play if _is(c, cid)]
            if not out:
                raise ConfigError(f"Ora rules: the option {option!r} is for {_where(cards, cid, card)}")
            in_play = [c for c in in_play if not _is(c, cid)]
        lands = self.landscapes if self.landscapes is not None else shipped_landscapes()
        printed = {}  # the cards printed on the boards (the landscape cards' squares), as pieces
        for land in lands:
            for _, cells in land.sides:
                for cell in cells:
                    if cell.card is not None and cell.card not in printed:
                        found = [c for c in in_play if c.kind == "heartland" and c.id == cell.card]
                        name = next((c.name for c in shipped() if c.id == cell.card), cell.card)
                        if not found:  # a catalogue written in Python: the shipped card's lexicon name
                            found = [c for c in in_play if c.kind == "heartland" and c.name == name]
                        if len(found) != 1:
                            raise ConfigError(
                                f"Ora rules: the catalogue needs one heartland building {name!r}, it has "
                                f"{len(found)} (the board {land.name!r} has it printed on it)"
                            )
                        printed[cell.card] = piece(found[0])
        neutral = None
        if card.neutral is not None:
            found = [c for c in in_play if c.kind == "building" and _is(c, card.neutral[1])]
            if len(found) != 1:
                name = _name_of(card.neutral[1])
                raise ConfigError(f"Ora rules: the {self.mode} game needs one {name!r}, it has {len(found)}")
            neutral = piece(found[0])
        empty = next(iter(chosen.get("uncovered", ())), ("", card.uncovered))[1]
        put("grid", setup.grid_of(lands, printed, empty, neutral, terrains))
        first = next(b for b in self.grid.boards if b.attach is None)
        put("home", (first.name, first.sides[0].name))
        put(
            "wheel",
            setup.wheel_of(self.tracks if self.tracks is not None else shipped_tracks(), self.code, self.variant),
        )
        put("clergy", setup.clergy_of(card))
        put("contracts", setup.contracts_of(card, self.variant))
        put("phases", setup.phases_of(card))
        put("start_goods", tuple(card.start))
        put("income", dict(card.income))
        put("last_round", card.last_round)
        put("neutral", "" if card.neutral is None else card.neutral[0])
        put("goal", card.goal)
        put("wheel_bonus", card.wheel_bonus)
        put("piles", {land.name: land.pile for land in lands if land.pile})
        names = tuple(dict.fromkeys(self.piles.values()))
        put("other_pile", {p: next((q for q in names if q != p), p) for p in names})
        put("cover_good", setup.cover_goods(lands))
        put("stacks", setup.stacks_of(lands, self.mode))
        buildings = [c for c in in_play if c.kind == "building" and (neutral is None or c.id != neutral.card)]
        put("start", tuple(c.id for c in buildings if c.deck == "start"))
        put("decks", {d: tuple(c.id for c in buildings if c.deck == d) for d in "ABCD"})
        towns = [c for c in in_play if c.kind == "settlement"]
        put("settlements", {d: tuple(c.id for c in towns if c.deck == d) for d in ("start", "A", "B", "C", "D")})
        for ph in self.phases.phases:
            for step in ph.steps:
                if step not in PHASE_STEPS and not step.startswith("reveal "):
                    raise ConfigError(
                        f"Ora rules: phase {ph.name!r} runs the step {step!r}, which the flow does not know"
                    )
        probe = _Probe(goods.goods)
        put("excepts", _excepts(cards))
        for c in in_play:
            for step, arg in written(getattr(c, "spec", None)):  # a card written as text: in its words
                if not playable(step, arg):
                    where = getattr(c, "source", "") or "its text"
                    raise ConfigError(
                        f"Ora rules, card {c.id!r} ({where}): the flow cannot play the follow-up "
                        f"{' '.join(x for x in (step, arg) if x)!r} (it plays: {', '.join(map(' '.join, FOLLOWS))})"
                    )
            if c.function is None:
                continue
            for o in c.function.outcomes(probe):
                for f in o.then:
                    step, arg = flow_step(f.step, f.arg)
                    if step not in STEPS:
                        raise ConfigError(
                            f"Ora rules, card {c.id!r}: its function names the follow-up step {f.step!r}, which the "
                            f"flow does not know (known: {', '.join(sorted(STEPS))}, action)"
                        )
                    if arg not in STEPS[step]:
                        raise ConfigError(
                            f"Ora rules, card {c.id!r}: the follow-up step {f.step!r} takes no argument {f.arg!r}"
                        )
        put("card_hash", set_hash(self.catalogue, self.tracks, self.landscapes, self.modes))
        text = repr((self.mode, self.variant, seats, sorted(self.options), self.card_hash))
        put("content_hash", "ora:" + hashlib.sha256(text.encode()).hexdigest()[:32])

    def card(self, cid: str) -> Building:
        return self.cards[cid]

    @property
    def solo(self) -> bool:
        return self.mode == "solo"

    def rule(self, cid: str) -> Rule:
        """Where the card may stand: its terrains, and next to a cloister if it is one (§4.6.2, §4.7)."""
        c = self.cards[cid]
        return Rule(c.terrain, next_to={"cloister"} if c.cloister else frozenset())

    def neutral_rule(self, cid: str) -> Rule:
        """Where the neutral player builds (§9.5): any terrain, over a building (cloister over cloister,
        other over other), a cloister next to a cloister."""
        c = self.cards[cid]
        return Rule(self.terrains or (), next_to={"cloister"} if c.cloister else frozenset(), over={"cloister"})


def _chosen_options(options: frozenset[str], card: Any, modes: Sequence[Any]) -> dict[str, list[tuple[str, Any]]]:
    """The chosen options' effects by kind (``without``, ``uncovered``): each option one of the mode card's."""
    own = dict(card.options)
    out: dict[str, list[tuple[str, Any]]] = {}
    for option in sorted(options):
        if option not in own:
            where = sorted({m.name for m in modes if option in dict(m.options)})
            if not where:
                every = dict.fromkeys(o for m in modes for o, _ in m.options)
                raise ConfigError(f"Ora rules: no option {option!r:.40} (options: {', '.join(every)})")
            raise ConfigError(f"Ora rules: the option {option!r} is for the {' or '.join(where)} game")
        effect = own[option]
        if effect is not None:
            out.setdefault(effect[0], []).append((option, effect[1]))
    return out


def _name_of(cid: str) -> str:
    """A shipped card's name by its id (a catalogue written in Python names its cards so), else the id."""
    return next((c.name for c in shipped() if c.id == cid), cid)


def _shipped_deck(cid: str) -> str | None:
    return next((c.deck for c in shipped() if c.id == cid), None)


def _is(card: Building, cid: str) -> bool:
    """Is ``card`` the card ``cid`` -- by its id, or in a catalogue written in Python by the shipped card's
    name and deck?"""
    return card.id == cid or (card.name == _name_of(cid) and card.deck == _shipped_deck(cid))


def _where(cards: Mapping[str, Building], cid: str, mode: Any) -> str:
    """The games in which the card ``cid`` is in play, in words: "France with 4 players"."""
    found = next((c for c in cards.values() if _is(c, cid)), None)
    if found is None:
        return f"a set with the card {cid!r}"
    seats = [str(n) for n, token in mode.seats if token in found.modes]
    variant = "either variant" if found.variant == "both" else found.variant.capitalize()
    return f"{variant} with {' or '.join(seats) or 'no'} players (its card {cid!r} is in play only there)"


#: The good the game's money is held in (R36): one-way exchanges pay in it.
MONEY = "coin"


def trades(goods: GoodsConfig) -> dict[str, int]:
    """The goods card's one-way exchanges as the secondary action they are (§4.9): good -> the coins one
    of it gives. The game plays a one-way exchange of one good for coins; another is refused."""
    out: dict[str, int] = {}
    for ex in goods.exchanges:
        if ex.both_ways:  # held as coins (R36): a both-ways exchange never needs a decision
            continue
        if len(ex.give) != 1 or ex.give[0][1] != 1 or [g for g, _ in ex.take] != [MONEY]:
            raise ConfigError(
                f"Ora rules: the goods card's exchange {ex.give!r:.40} -> {ex.take!r:.40} is not one the game plays "
                f"(one way: 1 good -> {MONEY}s)"
            )
        out[ex.give[0][0]] = ex.take[0][1]
    return out


def _excepts(cards: Mapping[str, Building]) -> dict[tuple[str, str], frozenset[str]]:
    """Each card's ``use ... except CARD`` follow-ups: the card left out, by (the card, the flow's ``use``
    argument). A card whose uses played as one step leave out different cards (or one leaves out a card,
    another none) is refused: the flow's step cannot tell them apart."""
    out: dict[tuple[str, str], frozenset[str]] = {}
    for cid, c in cards.items():
        seen: dict[str, set[str | None]] = {}
        for step, arg in written(getattr(c, "spec", None)):
            if step != "use":
                continue
            base, card = split_except(step, arg)
            seen.setdefault(flow_step(step, base)[1], set()).add(card)
        for arg, left in seen.items():
            if len(left) > 1:
                raise ConfigError(
                    f"Ora rules, card {cid!r}: its uses of a building played as the step 'use {arg}' leave out "
                    f"different cards ({', '.join(sorted(x or 'none' for x in left))}); write one of them"
                )
            (card,) = left
            if card is not None:
                out[(cid, arg)] = frozenset({card})
    return out


def _raises_fee(cards: Mapping[str, Building]) -> frozenset[str]:
    out = set()
    for cid, c in cards.items():
        built = getattr(c, "built", None)
        if built is None:  # a catalogue of the protocol alone: by name
            if c.name in setup.RAISES_FEE:
                out.add(cid)
            continue
        for pair in built:
            if tuple(pair) not in BUILT:
                raise ConfigError(
                    f"Ora rules, card {cid!r}: what its building changes, {pair!r:.60}, is not known to the game "
                    f"(known: {', '.join(' '.join(k) for k in BUILT)})"
                )
            out.add(cid)
    return frozenset(out)


def piece(card: Building) -> Piece:
    """A card as a piece on the grid, tagged by its kind (and ``cloister``)."""
    tags = {card.kind} | ({"cloister"} if card.cloister else set())
    return Piece(card.id, tags)


def ora_rules(
    mode: str = "4 players",
    variant: str = "france",
    catalogue: Sequence[Any] | None = None,
    players: int | None = None,
    options: Sequence[str] = (),
    *,
    cards: object = None,
) -> OraRules:
    """The rules of an Ora game (see :class:`OraRules`), played with the shipped cards unless
    ``catalogue`` (the cards themselves) or ``cards`` (a ``BuildingSet``, or card files and folders:
    :func:`.cards.card_set`) says otherwise."""
    if catalogue is not None and cards is not None:
        raise ConfigError("Ora rules: give the catalogue or cards=, not both")
    chosen_options = frozenset(options)
    plain = type(mode) is str and type(variant) is str and (players is None or type(players) is int)
    if catalogue is None and cards is None and plain and all(type(o) is str for o in chosen_options):
        # the shipped cards: made once per mode, variant, seats and options
        return _shipped_rules(mode, variant, players, chosen_options)
    if catalogue is not None:
        return OraRules(mode, variant, catalogue, players, chosen_options)
    picked, parts = chosen_parts(cards)
    return OraRules(
        mode,
        variant,
        picked,
        players,
        chosen_options,
        tracks=parts.tracks,
        landscapes=parts.landscapes,
        modes=parts.modes,
        terrains=parts.terrains,
    )


@functools.lru_cache(maxsize=64)
def _shipped_rules(mode: str, variant: str, players: int | None, options: frozenset[str]) -> OraRules:
    """The rules with the shipped cards (immutable, so shared by every game that asks for the same
    ones: checking the cards and their functions took a tenth of a second per new game)."""
    return OraRules(
        mode,
        variant,
        shipped(),
        players,
        options,
        tracks=shipped_tracks(),
        landscapes=shipped_landscapes(),
        modes=shipped_modes(),
        terrains=shipped_terrains(),
    )
