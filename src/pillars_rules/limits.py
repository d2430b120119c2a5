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
"""

from __future__ import annotations

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
#: A complete 4-player base game has about 1,000.
MAX_EVENTS = 20_000
#: Longest ``reason`` of any error (see :mod:`pillars_rules.errors`).
MAX_REASON_LENGTH = MAX_REASON_LENGTH

# ---------------------------------------------------------------- actions from clients
#: Largest JSON action message (:func:`pillars_rules.saves.actions_json.decode_action`).
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
MAX_SAVE_BYTES = (MAX_EVENTS * MAX_EVENT_BYTES
                  + MAX_LARGE_EVENTS * MAX_CARDS * (MAX_STRING_LENGTH + 3) + 64 * 1024)
#: Every whole number in a save lies in ``[-MAX_INT - 1, MAX_INT]``, except the seed (0 to ``2**128 - 1``).
MAX_INT = 2**63 - 1

#: Name -> value of every budget, for docs and tests.
LIMITS: dict[str, int] = {
    name: value for name, value in dict(globals()).items()
    if name.startswith("MAX_") and isinstance(value, int)
}

__all__ = sorted(LIMITS) + ["LIMITS"]
