"""The event classes: facts in the past tense; a game's log is a tuple of them.

They are defined in :mod:`pillars_rules.engine.events` and re-exported here
unchanged, so clients need not import the engine. :func:`describe` (from
:mod:`pillars_rules.words.events`) renders any of them as an English sentence;
``Game.describe(event)`` names the seats and cards of that game.
"""

from .engine.events import (
    GameStarted, PositionSet, DecksShuffled, RoundStarted, ResourceCardsDealt, DecisionPending,
    ResourceCardTaken, CraftsmanHired, CraftsmanDiscarded, DraftPassed, DraftEnded, BuildersBagged,
    BuilderDrawn, BuilderReturned, BuilderPlaced, BuilderSetAside, BuilderParked, Decided,
    OnceUsed, StepStarted, EventRevealed, EventApplied, Protected, CubeTaken, Gained, Lost,
    ChoicesQueued, ChoiceMade, CapacityBoosted, PrivilegeTaken, TaxRolled, TaxExempted,
    GreyWorkersWon, Bought, Sold, MarketPassed, Converted, CathedralDone, CubesReturned,
    StartPlayerChanged, RoundEnded, GameEnded, MarketStocked, ModifierGranted, CountersAdded,
    EVENT_TYPES, CHANCE_EVENTS, CONTROL_EVENTS,
)
from .words.events import describe

__all__ = [
    "GameStarted",
    "PositionSet",
    "DecksShuffled",
    "RoundStarted",
    "ResourceCardsDealt",
    "DecisionPending",
    "ResourceCardTaken",
    "CraftsmanHired",
    "CraftsmanDiscarded",
    "DraftPassed",
    "DraftEnded",
    "BuildersBagged",
    "BuilderDrawn",
    "BuilderReturned",
    "BuilderPlaced",
    "BuilderSetAside",
    "BuilderParked",
    "Decided",
    "OnceUsed",
    "StepStarted",
    "EventRevealed",
    "EventApplied",
    "Protected",
    "CubeTaken",
    "Gained",
    "Lost",
    "ChoicesQueued",
    "ChoiceMade",
    "CapacityBoosted",
    "PrivilegeTaken",
    "TaxRolled",
    "TaxExempted",
    "GreyWorkersWon",
    "Bought",
    "Sold",
    "MarketPassed",
    "Converted",
    "CathedralDone",
    "CubesReturned",
    "StartPlayerChanged",
    "RoundEnded",
    "GameEnded",
    "MarketStocked",
    "ModifierGranted",
    "CountersAdded",
    "EVENT_TYPES",
    "CHANCE_EVENTS",
    "CONTROL_EVENTS",
    "describe",
]
