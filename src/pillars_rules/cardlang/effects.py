"""The effect registry: every kind of card behaviour the engine knows, as data.

This module is the contract between the card language and the engine. The card
compiler (:mod:`pillars_rules.cardlang`) produces only the classes below; the
engine (:mod:`pillars_rules.engine`) interprets only these classes. The grammar,
formatter, English renderer and the docs reference all read the same registry
(:data:`EFFECTS`), so adding a concept means adding one class here and teaching
the engine its meaning -- never adding a card name to Python.

Vocabulary (RULES §1-§8):

* **amount kinds** -- ``wood``, ``stone``, ``sand``, ``metal`` (cubes), ``gold`` and ``vp``;
* **steps** -- the 14 Phase III steps in order (:data:`STEPS`), plus ``round_start``;
  a :class:`Trigger` fires at the start of its step, before the step's own rule;
* **locations** -- the builder spots (:data:`LOCATIONS`);
* **windows** -- when a once-per-game ability may be used (:data:`WINDOWS`).
"""

from __future__ import annotations

from typing import Final, Union

from attrs import frozen

#: Card kinds (the card language and :mod:`pillars_rules.cardlang.cardset` both use them).
KINDS: tuple[str, ...] = ("craftsman", "privilege", "event", "resource", "place", "board")
#: Kinds that make up the board (:mod:`pillars_rules.cardlang.board`), kept apart
#: from the cards of a :class:`~pillars_rules.cardlang.cardset.CardSet`.
BOARD_KINDS: tuple[str, ...] = ("place", "board")
CUBES: Final[tuple[str, ...]] = ("wood", "stone", "sand", "metal")
AMOUNT_KINDS: tuple[str, ...] = CUBES + ("gold", "vp")

#: Phase III in order (RULES §2.4); ``round_start`` is the round opening (§2.1).
STEPS: tuple[str, ...] = (
    "event",
    "bishop",
    "wool_mill",
    "kingsbridge",
    "priory",
    "forest",
    "quarry",
    "sand_pit",
    "kings_court",
    "shiring",
    "castle",
    "market",
    "cathedral",
    "start_player",
)
HOOK_POINTS: tuple[str, ...] = ("round_start",) + STEPS
#: A hook of every board besides its steps and ``round_start``: after the last
#: round's steps, before the ranking (issue #36). It asks no choice.
GAME_END: Final = "game_end"
#: A hook of every game before the first round (issue #53): after the decks
#: are shuffled, the abilities of the board card (each player's) and of the
#: starting craftsmen act, seat by seat from the start player.
SETUP: Final = "setup"

#: Builder spots per location (RULES §3).
LOCATIONS: dict[str, int] = {
    "bishop": 1,
    "kingsbridge": 2,
    "priory": 2,
    "kings_court": 4,
    "shiring": 2,
    "castle": 1,
    "market": 4,
    "start_player": 1,
}

# A place's name in words is the board's text (``called "the King's court"``):
# :meth:`pillars_rules.engine.layout.Layout.words`.

#: The machine rules a place's Phase III step may run (``step <rule>`` in a
#: place's text; a place without one runs ``spots``, a worker site ``site``):
#:
#: * ``event`` -- reveal the top event card and apply it (§8);
#: * ``bishop`` -- the builder on the first spot protects from a harmful event
#:   or takes a cube from the market's stock (§2.4 step 2);
#: * ``wool_mill`` -- 1 gold per worker value in the mill (§2.2);
#: * ``privileges`` / ``craftsmen`` -- each spot's builder takes the privilege
#:   / craftsman beside it; the round opening reveals one per spot (§2.1);
#: * ``spots`` -- each builder gets what the place's ``spot N:`` line gives;
#: * ``site`` -- the resource cards on this worker site yield (§5);
#: * ``tax`` -- roll the place's ``die``; every player without a builder here
#:   pays; the first spot's builder takes the place's ``stock`` (§2.4 step 9);
#: * ``market`` -- trading at the place's prices, in the order of placement (§4);
#: * ``cathedral`` -- conversions, then the ``cube limit`` (§2.4 step 13);
#: * ``start_player`` -- the first spot's builder becomes start player (§2.4 step 14).
STEP_RULES: tuple[str, ...] = (
    "event",
    "bishop",
    "wool_mill",
    "privileges",
    "spots",
    "site",
    "tax",
    "craftsmen",
    "market",
    "cathedral",
    "start_player",
    "collector",
)
#: What a worker site's resource cards may yield: a cube, or VP or gold (the
#: expansion's Crusades: workers sent for VP).
SITE_YIELDS: tuple[str, ...] = CUBES + ("vp", "gold")
#: Rules a board runs exactly once (the game cannot end or start a round without them).
REQUIRED_RULES: tuple[str, ...] = ("cathedral", "start_player")
#: Rules a board may run at most once (the state keeps one row for each).
#: ``market`` is not among them: every market place keeps its own stock (the
#: expansion's Harbour is a second market).
SINGLE_RULES: tuple[str, ...] = (
    "event",
    "bishop",
    "wool_mill",
    "privileges",
    "tax",
    "craftsmen",
    "cathedral",
    "start_player",
    "collector",
)
#: Most builder spots one place may have, and most places of a board
#: (:mod:`pillars_rules.limits`, whose event bound rests on them).
from ..limits import MAX_PLACES as MAX_PLACES  # noqa: E402 - re-exported
from ..limits import MAX_SPOTS as MAX_SPOTS

#: Resource-card sites and the cube they yield (RULES §5).
SITES: dict[str, str] = {"forest": "wood", "quarry": "stone", "sand_pit": "sand"}

#: When a once-per-game ability may be used (RULES §7):
#: ``placement`` -- when one of your builders is placed in Phase II;
#: ``event`` -- after a harmful event is revealed, before it applies;
#: ``tax`` -- after the tax roll, before paying;
#: ``draft``, ``market``, ``cathedral`` -- on your turn in the draft, at the
#: market, or in the cathedral step (:data:`GENERAL_WINDOWS`).
WINDOWS: tuple[str, ...] = ("placement", "event", "tax", "draft", "market", "cathedral")
#: Windows whose once-per-game ability is any instant effect (``on market:
#: gain 1 stone``): using it is an action on your turn there, in place of
#: another (in the draft and at the market the turn then passes on).
GENERAL_WINDOWS: tuple[str, ...] = ("draft", "market", "cathedral")

#: Player actions that ``when you <action>:`` abilities react to (``take``:
#: a resource card in the draft).
PLAYER_ACTIONS: tuple[str, ...] = ("hire", "buy", "sell", "place", "take")
#: Each action as written after another player (``when another player hires:``).
ACTION_THIRD: dict[str, str] = {"hire": "hires", "buy": "buys", "sell": "sells", "place": "places", "take": "takes"}
#: Whose action a reaction answers (:class:`OnAction`), as written after ``when``:
#: the owner's, any other seat's, any seat's, or a neighbour's (issue #53).
REACTORS: dict[str, str] = {
    "you": "you",
    "other": "another player",
    "any": "any player",
    "left": "your left neighbour",
    "right": "your right neighbour",
}

#: Market trades: (``buy``|``sell``, cube).
TRADES: tuple[str, ...] = ("buy", "sell")


@frozen
class Amount:
    """``n`` of one amount kind, e.g. ``Amount("wood", 2)``."""

    kind: str
    n: int

    def __str__(self) -> str:
        if self.kind == "counters":  # a conversion's output: counters on its card (issue #36)
            return f"{self.n} {'counter' if self.n == 1 else 'counters'}"
        return f"{self.n} {self.kind.upper() if self.kind == 'vp' else self.kind}"


# --------------------------------------------------------------------------
# Conditions and multipliers


@frozen
class OwnsAtLeast:
    """True when the player holds at least ``n`` of ``kind`` (not consumed):
    an amount kind, a player count, or ``counters`` -- the player's counters
    on the card whose ability it is (issue #53: ``if you own 3 counters``)."""

    kind: str
    n: int = 1


#: Values of the game a player may know (issue #36), for ``per <count>``,
#: ``if you own <n> <count>`` and ``the player with most <count>``. A
#: player's: the amount kinds, ``cubes`` (all four kinds), ``craftsmen``,
#: ``privileges``, ``workers`` (this round's worker value) and ``builders``
#: (placed this round); the game's: ``round`` (1-6), ``players``,
#: ``pieces`` (of the cathedral, built so far) and ``tax`` (this round's tax
#: roll once rolled, else 0). Every one is public and
#: bounded by the state (at most 30 gold, cubes, ...), so a gain multiplied by
#: one stays one event and within the limits.
PLAYER_COUNTS: tuple[str, ...] = AMOUNT_KINDS + ("cubes", "craftsmen", "privileges", "workers", "builders")
GAME_COUNTS: tuple[str, ...] = ("round", "players", "pieces", "tax")
#: Counts of the card whose ability it is (issue #36): its owner's counters on it.
CARD_COUNTS: tuple[str, ...] = ("counters",)
COUNTS: tuple[str, ...] = PLAYER_COUNTS + GAME_COUNTS + CARD_COUNTS
#: A count's word for one (``per craftsman``, ``1 craftsman``); the others are
#: their own singular.
COUNT_SINGULAR: dict[str, str] = {
    "cubes": "cube",
    "craftsmen": "craftsman",
    "privileges": "privilege",
    "workers": "worker",
    "builders": "builder placed",
    "players": "player",
    "pieces": "piece",
    "counters": "counter",
}
#: Words a count may be written with -> the count.
COUNT_WORDS: dict[str, str] = {
    **{c: c for c in COUNTS},
    **{w: c for c, w in COUNT_SINGULAR.items()},
    "builder": "builders",
    "rounds": "round",
}


@frozen
class PerCount:
    """Multiply a gain by a count of the game (:data:`COUNTS`) divided by
    ``per`` (rounded down): ``gain 1 vp per 5 gold``. A player's count is the
    gaining player's."""

    what: str
    per: int = 1


@frozen
class Players:
    """Who an effect reaches (issue #36): ``each`` player, each ``other``
    player, the ``most``/``fewest`` players of a player count (``what``;
    every tied player), the ``left``/``right`` neighbour (the next seat
    clockwise / the one before), a ``chosen`` other player (the owner's
    decision), or the ``actor`` (``that player``, issue #53): the seat whose
    action a reaction (:class:`OnAction`) answers -- the owner itself when
    the owner acted. Seats come in turn order from the start player."""

    who: str
    what: str = ""


#: Selector kinds (:class:`Players`).
SELECTORS: tuple[str, ...] = ("each", "other", "most", "fewest", "left", "right", "chosen", "actor")


@frozen
class IsStartPlayer:
    """True when the player is the start player (issue #53: turn order as
    state): ``if you are the start player: ...``."""


@frozen
class HasMost:
    """True when the player has the most (``most``) or the fewest of a player
    count, ties included."""

    what: str
    most: bool = True


@frozen
class PerBuilder:
    """Multiply a gain by the number of the player's builders at ``location``."""

    location: str


@frozen
class PerMillWorker:
    """Multiply a gain by the worker value the player has in the wool mill this
    round (the workers not placed on resource cards, §2.2)."""


#: Most an amount scaled by a :class:`Scaled` quantity comes to (30 of a
#: kind times 30: a product of counts would otherwise grow without bound).
MAX_QUANTITY: Final = 900


@frozen
class Scaled:
    """A quantity over values of the game (issue #53, "how much"): an
    amount times every factor in turn (a product: ``per craftsman per
    round``), each amount then at most ``up_to`` (``up to 6``; 0: no
    bound) and never more than :data:`MAX_QUANTITY`. One factor without a
    bound is written as that factor alone (the sugar every card before this
    form uses). The factors are read when the effect happens, for the
    player it happens to."""

    factors: tuple[PerBuilder | PerMillWorker | PerCount, ...]
    up_to: int = 0


#: What may scale an amount: one factor, or a :class:`Scaled` quantity.
Scale = Union[PerBuilder, PerMillWorker, PerCount, Scaled]


def factors(per: object) -> tuple[object, ...]:
    """The factors of a scale (``None``: none; one factor: itself)."""
    if per is None:
        return ()
    if isinstance(per, Scaled):
        return per.factors
    return (per,)


# --------------------------------------------------------------------------
# Instant effects: applied once, to one player (the owner, or each affected
# player of an event).


@frozen
class Gain:
    """Gain amounts; cubes come from the supply, gold is capped at 30 (§1)."""

    amounts: tuple[Amount, ...]
    per: PerBuilder | PerMillWorker | PerCount | Scaled | None = None


@frozen
class Lose:
    """Lose amounts; gold follows the debt rule (§2.5), VP never go below 0,
    cubes are lost only as far as the player has them (they return to supply).
    ``per`` scales them as a gain's (issue #53: ``lose 1 gold per privilege``)."""

    amounts: tuple[Amount, ...]
    per: PerBuilder | PerMillWorker | PerCount | Scaled | None = None


@frozen
class ChooseCraftsman:
    """The player picks one of their craftsmen (excluding ``exclude`` card ids).

    ``action`` is ``"discard"`` (the craftsman leaves the game), ``"boost"``
    (+``n`` capacity this round; craftsmen without capacity are not eligible)
    or ``"give"`` (the craftsman goes to the one player ``to`` picks, a
    neighbour or a player the owner chooses, with its uses and boosts of this
    round and its counters; only a craftsman that player does not own, issue
    #53). Given to a player you choose, the decision is one among the pairs
    of a craftsman and a player (:func:`pillars_rules.engine.zones.give_options`).
    """

    action: str
    n: int = 0
    exclude: tuple[str, ...] = ()
    to: Players | None = None


@frozen
class ChooseOne:
    """The player picks exactly one of ``options`` (instant effects)."""

    options: tuple[InstantEffect, ...]


@frozen
class If:
    """``effect`` happens only if ``condition`` holds when it would (nothing is
    consumed)."""

    condition: OwnsAtLeast | HasMost | IsStartPlayer
    effect: InstantEffect


@frozen
class ForPlayers:
    """``effect`` for each player ``players`` selects, in turn order; inside
    it, "you" is that player (issue #36). Not nested, and not on events
    (an event already reaches every player)."""

    players: Players
    effect: InstantEffect


@frozen
class Transfer:
    """``take``: each selected player gives the owner ``amounts``;
    ``give``: the owner gives each selected player ``amounts`` (issue #36).
    A giver gives only what they have, kind by kind (gold never goes into
    debt); nobody gives to themselves."""

    direction: str
    amounts: tuple[Amount, ...]
    players: Players


@frozen
class Swap:
    """``trade GIVES for GETS with PLAYERS``: the owner gives ``gives`` to
    each selected player and gets ``gets`` from them, a whole trade or none
    -- only with a player who has ``gets`` while the owner still has
    ``gives`` (issue #36)."""

    gives: tuple[Amount, ...]
    gets: tuple[Amount, ...]
    players: Players


@frozen
class Market:
    """The market's stock (issue #36): ``take`` -- the owner takes ``amounts``
    from the market, as far as it has them; ``give`` -- the owner gives
    ``amounts`` to the market, as far as they have them; ``gains`` / ``loses``
    -- cubes move from the supply to the market or back, as far as there are
    any. Cubes only. On an event, ``gains`` and ``loses`` happen once (they
    name no player), the others once for each player."""

    action: str
    amounts: tuple[Amount, ...]


@frozen
class Lasting:
    """An option of a ``choose one`` (issue #36): ``modifier`` holds for the
    player who chose it -- ``this_round``, ``next_round`` or ``rest_of_game``
    (from this round on). Only a choice's own options (not a nested choice's)."""

    duration: str
    modifier: Modifier


@frozen
class AddCounters:
    """``add N counters``: ``n`` counters more on the card whose ability it is,
    for its owner (issue #36); ``per counter`` reads them. Kept in
    :attr:`~pillars_rules.engine.state.GameState.counters`, public."""

    n: int


@frozen
class Vote:
    """``vote: A | B ...`` (issue #36): every player the event reaches votes
    for one of ``options`` in turn order from the start player; the option
    with the most votes happens to each of them (ties: the tied option voted
    for first). Only an event's whole ``now:`` effect."""

    options: tuple[InstantEffect, ...]
    #: a weighted vote (issue #53, ``vote per gold:``): each vote counts the
    #: voter's quantity, read when the votes are counted (ties and a total
    #: of 0: the tied option voted for first); ``None``: each counts 1.
    weight: PerBuilder | PerMillWorker | PerCount | Scaled | None = None


@frozen
class Bid:
    """``bid gold: PRIZE`` (issue #36): every player the event reaches, in
    turn order from the start player, passes or bids more than the highest
    bid so far, up to the ``kind`` they have; the highest bidder pays the bid
    and gets ``prize``. Nobody bids: nothing happens. Only an event's whole
    ``now:`` effect."""

    kind: str
    prize: InstantEffect


@frozen
class BecomeStartPlayer:
    """``become the start player`` (issue #53): the player is the start player
    from now on (until step 14 names the next one); nothing if they already are."""


@frozen
class ReverseOrder:
    """``reverse the order of play this round`` / ``... next round`` (issue
    #53): in that round every turn order of the rules goes counter-clockwise
    from the start player (the draft, the cathedral, the event's players, the
    triggers, votes and bids). A reversed round stays reversed: reversing it
    again changes nothing. ``when`` is ``this_round`` or ``next_round``."""

    when: str


#: When a :class:`ReverseOrder` takes effect, as written after ``play``.
REVERSE_WHEN: dict[str, str] = {"this_round": "this round", "next_round": "next round"}


#: What may be bid (gold: a seat holds at most 30, so a bid is a bounded decision).
BID_KINDS: tuple[str, ...] = ("gold",)


def is_shared(effect: object) -> bool:
    """Is ``effect`` a decision of every player with one outcome (a vote, a bid)?"""
    return isinstance(effect, (Vote, Bid))


@frozen
class Borrow:
    """``use a craftsman of another player`` (``who`` ``"other"``) or ``of any
    player`` (``"any"``, one's own too): the owner makes one conversion of a
    craftsman another player owns, as a decision among the public craftsmen
    whose conversion they can pay for (issue #36, the expansion's France).
    The use is one more: it counts against neither player's capacity; the
    owner of the craftsman gets nothing (rulings on the rules page)."""

    who: str


#: Who may get a card a :class:`ChooseCraftsman` or a :class:`GivePrivilege`
#: gives (one player: a card is one object); ``actor`` (``that player``) in a
#: reaction only (issue #53).
GIVE_TO: tuple[str, ...] = ("left", "right", "chosen", "actor")

#: Whose craftsmen a :class:`Borrow` may use, as written after ``of``.
BORROW_WHO: dict[str, str] = {"other": "another player", "any": "any player"}


def offers_lasting(effect: object) -> bool:
    """Does ``effect`` hold a :class:`Lasting` option anywhere (through
    conditions, selectors and decisions)? See :func:`lastings`."""
    return bool(lastings(effect))


#: How long a :class:`Lasting` modifier holds, as written (``this round``...).
DURATIONS: dict[str, str] = {"this_round": "this round", "next_round": "next round", "rest_of_game": "rest of game"}


#: The actions of :class:`Market`, and those that name no player.
MARKET_ACTIONS: tuple[str, ...] = ("take", "give", "gains", "loses")
MARKET_STOCK: tuple[str, ...] = ("gains", "loses")


# ---- cards as objects (issue #53): the event deck is a zone --------------
# Every card is in one zone: the supply of undealt cards (the decks), a
# display, a seat's tableau (its craftsmen and privileges) or the box (out of
# the game). The zones and who may see each are listed once, in
# :data:`ZONES`; :mod:`pillars_rules.view` hides what a seat may not see. A
# card moves by an event that names the zones' owners and never a hidden
# card, so the public log leaks nothing and replays to the same game.

#: Each zone of cards and who may see the cards in it (issue #53).
ZONES: dict[str, str] = {
    "craftsman_decks": "nobody (a round's deck: its revealed cards, everybody)",
    "event_deck": "nobody, except a card a seat has looked at: that seat",
    "privilege_deck": "nobody",
    "display": "everybody (a round's craftsmen and resource cards; before the first round, a set-up draft's cards)",
    "tableau": "everybody (a seat's craftsmen and privileges; a copy of a privilege is a grant)",
    "box": "everybody (cards out of the game: discarded, spent, revealed events)",
}

#: Most event cards one look or reorder takes in hand (a reorder asks one of
#: ``n!`` orders: 6 for 3 cards).
MAX_LOOK: Final = 6
MAX_REORDER: Final = 3


@frozen
class LookEvents:
    """``look at the next N events``: the player sees the top ``n`` cards of
    the event deck (as many as it has); only that seat's view shows them,
    wherever they go in the deck until revealed (issue #53)."""

    n: int


@frozen
class BuryEvent:
    """``bury the next event``: the top card of the event deck goes to its
    bottom, unseen (issue #53). Names no player: on an event it happens once."""


@frozen
class ReorderEvents:
    """``reorder the next N events``: the player looks at the top ``n`` cards
    of the event deck and puts them back in the order they choose (one
    decision among every order; ``n`` at most :data:`MAX_REORDER`) (issue #53)."""

    n: int


@frozen
class CopyPrivilege:
    """``copy a privilege of PLAYERS for DURATION``: the player chooses a
    privilege that a player ``players`` picks holds (never its own) and gets
    its lasting modifiers (its :class:`Passive` abilities) for ``duration``
    (:data:`DURATIONS`), as grants of the copied card's abilities; only
    privileges with a lasting modifier are offered (issue #53)."""

    players: Players
    duration: str


@frozen
class GivePrivilege:
    """``choose privilege: give to PLAYERS``: the player gives one of its
    privileges (except the ``exclude`` card ids) to the one player ``to``
    picks (a neighbour, or a player it chooses), as one decision among the
    pairs of a privilege and a player; only a privilege that player does not
    hold. The card moves from one tableau to the other with its counters, and
    its abilities are its new holder's from then on (they belong to whoever
    holds the card); it is not gained again (issue #53)."""

    to: Players
    exclude: tuple[str, ...] = ()


#: What a set-up draft may deal (issue #53): the word written, the deck it is
#: dealt from (a zone of :data:`ZONES`) and the kind of card it holds.
DRAFT_DECKS: dict[str, tuple[str, str]] = {"privileges": ("privilege_deck", "privilege")}

#: The kind of card in each deck a draft may deal from.
DRAFT_DECKS_KIND: dict[str, str] = {deck: kind for deck, kind in DRAFT_DECKS.values()}

#: Where the cards nobody drafted go (``the rest ...``), as written.
DRAFT_REST: dict[str, str] = {"box": "to the box", "under": "under the deck"}

#: Most cards a set-up draft deals per player, and most each player keeps.
MAX_DRAFT_DEAL: Final = 4


@frozen
class DraftCards:
    """``draft K of N privileges per player[, the rest to the box | under the
    deck]``: a set-up rule of the board card (the whole of an ``at setup:``),
    done once for the table, not once per player: ``n`` cards per player are
    dealt face up from the top of ``deck`` to the display (as many as it
    holds); then each player in turn order from the start player takes one
    of them, round after round, until each has taken ``keep``; the cards
    left go to the box or under the deck, in the order dealt (``rest``). A
    card drafted is gained as if taken from the board: its effects on gain
    happen, an immediate one is spent (issue #53)."""

    keep: int
    n: int
    deck: str = "privilege_deck"
    rest: str = "box"


def is_table_effect(effect: object) -> bool:
    """Does an instant effect name no player (the market's own stock, the
    event deck's order)? An event's ``now:`` does it once, not once for each
    player."""
    return (isinstance(effect, Market) and effect.action in MARKET_STOCK) or isinstance(effect, BuryEvent)


InstantEffect = Union[
    Gain,
    Lose,
    ChooseCraftsman,
    ChooseOne,
    If,
    ForPlayers,
    Transfer,
    Swap,
    Market,
    Lasting,
    AddCounters,
    Vote,
    Bid,
    Borrow,
    BecomeStartPlayer,
    ReverseOrder,
    LookEvents,
    BuryEvent,
    ReorderEvents,
    CopyPrivilege,
    GivePrivilege,
    DraftCards,
]


@frozen
class GreyWorkers:
    """A place's spot effect: the builder's owner wins ``n`` grey workers for
    the next round (Shiring castle, §2.4 step 11)."""

    n: int


#: What one spot of a place may give (``spot N: ...``).
SpotEffect = Union[Gain, Lose, ChooseCraftsman, ChooseOne, If, GreyWorkers]


# --------------------------------------------------------------------------
# Modifiers: hold while their source is active (a permanent card the player
# owns, or an event this round / next round).


@frozen
class YieldDelta:
    """Each resource card yields ``n`` more cubes (negative: fewer, never < 0)."""

    n: int


@frozen
class TaxFixed:
    """The player's tax is always ``n`` gold (a base privilege, §7)."""

    n: int


@frozen
class TaxDelta:
    """The player's tax changes by ``n`` gold (after a fixed tax, if any; never
    below 0)."""

    n: int


@frozen
class CraftsmanLimit:
    """The player may keep ``n`` craftsmen instead of 5 (§2.2): more (a base
    privilege, §7) or fewer (the excess is discarded at once). When several
    limits hold, the lowest applies."""

    n: int


#: Most builders a player may have (:class:`BuilderLimit`): the board has 17
#: spots, so 4 players with 4 builders each (16) always find room.
MAX_BUILDERS = 4


@frozen
class BuilderLimit:
    """The player has ``n`` builders instead of 3 (fewer: a harmful base event,
    §8; more: at most :data:`MAX_BUILDERS`). When several limits hold, the
    lowest applies."""

    n: int


@frozen
class CapacityDelta:
    """Each of the player's craftsmen with a capacity (except the ``exclude``
    card ids) has capacity +``n`` (negative: less, never below 0), including
    craftsmen gained while it holds (a base event, §8)."""

    n: int
    exclude: tuple[str, ...] = ()


@frozen
class ExtraWorker:
    """The player has one more worker piece of value 1 every round (a base privilege, §7)."""

    n: int = 1


@frozen
class PeekEvent:
    """The player may see the event card that this round will reveal (a base privilege, §7)."""


@frozen
class MillBonus:
    """Extra wool-mill gold: ``per`` gold per worker value, for up to
    ``up_to`` worker value (a base event, §8)."""

    per: int
    up_to: int


@frozen
class PriceDelta:
    """Market price of ``resource`` changes by ``n`` gold for ``trade``
    (``buy``/``sell``/``both``) for this player; never below 0."""

    resource: str
    n: int
    trade: str = "both"


@frozen
class Permit:
    """Allows a restricted market trade (§4: buying wood, selling stone)."""

    trade: str
    resource: str


Modifier = Union[
    YieldDelta,
    TaxFixed,
    TaxDelta,
    CraftsmanLimit,
    BuilderLimit,
    CapacityDelta,
    ExtraWorker,
    PeekEvent,
    MillBonus,
    PriceDelta,
    Permit,
]


# --------------------------------------------------------------------------
# Once-per-game effects, used inside a window (§7).


@frozen
class FreePlacement:
    """Place one builder without paying (window ``placement``)."""


@frozen
class IgnoreEvent:
    """Ignore this round's harmful event (window ``event``)."""


@frozen
class TaxExempt:
    """Pay no tax this round (window ``tax``)."""


OnceEffect = Union[FreePlacement, IgnoreEvent, TaxExempt]

#: Which once-effect belongs to which window.
ONCE_WINDOW: dict[type, str] = {
    FreePlacement: "placement",
    IgnoreEvent: "event",
    TaxExempt: "tax",
}


# --------------------------------------------------------------------------
# Abilities: when an effect happens.


@frozen
class Convert:
    """A craftsman's step-13 conversion (§6): pay ``inputs``, get ``outputs``,
    at most ``capacity`` times per round (``None``: once, and it cannot be
    boosted, as for the base craftsmen without input, §6). ``needs`` names a
    craftsman tag the owner must also hold (a tag such as ``mortar_mixer``),
    ``also_needs`` further tags (``needs`` written more than once, issue #36);
    ``condition`` must hold but is not consumed (e.g. own a metal)."""

    inputs: tuple[Amount, ...]
    outputs: tuple[Amount, ...]
    capacity: int | None = None
    needs: str | None = None
    condition: OwnsAtLeast | None = None
    also_needs: tuple[str, ...] = ()
    #: for an alternative (``convert A | B -> ...``, issue #36): the index,
    #: among the card's conversions, of the first alternative, whose
    #: capacity the alternatives share (every use of one counts for all);
    #: ``-1``: none.
    shares: int = -1
    #: a capacity that grows (``capacity 1 + 1 per counter``, issue #36): by
    #: ``capacity_plus`` for every ``capacity_per.per`` of the count
    #: ``capacity_per.what`` (the owner's; ``counters``: on this card), read
    #: when the conversion is used.
    capacity_plus: int = 0
    capacity_per: PerCount | None = None
    #: outputs scaled by a quantity (``-> 1 gold per round``, issue #53),
    #: read for the player who converts when the conversion is used.
    outputs_per: PerBuilder | PerMillWorker | PerCount | Scaled | None = None

    @property
    def tags_needed(self) -> tuple[str, ...]:
        """Every tag the conversion needs, in the order written."""
        return ((self.needs,) if self.needs else ()) + self.also_needs


@frozen
class Passive:
    """A modifier that holds for the owner while the card is owned."""

    modifier: Modifier


@frozen
class Trigger:
    """Each round at the start of ``step`` the owner gets ``effect``."""

    step: str
    effect: InstantEffect


@frozen
class OnGain:
    """When the card is gained, the owner gets ``effect`` (immediate privileges)."""

    effect: InstantEffect


@frozen
class Once:
    """Once per game, in ``window``, the owner may use ``effect``; the card
    then leaves the game. In the :data:`GENERAL_WINDOWS` the effect is any
    instant effect; in the others it is that window's :data:`OnceEffect`."""

    window: str
    effect: OnceEffect | InstantEffect


@frozen
class OnAction:
    """Each time ``who`` (:data:`REACTORS`: the owner, another player, any
    player, the owner's left or right neighbour) makes ``action``
    (:data:`PLAYER_ACTIONS`; for ``place``, only at ``location`` if given),
    the owner gets ``effect``, after the action. Only cards owned before the
    action react; reactions resolve seat by seat clockwise from the acting
    seat, each seat's cards in the order it holds them (issue #53)."""

    action: str
    effect: InstantEffect
    location: str | None = None
    who: str = "you"


@frozen
class Now:
    """Event: each affected player gets ``effect`` when the event is revealed,
    in turn order from the start player."""

    effect: InstantEffect


@frozen
class ThisRound:
    """Event: ``modifier`` holds for each affected player this round."""

    modifier: Modifier


@frozen
class NextRound:
    """Event: ``modifier`` holds for each affected player next round."""

    modifier: Modifier


@frozen
class RestOfGame:
    """Event: ``modifier`` holds for each affected player from this round to
    the end of the game (issue #36)."""

    modifier: Modifier


Ability = Union[Convert, Passive, Trigger, OnGain, Once, OnAction, Now, ThisRound, NextRound, RestOfGame]

#: Which abilities each card kind may carry.
ABILITIES_BY_KIND: dict[str, tuple[type, ...]] = {
    "craftsman": (Convert, Passive, Trigger, OnGain, OnAction),
    "privilege": (Passive, Trigger, OnGain, Once, OnAction),
    "event": (Now, ThisRound, NextRound, RestOfGame),
    "resource": (),
    "place": (),
    "board": (Trigger,),  # 'at setup:' only (the compiler refuses other hooks)
}

#: The registry: every effect-model class by its registry name.
EFFECTS: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Amount,
        OwnsAtLeast,
        PerBuilder,
        PerMillWorker,
        PerCount,
        Scaled,
        Players,
        HasMost,
        IsStartPlayer,
        Gain,
        Lose,
        ChooseCraftsman,
        ChooseOne,
        If,
        ForPlayers,
        Transfer,
        Swap,
        Market,
        Lasting,
        AddCounters,
        Borrow,
        GreyWorkers,
        Vote,
        Bid,
        BecomeStartPlayer,
        ReverseOrder,
        LookEvents,
        BuryEvent,
        ReorderEvents,
        CopyPrivilege,
        GivePrivilege,
        DraftCards,
        YieldDelta,
        TaxFixed,
        TaxDelta,
        CraftsmanLimit,
        BuilderLimit,
        CapacityDelta,
        ExtraWorker,
        PeekEvent,
        MillBonus,
        PriceDelta,
        Permit,
        FreePlacement,
        IgnoreEvent,
        TaxExempt,
        Convert,
        Passive,
        Trigger,
        OnGain,
        Once,
        OnAction,
        Now,
        ThisRound,
        NextRound,
        RestOfGame,
    )
}


# ------------------------------------------------------------------ the walk
# Events and queued choices point at an effect by (card, ability, option):
# option -1 is the ability's own effect, option ``i`` the ``i``-th option of
# the decision it holds. The functions below are the one walk over the tree
# of effects that every reader of such an address uses (the engine's jobs and
# granted modifiers, the compiler's checks), so a new wrapper kind is taught
# to all of them here, once (issue #53).

#: Nodes that pass one effect on, unchanged in kind: an ability's effect, a
#: condition's, a selector's (:func:`inner`).
WRAPPERS = (Now, Trigger, OnGain, OnAction, Once, If, ForPlayers)


def inner(effect: object) -> object | None:
    """The effect a wrapper passes on, or ``None`` if ``effect`` is no wrapper
    (a leaf, a decision, a lasting change, an ability with a modifier)."""
    if isinstance(effect, WRAPPERS):
        nxt: object = effect.effect
        return nxt
    return None


def is_chosen(effect: object) -> bool:
    """Is ``effect`` for "a player you choose" (a decision of the owner's)?"""
    return isinstance(effect, (ForPlayers, Transfer, Swap)) and effect.players.who == "chosen"


def options_of(effect: object) -> tuple[object, ...]:
    """The effects a decision's options lead to, by index: a choice's or a
    vote's options; a bid's one prize (option 0, what the winner gets)."""
    if isinstance(effect, (ChooseOne, Vote)):
        return effect.options
    if isinstance(effect, Bid):
        return (effect.prize,)
    return ()


def peel(effect: object, into_chosen: bool = False) -> object:
    """``effect`` without its wrappers (:func:`inner`): the node that does
    something or asks something. A "player you choose" is a question of its
    own and stops the walk, unless ``into_chosen`` (what the chosen player
    then gets)."""
    while True:
        if not into_chosen and is_chosen(effect):
            return effect
        nxt = inner(effect)
        if nxt is None:
            return effect
        effect = nxt


def addressed(effect: object, option: int = -1, into_chosen: bool = False) -> object:
    """The node an (ability, ``option``) address names in ``effect`` (an
    ability, a place's spot effect): its own effect unwrapped (option -1), or
    an option of the decision it holds, unwrapped.

    A choice inside a choice's option has an address too: ``option`` counts
    in mixed radix (:func:`deeper`), so option ``i`` of the top decision is
    ``i`` (as logs before issue #53 wrote it) and the options of the decisions
    under it follow. Raises :class:`LookupError` if the address names
    nothing (a log that does not belong to these cards)."""
    node = peel(effect, into_chosen)
    code = option
    while code >= 0:
        opts = options_of(node)
        if not opts:
            raise LookupError(f"option {option}: {type(node).__name__} offers no options")
        node = peel(opts[code % len(opts)], into_chosen)
        code = code // len(opts) - 1
    return node


def deeper(effect: object, option: int, index: int) -> int:
    """The address of option ``index`` of the decision at address ``option``
    of ``effect`` (-1: its top decision). Reading :func:`addressed` back:
    ``addressed(effect, deeper(effect, option, index))`` is that option."""
    path: list[int] = []
    node, code = peel(effect), option
    while code >= 0:
        opts = options_of(node)
        path.append(code % len(opts))
        node = peel(opts[path[-1]])
        code = code // len(opts) - 1
    path.append(index)
    return _encoded(peel(effect), path)


def _encoded(node: object, path: list[int]) -> int:
    opts = options_of(node)
    if len(path) == 1:
        return path[0]
    return path[0] + len(opts) * (1 + _encoded(peel(opts[path[0]]), path[1:]))


def children(effect: object) -> tuple[object, ...]:
    """The effects directly inside ``effect`` (a wrapper's, a decision's options)."""
    nxt = inner(effect)
    if nxt is not None:
        return (nxt,)
    return options_of(effect)


def names_actor(effect: object) -> bool:
    """Does ``effect``, or anything it leads to (a wrapper's effect, a
    decision's options), name ``that player`` (``Players("actor")``, issue
    #53)? A choice that does is queued with the seat that acted
    (:class:`~pillars_rules.engine.state.Job`), so answered later it still
    reaches that seat."""
    for field in ("players", "to"):
        who = getattr(effect, field, None)
        if isinstance(who, Players) and who.who == "actor":
            return True
    return any(names_actor(c) for c in children(effect))


def lastings(effect: object) -> list[Lasting]:
    """Every :class:`Lasting` change anywhere in ``effect``, in order."""
    if isinstance(effect, Lasting):
        return [effect]
    return [m for c in children(effect) for m in lastings(c)]
