"""Every budget of the library, in one place.

Card text, games and saves are bounded here, and the save limits are
*derived* from the card and game limits, so that whatever ``cards check``
accepts makes games whose saves :func:`~pillars_rules.load` accepts:

* a card set holds at most :data:`MAX_CARDS` cards, so every list in an event
  (a shuffled deck is the longest) fits :data:`MAX_ITEMS`;
* every string in a save is a seat name, a card id, a tag, a variant name or
  a fixed word, so it fits :data:`MAX_STRING_LENGTH`;
* the engine refuses an action that would take a game past
  :data:`MAX_EVENTS` (:class:`~pillars_rules.errors.LimitError`), the same
  number :func:`~pillars_rules.load` accepts;
* every event but the two set-up events is small (:data:`MAX_EVENT_BYTES`),
  so :data:`MAX_SAVE_BYTES` covers the longest possible game.

Numbers in card text are capped at :data:`MAX_NUMBER`, and a listed trade or
return moves at most :data:`MAX_COUNT` cubes, so no decision lists more than a
few hundred actions whatever the cards. ``docs/reliability.rst`` lists these
values; a test checks that the page agrees with this module.

The event bound
---------------

No card set within these limits can make a game unfinishable: the most
events a game can have, :func:`event_bound`, is below :data:`MAX_EVENTS`
(:data:`EVENT_BOUND` for :data:`MOST_PLAYERS` seats). The count rests on the budgets per seat
and round (:data:`MAX_CARD_EFFECTS`, :data:`MAX_TRADES`, :data:`MAX_BUILDS`,
:data:`MAX_CUBES`), on :data:`MAX_STARTING_CRAFTSMEN`, and on facts of the
rules that no card changes (the constants after the budgets, which a test
checks against the engine). With ``n`` seats, ``b = MOST_BUILDERS * n``
builders, ``F``, ``T``, ``B``, ``C`` the four budgets and ``P`` the most
places of a board (:data:`MAX_PLACES`), every event of a round is one of these:

* automatic: the round's opening, the end of the draft, the bag (4); every
  step's start (14); the event revealed and applied, the Bishop's settled
  turn (3); the wool mill, the tax and an unused cathedral turn for each
  seat (3n); the privileges taken (2), the priory (2), the yields of the
  resource cards taken (at most the 7 dealt), the tax roll and the court's
  metal (2), the Shiring craftsmen (2), the castle (1), the new start
  player and the round's end (2); builders drawn (b + 1: one may be put back)
  and set aside (b);
* a decision and the events that record its answer (at most 2, except
  where said): the draft (each turn takes one of the 9 cards shown or passes
  for good: 9 + n), the redraw (one per drawn builder: b + 1; putting one
  back adds one event), placing (each builder is placed or parked, a parked
  one placed later: 2b), the Bishop (1, 3 events), the once-per-game
  questions at the event and the tax (2n), the markets (T trades in the
  round, and a stop per seat at each market place: at most P of them, the
  expansion's Harbour being a second), the cathedral (B conversions and a finish per seat) and the
  cubes returned (each returns at least one, from at most ``4C`` cubes down to
  5: ``4C - 5`` per seat);
* card effects: at most F per seat, one event each; each choice among them
  becomes a decision with at most 3 events (the question, the answer, a
  craftsman discarded or boosted; a chosen option's effects are card effects
  themselves), or one event when nobody is eligible; a vote or a bid
  (issue #36) queues every voter's choice in one event, each voter's answer
  adds its ballot (the third event), and the count adds one event more for
  each of the round's event's abilities (at most MAX_ABILITIES_PER_CARD).

Once per game: the set-up (2), the end (1), the once-per-game privileges
(at most the 12 dealt, 2 events each beyond their decision) and the
craftsmen discarded for the limit (each leaves the game for good, and at
most ``n * MAX_STARTING_CRAFTSMEN`` start in hands plus 4 a round are shown).
"""

from __future__ import annotations

from typing import Final

from .errors import MAX_REASON_LENGTH

# ---------------------------------------------------------------- card text
#: Largest card file, in UTF-8 bytes; checked (``stat``) before reading.
MAX_FILE_BYTES = 1024 * 1024
#: Most ``.cards`` files one load may read (folders included).
MAX_FILES = 64
#: Most cards in one file.
MAX_CARDS_PER_FILE = 1000
#: Most cards in one card set (base cards plus every fan card).
MAX_CARDS = 1000
#: Longest card, from its kind to its closing brace, comments included;
#: longer cards are refused before they are parsed.
MAX_CARD_CHARS = 16 * 1024
#: Most abilities on one card, and in each of its variants.
MAX_ABILITIES_PER_CARD = 16
#: Most variants on one card.
MAX_VARIANTS_PER_CARD = 8
#: Braces plus parentheses, e.g. nested ``choose one``.
MAX_NESTING = 8
#: Magnitude of any number in card text: amounts, costs, capacities, changes.
#: The base cards never go above 13, and no seat holds more than 30 gold.
MAX_NUMBER = 30
#: Identifiers in card text: card ids, tags, variant names.
MAX_NAME_LENGTH = 64
#: Quoted card names.
MAX_TITLE_LENGTH = 120
#: Diagnostics reported per run; the rest are summarised in one line.
MAX_DIAGNOSTICS = 200

# ---------------------------------------------------------------- games
#: Longest seat name (``new_game`` and ``load`` alike).
MAX_SEAT_NAME_LENGTH = 100
#: Most cubes one listed Buy, Sell or ReturnCubes moves; more take several actions.
MAX_COUNT = 30
#: Most events in one game; an action that would exceed it is refused.
#: A complete 4-player base game has about 1,000 (6 players with the
#: expansion: about 1,500); 30,000 holds the event bound at 6 seats.
MAX_EVENTS = 30_000
#: Longest ``reason`` of any error (see :mod:`pillars_rules.errors`).
MAX_REASON_LENGTH = MAX_REASON_LENGTH

# ---------------------------------------------------------------- play budgets (per seat, per round)
# The rules leave four things open-ended that card text can make large; each
# has a budget per seat and round that the base game never comes near (see
# "The event bound" below, and docs/reliability.rst for the measured maxima).
#: Card effects (a gain, a loss or a choice that a card's ability gives: a
#: trigger, ``when you``, ``now``, an effect on gaining, a once-per-game use,
#: a chosen option) one seat gets in one round; after that its cards do
#: nothing more that round. The base game's most is 5.
MAX_CARD_EFFECTS = 32
#: Market trades (a ``Buy`` or ``Sell``) one seat makes in one round; after
#: that it may only stop trading. The base game's most is 12.
MAX_TRADES = 30
#: Conversions one seat makes in one cathedral step (the sum over its
#: craftsmen); after that it may only finish building. The base game's most is 10.
MAX_BUILDS: Final = 60
#: Cubes of one kind one seat holds; more stay in the supply, as gold above
#: 30 is lost (§1). The base game has 23 of each kind (13 metal).
MAX_CUBES: Final = 30
#: Craftsmen every seat starts with (``round start``; the base game has 3):
#: at most the craftsmen a seat may keep.
MAX_STARTING_CRAFTSMEN = 5

# ---------------------------------------------------------------- facts of the rules the bound rests on
# (not budgets: no card changes them; tests/reliability/test_event_bound.py
# checks each against the engine)
#: Rounds in a game (§2.6).
ROUNDS: Final = 6
#: Most places a board may have (each a Phase III step, §2.4: 14 on the base
#: board), and most builder spots of one place (the card compiler refuses more).
MAX_PLACES = 24
MAX_SPOTS = 8
#: Most seats at a table: 6, which the expansion's board plays (4 before
#: boards declared their player counts).
MOST_PLAYERS = 6
#: Most builders a seat has (a card may give 4, §2.3).
MOST_BUILDERS = 4
#: Most resource cards a board deals to the display each round (its 'dealt
#: resource cards'; the base board 7, the expansion's 10 at 6 seats), and most
#: craftsmen of a round in the draft display (the base board's 2, the
#: expansion's 3 at 5-6 seats; a board may deal up to 16, Shiring's included).
DISPLAY_RESOURCE_CARDS = 12
DISPLAY_CRAFTSMEN = 16
#: Privileges dealt in one game (§1).
PRIVILEGES_PER_GAME = 12
#: Cube kinds.
CUBE_KINDS = 4
#: The fewest cubes a board may let a seat keep after the cathedral (§2.4
#: step 13): a board's cube limit is at least 1 (the base board's is 5, which
#: this constant was before boards were card text).
KEPT_CUBES = 1

# ---------------------------------------------------------------- actions from clients
#: Largest JSON action message (:func:`pillars_rules.pillars_json.actions_json.decode_action`).
MAX_ACTION_BYTES = 4096

# ---------------------------------------------------------------- saves (derived)
#: Longest string anywhere in a save: seat names, card ids, tags, variant
#: names, the 64-digit card-set identity, library versions.
MAX_STRING_LENGTH = max(MAX_SEAT_NAME_LENGTH, MAX_NAME_LENGTH, 64)
#: Most items in any list inside an event: a shuffled deck holds at most every card.
MAX_ITEMS = MAX_CARDS
#: Bound on the JSON size of one event other than the :data:`LARGE_EVENTS`
#: (a seat, a few ids and at most a dozen amounts).
MAX_EVENT_BYTES = 1024
#: Events that may list up to every card of the set: one ``GameStarted``, one
#: ``DecksShuffled`` and one ``ResourceCardsDealt`` per round.
LARGE_EVENTS = ("GameStarted", "DecksShuffled", "ResourceCardsDealt")
#: How many large events one game has at most (set-up plus six rounds).
MAX_LARGE_EVENTS = 2 + 6
#: Largest save text :func:`~pillars_rules.load` accepts, in UTF-8 bytes:
#: every event at its bound, the large events listing every card, and the header.
MAX_SAVE_BYTES = MAX_EVENTS * MAX_EVENT_BYTES + MAX_LARGE_EVENTS * MAX_CARDS * (MAX_STRING_LENGTH + 3) + 64 * 1024
#: Every whole number in a save lies in ``[-MAX_INT - 1, MAX_INT]``, except the seed (0 to ``2**128 - 1``).
MAX_INT = 2**63 - 1


def event_bound(players: int = MOST_PLAYERS) -> dict[str, int]:
    """The most events a game of ``players`` seats can have, by part (see
    "The event bound" in the module docstring): ``round`` is the most of one
    round, ``total`` the whole game (the sum of every other part)."""
    n, b = players, MOST_BUILDERS * players
    # a board's places (each a step), the privileges and craftsmen beside
    # their places' spots, and one spot effect per builder
    automatic = (
        4 + MAX_PLACES + 3 + 3 * n + MAX_SPOTS + b + DISPLAY_RESOURCE_CARDS + 2 + MAX_SPOTS + 1 + 2 + (b + 1) + b
    )
    draft = 2 * (DISPLAY_RESOURCE_CARDS + DISPLAY_CRAFTSMEN + n)
    builders = 2 * (b + 1) + 1 + 2 * (2 * b)
    questions = 3 + 2 * (2 * n)
    effects = n * MAX_CARD_EFFECTS * (1 + 3)
    counts = MAX_ABILITIES_PER_CARD  # a vote's or bid's count: one per ability of the round's event
    market = 2 * n * (MAX_TRADES + MAX_PLACES)  # T trades a round; a stop at each market place
    cathedral = 2 * n * (MAX_BUILDS + 1)
    returns = 2 * n * (CUBE_KINDS * MAX_CUBES - KEPT_CUBES)
    per_round = automatic + draft + builders + questions + effects + counts + market + cathedral + returns
    parts = {
        "set-up and end": 2 + 1,
        "rounds": ROUNDS * per_round,
        "once-per-game privileges": 2 * PRIVILEGES_PER_GAME,
        "discards": 2 * (n * MAX_STARTING_CRAFTSMEN + ROUNDS * (DISPLAY_CRAFTSMEN + MAX_SPOTS)),
    }
    return {**parts, "round": per_round, "total": sum(parts.values())}


#: The most events any game can have (:data:`MOST_PLAYERS` seats, :func:`event_bound`): below
#: :data:`MAX_EVENTS`, so no game of any card set within the limits is cut short.
EVENT_BOUND = event_bound()["total"]
assert EVENT_BOUND <= MAX_EVENTS, "the budgets let a game pass MAX_EVENTS"

#: Name -> value of every budget, for docs and tests.
LIMITS: dict[str, int] = {
    name: value for name, value in dict(globals()).items() if name.startswith("MAX_") and isinstance(value, int)
}

__all__ = sorted(LIMITS) + ["LIMITS"]

#: Names this module published before boards were card text, kept for one
#: release: name -> (its value then, what replaces it).
DEPRECATED: dict[str, tuple[int, str]] = {
    "STEPS": (14, "MAX_PLACES (a board's places are its steps; the base board has 14)"),
    "PRIORY_SPOTS": (2, "MAX_SPOTS, or CardSet.board.locations['priory'] for a board's own"),
    "KINGSBRIDGE_SPOTS": (2, "MAX_SPOTS, or CardSet.board.locations['kingsbridge'] for a board's own"),
    "SHIRING_SPOTS": (2, "MAX_SPOTS, or CardSet.board.locations['shiring'] for a board's own"),
}


def __getattr__(name: str) -> int:
    """The :data:`DEPRECATED` names, with a :class:`DeprecationWarning` naming the replacement."""
    if name in DEPRECATED:
        import warnings

        value, instead = DEPRECATED[name]
        warnings.warn(
            f"pillars_rules.limits.{name} is deprecated and goes in the next release; use {instead}",
            DeprecationWarning,
            stacklevel=2,
        )
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
